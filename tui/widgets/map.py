"""The battle map: one widget drawn through Textual's line API from a core.view.BoardView.

Each map row is one terminal line, built once into a Strip and cached; a cursor
move or a new highlight rebuilds the strips of the rows it touches and repaints
only the cells that changed (a cursor move: two cells, a few dozen bytes).
Squares are 3 columns wide, hexes 4 ("odd-r" rows: odd rows shifted right by 2).
A map larger than its viewport scrolls by whole cells, and only when the cursor
comes within MARGIN cells of an edge; a cell the viewport's edge would cut in
two is left blank, so no glyph or mark is ever shown in half.
A cell is drawn as [left mark][glyph][right mark] (hexes add the facing arrow):
the marks carry meaning without colour - [ ] cursor, > < target, ( ) reachable,
{ } selected unit, ‹ › a unit that may act now,
· · the path of the move under the cursor (bold, over a reachable cell's marks),
° lasting effect - and units differ without colour by letter case, underline and
italic (side_look): the viewing side's own units upper case, every enemy's lower
case, so monochrome terminals lose nothing, with two armies or four.
Terrain never looks like a unit: a terrain glyph that is a letter is drawn as a
symbol (TERRAIN_SYMBOLS), since every unit is a letter. Height is a digit: on
hexes in the cell's third column (where a unit's facing arrow goes), on squares
in place of open ground's "." and beside any other terrain when no mark is there.
"""

from __future__ import annotations

import functools
import textwrap

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from core.view import BoardView
from tui.widgets.kept_style import KeptStyle

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
#: the cells a previewed move passes through, between its start and its end
PATH_MARKS = ("·", "·")
#: highlights a path mark may replace (a target, the selected unit or the cursor keep theirs)
PATH_OVER = (None, "move", "ready")
HIGHLIGHT_BG = {"target": "#5f0000", "move": "#003f5f", "selected": "#3f3f00", "ready": "#303030"}

#: terrain glyphs that are letters, drawn as symbols so no terrain looks like a unit's letter
TERRAIN_SYMBOLS = {"T": "♣", "H": "■", "o": "○", "X": "×"}
#: any other letter a data file gives a terrain
OTHER_LETTER_TERRAIN = "▪"
#: the glyph data files give open, flat ground; on squares a height replaces it
OPEN_GLYPH = "."

Cell = tuple[int, int]


def terrain_symbol(glyph: str) -> str:
    """How the map draws a terrain glyph: letters become symbols, anything else stays."""
    glyph = glyph[:1] or " "
    if glyph.isascii() and glyph.isalpha():
        return TERRAIN_SYMBOLS.get(glyph, OTHER_LETTER_TERRAIN)
    return glyph


def height_mark(elevation: int) -> str:
    """A cell's height as one character: "1" to "9", "+" above 9, blank at 0 or below."""
    if elevation <= 0:
        return " "
    return str(elevation) if elevation < 10 else "+"


#: the legend's words on heights, by grid
HEIGHT_LEGEND = {
    "hex": "A digit after a hex's terrain is its height (blank is 0).",
    "square": "A digit is a square's height: in place of open ground's '.', beside other terrain (blank is 0).",
}

#: the arrows of the radar line, by (dx, dy) sign of where off-screen units lie
RADAR_ARROWS = {(-1, 0): "←", (1, 0): "→", (0, -1): "↑", (0, 1): "↓",
                (-1, -1): "↖", (1, -1): "↗", (-1, 1): "↙", (1, 1): "↘"}
#: a blank on the board (a cell cut by the viewport's edge): the board's own background
BOARD = Style()
REVERSE = Style(reverse=True)


@functools.lru_cache(maxsize=1024)
def cell_style(colour_on: bool, colour: str | None, bg: str | None, bold: bool, reverse: bool) -> Style:
    """The style of a map cell's part, made once per look: a row is rebuilt on every cursor
    move over it, and a Style is slow to make and parses its colours."""
    if not colour_on:
        return Style(bold=bold or reverse, reverse=reverse)
    return Style(color=colour, bgcolor=bg, bold=bold, reverse=reverse)


#: (upper case, underlined) per side, for a map nobody in particular watches (AI against AI,
#: a replay): every pair of the four sides differs in at least one.
SIDE_MARKS: tuple[tuple[bool, bool], ...] = ((True, False), (False, True), (True, True), (False, False))
#: for a map seen by one side: its own units are upper case and plain, every other side's
#: lower case (a foe at a glance, with any number of armies), enemy sides in turn
#: underlined, plain, italic, so they differ from each other too
OWN_LOOK = (True, False, False)
ENEMY_LOOKS: tuple[tuple[bool, bool, bool], ...] = ((False, True, False), (False, False, False), (False, False, True))


def side_look(side: int, viewer: int | None = None) -> tuple[bool, bool, bool]:
    """(upper case, underlined, italic) of a side's units. Seen by `viewer`: its own units one
    way, enemies another (ENEMY_LOOKS, in side order without the viewer's); seen by nobody in
    particular (None): each side its own way (SIDE_MARKS)."""
    if viewer is None:
        upper, underline = SIDE_MARKS[side % len(SIDE_MARKS)]
        return upper, underline, False
    if side == viewer:
        return OWN_LOOK
    rank = side - (1 if side > viewer else 0)
    return ENEMY_LOOKS[rank % len(ENEMY_LOOKS)]


def unit_letter(glyph: str, side: int, viewer: int | None = None) -> str:
    """The unit's letter in its side's case (side_look)."""
    return glyph.upper() if side_look(side, viewer)[0] else glyph.lower()


def look_words(side: int, viewer: int | None = None) -> str:
    """How a side's letters look without colour, in words: "UPPER case", "lower case underlined"."""
    upper, underline, italic = side_look(side, viewer)
    return ("UPPER case" if upper else "lower case") + (" underlined" if underline else "") + (" italic" if italic else "")


class BattleMap(KeptStyle, ScrollView, can_focus=True, inherit_bindings=False):
    """Draws a BoardView with a cursor and highlights; the viewport follows the cursor.

    The owner binds the keys, moves the cursor (move_cursor, set_cursor: both say
    whether it moved) and updates its own panels in the same handler, so the map
    and the panels go out in one frame. The map takes none of the scrolling keys
    of Textual's scrollable widgets: on a map wider or taller than its viewport
    those would scroll the view by one column under the cursor instead of moving
    the cursor.
    """

    DEFAULT_CSS = """
    BattleMap { background: $surface; }
    BattleMap > .battle-map--caption { background: $warning; color: $background; text-style: bold; }
    """
    #: the words a playback shows beside its target (the roll, the damage, DEAD)
    COMPONENT_CLASSES = {"battle-map--caption"}

    #: cells (columns of cells, and rows) kept between the cursor and an edge of the viewport
    MARGIN = 2

    def __init__(self, view: BoardView, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view = view
        self._radar: tuple[BoardView, tuple, str] | None = None  # the last radar line, for its view and key
        self.cursor: Cell = (0, 0)
        self.highlights: dict[Cell, str] = {}
        self.path: frozenset[Cell] = frozenset()
        self.caption: tuple[Cell, str] | None = None  # words drawn beside a cell, over the map
        self.side_styles: tuple[str, ...] = ("bold #5fafff", "bold #ff5f5f", "bold #87d75f", "bold #d787ff")
        self.colour = True
        self.viewer: int | None = None  # whose own units are drawn as such (side_look)
        self._rows: dict[int, Strip] = {}
        self._cells: dict[Cell, list[Segment]] = {}  # each cell's segments, kept until it changes
        self._units_at: dict[Cell, object] = {}
        self._index_units()
        self.virtual_size = self._map_size()

    # --- geometry ----------------------------------------------------------
    @property
    def cell_width(self) -> int:
        return 4 if self.view.grid == "hex" else 3

    def row_shift(self, row: int) -> int:
        """Columns the row is shifted right: 2 for odd rows of hexes ("odd-r"), else 0."""
        return 2 if self.view.grid == "hex" and row % 2 == 1 else 0

    def cell_x(self, col: int, row: int) -> int:
        """The screen column where the cell (col, row) starts, within the map."""
        return col * self.cell_width + self.row_shift(row)

    @property
    def drawn_width(self) -> int:
        """Columns the whole map takes, whatever the viewport (the layout sizes the side column
        from it: the virtual size, widened to the viewport, would feed back into the layout)."""
        return self._map_size().width

    def _map_size(self) -> Size:
        extra = 2 if self.view.grid == "hex" else 0
        return Size(self.view.width * self.cell_width + extra, self.view.height)

    @property
    def viewport(self) -> Size:
        """The columns and rows of the map on screen (the widget less its scrollbars)."""
        width, height = self.size
        return Size(max(0, width - self.scrollbar_size_vertical), max(0, height - self.scrollbar_size_horizontal))

    def visible_cell_region(self, cell: Cell) -> Region:
        """Where the cell is drawn within the widget (it may lie outside the viewport)."""
        col, row = cell
        return Region(self.cell_x(col, row) - int(self.scroll_x), row - int(self.scroll_y), self.cell_width, 1)

    def cell_fully_visible(self, cell: Cell) -> bool:
        """Whether the whole cell is inside the viewport (not hidden, not cut by an edge)."""
        region = self.visible_cell_region(cell)
        return Region(0, 0, *self.viewport).contains_region(region)

    def _index_units(self) -> None:
        self._units_at = {}
        for unit in self.view.units:
            for cell in unit.cells:
                self._units_at[tuple(cell)] = unit

    def unit_at(self, cell: Cell):
        return self._units_at.get(cell)

    # --- changes from the owner ----------------------------------------------
    def set_view(self, view: BoardView) -> None:
        """A new board (after an action): repaint only the cells whose terrain or units changed."""
        old = self.view
        self.view = view
        self._index_units()
        if (old.width, old.height, old.grid) != (view.width, view.height, view.grid):
            self._rows.clear()
            self._cells.clear()
            self._fit_virtual_size()
            self.refresh()
            return
        dirty: set[Cell] = set()
        if old.cells != view.cells:
            width = view.width
            dirty.update(
                (i % width, i // width) for i, (a, b) in enumerate(zip(old.cells, view.cells)) if a != b
            )
        if old.units != view.units:
            before = {u.uid: u for u in old.units}
            after = {u.uid: u for u in view.units}
            for uid in set(before) | set(after):
                if before.get(uid) != after.get(uid):
                    for u in (before.get(uid), after.get(uid)):
                        if u is not None:
                            dirty.update(tuple(c) for c in u.cells)
        self._repaint_cells(dirty)

    def set_highlights(self, highlights: dict[Cell, str]) -> None:
        changed = {c for c in set(self.highlights) | set(highlights) if self.highlights.get(c) != highlights.get(c)}
        self.highlights = dict(highlights)
        self._repaint_cells(changed)

    def set_path(self, cells) -> None:
        """Mark the cells a previewed move passes through (an empty one clears it); only the
        cells that gain or lose the mark are repainted."""
        path = frozenset(tuple(c) for c in cells)
        changed = set(self.path ^ path)
        self.path = path
        self._repaint_cells(changed)

    def set_caption(self, caption: tuple[Cell, str] | None) -> None:
        """Draw words beside a cell (None: no words). The map draws them itself, so a new
        caption repaints only the cells under the old and the new words: no layout pass."""
        if caption == self.caption:
            return
        old = [region for region, _ in self.caption_lines()]
        self.caption = caption
        self.refresh(*old, *(region for region, _ in self.caption_lines()))

    def caption_lines(self) -> list[tuple[Region, str]]:
        """Where the caption is drawn within the widget, a line at a time: right of its cell,
        else left of it, else on the row above (below on the top row); words wider than the
        viewport wrap over the rows under the cell (over it at the bottom). Nothing when
        there is no caption or no room."""
        if self.caption is None or not self.caption[1]:
            return []
        cell, words = self.caption
        width, height = self.viewport
        region = self.visible_cell_region(cell)
        if width < 3 or height < 1:
            return []
        if len(words) + 2 > width:
            lines = textwrap.wrap(words, width - 2) or [words[: width - 2]]
            y = region.y + 1 if region.y + len(lines) < height else region.y - len(lines)
            return [(Region(0, y + i, len(line) + 2, 1), f" {line} ") for i, line in enumerate(lines) if 0 <= y + i < height]
        size = len(words) + 2
        x, y = region.right, region.y
        if x + size > width:
            x = region.x - size
            if x < 0:
                x = max(0, min(region.x, width - size))
                y = y - 1 if region.y > 0 else y + 1
        return [(Region(x, y, size, 1), f" {words} ")] if 0 <= y < height else []

    def _with_caption(self, strip: Strip, y: int) -> Strip:
        for region, text in self.caption_lines():
            if region.y == y:
                style = self.get_component_rich_style("battle-map--caption") if self.colour else Style(bold=True, reverse=True)
                words = Strip([Segment(text, style)], region.width)
                return Strip.join([strip.crop(0, region.x), words, strip.crop(region.right, strip.cell_length)])
        return strip

    def set_viewer(self, viewer: int | None) -> None:
        """Draw the units as `viewer` sees them (its own, its enemies); a change redraws them."""
        if viewer != self.viewer:
            self.viewer = viewer
            self._repaint_cells({tuple(c) for u in self.view.units for c in u.cells})

    def notify_style_update(self) -> None:
        super().notify_style_update()  # KeptStyle: base_style worked out again
        self._rows.clear()  # and the rows drawn in it (a row of hexes starts in it)

    def restyle(self) -> None:
        """Colours changed (theme): rebuild every row."""
        self._base = None
        self._rows.clear()
        self._cells.clear()
        self.refresh()

    def step_target(self, dx: int, dy: int) -> Cell:
        """The cell one step from the cursor, on the map or not; on hexes the diagonals are the
        NW/NE/SW/SE neighbours (odd-r rows)."""
        if self.view.grid == "hex" and dx and dy:
            odd = self.cursor[1] % 2 == 1
            dx = (0 if dx < 0 else 1) if odd else (-1 if dx < 0 else 0)
        return (self.cursor[0] + dx, self.cursor[1] + dy)

    def move_cursor(self, dx: int, dy: int) -> bool:
        """Step the cursor. Returns whether it moved (not at the map's edge). A hex diagonal
        off the map stays put rather than turn into another direction."""
        col, row = self.step_target(dx, dy)
        if self.view.grid == "hex" and dx and dy and not (0 <= col < self.view.width and 0 <= row < self.view.height):
            return False
        col = min(max(col, 0), self.view.width - 1)
        row = min(max(row, 0), self.view.height - 1)
        return self.set_cursor((col, row))

    def set_cursor(self, cell: Cell) -> bool:
        """Put the cursor on a cell of the map; returns whether it moved."""
        col, row = cell
        if not (0 <= col < self.view.width and 0 <= row < self.view.height):
            return False
        old = self.cursor
        self.cursor = (col, row)
        if old == self.cursor:
            self.follow_cursor()
            return False
        self._forget((old, self.cursor))
        if not self.follow_cursor():  # a scroll repaints the whole viewport anyway
            self._refresh_cells((old, self.cursor))
        return True

    # --- scrolling -------------------------------------------------------------
    def follow_cursor(self) -> bool:
        """Scroll, by whole cells, only as far as needed to keep MARGIN cells around the cursor.

        Returns whether the view scrolled. Before the first layout there is no
        viewport: on_resize follows the cursor then.
        """
        return self.follow_cell(self.cursor)

    def follow_cell(self, cell: Cell) -> bool:
        """Scroll as follow_cursor does, for any cell (a playback keeps its action in sight)."""
        width, height = self.viewport
        if width <= 0 or height <= 0:
            return False
        col, row = cell
        step = self.cell_width
        scroll_x, scroll_y = int(self.scroll_x), int(self.scroll_y)
        margin_x, margin_y = self._margins()
        left = self.cell_x(col, row)
        right = left + step
        x = scroll_x
        if left - margin_x < x:
            x = (left - margin_x) // step * step  # down to a whole cell
        elif right + margin_x > x + width:
            x = -(-(right + margin_x - width) // step) * step  # up to a whole cell
        y = scroll_y
        if row - margin_y < y:
            y = row - margin_y
        elif row + 1 + margin_y > y + height:
            y = row + 1 + margin_y - height
        map_width, map_height = self.virtual_size
        x = min(max(x, 0), max(0, map_width - width))
        y = min(max(y, 0), max(0, map_height - height))
        if (x, y) == (scroll_x, scroll_y):
            return False
        self.scroll_to(x, y, animate=False, force=True, immediate=True)
        return True

    @property
    def scrolls(self) -> bool:
        """Whether the map is larger than its viewport (some of it lies off screen)."""
        width, height = self.viewport
        map_width, map_height = self._map_size()
        return width > 0 and height > 0 and (map_width > width or map_height > height)

    def _scroll_limits(self) -> tuple[int, int]:
        width, height = self.viewport
        map_width, map_height = self.virtual_size
        return max(0, map_width - width), max(0, map_height - height)

    def pan(self, dx: int, dy: int) -> bool:
        """Scroll the view half a viewport (whole cells) that way; the cursor keeps its place on
        the screen, so it moves with the view. Returns whether the view moved."""
        width, height = self.viewport
        if width <= 0 or height <= 0:
            return False
        step = self.cell_width
        cols, rows = max(1, width // step // 2), max(1, height // 2)
        scroll_x, scroll_y = int(self.scroll_x), int(self.scroll_y)
        max_x, max_y = self._scroll_limits()
        x = min(max(scroll_x + dx * cols * step, 0), max_x) // step * step
        y = min(max(scroll_y + dy * rows, 0), max_y)
        if (x, y) == (scroll_x, scroll_y):
            return False
        self.scroll_to(x, y, animate=False, force=True, immediate=True)
        # the cursor moves with the view, then into it (MARGIN cells from its edges, as
        # follow_cursor keeps them), so the next cursor key does not scroll the view back
        margin_x, margin_y = self._margins()
        row = min(max(self.cursor[1] + y - scroll_y, y + margin_y), y + height - 1 - margin_y, self.view.height - 1)
        row = max(row, 0)
        shift = self.row_shift(row)
        first = -(-(x + margin_x - shift) // step)
        last = (x + width - margin_x - shift) // step - 1
        col = self.cursor[0] + (x - scroll_x) // step
        col = min(max(col, first, 0), last, self.view.width - 1)
        old, self.cursor = self.cursor, (max(col, 0), row)
        self._forget((old, self.cursor))
        self.follow_cursor()
        self.refresh()
        return True

    def _margins(self) -> tuple[int, int]:
        """Columns and rows kept between the cursor and the viewport's edges: MARGIN cells,
        less on a viewport too small for it, so the cursor's cell always fits."""
        width, height = self.viewport
        step = self.cell_width
        return (min(self.MARGIN * step, max(0, (width - step) // 2 // step * step)),
                min(self.MARGIN, max(0, (height - 1) // 2)))

    def centre_on(self, cell: Cell) -> bool:
        """Put the cursor on `cell` and scroll (by whole cells) so it sits in the middle of the
        view as far as the map's edges allow. Returns whether the cursor moved."""
        moved = self.set_cursor(cell)
        width, height = self.viewport
        if width <= 0 or height <= 0 or not self.scrolls:
            return moved
        step = self.cell_width
        max_x, max_y = self._scroll_limits()
        x = min(max(self.cell_x(*cell) - (width - step) // 2, 0), max_x) // step * step
        y = min(max(cell[1] - (height - 1) // 2, 0), max_y)
        if (x, y) != (int(self.scroll_x), int(self.scroll_y)):
            self.scroll_to(x, y, animate=False, force=True, immediate=True)
            self.refresh()
        return moved

    def off_screen(self) -> dict[tuple[int, int], dict[int, int]]:
        """The units no cell of which is wholly in view: direction (dx, dy) -> side -> count."""
        width, height = self.viewport
        out: dict[tuple[int, int], dict[int, int]] = {}
        if width <= 0 or height <= 0:
            return out
        for unit in self.view.units:
            if not unit.cells or any(self.cell_fully_visible(tuple(c)) for c in unit.cells):
                continue
            region = self.visible_cell_region(tuple(unit.cells[0]))
            dx = -1 if region.x < 0 else 1 if region.right > width else 0
            dy = -1 if region.y < 0 else 1 if region.y >= height else 0
            sides = out.setdefault((dx, dy), {})
            sides[unit.side] = sides.get(unit.side, 0) + 1
        return out

    def radar_text(self, side_names: tuple[str, ...] | list[str], width: int) -> str:
        """The radar line: "Off screen: → 5 Vine 10 · ↓ 1 Ash 10", by side number ("side 2")
        when the names make it longer than `width`; all in view: "All units in view".
        Worked out again only when the view, the scroll, the viewport, the names or the
        width changed (not on a cursor move inside the view)."""
        key = (int(self.scroll_x), int(self.scroll_y), self.viewport, tuple(side_names), width)
        if self._radar is not None and self._radar[0] is self.view and self._radar[1] == key:
            return self._radar[2]
        text = self._radar_text(side_names, width)
        self._radar = (self.view, key, text)
        return text

    def _radar_text(self, side_names: tuple[str, ...] | list[str], width: int) -> str:
        far = self.off_screen()
        if not far:
            return "All units in view."
        order = sorted(far, key=lambda d: list(RADAR_ARROWS).index(d))

        def line(name) -> str:
            parts = [
                RADAR_ARROWS[d] + " " + ", ".join(f"{n} {name(side)}" for side, n in sorted(far[d].items()))
                for d in order
            ]
            return "Off screen: " + " · ".join(parts)

        text = line(lambda side: side_names[side] if side < len(side_names) else f"side {side + 1}")
        if len(text) > width:
            text = line(lambda side: f"s{side + 1}").replace("Off screen: ", "Off: ")
        return text

    def _fit_virtual_size(self) -> None:
        """The map's size, widened to a whole number of cells past the viewport's width when it
        scrolls sideways: the last scroll position then shows whole cells too."""
        size = self._map_size()
        width = self.viewport.width
        if width and size.width > width:
            size = Size(size.width + (width - size.width) % self.cell_width, size.height)
        self.virtual_size = size

    def on_resize(self) -> None:
        self._fit_virtual_size()
        self.follow_cursor()

    # --- repainting ----------------------------------------------------------
    def _repaint_cells(self, cells: set[Cell]) -> None:
        """Rebuild the strips of the rows holding these cells and repaint only these cells."""
        self._forget(cells)
        self._refresh_cells(cells)

    def _forget(self, cells) -> None:
        """Drop what was drawn of these cells and of the rows holding them: they are drawn
        again, and the other cells of those rows are taken as they were."""
        for cell in cells:
            self._cells.pop(cell, None)
            self._rows.pop(cell[1], None)

    def _refresh_cells(self, cells) -> None:
        width, height = self.size
        regions = []
        for cell in cells:
            region = self.visible_cell_region(cell)
            if region.right > 0 and region.x < width and 0 <= region.y < height:
                regions.append(region)
        if regions:
            self.refresh(*regions)

    # --- drawing -----------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        row = y + scroll_y
        width = self.size.width
        if not 0 <= row < self.view.height:
            return self._with_caption(Strip.blank(width, self.base_style), y)
        strip = self._rows.get(row)
        if strip is None:
            strip = self._build_row(row)
            self._rows[row] = strip
        if scroll_x == 0 and strip.cell_length <= self.viewport.width:
            return self._with_caption(strip.crop_extend(0, width, self.base_style), y)  # the whole row fits
        return self._with_caption(self._window(strip, row, scroll_x, width), y)

    def _window(self, strip: Strip, row: int, scroll_x: int, width: int) -> Strip:
        """The part of a row in view, with a cell cut by either edge of the viewport left blank
        (in the board's colour; what lies off the board keeps the widget's colour)."""
        step, shift = self.cell_width, self.row_shift(row)
        end = scroll_x + self.viewport.width
        first = scroll_x + (shift - scroll_x) % step  # where the first whole cell starts
        last = end if end >= strip.cell_length else end - (end - shift) % step  # where the last one ends
        if last <= first:
            return Strip.blank(width, BOARD)
        body = strip.crop(first, last)
        segments: list[Segment] = []
        if first > scroll_x:
            segments.append(Segment(" " * (first - scroll_x), self.base_style if scroll_x < shift else BOARD))
        segments.extend(body)
        rest = width - (first - scroll_x) - body.cell_length
        if rest > 0:
            segments.append(Segment(" " * rest, BOARD if last < strip.cell_length else self.base_style))
        return Strip(segments, width)

    def _style(self, colour: str | None, bg: str | None = None, bold: bool = False, reverse: bool = False) -> Style:
        return cell_style(self.colour, colour, bg, bold, reverse)

    def _build_row(self, row: int) -> Strip:
        view = self.view
        base = self.base_style
        segments: list[Segment] = []
        if view.grid == "hex" and row % 2 == 1:
            segments.append(Segment("  ", base))
        drawn = self._cells
        for col in range(view.width):
            cell = drawn.get((col, row))
            if cell is None:
                cell = drawn[(col, row)] = self._cell_segments(col, row)
            segments.extend(cell)
        return Strip(segments).simplify()

    def _cell_segments(self, col: int, row: int) -> list[Segment]:
        cell = self.view.cell(col, row)
        mark = self.highlights.get((col, row))
        is_cursor = self.cursor == (col, row)
        bg = HIGHLIGHT_BG.get(mark) if mark else None
        left, right = MARKS["cursor"] if is_cursor else MARKS.get(mark or "", (" ", " "))
        on_path = not is_cursor and mark in PATH_OVER and (col, row) in self.path
        if on_path:
            left, right = PATH_MARKS
        if not is_cursor and mark is None and cell.effects:
            right = "°"
        unit = self._units_at.get((col, row))
        height_right = False
        if unit is not None:
            upper, underline, italic = side_look(unit.side, self.viewer)
            glyph = unit.glyph.upper() if upper else unit.glyph.lower()
            side_style = self.side_styles[unit.side % len(self.side_styles)] if self.colour else ""
            body_style = Style.parse(side_style) if side_style else Style(bold=True)
            if underline or italic:  # cues besides colour and case, for any glyph
                body_style += Style(underline=underline, italic=italic)
            if bg and self.colour:
                body_style += Style(bgcolor=bg)
            facing = FACING_ARROWS[unit.facing % 6] if unit.facing is not None else " "
        else:
            glyph = terrain_symbol(cell.glyph)
            # between bold marks, bold terrain: the cell stands out with its marks, and a
            # repaint switches only the colour from mark to glyph and back (fewer bytes)
            marked = is_cursor or on_path or mark is not None
            body_style = self._style(TERRAIN_COLOURS.get(cell.terrain), bg, bold=marked)
            height = height_mark(cell.elevation)
            facing = " "
            if height != " ":
                if self.view.grid == "hex":
                    facing = height
                elif glyph == OPEN_GLYPH:
                    glyph = height
                elif right == " ":
                    right = height
                    height_right = True
        mark_style = self._style("#ffffff", bg, bold=True, reverse=is_cursor)
        # a blank mark beside terrain shows only its background: in the glyph's style it joins
        # the glyph's run, so a stretch of one terrain is one run (fewer bytes a repaint)
        plain = unit is None and not is_cursor and not on_path
        out = [
            Segment(left, body_style if plain and left == " " else mark_style),
            Segment(glyph, body_style + REVERSE if is_cursor else body_style),
        ]
        if self.view.grid == "hex":
            out.append(Segment(facing, body_style))
        out.append(Segment(right, body_style if plain and (right == " " or height_right) else mark_style))
        return out
