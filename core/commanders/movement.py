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
from core.squaregrid import ORTHOGONAL, Square, square


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
    higher than `a`, and of `a` only its terrain (`search` keeps one answer per terrain left, uphill or not)."""
    board = state.board
    return _leave_cost(state, unit, board.terrain_at(a), board.height_at(b) > board.height_at(a), cat)


def _leave_cost(state: Battle, unit: Unit, kind: str, uphill: bool, cat: Catalogue) -> int:
    """`leave_cost` of a square of terrain `kind`, towards a higher square or not."""
    tags = tags_of(unit, cat)
    if "air" in tags:
        return 1
    leader = state.leaders[unit.leader]
    if unit.role == "commander" and leader.commander.buffs.ignore_movement_penalties:
        return 1
    terrain = cat.terrain[kind]
    if terrain.name == "water" and "navy" in tags:
        return 1
    extra = terrain.leave_extra
    if terrain.leave_uphill_extra and uphill:
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

    @staticmethod
    def _key(state: Battle, unit: Unit) -> tuple:
        uid, others = unit.uid, []
        add = others.append
        for u in state.units:
            if u.hp > 0 and u.uid != uid:
                add(u.pos)
                add(u.side)
        return (state.board, unit, state.leaders[unit.leader].commander, tuple(others))

    def cost_to(self, state: Battle, unit: Unit, cat: Catalogue, dest: tuple[int, int]) -> int | None:
        """`reachable(...).get(dest)`: from the search held for an equal position, or else by a
        search towards `dest` alone (not kept: the screen and the AI list a unit's moves,
        which fills the memo, before they apply one)."""
        table = self._table
        hit = table.get(self._key(state, unit)) if table else None  # (nothing listed: a replay, a verify)
        return hit.get(dest) if hit is not None else cost_to(state, unit, cat, dest)

    def reachable(self, state: Battle, unit: Unit, cat: Catalogue) -> dict[Square, int]:
        key = self._key(state, unit)
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


def cost_to(state: Battle, unit: Unit, cat: Catalogue, dest: tuple[int, int], memo: ReachMemo | None = None) -> int | None:
    """The cheapest cost of the unit's move to `dest`, or None when it may not end there:
    `reachable(...).get(dest)` without searching every square."""
    if memo is not None:
        return memo.cost_to(state, unit, cat, dest)
    return search(state, unit, cat, goal=(dest[0], dest[1])).get(dest)


def _step_costs(state: Battle, unit: Unit, kind: str, cat: Catalogue, table: dict[str, tuple[int, int]]) -> tuple[int, int]:
    """What leaving a square of terrain `kind` costs this unit: (towards a square not higher,
    towards a higher one), from `table` (terrain -> that pair) or worked out once and put there."""
    pair = table.get(kind)
    if pair is None:
        level = _leave_cost(state, unit, kind, False, cat)
        uphill = _leave_cost(state, unit, kind, True, cat) if cat.terrain[kind].leave_uphill_extra else level
        pair = table[kind] = (level, uphill)
    return pair


def _straight_cost(state: Battle, unit: Unit, cat: Catalogue, start: tuple[int, int], goal: tuple[int, int],
                   occupant: dict, enters: dict, steps: dict, land: int | None) -> int | None:
    """The Manhattan distance from `start` to `goal` when the path that only closes in on the
    goal (along the longer way left first) costs 1 a step and may be taken: no move is cheaper,
    so that is what the search would find. None when a step of it costs more or is barred, or
    (a navy, with its `land` points) when it steps onto land more times than those.
    `occupant`, `enters` and `steps` are `search`'s own tables."""
    board = state.board
    width, terrain, elevation = board.width, board.terrain, board.elevation
    x, y = start
    gx, gy = goal
    count = on_land = 0
    while x != gx or y != gy:  # every square between stays inside the board, like the two ends
        if abs(gx - x) >= abs(gy - y):
            nx, ny = x + (1 if gx > x else -1), y
        else:
            nx, ny = x, y + (1 if gy > y else -1)
        here, index = y * width + x, ny * width + nx
        there = terrain[index]
        ok = enters.get(there)
        if ok is None:
            ok = enters[there] = can_enter(state, unit, (nx, ny), cat)
        side = occupant.get((nx, ny))
        if not ok or (side is not None and side != unit.side):
            return None
        if _step_costs(state, unit, terrain[here], cat, steps)[elevation[index] > elevation[here]] != 1:
            return None
        if land is not None and there != "water":
            on_land += 1
            if on_land > land:
                return None
        x, y = nx, ny
        count += 1
    return count


def _cheapest(state: Battle, unit: Unit, cat: Catalogue, start: tuple[int, int], goal: tuple[int, int],
              budgets: tuple[int, int | None], occupant: dict, enters: dict, steps: dict) -> int | None:
    """The cheapest cost of a move from `start` to `goal`, or None: the cost `search` finds
    for `goal`, by the same rules (terrain `can_enter`, no enemy passed, steps as
    `leave_cost`, within the move's points; `budgets` is (move, land) for a navy, whose steps
    onto land also count against its land points, else (move, None)).

    Only the cost is asked for, not the way, so this A* (the cost so far plus the Manhattan
    distance left, which never overestimates: every step costs at least 1) keeps a search
    node as one number (board index, plus the land points used times the board's size for a
    navy). `occupant`, `enters` and `steps` are `search`'s own tables; the caller has
    checked that the goal is free and inside the board."""
    move, land = budgets
    board = state.board
    width, height = board.width, board.height
    size = width * height
    terrain, elevation = board.terrain, board.elevation
    side = unit.side
    gx, gy = goal
    x, y = start
    best = {y * width + x: 0}  # node -> cheapest cost found
    frontier = [(abs(gx - x) + abs(gy - y), 0, 0, x, y)]  # (cost + distance left, -cost, land used, x, y)
    pop, push = heapq.heappop, heapq.heappush
    while frontier:
        _, cost, used, x, y = pop(frontier)
        cost = -cost
        here = y * width + x
        if best[here + used * size] < cost:
            continue
        if x == gx and y == gy:
            return cost
        level_up = _step_costs(state, unit, terrain[here], cat, steps)
        z = elevation[here]
        for nx, ny in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
            if nx < 0 or ny < 0 or nx >= width or ny >= height:
                continue
            index = ny * width + nx
            step = level_up[elevation[index] > z]
            total = cost + step
            ahead = total + abs(gx - nx) + abs(gy - ny)
            if ahead > move:
                continue
            there = terrain[index]
            now = used
            if land is not None and there != "water":
                now += step
                if now > land:
                    continue
            node = index + now * size
            if best.get(node, move + 1) <= total:
                continue
            ok = enters.get(there)
            if ok is None:
                ok = enters[there] = can_enter(state, unit, (nx, ny), cat)
            if not ok:
                continue
            other = occupant.get((nx, ny))
            if other is not None and other != side:
                continue
            best[node] = total
            push(frontier, (ahead, -total, now, nx, ny))
    return None


Node = tuple[tuple[int, int], int]  # a square and the land a navy unit has used reaching it


def search(state: Battle, unit: Unit, cat: Catalogue,
            parents: dict[Node, tuple[Node | None, int]] | None = None,
            goal: tuple[int, int] | None = None) -> dict[Square, int]:
    """The cheapest-cost search behind `reachable`. Given `parents`, it also records for every
    search node the node it was reached from and its cost, so a route can be traced back.

    What a square costs depends only on its terrain and the unit, so it is looked up once
    per terrain a search meets: whether the unit may enter it (`can_enter`), and what
    leaving it costs (`_step_costs`) towards a higher square and towards one not higher.

    Given a `goal` square, it answers for that square alone: {goal: cheapest cost}, or {}
    when the move may not end there (the whole search's answer for it). It first tries the
    one path that only closes in on the goal (`_straight_cost`), then searches towards the
    goal alone (`_cheapest`): applying a move on a position never searched needs this, not
    every square."""
    move, land = speeds(state, unit, cat)
    start = (unit.pos[0], unit.pos[1])
    if unit.status("sleep") is not None:
        return {unit.pos: 0} if goal is None or goal == start else {}
    navy = "navy" in tags_of(unit, cat)
    board = state.board
    width, height = board.width, board.height
    terrain, elevation = board.terrain, board.elevation
    uid = unit.uid
    occupant: dict[tuple[int, int], int] = {u.pos: u.side for u in state.units if u.hp > 0 and u.uid != uid}  # Square keys, equal to (x, y)
    enters: dict[str, bool] = {}  # terrain -> whether the unit may enter it
    steps: dict[str, tuple[int, int]] = {}  # terrain left -> what leaving it costs (not uphill, uphill)
    if goal is not None:
        gx, gy = goal
        if goal == start:
            return {Square(*goal): 0}
        if not (0 <= gx < width and 0 <= gy < height) or goal in occupant or abs(gx - start[0]) + abs(gy - start[1]) > move:
            return {}
        budgets = (move, land if navy else None)
        cost = _straight_cost(state, unit, cat, start, goal, occupant, enters, steps, budgets[1])
        if cost is None:
            cost = _cheapest(state, unit, cat, start, goal, budgets, occupant, enters, steps)
        return {} if cost is None else {square(goal): cost}
    best: dict[tuple[int, int], int] = {start: 0}
    seen: dict[tuple[tuple[int, int], int], int] = {(start, 0): 0}
    # (cost, the cost negated, land used, square): the order nodes are settled in, which
    # decides the parents recorded (a route) between paths of the same cost
    frontier = [(0, 0, 0, start)]
    if parents is not None:
        parents[(start, 0)] = (None, 0)
    while frontier:
        _, cost, land_used, sq = heapq.heappop(frontier)
        cost = -cost
        if seen.get((sq, land_used), 1 << 30) < cost:
            continue
        x, y = sq
        z = elevation[y * width + x]
        level_up = _step_costs(state, unit, terrain[y * width + x], cat, steps)
        for dx, dy in ORTHOGONAL:  # neighbours4's order
            nx, ny = x + dx, y + dy
            if not (0 <= nx < width and 0 <= ny < height):
                continue
            nxt = (nx, ny)
            index = ny * width + nx
            kind = terrain[index]
            ok = enters.get(kind)
            if ok is None:
                ok = enters[kind] = can_enter(state, unit, nxt, cat)
            if not ok:
                continue
            side = occupant.get(nxt)
            if side is not None and side != unit.side:
                continue
            step = level_up[elevation[index] > z]
            total = cost + step
            if total > move:
                continue
            used = land_used
            if navy and kind != "water":
                used += step
                if used > land:
                    continue
            key = (nxt, used if navy else 0)
            if seen.get(key, 1 << 30) <= total:
                continue
            seen[key] = total
            if parents is not None:
                parents[key] = ((sq, land_used), total)
            heapq.heappush(frontier, (total, -total, key[1], nxt))
            if total < best.get(nxt, 1 << 30):
                best[nxt] = total
    return {square(sq): c for sq, c in sorted(best.items(), key=lambda kv: (kv[0][1], kv[0][0])) if sq == start or sq not in occupant}
