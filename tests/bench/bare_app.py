"""The reference apps the terminal figures are compared with.

    python3 tests/bench/bare_app.py grid [CELL]  # a full-screen grid, CELL columns a cell; arrows move the cursor
    python3 tests/bench/bare_app.py hello  # the barest Textual app: one line of text

The grid is drawn the cheapest way Textual offers: one widget drawn through
the line API (render_line) with one cached Strip per row, made of runs of one
style; a cursor move rebuilds the strips of the rows it touches and refreshes
only the two cells.
It is what a battle map cannot beat, so the battle map is measured against it.
"""

from __future__ import annotations

import sys

from rich.segment import Segment
from rich.style import Style
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

CELL = 2  # terminal columns per grid cell (the battle map uses 3 for squares, 4 for hexes)
FLOOR = Style(color="grey50")
CURSOR = Style(color="black", bgcolor="yellow", bold=True)


class Grid(Widget, can_focus=True):
    """A grid of cells filling the widget, one cursor, rows cached as Strips."""

    BINDINGS = [
        ("left", "move(-1, 0)", "left"),
        ("right", "move(1, 0)", "right"),
        ("up", "move(0, -1)", "up"),
        ("down", "move(0, 1)", "down"),
    ]

    DEFAULT_CSS = "Grid { width: 1fr; height: 1fr; }"

    def __init__(self, cell: int = CELL) -> None:
        super().__init__()
        self.cell = cell
        self.cursor = (0, 0)
        self._rows: dict[int, Strip] = {}

    def on_resize(self) -> None:
        self._rows.clear()

    def _row(self, y: int) -> Strip:
        strip = self._rows.get(y)
        if strip is None:
            cell = self.cell
            cols = self.size.width // cell
            cx, cy = self.cursor
            pad = " " * (cell - 1)
            text = "".join(("." if (x + y) % 7 else "#") + pad for x in range(cols))
            if cy == y and 0 <= cx < cols:  # runs of one style: three segments at most
                a, b = cx * cell, (cx + 1) * cell
                segments = [Segment(text[:a], FLOOR), Segment(text[a:b], CURSOR), Segment(text[b:], FLOOR)]
            else:
                segments = [Segment(text, FLOOR)]
            strip = Strip(segments, cols * cell)
            self._rows[y] = strip
        return strip

    def render_line(self, y: int) -> Strip:
        return self._row(y)

    def action_move(self, dx: int, dy: int) -> None:
        cols, rows = self.size.width // self.cell, self.size.height
        x, y = self.cursor
        nx, ny = min(max(0, x + dx), cols - 1), min(max(0, y + dy), rows - 1)
        if (nx, ny) == (x, y):
            return
        self.cursor = (nx, ny)
        for cx, cy in ((x, y), (nx, ny)):  # repaint the two cells, nothing else
            self._rows.pop(cy, None)
            self.refresh(Region(cx * self.cell, cy, self.cell, 1))


class GridApp(App):
    """The grid alone, focused, so arrows reach it."""

    def __init__(self, cell: int = CELL) -> None:
        super().__init__()
        self.cell = cell

    def compose(self) -> ComposeResult:
        yield Grid(self.cell)

    def on_mount(self) -> None:
        self.query_one(Grid).focus()


class HelloApp(App):
    """The barest app that draws a frame."""

    def compose(self) -> ComposeResult:
        yield Static("Skirmish bare app")


def main(argv: list[str]) -> None:
    mode = argv[0] if argv else "grid"
    app = GridApp(int(argv[1]) if len(argv) > 1 else CELL) if mode == "grid" else HelloApp()
    app.run(mouse=False)


if __name__ == "__main__":
    main(sys.argv[1:])
