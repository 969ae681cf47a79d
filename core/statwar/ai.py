"""How the AI judges StatWar: material, the next attacks in list order, range and approach.

StatWar has no dice after the coin flip, so one sample is exact. The activation
order is known (list order), so the evaluation looks at who acts next: the
unit about to act threatens most, the other side's next unit less, the rest
a little. Floats are fine here (AI only).
"""

from __future__ import annotations


from core.squaregrid import Square
from core.statwar.actions import Activate, Detonate, Mount
from core.statwar.combat import hit_damage
from core.statwar.geometry import Search, cells, gap, reach, targets_from
from core.statwar.state import BATTLE, DEPLOY, NO_UNIT, OVER, Battle
from core.statwar.turn import active_unit, legal_actions, mount_options

WIN = 10_000.0
#: Weight of the best hit of the unit that acts right now (the mover's next in list order).
NEXT = 0.9
#: Weight of the best hit of the other side's next unit (it acts after, so less certain).
AFTER = 0.35
#: Weight of every other threat on the board (units that act later).
LATER = 0.15
#: Value of one square of approach toward the nearest enemy the unit can hurt.
APPROACH = 0.12
MAX_DEPLOY_CANDIDATES = 16
#: Penalty per square a deployment spot lies off the depth that suits the unit (ranks spots).
DEPLOY_DEPTH = 0.3
MOVE_CANDIDATES = 6
#: The normal AI picks among actions valued within this much of the best (Budget.normal_spread):
#: with no dice after the coin flip, a normal player that always took the single best action
#: would play one scenario the same way every time. The figure is in points of a unit's worth
#: (a 10-point unit is worth 15 at full Health), so the pick varies where to stand and whom of
#: near-equal targets to hit, never a kill for a scratch.
NORMAL_SPREAD = 0.5


def unit_value(cost: int, health: int, max_health: int) -> float:
    """A unit is worth half its points for being alive and half in proportion to its Health,
    so finishing a wounded unit is worth more than spreading damage (focus fire)."""
    if health <= 0:
        return 0.0
    return (cost + 5) * (0.5 + 0.5 * health / max_health)


def _pieces(state: Battle) -> list[tuple]:
    """Every living deployed unit as a flat tuple, riders placed on their mount's squares:
    (uid, side, x, y, size, damage, reach, move, armor, worth, health, max_health, on_board)."""
    units, designs = state.units, state.designs
    return [p for p in (piece(units, designs, u) for u in units) if p is not None]


def piece(units: tuple, designs: tuple, u) -> tuple | None:
    """`_pieces`' tuple for one unit, None when it is not on the field."""
    if u.health <= 0 or not u.placed:
        return None
    s = designs[u.design]
    if u.riding != NO_UNIT:
        m = units[u.riding]
        x, y, size, free = m.x, m.y, designs[m.design].size, False
    else:
        x, y, size, free = u.x, u.y, s.size, True
    return (u.uid, u.side, x, y, size, s.damage, s.reach, s.move, s.armor, s.cost + 5, u.health, s.max_health, free)


def _apart(a: tuple, b: tuple) -> int:
    """`geometry.gap` on two piece tuples, inlined for speed."""
    ax, ay, asz, bx, by, bsz = a[2], a[3], a[4], b[2], b[3], b[4]
    dx = bx - ax - asz + 1
    if dx < 0:
        dx = ax - bx - bsz + 1
        if dx < 0:
            dx = 0
    dy = by - ay - asz + 1
    if dy < 0:
        dy = ay - by - bsz + 1
        if dy < 0:
            dy = 0
    return dx if dx > dy else dy


def _hit(attacker: tuple, target: tuple) -> float:
    dealt = attacker[5] - target[8]
    if dealt <= 0:
        return 0.0
    health = target[10]
    if dealt >= health:
        return unit_value(target[9] - 5, health, target[11])
    return target[9] * 0.5 * dealt / target[11]


def evaluate(state: Battle, side: int) -> float:
    """Material (half for being alive, half by Health), the next attacks in list order, approach.

    Each term is what comparing every unit with every enemy gives, found through an index of
    where the units stand (`_Near`) so that a unit looks only at the enemies near enough to
    count; the terms are added in the same order as ever, so the sum is the same to the bit.
    """
    if state.phase == OVER:
        if state.winner == -1:
            return 0.0
        return WIN if state.winner == side else -WIN
    pieces = _pieces(state)
    score = 0.0
    for p in pieces:
        v = p[9] * (0.5 + 0.5 * p[10] / p[11])
        score += v if p[1] == side else -v
    if state.phase == BATTLE:
        near = _Near(pieces)
        mover = state.to_move
        first = active_unit(state, mover)  # acts right now
        second = active_unit(state, 1 - mover)  # acts after it
        hits: dict[tuple[int, int], list] = {}  # (side, damage) -> [(hit, enemy)], best first
        for p in pieces:
            if p[5] <= 0:
                continue
            radius = p[7] + p[6]
            kind = (p[1], p[5])
            best = hits.get(kind)
            if best is None:
                best = [(v, t) for t in pieces if t[1] != p[1] and t[12] for v in (_hit(p, t),) if v > 0.0]
                best.sort(key=_first, reverse=True)
                hits[kind] = best
            # the best hit in reach: the first of the best within reach, else (when the first
            # few are all out of reach) the best of the enemies the index finds near enough
            threat = 0.0
            for v, t in best[:FIRST_LOOKS]:
                if _apart(p, t) <= radius:
                    threat = v
                    break
            else:
                if len(best) > FIRST_LOOKS:
                    for t in near.enemies_within(p, radius):
                        v = _hit(p, t)
                        if v > threat:
                            threat = v
            weight = NEXT if p[0] == first else AFTER if p[0] == second else LATER
            score += weight * threat if p[1] == side else -weight * threat
    # approach: every unit that can hurt someone wants to be within reach of its nearest victim,
    # counted in steps around blocked squares (a river crossed at fords is no short way)
    board = state.board
    fields: dict[tuple[int, int], tuple] = {}  # (side, damage) -> (victims, their step field)
    for p in pieces:
        if p[5] <= 0 or not p[12]:
            continue
        kind = (p[1], p[5])
        found = fields.get(kind)
        if found is None:
            foes = [t for t in pieces if t[1] != p[1] and t[12] and p[5] > t[8]]
            victims = tuple(sorted(c for t in foes for c in cells(t[2], t[3], t[4])))
            found = fields[kind] = (foes, _steps_from(board, victims) if victims else None)
        foes, field = found
        if field is None:
            continue
        term = approach_term(p, foes, field, side)
        if term is not None:
            score += term
    return score


def approach_term(p: tuple, foes: list[tuple], field: dict, side: int) -> float | None:
    """What piece `p`'s approach adds to `side`'s score: the steps (on `field`, the step field
    of the enemies it can hurt, `foes`) it still has to go beyond its reach; None: nothing."""
    if p[4] == 1:
        nearest = field.get((p[2], p[3]), UNREACHED)
    else:
        nearest = min(field.get(c, UNREACHED) for c in cells(p[2], p[3], p[4]))
    if nearest >= UNREACHED:
        nearest = min(_apart(p, t) for t in foes)
    away = nearest - p[6]
    if away > 0:
        v = APPROACH * min(away, 30)
        return -v if p[1] == side else v
    return None


class _Near:
    """Where the units on the board stand, by side, in buckets of BUCKET x BUCKET squares."""

    __slots__ = ("buckets", "sides", "largest")

    def __init__(self, pieces: list[tuple], every: bool = False) -> None:
        """The units on the board (`every`: riders too, on their mount's squares)."""
        buckets: dict[tuple[int, int, int], list] = {}
        sides: set[int] = set()
        largest = 1
        for t in pieces:
            if every or t[12]:
                key = (t[1], t[2] // BUCKET, t[3] // BUCKET)
                found = buckets.get(key)
                if found is None:
                    buckets[key] = [t]
                else:
                    found.append(t)
                sides.add(t[1])
                if t[4] > largest:
                    largest = t[4]
        self.buckets = buckets
        self.sides = sorted(sides)
        self.largest = largest

    def enemies_within(self, p: tuple, radius: int) -> list[tuple]:
        """The enemies of piece `p` in the index within `radius` of it (`_apart`)."""
        out = []
        px, py, size = p[2], p[3], p[4]
        low = radius + self.largest - 1
        x0, x1 = max(0, px - low) // BUCKET, (px + size - 1 + radius) // BUCKET
        y0, y1 = max(0, py - low) // BUCKET, (py + size - 1 + radius) // BUCKET
        buckets = self.buckets
        for s in self.sides:
            if s == p[1]:
                continue
            for bx in range(x0, x1 + 1):
                for by in range(y0, y1 + 1):
                    found = buckets.get((s, bx, by))
                    if found is not None:
                        for t in found:
                            if _apart(p, t) <= radius:
                                out.append(t)
        return out


#: Enemies, best hit first, a unit checks for reach before it asks the position index.
FIRST_LOOKS = 6


def _first(pair: tuple) -> float:
    return pair[0]


#: Squares a side of one bucket of the position index (`_Near`).
BUCKET = 8
#: Steps counted for a square no path reaches.
UNREACHED = 10_000
#: Step fields kept per board (by source squares); the oldest half goes when full.
FIELDS_KEPT = 256
#: Boards whose step fields are kept; all are forgotten when a new board would pass this.
BOARDS_KEPT = 8
_fields: dict = {}  # board -> (its Steps, {sources: field})
#: The board asked about last and its fields: a board is hashed (all its squares) once, not per call.
_last_fields: tuple = (None, None)


def forget_fields() -> None:
    """Drop every step field kept (`StatwarRuleset.forget`: positions never seen)."""
    global _last_fields
    _fields.clear()
    _last_fields = (None, None)


class Steps:
    """A board's squares by index (y * width + x) and, for each, the open squares one step
    away in the 8 directions: a step field walks these lists, not the board's terrain."""

    __slots__ = ("width", "height", "after")

    def __init__(self, board) -> None:
        w, h = self.width, self.height = board.width, board.height
        passable = board.passable
        self.after = [
            [j for dy in (-1, 0, 1) for dx in (-1, 0, 1)
             if (dx or dy) and passable(x + dx, y + dy) for j in ((y + dy) * w + x + dx,)]
            for y in range(h) for x in range(w)
        ]


class StepField:
    """Steps from the nearest of some source squares of a board to every square reached
    (8 directions, open squares only; a source is 0 steps from itself). `get` answers as a
    dict of the squares reached would: `default` for a square not reached or off the board."""

    __slots__ = ("width", "height", "dist")

    def __init__(self, width: int, height: int, dist: list[int]) -> None:
        self.width, self.height, self.dist = width, height, dist  # -1: not reached

    def get(self, square: tuple, default: int | None = None) -> int | None:
        x, y = square[0], square[1]
        if 0 <= x < self.width and 0 <= y < self.height:
            d = self.dist[y * self.width + x]
            if d >= 0:
                return d
        return default

    def __getitem__(self, square: tuple) -> int:
        found = self.get(square)
        if found is None:
            raise KeyError(square)
        return found


def _board_steps(board) -> tuple:
    """(Steps, {sources: field}) of `board`, kept for BOARDS_KEPT boards."""
    global _last_fields
    last_board, kept = _last_fields
    if kept is None or not (board is last_board or board == last_board):
        kept = _fields.get(board)
        if kept is None:
            if len(_fields) >= BOARDS_KEPT:
                _fields.clear()
            kept = _fields[board] = (Steps(board), {})
        _last_fields = (board, kept)
    return kept


def _walk(after: list, dist: list[int], frontier: list[int]) -> None:
    """Label in `dist` every square the walk from `frontier` (labelled with the steps d, the
    same for all) reaches in fewer steps than `dist` has (-1: none), one step at a time."""
    d = dist[frontier[0]] if frontier else 0
    while frontier:
        d += 1
        nxt = []
        for i in frontier:
            for j in after[i]:
                had = dist[j]
                if had < 0 or d < had:
                    dist[j] = d
                    nxt.append(j)
        frontier = nxt


def _steps_from(board, sources: tuple) -> StepField:
    """Steps (8 directions, open squares only) from the nearest of `sources` (squares of the
    board) to every square reached; remembered by value, since a decision asks about the
    same enemies many times."""
    steps, kept = _board_steps(board)
    found = kept.get(sources)
    if found is not None:
        return found
    w = steps.width
    dist = [-1] * (w * steps.height)
    frontier = []
    for x, y in sources:
        i = y * w + x
        if dist[i] < 0:
            dist[i] = 0
            frontier.append(i)
    _walk(steps.after, dist, frontier)
    found = StepField(w, steps.height, dist)
    if len(kept) >= FIELDS_KEPT:
        for old in list(kept)[: FIELDS_KEPT // 2]:
            del kept[old]
    kept[sources] = found
    return found


def more_sources(board, field: StepField, sources) -> StepField:
    """The step field of `field`'s sources and `sources` (squares of the board) more, without
    walking the whole board again: from `field`'s steps, only the squares the new sources
    are strictly nearer to are walked (a square the new sources reach in no fewer steps than
    `field` gives cannot lead them anywhere nearer either, since `field` grows by at most one
    step a square). The same steps as `_steps_from` of all the sources together."""
    steps, _ = _board_steps(board)
    w = steps.width
    dist = field.dist.copy()
    frontier = []
    for x, y in sources:
        i = y * w + x
        if dist[i] != 0:
            dist[i] = 0
            frontier.append(i)
    _walk(steps.after, dist, frontier)
    return StepField(w, steps.height, dist)


def _deploy_fit(state: Battle, uid: int, x: int, y: int) -> float:
    """Deployment sense: close-combat units stand at the front, shooters a few squares back,
    units that cannot hurt anyone (mounts, carts) just behind the front line."""
    board = state.board
    u = state.units[uid]
    s = state.designs[u.design]
    along, length = (y, board.height) if board.split == "top-bottom" else (x, board.width)
    middle = (length - 1) / 2
    depth = middle - (along + s.size - 1) if u.side == 0 else along - middle
    if s.damage <= 0 or s.reach <= 1:
        wanted = 0.5 if s.damage > 0 else 1.5
    else:
        wanted = 0.5 + s.reach / 2
    return -DEPLOY_DEPTH * abs(depth - wanted)


def _danger(enemies: list[tuple], x: int, y: int, size: int, armor: int) -> int:
    """How much enemy damage could land on a footprint next turn (enemies moving straight in)."""
    me = (0, 0, x, y, size)
    total = 0
    for e in enemies:
        if e[12] and e[5] > armor and _apart(me, e) <= e[7] + e[6]:
            total += e[5] - armor
    return total


def _nearest(enemies: list[tuple], x: int, y: int, size: int) -> int:
    me = (0, 0, x, y, size)
    best = 999
    for e in enemies:
        if e[12]:
            d = _apart(me, e)
            if d < best:
                best = d
    return best


def candidates(state: Battle, side: int, search: Search = reach) -> list:
    """A pruned, stable list: every attack (from the safest spots), the best approach moves,
    mounting, and detonations ranked by the blast's worth."""
    if state.phase == OVER or side != state.to_move:
        return []
    if state.phase == DEPLOY:
        acts = legal_actions(state, side, search)
        if len(acts) <= MAX_DEPLOY_CANDIDATES:
            return acts
        # the spots at the depth that suits the unit first, then an even spread of the rest
        ranked = sorted(range(len(acts)), key=lambda i: (-_deploy_fit(state, acts[i].unit, acts[i].at.x, acts[i].at.y), i))
        keep = set(ranked[: MAX_DEPLOY_CANDIDATES // 2])
        step = len(acts) / (MAX_DEPLOY_CANDIDATES // 2)
        keep.update(int(i * step) for i in range(MAX_DEPLOY_CANDIDATES // 2))
        return [acts[i] for i in sorted(keep)]
    uid = active_unit(state, side)
    unit = state.units[uid]
    spec = state.designs[unit.design]
    r = search(state, uid)
    out: list = [Activate(side, uid, None, None)]
    if unit.riding != NO_UNIT:
        m = state.units[unit.riding]
        here = (m.x, m.y, state.designs[m.design].size)
    else:
        here = (unit.x, unit.y, spec.size)
    out.extend(Activate(side, uid, None, t) for t in targets_from(state, uid, *here))
    scored = []
    by_target: dict[int, list] = {}
    enemies = [p for p in _pieces(state) if p[1] != side]
    for pos in r.ends:
        danger = _danger(enemies, pos[0], pos[1], spec.size, spec.armor)
        near = _nearest(enemies, pos[0], pos[1], spec.size)
        scored.append((abs(near - spec.reach) + (2 if pos in r.stopped_by else 0), danger, pos))
        for t in targets_from(state, uid, pos[0], pos[1], spec.size):
            by_target.setdefault(t, []).append((danger, -near, pos))
    for t in sorted(by_target):
        spots = sorted(by_target[t])[:2]
        out.extend(Activate(side, uid, Square(*p), t) for _, _, p in spots)
    advance = _advancing(state, uid, side, here, r.ends) if len(out) == 1 else []
    if advance:
        # no attack in reach this activation: the unit closes in (the first waits no more),
        # else two cautious armies can watch each other until the round limit
        out = [Activate(side, uid, Square(*pos), None) for pos in advance[:MOVE_CANDIDATES]]
    else:
        scored.sort()
        for _, _, pos in scored[:MOVE_CANDIDATES]:
            out.append(Activate(side, uid, Square(*pos), None))
        for _, _, pos in sorted(scored, key=lambda t: (t[1], t[0]))[:2]:
            out.append(Activate(side, uid, Square(*pos), None))
    for m in mount_options(state, uid, r):
        out.append(Mount(side, uid, m, None))
    if spec.suicide_bomb:
        blasts = [(-_blast_worth(state, uid, *here), None)]
        for pos in r.ends:
            blasts.append((-_blast_worth(state, uid, pos[0], pos[1], spec.size), pos))
        blasts.sort(key=lambda b: (b[0], b[1] is not None, b[1] or (0, 0)))
        for _, pos in blasts[:3]:
            out.append(Detonate(side, uid, None if pos is None else Square(*pos)))
    seen = set()
    unique = []
    for a in out:
        if a not in seen:
            seen.add(a)
            unique.append(a)
    return unique


def _advancing(state: Battle, uid: int, side: int, here: tuple, ends) -> list:
    """The ends of a move that come closer, in steps around blocked squares, to the nearest
    enemy the unit can hurt: fewest steps left first, then the least danger."""
    spec = state.designs[state.units[uid].design]
    pieces = _pieces(state)
    victims = tuple(sorted(c for t in pieces if t[1] != side and t[12] and spec.damage > t[8] for c in cells(t[2], t[3], t[4])))
    if not victims or spec.damage <= 0:
        return []
    field = _steps_from(state.board, victims)

    def steps(x: int, y: int, size: int) -> int:
        return min(field.get(c, UNREACHED) for c in cells(x, y, size))

    now = steps(*here)
    enemies = [p for p in pieces if p[1] != side]
    board = state.board

    def seen_from_side(pos: tuple) -> tuple:
        # ties are broken as each side sees the board (mirrored for side 2), so neither side
        # is the one that always steps forward first
        return board.mirror(pos[0], pos[1]) if side == 1 else (pos[0], pos[1])

    closer = [(steps(pos[0], pos[1], spec.size), _danger(enemies, pos[0], pos[1], spec.size, spec.armor), seen_from_side(pos), pos)
              for pos in ends]
    return [pos for d, _, _, pos in sorted(closer) if d < now]


def _blast_worth(state: Battle, uid: int, x: int, y: int, size: int) -> float:
    u = state.units[uid]
    s = state.designs[u.design]
    worth = -unit_value(s.cost, u.health, s.max_health)
    for t in state.units:
        if t.uid == uid or not t.on_board:
            continue
        ts = state.designs[t.design]
        if gap(x, y, size, t.x, t.y, ts.size) <= 1:
            dealt = min(t.health, hit_damage(s.damage, ts.armor))
            v = unit_value(ts.cost, t.health, ts.max_health) - unit_value(ts.cost, t.health - dealt, ts.max_health)
            worth += v if t.side != u.side else -v
    return worth
