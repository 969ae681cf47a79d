"""A movement order may name its route (ninja rules version 3): the listing names the
cheapest, resolution follows the one named, and a route no ninja could take is refused."""

import attrs
import pytest

from core.errors import IllegalAction
from core.hexgrid import DIRECTIONS, Hex, hex_to_offset
from core.ninja.actions import OrderMove, Submit
from core.ninja.events import MoveBlocked
from core.ninja.movement import follow, move_options, plan, search
from core.ninja.ruleset import RULESET
from core.ninja.view import move_cost_line, move_path
from tests.core.ninja.ninja_helpers import CAT, at, battle, board, ninja


def one(school="flower", where=(2, 4), facing=0, b=None, others=()):
    return battle([ninja(0, 0, school, 2, where, facing), ninja(1, 1, "flower", 1, (11, 9), 3), *others], b)


def order(state, mode, route, uid=0):
    q, r, f = route[-1]
    return OrderMove(state.units[uid].side, uid, mode, q, r, f, tuple(route))


def step(h, f):
    return (h[0], h[1], f)


def ahead(h, f, n=1):
    dq, dr = DIRECTIONS[f]
    return Hex(h[0] + n * dq, h[1] + n * dr)


@pytest.mark.parametrize("scenario", ["valley_melee", "four_schools", "ash_vs_vine"])
def test_every_listed_route_is_followed_at_the_cost_the_search_gives(scenario):
    state = RULESET.new_battle(RULESET.load_scenario(scenario), seed=3)
    checked = 0
    for u in state.units[::2]:
        for mode, dest, facing, cost, steps in move_options(state, CAT, u)[1:]:
            assert follow(state, CAT, u, mode, (dest, facing), steps) == (cost, steps)
            assert plan(state, CAT, u, mode, dest, facing, route=steps) == plan(state, CAT, u, mode, dest, facing)
            checked += 1
    assert checked > 300


def test_the_listing_names_the_cheapest_route_of_each_order():
    state = RULESET.new_battle(RULESET.load_scenario("ash_vs_vine"), seed=5)
    first = next(a for a in RULESET.legal_actions(state, 0) if isinstance(a, OrderMove))
    orders = [a for a in RULESET.legal_actions(state, 0) if isinstance(a, OrderMove) and a.unit == first.unit]
    u = state.units[first.unit]
    found = {(m, d, f): steps for m, d, f, _, steps in move_options(state, CAT, u)}
    assert [a.steps for a in orders] == [found[(a.mode, (a.q, a.r), a.facing)] for a in orders]
    assert orders[0].mode == "stand" and orders[0].steps == ()
    assert all(a.steps for a in orders[1:])


def test_an_order_naming_the_cheapest_route_records_what_one_naming_none_records():
    state = one()
    route = [step(at(3, 4), 0), step(at(4, 4), 0), step(at(4, 4), 1)]
    named, _ = RULESET.apply(state, order(state, "walk", route))
    bare, _ = RULESET.apply(state, attrs.evolve(order(state, "walk", route), steps=()))
    assert named == bare
    assert named.moves[0].steps == tuple(route) and named.moves[0].cost == 3


def test_a_dearer_route_may_be_named_and_resolution_follows_it():
    """One hex east the long way round: up-right, then down-right (two turns between), 6
    points where the straight step costs 1; the plan, the preview and the move follow it."""
    state = one()
    start = at(2, 4)
    a = ahead(start, 1)  # north-east
    b = ahead(a, 5)  # then south-east: the hex east of the start
    assert b == ahead(start, 0)
    route = [step(start, 1), step(a, 1), step(a, 0), step(a, 5), step(b, 5), step(b, 0)]
    action = order(state, "run", route)
    after, _ = RULESET.apply(state, action)
    assert after.moves[0].steps == tuple(route) and (after.moves[0].cost, after.moves[0].points) == (6, 8)
    assert move_cost_line(state, CAT, action) == "run: 6 of 8 movement points (2 hexes, 4 turns)"
    assert move_path(state, CAT, action) == (hex_to_offset(start), hex_to_offset(a), hex_to_offset(b))
    cheapest = plan(state, CAT, state.units[0], "run", b, 0)
    assert (cheapest.cost, cheapest.steps) == (1, (step(b, 0),))
    after, _ = RULESET.apply(after, Submit(0))
    after, events = RULESET.apply(after, Submit(1))
    assert after.units[0].hex == b and after.units[0].facing == 0
    moved = [e for e in events if type(e).__name__ == "UnitMoved" and e.unit == 0]
    assert moved and moved[0].cost == 6
    # a runner with more points to spare takes the detour's hex first: the named route is
    # stopped short there, where the straight step would have gone through
    far = ahead(a, 0, 2)
    crowded = one(others=[ninja(2, 1, "vine", 1, hex_to_offset(far), 3)])
    rival = order(crowded, "run", [step(ahead(a, 0), 3), step(a, 3)], uid=2)
    for mine, end in ((action, start), (order(crowded, "run", [step(b, 0)]), b)):
        s, _ = RULESET.apply(crowded, mine)
        s, _ = RULESET.apply(s, rival)
        s, _ = RULESET.apply(s, Submit(0))
        s, events = RULESET.apply(s, Submit(1))
        assert s.units[2].hex == a and s.units[0].hex == end
        assert any(isinstance(e, MoveBlocked) and e.unit == 0 for e in events) == (end == start)


@pytest.mark.parametrize("mode, route, why", [
    ("walk", [step(at(4, 4), 0)], "two hexes in one step"),
    ("walk", [step(at(3, 4), 1)], "a step that also turns"),
    ("walk", [step(at(2, 4), 2)], "a turn of two hex-sides at once"),
    ("walk", [step(at(2, 4), 0)], "a turn that does not turn"),
    ("run", [step(at(1, 4), 0)], "a runner stepping backward"),
    ("walk", [step(ahead(at(2, 4), 1), 0)], "a step sideways"),
    ("walk", [step(at(3, 4), 0), step(at(4, 4), 0)] + [step(at(4, 4), f) for f in (1, 2, 3, 4)], "six points of a walk's five"),
    ("run", [step(at(2, 4), f % 6) for f in range(1, 7)], "ending where it started"),
    ("jump", [step(at(3, 4), 0), step(at(2, 4), 3)], "a jump back onto its own hex"),
    ("jump", [step(at(3, 4), 2), step(at(4, 4), 0)], "a jump step not facing the way it goes"),
])
def test_a_route_no_ninja_could_take_is_refused(mode, route, why):
    state = one()
    with pytest.raises(IllegalAction, match="along that route"):
        RULESET.apply(state, order(state, mode, route))


def test_a_route_into_what_cannot_be_entered_is_refused():
    rows = ["." * 12] * 4 + ["...H........"] + ["." * 12] * 5
    hill = ["0" * 12] * 4 + ["000000200000"] + ["0" * 12] * 5
    state = one(b=board(rows, hill))
    assert follow(state, CAT, state.units[0], "walk", (at(3, 4), 0), [step(at(3, 4), 0)]) is None  # a house
    state = one(where=(4, 4), b=board(elevation=hill), others=[ninja(2, 1, "vine", 1, (7, 4), 3)])
    climb = [step(at(5, 4), 0), step(at(6, 4), 0)]  # level 0, then 2: two levels in one step
    assert follow(state, CAT, state.units[0], "walk", (at(5, 4), 0), climb[:1]) == (1, tuple(climb[:1]))
    assert follow(state, CAT, state.units[0], "walk", (at(6, 4), 0), climb) is None
    assert follow(state, CAT, state.units[0], "jump", (at(6, 4), 0), climb) == (4, tuple(climb))  # one more a level
    taken = climb + [step(at(7, 4), 0)]  # another ninja stands there
    assert follow(state, CAT, state.units[0], "jump", (at(7, 4), 0), taken) is None
    edge = one(where=(0, 4), facing=3)
    off = [step(ahead(at(0, 4), 3), 3)]
    assert follow(edge, CAT, edge.units[0], "walk", (off[0][:2], 3), off) is None


def test_a_route_that_ends_elsewhere_or_is_malformed_is_refused_without_work():
    state = one()
    u = state.units[0]
    route = (step(at(3, 4), 0), step(at(4, 4), 0))
    assert follow(state, CAT, u, "walk", (at(4, 4), 0), route) == (2, route)
    assert follow(state, CAT, u, "walk", (at(4, 4), 1), route) is None
    assert follow(state, CAT, u, "walk", (at(5, 4), 0), route) is None
    assert follow(state, CAT, u, "walk", (at(4, 4), 0), ([3, 4, 0],) + route[1:]) is None
    assert follow(state, CAT, u, "walk", (at(4, 4), 0), ((3, 4),) + route[1:]) is None
    long = tuple(step(at(2, 4), f % 6) for f in range(1, 100_000))
    assert follow(state, CAT, u, "run", (long[-1][:2], long[-1][2]), long) is None  # longer than the points: not walked


def test_with_free_turns_a_named_route_must_be_the_searched_one():
    """Where a turn costs nothing, a route within the points has no bound on its length:
    the route named must be the one the search finds."""
    free = attrs.evolve(CAT, rules=attrs.evolve(CAT.rules, movement=attrs.evolve(CAT.rules.movement, turn_cost=0)))
    state = one()
    u = state.units[0]
    cost, steps = search(state, free, u, "walk")[(at(4, 4), 2)]
    assert follow(state, free, u, "walk", (at(4, 4), 2), steps) == (cost, steps)
    spun = steps + tuple(step(at(4, 4), f % 6) for f in range(3, 9)) + (step(at(4, 4), 3), step(at(4, 4), 2))
    assert follow(state, free, u, "walk", (at(4, 4), 2), spun) is None


def test_an_order_without_a_route_is_written_as_before_routes_were_named():
    codec = RULESET.codec()
    bare = OrderMove(0, 1, "walk", 2, 3, 4)
    assert codec.encode_action(bare) == {"kind": "OrderMove", "side": 0, "unit": 1, "mode": "walk", "q": 2, "r": 3, "facing": 4}
    named = OrderMove(0, 1, "walk", 2, 3, 4, ((2, 3, 4),))
    assert codec.encode_action(named)["steps"] == [(2, 3, 4)]
    assert codec.decode_action({**codec.encode_action(named), "steps": [[2, 3, 4]]}) == named
    assert codec.action_key(bare) != codec.action_key(named)
    for bad in ([[2, 3]], [[2, 3, "4"]], [[2, 3, True]], "234"):
        with pytest.raises(Exception, match="OrderMove"):
            codec.decode_action({**codec.encode_action(bare), "steps": bad})


def test_a_battle_replays_alike_with_its_routes_named_or_not():
    """Seeded AI play names the listing's routes; the same orders without them (as saves of
    rules version 2 hold them) make every state the same."""
    from core.ai import Player

    state = RULESET.new_battle(RULESET.load_scenario("ash_vs_vine"), seed=11)
    players = {0: Player("normal", 3), 1: Player("easy", 4)}
    named = bare = state
    routes = 0
    for _ in range(120):
        movers = RULESET.to_act(named)
        if not movers:
            break
        action = players[movers[0]].choose(RULESET, named, movers[0])
        if isinstance(action, OrderMove) and action.steps:
            routes += 1
            stripped = attrs.evolve(action, steps=())
        else:
            stripped = action
        named, _ = RULESET.apply(named, action)
        bare, _ = RULESET.apply(bare, stripped)
        assert named == bare
    assert routes >= 10


def test_a_save_whose_route_was_edited_is_refused_at_that_order(tmp_path):
    """A forged route, links and hashes recomputed, is named at its action with the reason;
    a route spelled out empty is a second spelling of "no route" and is refused as such; a
    route far longer than any mode's points is refused without being walked."""
    from core import saves
    from core.errors import SaveError
    from tests.core.hostile import document, write
    from tests.core.save_helpers import rehash

    def refusal(doc, name):
        with pytest.raises(SaveError) as info:
            saves.load_match(write(tmp_path / name, doc))
        return str(info.value)

    doc = document("ninja")
    index = next(i for i, a in enumerate(doc["actions"]) if a["kind"] == "OrderMove" and len(a.get("steps", ())) >= 2)
    first = doc["actions"][index]["steps"][0]
    doc["actions"][index]["steps"][0] = [first[0] + 3, first[1], first[2]]  # three hexes in one step
    why = refusal(rehash(doc, RULESET), "forged.json")
    assert f"actions[{index}]" in why and "along that route" in why
    doc = document("ninja")
    doc["actions"][index]["steps"] = doc["actions"][index]["steps"] * 50
    doc["actions"][index]["q"], doc["actions"][index]["r"], doc["actions"][index]["facing"] = doc["actions"][index]["steps"][-1]
    assert "along that route" in refusal(rehash(doc, RULESET), "long.json")
    doc = document("ninja")
    stand = next(i for i, a in enumerate(doc["actions"]) if a["kind"] == "OrderMove" and "steps" not in a)
    doc["actions"][stand]["steps"] = []
    assert f"actions[{stand}].steps: unknown or unused field" in refusal(rehash(doc, RULESET), "empty.json")
    for bad, where, reason in (([[1, 2, "x"]], "steps[0][2]", "expected an integer, not text"),
                               ([[1, 2]], "steps[0]", "expected a list of 3 items, not 2"),
                               ([[1, 2, 3], [True, 1, 1]], "steps[1][0]", "expected an integer, not a boolean"),
                               ("x", "steps", "expected a list, not text")):
        doc = document("ninja")
        doc["actions"][index]["steps"] = bad
        with pytest.raises(SaveError) as info:
            saves.read_document("x.json", doc)
        assert str(info.value) == f"x.json: actions[{index}]: {where}: {reason}"
