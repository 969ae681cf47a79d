"""The battle map's viewport and the cursor panels: what a cursor move shows, and where.

A ninja map (20 hexes, 82 columns) is wider than the map's share of an 80x24
terminal, so it scrolls: the cursor's cell must stay whole and in view, the
view must move only near an edge and by whole cells, and no cell may be shown
cut in two. The panels must follow the cursor in the same key handler.
"""

from __future__ import annotations

from core import registry
from core.match import Match
from tests.tui.conftest import duel_match, make_app, settle, type_keys
from tui.screens.battle import BattleScreen
from tui.widgets.map import BattleMap
from tui.widgets.panels import InfoLine, OddsPanel, UnitPanel

WIDE = "salt_vs_tortoise"  # 20 x 16 hexes: wider and taller than the map's viewport at 80x24


def ninja_match(scenario: str = WIDE, seed: int = 3) -> Match:
    ruleset = registry.get("ninja")
    return Match(ruleset, ruleset.new_battle(ruleset.load_scenario(scenario), seed))


def text_of(widget) -> str:
    return str(widget.render())


def assert_cursor_whole(battle_map: BattleMap) -> None:
    """The cursor's cell lies wholly inside the viewport, and the view starts on a whole cell."""
    assert battle_map.cell_fully_visible(battle_map.cursor), (battle_map.cursor, battle_map.scroll_offset)
    assert int(battle_map.scroll_x) % battle_map.cell_width == 0, battle_map.scroll_offset


def assert_no_cell_cut(battle_map: BattleMap) -> None:
    """Every row on screen shows whole cells exactly as drawn, and blanks where an edge cuts one."""
    width, height = battle_map.viewport
    scroll_x, scroll_y = int(battle_map.scroll_x), int(battle_map.scroll_y)
    step = battle_map.cell_width
    for y in range(min(height, battle_map.view.height - scroll_y)):
        row = y + scroll_y
        full = battle_map._build_row(row).text
        shown = battle_map.render_line(y).text
        shift = battle_map.row_shift(row)
        for x in range(width):
            at = scroll_x + x
            start = shift + (at - shift) // step * step
            whole = start >= scroll_x and start + step <= scroll_x + width and start >= shift
            expected = full[at] if whole and at < len(full) else " "
            assert shown[x] == expected, (row, x, shown, full[scroll_x:scroll_x + width])


async def open_ninja_battle(pilot) -> BattleScreen:
    """The bundled ninja battle (wider and taller than an 80x24 viewport), settled, side 1 human."""
    screen = BattleScreen(ninja_match(), {0: "human", 1: "easy"}, {"seed": 3})
    pilot.app.push_screen(screen)
    await settle(pilot, screen)
    return screen


async def test_a_cursor_move_updates_the_panels_in_the_same_handler(tmp_path):
    app = make_app(tmp_path)
    match = duel_match(per_side=2)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BattleScreen(match, {0: "human", 1: "easy"}, {"seed": 7})
        app.push_screen(screen)
        await settle(pilot, screen)
        ruleset, state = match.ruleset, match.state
        for direction in ("right", "down", "right", "left"):
            screen.action_move(direction)  # no await: the panels change before any message is handled
            col, row = screen.map.cursor
            assert text_of(screen.query_one(InfoLine)) == ruleset.describe_cell(state, col, row)
            unit = screen.map.unit_at((col, row))
            panel = screen.query_one(UnitPanel)
            if unit is None and screen.picker.selected is None:
                assert text_of(panel) == "No unit under the cursor."
            else:
                shown = unit.uid if unit is not None else screen.picker.selected
                assert text_of(panel) == "\n".join(ruleset.unit_details(state, shown))
            actions = screen.picker.actions_at((col, row))
            odds = text_of(screen.query_one(OddsPanel))
            if actions:
                assert odds.startswith("» " + ruleset.describe_action_here(state, actions[0], (col, row)))


async def test_a_cursor_move_onto_a_unit_shows_it_and_off_it_shows_none(tmp_path):
    app = make_app(tmp_path)
    match = ninja_match("ash_vs_vine")
    ruleset = match.ruleset
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BattleScreen(match, {0: "human", 1: "easy"}, {"seed": 3})
        app.push_screen(screen)
        await settle(pilot, screen)
        unit = screen.map.unit_at(screen.map.cursor)
        assert unit is not None and unit.side == 0, "the battle opens on side 1's first unit"
        panel = screen.query_one(UnitPanel)
        assert text_of(panel) == "\n".join(ruleset.unit_details(match.state, unit.uid))
        assert unit.name in str(panel.parent.border_title)  # the frame around the panel
        empty = next(
            (c, r) for r in range(screen.map.view.height) for c in range(screen.map.view.width)
            if screen.map.unit_at((c, r)) is None
        )
        screen.map.set_cursor(empty)
        screen.update_cursor_panels()
        await pilot.pause()
        assert text_of(panel) == "No unit under the cursor."
        assert text_of(screen.query_one(InfoLine)) == ruleset.describe_cell(match.state, *empty)


async def test_the_wide_ninja_map_opens_on_whole_cells_with_side_ones_unit_in_view(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_ninja_battle(pilot)
        battle_map = screen.map
        assert battle_map.virtual_size.width > battle_map.viewport.width, "the test needs a map that scrolls"
        ready = screen.picker.ready_units()
        first = next(u for u in battle_map.view.units if u.side == 0 and u.uid in ready)
        assert battle_map.cursor == tuple(first.cells[0]), "it opens on side 1's first unit to act"
        assert_cursor_whole(battle_map)
        assert_no_cell_cut(battle_map)


async def test_arrows_move_the_cursor_and_the_view_follows_by_whole_cells(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_ninja_battle(pilot)
        battle_map = screen.map
        view = battle_map.view
        margin, step = battle_map.MARGIN, battle_map.cell_width
        for key, delta in (("right", (1, 0)), ("down", (0, 1)), ("left", (-1, 0)), ("up", (0, -1))):
            for _ in range(max(view.width, view.height)):
                before, scroll = battle_map.cursor, battle_map.scroll_offset
                await pilot.press(key)
                col, row = battle_map.cursor
                expected = (
                    min(max(before[0] + delta[0], 0), view.width - 1),
                    min(max(before[1] + delta[1], 0), view.height - 1),
                )
                assert (col, row) == expected, f"{key} moved the cursor, not the view"
                assert_cursor_whole(battle_map)
                left = battle_map.visible_cell_region((col, row)).x
                top = row - int(battle_map.scroll_y)
                width, height = battle_map.viewport
                if battle_map.scroll_offset != scroll:
                    # it scrolled only because the cursor came within the margin of an edge
                    was_left = battle_map.cell_x(col, row) - scroll.x
                    was_top = row - scroll.y
                    assert (
                        was_left < margin * step or was_left + step > width - margin * step
                        or was_top < margin or was_top + 1 > height - margin
                    ), (before, (col, row), scroll, battle_map.scroll_offset)
                # the margin is kept wherever the map goes on beyond the edge
                if int(battle_map.scroll_x) > 0:
                    assert left >= margin * step
                if int(battle_map.scroll_x) < battle_map.max_scroll_x:
                    assert left + step <= width - margin * step
                if int(battle_map.scroll_y) > 0:
                    assert top >= margin
                if int(battle_map.scroll_y) < battle_map.max_scroll_y:
                    assert top + 1 <= height - margin
            assert_no_cell_cut(battle_map)
        assert battle_map.max_scroll_x % step == 0, "the last scroll position shows whole cells too"


async def test_vi_keys_reach_every_corner_of_the_wide_map_with_the_cursor_in_view(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_ninja_battle(pilot)
        battle_map = screen.map
        view = battle_map.view
        for keys, corner in (
            ("l" * view.width + "j" * view.height, (view.width - 1, view.height - 1)),
            ("h" * view.width, (0, view.height - 1)),
            ("k" * view.height, (0, 0)),
        ):
            await type_keys(pilot, *keys)
            await pilot.pause()
            assert battle_map.cursor == corner
            assert_cursor_whole(battle_map)
            assert_no_cell_cut(battle_map)


def repaint(old: str, new: str) -> str:
    """What a terminal shows after only the changed span of a line is rewritten."""
    from rich.segment import Segment
    from textual.strip import Strip

    from tui.widgets.panels import changed_span

    region = changed_span(0, Strip([Segment(old)]), Strip([Segment(new)]))
    width = max(len(old), len(new))
    screen, fresh = list(old.ljust(width)), new.ljust(width)
    if region is not None:
        screen[region.x:region.right] = fresh[region.x:region.right]
    return "".join(screen)


def test_a_panel_line_rewrites_every_column_that_changed_in_place():
    pairs = [
        ("open at (8,4), elevation 2", "water at (9,4), elevation 0"),
        ("open at (9,4)", "open at (10,4)"),
        ("open at (10,4), elevation 2; Ash Master (13/13 health)", "open at (9,4)"),
        ("same text", "same text"),
        ("", "No unit under the cursor."),
    ]
    for old, new in pairs:
        assert repaint(old, new) == new.ljust(max(len(old), len(new))), (old, new)


async def test_a_resize_keeps_the_cursor_whole_and_in_view(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_ninja_battle(pilot)
        battle_map = screen.map
        await type_keys(pilot, *("l" * battle_map.view.width))
        for size in ((120, 40), (90, 30), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            assert_cursor_whole(battle_map)
            assert_no_cell_cut(battle_map)
            assert battle_map.max_scroll_x % battle_map.cell_width == 0, size


async def test_the_odds_panel_says_here_and_stays_put_as_the_cursor_crosses_a_deployment_zone(tmp_path):
    """On a StatWar deployment the panel beside the info line says what Enter does at the
    cursor's cell, "» Deploy ... here", so moving along the zone changes the info line (which
    names each cell) and leaves the panel as it was: nothing of it is written again. The log
    and the menus name the cell ("at (1,0)")."""
    ruleset = registry.get("statwar")
    match = Match(ruleset, ruleset.new_battle(ruleset.load_scenario("duel_25"), 1))
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BattleScreen(match, {0: "human", 1: "easy"}, {"seed": 1})
        app.push_screen(screen)
        await settle(pilot, screen)
        odds, info = screen.query_one(OddsPanel), screen.query_one(InfoLine)
        changed = []
        show = odds.show_text
        odds.show_text = lambda *a, **k: changed.append(show(*a, **k)) or changed[-1]
        seen = []
        for key in ("right", "right", "right", "left"):
            await pilot.press(key)
            await pilot.pause()
            col, row = screen.map.cursor
            actions = screen.picker.actions_at((col, row))
            assert actions, "the cursor stays in the deployment zone"
            assert text_of(odds).startswith(f"» {ruleset.describe_action_here(match.state, actions[0], (col, row))}")
            assert ruleset.describe_action(match.state, actions[0]).endswith(f"at ({col},{row})")
            assert text_of(info).startswith(f"({col},{row})")
            seen.append(text_of(odds))
        assert seen[0].startswith("» Deploy ") and " here" in seen[0].splitlines()[0]
        assert len(set(seen)) == 1 and changed and not any(changed), "the panel was written again"
