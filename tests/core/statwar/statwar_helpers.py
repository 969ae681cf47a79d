"""Small builders for StatWar tests: a unit design, a board and a battle already under way."""

from __future__ import annotations

import attrs

from core.rng import Dice
from core.statwar.setup import build_board
from core.statwar.specs import BoardSpec
from core.statwar.specs import UnitSpec
from core.statwar.state import BATTLE, Battle, Unit


def unit(name: str = "Test", **stats) -> UnitSpec:
    return UnitSpec(name=name, description=f"A {name} for tests.", **stats)


def open_board(width: int = 10, height: int = 10) -> object:
    """An open board with a neutral middle row pair (top-bottom sides)."""
    rows = []
    for y in range(height):
        mid = height // 2
        rows.append("~" * width if y in (mid - 1, mid) else "." * width)
    return build_board(BoardSpec(name="Test Field", description="open", rows=tuple(rows)))


def board_from(rows: list[str], split: str = "top-bottom"):
    return build_board(BoardSpec(name="Test", description="test", split=split, rows=tuple(rows)))


def battle(placed: list[tuple[UnitSpec, int, int, int]], board=None, to_move: int = 0, seed: int = 5, **extra) -> Battle:
    """A battle in the activation phase with units (design, side, x, y); list order = given order."""
    board = board or open_board()
    designs: list[UnitSpec] = []
    units = []
    rosters: list[list[int]] = [[], []]
    for uid, (spec, side, x, y) in enumerate(placed):
        if spec not in designs:
            designs.append(spec)
        units.append(Unit(uid, side, designs.index(spec), spec.max_health, x, y, placed=True))
        rosters[side].append(uid)
    state = Battle(
        board=board,
        designs=tuple(designs),
        units=tuple(units),
        rosters=(tuple(rosters[0]), tuple(rosters[1])),
        side_names=("North", "South"),
        dice=Dice.from_seed(seed),
        phase=BATTLE,
        to_move=to_move,
        cursor=(0, 0),
    )
    return attrs.evolve(state, **extra) if extra else state


def with_unit(state: Battle, uid: int, **changes) -> Battle:
    units = list(state.units)
    units[uid] = attrs.evolve(units[uid], **changes)
    return attrs.evolve(state, units=tuple(units))
