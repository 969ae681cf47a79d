"""Every builder is reachable from the main menu and from New battle."""

from __future__ import annotations

from pathlib import Path

from tests.tui.conftest import make_app
from tests.tui.test_builders_helpers import open_from_menu
from tui.screens.builder_ninja import NinjaArmyScreen
from tui.screens.builder_statwar import StatWarArmyScreen
from tui.screens.builders import BuildersScreen
from tui.screens.new_battle import NewBattleScreen
from tui.screens.quiz_questions import QuizScreen
from tui.screens.roster_commanders import RosterScreen


async def test_from_the_menu_and_from_new_battle(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_from_menu(pilot, "builder")
        for steps, screen in ((0, StatWarArmyScreen), (1, NinjaArmyScreen), (2, RosterScreen), (3, QuizScreen)):
            await pilot.press("home", *["down"] * steps, "enter")
            await pilot.pause()
            assert isinstance(app.screen, screen)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, BuildersScreen)
        await pilot.press("escape")
        await open_from_menu(pilot, "new")
        assert isinstance(app.screen, NewBattleScreen)
        await pilot.press("b")
        await pilot.pause()
        assert [b.key for b in app.screen.entries()] == ["statwar", "ninja", "roster", "quiz"]
        await pilot.press("escape")
        await pilot.pause()
        new = app.screen
        names = [r.name for r in new.rulesets]
        await pilot.press(*["down"] * names.index("commanders"), "enter", "b")
        await pilot.pause()
        assert [b.key for b in app.screen.entries()] == ["roster", "quiz"]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
