"""Where units stand and where they can go: footprints, gaps, Defender zones and movement.

Decisions (docs/RULES.md, StatWar): a step goes to any of the 8 neighbouring
squares; distances are counted the same way (Chebyshev), between the nearest
squares of two footprints; a unit may pass over friendly units but not over
enemies or blocked squares, and must end its move on free squares; a step onto a
square controlled by an enemy Defender ends the move.
"""

from __future__ import annotations

import heapq
from typing import Callable

from core.squaregrid import ALL_EIGHT, Square, square
from core.statwar.state import NO_UNIT, Battle, Unit

Cell = tuple[int, int]


def cells(x: int, y: int, size: int) -> tuple[Cell, ...]:
    """The size x size squares whose top-left corner is (x, y)."""
    return tuple((x + dx, y + dy) for dy in range(size) for dx in range(size))


def gap(ax: int, ay: int, asize: int, bx: int, by: int, bsize: int) -> int:
    """Chebyshev distance between the nearest squares of two footprints (0 when they overlap)."""
    dx = max(0, bx - (ax + asize - 1), ax - (bx + bsize - 1))
    dy = max(0, by - (ay + asize - 1), ay - (by + bsize - 1))
    return max(dx, dy)


def standing(state: Battle, unit: Unit) -> tuple[int, int, int]:
    """(x, y, size) of the squares a unit acts from: its own, or its mount's while riding."""
    if unit.riding != NO_UNIT:
        mount = state.units[unit.riding]
        return mount.x, mount.y, state.designs[mount.design].size
    return unit.x, unit.y, state.designs[unit.design].size


def occupancy(state: Battle) -> dict[Cell, int]:
    """Square -> uid of the unit standing on it (riders stand on nothing)."""
    occ: dict[Cell, int] = {}
    designs = state.designs
    for u in state.units:
        if u.health > 0 and u.placed and u.riding == NO_UNIT:
            size = designs[u.design].size
            if size == 1:
                occ[(u.x, u.y)] = u.uid
            else:
                for c in cells(u.x, u.y, size):
                    occ[c] = u.uid
    return occ


def riders_of(state: Battle, mount: int) -> tuple[int, ...]:
    return tuple(u.uid for u in state.units if u.riding == mount and u.health > 0)


def controlled(state: Battle, side: int) -> dict[Cell, int]:
    """Squares controlled by Defenders that are enemies of `side`: square -> lowest Defender uid.

    seed 001: Defender controls "the squares adjacent to it"; "additional levels give
    the unit control of an additional ring". Level L controls every square within
    L steps of its footprint. Riders project no zone (they stand on their mount).
    """
    zone: dict[Cell, int] = {}
    for u in state.units:
        if u.side == side or not (u.health > 0 and u.placed and u.riding == NO_UNIT):
            continue
        spec = state.designs[u.design]
        if not spec.defender:
            continue
        level, size = spec.defender, spec.size
        for y in range(u.y - level, u.y + size + level):
            for x in range(u.x - level, u.x + size + level):
                if u.x <= x < u.x + size and u.y <= y < u.y + size:
                    continue
                if (x, y) not in zone:
                    zone[(x, y)] = u.uid
    return zone


class Reach:
    """Every position a unit's move can pass through or end on this activation."""

    __slots__ = ("steps", "stopped_by", "ends")

    def __init__(self) -> None:
        self.steps: dict[Cell, int] = {}  # top-left position -> fewest steps
        self.stopped_by: dict[Cell, int] = {}  # positions where a Defender zone ends the move
        self.ends: list[Square] = []  # positions the move may end on, in (y, x) order (as actions name them)


def _position_check(pos: Cell, footprint, passable, occ, units, uid: int, side: int, zone) -> tuple[bool, bool, int]:
    """(may stand on, free of friends, stopping Defender or NO_UNIT) for the position `pos`
    of a unit whose footprint offsets are `footprint`: the one test of a position that
    `reach` and `reach_to` both make."""
    free = True
    stop = NO_UNIT
    for ox, oy in footprint:
        c = (pos[0] + ox, pos[1] + oy)
        if not passable(c[0], c[1]):
            return False, False, NO_UNIT
        holder = occ.get(c)
        if holder is not None and holder != uid:
            if units[holder].side != side:
                return False, False, NO_UNIT
            free = False
        z = zone.get(c)
        if z is not None and (stop == NO_UNIT or z < stop):
            stop = z
    return True, free, stop


def _starts(state: Battle, unit: Unit, size: int) -> list[Cell]:
    """Where a move starts: the unit's own position, or for a rider every position of its
    footprint inside its mount's (stepping off counts as a step)."""
    if unit.riding == NO_UNIT:
        return [(unit.x, unit.y)]
    mx, my, msize = standing(state, unit)
    return [(mx + ox, my + oy) for oy in range(msize - size + 1) for ox in range(msize - size + 1)]


def reach(state: Battle, uid: int) -> Reach:
    """Breadth-first search over top-left positions, up to the unit's Move in steps.

    A rider starts from every position inside its mount's footprint (stepping off
    counts as a step), so its ends never include the mount's squares.
    """
    board = state.board
    passable = board.passable
    unit = state.units[uid]
    spec = state.designs[unit.design]
    size = spec.size
    footprint = cells(0, 0, size)  # offsets of the squares a position covers, as `cells` orders them
    occ = occupancy(state)
    zone = controlled(state, unit.side)
    side = unit.side
    units = state.units
    out = Reach()
    sources = _starts(state, unit, size)
    for s in sources:
        out.steps[s] = 0
    bad: set[Cell] = set()
    frontier = sources
    for step in range(1, spec.move + 1):
        nxt: list[Cell] = []
        for x, y in frontier:
            for dx, dy in ALL_EIGHT:
                pos = (x + dx, y + dy)
                if pos in out.steps or pos in bad:
                    continue
                ok, free, stop = _position_check(pos, footprint, passable, occ, units, uid, side, zone)
                if not ok:
                    bad.add(pos)
                    continue
                out.steps[pos] = step
                if stop != NO_UNIT:
                    out.stopped_by[pos] = stop
                else:
                    nxt.append(pos)
                if free:
                    out.ends.append(square(pos))
        frontier = nxt
    out.ends.sort(key=lambda p: (p[1], p[0]))
    return out


def reach_to(state: Battle, uid: int, goal: Cell) -> tuple[int, int] | None:
    """`reach` asked about one position only: (fewest steps, stopping Defender or NO_UNIT)
    when the unit's move may end on `goal`, None when it may not.

    It tries the straight line to the goal first, then searches only towards the goal
    (A*: fewest steps so far plus the Chebyshev distance left, which never overestimates
    a move of one step in eight directions), over the same positions and steps as
    `reach`: the same test of a position (`_position_check`), a zone stops a move except
    from where it starts, and the answer is `reach`'s `steps[goal]` and
    `stopped_by.get(goal)` whenever `goal` is one of its `ends`.
    Applying a move on a position never searched needs this, not every end.
    """
    unit = state.units[uid]
    spec = state.designs[unit.design]
    size = spec.size
    sources = _starts(state, unit, size)
    move = spec.move
    gx, gy = goal
    if goal in sources or move < 1:
        return None  # `reach` never ends a move where it starts
    if min(max(abs(gx - x), abs(gy - y)) for x, y in sources) > move:
        return None
    passable = state.board.passable
    footprint = cells(0, 0, size)
    occ = occupancy(state)
    zone = controlled(state, unit.side)
    side = unit.side
    units = state.units
    ok, free, goal_stop = _position_check(goal, footprint, passable, occ, units, uid, side, zone)
    if not (ok and free):
        return None
    # Most moves go straight: the line that steps diagonally towards the goal, then along
    # the row or column, is as short as a move can be (the Chebyshev distance), so when
    # every position on it may be passed, that is the answer and nothing else is searched.
    x, y = min(sources, key=lambda p: max(abs(gx - p[0]), abs(gy - p[1])))
    line = max(abs(gx - x), abs(gy - y))
    for _ in range(line - 1):
        x += (gx > x) - (gx < x)
        y += (gy > y) - (gy < y)
        ok, _, stop = _position_check((x, y), footprint, passable, occ, units, uid, side, zone)
        if not ok or stop != NO_UNIT:
            break
    else:
        return line, goal_stop
    best: dict[Cell, int] = {}  # position -> fewest steps found so far (-1: tested and blocked)
    frontier: list[tuple[int, int, Cell]] = []
    for s in sources:
        best[s] = 0
        frontier.append((max(abs(gx - s[0]), abs(gy - s[1])), 0, s))
    heapq.heapify(frontier)
    start = set(sources)
    pop, push = heapq.heappop, heapq.heappush
    while frontier:
        _, g, pos = pop(frontier)
        g = -g
        if best[pos] != g:
            continue  # reached in fewer steps since, or blocked
        if pos == goal:
            return g, goal_stop
        if pos not in start:  # a position is tested when it is taken, not when it is met
            ok, _, stop = _position_check(pos, footprint, passable, occ, units, uid, side, zone)
            if not ok:
                best[pos] = -1
                continue
            if stop != NO_UNIT:
                continue  # a Defender's zone ends the move here
        step = g + 1
        spare = move - step  # what is left after this step: the Chebyshev distance to go may not exceed it
        x, y = pos
        for dx, dy in ALL_EIGHT:
            ax = gx - x - dx
            ay = gy - y - dy
            left = ax if ax >= 0 else -ax
            if ay > left or -ay > left:
                left = ay if ay >= 0 else -ay
            if left > spare:
                continue
            nxt = (x + dx, y + dy)
            if best.get(nxt, move + 1) <= step:
                continue
            best[nxt] = step
            push(frontier, (step + left, -step, nxt))
    return None


class ReachMemo:
    """The last move search, with the state and unit it was made for: `reach` run at most once for them.

    The AI lists a unit's moves and then applies several of them to the same state,
    and each apply checks the move again. The ruleset object owns one memo (no
    module-level cache). The state is compared by value (states are frozen records),
    and the one entry is replaced as a whole tuple: the TUI's thread and the AI's
    worker thread may both search, and neither may ever pair one state with the
    other's result.
    """

    __slots__ = ("_last",)

    def __init__(self) -> None:
        self._last: tuple = (None, NO_UNIT, None)

    def __call__(self, state: Battle, uid: int) -> Reach:
        found = self.held(state, uid)
        if found is not None:
            return found
        found = reach(state, uid)
        self._last = (state, uid, found)
        return found

    def held(self, state: Battle, uid: int) -> Reach | None:
        """The search this memo holds for the unit on an equal position, without searching."""
        last_state, last_uid, found = self._last
        if last_uid == uid and (last_state is state or last_state == state):
            return found
        return None


#: How a rule asks for a unit's moves: `reach` itself, or a ReachMemo in front of it.
Search = Callable[[Battle, int], Reach]


def move_to(state: Battle, uid: int, goal: Cell, search: Search = reach) -> tuple[int, int] | None:
    """(fewest steps, stopping Defender or NO_UNIT) of the unit's move to `goal`, None when
    it may not end there: from the search a ReachMemo holds for this position (the screen
    and the AI list a unit's moves before one is applied), otherwise by `reach_to`."""
    r = search.held(state, uid) if isinstance(search, ReachMemo) else None
    if r is None:
        return reach_to(state, uid, goal)
    if goal not in r.steps or goal not in r.ends:
        return None
    return r.steps[goal], r.stopped_by.get(goal, NO_UNIT)


def mount_positions(state: Battle, uid: int, mount: int, r: Reach) -> list[Cell]:
    """Positions from which `uid` can climb aboard `mount` with a step of Move to spare, not stopped by a zone."""
    spec = state.designs[state.units[uid].design]
    m = state.units[mount]
    msize = state.designs[m.design].size
    return [
        pos
        for pos, steps in r.steps.items()
        if steps < spec.move and pos not in r.stopped_by and gap(pos[0], pos[1], spec.size, m.x, m.y, msize) <= 1
    ]


def target_boxes(state: Battle, uid: int, size: int) -> list[tuple[int, int, int, int, int]]:
    """For an attacker of footprint `size`: (x0, x1, y0, y1, uid) of every enemy it may attack,
    where x0..x1 and y0..y1 are the top-left positions it can attack that enemy from (those
    within its reach, by `gap`), in uid order. Listing a unit's attacks from every end of its
    move asks each end only which boxes hold it.

    seed 001: "Riding units cannot be attacked": riders are never listed.
    """
    unit = state.units[uid]
    reach_sq = state.designs[unit.design].reach
    designs = state.designs
    out = []
    for t in state.units:
        if t.side == unit.side or not (t.health > 0 and t.placed and t.riding == NO_UNIT):
            continue
        far = designs[t.design].size - 1 + reach_sq  # gap <= reach: each axis within reach
        out.append((t.x - size + 1 - reach_sq, t.x + far, t.y - size + 1 - reach_sq, t.y + far, t.uid))
    return out


def targets_from(state: Battle, uid: int, x: int, y: int, size: int) -> list[int]:
    """Enemy units on the board within the attacker's reach of footprint (x, y, size), by uid."""
    return [t for x0, x1, y0, y1, t in target_boxes(state, uid, size) if x0 <= x <= x1 and y0 <= y <= y1]
