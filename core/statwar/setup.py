"""From a scenario to the first state: the runtime board built from a board file, and the battle.

The resolved set-up (`Setup`) is what a scenario file becomes once its board and
armies are loaded (core.statwar.content); `new_battle` turns it into the first state.
"""

from __future__ import annotations

import attrs

from core.rng import Dice
from core.statwar.specs import Army, BoardSpec, owner_of
from core.statwar.state import DEPLOY, Battle, Board, Unit


@attrs.frozen(slots=True)
class Setup:
    """Everything `new_battle` needs: the board, both armies, the names and the round limit."""

    title: str
    board: Board
    armies: tuple[Army, ...]
    side_names: tuple[str, ...] = ("North", "South")
    round_limit: int = 40


def build_board(spec: BoardSpec) -> Board:
    width, height = len(spec.rows[0]), len(spec.rows)
    terrain = tuple(c for row in spec.rows for c in row)
    owner = tuple(
        owner_of(spec.split, width, height, x, y, spec.rows[y][x]) for y in range(height) for x in range(width)
    )
    return Board(spec.name, width, height, spec.split, terrain, owner)


def new_battle(setup: Setup, seed: int) -> Battle:
    designs = []
    units = []
    rosters = []
    for side, army in enumerate(setup.armies):
        roster = []
        for spec in army.units:
            if spec not in designs:
                designs.append(spec)
            uid = len(units)
            units.append(Unit(uid, side, designs.index(spec), spec.max_health))
            roster.append(uid)
        rosters.append(tuple(roster))
    dice = Dice.from_seed(seed)
    # seed 001: "Flip a coin to see who goes first" (to deploy; the battle's own dice).
    heads, dice = dice.coin()
    first = 0 if heads else 1
    return Battle(
        board=setup.board,
        designs=tuple(designs),
        units=tuple(units),
        rosters=tuple(rosters),
        side_names=tuple(setup.side_names),
        dice=dice,
        phase=DEPLOY,
        to_move=first,
        cursor=(0, 0),
        round=1,
        round_limit=setup.round_limit,
        title=setup.title,
    )
