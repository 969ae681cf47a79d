"""The StatWar battle state, its actions and its events: frozen records of ids and numbers.

Units live in one tuple indexed by their id; the board and the unit designs are
shared between states. A unit's place is the top-left square of its footprint
(`x`, `y`); a rider has no place of its own and travels with its mount.
"""

from __future__ import annotations

import attrs

from core.rng import Dice
from core.squaregrid import Square
from core.statwar.board import Board
from core.statwar.specs import UnitSpec

DEPLOY = "deploy"
BATTLE = "battle"
OVER = "over"

NOWHERE = -1
NO_UNIT = -1


@attrs.frozen(slots=True)
class Unit:
    uid: int
    side: int
    design: int  # index into Battle.designs
    health: int
    x: int = NOWHERE
    y: int = NOWHERE
    riding: int = NO_UNIT  # the mount's uid while aboard
    placed: bool = False  # deployed (a dead unit keeps True so logs know it fought)
    damage_dealt: int = 0

    @property
    def alive(self) -> bool:
        return self.health > 0

    @property
    def on_board(self) -> bool:
        """Alive, deployed and standing on squares of its own (not aboard a mount)."""
        return self.health > 0 and self.placed and self.riding == NO_UNIT


@attrs.frozen(slots=True)
class Battle:
    board: Board
    designs: tuple[UnitSpec, ...]
    units: tuple[Unit, ...]
    rosters: tuple[tuple[int, ...], ...]  # uids per side, in the army list's order
    side_names: tuple[str, ...]
    dice: Dice
    phase: str = DEPLOY
    to_move: int = 0
    cursor: tuple[int, ...] = (0, 0)  # per side: roster index of the next unit to deploy or act
    round: int = 1
    activations: int = 0
    round_limit: int = 40
    title: str = ""
    winner: int = NO_UNIT  # side index once over; -1 with phase OVER is a draw
    end_reason: str = ""

    def design_of(self, uid: int) -> UnitSpec:
        return self.designs[self.units[uid].design]


# --- actions (every one carries `side`) ------------------------------------------


@attrs.frozen(slots=True)
class Deploy:
    """Put the side's next listed unit down with its top-left square at `at`."""

    side: int
    unit: int
    at: Square


@attrs.frozen(slots=True)
class Withhold:
    """Leave the next listed unit off the field: only when no square can take it."""

    side: int
    unit: int


@attrs.frozen(slots=True)
class Activate:
    """The side's turn: move the next unit to `to` (None: stay), then attack `target` (None: no attack).

    A rider moving to `to` dismounts there; a rider with `to` None stays aboard.
    """

    side: int
    unit: int
    to: Square | None = None
    target: int | None = None


@attrs.frozen(slots=True)
class Mount:
    """The turn spent climbing aboard a friendly Ridable unit, then an optional attack from it."""

    side: int
    unit: int
    mount: int
    target: int | None = None


@attrs.frozen(slots=True)
class Detonate:
    """A Suicide Bomb unit moves to `to` (None: stays) and blows itself up."""

    side: int
    unit: int
    to: Square | None = None


ACTIONS = (Deploy, Withhold, Activate, Mount, Detonate)


# --- events -----------------------------------------------------------------------


@attrs.frozen(slots=True)
class CoinFlipped:
    first: int  # the side that deploys first
    roll: int  # the d2 from the battle's dice: 1 = first side listed, 2 = second


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


EVENTS = (
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
