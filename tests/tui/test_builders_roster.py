"""The commanders roster by keys: troops within Leadership, skill points, level-ups, save, battle."""

from __future__ import annotations

from pathlib import Path

from core.commanders import progression as prog
from core.commanders.ruleset import RULESET
from core.commanders.commander import load_commander
from tests.tui.conftest import make_app
from tests.tui.test_builders_helpers import open_from_menu, pick, run_cli, stub_battle_screen
from tui.dialogs.builder_pick import PickDialog
from tui.dialogs.roster_troop import TroopDialog
from tui.screens.roster_commanders import RosterScreen


async def select(pilot, screen: RosterScreen, stem: str, mine: bool = False) -> None:
    options = screen.query_one("#roster-list")
    for _ in range(len(screen.entries)):
        e = screen.current()
        if e.path is not None and e.path.stem == stem and e.mine == mine:
            return
        await pilot.press("down")
    raise AssertionError(f"{stem} is not on the roster")


async def open_roster(pilot, app) -> RosterScreen:
    await open_from_menu(pilot, "builder")
    await pilot.press("down", "down", "enter")
    await pilot.pause()
    assert isinstance(app.screen, RosterScreen)
    return app.screen


async def test_a_mixed_troop_needs_advanced_leadership(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        roster = await open_roster(pilot, app)
        await select(pilot, roster, "knight")  # basic Leadership: one kind of unit
        await pilot.press("t")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, TroopDialog)
        assert "mixed needs advanced Leadership" in str(dialog.query_one("#troop-head").render())
        await pilot.press("x", "a")
        await pick(pilot, "Footman")
        assert dialog.troop == ["Cavalry", "Cavalry"]  # refused
        await pilot.press("a")
        await pick(pilot, "Cavalry")
        assert dialog.troop == ["Cavalry"] * 3
        await pilot.press("a")
        await pick(pilot, "Cavalry")
        assert dialog.troop == ["Cavalry"] * 3  # a fourth needs expert Leadership
        await pilot.press("escape")
        await pilot.pause()
        await select(pilot, roster, "sharpshooter_spy")  # advanced Leadership: mixed troops
        await pilot.press("t")
        await pilot.pause()
        dialog = app.screen
        await pilot.press("x", "a")
        await pick(pilot, "Bowman")
        assert sorted(set(dialog.troop)) == ["Bowman", "Crossbowman"]
        await pilot.press("d")
        await pilot.pause()
        assert roster.current().changed and "Bowman" in roster.current().commander.troop
        await select(pilot, roster, "knight_commander")  # expert: one unit more
        await pilot.press("t")
        await pilot.pause()
        assert "4 of 4 units" in str(app.screen.query_one("#troop-head").render())
        await pilot.press("escape")


async def test_level_ups_skill_points_save_check_and_battle(tmp_path: Path, monkeypatch) -> None:
    opened = stub_battle_screen(monkeypatch)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        roster = await open_roster(pilot, app)
        await select(pilot, roster, "elder_shaman")  # level 5, carried over with experience
        start = roster.current().commander
        expected = start
        seen_class_change = seen_curve = False
        for _ in range(4):  # levels 6 to 9: a class change at 6, the curve, a skill point at 8
            offer = prog.offer(expected, cat=RULESET.catalogue)
            seen_class_change |= bool(offer.classes)
            seen_curve |= bool(offer.curves)
            await pilot.press("l")
            await pilot.pause()
            while isinstance(app.screen, PickDialog):  # the first option of every question
                await pilot.press("enter")
                await pilot.pause()
            got = roster.current().commander
            assert got.level == expected.level + 1
            expected = got
        assert seen_class_change and roster.current().commander.class_history == ("Shaman",)
        assert expected.skill_points >= 1
        await pilot.press("k")
        await pick(pilot, "Leadership")
        assert roster.current().commander.skill_tier("Leadership") == 1
        await pilot.press("s")
        await pilot.pause()
        saved = tmp_path / "saves" / "armies" / "commanders" / "commanders" / "elder_shaman.toml"
        assert load_commander(saved, cat=RULESET.catalogue) == roster.entries[0].commander
        code, out = run_cli("check", str(saved))
        assert code == 0, out
        await select(pilot, roster, "elder_shaman", mine=True)
        await pilot.press("p")
        await pick(pilot, "duel_at_the_ford")
        await pick(pilot, "hotseat")
        assert opened and opened[0].match.state.leaders[0].commander.level == 9
