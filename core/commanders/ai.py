"""What the AI levels need from Commanders: a position evaluation, pruned candidates, fair sampling.

The evaluation counts what each side keeps (hit points weighted by unit
strength, commanders worth more since their troop dies with them), and how
it stands: troop units inside command range, wounded units kept out of
reach, commanders not left open (behind their troop's front and, early in a
battle, out of the enemy's reach), MP in reserve, units closing on the enemy.
Candidates keep every attack (from the two best squares per target), every
spell (an area spell once per set of units it reaches) and a few moves per
unit: advance, hold, fall back to the commander, retreat when wounded. Dice are
never peeked: attacks and spells are valued on re-seeded copies of the state.
"""

from __future__ import annotations

import abc
from math import gcd
from typing import Any, Callable

import attrs

from core.ruleset import Budget
from core.commanders.actions import Cast, Order
from core.commanders.content import Catalogue
from core.commanders.derived import POSITIVE_STATUSES, command_range, in_command, spec_of
from core.commanders.movement import ReachMemo
from core.commanders.state import Battle, Leader, Unit
from core.commanders.turn import legal_actions, outcome
from core.rng import Dice
from core.squaregrid import manhattan

COMMANDER_WORTH = 6.0
BEHIND_THE_LINE = 0.3  # a commander's cost per square it stands ahead of its troop's front
THREAT = 0.8  # a commander's cost per enemy that could strike it next turn, early in a battle
CAUTION_ROUNDS = 6  # ... falling to nothing by this round, so two careful sides still meet


def unit_worth(state: Battle, unit: Unit, cat: Catalogue) -> float:
    if unit.role == "commander":
        return COMMANDER_WORTH
    spec = spec_of(unit, cat)
    return (spec.attack + spec.defence + spec.move + 2 * spec.range) / 10.0


def side_score(state: Battle, side: int, cat: Catalogue) -> float:
    """What `side` keeps and how it stands: every term of every living unit of `side`, added
    in unit order (the definition; `evaluate` gets the same float from indexes)."""
    enemies = [u for u in state.living() if u.side != side]
    careful = caution(state)
    score = 0.0
    for u in state.living():
        if u.side != side:
            continue
        worth = unit_worth(state, u, cat)
        adjacent = sum(1 for e in enemies if manhattan(u.pos, e.pos) == 1)
        if u.role == "commander":
            terms = commander_terms(u, state.leaders[u.leader], worth, adjacent, careful,
                                    ahead_of_troop(state, u, enemies), lambda u=u: threats(state, u, enemies, cat))
        else:
            terms = troop_terms(u, worth, adjacent, in_command(state, u, cat))
        for term in terms:
            score += term
    return score


def commander_terms(u: Unit, leader: Leader, worth: float, adjacent: int, careful: float, ahead: int,
                    threats: Callable[[], int]) -> tuple[float, ...]:
    """The terms `side_score` adds for commander `u`, in order: its `worth` by its health,
    its leader's movement left, its exposure to the `adjacent` enemies, how far it stands
    `ahead` of its troop and, while the side is `careful`, the enemies that could strike it;
    then its statuses. A cost is its negative (x - c and x + -c are the same float), so
    adding the terms one by one gives the score to the bit whoever adds them."""
    frail = u.hp / u.hp_max
    return (worth * (0.5 + frail), 0.03 * leader.mp, -(0.5 * adjacent * (1.5 - frail)),
            -(BEHIND_THE_LINE * ahead), -(THREAT * careful * (threats() if careful else 0)),
            *status_terms(u))


def troop_terms(u: Unit, worth: float, adjacent: int, commanded: bool) -> tuple[float, ...]:
    """The terms `side_score` adds for troop unit `u`, in order: its `worth` by its health,
    being `commanded` (inside its commander's range), its danger when nearly dead beside
    `adjacent` enemies, then its statuses."""
    terms = [worth * (0.5 + u.hp / u.hp_max)]
    if commanded:
        terms.append(0.4)
    if u.hp <= 3 and adjacent:
        terms.append(-(0.3 * worth * adjacent))
    terms.extend(status_terms(u))
    return tuple(terms)


def status_terms(u: Unit) -> list[float]:
    """Every status of `u` counted: a boon for, a bane against."""
    return [0.25 if s.name in POSITIVE_STATUSES else -0.35 for s in u.statuses]


def troop_front(state: Battle, boss: Unit, enemies: list[Unit]) -> int | None:
    """How near the commander's troop has come to the enemy (None with no troop or no enemy)."""
    troop = [t for t in state.troop_of(boss.leader) if t.uid != boss.uid]
    return min((manhattan(t.pos, e.pos) for t in troop for e in enemies), default=None)


def ahead(front: int, distance: int) -> int:
    """Squares a commander `distance` from the enemy stands ahead of a troop front at `front`:
    0 while some unit of its troop is at least one square nearer the enemy than it is."""
    return max(0, front + 1 - distance)


def ahead_of_troop(state: Battle, boss: Unit, enemies: list[Unit]) -> int:
    """How far a commander stands ahead of its troop's front. A commander's fall ends its troop
    and usually the battle, so it leads from behind the line; the troop still closes in
    (`approach`)."""
    front = troop_front(state, boss, enemies)
    if front is None:
        return 0
    return ahead(front, min(manhattan(boss.pos, e.pos) for e in enemies))


def caution(state: Battle) -> float:
    """How much an enemy in reach of a commander weighs: all of THREAT in round 1, nothing from
    round CAUTION_ROUNDS + 1. Always careful, two sides whose troops stay in their commanders'
    range never meet (tempers_at_the_ford drew every game that way)."""
    return max(0.0, 1.0 - (state.round - 1) / CAUTION_ROUNDS)


def threats(state: Battle, boss: Unit, enemies: list[Unit], cat: Catalogue) -> int:
    """Enemies whose move and reach cover the commander's square: a commander strikes adjacent
    squares, a troop unit as far as its printed range (terrain and skills left out)."""
    count = 0
    for e in enemies:
        spec = spec_of(e, cat)
        reach = 1 if e.role == "commander" else max(1, spec.range)
        if manhattan(e.pos, boss.pos) <= spec.move + reach:
            count += 1
    return count


def evaluate(state: Battle, side: int, cat: Catalogue, memo: Distances | None = None) -> float:
    """`side_score` of every side (this side's counted for, the others against) less
    `approach`, computed from indexes (`Ground`) and each unit's terms (`Standing`): the same
    floats as those definitions, without comparing every unit with every enemy. Given a
    `memo` (the ruleset keeps one), the distance tables are shared by the evaluations of one
    decision, and a state close to the last one evaluated (a candidate: a spell, a move,
    an attack that kills nobody, a turn ended) works out only the terms of the units its
    changes reach (`Standing.after`)."""
    result = outcome(state)
    if result is not None:
        if result.winner is None:
            return 0.0
        return 1000.0 if result.winner == side else -1000.0
    found = (memo if memo is not None else Distances()).standing(state, cat)
    total = 0.0
    for s in range(len(state.side_names)):
        total += found.score(s) * (1 if s == side else -1)
    return total - 0.03 * found.ground.approach(side)


class Distances:
    """The evaluation's memo, kept by the ruleset.

    Tables of "how far is the nearest of these squares" (`Nearest`) and "how many of these
    (square, reach) pairs cover this square" (`Covering`), keyed by value: by the tuple of
    the squares measured from. The candidates of one decision mostly leave the enemy where
    it stood, so their evaluations share one table and each unit's square is measured once
    per decision, not once per candidate; a table for squares that differ from a recent
    table's in a few places (a move, as each move candidate makes) starts from that one.
    A table fills as it is asked. At most `size` tables; the older half goes first.

    And the `Standing` of the last state evaluated, which the next one starts from when it
    is close to it (`Standing.after`): one, so the memo stays bounded.

    The tables and the last standing are replaced, never changed, so a reading thread sees
    the old ones or the new ones; a table's entry is written once with the one value it can
    have, and a standing is complete before it is kept."""

    def __init__(self, size: int = 32) -> None:
        self.size = size
        self._tables: dict = {}
        self._roots: dict = {}  # lineage: the table the next tables of that lineage start from
        self._last: Standing | None = None

    def nearest(self, lineage: tuple, sources: tuple) -> Nearest:
        """The `Nearest` table of `sources`; `lineage` names what they are (("enemies", 0):
        the squares of side 0's enemies), so a table differing from the last of its lineage
        in a few places starts from it."""
        return self._table(Nearest, lineage, sources)

    def covering(self, lineage: tuple, sources: tuple) -> Covering:
        """The `Covering` table of `sources`, (x, y, reach) each (see `nearest`)."""
        return self._table(Covering, lineage, sources)

    def _table(self, kind: type, lineage: tuple, sources: tuple) -> Any:
        key = (kind, sources)
        found = self._tables.get(key)
        if found is not None:
            return found
        root = self._roots.get(lineage)
        found = kind(sources, root if type(root) is kind else None)
        if found.root is None:  # too far from the lineage's root: this one is the next tables' root
            self._roots = {**self._roots, lineage: found}
        tables = self._tables
        tables = dict(list(tables.items())[len(tables) // 2:]) if len(tables) >= self.size else dict(tables)
        tables[key] = found
        self._tables = tables
        return found

    def standing(self, state: Battle, cat: Catalogue) -> Standing:
        """The terms and scores of `state`: from the last standing where `state` is close to
        it (`Standing.after`), else worked out anew."""
        careful = caution(state)
        last = self._last
        found = last.after(state, careful) if last is not None and last.ground.cat is cat else None
        if found is None:
            found = Standing.anew(state, careful, Ground(state, cat, self))
        self._last = found
        return found


#: At most this many of a table's sources may differ from its root's for it to start from
#: the root's answers (a move candidate differs in one, two candidates in a row in two).
DERIVED_AT_MOST = 4


class Table(abc.ABC):
    """A table of answers per square about `sources`, kept as they are asked; `root`, when
    it has one, is a table of as many sources that differs from this one's in at most
    DERIVED_AT_MOST places (`gone`: the root's there, `new`: this one's)."""

    __slots__ = ("sources", "found", "root", "gone", "new")

    def __init__(self, sources: tuple, root: Table | None = None) -> None:
        self.sources, self.found, self.root = sources, {}, None
        self.gone: list = []
        self.new: list = []
        if root is not None and len(root.sources) == len(sources):
            changed = [(old, now) for old, now in zip(root.sources, sources) if old != now]
            if len(changed) <= DERIVED_AT_MOST:
                self.root = root
                self.gone = [old for old, _ in changed]
                self.new = [now for _, now in changed]

    def at(self, x: int, y: int) -> int:
        """The answer for square (x, y), worked out the first time it is asked by the kind
        of table's own `answer` (`Nearest`, `Covering`)."""
        found = self.found.get((x, y))
        if found is None:
            found = self.found[(x, y)] = self.answer(x, y)
        return found

    @abc.abstractmethod
    def answer(self, x: int, y: int) -> int:
        """The answer for square (x, y), worked out: each kind of table gives its own."""


class Nearest(Table):
    """The Manhattan distance from a square to the nearest of `sources`, (x, y) each (0 with
    none).

    Given a `root`, a square's answer starts from the root's: the root's nearest distance
    d stands for the sources the two share as long as no source only the root has is
    within d (else the square is measured from every source), and a source only this
    table has is nearer or not. Every answer is the one measuring every source would give; a root never has a
    root, so an answer takes at most two measurements."""

    __slots__ = ()

    def answer(self, x: int, y: int) -> int:
        root = self.root
        if root is not None:
            d = root.at(x, y)
            for a, b in self.gone:
                if abs(x - a) + abs(y - b) <= d:
                    break
            else:
                for a, b in self.new:
                    e = abs(x - a) + abs(y - b)
                    if e < d:
                        d = e
                return d
        return min([abs(x - a) + abs(y - b) for a, b in self.sources], default=0)


class Covering(Table):
    """How many (x, y, reach) of `sources` are within their reach of a square, kept per
    square asked. Given a `root` (see `Nearest`), a square's count is the root's less the
    sources only the root has that cover it, plus those only this table has: the count
    over every source, exactly."""

    __slots__ = ()

    def answer(self, x: int, y: int) -> int:
        if self.root is not None:
            return (self.root.at(x, y) - sum(1 for a, b, r in self.gone if abs(x - a) + abs(y - b) <= r)
                    + sum(1 for a, b, r in self.new if abs(x - a) + abs(y - b) <= r))
        return sum(1 for a, b, r in self.sources if abs(x - a) + abs(y - b) <= r)


def nearest(table: dict, sources: tuple, sq: tuple[int, int]) -> int:
    """The Manhattan distance from `sq` to the nearest of `sources` (0 with none), kept in `table`."""
    found = table.get(sq)
    if found is None:
        x, y = sq
        found = table[sq] = min([abs(x - a) + abs(y - b) for a, b in sources], default=0)
    return found


class Ground:
    """Where the living units of one state stand, indexed for the evaluation: each side's
    living units (uids, in unit order), each leader's living troop, the squares of every
    side's enemies, the distance tables of `Distances`, each leader's command reach and each
    kind's worth.

    All of it follows from each living unit's square, side, leader, role and kind and from
    the leaders' commanders, never from hit points, statuses or MP; so every state that
    differs from this one only in those shares it (`Standing.after`). The unit records it
    keeps are those of the state it was built from, read only for those fields."""

    def __init__(self, state: Battle, cat: Catalogue, memo: Distances) -> None:
        self.cat, self.memo = cat, memo
        self.living = [u for u in state.units if u.hp > 0]
        self.troops: dict[int, list[Unit]] = {}
        self.sides: dict[int, list[int]] = {}  # each side's living units' uids, in unit order
        for u in self.living:
            self.troops.setdefault(u.leader, []).append(u)
            self.sides.setdefault(u.side, []).append(u.uid)
        self.command: dict[int, tuple] = {}  # leader index: its commander's (x, y, range), () once fallen
        for leader in state.leaders:
            boss = state.units[leader.uid]
            self.command[leader.index] = (
                (boss.pos[0], boss.pos[1], command_range(leader.commander, cat)) if boss.hp > 0 else ()
            )
        self._enemy_squares: dict[int, tuple] = {}
        self._enemy_at: dict[int, dict] = {}
        self._threat_sources: dict[int, Covering] = {}
        self._approach: dict[int, float] = {}
        self.worths: dict[tuple[str, str], float] = {}  # unit_worth by (role, kind)

    def enemy_squares(self, side: int) -> tuple:
        """The squares of every living unit not of `side`, in unit order."""
        found = self._enemy_squares.get(side)
        if found is None:
            found = self._enemy_squares[side] = tuple((u.pos[0], u.pos[1]) for u in self.living if u.side != side)
        return found

    def enemy_at(self, side: int) -> dict:
        """How many living enemies of `side` stand on each square."""
        found = self._enemy_at.get(side)
        if found is None:
            found = {}
            for sq in self.enemy_squares(side):
                found[sq] = found.get(sq, 0) + 1
            self._enemy_at[side] = found
        return found

    def terms(self, state: Battle, u: Unit, careful: float) -> tuple[float, ...]:
        """`commander_terms` or `troop_terms` of living unit `u` of `state` (its hit points,
        statuses and its leader's MP read from `state`, where it stands from here)."""
        worth = self.worths.get((u.role, u.kind))
        if worth is None:
            worth = self.worths[(u.role, u.kind)] = unit_worth(state, u, self.cat)
        side, x, y = u.side, u.pos[0], u.pos[1]
        enemy_at = self.enemy_at(side)
        adjacent = (enemy_at.get((x, y - 1), 0) + enemy_at.get((x + 1, y), 0)
                    + enemy_at.get((x, y + 1), 0) + enemy_at.get((x - 1, y), 0))
        if u.role == "commander":
            return commander_terms(u, state.leaders[u.leader], worth, adjacent, careful, self.ahead_of_troop(u),
                                   lambda: self.threats(u, side))
        reach = self.command[u.leader]
        commanded = bool(reach) and abs(x - reach[0]) + abs(y - reach[1]) <= reach[2]  # in_command
        return troop_terms(u, worth, adjacent, commanded)

    def ahead_of_troop(self, boss: Unit) -> int:
        """`ahead_of_troop`: the troop's front is its unit nearest the enemy."""
        sources = self.enemy_squares(boss.side)
        if not sources:
            return 0
        troop = [t for t in self.troops.get(boss.leader, ()) if t.uid != boss.uid]
        if not troop:
            return 0
        table = self.memo.nearest(("enemies", boss.side), sources)
        front = min(table.at(t.pos[0], t.pos[1]) for t in troop)
        return ahead(front, table.at(boss.pos[0], boss.pos[1]))

    def threats(self, boss: Unit, side: int) -> int:
        """`threats`: enemies whose move and reach cover the commander's square."""
        found = self._threat_sources.get(side)
        if found is None:
            cat = self.cat
            reaches: dict[tuple[str, str], int] = {}
            sources = []
            for e in self.living:
                if e.side == side:
                    continue
                r = reaches.get((e.role, e.kind))
                if r is None:
                    spec = spec_of(e, cat)
                    r = reaches[(e.role, e.kind)] = spec.move + (1 if e.role == "commander" else max(1, spec.range))
                sources.append((e.pos[0], e.pos[1], r))
            found = self._threat_sources[side] = self.memo.covering(("threats", side), tuple(sources))
        return found.at(boss.pos[0], boss.pos[1])

    def approach(self, side: int) -> float:
        """`approach`: the nearest enemy, and the nearest enemy commander at half weight."""
        found = self._approach.get(side)
        if found is not None:
            return found
        sources = self.enemy_squares(side)
        bosses = tuple((u.pos[0], u.pos[1]) for u in self.living if u.side != side and u.role == "commander")
        near_enemy = self.memo.nearest(("enemies", side), sources).at
        near_boss = self.memo.nearest(("bosses", side), bosses).at
        total = 0.0
        for u in self.living:
            if u.side != side or u.role == "commander":
                continue
            x, y = u.pos[0], u.pos[1]
            total += near_enemy(x, y)
            total += 0.5 * near_boss(x, y)
        self._approach[side] = total
        return total


class Standing:
    """One state as the evaluation found it: its `Ground`, each living unit's terms (by uid),
    and each side's score, the terms of its units added in unit order (`side_score`)."""

    __slots__ = ("units", "leaders", "careful", "ground", "terms", "scores")

    def __init__(self, units: tuple, leaders: tuple, careful: float, ground: Ground,
                 terms: list, scores: dict[int, float]) -> None:
        self.units, self.leaders, self.careful = units, leaders, careful
        self.ground, self.terms, self.scores = ground, terms, scores

    @classmethod
    def anew(cls, state: Battle, careful: float, ground: Ground) -> Standing:
        terms: list = [None] * len(state.units)
        for u in ground.living:
            terms[u.uid] = ground.terms(state, u, careful)
        scores = {side: fold(uids, terms) for side, uids in ground.sides.items()}
        return cls(state.units, state.leaders, careful, ground, terms, scores)

    def score(self, side: int) -> float:
        return self.scores.get(side, 0.0)

    def after(self, state: Battle, careful: float) -> Standing | None:
        """The standing of `state` worked out from this one, or None when too much differs:
        a unit living or fallen, or of another side, leader, role or kind; a leader with
        another commander or unit; another count of units or leaders; another caution (a new
        round); more than MOVED_AT_MOST units moved.

        Worked out again are the terms of the units whose records differ, of the commanders
        whose leader's record differs (its MP) and, for each unit moved, of those whose terms
        read where it stands (`moved_reach`); then the scores of their sides. Records are
        frozen, so a record that is the same object holds the same values."""
        units, leaders = state.units, state.leaders
        if careful != self.careful or len(units) != len(self.units) or len(leaders) != len(self.leaders):
            return None
        redo = []
        moved = []
        for new, old in zip(units, self.units):
            if new is old:
                continue
            if ((new.hp > 0) != (old.hp > 0) or new.side != old.side
                    or new.leader != old.leader or new.role != old.role or new.kind != old.kind):
                return None
            if new.hp > 0:
                redo.append(new)
                if new.pos != old.pos:
                    moved.append((new, old.pos))
        for new, old in zip(leaders, self.leaders):
            if new is old:
                continue
            if new.uid != old.uid or (new.commander is not old.commander and new.commander != old.commander):
                return None
            boss = units[new.uid]
            if new.mp != old.mp and boss.hp > 0:
                redo.append(boss)
        if not redo:
            return Standing(units, leaders, careful, self.ground, self.terms, self.scores)
        ground = self.ground
        if moved:
            if len(moved) > MOVED_AT_MOST:
                return None
            ground = Ground(state, ground.cat, ground.memo)
            for unit, was in moved:
                redo.extend(moved_reach(ground.living, unit, was))
        terms = list(self.terms)
        for u in redo:
            terms[u.uid] = ground.terms(state, u, careful)
        scores = dict(self.scores)
        for side in {u.side for u in redo}:
            scores[side] = fold(ground.sides[side], terms)
        return Standing(units, leaders, careful, ground, terms, scores)


#: A state with more units moved than this from the last one evaluated is evaluated anew.
MOVED_AT_MOST = 4


def moved_reach(living: list[Unit], unit: Unit, was: tuple[int, int]) -> list[Unit]:
    """The living units whose terms read where `unit`, moved from `was`, stands: the enemies
    beside its old or new square (`adjacent`), every enemy commander (`ahead_of_troop` and
    `threats` measure from its side's squares), the commander of its leader (its troop's
    front) and, when it is the commander, its whole troop (`in_command`). No other term
    reads another unit's square."""
    side, leader, x, y = unit.side, unit.leader, unit.pos[0], unit.pos[1]
    wx, wy = was[0], was[1]
    boss = unit.role == "commander"
    out = []
    for u in living:
        ux, uy = u.pos[0], u.pos[1]
        if u.side != side:
            if (u.role == "commander" or abs(ux - x) + abs(uy - y) == 1
                    or abs(ux - wx) + abs(uy - wy) == 1):
                out.append(u)
        elif u.leader == leader and (boss or u.role == "commander"):
            out.append(u)
    return out


def fold(uids: list[int], terms: list) -> float:
    """The terms of units `uids`, added one by one in that order from 0.0."""
    score = 0.0
    for uid in uids:
        for term in terms[uid]:
            score += term
    return score


def approach(state: Battle, side: int) -> float:
    """How far this side's fighting units stand from the enemy, the enemy commanders counted
    half again: only the evaluating side is pushed forward, so closing in never cancels out."""
    enemies = [u for u in state.living() if u.side != side]
    bosses = [u for u in enemies if u.role == "commander"]
    total = 0.0
    for u in state.living():
        if u.side != side or u.role == "commander":
            continue
        total += min((manhattan(u.pos, e.pos) for e in enemies), default=0)
        total += 0.5 * min((manhattan(u.pos, e.pos) for e in bosses), default=0)
    return total


def candidates(state: Battle, side: int, cat: Catalogue, memo: ReachMemo | None = None) -> list:
    actions = legal_actions(state, side, cat, memo, distinct_casts=True)
    orders: dict[int, list[Order]] = {}
    rest = []
    for a in actions:
        if isinstance(a, Order):
            orders.setdefault(a.uid, []).append(a)
        else:
            rest.append(a)
    out: list = []
    enemies = [u for u in state.living() if u.side != side]
    sources = tuple((e.pos[0], e.pos[1]) for e in enemies)
    near: dict = {}  # the enemy's distance from each square looked at, for every unit of this call

    def near_enemy(sq):
        return nearest(near, sources, (sq[0], sq[1]))

    def cover(sq):
        return cat.terrain[state.board.terrain_at(sq)].cap_reduction

    for uid, mine in orders.items():
        unit = state.units[uid]
        leader = state.leaders[unit.leader]
        boss = state.units[leader.uid]
        rng = command_range(leader.commander, cat)

        by_target: dict[int, list[Order]] = {}
        moves = []
        for a in mine:
            (by_target.setdefault(a.target, []) if a.target >= 0 else moves).append(a)
        for target, options in by_target.items():
            options.sort(key=lambda a: (a.dest != unit.pos, -cover(a.dest), manhattan(a.dest, boss.pos), a.dest[1], a.dest[0]))
            out.extend(options[:2])
        picked = {}
        if moves:
            stay = [a for a in moves if tuple(a.dest) == tuple(unit.pos)]
            picked.update({id(a): a for a in stay})
            in_range = [a for a in moves if unit.role == "commander" or manhattan(a.dest, boss.pos) <= rng]
            pool = in_range or moves
            for a in sorted(pool, key=lambda a: (near_enemy(a.dest), -cover(a.dest), a.dest[1], a.dest[0]))[:3]:
                picked[id(a)] = a
            if unit.hp <= 4 or unit.role == "commander":
                for a in sorted(pool, key=lambda a: (-near_enemy(a.dest), a.dest[1], a.dest[0]))[:1]:
                    picked[id(a)] = a
            front = troop_front(state, unit, enemies) if unit.role == "commander" else None
            if front is not None:  # the two squares nearest its troop that keep it behind the front
                troop = [t for t in state.troop_of(unit.leader) if t.uid != unit.uid]
                for a in sorted(pool, key=lambda a: (ahead(front, near_enemy(a.dest)),
                                                     sum(manhattan(a.dest, t.pos) for t in troop), a.dest[1], a.dest[0]))[:2]:
                    picked[id(a)] = a
            if unit.role != "commander":
                for a in sorted(moves, key=lambda a: (manhattan(a.dest, boss.pos), near_enemy(a.dest), a.dest[1], a.dest[0]))[:1]:
                    picked[id(a)] = a
        out.extend(sorted(picked.values(), key=lambda a: (a.dest[1], a.dest[0])))
    return out + rest


def random_action(action) -> bool:
    return (isinstance(action, Order) and action.target >= 0) or isinstance(action, Cast)


def budget() -> Budget:
    return Budget(samples=3, easy_pool=4, hard_candidates=10, hard_reply_plies=3, max_candidates=400)


@attrs.frozen(slots=True)
class BalancedDice(Dice):
    """Imagined dice for the hard lookahead: every throw of n dice is spread evenly over the
    faces (one die in each n-th of the range, the middle of it), so 10 strikes that hit on
    1-6 land exactly 6 times. The values depend on nothing but n and the number of faces:
    they say nothing about the battle's real dice, and the lookahead judges each candidate
    on the outcome to expect instead of one lucky or unlucky sample (a single imagined
    sample per candidate made the deepest search favour whichever attack it dreamt well)."""

    def roll(self, sides: int) -> tuple[int, Dice]:
        values, nxt = self.rolls(1, sides)
        return values[0], nxt

    def rolls(self, count: int, sides: int) -> tuple[tuple[int, ...], Dice]:
        if sides < 1:
            raise ValueError(f"a die needs at least one side, not {sides}")
        return balanced_rolls(count, sides), BalancedDice(self.seed, self.counter + count)


def balanced_rolls(count: int, sides: int) -> tuple[int, ...]:
    """`count` faces, one from the middle of each `count`-th of 1..sides (so exactly
    round(count * k / sides) of them are at most k), interleaved so that any first few
    of them are spread too (spells let a target face only the first N dice)."""
    if count <= 0:
        return ()
    ladder = [((2 * i + 1) * sides) // (2 * count) + 1 for i in range(count)]
    step = max(1, (count * 5 + 4) // 8)
    while gcd(step, count) != 1:
        step += 1
    return tuple(ladder[(count // 2 + i * step) % count] for i in range(count))


def imagined(state: Battle, salt: int) -> Battle:
    """The copy of `state` the hard lookahead plays on: balanced dice, never the real ones."""
    return attrs.evolve(state, dice=BalancedDice(salt & ((1 << 64) - 1), 0))


def reseeded(state: Battle, salt: int) -> Battle:
    dice = state.dice
    return attrs.evolve(state, dice=Dice.from_seed(dice.seed ^ ((salt * 0x9E3779B97F4A7C15) & ((1 << 64) - 1)) ^ dice.counter))
