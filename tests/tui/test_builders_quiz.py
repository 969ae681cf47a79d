"""The commander quiz by keys: four branch paths give what core.commanders.quiz_result predicts."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.commanders import quiz as q
from core.commanders.ruleset import RULESET
from core.commanders.commander import load_commander
from tests.tui.test_builders_helpers import clear_input, open_from_menu, run_cli, stub_battle_screen, type_text
from tests.tui.conftest import make_app
from tui.screens.quiz_outcome import QuizOutcomeScreen
from tui.screens.quiz_questions import QuizScreen

# One path through each branch of question 2 (2a to 2d), and through 5b and 6b.
PATHS = {
    "2a unit": "1a:B 1b:D 2:A 2a:B 3:A 4:D 5a:D 6a:D 7:D 8:A 9:A 10:D 11:A",
    "2b skill": "1a:A 1b:C 2:B 2b:B 3:A 4:B 5a:D 6a:D 7:B 8:B 9:A 10:F 11:B",
    "2c spell, 5b": "1a:B 1b:D 2:C 2c:C 3:C 4:D 5a:C 5b:D 6a:D 7:A 8:A 9:B 10:D 11:C",
    "2d class, 6b": "1a:C 1b:B 2:D 2d:A 3:A 4:B 5a:A 6a:G 6b:B 7:B 8:A 9:A 10:C 11:A",
}


async def answer_path(pilot, text: str) -> None:
    for reply in q.replies_from_text(text):
        screen = pilot.app.screen
        assert isinstance(screen, QuizScreen)
        assert screen.qid == reply.question, f"expected question {reply.question}, the screen asks {screen.qid}"
        await pilot.press(reply.letter.lower())
        await pilot.pause()


@pytest.mark.parametrize("label", sorted(PATHS))
async def test_each_branch_path_gives_the_predicted_commander(tmp_path: Path, label: str) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_from_menu(pilot, "quiz")
        await answer_path(pilot, PATHS[label])
        result = app.screen
        assert isinstance(result, QuizOutcomeScreen)
        predicted = RULESET.quiz_outcome(q.replies_from_text(PATHS[label])).commander
        assert result.outcome.commander == predicted
        shown = str(result.query_one("#outcome-sheet").render())
        assert predicted.class_name in shown
        why = str(result.query_one("#outcome-why").render())
        assert "1a " in why and "major attribute" in why


async def test_back_changes_an_earlier_answer_and_follows_the_new_branch(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(QuizScreen())
        await pilot.pause()
        screen = app.screen
        await pilot.press("a")  # 1a: plains
        # 1b may not repeat 1a: the letter is refused and the question stays
        await pilot.press("a")
        assert screen.qid == "1b"
        await pilot.press("c", "a")  # 1b forest, 2 A goes to 2a
        assert screen.qid == "2a"
        assert "Question 2 of 11" in str(screen.query_one("#quiz-progress-text").render())
        await pilot.press("backspace")
        assert screen.qid == "2"
        await pilot.press("down", "enter")  # change 2 to B: the skill branch
        assert screen.qid == "2b"
        assert [r.question for r in screen.replies] == ["1a", "1b", "2"]
        assert screen.replies[-1].letter == "B"


async def test_extra_choices_name_save_check_and_battle(tmp_path: Path, monkeypatch) -> None:
    opened = stub_battle_screen(monkeypatch)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(QuizScreen())
        await pilot.pause()
        await answer_path(pilot, PATHS["2c spell, 5b"])
        result = app.screen
        options = result.outcome.spell_options
        assert len(options) > 1
        choices = result.query_one("#outcome-choices")
        labels = [label for _, label, _ in result.choices()]
        while not labels[choices.highlighted].startswith("Extra spell"):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("down", "enter")  # the second spell offered
        await pilot.pause()
        assert options[1] in result.outcome.commander.spells
        await pilot.press("n")
        await pilot.pause()
        await clear_input(pilot)
        await type_text(pilot, "Mira Tidecaller")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        path = result.saved_path
        assert path is not None and path.name == "mira_tidecaller.toml"
        assert load_commander(path, cat=RULESET.catalogue) == RULESET.quiz_outcome(q.replies_from_text(PATHS["2c spell, 5b"]), name="Mira Tidecaller", spell=options[1]).commander
        code, out = run_cli("check", str(path))
        assert code == 0, out
        await pilot.press("p")
        await pilot.pause()
        await pilot.press("enter")  # first scenario
        await pilot.pause()
        await pilot.press("up", "enter")  # hotseat
        await pilot.pause()
        assert opened, "the battle did not open"
        leaders = opened[0].match.state.leaders
        assert leaders[0].commander.name == "Mira Tidecaller"
