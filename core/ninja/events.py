"""The ninja events: what an order, a submission or a resolved phase made happen.

Frozen data only; core.ninja.view words them for the log.
"""

from __future__ import annotations

import attrs

from core.hexgrid import Hex


@attrs.frozen(slots=True)
class OrderSealed:
    side: int
    unit: int


@attrs.frozen(slots=True)
class SideSubmitted:
    side: int


@attrs.frozen(slots=True)
class UnitMoved:
    unit: int
    mode: str
    start: Hex
    end: Hex
    facing: int
    cost: int
    points: int


@attrs.frozen(slots=True)
class MoveBlocked:
    unit: int
    at: Hex
    wanted: Hex
    blocker: int


@attrs.frozen(slots=True)
class AttackRolled:
    attacker: int
    target: int
    source: str
    roll: int
    needed: int
    modifiers: tuple[tuple[str, int], ...]
    hit: bool


@attrs.frozen(slots=True)
class DamageDealt:
    unit: int
    amount: int
    hp_before: int
    hp_after: int
    cause: str


@attrs.frozen(slots=True)
class DamagePrevented:
    unit: int
    amount: int
    cause: str


@attrs.frozen(slots=True)
class AttackRedirected:
    target: int
    guard: int


@attrs.frozen(slots=True)
class UnitDied:
    unit: int


@attrs.frozen(slots=True)
class JutsuCast:
    unit: int
    jutsu: str
    chi_spent: int
    hp_burned: int


@attrs.frozen(slots=True)
class ActionFailed:
    unit: int
    reason: str


@attrs.frozen(slots=True)
class EffectApplied:
    unit: int
    effect: str
    rounds: int
    amount: int


@attrs.frozen(slots=True)
class EffectEnded:
    unit: int
    effect: str


@attrs.frozen(slots=True)
class TerrainChanged:
    at: Hex
    before: str
    after: str


@attrs.frozen(slots=True)
class SmokeSpread:
    unit: int
    hexes: int
    rounds: int


@attrs.frozen(slots=True)
class UnitPushed:
    unit: int
    start: Hex
    end: Hex


@attrs.frozen(slots=True)
class Rested:
    unit: int
    chi_gained: int
    hp_gained: int


@attrs.frozen(slots=True)
class Dodging:
    unit: int
    modifier: int


@attrs.frozen(slots=True)
class ChiRegained:
    unit: int
    amount: int


@attrs.frozen(slots=True)
class PhaseResolved:
    phase: str
    round: int


@attrs.frozen(slots=True)
class BattleEnded:
    winner: int
    reason: str


EVENT_TYPES = (
    OrderSealed, SideSubmitted, UnitMoved, MoveBlocked, AttackRolled, DamageDealt, DamagePrevented,
    AttackRedirected, UnitDied, JutsuCast, ActionFailed, EffectApplied, EffectEnded, TerrainChanged,
    SmokeSpread, UnitPushed, Rested, Dodging, ChiRegained, PhaseResolved, BattleEnded,
)
