"""The actions of Commanders: what a side may do on its turn (listed by core.commanders.turn).

Frozen records holding ids and squares only; saves and logs tag them by class name.
"""

from __future__ import annotations

import attrs

from core.squaregrid import Square


@attrs.frozen(slots=True)
class Order:
    """Move one unit of the acting troop to `dest` (its own square to stay), then attack `target` (-1: none)."""

    side: int
    uid: int
    dest: Square
    target: int = -1


@attrs.frozen(slots=True)
class Cast:
    """The acting commander (or its summoned caster) casts a spell instead of moving.

    target: a unit (single-target and party spells); square: the centre or location
    (numeric areas, summons, Teleport, Return); squares: the selected squares
    (Burn) or the chain of targets' squares (Chain Lightning).
    """

    side: int
    caster: int
    spell: str
    level: int
    target: int = -1
    square: Square = Square(-1, -1)
    squares: tuple[Square, ...] = ()


@attrs.frozen(slots=True)
class Rally:
    """The acting commander rallies its troop instead of moving (seed 002 skill Rally)."""

    side: int
    uid: int


@attrs.frozen(slots=True)
class Regroup:
    """After defeating a commander: one victorious unit moves up to 2 squares (3 with expert Rally)."""

    side: int
    uid: int
    dest: Square


@attrs.frozen(slots=True)
class EndTurn:
    side: int


ACTION_TYPES = (Order, Cast, Rally, Regroup, EndTurn)
