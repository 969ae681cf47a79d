"""What the screens say: prompts that fit the moment, who acts, the quiz counter, where "Main
menu" leads, the help's order."""

from __future__ import annotations

from pathlib import Path

from textual.screen import Screen

from core import registry
from core.match import Match
from tests.tui.conftest import finished_duel, make_app, settle
from tui import rulesets
from tui.dialogs.help import HelpDialog, rows_for
from tui.screens.battle import BattleScreen
from tui.screens.end import EndScreen
from tui.screens.menu import MainMenu
from tui.widgets.panels import StatusLine


def test_the_statwar_prompt_speaks_of_deployment_only_while_deploying():
    ruleset = registry.get("statwar")
    state = ruleset.new_battle(ruleset.load_scenario("duel_25"), 3)
    prompt = rulesets.get("statwar").prompt
    assert prompt(state, 0, None, 0).startswith("Deployment:")
    square = state.board.deploy_squares(0)[0]
    assert "deploys here" in ruleset.describe_cell(state, *square)
    while state.phase != "battle":
        state, _ = ruleset.apply(state, ruleset.legal_actions(state, ruleset.to_act(state)[0])[-1])
    after = prompt(state, ruleset.to_act(state)[0], None, 0)
    assert "Deploy" not in after and "Enter on your unit marked ‹ ›" in after
    assert "deploys here" not in ruleset.describe_cell(state, *square), "the deployment hint goes with deployment"


def test_only_a_unit_with_a_bomb_is_told_it_may_detonate():
    ruleset = registry.get("statwar")
    state = ruleset.new_battle(ruleset.load_scenario("duel_25"), 3)
    prompt = rulesets.get("statwar").prompt
    sapper = next(u for u in state.units if state.designs[u.design].suicide_bomb)
    archer = next(u for u in state.units if state.designs[u.design].name == "Archer")
    assert "Detonate" in prompt(state, sapper.side, sapper.uid, 0)
    assert "Detonate" not in prompt(state, archer.side, archer.uid, 0)
    assert "attacks (or rides) from here" in prompt(state, archer.side, archer.uid, 0)


def test_only_a_caster_is_told_about_a_spells_target():
    ruleset = registry.get("commanders")
    state = ruleset.new_battle(ruleset.load_scenario("duel_at_the_ford"), 3)
    prompt = rulesets.get("commanders").prompt
    troop = next(u for u in state.units if u.role == "troop")
    commander = next(u for u in state.units if u.role == "commander")
    assert "spell" not in prompt(state, troop.side, troop.uid, 0)
    assert "spell's target" in prompt(state, commander.side, commander.uid, 0)


async def test_the_status_line_names_the_commander_to_act(tmp_path: Path) -> None:
    ruleset = registry.get("commanders")
    match = Match(ruleset, ruleset.new_battle(ruleset.load_scenario("duel_at_the_ford"), 3))
    side = match.to_act()[0]
    leader = match.state.leader_now
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BattleScreen(match, {0: "human", 1: "human"}, {"scenario": "duel_at_the_ford", "seed": 3})
        app.push_screen(screen)
        await settle(pilot, screen)
        names = ruleset.side_names(match.state)
        status = screen.query_one(StatusLine)._shown[1]
        assert f"To act: {leader.commander.name} ({names[side]})" in status


async def test_the_quiz_counts_its_eleven_questions_on_every_screen(tmp_path: Path) -> None:
    from core.commanders import quiz as q
    from tui.screens.quiz_questions import QuizScreen

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        quiz = QuizScreen()
        app.push_screen(quiz)
        await pilot.pause()
        seen = []
        while q.next_question(quiz.quiz, quiz.replies) is not None:
            seen.append(str(quiz.query_one("#quiz-progress-text").render()))
            await pilot.press(q.allowed_letters(quiz.quiz, quiz.replies, quiz.qid)[-1].lower())
        numbers = [int(text.split()[1]) for text in seen]
        assert all(text.endswith(" of 11") for text in seen), seen
        assert numbers[0] == 1 and numbers[-1] == 11 and numbers == sorted(numbers)


async def test_main_menu_on_the_end_screen_leads_to_the_main_menu(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(Screen())  # what the battle was opened from (Load, New battle)
        screen = BattleScreen(finished_duel(), {0: "human", 1: "easy"}, {"scenario": "meadow", "seed": 5})
        app.push_screen(screen)
        await settle(pilot, screen)
        assert isinstance(app.screen, EndScreen)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu) and len(app.screen_stack) == 2  # the default screen, the menu


async def test_the_help_lists_keys_grouped_in_a_stable_order(tmp_path: Path) -> None:
    ruleset = registry.get("ninja")
    match = Match(ruleset, ruleset.new_battle(ruleset.load_scenario("ash_vs_vine"), 3))
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BattleScreen(match, {0: "human", 1: "easy"}, {"scenario": "ash_vs_vine", "seed": 3})
        app.push_screen(screen)
        await settle(pilot, screen)
        rows = rows_for(screen)
        labels = [label for _, label in rows]
        assert labels[:5] == ["Select/commit", "Cancel", "Actions", "Seal orders", "Next unit"]
        headings = [label for keys, label in rows if not keys]
        assert headings == ["Moving the cursor", "Everywhere"]
        assert labels.index("Moving the cursor") < labels.index("left") < labels.index("Everywhere") < labels.index("Help")
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpDialog)
        assert rows_for(screen) == rows, "the same order every time"
