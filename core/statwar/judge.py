"""The judge of one AI decision: `evaluate` of every candidate's state, worked out from
what the candidates share.

The candidates of one decision differ from the decision's state in a few units, so a
judge computes the terms every candidate shares once and, per candidate, only the terms
the changed units touch, adding them in `evaluate`'s order so the floats are the same to
the bit (the AI ranks and spreads on them). core.statwar.ai says what the terms mean.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import operator

from core.statwar.ai import (
    AFTER, FIRST_LOOKS, LATER, NEXT, _Near, _apart, _first, _hit, _pieces, _steps_from, approach_term, evaluate,
    more_sources, piece,
)
from core.statwar.geometry import cells
from core.statwar.state import BATTLE, NO_UNIT, Battle
from core.statwar.turn import active_unit


def _approach_term(p: tuple, found: tuple, side: int) -> float | None:
    """The approach term `evaluate` adds for piece `p` (None: it adds none)."""
    foes, victims, field = found
    return None if field is None else approach_term(p, foes, field, side)


def _placed(p: tuple | None) -> tuple | None:
    """Where a piece stands on the board, None when it stands on nothing (dead, riding)."""
    return (p[2], p[3], p[4]) if p is not None and p[12] else None


_present = functools.partial(operator.is_not, None)


def _after(state: Battle, side: int, acting: int | None) -> int | None:
    """`active_unit(state, side)` once `acting` has acted (the side's cursor moved past it)."""
    if acting is None:
        return None
    roster = state.rosters[side]
    n = len(roster)
    start = (roster.index(acting) + 1) % n
    for i in range(n):
        uid = roster[(start + i) % n]
        if state.units[uid].health > 0:
            return uid
    return None


class Judge:
    """`evaluate(after, side)` of every state one decision's candidates lead to, to the bit.

    The candidates of one decision differ from the decision's state in a few units (the
    mover, its target, a blast): built once from that state, a judge works out again only
    the terms those units change (their own, those of the enemies they come within reach of
    or leave, the approach of the units whose victims moved) and adds every term in the same
    order as `evaluate`. A state it was not built for is evaluated from scratch.
    """

    __slots__ = ("units", "board", "designs", "side", "to_move", "pieces", "order", "mat", "mat_at",
                 "mat_sum", "first", "second", "everyone", "near", "hits", "threat", "terms", "term_at",
                 "reach_max", "groups", "without", "members", "approach", "riders", "leaning", "tempted")

    def __init__(self, state: Battle, side: int) -> None:
        self.units, self.board, self.designs, self.side = state.units, state.board, state.designs, side
        pieces = _pieces(state)
        self.pieces = {p[0]: p for p in pieces}
        self.order = [p[0] for p in pieces]
        self.mat = [(v if p[1] == side else -v) for p in pieces for v in (p[9] * (0.5 + 0.5 * p[10] / p[11]),)]
        self.mat_at = {p[0]: i for i, p in enumerate(pieces)}
        self.mat_sum = functools.reduce(operator.add, self.mat, 0.0)
        # the candidates' states: the other side to move; this side's next unit is the one after the mover
        self.to_move = 1 - state.to_move
        self.first = active_unit(state, self.to_move)
        self.second = _after(state, state.to_move, active_unit(state, state.to_move))
        self.everyone = _Near(pieces, every=True)
        self.near = _Near(pieces)
        self.hits: dict = {}
        self.threat: dict[int, float] = {}
        self.leaning: dict[int, list] = {}  # uid -> enemies whose best hit may rest on it
        self.tempted: dict[tuple, list] = {}  # (uid, health) -> enemies whose hit on it beats their best
        armed = [p for p in pieces if p[5] > 0]
        self.term_at = {p[0]: i for i, p in enumerate(armed)}
        self.reach_max = max((p[7] + p[6] for p in armed), default=0)
        self.terms = []
        for p in armed:
            threat = self.threat[p[0]] = self._threat(p, frozenset(), ())
            self.terms.append(self._threat_term(p, threat, self.first, self.second))
        self.groups: dict = {}
        self.without: dict = {}  # (kind, uids gone) -> (victims, field) of the victims that stayed
        self.members: dict = {}
        self.approach = []
        for p in armed:
            if p[12]:
                self.members.setdefault((p[1], p[5]), []).append(p[0])
                self.approach.append(_approach_term(p, self._group(p[1], p[5]), side))
            else:
                self.approach.append(None)
        self.riders: dict[int, list[int]] = {}
        for u in state.units:
            if u.riding != NO_UNIT:
                self.riders.setdefault(u.riding, []).append(u.uid)

    def _best(self, p: tuple) -> list:
        kind = (p[1], p[5])
        best = self.hits.get(kind)
        if best is None:
            best = [(v, t) for t in self.pieces.values() if t[1] != p[1] and t[12] for v in (_hit(p, t),) if v > 0.0]
            best.sort(key=_first, reverse=True)
            self.hits[kind] = best
        return best

    def _threat(self, p: tuple, changed: frozenset | set, moved: tuple) -> float:
        """The best hit of `p` in reach: on the unchanged units as they stand here, and on `moved`."""
        radius = p[7] + p[6]
        threat = 0.0
        looks = 0
        for v, t in self._best(p):
            if t[0] in changed:
                continue
            if _apart(p, t) <= radius:
                threat = v
                break
            looks += 1
            if looks >= FIRST_LOOKS:
                for t in self.near.enemies_within(p, radius):
                    if t[0] not in changed:
                        v = _hit(p, t)
                        if v > threat:
                            threat = v
                break
        for q in moved:
            if q[1] != p[1] and q[12] and _apart(p, q) <= radius:
                v = _hit(p, q)
                if v > threat:
                    threat = v
        return threat

    def _threat_term(self, p: tuple, threat: float, first, second) -> float:
        weight = NEXT if p[0] == first else AFTER if p[0] == second else LATER
        return weight * threat if p[1] == self.side else -weight * threat

    def _group(self, side: int, damage: int) -> tuple:
        """(foes, victims, field) of the units of `side` with `damage`, as the decision's state stands."""
        kind = (side, damage)
        found = self.groups.get(kind)
        if found is None:
            foes = [t for t in self.pieces.values() if t[1] != side and t[12] and damage > t[8]]
            victims = tuple(sorted(c for t in foes for c in cells(t[2], t[3], t[4])))
            found = self.groups[kind] = (foes, victims, _steps_from(self.board, victims) if victims else None)
        return found

    def value(self, after: Battle) -> float:
        """Exactly `evaluate(after, side)`."""
        units = after.units
        if (after.phase != BATTLE or after.to_move != self.to_move or after.board is not self.board
                or after.designs is not self.designs or len(units) != len(self.units)):
            return evaluate(after, self.side)
        changed = list(itertools.compress(range(len(units)), map(operator.is_not, units, self.units)))
        for uid in tuple(changed):
            for r in self.riders.get(uid, ()):
                if r not in changed:
                    changed.append(r)
        changed_set = set(changed)
        pieces, designs, side = self.pieces, self.designs, self.side
        new: dict[int, tuple | None] = {}
        for uid in changed:
            p = piece(units, designs, units[uid])
            if uid not in pieces:
                if p is not None:
                    return evaluate(after, side)  # a unit new to the field
                continue
            new[uid] = p
        moved = tuple(p for p in new.values() if p is not None)
        # material
        score = self.mat_sum
        if new:
            mat = self.mat.copy()
            same = True
            for uid, p in new.items():
                i = self.mat_at[uid]
                if p is None:
                    term = None
                else:
                    v = p[9] * (0.5 + 0.5 * p[10] / p[11])
                    term = v if p[1] == side else -v
                if term != mat[i] or term is None:
                    same = False
                mat[i] = term
            if not same:
                score = functools.reduce(operator.add, filter(_present, mat), 0.0)
        # threats
        first = active_unit(after, self.to_move)
        second = active_unit(after, 1 - self.to_move)
        dirty = set(uid for uid in new if uid in self.term_at)  # moved, hit or gone
        roles = set()
        if first != self.first or second != self.second:
            roles.update(u for u in (first, second, self.first, self.second) if u is not None and u in self.term_at)
        # an enemy's best hit changes only if it may have rested on a changed unit where it
        # stood, or a changed unit now stands in its reach offering more
        for uid in changed:
            q = pieces.get(uid)
            if q is not None and q[12]:
                dirty.update(self._leaning_on(q))
            q = new.get(uid)
            if q is not None and q[12]:
                for p in self._tempted_by(q):
                    if _apart(p, q) <= p[7] + p[6]:
                        dirty.add(p[0])
        terms = self.terms
        if dirty or roles:
            terms = terms.copy()
            for uid in dirty | roles:
                i = self.term_at[uid]
                if uid in new:
                    p = new[uid]
                    if p is None:
                        terms[i] = None
                        continue
                else:
                    p = pieces[uid]
                threat = self._threat(p, changed_set, moved) if uid in dirty else self.threat[uid]
                terms[i] = self._threat_term(p, threat, first, second)
        score = functools.reduce(operator.add, filter(_present, terms), score)
        # approach
        approach = self.approach
        redo = set(uid for uid in new if uid in self.term_at)
        shifted = []  # (side, armor) of every changed unit that stands elsewhere now, or no more, or anew
        for uid in changed:
            before, now = pieces.get(uid), new.get(uid)
            if _placed(before) != _placed(now):
                q = before or now
                shifted.append((q[1], q[8]))

        def stirred(kind: tuple) -> bool:
            return any(kind[0] != s and kind[1] > a for s, a in shifted)

        if shifted:
            for kind, uids in self.members.items():
                if stirred(kind):
                    redo.update(uids)
        if redo:
            approach = approach.copy()
            found_for: dict = {}
            for uid in redo:
                i = self.term_at[uid]
                p = new[uid] if uid in new else pieces[uid]
                if p is None or not p[12]:
                    approach[i] = None
                    continue
                kind = (p[1], p[5])
                found = found_for.get(kind)
                if found is None:
                    found = found_for[kind] = self._group_after(kind, changed_set, moved) if stirred(kind) \
                        else self._group(*kind)
                approach[i] = _approach_term(p, found, side)
        return functools.reduce(operator.add, filter(_present, approach), score)

    def _leaning_on(self, q: tuple) -> list[int]:
        """Enemies of `q` (as it stands in the decision's state) whose best hit may be the one on it."""
        found = self.leaning.get(q[0])
        if found is None:
            found = []
            for p in self.everyone.enemies_within(q, self.reach_max):
                if p[5] > 0 and _apart(p, q) <= p[7] + p[6]:
                    v = _hit(p, q)
                    if v > 0.0 and v >= self.threat[p[0]]:
                        found.append(p[0])
            self.leaning[q[0]] = found
        return found

    def _tempted_by(self, q: tuple) -> list[tuple]:
        """Enemies of `q` whose hit on it, as it is now, beats their best hit in the decision's state."""
        key = (q[0], q[10])
        found = self.tempted.get(key)
        if found is None:
            threat = self.threat
            found = self.tempted[key] = [p for p in self.pieces.values()
                                         if p[1] != q[1] and p[5] > 0 and _hit(p, q) > threat[p[0]]]
        return found

    def _group_after(self, kind: tuple, changed: set, moved: tuple) -> tuple:
        """(foes, victims, field) of a group whose victims some changed unit joined, left or
        moved in. The field of the victims that stayed is walked once a decision for each set
        of victims gone (most candidates move the one acting unit: one walk for all of them),
        and the victims come or moved are added to it (`more_sources`)."""
        side, damage = kind
        foes, victims, _ = self._group(side, damage)
        pieces = self.pieces
        came = [q for q in moved if q[1] != side and q[12] and damage > q[8]]
        foes = [t for t in foes if t[0] not in changed]
        foes.extend(came)
        # a field reads only where the victims stand: one hit where it stood changes nothing
        placed = {q[0]: _placed(q) for q in came}
        gone = []
        for uid in changed:
            q = pieces.get(uid)
            if q is not None and q[12] and q[1] != side and damage > q[8] and placed.get(uid) != _placed(q):
                gone.append(uid)
        came = [q for q in came if q[0] not in pieces or placed[q[0]] != _placed(pieces[q[0]])]
        stayed, field = self._group_without(kind, tuple(sorted(gone)))
        if not came:
            return foes, stayed, field
        new = [c for q in came for c in cells(q[2], q[3], q[4])]
        squares = list(stayed)
        for c in new:
            bisect.insort(squares, c)
        return foes, tuple(squares), more_sources(self.board, field, new) if field is not None else _steps_from(self.board, tuple(squares))

    def _group_without(self, kind: tuple, gone: tuple) -> tuple:
        """(victims, field) of group `kind` without the victims `gone` (uids), kept per decision."""
        found = self.without.get((kind, gone))
        if found is None:
            _, victims, field = self._group(*kind)
            if gone:
                squares = list(victims)
                for uid in gone:
                    q = self.pieces[uid]
                    for c in cells(q[2], q[3], q[4]):
                        del squares[bisect.bisect_left(squares, c)]
                victims = tuple(squares)
                field = _steps_from(self.board, victims) if victims else None
            found = self.without[(kind, gone)] = (victims, field)
        return found


class JudgeMemo:
    """The judge of the decision being weighed: one, made again when the state or side changes.

    Owned by the ruleset object (no module-level cache). Keyed by the value of what a judge
    reads, with the units tuple itself (a judge tells candidates from it by identity); the
    one entry is replaced as a whole, so two threads never pair a state with another's judge.
    """

    __slots__ = ("_last",)

    def __init__(self) -> None:
        self._last: tuple = (None, None)

    def __call__(self, state: Battle, side: int) -> Judge:
        key = (state.units, state.board, state.designs, state.rosters, state.cursor, state.to_move, state.phase, side)
        last_key, judge = self._last
        if last_key is None or key[0] is not last_key[0] or key != last_key:
            judge = Judge(state, side)
            self._last = (key, judge)
        return judge
