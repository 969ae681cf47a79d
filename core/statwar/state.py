"""The StatWar battle state: frozen records of ids and numbers.

Units live in one tuple indexed by their id; the board and the unit designs are
shared between states. A unit's place is the top-left square of its footprint
(`x`, `y`); a rider has no place of its own and travels with its mount.
"""

from __future__ import annotations

import attrs

from core.records import replacer
from core.rng import Dice
from core.statwar.specs import BLOCKED, UnitSpec, mirror_of

DEPLOY = "deploy"
BATTLE = "battle"
OVER = "over"

NOWHERE = -1
NO_UNIT = -1


@attrs.frozen(slots=True)
class Board:
    """Runtime board: row-major terrain keys and the deploying side of each square (-1: none).

    Built once from a board file (core.statwar.setup.build_board) and shared between states, never copied.
    """

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
        return mirror_of(self.split, self.width, self.height, x, y)

    def middle_squares(self) -> list[tuple[int, int]]:
        """Squares on the line of symmetry itself (a middle row or column when the length is odd)."""
        return [(x, y) for y in range(self.height) for x in range(self.width) if self.mirror(x, y) == (x, y)]

    def deploy_squares(self, side: int) -> list[tuple[int, int]]:
        return [(x, y) for y in range(self.height) for x in range(self.width) if self.owner[y * self.width + x] == side]


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


battle_with = replacer(Battle)
unit_with = replacer(Unit)
