"""Seed 000 movement: walk 5, run 8, jump 6; facing costs, backward walking, elevation, priority."""

from core.errors import IllegalAction
from core.ninja.ruleset import RULESET
from core.ninja.actions import OrderMove, Submit
from core.ninja.effects import add_effect
from core.ninja.events import MoveBlocked
from core.ninja.movement import mode_points, plan
from core.ninja.state import Effect
from tests.core.ninja.ninja_helpers import CAT, at, battle, board, ninja, with_unit

import pytest


def one(school="flower", points=2, where=(2, 4), facing=0, **kw):
    return battle([ninja(0, 0, school, points, where, facing, **kw), ninja(1, 1, "flower", 1, (11, 9), 3)])


def cost(state, mode, dest, facing, uid=0):
    p = plan(state, CAT, state.units[uid], mode, dest, facing)
    return None if p is None else p.cost


def test_movement_points_per_mode():
    s = one()
    u = s.units[0]
    assert (mode_points(CAT, u, "walk"), mode_points(CAT, u, "run"), mode_points(CAT, u, "jump")) == (5, 8, 6)
    gale = one("gale").units[0]
    assert (mode_points(CAT, gale, "walk"), mode_points(CAT, gale, "run"), mode_points(CAT, gale, "jump")) == (6, 9, 7)


def test_walk_five_hexes_straight_not_six():
    s = one()
    assert cost(s, "walk", at(7, 4), 0) == 5
    assert cost(s, "walk", at(8, 4), 0) is None
    assert cost(s, "run", at(10, 4), 0) == 8
    assert cost(s, "run", at(11, 4), 0) is None


def test_turning_costs_a_point_per_hex_side():
    s = one()
    assert cost(s, "walk", at(2, 4), 1) == 1
    assert cost(s, "walk", at(2, 4), 3) == 3  # 180 degrees passes through 3 hex-sides
    assert cost(s, "walk", at(3, 4), 1) == 2  # step then turn


def test_walking_backwards_costs_two_a_hex():
    s = one()
    assert cost(s, "walk", at(0, 4), 0) == 4  # two hexes backwards, still facing east
    assert cost(s, "run", at(1, 4), 0) == 7  # runners cannot back up: turn 3, step, turn 3


def test_jumping_turns_free_and_pays_for_climbing():
    s = one()
    assert cost(s, "jump", at(1, 4), 3) == 1
    assert cost(s, "jump", at(1, 4), 0) == 1
    hill = board(elevation=["000200000000"] * 10)
    s = battle([ninja(0, 0, "flower", 2, (2, 4), 0), ninja(1, 1, "flower", 1, (11, 9), 3)], hill)
    assert cost(s, "walk", at(3, 4), 0) is None  # walkers change at most one level a hex
    assert cost(s, "jump", at(3, 4), 0) == 3  # one hex plus two levels
    assert cost(s, "jump", at(4, 4), 0) == 4  # dropping down is free
    step = board(elevation=["000100000000"] * 10)
    s = battle([ninja(0, 0, "flower", 2, (2, 4), 0), ninja(1, 1, "flower", 1, (11, 9), 3)], step)
    assert cost(s, "walk", at(3, 4), 0) == 1


def test_terrain_costs_and_blocks():
    rows = ["..T~H......."] + ["............"] * 9
    s = battle([ninja(0, 0, "flower", 2, (1, 0), 0), ninja(1, 1, "flower", 1, (11, 9), 3)], board(rows))
    assert cost(s, "walk", at(2, 0), 0) == 2  # trees
    assert cost(s, "walk", at(3, 0), 0) == 4  # then water
    assert cost(s, "jump", at(4, 0), 0) is None  # a house cannot be entered


def test_statuses_limit_movement():
    s = one()
    s, _ = add_effect(s, 0, "hamstrung", 2)
    u = s.units[0]
    assert (mode_points(CAT, u, "walk"), mode_points(CAT, u, "run"), mode_points(CAT, u, "jump")) == (4, 0, 0)
    s = with_unit(one(), 0, effects=(Effect("frozen", 2),))
    assert mode_points(CAT, s.units[0], "walk") == 2 and mode_points(CAT, s.units[0], "run") == 4
    s = with_unit(one(), 0, effects=(Effect("entangled", 2),))
    orders = RULESET.legal_actions(s, 0)
    assert [o for o in orders if isinstance(o, OrderMove)] == [OrderMove(0, 0, "stand", s.units[0].hex[0], s.units[0].hex[1], 0)]


def test_illegal_move_leaves_state():
    s = one()
    with pytest.raises(IllegalAction):
        RULESET.apply(s, OrderMove(0, 0, "walk", at(9, 4)[0], at(9, 4)[1], 0))
    with pytest.raises(IllegalAction):
        RULESET.apply(s, OrderMove(1, 0, "walk", at(3, 4)[0], at(3, 4)[1], 0))  # not side 1's ninja


def test_faster_units_move_first_and_collisions_stop_the_later():
    # a walker (side 0) and a runner (side 1) both want (6,4)
    s = battle([ninja(0, 0, "flower", 2, (3, 4), 0), ninja(1, 1, "flower", 2, (9, 4), 3)])
    target = at(6, 4)
    s, _ = RULESET.apply(s, OrderMove(0, 0, "walk", target[0], target[1], 0))
    s, _ = RULESET.apply(s, OrderMove(1, 1, "run", target[0], target[1], 3))
    s, _ = RULESET.apply(s, Submit(0))
    s, events = RULESET.apply(s, Submit(1))
    assert s.units[1].hex == target and s.units[0].hex == at(5, 4)
    blocked = [e for e in events if isinstance(e, MoveBlocked)]
    assert blocked and blocked[0].unit == 0 and blocked[0].blocker == 1
    assert s.order[0] == 1  # the runner had priority
    assert s.units[0].mode == "walk" and s.units[1].mode == "run" and s.phase == "action"


def test_same_mode_more_spare_points_first_then_dice():
    s = battle([ninja(0, 0, "flower", 2, (3, 4), 0), ninja(1, 1, "flower", 2, (9, 4), 3)])
    a, b = at(4, 4), at(8, 4)
    s, _ = RULESET.apply(s, OrderMove(0, 0, "walk", a[0], a[1], 0))  # 4 spare points
    s, _ = RULESET.apply(s, OrderMove(1, 1, "walk", at(6, 4)[0], at(6, 4)[1], 3))  # 2 spare
    s, _ = RULESET.apply(s, Submit(0))
    s, _ = RULESET.apply(s, Submit(1))
    assert s.order == (0, 1)
    orders = set()
    for seed in range(12):
        t = battle([ninja(0, 0, "flower", 2, (3, 4), 0), ninja(1, 1, "flower", 2, (9, 4), 3)], seed=seed)
        t, _ = RULESET.apply(t, OrderMove(0, 0, "walk", a[0], a[1], 0))
        t, _ = RULESET.apply(t, OrderMove(1, 1, "walk", b[0], b[1], 3))
        t, _ = RULESET.apply(t, Submit(0))
        t, _ = RULESET.apply(t, Submit(1))
        orders.add(t.order)
    assert orders == {(0, 1), (1, 0)}  # equal mode and spare points: the seeded tie-break decides


def test_all_six_facings_are_offered_and_picked_at_the_map_edge():
    # a facing is a direction: a ninja at the west edge (0, 4) may turn to every one of the
    # six, and each is picked on its own neighbouring cell, off the map or not
    from core.hexgrid import hex_to_offset, neighbour
    from core.ninja.actions import OrderMove
    from core.ninja.ruleset import RULESET
    from tests.core.ninja.ninja_helpers import at, battle, board, ninja

    state = battle([ninja(0, 0, "ash", 2, (0, 4), facing=0), ninja(1, 1, "vine", 2, (9, 0))], board())
    here = at(0, 4)
    turns = [a for a in RULESET.legal_actions(state, 0) if isinstance(a, OrderMove) and (a.q, a.r) == tuple(here)]
    assert {a.facing for a in turns} == set(range(6))
    faces = {}
    for a in turns:
        stage = RULESET.action_picks(state, a).stages[1]
        assert stage.kind == "face"
        faces[a.facing] = stage.cells
    assert len(set(faces.values())) == 6
    assert faces[3] == (hex_to_offset(neighbour(here, 3)),) == ((-1, 4),)


@pytest.mark.parametrize("scenario", ["valley_melee", "four_schools", "ash_vs_vine"])
def test_an_order_is_planned_as_the_whole_search_plans_it(scenario):
    """`plan` stops its search once the order's own end is settled; on real maps (terrain,
    elevation, crowded deployment zones) every end the full search lists gets the same cost,
    the same steps and the same points, and an end it does not list gets no plan."""
    from core.hexgrid import Hex
    from core.ninja.movement import MOVE_MODES, move_options, search

    state = RULESET.new_battle(RULESET.load_scenario(scenario), seed=3)
    checked = 0
    for u in state.units[::3]:
        options = move_options(state, CAT, u)
        for mode, dest, facing, c, steps in options[1:]:
            p = plan(state, CAT, u, mode, dest, facing)
            assert p is not None and (p.cost, p.steps, p.mode) == (c, steps, mode)
            checked += 1
        listed = {(m, d, f) for m, d, f, _, _ in options}
        for mode in MOVE_MODES:
            whole = search(state, CAT, u, mode)
            for far in (Hex(u.hex.q + 9, u.hex.r), Hex(u.hex.q, u.hex.r + 1), u.hex):
                for facing in range(6):
                    if (mode, far, facing) not in listed:
                        assert (far, facing) not in whole and plan(state, CAT, u, mode, far, facing) is None
    assert checked > 300


@pytest.mark.parametrize("scenario", ["four_schools", "ash_vs_vine"])
def test_the_reach_memo_answers_as_the_search_does(scenario):
    """A ReachMemo keyed by value gives the orders, listings and plans the searches give,
    whether it answers from a whole search, from one order's end, or for an equal copy of
    the battle built from new objects."""
    import attrs

    from core.ninja.movement import ReachMemo, move_options
    from core.ninja.turn import unit_move_orders

    state = RULESET.new_battle(RULESET.load_scenario(scenario), seed=4)
    copy = attrs.evolve(state, units=tuple(attrs.evolve(u) for u in state.units))
    listed, ends = ReachMemo(), ReachMemo()
    checked = 0
    for u in state.units[::2]:
        options = move_options(state, CAT, u)
        assert move_options(state, CAT, u, listed) == options == move_options(copy, CAT, copy.units[u.uid], listed)
        assert unit_move_orders(state, CAT, u.uid, listed) == unit_move_orders(state, CAT, u.uid)
        for mode, dest, facing, _, _ in options[::7]:
            alone = plan(state, CAT, u, mode, dest, facing)
            assert plan(state, CAT, u, mode, dest, facing, listed) == alone
            assert plan(copy, CAT, copy.units[u.uid], mode, dest, facing, ends) == alone
            assert plan(state, CAT, u, mode, dest, facing, ends) == alone
            checked += 1
        assert plan(state, CAT, u, "walk", u.hex + (0, 9), 0, ends) is None
    assert checked > 50
