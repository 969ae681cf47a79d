"""Seed 002 movement: Manhattan steps, the cost of leaving terrain, flyers, navy speeds, Pathfinding."""

import pytest

from core.commanders.movement import leave_cost, reachable
from core.squaregrid import Square

from .builders import make_battle, make_commander
from tests.core.commanders.builders import CAT


def one(unit: str, rows, at, skills=None, heights=None, cls="Warrior", buffs=None):
    kw = {"buffs": buffs} if buffs else {}
    me = make_commander(cls, skills=skills, troop=[unit], **kw)
    return make_battle(rows, [(me, 0, (0, 0), [(unit, at)]), (make_commander("Warrior"), 1, (len(rows[0]) - 1, len(rows) - 1), [])], heights=heights)


def test_manhattan_only():
    state = one("Footman", ["." * 11] * 11, (5, 5))
    reach = reachable(state, state.units[1], cat=CAT)
    assert max(abs(s.x - 5) + abs(s.y - 5) for s in reach) == 5
    assert Square(8, 8) not in reach  # 6 steps with no diagonals


@pytest.mark.parametrize("symbol,unit,cost", [
    ("~", "Footman", 4),  # water: leaving costs 3 extra
    ("T", "Footman", 1), ("T", "Cavalry", 2),  # forest: mounted only
    ("o", "Footman", 2),  # crater
    ("#", "Footman", 6),  # wall: 5 extra
    (",", "Footman", 2), (":", "Footman", 2), ("*", "Footman", 2),  # rough, sand, snow
    ("%", "Footman", 1), ("%", "Cavalry", 2),  # mud: mounted only
    ("~", "Griffon", 1), ("#", "Griffon", 1),  # air units ignore every penalty
    ("~", "Merman", 1),  # navy leave water freely
    ("T", "Satyr", 1),  # the Satyr ignores forests
])
def test_leaving_terrain(symbol, unit, cost):
    state = one(unit, ["..." , "." + symbol + ".", "..."], (1, 1))
    assert leave_cost(state, state.units[1], (1, 1), (2, 1), cat=CAT) == cost


def test_slope_costs_only_uphill():
    state = one("Footman", [".//"], (1, 0), heights=["012"])
    assert leave_cost(state, state.units[1], (1, 0), (2, 0), cat=CAT) == 2
    assert leave_cost(state, state.units[1], (1, 0), (0, 0), cat=CAT) == 1


@pytest.mark.parametrize("tier,free", [(1, {",", "/"}), (2, {",", "/", ":", "*"}), (3, {",", "/", ":", "*", "T"})])
def test_pathfinding_tiers(tier, free):
    for symbol in (",", "/", ":", "*", "T"):
        rows = ["...", "." + symbol + ".", "..."]
        state = one("Cavalry", rows, (1, 1), skills={"Pathfinding": tier}, heights=["000", "001", "000"], cls="Knight")
        cost = leave_cost(state, state.units[1], (1, 1), (2, 1), cat=CAT)
        assert (cost == 1) == (symbol in free), (symbol, tier, cost)


def test_walls_and_fissures():
    rows = ["..X..", "..@..", "....."]
    state = one("Footman", rows, (0, 0))
    reach = reachable(state, state.units[1], cat=CAT)
    assert Square(2, 0) not in reach and Square(2, 1) not in reach
    state = one("Griffon", rows, (0, 0))
    reach = reachable(state, state.units[1], cat=CAT)
    assert Square(2, 0) in reach and Square(2, 1) not in reach  # flyers cross fissures, never cliffs


def test_navy_land_and_swim_speeds():
    # seed 002: a Seahorse (12, 6 on land) may walk 5 on land, swim, then step ashore
    rows = ["......~~~~~~~."]
    state = one("Seahorse", rows, (0, 0))
    reach = reachable(state, state.units[1], cat=CAT)
    assert Square(12, 0) in reach  # 6 land steps (5 + the first is land), then water
    assert Square(13, 0) not in reach  # would be a 7th land step (12 total reached first)
    rows = ["............."]
    state = one("Seahorse", rows, (0, 0))
    assert max(s.x for s in reachable(state, state.units[1], cat=CAT)) == 6  # land speed on land


def test_enemies_block_allies_do_not():
    me = make_commander("Warrior", troop=["Footman", "Footman"])
    state = make_battle(["....."], [(me, 0, (4, 0), [("Footman", (0, 0)), ("Footman", (1, 0))]), (make_commander("Warrior"), 1, (3, 0), [])])
    reach = reachable(state, state.units[1], cat=CAT)
    assert Square(2, 0) in reach and Square(1, 0) not in reach and Square(4, 0) not in reach


def test_commander_ignoring_penalties_buff():
    from core.commanders.commander import Buffs

    state = one("Footman", ["~.."], (2, 0), buffs=Buffs(ignore_movement_penalties=True))
    from core.commanders.effects import put
    import attrs

    state = put(state, attrs.evolve(state.units[0], pos=Square(0, 0)))
    assert leave_cost(state, state.units[0], (0, 0), (1, 0), cat=CAT) == 1
