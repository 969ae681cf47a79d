"""No keystroke wastes a turn or loses work: each case here gave an order, sealed a phase or
threw work away on one key before; now the key selects, picks or asks."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from core import registry
from core.match import Match
from tests.tui.conftest import make_app, settle, type_keys
from tui.dialogs.actions import ActionMenu
from tui.dialogs.confirm import ConfirmDialog
from tui.screens.battle import BattleScreen


def statwar_first_activation() -> Match:
    ruleset = registry.get("statwar")
    match = Match(ruleset, ruleset.new_battle(ruleset.load_scenario("duel_25"), 3))
    while match.state.phase != "battle":
        match.apply(ruleset.legal_actions(match.state, match.to_act()[0])[-1])
    return match


def ninja_opening() -> Match:
    ruleset = registry.get("ninja")
    return Match(ruleset, ruleset.new_battle(ruleset.load_scenario("ash_vs_vine"), 3))


async def open_battle(pilot, match: Match, side: int) -> BattleScreen:
    screen = BattleScreen(match, {side: "human", 1 - side: "easy"}, {"scenario": "test", "seed": 3})
    pilot.app.push_screen(screen)
    await settle(pilot, screen)
    return screen


async def test_statwar_enter_on_the_unit_to_act_selects_it_and_never_commits_its_wait(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    match = statwar_first_activation()
    side = match.to_act()[0]
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_battle(pilot, match, side)
        scout = screen.map.unit_at(screen.map.cursor)
        assert scout is not None and scout.name == "Scout"  # the cursor starts on the unit to act
        assert screen.picker.selected is None
        steps = match.cursor
        await pilot.press("enter")
        assert match.cursor == steps and screen.picker.selected == scout.uid, "Enter selected the Scout"
        from tui.widgets.panels import OddsPanel

        assert screen.query_one(OddsPanel)._shown[0] == "Enter asks first"  # not "Enter commits"
        await pilot.press("enter")  # Enter on the Scout itself: its only order there is to wait
        assert match.cursor == steps, "no order was given"
        assert isinstance(app.screen, ActionMenu), "waiting is offered in a menu, to be confirmed"
        assert [label for label, _ in app.screen.actions] == ["Scout: wait"]
        await pilot.press("escape")
        assert match.cursor == steps


async def test_a_then_enter_asks_before_sealing_a_phase_with_ninja_unordered(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    match = ninja_opening()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_battle(pilot, match, 0)
        await pilot.press("a")
        assert isinstance(app.screen, ActionMenu)
        await pilot.press("enter")  # the one entry with nothing selected: seal the orders
        assert isinstance(app.screen, ConfirmDialog)
        question = str(app.screen.query_one("#confirm-question").render())
        assert question.startswith("5 units with no orders yet: Ash Veteran 1, Ash Adept 1, Ash Adept 2, Ash Adept 3 and 1 more.")
        await pilot.press("n")
        assert isinstance(app.screen, BattleScreen)
        assert not any(a.side == 0 for a in match.all_actions), "nothing was sealed"
        await pilot.press("e")  # the end key asks the same
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("y")
        await settle(pilot, screen)
        ours = [a for a in match.all_actions if a.side == 0]
        assert [type(a).__name__ for a in ours] == ["Submit"]


async def test_a_ninja_whose_throw_may_take_more_targets_is_not_asked_about_as_unordered(tmp_path: Path) -> None:
    """In the action phase a ninja given a throw may still add targets, so it stays among the
    units that may act; ending the phase must not list it as one "with no orders yet"."""
    from core.ai import Player
    from core.ninja.actions import OrderAction

    ninja = registry.get("ninja")
    match, ai = ninja_opening(), Player("easy", 3)
    while not (match.to_act()[0] == 0 and ninja.phase_of(match.state)[1] == "action"
               and any(isinstance(a, OrderAction) and a.targets for a in match.legal_actions(0))):
        match.apply(ai.choose(ninja, match.state, match.to_act()[0]))
    throw = next(a for a in match.legal_actions(0) if isinstance(a, OrderAction) and a.targets)
    thrower = ninja.describe_action(match.state, throw).split(":")[0]
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_battle(pilot, match, 0)
        assert screen.commit(throw)
        await settle(pilot, screen)
        assert throw.unit in screen.picker.ready_units()  # it may still add a target
        await pilot.press("e")
        assert isinstance(app.screen, ConfirmDialog)
        question = str(app.screen.query_one("#confirm-question").render())
        assert "no orders yet" in question and thrower not in question, question


async def test_the_actions_menu_groups_by_kind_and_filters_as_you_type(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    match = ninja_opening()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_battle(pilot, match, 0)
        await pilot.press("enter")  # select the ninja under the cursor
        assert screen.picker.selected is not None
        await pilot.press("a")
        menu = app.screen
        assert isinstance(menu, ActionMenu)
        everything = len(menu.shown)
        headings = [o.prompt for o in menu.query_one("#actions-list")._options if o.disabled]
        assert [h.split(" (")[0] for h in headings] == ["── Stand", "── Walk", "── Run", "── Jump", "── Seal orders"]
        await type_keys(pilot, "j", "u", "m", "p", " ", "4", ",", "5")
        labels = [menu.actions[i][0] for i in menu.shown]
        assert labels and len(labels) < everything
        assert all(" jump to (4,5) facing " in label for label in labels)
        assert menu.query_one(Input).value == "jump 4,5"
        await pilot.press("down", "enter")
        await settle(pilot, screen)
        ours = [a for a in match.all_actions if a.side == 0]
        from core.hexgrid import Hex, hex_to_offset

        assert len(ours) == 1 and ours[0].mode == "jump" and hex_to_offset(Hex(ours[0].q, ours[0].r)) == (4, 5)


async def test_ctrl_c_asks_before_quitting(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+c")
        assert isinstance(app.screen, ConfirmDialog)
        assert "Quit Skirmish?" in str(app.screen.query_one("#confirm-question").render())
        await pilot.press("n")
        assert app.is_running


async def test_the_unit_designer_starts_on_the_name_and_asks_before_dropping_a_design(tmp_path: Path) -> None:
    from core.statwar.specs import UnitSpec
    from tui.screens.builder_statwar_unit import UnitDesignerScreen

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        designer = UnitDesignerScreen(UnitSpec(name="", description=""), tmp_path / "units")
        app.push_screen(designer)
        await pilot.pause()
        await type_keys(pilot, "G", "o", "l", "e", "m")
        assert designer.spec.name == "Golem"
        rows = designer.query_one("#design-rows")
        assert rows.highlighted == 0 and designer.spec.damage == 0, "typing moved no stat"
        await pilot.press("escape")
        assert isinstance(app.screen, ConfirmDialog), "an unsaved design is not dropped on one key"
        await pilot.press("n")
        assert app.screen is designer


async def test_leaving_the_quiz_or_its_result_asks_first(tmp_path: Path) -> None:
    from tui.screens.quiz_outcome import QuizOutcomeScreen
    from tui.screens.quiz_questions import QuizScreen

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        quiz = QuizScreen()
        app.push_screen(quiz)
        await pilot.pause()
        await pilot.press("a")  # question 1a answered
        await pilot.press("escape")
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")
        assert app.screen is quiz and len(quiz.replies) == 1
        from core.commanders import quiz as q

        for _ in range(20):
            if isinstance(app.screen, QuizOutcomeScreen):
                break
            await pilot.press(q.allowed_letters(quiz.quiz, quiz.replies, quiz.qid)[0].lower())
        outcome = app.screen
        assert isinstance(outcome, QuizOutcomeScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, ConfirmDialog), "the commander is not saved: leaving asks"
        await pilot.press("n")
        assert app.screen is outcome


async def test_leaving_an_unsaved_ninja_army_asks(tmp_path: Path) -> None:
    from tui.screens.builder_ninja import NinjaArmyScreen

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        builder = NinjaArmyScreen()
        app.push_screen(builder)
        await pilot.pause()
        await pilot.press("escape")  # nothing changed: it leaves at once
        assert app.screen is not builder
        builder = NinjaArmyScreen()
        app.push_screen(builder)
        await pilot.pause()
        import attrs

        builder.spec = attrs.evolve(builder.spec, name="Night Crows")
        await pilot.press("escape")
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("y")
        await pilot.pause()
        assert builder not in app.screen_stack


async def test_the_odds_title_says_enter_asks_where_two_orders_share_a_target(tmp_path):
    """Ninja: a throw and a jutsu volley at the same enemy share its hex, so Enter there opens a
    menu to choose; the odds panel's title must say so, not "Enter commits"."""
    from tests.tui.conftest import make_app, settle
    from tests.tui.test_fit import battle_with_an_attack, show_attack_odds
    from tui.screens.battle import BattleScreen
    from tui.widgets.panels import OddsPanel

    def shared(legal, attack) -> bool:  # another order of the same ninja aims at the same enemy
        return any(other != attack and getattr(other, "unit", None) == attack.unit
                   and attack.targets[0] in getattr(other, "targets", ()) for other in legal)

    match, attack = battle_with_an_attack("ninja", shared)
    side = match.to_act()[0]
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BattleScreen(match, {side: "human", 1 - side: "easy"}, {"seed": 1})
        app.push_screen(screen)
        await settle(pilot, screen)
        await show_attack_odds(pilot, screen, attack)
        assert len(screen.picker.actions_at(screen.map.cursor)) > 1, "two orders at the target"
        assert screen.query_one(OddsPanel)._shown[0] == "Enter asks first"
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "ActionMenu", "Enter asked, as the title said"
