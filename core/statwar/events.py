"""The StatWar events: what happened, one record per change, in the order it happened.

`EVENT_TYPES` lists them for the codec (core.ruleset.Ruleset.event_types).
"""

from __future__ import annotations

import attrs

from core.squaregrid import Square
from core.statwar.state import NO_UNIT


@attrs.frozen(slots=True)
class CoinFlipped:
    first: int  # the side that deploys first
    roll: int  # the set-up's d2: 1 = first side listed deploys first, 2 = the second


@attrs.frozen(slots=True)
class UnitDeployed:
    side: int
    unit: int
    at: Square


@attrs.frozen(slots=True)
class UnitWithheld:
    side: int
    unit: int


@attrs.frozen(slots=True)
class DeploymentDone:
    last: int  # the side that put down the last unit
    first_mover: int  # seed 001: "Whoever put down the last unit ... has to go second"


@attrs.frozen(slots=True)
class UnitMoved:
    unit: int
    start: Square
    end: Square
    steps: int
    allowed: int  # the unit's Move
    stopped_by: int = NO_UNIT  # the enemy Defender whose zone ended the move


@attrs.frozen(slots=True)
class UnitMounted:
    unit: int
    mount: int


@attrs.frozen(slots=True)
class UnitDismounted:
    unit: int
    mount: int


@attrs.frozen(slots=True)
class UnitAttacked:
    """seed 001: "attacker Damage - defender Armor damage", never below zero."""

    attacker: int
    target: int
    damage: int
    armor: int
    dealt: int
    health_before: int
    health_after: int
    distance: int
    reach: int


@attrs.frozen(slots=True)
class BombExploded:
    unit: int
    damage: int
    on_purpose: bool
    chain: int  # 0 for the first blast of an action, 1 for a blast it set off, ...


@attrs.frozen(slots=True)
class BlastHit:
    bomb: int
    target: int
    damage: int
    armor: int
    dealt: int
    health_before: int
    health_after: int


@attrs.frozen(slots=True)
class UnitDied:
    unit: int
    killer: int  # NO_UNIT when it blew itself up


@attrs.frozen(slots=True)
class RiderSetDown:
    """A rider left standing where its dead mount was."""

    unit: int
    mount: int
    at: Square


@attrs.frozen(slots=True)
class UnitWaited:
    unit: int


@attrs.frozen(slots=True)
class BattleEnded:
    winner: int  # -1: a draw
    reason: str
    points: tuple[int, ...] = ()  # surviving points per side (shown at the round limit)


EVENT_TYPES = (
    CoinFlipped,
    UnitDeployed,
    UnitWithheld,
    DeploymentDone,
    UnitMoved,
    UnitMounted,
    UnitDismounted,
    UnitAttacked,
    BombExploded,
    BlastHit,
    UnitDied,
    RiderSetDown,
    UnitWaited,
    BattleEnded,
)
