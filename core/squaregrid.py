"""Squares as (x, y) with x to the right and y down; 4- and 8-neighbour metrics."""

import functools
from typing import Iterator, NamedTuple


class Square(NamedTuple):
    x: int
    y: int


@functools.lru_cache(maxsize=1 << 14)  # a board is at most a few thousand squares
def square(pos: tuple[int, int]) -> Square:
    """The Square at `pos`, made once and shared (a Square is an immutable value, and this
    reads nothing else): listing a unit's moves names the same squares on every call, and
    looking one up costs less than half of making one."""
    return Square(*pos)


ORTHOGONAL: tuple[tuple[int, int], ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
DIAGONAL: tuple[tuple[int, int], ...] = ((1, -1), (1, 1), (-1, 1), (-1, -1))
ALL_EIGHT: tuple[tuple[int, int], ...] = ORTHOGONAL + DIAGONAL


def manhattan(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Steps with no diagonal moves (the 4-neighbour metric)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def chebyshev(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Steps when diagonal moves count as one (the 8-neighbour metric)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def neighbours4(s: tuple[int, int]) -> tuple[Square, ...]:
    x, y = s
    return tuple(Square(x + dx, y + dy) for dx, dy in ORTHOGONAL)


def neighbours8(s: tuple[int, int]) -> tuple[Square, ...]:
    x, y = s
    return tuple(Square(x + dx, y + dy) for dx, dy in ALL_EIGHT)


def ring8(center: tuple[int, int], radius: int) -> list[Square]:
    """The 8*radius squares at Chebyshev distance exactly `radius` (the center for 0)."""
    cx, cy = center
    if radius == 0:
        return [Square(cx, cy)]
    out = []
    for x in range(cx - radius, cx + radius + 1):
        out.append(Square(x, cy - radius))
        out.append(Square(x, cy + radius))
    for y in range(cy - radius + 1, cy + radius):
        out.append(Square(cx - radius, y))
        out.append(Square(cx + radius, y))
    return sorted(out, key=lambda s: (s.y, s.x))


def within_manhattan(center: tuple[int, int], radius: int) -> list[Square]:
    cx, cy = center
    return [
        Square(x, y)
        for y in range(cy - radius, cy + radius + 1)
        for x in range(cx - radius, cx + radius + 1)
        if abs(x - cx) + abs(y - cy) <= radius
    ]


def footprint(origin: tuple[int, int], size: int) -> tuple[Square, ...]:
    """The size x size squares whose top-left corner is `origin`."""
    ox, oy = origin
    return tuple(Square(ox + dx, oy + dy) for dy in range(size) for dx in range(size))


def rectangle(width: int, height: int) -> Iterator[Square]:
    for y in range(height):
        for x in range(width):
            yield Square(x, y)
