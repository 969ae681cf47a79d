"""Events: what happened, with the numbers a player needs to trust it (seed 002 battle rules)."""

from __future__ import annotations

import attrs

from core.squaregrid import Square


@attrs.frozen(slots=True)
class InitiativeRolled:
    leader: int
    roll: int
    place: int  # 0-based position in the queue


@attrs.frozen(slots=True)
class TurnBegan:
    leader: int
    round: int


@attrs.frozen(slots=True)
class UnitMoved:
    uid: int
    frm: Square
    to: Square
    cost: int


@attrs.frozen(slots=True)
class StrikesRolled:
    """One side of an exchange: `rolls` are the d10s; a roll <= `needed` is a success."""

    attacker: int
    defender: int
    rolls: tuple[int, ...]
    attack: int
    defence: int
    needed: int  # attack - defence, clipped to 0..10
    advantage: int  # extra strikes from an advantage (0 or 3)
    successes: int
    cap: int  # the maximum damage of this attack after terrain, air and navy
    damage: int
    reduction: int = 0  # Wind Shield and the like, taken after the cap
    retaliation: bool = False
    first_strike: bool = False
    magic: bool = False
    judgement: int = 0  # Temperament rule: the commander's extra strikes with an advantage


@attrs.frozen(slots=True)
class Annihilation:
    """Attack - defence of 10+ with enough maximum damage: the defender dies and strikes back in revenge."""

    attacker: int
    defender: int
    rolls: tuple[int, ...]  # the defender's revenge strikes; each 10 deals 1 damage
    damage: int


@attrs.frozen(slots=True)
class DamageTaken:
    uid: int
    amount: int
    hp: int  # after the damage
    cause: str  # strikes, revenge, spell, burn, poison


@attrs.frozen(slots=True)
class UnitDefeated:
    uid: int
    cause: str  # killed, commander fell


@attrs.frozen(slots=True)
class CommanderDefeated:
    leader: int
    regroup: tuple[int, ...]  # victorious units allowed to regroup


@attrs.frozen(slots=True)
class SpellCast:
    caster: int
    spell: str
    level: int
    mp: int  # paid
    dice: int  # dice rolled (the largest pool of any target)
    rolls: tuple[int, ...]
    need_count: int
    need_min: int


@attrs.frozen(slots=True)
class SpellResult:
    """What a spell did to one unit: `effect` is damage, heal, mp, status name, removed, resisted or failed."""

    uid: int
    spell: str
    effect: str
    amount: int
    dice: int  # dice this unit faced
    successes: int = 0
    # Temperament rule: dice the caster's Heed (spells at allies) or Recognition (non-attack
    # spells at enemies) added, and dice the target commander's Constraint took away
    heed: int = 0
    recognition: int = 0
    constraint: int = 0


@attrs.frozen(slots=True)
class UnitSummoned:
    uid: int
    leader: int
    at: Square


@attrs.frozen(slots=True)
class UnitPlaced:
    """Teleport, Return and regrouping put a unit on a new square without walking."""

    uid: int
    frm: Square
    to: Square


@attrs.frozen(slots=True)
class BurnPlaced:
    leader: int
    squares: tuple[Square, ...]
    turns: int


@attrs.frozen(slots=True)
class StatusEnded:
    uid: int
    name: str
    reason: str  # expired, woken, rallied, removed, slept


@attrs.frozen(slots=True)
class Rallied:
    leader: int
    healed: int
    mp: int


@attrs.frozen(slots=True)
class MPRestored:
    leader: int
    amount: int
    source: str  # Mysticism expertise, manahoar


@attrs.frozen(slots=True)
class TurnEnded:
    leader: int


@attrs.frozen(slots=True)
class BattleEnded:
    winner: int  # -1 for a draw
    reason: str


EVENT_TYPES = (
    InitiativeRolled, TurnBegan, UnitMoved, StrikesRolled, Annihilation, DamageTaken, UnitDefeated,
    CommanderDefeated, SpellCast, SpellResult, UnitSummoned, UnitPlaced, BurnPlaced, StatusEnded,
    Rallied, MPRestored, TurnEnded, BattleEnded,
)
