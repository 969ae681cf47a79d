"""Four armies on one map stay apart without colour: letter case and underline differ per side."""

from itertools import combinations

from core.view import BoardView, CellView, UnitView
from tui.widgets.map import SIDE_MARKS, BattleMap


def four_sides_view() -> BoardView:
    cells = tuple(CellView("open", ".") for _ in range(4))
    units = tuple(UnitView(uid=s, side=s, name=f"n{s}", glyph="a", cells=((s, 0),), hp=5, hp_max=5, facing=0) for s in range(4))
    return BoardView(grid="hex", width=4, height=1, cells=cells, units=units)


def test_every_pair_of_four_sides_differs_in_case_or_underline():
    assert len(set(SIDE_MARKS)) == 4


def test_the_map_draws_four_sides_four_ways_in_monochrome():
    battle_map = BattleMap(four_sides_view())
    battle_map.colour = False
    looks = []
    for side in range(4):
        glyph = battle_map._cell_segments(side, 0)[1]
        looks.append((glyph.text, bool(glyph.style and glyph.style.underline)))
    assert looks == [("A", False), ("a", True), ("A", True), ("a", False)]
    assert all(a != b for a, b in combinations(looks, 2))
