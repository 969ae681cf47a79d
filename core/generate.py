"""What every ruleset's battlefield and army generators share (core/<ruleset>/generate.py).

- `Draw`: the numbers a generator draws, from SplitMix64 over (seed, counter) as the
  battle dice are (core.rng), so a seed makes the same map on every machine and
  Python version. A Draw is local to one call of a generator: it is never kept.
- `derive(seed, *salts)`: the seed of one part (the map's n-th attempt, side 2's army).
- `GeneratedName`: the scenario name a generated battle is known by, `generated:SEED:WxH`
  or `generated:SEED:WxH:BUDGET`, which each ruleset's `load_scenario` understands, so a
  save names a generated battle as it names a bundled one (docs/FORMATS.md).
- `parse_size`: a size typed by a person, `WxH`, within the ruleset's bounds.
- `connected`, `reach_costs`: the graph checks the generators prove their maps with.
"""

from __future__ import annotations

import heapq
from collections import deque
from typing import Callable, Hashable, Iterable, Sequence, TypeVar

import attrs

from core.errors import ContentError, Problem
from core.rng import MASK64, SEED_MAX, parse_seed, splitmix64

T = TypeVar("T")
N = TypeVar("N", bound=Hashable)

#: The prefix of a generated scenario's name.
PREFIX = "generated"


def derive(seed: int, *salts: int) -> int:
    """The seed of one part of a generated battle: a pure function of `seed` and the salts."""
    value = seed & MASK64
    for salt in salts:
        value = splitmix64(value, salt & MASK64)
    return value


class Draw:
    """Numbers drawn in order from one seed (SplitMix64). Local to one generator call."""

    def __init__(self, seed: int) -> None:
        self.seed = seed & MASK64
        self.counter = 0

    def u64(self) -> int:
        value = splitmix64(self.seed, self.counter)
        self.counter += 1
        return value

    def below(self, n: int) -> int:
        """A whole number 0..n-1 (n >= 1)."""
        return self.u64() % n

    def between(self, low: int, high: int) -> int:
        """A whole number low..high, both included."""
        return low + self.below(high - low + 1)

    def chance(self, p: float) -> bool:
        """True with probability p."""
        return self.u64() < int(p * (1 << 64))

    def pick(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def weighted(self, items: Sequence[tuple[T, int]]) -> T:
        """One item, each as likely as its whole-number weight (at least one weight > 0)."""
        total = sum(w for _, w in items if w > 0)
        point = self.below(total)
        for item, weight in items:
            if weight <= 0:
                continue
            if point < weight:
                return item
            point -= weight
        raise ValueError("no positive weight")

    def shuffled(self, items: Iterable[T]) -> list[T]:
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out


@attrs.frozen(slots=True)
class GeneratedName:
    """A generated battle named by its seed, its size and (optionally) each army's budget."""

    seed: int
    width: int
    height: int
    budget: int | None = None

    def __str__(self) -> str:
        tail = "" if self.budget is None else f":{self.budget}"
        return f"{PREFIX}:{self.seed}:{self.width}x{self.height}{tail}"

    @property
    def size(self) -> tuple[int, int]:
        return self.width, self.height


@attrs.frozen(slots=True)
class Generation:
    """What a ruleset's generators accept (`Ruleset.generation`): the sizes of a map
    (width, height), the size without one, the budgets of an army and the budget of a
    generated battle without one, and what a budget counts (`points`, `level`)."""

    size_min: tuple[int, int]
    size_max: tuple[int, int]
    default_size: tuple[int, int]
    budget_range: tuple[int, int]
    default_budget: int
    budget_word: str = "points"

    def size(self, text: str) -> tuple[int, int]:
        """A size typed by a person, in bounds; ValueError in one line otherwise."""
        return parse_size(text, self.size_min, self.size_max)

    def name(self, text: str) -> GeneratedName:
        """A generated battle's name, every part in bounds; ContentError naming it otherwise."""
        try:
            return parse_name(text, self.size_min, self.size_max, self.budget_range)
        except ValueError as exc:
            raise ContentError([Problem(text[:80], "(scenario)", str(exc))]) from None


def is_generated(name: object) -> bool:
    """True when `name` is meant as a generated battle's name (whether or not it parses)."""
    return isinstance(name, str) and name.startswith(PREFIX + ":")


def parse_size(text: str, low: tuple[int, int], high: tuple[int, int]) -> tuple[int, int]:
    """`WxH` within low..high on each axis; raises ValueError with the reason in one line."""
    parts = text.strip().lower().split("x")
    if len(parts) != 2 or not all(p.isdigit() and len(p) <= 4 for p in parts):
        raise ValueError(f"{text.strip()[:40]!r} is not a size: write WIDTHxHEIGHT, such as {low[0]}x{low[1]}")
    width, height = int(parts[0]), int(parts[1])
    if not (low[0] <= width <= high[0] and low[1] <= height <= high[1]):
        raise ValueError(f"the size {width}x{height} is out of range: width {low[0]} to {high[0]}, height {low[1]} to {high[1]}")
    return width, height


def parse_budget(text: str, low: int, high: int) -> int:
    """A budget (points, or a commander's level) within low..high; ValueError otherwise."""
    if not text.strip().isdigit() or len(text.strip()) > 6:
        raise ValueError(f"{text.strip()[:40]!r} is not a budget: a whole number from {low} to {high}")
    value = int(text)
    if not low <= value <= high:
        raise ValueError(f"the budget {value} is out of range: {low} to {high}")
    return value


def parse_name(name: str, low: tuple[int, int], high: tuple[int, int], budgets: tuple[int, int]) -> GeneratedName:
    """`generated:SEED:WxH[:BUDGET]` with every part in its bounds; ValueError naming the part at fault."""
    parts = name.split(":")
    if len(parts) not in (3, 4) or parts[0] != PREFIX:
        raise ValueError(f"a generated battle is named {PREFIX}:SEED:WxH or {PREFIX}:SEED:WxH:BUDGET")
    seed = parse_seed(parts[1])
    width, height = parse_size(parts[2], low, high)
    budget = parse_budget(parts[3], *budgets) if len(parts) == 4 else None
    return GeneratedName(seed, width, height, budget)


@attrs.frozen
class StartValue:
    """What one side's deployment zone is worth at the start of a battle (higher is better):
    the ruleset measures it on the bare map (docs/RULES.md, "Runs", fairness)."""

    centre: float  # mean movement cost from a zone square to the centre line
    cover: int  # protective squares (trees, forest, craters) within one move of the zone
    high: int  # squares of high ground (height 1 or more) within one move of the zone

    @property
    def value(self) -> float:
        return self.cover + self.high - self.centre


def imbalance_of(values: Sequence[StartValue]) -> float:
    """How far apart the best and the worst side's start values are."""
    numbers = [v.value for v in values]
    return round(max(numbers) - min(numbers), 3) if numbers else 0.0


# --- graphs -----------------------------------------------------------------------------
def lay_clumps(
    draw: Draw, grid: dict, value: str, share: float, size: tuple[int, int], free: set, bare: str,
    near: Callable[[tuple[int, int]], list[tuple[int, int]]],
) -> None:
    """Lay `value` on about `share` of a map of `size` (width, height), only on `free` cells
    still `bare`, in clumps of neighbouring cells (`near`), a bounded number of times. Clumps
    come in pairs, the second in the mirrored column on a row of its own, so each side tends
    to get its share without the map being a mirror image."""
    width, height = size
    target = int(width * height * share)
    placed = 0
    for _ in range(4 * target):  # bounded: a crowded map may have no room left for the share
        if placed >= target:
            break
        col, clump = draw.below(width), draw.between(2, 6)
        for cell in ((col, draw.below(height)), (width - 1 - col, draw.below(height))):
            for _ in range(clump):
                if cell in free and grid[cell] == bare:
                    grid[cell] = value
                    placed += 1
                cell = draw.pick(near(cell))


def fairest(drawn: Iterable[T], problems: Callable[[T], object], gap: Callable[[T], float], tolerance: float) -> T | None:
    """The first of `drawn` with no problems whose `gap` (how uneven its sides start) is within
    `tolerance`; else the one with the smallest gap; None when every one has problems."""
    best: tuple[float, T] | None = None
    for spec in drawn:
        if problems(spec):
            continue
        uneven = gap(spec)
        if uneven <= tolerance:
            return spec
        if best is None or uneven < best[0]:
            best = (uneven, spec)
    return None if best is None else best[1]


def reach_set(start: N, steps: Callable[[N], Iterable[N]]) -> set[N]:
    """Every node reachable from `start` by `steps` (breadth first)."""
    seen = {start}
    todo = deque([start])
    while todo:
        node = todo.popleft()
        for nxt in steps(node):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def connected(nodes: Iterable[N], steps: Callable[[N], Iterable[N]]) -> bool:
    """True when every node reaches every other by `steps` and back (strongly connected:
    a step may cost more one way than the other, as leaving water does in Commanders).
    `steps(node)` lists the nodes one step away; nodes outside `nodes` are ignored."""
    members = set(nodes)
    if not members:
        return False
    ahead: dict[N, list[N]] = {n: [m for m in steps(n) if m in members] for n in members}
    behind: dict[N, list[N]] = {n: [] for n in members}
    for n, nexts in ahead.items():
        for m in nexts:
            behind[m].append(n)
    start = min(members, key=repr)
    return len(reach_set(start, ahead.__getitem__)) == len(members) == len(reach_set(start, behind.__getitem__))


def reach_costs(starts: Iterable[N], steps: Callable[[N], Iterable[tuple[N, int]]], limit: int | None = None) -> dict[N, int]:
    """The cheapest cost from any of `starts` to every node `steps` (node, cost) reaches,
    at most `limit` when given (Dijkstra)."""
    best: dict[N, int] = {}
    frontier: list[tuple[int, int, N]] = []
    order = 0
    for s in starts:
        if s not in best:
            best[s] = 0
            frontier.append((0, order, s))
            order += 1
    heapq.heapify(frontier)
    while frontier:
        cost, _, node = heapq.heappop(frontier)
        if cost > best.get(node, cost):
            continue
        for nxt, step in steps(node):
            total = cost + step
            if limit is not None and total > limit:
                continue
            if total < best.get(nxt, total + 1):
                best[nxt] = total
                order += 1
                heapq.heappush(frontier, (total, order, nxt))
    return best


__all__ = [
    "Draw", "GeneratedName", "Generation", "PREFIX", "StartValue", "imbalance_of", "SEED_MAX", "connected", "derive", "is_generated", "parse_budget",
    "fairest", "lay_clumps", "parse_name", "parse_size", "reach_costs", "reach_set",
]
