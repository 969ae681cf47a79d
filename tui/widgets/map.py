"""The battle map: one widget drawn through Textual's line API from a core.view.BoardView.

Each map row is one terminal line, built once into a Strip and cached; a cursor
move or a new highlight invalidates and repaints only the rows it touches.
Squares are 3 cells wide, hexes 4 ("odd-r" rows: odd rows shifted right by 2).
A cell is drawn as [left mark][glyph][right mark] (hexes add the facing arrow):
the marks carry meaning without colour - [ ] cursor, > < target, ( ) reachable,
{ } selected unit, ‹ › a unit that may act now,
° lasting effect - and each side's units differ without colour by letter case
and underline (see SIDE_MARKS), so monochrome terminals lose nothing.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from core.view import BoardView

FACING_ARROWS = "→↗↖←↙↘"  # core.hexgrid facings 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE

TERRAIN_COLOURS: dict[str, str] = {
    "open": "#7a7a7a", "plain": "#7a7a7a", "grass": "#5f875f", "field": "#87875f",
    "trees": "#2e8b57", "forest": "#2e8b57", "wood": "#2e8b57", "woods": "#2e8b57",
    "water": "#3a7bd5", "river": "#3a7bd5", "lake": "#3a7bd5", "swamp": "#5f8787",
    "hill": "#af875f", "hills": "#af875f", "mountain": "#bcbcbc", "rock": "#bcbcbc",
    "wall": "#d0d0d0", "building": "#d7af87", "road": "#c0a060", "sand": "#d7d787",
    "neutral": "#8787af",
}
MARKS = {"cursor": ("[", "]"), "target": (">", "<"), "move": ("(", ")"), "selected": ("{", "}"), "ready": ("‹", "›")}
HIGHLIGHT_BG = {"target": "#5f0000", "move": "#003f5f", "selected": "#3f3f00", "ready": "#303030"}

Cell = tuple[int, int]


#: (upper case, underlined) per side: every pair of the four sides differs in at least one.
SIDE_MARKS: tuple[tuple[bool, bool], ...] = ((True, False), (False, True), (True, True), (False, False))


def unit_letter(glyph: str, side: int) -> str:
    """The unit's letter in its side's case: sides 1 and 3 upper case, sides 2 and 4 lower case."""
    upper, _ = SIDE_MARKS[side % len(SIDE_MARKS)]
    return glyph.upper() if upper else glyph.lower()


def side_underlined(side: int) -> bool:
    """Sides 2 and 3 are underlined, so with case every side looks different in monochrome."""
    return SIDE_MARKS[side % len(SIDE_MARKS)][1]


class BattleMap(ScrollView, can_focus=True):
    """Draws a BoardView with a cursor and highlights; posts CursorMoved when the cursor moves."""

    DEFAULT_CSS = "BattleMap { background: $surface; }"

    class CursorMoved(Message):
        def __init__(self, cell: Cell) -> None:
            super().__init__()
            self.cell = cell

    def __init__(self, view: BoardView, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view = view
        self.cursor: Cell = (0, 0)
        self.highlights: dict[Cell, str] = {}
        self.side_styles: tuple[str, ...] = ("bold #5fafff", "bold #ff5f5f", "bold #87d75f", "bold #d787ff")
        self.colour = True
        self._rows: dict[int, Strip] = {}
        self._units_at: dict[Cell, object] = {}
        self._index_units()
        self.virtual_size = self._map_size()

    # --- geometry ----------------------------------------------------------
    @property
    def cell_width(self) -> int:
        return 4 if self.view.grid == "hex" else 3

    def cell_x(self, col: int, row: int) -> int:
        """The screen column where the cell (col, row) starts, within the map."""
        shift = 2 if self.view.grid == "hex" and row % 2 == 1 else 0
        return col * self.cell_width + shift

    def _map_size(self) -> Size:
        extra = 2 if self.view.grid == "hex" else 0
        return Size(self.view.width * self.cell_width + extra, self.view.height)

    def _index_units(self) -> None:
        self._units_at = {}
        for unit in self.view.units:
            for cell in unit.cells:
                self._units_at[tuple(cell)] = unit

    def unit_at(self, cell: Cell):
        return self._units_at.get(cell)

    # --- changes from the owner ----------------------------------------------
    def set_view(self, view: BoardView) -> None:
        """A new board (after an action): redraw only rows whose cells or units changed."""
        old = self.view
        self.view = view
        self._index_units()
        if (old.width, old.height, old.grid) != (view.width, view.height, view.grid):
            self.virtual_size = self._map_size()
            self._rows.clear()
            self.refresh()
            return
        dirty = set()
        if old.cells != view.cells:
            dirty.update(range(view.height))
        if old.units != view.units:
            before = {u.uid: u for u in old.units}
            after = {u.uid: u for u in view.units}
            for uid in set(before) | set(after):
                if before.get(uid) != after.get(uid):
                    for u in (before.get(uid), after.get(uid)):
                        if u is not None:
                            dirty.update(r for _, r in u.cells)
        self._invalidate(dirty)

    def set_highlights(self, highlights: dict[Cell, str]) -> None:
        changed = {c for c in set(self.highlights) | set(highlights) if self.highlights.get(c) != highlights.get(c)}
        self.highlights = dict(highlights)
        self._invalidate({r for _, r in changed})

    def restyle(self) -> None:
        """Colours changed (theme): rebuild every row."""
        self._rows.clear()
        self.refresh()

    def move_cursor(self, dx: int, dy: int) -> None:
        """Step the cursor; on hexes the diagonals are the NW/NE/SW/SE neighbours (odd-r rows)."""
        if self.view.grid == "hex" and dx and dy:
            odd = self.cursor[1] % 2 == 1
            dx = (0 if dx < 0 else 1) if odd else (-1 if dx < 0 else 0)
        col = min(max(self.cursor[0] + dx, 0), self.view.width - 1)
        row = min(max(self.cursor[1] + dy, 0), self.view.height - 1)
        self.set_cursor((col, row))

    def set_cursor(self, cell: Cell) -> None:
        col, row = cell
        if not (0 <= col < self.view.width and 0 <= row < self.view.height):
            return
        old = self.cursor
        self.cursor = (col, row)
        self._invalidate({old[1], row})
        self.scroll_to_region(
            Region(self.cell_x(col, row), row, self.cell_width, 1), animate=False, force=True, immediate=True
        )
        if old != self.cursor:
            self.post_message(self.CursorMoved(self.cursor))

    def _invalidate(self, rows: set[int]) -> None:
        width = self.size.width
        for row in rows:
            self._rows.pop(row, None)
            y = row - self.scroll_offset.y
            if 0 <= y < self.size.height:
                self.refresh(Region(0, y, width, 1))

    # --- drawing -----------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        row = y + scroll_y
        if not 0 <= row < self.view.height:
            return Strip.blank(self.size.width, self.rich_style)
        strip = self._rows.get(row)
        if strip is None:
            strip = self._build_row(row)
            self._rows[row] = strip
        return strip.crop_extend(scroll_x, scroll_x + self.size.width, self.rich_style)

    def _style(self, colour: str | None, bg: str | None = None, bold: bool = False, reverse: bool = False) -> Style:
        if not self.colour:
            return Style(bold=bold or reverse, reverse=reverse)
        return Style(color=colour, bgcolor=bg, bold=bold, reverse=reverse)

    def _build_row(self, row: int) -> Strip:
        view = self.view
        base = self.rich_style
        segments: list[Segment] = []
        if view.grid == "hex" and row % 2 == 1:
            segments.append(Segment("  ", base))
        for col in range(view.width):
            segments.extend(self._cell_segments(col, row))
        return Strip(segments).simplify()

    def _cell_segments(self, col: int, row: int) -> list[Segment]:
        cell = self.view.cell(col, row)
        mark = self.highlights.get((col, row))
        is_cursor = self.cursor == (col, row)
        bg = HIGHLIGHT_BG.get(mark) if mark else None
        left, right = MARKS["cursor"] if is_cursor else MARKS.get(mark or "", (" ", " "))
        if not is_cursor and mark is None and cell.effects:
            right = "°"
        unit = self._units_at.get((col, row))
        if unit is not None:
            glyph = unit_letter(unit.glyph, unit.side)
            side_style = self.side_styles[unit.side % len(self.side_styles)] if self.colour else ""
            body_style = Style.parse(side_style) if side_style else Style(bold=True)
            if side_underlined(unit.side):
                body_style += Style(underline=True)  # a second cue besides colour, for any glyph
            if bg and self.colour:
                body_style += Style(bgcolor=bg)
            facing = FACING_ARROWS[unit.facing % 6] if unit.facing is not None else " "
        else:
            glyph = cell.glyph[:1] or " "
            body_style = self._style(TERRAIN_COLOURS.get(cell.terrain), bg)
            facing = " "
        mark_style = self._style("#ffffff", bg, bold=True, reverse=is_cursor)
        out = [Segment(left, mark_style), Segment(glyph, body_style + (Style(reverse=True) if is_cursor else Style()))]
        if self.view.grid == "hex":
            out.append(Segment(facing, body_style))
        out.append(Segment(right, mark_style))
        return out
