"""Movement of seed 000: walk 5, run 8, jump 6 points; facing, backward steps, elevation.

Orders are (destination, final facing, mode) and the route there: the listing
names the cheapest step sequence, found by a uniform-cost search over (hex,
facing), and recording an order follows the route it names a step at a time
(`follow`); an order that names none is searched towards its end, with the steps
the whole search gives. The plan stored with the order holds the route's steps.
Resolution moves units one after another in priority order (mode, then spare
points, then a seeded tie-break); a unit whose next hex is taken stops short.
"""

from __future__ import annotations

import bisect
import heapq
from typing import Any, Callable, Collection


from core.hexgrid import DIRECTIONS, Hex, direction_between
from core.ninja.actions import OrderMove
from core.ninja.content import Catalogue
from core.ninja.events import MoveBlocked, UnitMoved
from core.ninja.state import Battle, MovePlan, Unit, replace_battle, replace_unit
from core.ninja.terrain import terrain_of

MOVE_MODES = ("walk", "run", "jump")


def mode_points(cat: Catalogue, unit: Unit, mode: str) -> int:
    """Movement points of `unit` in `mode` this round; 0 when the mode is not allowed.

    Seed 000: walk 5, run 8, jump 6; Gale +1. Hamstrung: walk only, 4 points.
    Frozen: points halved (rounded down). Entangled: no movement at all.
    """
    mv = cat.rules.movement
    affected = bool(unit.effects)  # most ninja have no effect to look through
    if affected and unit.has("entangled"):
        return 0
    if affected and unit.has("hamstrung"):
        if mode != "walk":
            return 0
        points = cat.rules.combat.hamstrung_walk
    else:
        points = {"walk": mv.walk, "run": mv.run, "jump": mv.jump}[mode] + cat.schools[unit.school].move_bonus
    if affected and unit.has("frozen"):
        points //= 2
    return points


def blocked_for(state: Battle, unit: Unit) -> frozenset[Hex]:
    """The hexes `unit` may not enter: where the other living ninja stand."""
    uid = unit.uid
    return frozenset([u.hex for u in state.units if u.hp > 0 and u.uid != uid])


def _cell(state: Battle, cat: Catalogue, h: tuple[int, int], blocked: Collection[Hex]) -> tuple[int, int]:
    """(points to step into `h`, its terrain's cost, or -1 if it cannot be entered; its elevation,
    0 off the map), with the hex's board index worked out once."""
    i = state.board.index(h)
    if i < 0:
        return -1, 0
    elevation = state.board.elevation[i]
    if h in blocked:
        return -1, elevation
    key = terrain_of(state, h, i)
    if not key:
        return -1, elevation
    spec = cat.rules.terrain[key]
    return (spec.move_cost if spec.passable else -1), elevation


def search(state: Battle, cat: Catalogue, unit: Unit, mode: str,
           blocked: Collection[Hex] | None = None) -> dict[tuple[Hex, int], tuple[int, tuple]]:
    """Every (hex, facing) `unit` can end on in `mode`: cheapest cost and its steps.

    Walking and running: a turn of one hex-side costs 1; a step forward costs the
    hex's terrain; a backward step (walking only) costs 2 per terrain point; at
    most one level of elevation per hex. Jumping: any neighbour, turns free, one
    point more per level climbed, any drop.

    Nodes are settled in the order of (cost, q, r, facing), which decides the steps
    kept between paths of the same cost: a node's parent is the first node settled
    that reaches it at its cheapest cost (`search_to` relies on it).

    `blocked` (the hexes other living ninja stand on, `blocked_for`) may be given when
    the caller has it already.
    """
    points = mode_points(cat, unit, mode)
    mv = cat.rules.movement
    if blocked is None:
        blocked = blocked_for(state, unit)
    start = (unit.hex, unit.facing)
    best: dict[tuple[Hex, int], int] = {start: 0}
    parent: dict[tuple[Hex, int], tuple[Hex, int] | None] = {start: None}
    heap: list[tuple[int, int, int, int]] = [(0, unit.hex[0], unit.hex[1], unit.facing)]
    cells: dict[Hex, tuple[int, int]] = {}  # hex -> (cost to enter or -1, elevation): each looked up once

    def cell(h: tuple[int, int]) -> tuple[int, int]:
        found = cells[h] = _cell(state, cat, h, blocked)
        return found

    # Hexes are plain (q, r) tuples inside the search (a Hex is one, equal and hashed alike);
    # the answer's keys are Hexes again.
    turn_cost, back_cost, climb_cost, max_climb = mv.turn_cost, mv.backward_cost, mv.climb_cost, mv.max_step_climb
    jump, walk = mode == "jump", mode == "walk"
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        cost, q, r, f = pop(heap)
        h = (q, r)
        here = (h, f)
        if cost > best.get(here, 1 << 30):
            continue
        nexts: list[tuple[tuple[tuple[int, int], int], int]] = []
        z = (cells.get(h) or cell(h))[1]
        if jump:
            for dq, dr in DIRECTIONS:
                n = (q + dq, r + dr)
                c, nz = cells.get(n) or cell(n)
                if c < 0:
                    continue
                climb = (nz - z) * climb_cost if nz > z else 0
                nexts.append(((n, 0), cost + c + climb))  # turns are free: facing chosen at the end
        else:
            nexts.append(((h, (f + 1) % 6), cost + turn_cost))
            nexts.append(((h, (f - 1) % 6), cost + turn_cost))
            dq, dr = DIRECTIONS[f]
            n = (q + dq, r + dr)
            c, nz = cells.get(n) or cell(n)
            if c >= 0 and abs(nz - z) <= max_climb:
                nexts.append(((n, f), cost + c))
            if walk:  # a step backward
                n = (q - dq, r - dr)
                c, nz = cells.get(n) or cell(n)
                if c >= 0 and abs(nz - z) <= max_climb:
                    nexts.append(((n, f), cost + c * back_cost))
        for key, c in nexts:
            if c <= points and c < best.get(key, 1 << 30):
                best[key] = c
                parent[key] = here
                push(heap, (c, key[0][0], key[0][1], key[1]))
    out: dict[tuple[Hex, int], tuple[int, tuple]] = {}
    trails: dict[tuple, tuple] = {start: ()}  # node -> its steps from the start, each made once
    for (hq, f), c in best.items():
        key = (Hex(*hq), f)
        if key == start or (jump and key[0] == unit.hex):
            continue
        steps_t = _trail(key, parent, trails, jump)
        if jump:
            for nf in range(6):
                out[(key[0], nf)] = (c, steps_t[:-1] + ((key[0][0], key[0][1], nf),))
        else:
            out[key] = (c, steps_t)
    return out


def _trail(node: tuple, parent: dict, trails: dict, jump: bool) -> tuple:
    """The steps (q, r, facing) from the start to `node` along `parent`, extending the
    nearest node whose steps `trails` holds (and keeping each node's steps there). A jump
    faces the way it went."""
    chain = []
    at = node
    while at not in trails:
        chain.append(at)
        at = parent[at]
    steps = trails[at]
    for at in reversed(chain):
        facing = direction_between(parent[at][0], at[0]) if jump else at[1]
        steps = trails[at] = steps + ((at[0][0], at[0][1], facing),)
    return steps


def search_to(state: Battle, cat: Catalogue, unit: Unit, mode: str, end: tuple[Hex, int],
              blocked: Collection[Hex] | None = None) -> tuple[int, tuple] | None:
    """`search(...).get(end)` without searching every end: the (cost, steps) of the plan
    for one order, or None when `unit` cannot end there in `mode`. Recording an order on a
    position never listed needs this.

    An A* over the same (hex, facing) nodes and steps as `search`, whose estimate of the
    way left is the hexes to go times the cheapest step of any terrain
    (`RulesSpec.least_step_cost`): a step moves one hex and costs at least that, a turn
    costs something and moves none, so the estimate never overestimates and never drops
    by more than a step costs. A node is then settled at its cheapest cost, and every
    node that lies on a cheapest way to the end (its cost plus estimate at most the
    end's cost) is settled before the queue holds only dearer ones, where this stops.

    Between ways of the same cost, the steps are those `search` keeps: walking back
    from the end, each node's parent is, of the settled nodes that reach it at its
    cheapest cost, the one with the least (cost, q, r, facing), which is the one
    `search` settles first. Every step must cost more than nothing for that to hold;
    rules whose terrain, turn or backward step may cost nothing are searched whole.
    """
    mv = cat.rules.movement
    least = cat.rules.least_step_cost
    turn_cost, back_cost, climb_cost, max_climb = mv.turn_cost, mv.backward_cost, mv.climb_cost, mv.max_step_climb
    if blocked is None:
        blocked = blocked_for(state, unit)
    if least <= 0 or turn_cost <= 0 or back_cost <= 0:
        return search(state, cat, unit, mode, blocked).get(end)
    points = mode_points(cat, unit, mode)
    jump, walk = mode == "jump", mode == "walk"
    (tq, tr), facing = end
    uq, ur = unit.hex
    start = (uq, ur, 0 if jump else unit.facing)  # nodes are (q, r, facing); a jump's facing is chosen at the end
    goal = (tq, tr, 0 if jump else facing)
    if goal == start or (jump and (tq, tr) == (uq, ur)) or not 0 <= facing < 6:
        return None  # `search` never ends an order where it starts
    cells: dict[tuple[int, int], tuple[int, int]] = {}  # hex -> (cost to enter or -1, elevation)

    def cell(h: tuple[int, int]) -> tuple[int, int]:
        found = cells[h] = _cell(state, cat, h, blocked)
        return found

    if cell((tq, tr))[0] < 0:
        return None
    cell((uq, ur))  # every node's hex is looked up before the node is queued
    best: dict[tuple[int, int, int], int] = {start: 0}
    settled: dict[tuple[int, int, int], int] = {}
    dq, dr = uq - tq, ur - tr
    heap = [((abs(dq) + abs(dr) + abs(dq + dr)) // 2 * least, 0, start)]  # (cost + estimate, cost, node)
    found = -1
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        ahead, cost, node = pop(heap)
        if 0 <= found < ahead:
            break  # every node on a cheapest way to the end is settled
        if node in settled:
            continue  # queued again since at a higher cost (the estimate is the node's own)
        settled[node] = cost
        if node == goal:
            found = cost
            continue
        q, r, f = node
        z = cells[(q, r)][1]
        nexts: list[tuple[tuple[int, int, int], int]] = []
        if jump:
            for dq, dr in DIRECTIONS:
                n = (q + dq, r + dr)
                c, nz = cells.get(n) or cell(n)
                if c >= 0:
                    nexts.append(((n[0], n[1], 0), cost + c + ((nz - z) * climb_cost if nz > z else 0)))
        else:
            nexts.append(((q, r, (f + 1) % 6), cost + turn_cost))
            nexts.append(((q, r, (f - 1) % 6), cost + turn_cost))
            dq, dr = DIRECTIONS[f]
            n = (q + dq, r + dr)
            c, nz = cells.get(n) or cell(n)
            if c >= 0 and abs(nz - z) <= max_climb:
                nexts.append(((n[0], n[1], f), cost + c))
            if walk:  # a step backward
                n = (q - dq, r - dr)
                c, nz = cells.get(n) or cell(n)
                if c >= 0 and abs(nz - z) <= max_climb:
                    nexts.append(((n[0], n[1], f), cost + c * back_cost))
        for key, c in nexts:
            if c > points or c >= best.get(key, 1 << 30):
                continue
            dq, dr = key[0] - tq, key[1] - tr
            estimate = c + (abs(dq) + abs(dr) + abs(dq + dr)) // 2 * least
            if estimate > points:
                continue
            best[key] = c
            push(heap, (estimate, c, key))
    if found < 0:
        return None
    return found, _steps_back(goal, start, settled, cells, mode, mv, facing)


def _steps_back(goal: tuple[int, int, int], start: tuple[int, int, int], settled: dict, cells: dict,
                mode: str, mv: Any, facing: int) -> tuple:
    """The steps (q, r, facing) of `search_to`'s answer, found walking back from `goal`: at
    each node, of the settled nodes one step before it that reach it at its cheapest cost,
    the one with the least (cost, q, r, facing). A jump faces the way it went, and the order's
    facing at the end."""
    jump, walk = mode == "jump", mode == "walk"
    path = [goal]
    at = goal
    while at != start:
        q, r, f = at
        cost = settled[at]
        enter, z = cells[(q, r)]
        before: list[tuple[int, tuple[int, int, int]]] = []
        if jump:
            for dq, dr in DIRECTIONS:
                p = (q - dq, r - dr, 0)
                was = settled.get(p)
                if was is not None:
                    pz = cells[(p[0], p[1])][1]
                    if was + enter + ((z - pz) * mv.climb_cost if z > pz else 0) == cost:
                        before.append((was, p))
        else:
            for p in ((q, r, (f - 1) % 6), (q, r, (f + 1) % 6)):
                was = settled.get(p)
                if was is not None and was + mv.turn_cost == cost:
                    before.append((was, p))
            dq, dr = DIRECTIONS[f]
            steps = [((q - dq, r - dr, f), enter)]  # a step forward into (q, r)
            if walk:
                steps.append(((q + dq, r + dr, f), enter * mv.backward_cost))  # a step backward into it
            for p, price in steps:
                was = settled.get(p)
                if was is not None and was + price == cost and abs(cells[(p[0], p[1])][1] - z) <= mv.max_step_climb:
                    before.append((was, p))
        at = min(before)[1]
        path.append(at)
    path.reverse()
    out = []
    for (pq, pr, _), (q, r, f) in zip(path, path[1:]):
        out.append((q, r, direction_between(Hex(pq, pr), Hex(q, r)) if jump else f))
    if jump:
        out[-1] = (out[-1][0], out[-1][1], facing)
    return tuple(out)


def follow(state: Battle, cat: Catalogue, unit: Unit, mode: str, end: tuple[Hex, int],
           route: tuple, points: int | None = None) -> tuple[int, tuple] | None:
    """The (cost, steps) of the route an order names, or None when it is not one `unit`
    may take in `mode` to `end`: each step one that `search` would take from the step
    before (a turn of one hex-side, a step forward, a walker's step backward, a jump to a
    neighbour; passable, not where another ninja stands, at most one level up or down
    unless jumping), the whole within the mode's points, ending on `end` and not where
    it started. A jump's steps face the way they go, its last one the order's facing.

    Checking a named route takes a look-up a step where finding one takes a search: a
    replay and an order picked from the listing name theirs. When every step costs
    something, a route within the points has at most that many steps, which bounds the
    work before any is done; with rules where a turn or a step may cost nothing the route
    must be the one `search` finds (any longer one would be work without a bound).
    `points`: the mode's points (`mode_points`), when the caller has them.

    The step rules are `search`'s, written out for the one step a route names: going
    through the search's own expansion would look up every neighbour of every step, the
    time this saves. tests/core/ninja/test_ninja_routes.py follows every route the
    search lists on the bundled maps and checks each comes out at the search's cost.
    """
    mv = cat.rules.movement
    turn_cost, back_cost, climb_cost, max_climb = mv.turn_cost, mv.backward_cost, mv.climb_cost, mv.max_step_climb
    if points is None:
        points = mode_points(cat, unit, mode)
    if cat.rules.least_step_cost <= 0 or turn_cost <= 0 or back_cost <= 0:
        found = search(state, cat, unit, mode).get(end)
        return found if found is not None and found[1] == tuple(route) else None
    (tq, tr), facing = end
    if not route or len(route) > points or route[-1] != (tq, tr, facing):
        return None
    route = tuple(route)
    jump, walk = mode == "jump", mode == "walk"
    q, r = unit.hex
    f = unit.facing
    z = state.board.elevation[state.board.index(unit.hex)]
    cost = 0
    last = len(route) - 1
    entered = set()  # who stands where is asked once, of these hexes only
    for i, step in enumerate(route):
        if type(step) is not tuple or len(step) != 3:
            return None
        nq, nr, nf = step
        dq, dr = nq - q, nr - r
        if not jump and not dq and not dr:  # a turn on the spot
            if nf != (f + 1) % 6 and nf != (f - 1) % 6:
                return None
            cost += turn_cost
            if cost > points:
                return None
            f = nf
            continue
        if jump:
            if (dq, dr) not in DIRECTIONS or (i < last and nf != DIRECTIONS.index((dq, dr))):
                return None
            times = 1
        elif nf != f:
            return None
        elif (dq, dr) == DIRECTIONS[f]:
            times = 1
        elif walk and (-dq, -dr) == DIRECTIONS[f]:
            times = back_cost
        else:
            return None
        c, nz = _cell(state, cat, (nq, nr), ())
        if c < 0:
            return None
        if jump:
            cost += c + ((nz - z) * climb_cost if nz > z else 0)
        elif abs(nz - z) > max_climb:
            return None
        else:
            cost += c * times
        if cost > points:
            return None
        entered.add((nq, nr))
        q, r, f, z = nq, nr, nf, nz
    if (q, r) == unit.hex and (jump or f == unit.facing):
        return None  # `search` never ends an order where it starts
    uid = unit.uid
    for other in state.units:
        if other.hex in entered and other.hp > 0 and other.uid != uid:
            return None  # no step may enter a hex another living ninja stands on
    return cost, route


def move_options(state: Battle, cat: Catalogue, unit: Unit,
                 memo: ReachMemo | None = None) -> list[tuple[str, Hex, int, int, tuple]]:
    """(mode, destination, facing, cost, steps) for every legal movement order, stable order.

    The first is always the order to stand still (stand in place, keep facing). With a
    `memo` (the ruleset keeps one) each mode's search is made once for equal positions."""
    out = [("stand", unit.hex, unit.facing, 0, ())]
    for mode in MOVE_MODES:
        points = mode_points(cat, unit, mode)
        if points <= 0:
            continue
        if memo is not None:
            out.extend(memo.whole(state, cat, unit, mode, points)[1])
        else:
            out.extend(_listed(mode, search(state, cat, unit, mode)))
    return out


def _listed(mode: str, found: dict[tuple[Hex, int], tuple[int, tuple]]) -> tuple[tuple[str, Hex, int, int, tuple], ...]:
    """One mode's search as `move_options` lists it: by row, column, then facing."""
    return tuple((mode, h, f, c, steps) for (h, f), (c, steps) in sorted(found.items(), key=lambda kv: (kv[0][0][1], kv[0][0][0], kv[0][1])))


def plan(state: Battle, cat: Catalogue, unit: Unit, mode: str, dest: Hex, facing: int,
         memo: ReachMemo | None = None, route: tuple = ()) -> MovePlan | None:
    """The plan for one order, or None if it cannot be done: along `route` when the
    order names one (`follow`), else the cheapest (with a `memo`, an equal position's
    search is not made again)."""
    if mode == "stand":
        if dest == unit.hex and facing == unit.facing and not route:
            return MovePlan(unit.uid, "stand", (), 0, 0)
        return None
    if mode not in MOVE_MODES:
        return None
    points = mode_points(cat, unit, mode)
    if points <= 0:
        return None
    if route:
        found = follow(state, cat, unit, mode, (dest, facing), route, points)
    elif memo is not None:
        found = memo.one(state, cat, unit, mode, points, (dest, facing))
    else:
        found = search_to(state, cat, unit, mode, (dest, facing))
    if found is None:
        return None
    return MovePlan(unit.uid, mode, found[1], found[0], points)


class ReachMemo:
    """Recent movement searches for one catalogue and one board, keyed by value.

    The key holds everything else a search reads: the terrain changes, the ninja's hex
    and facing, the mode and its points, and the hexes other living ninja stand on. So a
    search is made once per ninja and mode in a movement phase (where nobody moves until
    the phase resolves) however the states were built: listing the legal orders, the AI
    weighing them, and recording the one chosen share it, and so do equal copies (a
    replay's, a loaded save's). Only those values (for action orders: the ninja records,
    the smoke and the terrain changes) and the answers are kept, never a state.

    An entry is a whole search (with the listing `move_options` makes of it), or the
    answer for one order's end (`plan` on a position never listed: `search_to`, as
    without a memo), or one ninja's movement orders (`orders`)
    or action orders (`action_orders`) for a position. The whole table is replaced in one store,
    never changed in place, so the AI thread and the screen can share it. At most `size`
    entries, when full the older half goes: a movement phase of 8 ninja a side fills about
    64 (three modes and the orders of each ninja). Keeping 512 slowed AI battles: the
    garbage collector's passes over the kept answers cost more than the searches saved.
    Never mutate what it returns.
    """

    def __init__(self, size: int = 128) -> None:
        self.size = size
        self._scope: tuple[Any, Any, dict] = (None, None, {})  # (catalogue, board, table)

    def _table(self, state: Battle, cat: Catalogue) -> dict:
        known, board, table = self._scope
        if known is not cat or (board is not state.board and board != state.board):
            table = {}
            self._scope = (cat, state.board, table)
        return table

    def _put(self, state: Battle, cat: Catalogue, key: tuple, value: Any) -> None:
        table = self._table(state, cat)
        if len(table) >= self.size:
            table = dict(list(table.items())[len(table) // 2:])
        else:
            table = dict(table)
        table[key] = value
        self._scope = (cat, self._scope[1], table)

    @staticmethod
    def _key(state: Battle, unit: Unit, mode: str, points: int, blocked: frozenset[Hex]) -> tuple:
        return (state.changes, unit.hex, unit.facing, mode, points, blocked)

    def whole(self, state: Battle, cat: Catalogue, unit: Unit, mode: str, points: int) -> tuple[dict, tuple]:
        """(every end `search` finds, those ends as `move_options` lists them)."""
        blocked = blocked_for(state, unit)
        key = self._key(state, unit, mode, points, blocked)
        hit = self._table(state, cat).get(key)
        if hit is None:
            found = search(state, cat, unit, mode, blocked)
            hit = (found, _listed(mode, found))
            self._put(state, cat, key, hit)
        return hit

    def orders(self, state: Battle, cat: Catalogue, unit: Unit) -> tuple[OrderMove, ...]:
        """Every movement order `unit` may be given (`move_options` as orders), built once
        per ninja and position: the legal actions of a movement phase are mostly these."""
        blocked = blocked_for(state, unit)
        points = tuple(mode_points(cat, unit, mode) for mode in MOVE_MODES)
        key = ("orders", unit.uid, unit.side, state.changes, unit.hex, unit.facing, points, blocked)
        hit = self._table(state, cat).get(key)
        if hit is None:
            hit = tuple(OrderMove(unit.side, unit.uid, mode, h[0], h[1], f, steps) for mode, h, f, _, steps in move_options(state, cat, unit, self))
            self._put(state, cat, key, hit)
        return hit

    def one(self, state: Battle, cat: Catalogue, unit: Unit, mode: str, points: int,
            end: tuple[Hex, int]) -> tuple[int, tuple] | None:
        """The (cost, steps) `search` finds for one end, or None."""
        blocked = blocked_for(state, unit)
        key = self._key(state, unit, mode, points, blocked)
        table = self._table(state, cat)
        whole = table.get(key)
        if whole is not None:
            return whole[0].get(end)
        key = (key, end)
        if key in table:
            return table[key]
        found = search_to(state, cat, unit, mode, end, blocked)
        self._put(state, cat, key, found)
        return found

    def action_orders(self, state: Battle, cat: Catalogue, uid: int,
                      build: Callable[[Battle, Catalogue, int], list]) -> tuple:
        """Every action order ninja `uid` may be given (`build`: `turn.unit_action_orders`),
        built once per ninja and position, as `orders` is for movement. What they read (the
        ninja on the field, the smoke, the terrain changes, the board) is the same for every
        order of an action phase, so after each order recorded the next listing finds every
        other ninja's orders again: working out the lines of sight and the jutsu placements is
        most of an action phase's listing."""
        key = ("actions", uid, state.units, state.smoke, state.changes)
        hit = self._table(state, cat).get(key)
        if hit is None:
            hit = tuple(build(state, cat, uid))
            self._put(state, cat, key, hit)
        return hit


PRIORITY_RANK = {"run": 0, "jump": 1, "walk": 2, "stand": 3}


def priority(state: Battle, cat: Catalogue, modes: dict[int, tuple[str, int]]) -> tuple[tuple[int, ...], object]:
    """Unit ids in resolution order: mode (per rules.toml), then more spare points, then dice.

    Seed 000: "faster units getting slightly more priority". Returns (order, next dice).
    """
    rank = {m: i for i, m in enumerate(cat.rules.movement.priority)}
    living = tuple(u.uid for u in state.units if u.hp > 0)
    shuffled, dice = state.dice.shuffled(living)
    tiebreak = {uid: i for i, uid in enumerate(shuffled)}
    order = sorted(living, key=lambda uid: (rank[modes.get(uid, ("stand", 0))[0]], -modes.get(uid, ("stand", 0))[1], tiebreak[uid]))
    return tuple(order), dice


def resolve_movement(state: Battle, cat: Catalogue) -> tuple[Battle, list]:
    """Carry out every sealed movement order, faster units first; collisions stop the mover.

    Who stands where is one index by hex, made once and updated as each unit moves
    (rebuilding it for every mover made a phase grow with the square of the units)."""
    plans = {p.unit: p for p in state.moves}
    modes = {uid: (p.mode, p.points - p.cost) for uid, p in plans.items()}
    order, dice = priority(state, cat, modes)
    units = list(state.units)
    where: dict[Hex, list[int]] = {}  # hex -> ids of the living units on it, lowest first
    for u in units:
        if u.hp > 0:
            mode, spare = modes.get(u.uid, ("stand", 0))
            if u.mode != mode or u.spare != spare:
                units[u.uid] = replace_unit(u, mode=mode, spare=spare)
            where.setdefault(u.hex, []).append(u.uid)
    events: list = []
    for uid in order:
        p = plans.get(uid)
        if p is None or not p.steps:
            continue
        u = units[uid]
        hex_now, facing_now, spent = u.hex, u.facing, 0
        for q, r, f in p.steps:
            h = Hex(q, r)
            if h != hex_now:
                blocker = _other_on(where.get(h), uid)
                if blocker >= 0:
                    # collision rule: the later mover stops on its last free hex
                    events.append(MoveBlocked(uid, hex_now, h, blocker))
                    break
            hex_now, facing_now = h, f
        spent = p.cost
        units[uid] = replace_unit(u, hex=hex_now, facing=facing_now)
        if hex_now != u.hex:
            left = where[u.hex]
            left.remove(uid)
            if not left:
                del where[u.hex]
            bisect.insort(where.setdefault(hex_now, []), uid)
        events.append(UnitMoved(uid, p.mode, u.hex, hex_now, facing_now, spent, p.points))
    new = replace_battle(state, units=tuple(units), dice=dice, moves=(), order=order)
    return new, events


def _other_on(ids: list[int] | None, uid: int) -> int:
    """The unit other than `uid` standing on a hex (the highest id if several do), or -1."""
    if ids:
        for other in reversed(ids):
            if other != uid:
                return other
    return -1
