"""What the AI levels need from Commanders: a position evaluation, pruned candidates, fair sampling.

The evaluation counts what each side keeps (hit points weighted by unit
strength, commanders worth more since their troop dies with them), and how
it stands: troop units inside command range, wounded units kept out of
reach, commanders not left open (behind their troop's front and, early in a
battle, out of the enemy's reach), MP in reserve, units closing on the enemy.
Candidates keep every attack (from the two best squares per target), every
spell and a few moves per unit: advance, hold, fall back to the commander,
retreat when wounded. Dice are never peeked: attacks and spells are valued
on re-seeded copies of the state.
"""

from __future__ import annotations

from math import gcd
from typing import Callable

import attrs

from core.ruleset import Budget
from core.commanders.actions import Cast, Order
from core.commanders.content import Catalogue
from core.commanders.derived import POSITIVE_STATUSES, command_range, in_command, spec_of
from core.commanders.movement import ReachMemo
from core.commanders.state import Battle, Unit
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
    enemies = [u for u in state.living() if u.side != side]
    careful = caution(state)
    score = 0.0
    for u in state.living():
        if u.side != side:
            continue
        worth = unit_worth(state, u, cat)
        score += worth * (0.5 + u.hp / u.hp_max)
        adjacent = sum(1 for e in enemies if manhattan(u.pos, e.pos) == 1)
        if u.role == "commander":
            score = commander_terms(score, state, u, adjacent, careful, ahead_of_troop(state, u, enemies),
                                    lambda u=u: threats(state, u, enemies, cat))
        else:
            score = troop_terms(score, u, worth, adjacent, in_command(state, u, cat))
    return score


def commander_terms(score: float, state: Battle, u: Unit, adjacent: int, careful: float, ahead: int,
                    threats: Callable[[], int]) -> float:
    """`score` with the terms `side_score` adds for commander `u` after its worth, in that
    order (`evaluate`'s indexes find the counts another way; the floats must come out the
    same): its movement left, its exposure, how far it stands `ahead` of its troop and,
    while the side is `careful`, the enemies that could strike it; then its statuses."""
    leader = state.leaders[u.leader]
    score += 0.03 * leader.mp
    score -= 0.5 * adjacent * (1.5 - u.hp / u.hp_max)
    score -= BEHIND_THE_LINE * ahead
    score -= THREAT * careful * (threats() if careful else 0)
    return status_terms(score, u)


def troop_terms(score: float, u: Unit, worth: float, adjacent: int, commanded: bool) -> float:
    """`score` with the terms `side_score` adds for troop unit `u` after its worth, in that
    order: being `commanded` (inside its commander's range), its danger when nearly dead,
    then its statuses."""
    if commanded:
        score += 0.4
    if u.hp <= 3 and adjacent:
        score -= 0.3 * worth * adjacent
    return status_terms(score, u)


def status_terms(score: float, u: Unit) -> float:
    """`score` with every status of `u` counted: a boon for, a bane against."""
    for s in u.statuses:
        score += 0.25 if s.name in POSITIVE_STATUSES else -0.35
    return score


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
    `approach`, computed from indexes (`Position`): the same numbers as those definitions,
    without comparing every unit with every enemy. Given a `memo` (the ruleset keeps one),
    the distance tables are shared by the evaluations of one decision."""
    result = outcome(state)
    if result is not None:
        if result.winner is None:
            return 0.0
        return 1000.0 if result.winner == side else -1000.0
    at = Position(state, cat, memo if memo is not None else Distances())
    total = 0.0
    for s in range(len(state.side_names)):
        total += at.side_score(s) * (1 if s == side else -1)
    return total - 0.03 * at.approach(side)


class Distances:
    """Tables of "how far is the nearest of these squares" (and "how many of these (square,
    reach) pairs cover this square"), keyed by value: by the tuple of the squares measured
    from. The candidates of one decision mostly leave the enemy where it stood, so their
    evaluations share one table and each unit's square is measured once per decision, not
    once per candidate. A table fills as it is asked. At most `size` tables; the older half
    goes first. The table of tables is replaced, never changed, so a reading thread sees the
    old one or the new one; an entry is written once with the one value it can have."""

    def __init__(self, size: int = 32) -> None:
        self.size = size
        self._tables: dict = {}

    def table(self, key: tuple) -> dict:
        found = self._tables.get(key)
        if found is not None:
            return found
        tables = self._tables
        tables = dict(list(tables.items())[len(tables) // 2:]) if len(tables) >= self.size else dict(tables)
        found = tables[key] = {}
        self._tables = tables
        return found


def nearest(table: dict, sources: tuple, sq: tuple[int, int]) -> int:
    """The Manhattan distance from `sq` to the nearest of `sources` (0 with none), kept in `table`."""
    found = table.get(sq)
    if found is None:
        x, y = sq
        found = table[sq] = min([abs(x - a) + abs(y - b) for a, b in sources], default=0)
    return found


def covering(table: dict, sources: tuple, sq: tuple[int, int]) -> int:
    """How many (x, y, reach) of `sources` are within their reach of `sq`, kept in `table`."""
    found = table.get(sq)
    if found is None:
        x, y = sq
        found = table[sq] = sum(1 for a, b, r in sources if abs(x - a) + abs(y - b) <= r)
    return found


class Position:
    """One state's units indexed for the evaluation: each side's squares, each leader's living
    troop, and the distance tables of `Distances`. `side_score` and `approach` give what the
    functions of those names give."""

    def __init__(self, state: Battle, cat: Catalogue, memo: Distances) -> None:
        self.state, self.cat, self.memo = state, cat, memo
        self.living = [u for u in state.units if u.hp > 0]
        self.troops: dict[int, list[Unit]] = {}
        self.sides: dict[int, list[Unit]] = {}  # each side's living units, in unit order
        for u in self.living:
            self.troops.setdefault(u.leader, []).append(u)
            self.sides.setdefault(u.side, []).append(u)
        self._enemy_squares: dict[int, tuple] = {}
        self._threat_sources: dict[int, tuple] = {}
        self._command: dict[int, tuple] = {}  # leader index: its commander's (x, y, range), () once fallen
        self.worths: dict[tuple[str, str], float] = {}  # unit_worth by (role, kind)

    def enemy_squares(self, side: int) -> tuple:
        """The squares of every living unit not of `side`, in unit order."""
        found = self._enemy_squares.get(side)
        if found is None:
            found = self._enemy_squares[side] = tuple((u.pos[0], u.pos[1]) for u in self.living if u.side != side)
        return found

    def side_score(self, side: int) -> float:
        state, cat = self.state, self.cat
        sources = self.enemy_squares(side)
        table = self.memo.table(("nearest", sources))
        enemy_at: dict[tuple[int, int], int] = {}
        for sq in sources:
            enemy_at[sq] = enemy_at.get(sq, 0) + 1
        careful = caution(state)
        worths = self.worths
        score = 0.0
        for u in self.sides.get(side, ()):
            worth = worths.get((u.role, u.kind))
            if worth is None:
                worth = worths[(u.role, u.kind)] = unit_worth(state, u, cat)
            score += worth * (0.5 + u.hp / u.hp_max)
            x, y = u.pos[0], u.pos[1]
            adjacent = (enemy_at.get((x, y - 1), 0) + enemy_at.get((x + 1, y), 0)
                        + enemy_at.get((x, y + 1), 0) + enemy_at.get((x - 1, y), 0))
            if u.role == "commander":
                score = commander_terms(score, state, u, adjacent, careful, self.ahead_of_troop(u, sources, table),
                                        lambda u=u: self.threats(u, side))
            else:
                score = troop_terms(score, u, worth, adjacent, self.commanded(u, x, y))
        return score

    def commanded(self, u: Unit, x: int, y: int) -> bool:
        """`in_command` for troop unit `u` at (x, y): each leader's commander square and
        range looked up once per position."""
        reach = self._command.get(u.leader)
        if reach is None:
            leader = self.state.leaders[u.leader]
            boss = self.state.units[leader.uid]
            reach = self._command[u.leader] = (
                (boss.pos[0], boss.pos[1], command_range(leader.commander, self.cat)) if boss.hp > 0 else ()
            )
        return bool(reach) and abs(x - reach[0]) + abs(y - reach[1]) <= reach[2]

    def ahead_of_troop(self, boss: Unit, sources: tuple, table: dict) -> int:
        """`ahead_of_troop`: the troop's front is its unit nearest the enemy."""
        if not sources:
            return 0
        troop = [t for t in self.troops.get(boss.leader, ()) if t.uid != boss.uid]
        if not troop:
            return 0
        front = min(nearest(table, sources, (t.pos[0], t.pos[1])) for t in troop)
        return ahead(front, nearest(table, sources, (boss.pos[0], boss.pos[1])))

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
            key = tuple(sources)
            found = self._threat_sources[side] = (key, self.memo.table(("threats", key)))
        key, table = found
        return covering(table, key, (boss.pos[0], boss.pos[1]))

    def approach(self, side: int) -> float:
        """`approach`: the nearest enemy, and the nearest enemy commander at half weight."""
        sources = self.enemy_squares(side)
        bosses = tuple((u.pos[0], u.pos[1]) for u in self.living if u.side != side and u.role == "commander")
        near_enemy = self.memo.table(("nearest", sources))
        near_boss = self.memo.table(("nearest", bosses))
        total = 0.0
        for u in self.sides.get(side, ()):
            if u.role == "commander":
                continue
            sq = (u.pos[0], u.pos[1])
            total += nearest(near_enemy, sources, sq)
            total += 0.5 * nearest(near_boss, bosses, sq)
        return total


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
    actions = legal_actions(state, side, cat, memo)
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
