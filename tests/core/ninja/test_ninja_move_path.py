"""Move previews (seed 000 numbers): the plan's hexes as map cells and the order's cost line."""

from core.hexgrid import Hex, direction_between, hex_to_offset
from core.ninja.ruleset import RULESET
from core.ninja.actions import OrderMove
from core.ninja.movement import plan
from core.ninja.terrain import elevation_at, terrain_at
from tests.core.ninja.ninja_helpers import CAT, at, battle, board, ninja

ALLOWANCE = {"walk": 5, "run": 8, "jump": 6}  # seed 000, a Flower ninja (no bonus)


def two(b=None, where=(2, 4), facing=0):
    return battle([ninja(0, 0, "flower", 2, where, facing), ninja(1, 1, "flower", 1, (11, 9), 3)], b)


def cost_of(state, steps, mode):
    """Seed 000 by hand over the plan's steps: a step pays its terrain (2x backwards when walking),
    a turn of one hex-side 1 (free when jumping), a jump 1 more per level climbed."""
    mv = CAT.rules.movement
    u = state.units[0]
    here, facing, total = u.hex, u.facing, 0
    for q, r, f in steps:
        h = Hex(q, r)
        if h == here:
            assert mode == "jump" or min((f - facing) % 6, (facing - f) % 6) == 1  # one hex-side a turn
            total += 0 if mode == "jump" else mv.turn_cost
        else:
            d = direction_between(here, h)
            assert d is not None  # adjacent
            terrain = CAT.rules.terrain[terrain_at(state, h)].move_cost
            if mode == "jump":
                total += terrain + max(0, elevation_at(state, h) - elevation_at(state, here)) * mv.climb_cost
            elif d == (facing + 3) % 6:
                assert mode == "walk"
                total += terrain * mv.backward_cost
            else:
                assert d == facing  # walkers and runners step the way they face
                total += terrain
        here, facing = h, f
    return total


def check(state, order):
    path = RULESET.move_path(state, order)
    assert path[0] == hex_to_offset(state.units[0].hex) and path[-1] == hex_to_offset(Hex(order.q, order.r))
    p = plan(state, CAT, state.units[0], order.mode, Hex(order.q, order.r), order.facing)
    hexes = [hex_to_offset(state.units[0].hex)] + [hex_to_offset(Hex(q, r)) for q, r, _ in p.steps]
    assert path == tuple(c for i, c in enumerate(hexes) if i == 0 or c != hexes[i - 1])
    assert cost_of(state, p.steps, order.mode) == p.cost <= ALLOWANCE[order.mode]
    return path, p.cost


def test_every_walk_run_and_jump_of_an_open_map_adds_up():
    s = two()
    moves = [a for a in RULESET.legal_actions(s, 0) if isinstance(a, OrderMove) and a.unit == 0 and a.mode != "stand"]
    for order in moves[::7]:
        if (order.q, order.r) == s.units[0].hex:  # turning on the spot: no cells to cross
            assert RULESET.move_path(s, order) == ()
            continue
        path, cost = check(s, order)
        if len(path) > 1:
            line = RULESET.explain_action(s, order)[1]
            assert line.startswith(f"{order.mode}: {cost} of {ALLOWANCE[order.mode]} movement points (")


def test_turning_on_the_spot_costs_a_point_a_hex_side_and_crosses_no_cell():
    s = two()
    spot = [a for a in RULESET.legal_actions(s, 0) if isinstance(a, OrderMove) and a.mode in ("walk", "run")
            and (a.q, a.r) == s.units[0].hex]
    assert len(spot) == 10  # five new facings, walking or running
    for order in spot:
        turns = min(order.facing % 6, -order.facing % 6)
        assert RULESET.move_path(s, order) == ()
        words = f"{turns} turn" + ("s" if turns > 1 else "")
        assert RULESET.explain_action(s, order)[1] == f"{order.mode}: {turns} of {ALLOWANCE[order.mode]} movement points ({words})"


def test_a_walk_with_a_turn_says_hexes_and_turns():
    s = two()
    h = at(3, 1)
    order = OrderMove(0, 0, "walk", h.q, h.r, 0)
    path, cost = check(s, order)
    assert path == ((2, 4), (2, 3), (3, 2), (3, 1)) and cost == 5
    assert RULESET.explain_action(s, order)[1] == "walk: 5 of 5 movement points (3 hexes, 2 turns)"


def test_backing_up_costs_two_a_hex():
    s = two()
    h = at(0, 4)
    order = OrderMove(0, 0, "walk", h.q, h.r, 0)
    path, cost = check(s, order)
    assert path == ((2, 4), (1, 4), (0, 4)) and cost == 4
    assert RULESET.explain_action(s, order)[1] == "walk: 4 of 5 movement points (2 hexes, 2 backward)"


def test_the_path_bends_around_a_wall():
    rows = ["." * 12] * 3 + ["...#........"] + ["...#........"] + ["...#........"] + ["." * 12] * 4
    wall = CAT.glyph_terrain()
    assert not CAT.rules.terrain[wall["#"]].passable
    s = two(board(rows), where=(2, 4))
    h = at(4, 4)
    order = OrderMove(0, 0, "jump", h.q, h.r, 0)
    path, cost = check(s, order)
    assert (3, 4) not in path and cost == 5  # round the wall's end: 5 hexes, not 2
    assert path == ((2, 4), (2, 5), (3, 6), (4, 6), (4, 5), (4, 4))


def test_a_jump_pays_for_climbing():
    s = two(board(elevation=["000200000000"] * 10))
    h = at(3, 4)
    order = OrderMove(0, 0, "jump", h.q, h.r, 0)
    path, cost = check(s, order)
    assert cost == 3 and RULESET.explain_action(s, order)[1] == "jump: 3 of 6 movement points (1 hex, 2 levels climbed)"


def test_standing_has_no_path():
    s = two()
    u = s.units[0]
    assert RULESET.move_path(s, OrderMove(0, 0, "stand", u.hex.q, u.hex.r, u.facing)) == ()
