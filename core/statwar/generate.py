"""Generated StatWar battles: a symmetric board with a neutral zone, and armies under the point buy.

seed 001: "The board can be anything as long as it is symmetrical, has squares ...
and has a neutral zone along a line of symmetry." A generated board is drawn for
one side and mirrored across the line between the sides, so it is fair by
construction; the squares on that line are the neutral zone (docs/RULES.md, "Runs").

- `generate_map(seed, size, mix)`: a `BoardSpec`, the record a board file loads into.
- `map_problems(spec, sizes)`: why a board fails the generator's promises (every
  footprint size moves everywhere; both sides have room to deploy every footprint).
- `generate_army(seed, budget, units, room)`: an `Army` from the unit designs, checked
  by the same rules as an army file (core.statwar.muster.army_from_document).
- `generated_setup(name, units)`: the battle `generated:SEED:WxH[:BUDGET]` names.

Every function is pure: the same arguments give the same result in any process.
"""

from __future__ import annotations

import attrs

from core.generate import Draw, GeneratedName, connected, derive
from core.statwar.setup import Setup, build_board
from core.statwar.specs import BLOCKED, MAX_ARMY_UNITS, NEUTRAL, OPEN, SPLITS, Army, BoardSpec, UnitSpec

#: Sizes a generated board may have (width, height), and the size without --size.
SIZE_MIN = (8, 8)
SIZE_MAX = (40, 40)
DEFAULT_SIZE = (16, 16)
#: Points a generated army may be given, and the points of a generated battle without a budget.
BUDGET_RANGE = (10, 1000)
DEFAULT_BUDGET = 50
#: Rows at each side's back edge kept open, so every footprint up to 3x3 (Big 2) can deploy.
BACK_ROWS = 3
#: Footprints every generated board lets move everywhere: 1x1, Big 1 (2x2), Big 2 (3x3).
FOOTPRINTS = (1, 2, 3)
ROUND_LIMIT = 40


@attrs.frozen
class Mix:
    """What a generated board holds: `rocks` is the share of the field (between the back
    rows and the neutral zone) that is blocked, `neutral_rocks` the share of the neutral zone."""

    rocks: float = 0.18
    neutral_rocks: float = 0.2


STEPS8 = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))


def _spots(free: set[tuple[int, int]], width: int, height: int, size: int) -> set[tuple[int, int]]:
    """Top-left squares where a size x size footprint stands on `free` squares only."""
    return {
        (x, y)
        for y in range(height - size + 1)
        for x in range(width - size + 1)
        if all((x + dx, y + dy) in free for dy in range(size) for dx in range(size))
    }


def _moves_everywhere(free: set[tuple[int, int]], width: int, height: int, sizes: tuple[int, ...]) -> bool:
    """True when a footprint of each size goes from any place it fits to any other
    (8-way steps; a step back is a step too, so one search from one place suffices)."""
    for size in sizes:
        spots = _spots(free, width, height, size)
        if not spots:
            return False
        start = min(spots)
        seen, todo = {start}, [start]
        while todo:
            x, y = todo.pop()
            for dx, dy in STEPS8:
                n = (x + dx, y + dy)
                if n in spots and n not in seen:
                    seen.add(n)
                    todo.append(n)
        if len(seen) != len(spots):
            return False
    return True


def _lay_rocks(draw: Draw, width: int, height: int, mix: Mix) -> list[list[str]]:
    """A top-bottom board: open, the neutral rows on the line, then rock clumps laid with
    their mirror images, each kept only if every footprint still moves everywhere."""
    middle = (height - 1) // 2  # the first neutral row
    grid = [[NEUTRAL if middle <= y < height - middle else OPEN for _ in range(width)] for y in range(height)]
    free = {(x, y) for y in range(height) for x in range(width)}
    field = [(x, y) for y in range(BACK_ROWS, middle) for x in range(width)]
    line = [(x, middle) for x in range(width)]
    for cells, share in ((field, mix.rocks), (line, mix.neutral_rocks)):
        target = int(len(cells) * share)
        placed = 0
        for _ in range(4 * target):  # bounded: clumps may fall on rock already laid, or be refused
            if placed >= target:
                break
            x, y = draw.pick(cells)
            clump = []
            for _ in range(draw.between(1, 4)):
                if (x, y) in cells and (x, y) in free and (x, y) not in clump:
                    clump.append((x, y))
                dx, dy = draw.pick(((1, 0), (-1, 0), (0, 1), (0, -1)))
                x, y = min(max(x + dx, 0), width - 1), y + dy
            squares = {c for x, y in clump for c in ((x, y), (x, height - 1 - y))}
            if not squares or not _moves_everywhere(free - squares, width, height, FOOTPRINTS):
                continue
            free -= squares
            for x, y in squares:
                grid[y][x] = BLOCKED
            placed += len(clump)
    return grid


def _board(grid: list[list[str]], split: str, seed: int) -> BoardSpec:
    rows = ["".join(row) for row in grid]
    if split == "left-right":
        rows = ["".join(row[x] for row in rows) for x in range(len(rows[0]))]
    return BoardSpec(
        name=f"generated-{seed}",
        description=f"A generated field (seed {seed}), mirrored across a neutral zone.",
        split=split,
        rows=tuple(rows),
    )


def generate_map(seed: int, size: tuple[int, int] | None = None, mix: Mix | None = None) -> BoardSpec:
    """A symmetric board of `size` (width, height) with a neutral zone; see the module docstring.
    Rocks are laid clump by clump, each kept only when the board still keeps every promise of
    `map_problems`, so every draw is a board that keeps them."""
    width, height = size or DEFAULT_SIZE
    draw = Draw(derive(seed, 1))
    split = draw.pick(SPLITS)
    # the board is drawn top-bottom; a left-right board is drawn on its side, then turned
    across, along = (width, height) if split == "top-bottom" else (height, width)
    return _board(_lay_rocks(draw, across, along, mix or Mix()), split, seed)


def map_problems(spec: BoardSpec, sizes: tuple[int, ...] = FOOTPRINTS) -> list[str]:
    """Why `spec` breaks a generated board's promises, one sentence each; [] when it keeps them:
    the board file's own rules (symmetry, neutral zone), every footprint in `sizes` can go
    from any square it fits on to any other (8-way steps, neutral squares open to movement),
    and each side can deploy every such footprint on its own squares."""
    out = [f"{field}: {reason}" for field, reason in spec.problems()]
    if out:
        return out
    board = build_board(spec)
    width, height = board.width, board.height
    terrain = {(x, y): board.terrain_at(x, y) for y in range(height) for x in range(width)}
    free = {c for c, t in terrain.items() if t != BLOCKED}
    for size in sizes:
        spots = _spots(free, width, height, size)
        if not connected(spots, lambda p: ((p[0] + dx, p[1] + dy) for dx, dy in STEPS8)):
            out.append(f"a {size}x{size} unit cannot reach every square it fits on")
        for side in (0, 1):
            own = set(board.deploy_squares(side))
            if not any(all((x + dx, y + dy) in own for dy in range(size) for dx in range(size)) for x, y in spots):
                out.append(f"side {side + 1} has no room to deploy a {size}x{size} unit")
    return out


def generate_army(seed: int, budget: int, units: tuple[UnitSpec, ...], room: int | None = None) -> Army:
    """An army of at most `budget` points from the designs `units`, in activation order.

    Designs are drawn one at a time among those still affordable (points left, deployment
    squares left in `room`, fewer than the most units an army may field), until none is; the
    list is the order drawn (seed 001: "Make an army that costs that many points").
    """
    designs = sorted(units, key=lambda u: (u.cost, u.name))
    draw = Draw(derive(seed, 11))
    left, squares = budget, room if room is not None else 1 << 30
    chosen: list[UnitSpec] = []
    while len(chosen) < MAX_ARMY_UNITS:
        fits = [u for u in designs if u.cost <= left and u.squares <= squares]
        if not fits:
            break
        unit = draw.pick(fits)
        chosen.append(unit)
        left -= unit.cost
        squares -= unit.squares
    counts: dict[str, int] = {}
    for unit in chosen:
        counts[unit.name] = counts.get(unit.name, 0) + 1
    lead = max(sorted(counts), key=lambda n: counts[n]) if counts else "Empty"
    return Army(f"{lead} band ({budget})", budget, tuple(chosen))


def generated_setup(name: GeneratedName, units: tuple[UnitSpec, ...]) -> Setup:
    """The battle a generated name stands for: its board and one generated army a side."""
    spec = generate_map(name.seed, name.size)
    board = build_board(spec)
    budget = name.budget if name.budget is not None else DEFAULT_BUDGET
    armies = tuple(
        generate_army(derive(name.seed, 20, side), budget, units, len(board.deploy_squares(side))) for side in (0, 1)
    )
    return Setup(f"Generated field {name.seed}", board, armies, ("North", "South") if spec.split == "top-bottom" else ("West", "East"), ROUND_LIMIT)
