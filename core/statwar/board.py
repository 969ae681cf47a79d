"""The StatWar board: a symmetric square map with a neutral zone along its line of symmetry.

seed 001: "The board can be anything as long as it is symmetrical, has squares ...
and has a neutral zone along a line of symmetry." A board file draws the map as
rows of characters; `Board` is the runtime form the battle state shares between
states (never copied): terrain per square and which side may deploy there.
"""

from __future__ import annotations

import attrs

from core.statwar.specs import RULESET_NAME

OPEN = "."
BLOCKED = "#"
NEUTRAL = "~"
LEGEND = {OPEN: "open", BLOCKED: "blocked", NEUTRAL: "neutral"}
SPLITS = ("top-bottom", "left-right")
MAX_SIDE = 60


@attrs.frozen(slots=True, kw_only=True)
class BoardSpec:
    """A board file: rows of '.', '#', '~' and which way the two sides face each other."""

    ruleset: str = RULESET_NAME
    kind: str = "board"
    name: str
    description: str
    split: str = "top-bottom"
    rows: tuple[str, ...]

    def problems(self) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        if self.ruleset != RULESET_NAME:
            out.append(("ruleset", f"must be {RULESET_NAME!r}, not {self.ruleset!r}"))
        if self.kind != "board":
            out.append(("kind", f"must be 'board' in a board file, not {self.kind!r}"))
        if not self.description.strip():
            out.append(("description", "is empty; say what the board is like"))
        if self.split not in SPLITS:
            out.append(("split", f"is {self.split!r}; use one of {', '.join(SPLITS)}"))
            return out
        if not self.rows or not self.rows[0]:
            out.append(("rows", "the board has no squares"))
            return out
        width = len(self.rows[0])
        for i, row in enumerate(self.rows):
            if len(row) != width:
                out.append((f"rows[{i}]", f"has {len(row)} squares; the first row has {width}"))
            bad = sorted({c for c in row if c not in LEGEND})
            if bad:
                out.append((f"rows[{i}]", f"unknown square {bad[0]!r}; use '.' open, '#' blocked, '~' neutral"))
        if out:
            return out
        if width > MAX_SIDE or len(self.rows) > MAX_SIDE:
            out.append(("rows", f"the board is {width} x {len(self.rows)}; at most {MAX_SIDE} a side"))
            return out
        board = build_board(self)
        # seed 001: the board must be symmetrical across the line between the sides.
        for y in range(board.height):
            for x in range(board.width):
                mx, my = board.mirror(x, y)
                if board.terrain_at(x, y) != board.terrain_at(mx, my):
                    out.append((f"rows[{y}]", f"square {x} is not the mirror of row {my} square {mx}; the board must be symmetric"))
                    return out
        if not any(t == NEUTRAL for t in board.terrain):
            out.append(("rows", "has no neutral zone ('~'); seed 001 asks for one along the line of symmetry"))
        else:
            for x, y in board.middle_squares():
                if board.terrain_at(x, y) == OPEN:
                    out.append((f"rows[{y}]", f"square {x} lies on the line of symmetry; mark it neutral '~' or blocked '#'"))
                    break
        for side in (0, 1):
            if not board.deploy_squares(side):
                out.append(("rows", f"side {side + 1} has no open square to deploy on"))
        return out


@attrs.frozen(slots=True)
class Board:
    """Runtime board: row-major terrain keys and the deploying side of each square (-1: none)."""

    name: str
    width: int
    height: int
    split: str
    terrain: tuple[str, ...]
    owner: tuple[int, ...]

    def inside(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def terrain_at(self, x: int, y: int) -> str:
        return self.terrain[y * self.width + x]

    def passable(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height and self.terrain[y * self.width + x] != BLOCKED

    def owner_at(self, x: int, y: int) -> int:
        return self.owner[y * self.width + x]

    def mirror(self, x: int, y: int) -> tuple[int, int]:
        if self.split == "top-bottom":
            return x, self.height - 1 - y
        return self.width - 1 - x, y

    def middle_squares(self) -> list[tuple[int, int]]:
        """Squares on the line of symmetry itself (a middle row or column when the length is odd)."""
        return [(x, y) for y in range(self.height) for x in range(self.width) if self.mirror(x, y) == (x, y)]

    def deploy_squares(self, side: int) -> list[tuple[int, int]]:
        return [(x, y) for y in range(self.height) for x in range(self.width) if self.owner[y * self.width + x] == side]


def _owner(split: str, width: int, height: int, x: int, y: int, terrain: str) -> int:
    # seed 001: never deploy "in the neutral zone, or on the side that has your opponent's units".
    if terrain != OPEN:
        return -1
    along, length = (y, height) if split == "top-bottom" else (x, width)
    mirrored = length - 1 - along
    if along < mirrored:
        return 0
    if along > mirrored:
        return 1
    return -1


def build_board(spec: BoardSpec) -> Board:
    width, height = len(spec.rows[0]), len(spec.rows)
    terrain = tuple(c for row in spec.rows for c in row)
    owner = tuple(
        _owner(spec.split, width, height, x, y, spec.rows[y][x]) for y in range(height) for x in range(width)
    )
    return Board(spec.name, width, height, spec.split, terrain, owner)
