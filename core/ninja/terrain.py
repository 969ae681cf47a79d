"""The board as it is now: the static map plus the changes jutsu made (ash, walls, smoke).

Seed 000 jutsu need trees (they block sight, burn, grow into walls), water and
elevation; these queries answer what a hex is, who stands on it and whether a
line between two hexes is clear.
"""

from __future__ import annotations

from functools import lru_cache

from core.hexgrid import Hex, line, neighbours
from core.ninja.content import Catalogue
from core.ninja.state import Battle


def terrain_at(state: Battle, h: Hex) -> str:
    """The terrain key of `h` now ("" off the map); later changes win over earlier ones."""
    i = state.board.index(h)
    return terrain_of(state, h, i) if i >= 0 else ""


def terrain_of(state: Battle, h: Hex, i: int) -> str:
    """The terrain key now of `h`, a hex on the map at board index `i`."""
    for change in reversed(state.changes):
        if change.hex == h:
            return change.terrain
    return state.board.terrain[i]


def elevation_at(state: Battle, h: Hex) -> int:
    i = state.board.index(h)
    return state.board.elevation[i] if i >= 0 else 0


def smoky(state: Battle, h: Hex) -> bool:
    return any(s.hex == h for s in state.smoke)


def occupant(state: Battle, h: Hex) -> int:
    """The id of the living unit on `h`, or -1."""
    for u in state.units:
        if u.hp > 0 and u.hex == h:
            return u.uid
    return -1


def occupied(state: Battle) -> dict[Hex, int]:
    return {u.hex: u.uid for u in state.units if u.hp > 0}


def passable(state: Battle, cat: Catalogue, h: Hex) -> bool:
    key = terrain_at(state, h)
    return bool(key) and cat.rules.terrain[key].passable


def clear_line(state: Battle, cat: Catalogue, a: Hex, b: Hex) -> bool:
    """Can a missile or jutsu pass from `a` to `b`? Trees, walls and buildings between
    block it, and so does ground higher than both ends (the ends themselves never block)."""
    top = max(elevation_at(state, a), elevation_at(state, b))
    board, specs = state.board, cat.rules.terrain
    for h in _between(a, b):  # terrain_at and elevation_at of each hex, its index found once
        i = board.index(h)
        if i < 0:  # off the map: no terrain, elevation 0
            if 0 > top:
                return False
            continue
        key = terrain_of(state, h, i)
        if key and specs[key].blocks_sight:
            return False
        if board.elevation[i] > top:
            return False
    return True


@lru_cache(maxsize=4096)
def _between(a: Hex, b: Hex) -> tuple[Hex, ...]:
    """The hexes strictly between `a` and `b` on their line. Remembered by the two hexes
    alone (at most 4,096 pairs, no state): every order and every resolution of a missile
    or jutsu asks for the same few lines again, and working one out rounds floats per hex."""
    return tuple(line(a, b)[1:-1])


def near_terrain(state: Battle, h: Hex, key: str) -> bool:
    """Is `h` itself of terrain `key`, or next to a hex that is?"""
    if terrain_at(state, h) == key:
        return True
    return any(terrain_at(state, n) == key for n in neighbours(h))
