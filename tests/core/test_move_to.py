"""Applying a move on a position never searched asks about its one destination only
(StatWar `reach_to`, Commanders `search(..., goal=)`, ninja `search_to`): the answer must be the whole
search's for that square, on every square a unit could be sent to, or a replay would
accept a move that play refused (or move a unit at another cost)."""

from __future__ import annotations

import attrs
import pytest

from core import registry
from core.ai import Player
from core.commanders.movement import search
from core.errors import IllegalAction
from core.ninja.movement import MOVE_MODES
from core.ninja.movement import search as ninja_search
from core.ninja.movement import search_to as ninja_search_to
from core.squaregrid import Square
from core.statwar.actions import Activate
from core.statwar.geometry import reach, reach_to
from core.statwar.state import NO_UNIT
from tests.core.statwar.statwar_helpers import battle, board_from, unit, with_unit


def played(name: str, scenario: int, seed: int, actions: int, every: int) -> list:
    """Every `every`-th position of a battle of a bundled scenario played by easy AI players."""
    ruleset = registry.get(name)
    infos = ruleset.scenarios()
    state = ruleset.new_battle(ruleset.load_scenario(infos[scenario % len(infos)].name), seed)
    players = {side: Player("easy", seed * 7 + side) for side in (0, 1, 2, 3)}
    out = []
    for i in range(actions):
        if ruleset.outcome(state) is not None or not ruleset.to_act(state):
            break
        if i % every == 0:
            out.append(state)
        side = ruleset.to_act(state)[0]
        state, _ = ruleset.apply(state, players[side].choose(ruleset, state, side))
    return out


def statwar_answers(state, uid: int) -> tuple[dict, dict]:
    """(what `reach` says of every position around the unit, what `reach_to` says of it)."""
    r = reach(state, uid)
    u = state.units[uid]
    move = state.designs[u.design].move
    want, got = {}, {}
    for y in range(u.y - move - 2, u.y + move + 3):
        for x in range(u.x - move - 2, u.x + move + 3):
            want[(x, y)] = (r.steps[(x, y)], r.stopped_by.get((x, y), NO_UNIT)) if (x, y) in r.ends else None
            got[(x, y)] = reach_to(state, uid, (x, y))
    return want, got


@pytest.mark.parametrize("scenario", range(3))
def test_statwar_reach_to_answers_as_the_whole_search_on_played_positions(scenario):
    states = played("statwar", scenario, seed=scenario + 1, actions=120, every=8)
    checked = 0
    for state in states:
        for u in state.units:
            if u.health > 0 and u.placed:
                want, got = statwar_answers(state, u.uid)
                assert got == want
                checked += sum(1 for v in want.values() if v is not None)
    assert checked > 100  # destinations a move may end on were among those asked


def test_statwar_reach_to_goes_round_what_blocks_the_straight_line():
    rows = ["........", ".####...", "........", "~~~~~~~~", "~~~~~~~~", "........", "........", "........"]
    walker = unit("Walker", move=4)
    s = battle([(walker, 0, 2, 0), (unit("Foe"), 1, 7, 7)], board=board_from(rows))
    assert reach_to(s, 0, (2, 2)) == (4, NO_UNIT)  # rocks under it: round them by (0, 1)
    assert reach_to(s, 0, (2, 2)) == (reach(s, 0).steps[(2, 2)], NO_UNIT)
    assert reach_to(s, 0, (2, 1)) is None  # a rock
    assert reach_to(s, 0, (7, 2)) is None  # 5 steps away: beyond Move 4
    guard = battle([(unit("Runner", move=6), 0, 0, 2), (unit("Guard", defender=1), 1, 3, 0)])
    assert reach_to(guard, 0, (6, 2)) == (6, NO_UNIT)  # row 2 passes under the Guard's zone (rows 0 and 1)
    assert reach_to(guard, 0, (3, 1)) == (3, 1)  # a move may end in the zone: the Guard stops it there
    walled = battle([(unit("Runner", move=6), 0, 0, 1), (unit("Guard", defender=1), 1, 3, 1)])
    # the zone covers rows 0 to 2 of columns 2 to 4, so the straight line is stopped and the way round
    # goes by row 3: (1, 2), (2, 3), (3, 3), (4, 3), (5, 2), (5, 1)
    assert reach_to(walled, 0, (5, 1)) == (6, NO_UNIT) == (reach(walled, 0).steps[(5, 1)], NO_UNIT)
    assert reach_to(with_move(walled, 5), 0, (5, 1)) is None  # Move 5 cannot go round


def with_move(state, move: int):
    """The same battle with the first design's Move changed."""
    designs = list(state.designs)
    designs[0] = attrs.evolve(designs[0], move=move)
    return attrs.evolve(state, designs=tuple(designs))


def test_statwar_reach_to_for_a_rider_starts_from_every_square_of_its_mount():
    horse = unit("Horse", move=3, big=1, ridable=1)
    s = battle([(horse, 0, 2, 2), (unit("Rider", move=2), 0, 2, 2), (unit("Foe"), 1, 8, 8)])
    s = with_unit(s, 1, riding=0)
    want, got = statwar_answers(s, 1)
    assert got == want
    assert got[(2, 2)] is None and got[(3, 3)] is None  # the mount's squares are where it starts
    assert got[(4, 4)] == (1, NO_UNIT)  # one step off the mount's far corner


def test_statwar_move_checked_towards_its_destination_alone():
    s = battle([(unit("Walker", move=2), 0, 4, 4), (unit("Foe"), 1, 0, 9)])
    after, events = registry.get("statwar").apply(s, Activate(0, 0, Square(6, 6), None))
    assert (after.units[0].x, after.units[0].y) == (6, 6) and events[0].steps == 2
    with pytest.raises(IllegalAction):
        registry.get("statwar").apply(s, Activate(0, 0, Square(7, 4), None))


@pytest.mark.parametrize("scenario", range(4))
def test_commanders_search_towards_a_goal_answers_as_the_whole_search(scenario):
    ruleset = registry.get("commanders")
    states = played("commanders", scenario, seed=scenario + 2, actions=90, every=9)
    checked = 0
    for state in states:
        for u in state.units:
            if u.hp <= 0:
                continue
            whole = search(state, u, ruleset.catalogue)
            for y in range(-1, state.board.height + 1):
                for x in range(-1, state.board.width + 1):
                    if abs(x - u.pos[0]) + abs(y - u.pos[1]) <= 12:
                        want = {Square(x, y): whole[(x, y)]} if (x, y) in whole else {}
                        assert search(state, u, ruleset.catalogue, goal=(x, y)) == want
                        checked += bool(want)
    assert checked > 500


@pytest.mark.parametrize("scenario", range(2))
def test_ninja_search_for_one_order_answers_as_the_whole_search(scenario):
    """A ninja order records the cost and the steps of its cheapest plan: the search towards
    its end alone (`search_to`, an A*) must give the very steps the listing gives, between
    ways of the same cost too, and no plan for an end the listing lacks (taken, off the map,
    too dear, the ninja's own hex and facing)."""
    from core.hexgrid import Hex

    ruleset = registry.get("ninja")
    cat = ruleset.cat
    checked = refused = 0
    for state in played("ninja", scenario, seed=scenario + 3, actions=160, every=16):
        for u in state.units:
            if u.hp <= 0:
                continue
            for mode in MOVE_MODES:
                whole = ninja_search(state, cat, u, mode)
                for end in list(whole)[:: max(1, len(whole) // 25)]:
                    assert ninja_search_to(state, cat, u, mode, end) == whole[end]
                    checked += 1
                around = [(Hex(u.hex.q + dq, u.hex.r + dr), f) for dq in (-9, -3, 0, 2, 5) for dr in (-4, 0, 3) for f in (0, 2, 5)]
                for end in around:
                    assert ninja_search_to(state, cat, u, mode, end) == whole.get(end)
                    refused += end not in whole
    assert checked > 1000 and refused > 500


def test_ninja_search_for_one_order_keeps_the_whole_searchs_steps_between_equal_ways():
    """On open ground many ways cost the same (turn first or step first, either side of a
    hex): the order's steps are the ones the listing shows, for every end of every mode."""
    from tests.core.ninja.ninja_helpers import CAT, battle, ninja, small_battle

    open_ground = battle([ninja(0, 0, "ash", 2, (4, 4), facing=0), ninja(1, 1, "vine", 2, (9, 2), facing=3)])
    checked = 0
    for state in (open_ground, small_battle(seed=5)):
        for u in state.units[:2]:
            for mode in MOVE_MODES:
                whole = ninja_search(state, CAT, u, mode)
                for end, answer in whole.items():
                    assert ninja_search_to(state, CAT, u, mode, end) == answer
                    checked += 1
    assert checked > 500


def test_ninja_search_for_one_order_searches_whole_when_a_step_may_cost_nothing():
    """The A* keeps the listing's steps only when every step costs something; rules with a
    free turn (or a free terrain) are searched whole, and still agree with the listing."""
    from tests.core.ninja.ninja_helpers import CAT, battle, ninja

    free_turns = attrs.evolve(CAT, rules=attrs.evolve(CAT.rules, movement=attrs.evolve(CAT.rules.movement, turn_cost=0)))
    state = battle([ninja(0, 0, "ash", 2, (4, 4), facing=0), ninja(1, 1, "vine", 2, (9, 2), facing=3)])
    u = state.units[0]
    whole = ninja_search(state, free_turns, u, "walk")
    assert whole != ninja_search(state, CAT, u, "walk")  # the free turns do reach further
    for end, answer in whole.items():
        assert ninja_search_to(state, free_turns, u, "walk", end) == answer
