"""StatWar unit designer and army list, driven by keys as a player would."""

from __future__ import annotations

from pathlib import Path

from core.statwar import content
from tests.tui.test_builders_helpers import clear_input, open_from_menu, run_cli, stub_battle_screen, type_text
from tests.tui.conftest import make_app
from tui.screens.builder_statwar import StatWarArmyScreen
from tui.screens.builder_statwar_unit import UnitDesignerScreen


async def set_row(pilot, screen: UnitDesignerScreen, field: str, value: int) -> None:
    """Walk the stat list to `field` and press Right/Left until it reads `value`."""
    rows = screen.query_one("#design-rows")
    rows.focus()
    await pilot.pause()
    fields = ["damage", "range", "armor", "move", "suicide_bomb", "big", "ridable", "defender"]
    while rows.highlighted != fields.index(field):
        await pilot.press("down" if rows.highlighted < fields.index(field) else "up")
    while int(getattr(screen.spec, field)) != value:
        await pilot.press("right" if int(getattr(screen.spec, field)) < value else "left")


async def test_design_a_unit_with_every_special_then_save_check_and_battle(tmp_path: Path, monkeypatch) -> None:
    opened = stub_battle_screen(monkeypatch)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_from_menu(pilot, "builder")
        await pilot.press("enter")  # StatWar is the first builder
        await pilot.pause()
        army = app.screen
        assert isinstance(army, StatWarArmyScreen)
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("enter")  # from a blank unit
        await pilot.pause()
        designer = app.screen
        assert isinstance(designer, UnitDesignerScreen)
        assert "description: is empty" in str(designer.query_one("#design-problems").render())
        # Armor above Health is refused with the seed's reason, live
        await set_row(pilot, designer, "armor", 6)
        assert "Armor may not exceed Health" in str(designer.query_one("#design-problems").render())
        for field, value in (("damage", 3), ("range", 1), ("armor", 2), ("move", 4), ("suicide_bomb", 1),
                             ("big", 1), ("ridable", 5), ("defender", 1)):
            await set_row(pilot, designer, field, value)
        # Ridable capacity: five riders cannot fit on a Big 1 unit's four squares
        assert "only 4 squares" in str(designer.query_one("#design-problems").render())
        await set_row(pilot, designer, "ridable", 2)
        designer.query_one("#design-name").focus()
        await type_text(pilot, "Siege Ox")
        await pilot.press("enter")  # to the description line
        await type_text(pilot, "A huge ox that carries sappers and explodes.")
        await pilot.pause()
        spec = designer.spec
        # seed 001: 3+1+2+4 for the stats, 5 each for bomb, Big 1, Ridable 2, Defender 1
        assert spec.cost == 10 + 5 * (1 + 1 + 2 + 1) == 35
        assert spec.max_health == 8  # 5 + 3 more squares of a 2x2 footprint
        assert "Cost 35 points" in str(designer.query_one("#design-cost").render())
        assert "Health 8" in str(designer.query_one("#design-cost").render())
        assert "No problems" in str(designer.query_one("#design-problems").render())
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is army and army.keys == ["siege_ox"]
        # budget 60, add a bundled Crossbow Dorf, then move it to the front of the move order
        await pilot.press("b")
        await pilot.pause()
        await clear_input(pilot)
        await type_text(pilot, "60")
        await pilot.press("enter")
        await pilot.press("a")
        await pilot.pause()
        picker = app.screen.query_one("#pick-list")
        while picker.get_option_at_index(picker.highlighted).id != "crossbow_dorf":
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        assert army.keys == ["siege_ox", "crossbow_dorf"]
        assert "60 of 60 points" in str(army.query_one("#sw-head").render())
        await pilot.press("K")
        assert army.keys == ["crossbow_dorf", "siege_ox"]
        await pilot.press("r")
        await pilot.pause()
        await clear_input(pilot)
        await type_text(pilot, "Ox Train")
        await pilot.press("enter")
        await pilot.press("s")
        await pilot.pause()
        saved = army.saved_path
        assert saved is not None and saved.name == "ox_train.toml"
        assert (saved.parent.parent / "units" / "siege_ox.toml").is_file()
        code, out = run_cli("check", str(saved))
        assert code == 0 and "ok (statwar Army)" in out
        code, out = run_cli("sheet", str(saved))
        assert "Siege Ox" in out and "Health  8" in out
        loaded = content.load_army(saved)
        assert [u.name for u in loaded.units] == ["Crossbow Dorf", "Siege Ox"]
        # into a battle: a scenario, then a friend at this keyboard
        await pilot.press("p")
        await pilot.pause()
        picker = app.screen.query_one("#pick-list")
        while picker.get_option_at_index(picker.highlighted).id != "plains_100":  # a 60-point army fits a 100-point battle
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("up", "enter")  # hotseat is the last entry
        await pilot.pause()
        assert opened and app.screen is opened[0] and opened[0].seats == {0: "human", 1: "human"}
        match = opened[0].match
        assert [d.name for d in match.state.designs][:2] == ["Crossbow Dorf", "Siege Ox"]
        assert match.ruleset.legal_actions(match.state, match.ruleset.to_act(match.state)[0])


async def test_an_overspent_army_is_not_saved_and_says_why(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(StatWarArmyScreen())
        await pilot.pause()
        army = app.screen
        await pilot.press("o")
        await pilot.pause()
        picker = app.screen.query_one("#pick-list")
        while not (picker.get_option_at_index(picker.highlighted).id or "").endswith("dragon_court_100.toml"):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        assert army.points == 100 and len(army.keys) == 4
        await pilot.press("b")
        await pilot.pause()
        await clear_input(pilot)
        await type_text(pilot, "50")
        await pilot.press("enter")
        await pilot.pause()
        assert "the agreed total is 50" in str(army.query_one("#sw-status").render())
        await pilot.press("s")
        await pilot.pause()
        assert army.saved_path is None
        assert "agreed total is 50" in str(app.screen.query_one("#message-body").render())
