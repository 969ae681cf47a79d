"""The ninja army builder by keys: every rule set, each violation with its reason, save, check, battle."""

from __future__ import annotations

from pathlib import Path

from core.ninja.content import load_army
from tests.tui.conftest import make_app
from tests.tui.test_builders_helpers import clear_input, open_from_menu, pick, run_cli, stub_battle_screen, type_text
from tui.screens.builder_ninja import NinjaArmyScreen


async def add(pilot, school: str, points: int) -> None:
    await pilot.press("a")
    await pick(pilot, school)
    await pick(pilot, str(points))


async def number(pilot, key: str, value: int) -> None:
    await pilot.press(key)
    await pilot.pause()
    await clear_input(pilot)
    await type_text(pilot, str(value))
    await pilot.press("enter")
    await pilot.pause()


def status(screen) -> str:
    return str(screen.query_one("#nj-status").render())


async def save_and_check(pilot, screen, name: str) -> Path:
    await pilot.press("m")
    await pilot.pause()
    await clear_input(pilot)
    await type_text(pilot, name)
    await pilot.press("enter", "s")
    await pilot.pause()
    path = screen.saved_path
    assert path is not None, status(screen)
    code, out = run_cli("check", str(path))
    assert code == 0, out
    return path


async def start(pilot, app) -> NinjaArmyScreen:
    await open_from_menu(pilot, "builder")
    await pilot.press("down", "enter")  # the second builder is the ninja one
    await pilot.pause()
    assert isinstance(app.screen, NinjaArmyScreen)
    return app.screen


async def test_unrestricted_and_level_cap(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, app)
        await pilot.press("r")
        await pick(pilot, "unrestricted")
        await add(pilot, "ash", 4)
        await add(pilot, "ash", 4)
        await add(pilot, "ash", 3)
        assert "the army costs 11 points; the budget is 10" in status(screen)
        await pilot.press("minus")  # the 3-point ninja becomes a 2-point one
        assert "keeps every rule" in status(screen)
        unrestricted = await save_and_check(pilot, screen, "Free Ash")
        assert [u.points for u in load_army(unrestricted).units] == [4, 4, 2]
        await pilot.press("r")
        await pick(pilot, "level_cap")
        await number(pilot, "c", 3)
        assert "4-point ninja exceed the level cap of 3" in status(screen)
        await pilot.press("up", "up", "minus")
        await pilot.press("down", "minus")
        assert "keeps every rule" in status(screen), status(screen)
        capped = await save_and_check(pilot, screen, "Capped Ash")
        assert "level_cap = 3" in capped.read_text()


async def test_balanced_population_and_alliance(tmp_path: Path, monkeypatch) -> None:
    opened = stub_battle_screen(monkeypatch)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, app)
        assert screen.spec.rule_set == "balanced"
        await add(pilot, "vine", 4)
        await add(pilot, "vine", 4)
        await add(pilot, "vine", 2)
        assert "8 points on 4-point ninja; Balanced allows at most 25% of 10 (2)" in status(screen)
        await pilot.press("up", "minus", "up", "minus")  # two 3-point ninja: 6 of 10 on 3-point ones
        assert "6 points on 3-point ninja; Balanced allows at most 50% of 10 (5)" in status(screen)
        await pilot.press("minus")
        assert "keeps every rule" in status(screen), status(screen)
        await save_and_check(pilot, screen, "Balanced Vine")
        # Population limit: three ninja against a limit of two
        await pilot.press("r")
        await pick(pilot, "population")
        await number(pilot, "c", 2)
        assert "3 ninja; the population limit is 2" in status(screen)
        await number(pilot, "c", 3)
        await save_and_check(pilot, screen, "Vine Trio")
        # Alliance: a second school needs the alliance option, a fourth school breaks it
        await add(pilot, "gale", 1)
        await number(pilot, "b", 12)
        await number(pilot, "c", 6)
        assert "this battle allows one school per army (no alliance)" in status(screen)
        await pilot.press("l")
        assert "keeps every rule" in status(screen), status(screen)
        await add(pilot, "salt", 1)
        await add(pilot, "ash", 1)
        await number(pilot, "b", 14)
        assert "4 schools; an alliance joins at most 3" in status(screen)
        await pilot.press("d")
        alliance = await save_and_check(pilot, screen, "Three Schools")
        assert {u.school for u in load_army(alliance).units} == {"vine", "gale", "salt"}
        # a premade roster, taken into a battle
        await pilot.press("o")
        await pick(pilot, lambda key: key.endswith("ash_10.toml"))
        assert screen.spec.name == "Ash 10" and "keeps every rule" in status(screen)
        await pilot.press("p")
        await pick(pilot, "ash_vs_vine")
        await pick(pilot, "hotseat")
        assert opened, str(app.screen)
        assert [u.name for u in opened[0].match.state.units if u.side == 0][0] == "Ash Veteran 1"


async def test_jutsu_are_chosen_within_chi_and_points(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(NinjaArmyScreen())
        await pilot.pause()
        screen = app.screen
        await add(pilot, "ash", 1)
        await pilot.press("j")
        await pilot.pause()
        dialog = app.screen
        about = dialog.query_one("#jutsu-about")
        school = screen.cat.schools["ash"]
        keys = list(school.jutsu)
        for key in keys:  # try to learn every jutsu in order
            await pilot.press("enter")
            await pilot.press("down")
        learned = [k for k in keys if school.jutsu[k].cost <= 1][:3]
        assert dialog.known == learned  # 1-point: 3 chi, nothing dearer than 1
        highlighted = keys[dialog.query_one("#jutsu-list").highlighted]
        assert str(about.render()) == f"{school.jutsu[highlighted].name}: {school.jutsu[highlighted].text}"
        await pilot.press("d")
        await pilot.pause()
        assert screen.spec.units[0].jutsu == tuple(learned)
        text = str(screen.query_one("#nj-unit").render())
        assert "Health 4" in text and "Chi 3" in text and "to hit 4+" in text
        assert school.jutsu[learned[0]].text[:20] in text
