"""What the map shows, as plain frozen data: the contract between a ruleset and the TUI.

A ruleset turns its state into a BoardView; the TUI draws it and never reads
game facts anywhere else. Positions are map coordinates (column, row) for both
grids (hex maps use the "odd-r" offset layout of core.hexgrid).
"""

from __future__ import annotations

import attrs


@attrs.frozen(slots=True)
class CellView:
    """One hex or square: its terrain in words and as one glyph."""

    terrain: str  # terrain key as data files spell it: "open", "trees", "water", ...
    glyph: str  # one character drawn for the terrain
    elevation: int = 0
    effects: tuple[str, ...] = ()  # lasting effects on the cell: "smoke", "burn", ...


@attrs.frozen(slots=True)
class UnitView:
    """One unit as the map and the unit panel show it."""

    uid: int
    side: int
    name: str
    glyph: str  # one character; the side is shown by colour AND by case or marker
    cells: tuple[tuple[int, int], ...]  # the map cells it covers (several when Big)
    hp: int
    hp_max: int
    facing: int | None = None  # hex facing index (core.hexgrid) for ninja
    flags: tuple[str, ...] = ()  # statuses shown next to the unit: "riding", "asleep", ...


@attrs.frozen(slots=True)
class BoardView:
    grid: str  # "hex" or "square"
    width: int
    height: int
    cells: tuple[CellView, ...]  # row-major, width * height
    units: tuple[UnitView, ...]
    zones: tuple[tuple[str, tuple[tuple[int, int], ...]], ...] = ()  # named cell sets: ("neutral", cells)

    def cell(self, col: int, row: int) -> CellView:
        return self.cells[row * self.width + col]


#: What one pick stage chooses; the map marks each kind its own way.
PICK_KINDS = ("move", "face", "target", "place", "self")


@attrs.frozen(slots=True)
class PickStage:
    """One pick of an action on the map: any of `cells` makes it.

    kind: "move" a destination (the unit stands there afterwards), "face" the
    neighbouring cell to turn towards (a direction: at the map's edge the cell may
    lie one step off the map, picked with the direction key that points there), "target" a unit aimed at, "place" a cell
    or area aimed at (a spell's square, a jutsu's hex), "self" the acting unit's
    own cells (stay put, no attack, rest: a choice of doing without).
    """

    kind: str
    cells: tuple[tuple[int, int], ...]


@attrs.frozen(slots=True)
class ActionPicks:
    """How one action is picked on the map (Ruleset.action_picks): who acts, then each stage."""

    # uid of the acting unit; None when no unit on the map acts (deploy, end turn). A unit carried
    # by another (a StatWar rider) acts too though board_view leaves it out: its "self" stage
    # holds the cells it acts from.
    actor: int | None
    stages: tuple[PickStage, ...] = ()
