"""The move preview on the map: the path's cells are marked · · while the cursor is on a move's
cell (when every move picked there takes that path), the odds panel gives the move's cost,
and the marks go when the cursor leaves."""

from __future__ import annotations

from core import registry
from core.match import Match
from core.statwar.actions import Activate
from core.statwar.geometry import reach
from core.statwar.state import BATTLE
from tests.tui.conftest import cursor_to, make_app, settle
from tui.screens.battle import BattleScreen
from tui.widgets.panels import OddsPanel


def statwar_under_way() -> Match:
    """duel_25 (seed 3) with deployment done by taking the first legal action each time."""
    ruleset = registry.get("statwar")
    match = Match(ruleset, ruleset.new_battle(ruleset.load_scenario("duel_25"), 3))
    while match.state.phase != BATTLE:
        match.apply(ruleset.legal_actions(match.state, match.to_act()[0])[0])
    return match


def row_text(screen, row: int) -> str:
    return "".join(segment.text for segment in screen.map._build_row(row))


async def test_the_path_of_the_move_under_the_cursor_is_marked_and_costed(tmp_path):
    app = make_app(tmp_path)
    match = statwar_under_way()
    ruleset = match.ruleset
    side = match.to_act()[0]
    async with app.run_test(size=(100, 30)) as pilot:
        screen = BattleScreen(match, {side: "human", 1 - side: "easy"}, {"scenario": "duel_25", "seed": 3})
        app.push_screen(screen)
        await settle(pilot, screen)
        await pilot.press("enter")  # StatWar activates one unit at a time: the cursor is on it, Enter selects it
        assert screen.picker.selected is not None
        uid = screen.picker.selected
        steps = reach(match.state, uid).steps
        far = next(a for a in ruleset.legal_actions(match.state, side)
                   if isinstance(a, Activate) and a.to is not None and a.target is None and steps[(a.to.x, a.to.y)] >= 2)
        dest = (far.to.x, far.to.y)
        path = ruleset.move_path(match.state, far)
        assert len(path) >= 3
        start = screen.map.cursor
        await cursor_to(pilot, screen, dest)
        assert screen.map.path == frozenset(path[1:-1])
        for col, row in path[1:-1]:
            x = screen.map.cell_x(col, row)
            assert row_text(screen, row)[x:x + 3] != "   " and row_text(screen, row)[x] == "·"
        title, text = screen.query_one(OddsPanel)._shown
        move = match.state.designs[match.state.units[uid].design].move
        assert title == "Enter commits" and f"Move: {steps[dest]} of {move} steps" in text
        await cursor_to(pilot, screen, start)
        assert screen.map.path == frozenset()
        assert all(row_text(screen, row)[screen.map.cell_x(col, row)] != "·" for col, row in path[1:-1])


async def test_a_ninja_walk_shows_its_hexes_and_its_points(tmp_path):
    from core.hexgrid import Hex, hex_to_offset
    from core.ninja.actions import OrderMove

    app = make_app(tmp_path)
    ruleset = registry.get("ninja")
    match = Match(ruleset, ruleset.new_battle(ruleset.load_scenario("ash_vs_vine"), 3))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = BattleScreen(match, {0: "human", 1: "easy"}, {"scenario": "ash_vs_vine", "seed": 3})
        app.push_screen(screen)
        await settle(pilot, screen)
        unit = next(u for u in screen.map.view.units if u.side == 0)
        await cursor_to(pilot, screen, tuple(unit.cells[0]))
        await pilot.press("enter")
        assert screen.picker.selected == unit.uid
        state = match.state
        walks = [a for a in ruleset.legal_actions(state, 0) if isinstance(a, OrderMove) and a.unit == unit.uid and a.mode == "walk"]
        dests = [hex_to_offset(Hex(a.q, a.r)) for a in walks if len(ruleset.move_path(state, a)) >= 4]

        def routes(cell):
            return {ruleset.move_path(state, a) for a in screen.picker.actions_at(cell)}

        # a hex every order picked there reaches by one route: that route is marked
        dest = next(cell for cell in dests if len(routes(cell)) == 1)
        await cursor_to(pilot, screen, dest)
        first = screen.picker.actions_at(dest)[0]  # the order the odds panel lists first
        path = ruleset.move_path(state, first)
        assert len(path) >= 3 and path[0] == tuple(unit.cells[0]) and path[-1] == dest
        assert screen.map.path == frozenset(path[1:-1])
        _, text = screen.query_one(OddsPanel)._shown
        assert f"{first.mode}: " in text and " movement points (" in text
        # a hex walked to one way and jumped to another: no route is marked, the menu will ask
        split = next(cell for cell in dests if len(routes(cell)) > 1)
        await cursor_to(pilot, screen, split)
        assert screen.map.path == frozenset()
        await cursor_to(pilot, screen, dest)
        assert screen.map.path == frozenset(path[1:-1])
        await pilot.press("escape")  # the pick ends: the marks go
        assert screen.picker.selected is None and screen.map.path == frozenset()
