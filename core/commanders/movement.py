"""Manhattan movement over terrain (seed 002 "Tiles and movement", "Special movement").

Leaving a square costs 1 plus its terrain's extra: slopes +1 when climbing,
water +3, forest +1 (mounted only), craters +1, walls +5, rough/sand/snow +1,
mud +1 (mounted only). Air units and commanders with the "not affected by
movement penalties" buff pay 1 a step. Navy units pay nothing to leave water and
move with two budgets: every step counts against the swimming speed, steps onto
land also against the land speed. Units pass through allies, never through
enemies, and end on a free square. Pathfinding removes costs by tier.
"""

from __future__ import annotations

import heapq

from core.commanders.content import Catalogue
from core.commanders.derived import speeds, spec_of, tags_of
from core.commanders.state import Battle, Unit
from core.squaregrid import ORTHOGONAL, Square


def can_enter(state: Battle, unit: Unit, sq: tuple[int, int], cat: Catalogue) -> bool:
    """Terrain alone: walls of the impassable kinds stop everyone, fissures stop all but flyers."""
    if not state.board.inside(sq):
        return False
    terrain = cat.terrain[state.board.terrain_at(sq)]
    if terrain.passable:
        return True
    return terrain.air_passable and "air" in tags_of(unit, cat)


def leave_cost(state: Battle, unit: Unit, a: tuple[int, int], b: tuple[int, int], cat: Catalogue) -> int:
    """What one step from a to b costs this unit. Of `b` it reads only whether it stands
    higher than `a` (`search` keeps one answer per square left, uphill or not)."""
    tags = tags_of(unit, cat)
    if "air" in tags:
        return 1
    leader = state.leaders[unit.leader]
    if unit.role == "commander" and leader.commander.buffs.ignore_movement_penalties:
        return 1
    terrain = cat.terrain[state.board.terrain_at(a)]
    if terrain.name == "water" and "navy" in tags:
        return 1
    extra = terrain.leave_extra
    if terrain.leave_uphill_extra and state.board.height_at(b) > state.board.height_at(a):
        extra += terrain.leave_uphill_extra
    if not extra:
        return 1
    if terrain.mounted_only and "mounted" not in tags:
        return 1
    if terrain.name == "forest" and getattr(spec_of(unit, cat), "ignores_forest", False):
        return 1
    tier = leader.commander.skill_tier("Pathfinding")
    if terrain.pathfinding_tier and tier >= terrain.pathfinding_tier:
        return 1
    return 1 + extra


class ReachMemo:
    """A small memo of `search` results for one catalogue, keyed by value, never by identity.

    The key holds everything the search reads: the board, the unit, its commander's
    record and where every other living unit stands for which side (one flat tuple of
    squares and sides). Equal battles share entries however they were built (a loaded
    save, a re-seeded copy). The table is never changed once published: an insert
    builds a new one and replaces the whole table in one assignment, so a thread
    reading it (the AI) sees either the old table or the new one. At most `size`
    entries; the older half goes first. An entry is wanted only while its state is
    being played (listed, previewed, applied, and by the AI's candidates and
    replies), so a few dozen are enough; each holds a few kilobytes.
    """

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self._table: dict = {}

    def reachable(self, state: Battle, unit: Unit, cat: Catalogue) -> dict[Square, int]:
        others: list = []
        for u in state.units:
            if u.hp > 0 and u.uid != unit.uid:
                others += (u.pos, u.side)
        key = (state.board, unit, state.leaders[unit.leader].commander, tuple(others))
        table = self._table
        hit = table.get(key)
        if hit is not None:
            return hit
        result = search(state, unit, cat)
        if len(table) >= self.size:
            table = dict(list(table.items())[len(table) // 2:])
        else:
            table = dict(table)
        table[key] = result
        self._table = table
        return result


def reachable(state: Battle, unit: Unit, cat: Catalogue, memo: ReachMemo | None = None) -> dict[Square, int]:
    """Every square the unit may end its move on, with the cheapest cost (its own square at 0).

    With a `memo` (the ruleset keeps one), a search already made for an equal position is
    not made again: listing legal actions and then applying one of them searches once.
    Never mutate the result."""
    if memo is not None:
        return memo.reachable(state, unit, cat)
    return search(state, unit, cat)


Node = tuple[tuple[int, int], int]  # a square and the land a navy unit has used reaching it


def search(state: Battle, unit: Unit, cat: Catalogue,
            parents: dict[Node, tuple[Node | None, int]] | None = None) -> dict[Square, int]:
    """The cheapest-cost search behind `reachable`. Given `parents`, it also records for every
    search node the node it was reached from and its cost, so a route can be traced back.

    What a square costs is looked up once per search: whether the unit may enter it
    (`can_enter`), and what leaving it costs (`leave_cost`) towards a higher square and
    towards one not higher; a search meets each square from up to four sides."""
    move, land = speeds(state, unit, cat)
    if unit.status("sleep") is not None:
        return {unit.pos: 0}
    navy = "navy" in tags_of(unit, cat)
    board = state.board
    width = board.width
    terrain, elevation = board.terrain, board.elevation
    occupant: dict[tuple[int, int], int] = {(u.pos[0], u.pos[1]): u.side for u in state.units if u.hp > 0 and u.uid != unit.uid}
    enters: dict[tuple[int, int], bool] = {}
    leaves: dict[tuple[tuple[int, int], bool], int] = {}
    start = (unit.pos[0], unit.pos[1])
    best: dict[tuple[int, int], int] = {start: 0}
    seen: dict[tuple[tuple[int, int], int], int] = {(start, 0): 0}
    frontier = [(0, 0, start)]
    if parents is not None:
        parents[(start, 0)] = (None, 0)
    while frontier:
        cost, land_used, sq = heapq.heappop(frontier)
        if seen.get((sq, land_used), 1 << 30) < cost:
            continue
        x, y = sq
        z = elevation[y * width + x]
        for dx, dy in ORTHOGONAL:  # neighbours4's order
            nxt = (x + dx, y + dy)
            ok = enters.get(nxt)
            if ok is None:
                ok = enters[nxt] = can_enter(state, unit, nxt, cat)
            if not ok:
                continue
            side = occupant.get(nxt)
            if side is not None and side != unit.side:
                continue
            index = nxt[1] * width + nxt[0]
            uphill = elevation[index] > z
            step = leaves.get((sq, uphill))
            if step is None:
                step = leaves[(sq, uphill)] = leave_cost(state, unit, sq, nxt, cat)
            total = cost + step
            if total > move:
                continue
            used = land_used
            if navy and terrain[index] != "water":
                used += step
                if used > land:
                    continue
            key = (nxt, used if navy else 0)
            if seen.get(key, 1 << 30) <= total:
                continue
            seen[key] = total
            if parents is not None:
                parents[key] = ((sq, land_used), total)
            heapq.heappush(frontier, (total, key[1], nxt))
            if total < best.get(nxt, 1 << 30):
                best[nxt] = total
    return {Square(*sq): c for sq, c in sorted(best.items(), key=lambda kv: (kv[0][1], kv[0][0])) if sq == start or sq not in occupant}
