"""Hexagons in axial storage (q, r) with cube helpers, pointy-top orientation.

Storage and math only; how a hex lands on the screen is the TUI's business.
Directions and facings share one index, counter-clockwise on screen from east:
0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE. Maps are written in data files as rows and
columns ("odd-r" offset: odd rows shifted half a hex right) and converted here.
"""



from typing import Iterator, NamedTuple, Optional


class Hex(NamedTuple):
    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: tuple) -> "Hex":  # type: ignore[override]
        return Hex(self.q + other[0], self.r + other[1])

    def __sub__(self, other: tuple) -> "Hex":
        return Hex(self.q - other[0], self.r - other[1])


DIRECTIONS: tuple[Hex, ...] = (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1))
FACING_NAMES: tuple[str, ...] = ("E", "NE", "NW", "W", "SW", "SE")


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def neighbour(h: Hex, direction: int) -> Hex:
    d = DIRECTIONS[direction % 6]
    return Hex(h[0] + d[0], h[1] + d[1])


def neighbours(h: Hex) -> tuple[Hex, ...]:
    q, r = h
    return tuple(Hex(q + d[0], r + d[1]) for d in DIRECTIONS)


def direction_between(a: Hex, b: Hex) -> Optional[int]:
    """The direction index from `a` to an adjacent `b`, else None."""
    delta = (b[0] - a[0], b[1] - a[1])
    for i, d in enumerate(DIRECTIONS):
        if d == delta:
            return i
    return None


def turn_steps(a: int, b: int) -> int:
    """Hex-sides to rotate from facing `a` to facing `b` (a 180-degree turn is 3)."""
    diff = (b - a) % 6
    return min(diff, 6 - diff)


def opposite(facing: int) -> int:
    return (facing + 3) % 6


def ring(center: Hex, radius: int) -> list[Hex]:
    """The 6*radius hexes exactly `radius` away (the center alone for radius 0)."""
    if radius == 0:
        return [Hex(*center)]
    out = []
    h = Hex(center[0] + DIRECTIONS[4][0] * radius, center[1] + DIRECTIONS[4][1] * radius)
    for side in range(6):
        for _ in range(radius):
            out.append(h)
            h = neighbour(h, side)
    return out


def within(center: Hex, radius: int) -> list[Hex]:
    """Every hex at distance <= radius, ring by ring from the center."""
    out: list[Hex] = []
    for k in range(radius + 1):
        out.extend(ring(center, k))
    return out


def _round(fq: float, fr: float) -> Hex:
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(int(q), int(r))


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes on the straight line from a to b, both included (nudged to break ties)."""
    n = distance(a, b)
    if n == 0:
        return [Hex(*a)]
    aq, ar = a[0] + 1e-6, a[1] + 2e-6
    bq, br = b[0] + 1e-6, b[1] + 2e-6
    return [_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1)]


def _rotate_cw(q: int, r: int) -> tuple[int, int]:
    """Rotate a cube vector one step clockwise on screen (E -> SE): (q,r,s) -> (-r,-s,-q)."""
    s = -q - r
    return -r, -s


def in_arc(origin: Hex, facing: int, target: Hex) -> bool:
    """Is `target` inside the 60-degree arc that opens from `origin` towards `facing`?

    The arc is bounded by the two hex "diagonals" 30 degrees either side of the
    facing, both included. Rotated to face east, a cube vector (q, r, s) lies in
    the arc exactly when q >= r >= s. The origin itself is not in its arc.
    """
    q, r = target[0] - origin[0], target[1] - origin[1]
    if q == 0 and r == 0:
        return False
    for _ in range(facing % 6):
        q, r = _rotate_cw(q, r)
    s = -q - r
    return q >= r >= s


def arcs_containing(origin: Hex, target: Hex) -> tuple[int, ...]:
    """The facings whose arc from `origin` contains `target` (two on a boundary line)."""
    return tuple(f for f in range(6) if in_arc(origin, f, target))


def offset_to_hex(col: int, row: int) -> Hex:
    """Map-file (column, row), odd rows shifted right, to axial."""
    return Hex(col - (row - (row & 1)) // 2, row)


def hex_to_offset(h: Hex) -> tuple[int, int]:
    """Axial to map-file (column, row)."""
    q, r = h
    return q + (r - (r & 1)) // 2, r


def rectangle(width: int, height: int) -> Iterator[Hex]:
    """Every hex of a width x height offset map, row by row."""
    for row in range(height):
        for col in range(width):
            yield offset_to_hex(col, row)
