"""The ninja battle state: frozen data only (orders are in core.ninja.actions, events in core.ninja.events).

One frozen root (`Battle`) holds the dice, the round, the phase, the units in a
tuple indexed by their id, the sealed orders waiting for resolution, and the
changes jutsu made to the board (smoke, ash, tree walls). The static map
(`Board`) is shared between states and never copied.
"""

from __future__ import annotations

import attrs

from core.hexgrid import Hex, hex_to_offset, offset_to_hex
from core.ninja.actions import OrderAction
from core.records import replacer
from core.rng import Dice

PHASES = ("movement", "action")


@attrs.frozen(slots=True)
class Board:
    """The static map: terrain keys and elevations in offset (col, row) order, row-major."""

    name: str
    width: int
    height: int
    terrain: tuple[str, ...]
    elevation: tuple[int, ...]

    def index(self, h: Hex) -> int:
        col, row = hex_to_offset(h)
        if 0 <= col < self.width and 0 <= row < self.height:
            return row * self.width + col
        return -1

    def contains(self, h: Hex) -> bool:
        return self.index(h) >= 0

    def hexes(self) -> tuple[Hex, ...]:
        return tuple(offset_to_hex(c, r) for r in range(self.height) for c in range(self.width))


@attrs.frozen(slots=True)
class Effect:
    """A status on a unit: its name, rounds left (0 = until the end of this round), strength."""

    name: str
    rounds: int
    amount: int = 0
    source: int = -1


@attrs.frozen(slots=True)
class CellChange:
    """A hex whose terrain a jutsu changed: now `terrain`, for `rounds` more (0 = for good)."""

    hex: Hex
    terrain: str
    rounds: int


@attrs.frozen(slots=True)
class Smoke:
    hex: Hex
    rounds: int


@attrs.frozen(slots=True, cache_hash=True)  # the hash kept: memo keys hold every ninja (movement.ReachMemo)
class Unit:
    uid: int
    side: int
    name: str
    school: str
    points: int
    hex: Hex
    facing: int
    hp: int
    hp_max: int
    chi: int
    chi_max: int
    ammo: int
    jutsu: tuple[str, ...]
    effects: tuple[Effect, ...] = ()
    mode: str = "stand"  # how it moved this round: stand, walk, run or jump
    spare: int = 0  # movement points it left unused this round (priority)
    cast: bool = False  # cast a jutsu this round (no chi regeneration)
    rested: bool = False
    damage_dealt: int = 0

    @property
    def alive(self) -> bool:
        return self.hp > 0

    def has(self, name: str) -> bool:
        return any(e.name == name for e in self.effects)

    def effect(self, name: str) -> Effect | None:
        for e in self.effects:
            if e.name == name:
                return e
        return None


@attrs.frozen(slots=True)
class MovePlan:
    """A sealed movement order: the cheapest legal steps to its destination and facing."""

    unit: int
    mode: str
    steps: tuple[tuple[int, int, int], ...]  # (q, r, facing) after each step, turn or hex
    cost: int
    points: int


@attrs.frozen(slots=True)
class Battle:
    dice: Dice
    round: int
    side_names: tuple[str, ...]
    board: Board
    units: tuple[Unit, ...]
    round_limit: int
    phase: str = "movement"
    submitted: tuple[bool, ...] = ()
    moves: tuple[MovePlan, ...] = ()
    orders: tuple[OrderAction, ...] = ()
    smoke: tuple[Smoke, ...] = ()
    changes: tuple[CellChange, ...] = ()
    order: tuple[int, ...] = ()  # this round's priority order of unit ids (set by movement)
    over: bool = False

    @property
    def sides(self) -> int:
        return len(self.side_names)


#: `attrs.evolve` for the records the rules rebuild most (core.records).
replace_unit = replacer(Unit)
replace_battle = replacer(Battle)
