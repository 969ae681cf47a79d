"""New battle: ruleset -> scenario (with map preview) -> armies -> opponent -> seed -> battle."""

from __future__ import annotations

from tests.tui.conftest import settle
from tests.tui.duel import Duel
from tui.screens.battle import BattleScreen
from tui.screens.new_battle import NewBattleScreen
from tui.widgets.map import BattleMap


async def test_wizard_builds_the_chosen_battle(app):
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(NewBattleScreen([Duel()]))
        await pilot.pause()
        await pilot.press("enter")  # Duel
        await pilot.pause()
        assert app.screen.query(BattleMap), "the scenario step previews the map"
        await pilot.press("enter")  # Meadow
        await pilot.press("escape")  # back to the scenario step
        assert app.screen.step == 1
        await pilot.press("enter", "enter")  # Meadow again; Continue with the scenario's armies
        await pilot.press("down", "down", "enter")  # hard
        await pilot.press("down", "enter")  # practice undo
        await pilot.press("end", *["backspace"] * 10, "4", "2", "enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        assert screen.meta["seed"] == 42 and screen.meta["scenario"] == "meadow"
        assert screen.seats == {0: "human", 1: "hard"}
        assert screen.match.undo_mode == "practice"
        assert screen.match.initial == Duel().new_battle("meadow", 42)


async def test_hotseat_seats_both_sides(app):
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(NewBattleScreen([Duel()]))
        await pilot.pause()
        await pilot.press("enter", "enter", "enter", "end", "enter", "enter", "enter")
        await settle(pilot)
        assert isinstance(app.screen, BattleScreen)
        assert app.screen.seats == {0: "human", 1: "human"}
        assert app.screen.match.undo_mode == "fair"  # the default, the first choice


async def test_the_undo_step_explains_each_mode(app):
    async with app.run_test(size=(80, 24)) as pilot:
        screen = NewBattleScreen([Duel()])
        app.push_screen(screen)
        await pilot.pause()
        await pilot.press("enter", "enter", "enter", "enter")  # Duel, Meadow, its armies, easy
        await pilot.pause()
        assert screen.step == 4
        summary = screen.query_one("#new-summary")
        assert "never takes back another side's move" in str(summary.render())
        await pilot.press("down", "down")
        await pilot.pause()
        assert "There is no undo" in str(summary.render())
        await pilot.press("enter", "enter")
        await settle(pilot)
        assert app.screen.match.undo_mode == "ironman"


async def test_escape_from_the_first_step_returns(app):
    async with app.run_test(size=(80, 24)) as pilot:
        menu = app.screen
        app.push_screen(NewBattleScreen([Duel()]))
        await pilot.pause()
        await pilot.press("escape")
        assert app.screen is menu


async def test_a_scenario_meant_to_be_uneven_says_so_before_it_is_chosen(app):
    """The scenario step tells a player which battles are uneven by design, in the first
    sentence of the file's reason; an even one says nothing of the kind."""
    from core import registry

    commanders = registry.get("commanders")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = NewBattleScreen([commanders])
        app.push_screen(screen)
        await pilot.pause()
        await pilot.press("enter")  # Commanders: the scenario step
        await pilot.pause()
        names = [info.name for info in commanders.scenarios()]
        summary = screen.query_one("#new-summary")
        await pilot.press(*["down"] * names.index("fort_siege"))
        await pilot.pause()
        assert "Uneven by design: A siege: two commanders hold the fort against two stormers." in str(summary.render())
        await pilot.press("down")  # masters, meant to be even
        await pilot.pause()
        assert "Masters of Range" in str(summary.render()) and "Uneven" not in str(summary.render())
