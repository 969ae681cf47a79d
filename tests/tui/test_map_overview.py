"""The map at 80x24: pan keys, centring on the next enemy or own unit, the radar line of
off-screen units, heights drawn on the map, terrain never drawn as a unit's letter, and the
full unit sheet on i."""

from __future__ import annotations

from core.view import BoardView, CellView, UnitView
from tests.tui.conftest import make_app, settle
from tests.tui.test_map_viewport import WIDE, assert_cursor_whole, assert_no_cell_cut, ninja_match
from tui.dialogs.unit_sheet import UnitSheet
from tui.screens.battle import BattleScreen
from tui.widgets.map import BattleMap
from tui.widgets.panels import Radar


async def open_wide(pilot) -> BattleScreen:
    """salt_vs_tortoise (20 x 16 hexes, wider and taller than the map's share of 80x24), side 1 human."""
    screen = BattleScreen(ninja_match(WIDE), {0: "human", 1: "easy"}, {"seed": 3})
    pilot.app.push_screen(screen)
    await settle(pilot, screen)
    return screen


def off_screen_counts(battle_map: BattleMap) -> dict[int, int]:
    """Units per side no cell of which lies whole inside the viewport, counted from the geometry."""
    width, height = battle_map.viewport
    counts: dict[int, int] = {}
    for unit in battle_map.view.units:
        col, row = unit.cells[0]
        x = col * battle_map.cell_width + battle_map.row_shift(row) - int(battle_map.scroll_x)
        y = row - int(battle_map.scroll_y)
        if not (0 <= x and x + battle_map.cell_width <= width and 0 <= y < height):
            counts[unit.side] = counts.get(unit.side, 0) + 1
    return counts


async def test_pan_keys_move_the_view_by_whole_cells_and_the_cursor_with_it(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_wide(pilot)
        battle_map = screen.map
        start_x, cursor = int(battle_map.scroll_x), battle_map.cursor
        await pilot.press("L")
        moved = int(battle_map.scroll_x) - start_x
        half = battle_map.viewport.width // battle_map.cell_width // 2
        assert moved == half * battle_map.cell_width, "half a viewport, in whole cells"
        assert battle_map.cursor[0] > cursor[0], "the cursor moves with the view"
        assert_cursor_whole(battle_map)
        await pilot.press("l")
        assert int(battle_map.scroll_x) - start_x == moved, "the next cursor key does not scroll back"
        assert_no_cell_cut(battle_map)
        start_y = int(battle_map.scroll_y)
        await pilot.press("J")
        rows_off = battle_map.virtual_size.height - battle_map.viewport.height
        assert int(battle_map.scroll_y) == start_y + min(battle_map.viewport.height // 2, rows_off)
        assert_cursor_whole(battle_map)
        await pilot.press("H", "K")
        assert (int(battle_map.scroll_x), int(battle_map.scroll_y)) == (start_x, 0)


async def test_f_centres_on_each_enemy_in_turn_and_c_on_my_next_unit(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_wide(pilot)
        battle_map = screen.map
        seen = []
        enemies = [u.uid for u in battle_map.view.units if u.side == 1]
        for _ in enemies:
            await pilot.press("f")
            unit = battle_map.unit_at(battle_map.cursor)
            assert unit is not None and unit.side == 1
            assert_cursor_whole(battle_map)
            seen.append(unit.uid)
        assert sorted(seen) == sorted(enemies), "f visits every enemy once before repeating"
        await pilot.press("c")
        unit = battle_map.unit_at(battle_map.cursor)
        assert unit is not None and unit.side == 0
        assert_cursor_whole(battle_map)


async def test_the_radar_line_counts_the_units_off_screen(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_wide(pilot)
        radar = screen.query_one(Radar)
        names = screen.ruleset.side_names(screen.match.state)
        for keys in ((), ("f",), ("L", "L", "J")):
            await pilot.press(*keys)
            await pilot.pause()
            counts = off_screen_counts(screen.map)
            assert counts, "this map never fits 80x24 whole"
            text = str(radar.render())
            assert radar.display and text.startswith("Off screen: ")
            found: dict[int, int] = {}
            for group in text.removeprefix("Off screen: ").split(" · "):
                for part in group[2:].split(", "):  # after the arrow and its space
                    count, name = part.split(" ", 1)
                    found[names.index(name)] = found.get(names.index(name), 0) + int(count)
            assert found == counts, (text, counts)


async def test_the_radar_line_is_hidden_when_the_whole_map_fits(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(200, 50)) as pilot:
        screen = await open_wide(pilot)
        await pilot.pause()
        assert not screen.map.scrolls
        assert not screen.query_one(Radar).display


def heights_view(grid: str) -> BoardView:
    cells = (CellView("open", ".", 0), CellView("open", ".", 2), CellView("trees", "T", 1), CellView("open", ".", 0))
    units = (UnitView(0, 0, "Tortoise", "t", ((3, 0),), 5, 5, 0 if grid == "hex" else None),)
    return BoardView(grid, 4, 1, cells, units)


def row_text(grid: str, colour: bool) -> str:
    battle_map = BattleMap(heights_view(grid))
    battle_map.colour = colour
    battle_map.cursor = (-1, -1)  # no cursor marks in the way
    return battle_map._build_row(0).text


def test_heights_are_digits_in_every_theme_and_trees_never_look_like_a_unit():
    for colour in (True, False):
        # hexes: the digit after the terrain, where a unit's facing arrow goes
        assert row_text("hex", colour) == " .   .2  ♣1  T→ "
        # squares: the digit in place of open ground, beside other terrain
        assert row_text("square", colour) == " .  2  ♣1 T "


async def test_the_help_legend_names_heights_and_symbols(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_wide(pilot)
        legend = screen.map_legend()
        assert "♣ trees" in legend and "T trees" not in legend
        assert "height" in legend


async def test_four_armies_are_told_apart_in_the_legend(tmp_path):
    from core import registry
    from core.match import Match

    ruleset = registry.get("ninja")
    match = Match(ruleset, ruleset.new_battle(ruleset.load_scenario("four_schools"), 3))
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BattleScreen(match, {0: "human", 1: "easy", 2: "easy", 3: "easy"}, {"seed": 3})
        app.push_screen(screen)
        await settle(pilot, screen)
        names = ruleset.side_names(match.state)
        legend = screen.map_legend()
        looks = [f"Your units ({names[0]}) are UPPER case;", f"{names[1]} lower case underlined;",
                 f"{names[2]} lower case;", f"{names[3]} lower case italic."]
        assert all(look in legend for look in looks), legend


async def test_i_opens_the_full_sheet_with_every_odds_line_and_it_scrolls(tmp_path):
    from tests.tui.test_fit import battle_with_an_attack, show_attack_odds

    match, attack = battle_with_an_attack("ninja")
    side = match.to_act()[0]
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BattleScreen(match, {side: "human", 1 - side: "easy"}, {"seed": 1})
        app.push_screen(screen)
        await settle(pilot, screen)
        await show_attack_odds(pilot, screen, attack)
        state = screen.shown_state()
        target = screen.map.unit_at(screen.map.cursor)
        await pilot.press("i")
        sheet = app.screen
        assert isinstance(sheet, UnitSheet)
        for line in screen.ruleset.unit_details(state, target.uid):
            assert line in sheet.text
        for action in screen.picker.actions_at(screen.map.cursor):
            for line in screen.ruleset.explain_action(state, action):
                assert line in sheet.text
        body = sheet.body
        if body.max_scroll_y:
            await pilot.press("j")
            for _ in range(50):  # the scroll lands on a later refresh when the machine is busy
                if body.scroll_y == 1:
                    break
                await pilot.pause()
            assert body.scroll_y == 1
        await pilot.press("escape")
        assert app.screen is screen
