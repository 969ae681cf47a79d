"""The full sheet of what the cursor shows: the unit's every stat and status, the cell, and
the odds of every action there in full. One key opens it at any size, so nothing a
decision needs is kept for terminals larger than 80x24."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static


class UnitSheet(ModalScreen[None]):
    """Sections of text under one title; the body scrolls (arrows, j/k, PgUp/PgDn, Home/End)."""

    BINDINGS = [
        Binding("escape,i,q,enter", "close", "Close", id="sheet.close"),
        Binding("down,j", "scroll(1)", "Down", show=False),
        Binding("up,k", "scroll(-1)", "Up", show=False),
        Binding("pagedown,space", "page(1)", "Page down", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("home,g", "edge(0)", "Top", show=False),
        Binding("end,G", "edge(1)", "End", show=False),
    ]

    def __init__(self, title: str, sections: list[tuple[str, list[str]]]) -> None:
        super().__init__()
        self.title_text = title
        self.sections = [(heading, list(lines)) for heading, lines in sections if lines]

    @property
    def text(self) -> str:
        """The sheet's whole text, as shown."""
        return "\n\n".join("\n".join([heading, *("  " + line for line in lines)]) for heading, lines in self.sections)

    def compose(self) -> ComposeResult:
        with Vertical(id="sheet-box"):
            yield Static(self.title_text, id="sheet-title", markup=False)
            with VerticalScroll(id="sheet-scroll", can_focus=False):
                yield Static(self.text, id="sheet-body", markup=False)
            yield Static("Up/Down, PgUp/PgDn scroll; Esc or i closes.", id="sheet-hint")

    @property
    def body(self) -> VerticalScroll:
        return self.query_one("#sheet-scroll", VerticalScroll)

    def action_scroll(self, lines: int) -> None:
        self.body.scroll_relative(y=lines, animate=False)

    def action_page(self, pages: int) -> None:
        self.body.scroll_relative(y=pages * max(1, self.body.scrollable_content_region.height - 1), animate=False)

    def action_edge(self, end: int) -> None:
        self.body.scroll_to(y=self.body.max_scroll_y if end else 0, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
