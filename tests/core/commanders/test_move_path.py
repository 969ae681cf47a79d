"""Move previews: the route an Order takes, its cost line, and that both match the search's numbers."""

from core.commanders.ruleset import RULESET
from core.commanders.actions import Order
from core.commanders.movement import leave_cost, reachable
from core.squaregrid import Square

from .builders import make_battle, make_commander
from tests.core.commanders.builders import CAT


def one(unit: str, rows, at):
    me = make_commander("Warrior", troop=[unit])
    return make_battle(rows, [(me, 0, (0, 0), [(unit, at)]), (make_commander("Warrior"), 1, (len(rows[0]) - 1, len(rows) - 1), [])])


def check(state, uid, dest):
    unit = state.units[uid]
    path = RULESET.move_path(state, Order(0, uid, Square(*dest)))
    assert path[0] == tuple(unit.pos) and path[-1] == dest
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(path, path[1:]))
    cost = sum(leave_cost(state, unit, a, b, cat=CAT) for a, b in zip(path, path[1:]))
    assert cost == reachable(state, unit, cat=CAT)[Square(*dest)]
    return path, cost


def test_a_straight_walk_costs_one_a_square_and_says_so():
    state = one("Footman", ["." * 9] * 3, (1, 1))
    path, cost = check(state, 1, (4, 1))
    assert path == ((1, 1), (2, 1), (3, 1), (4, 1)) and cost == 3
    lines = RULESET.explain_action(state, Order(0, 1, Square(4, 1)))
    assert "3 of 5 movement (1 a square)" in lines


def test_the_route_bends_around_a_wall_and_water_costs_three_more():
    # seed 002: walls of "X" stop everyone; leaving water costs 1 + 3
    rows = [".....", ".X...", ".X~..", "....."]
    state = one("Footman", rows, (0, 1))
    path, cost = check(state, 1, (2, 1))
    assert (1, 1) not in path and len(path) == 5 and cost == 4  # around the wall's top: 4 steps of open ground
    path, cost = check(state, 1, (3, 3))
    assert cost == 5 and (2, 2) not in path  # cheaper to walk round the water than to leave it
    wet = one("Footman", rows, (2, 2))
    path, cost = check(wet, 1, (3, 2))
    assert cost == 4
    assert "4 of 5 movement (leaving water +3)" in RULESET.explain_action(wet, Order(0, 1, Square(3, 2)))


def test_staying_or_a_non_move_has_no_path():
    state = one("Footman", ["....."], (1, 0))
    assert RULESET.move_path(state, Order(0, 1, Square(1, 0))) == ()
    assert RULESET.explain_action(state, Order(0, 1, Square(1, 0))) == (RULESET.describe_action(state, Order(0, 1, Square(1, 0))),)


def test_every_order_of_bundled_battles_has_a_path_costing_what_the_search_says():
    for name in ("sea_and_shore", "fort_siege", "sky_duel"):  # navy, walls, flyers
        state = RULESET.new_battle(RULESET.load_scenario(name), 1)
        for _ in range(12):
            if RULESET.outcome(state) is not None:
                break
            legal = RULESET.legal_actions(state, RULESET.to_act(state)[0])
            for order in (a for a in legal if isinstance(a, Order)):
                unit = state.units[order.uid]
                path = RULESET.move_path(state, order)
                if tuple(order.dest) == tuple(unit.pos):
                    assert path == ()
                    continue
                assert path[0] == tuple(unit.pos) and path[-1] == tuple(order.dest)
                assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(path, path[1:]))
                assert sum(leave_cost(state, unit, a, b, cat=CAT) for a, b in zip(path, path[1:])) == reachable(state, unit, cat=CAT)[order.dest]
            state, _ = RULESET.apply(state, legal[len(legal) // 2])
