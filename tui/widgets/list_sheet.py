"""The builders' shared layout: a head line, a list on the left, a scrolling sheet on the
right, a status line for problems, and the footer.

The army builders and the commanders roster all show "pick one on the left, read all
about it on the right, see what is wrong at the bottom"; each keeps its own widget ids
(prefix-list, prefix-side, prefix-status) so its code and tests address them directly.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from tui.widgets.footer import Footer
from tui.widgets.menu_list import AnySizeOptionList


def list_sheet_css(prefix: str, *, list_width: int, status_lines: int, head_lines: int | None = None) -> str:
    """The layout's styles for one screen's ids (Textual's screen CSS is not scoped, so ids differ)."""
    head = f"#{prefix}-head {{ height: {head_lines}; padding: 0 1; }}\n#{prefix}-status.ok {{ color: $success; }}\n" if head_lines else ""
    return head + (
        f"#{prefix}-layout {{ height: 1fr; }}\n"
        f"#{prefix}-list {{ width: {list_width}; height: 1fr; border: none; padding: 0; }}\n"
        f"#{prefix}-list:focus {{ border: none; }}\n"
        f"#{prefix}-side {{ width: 1fr; height: 1fr; padding: 0 1; }}\n"
        f"#{prefix}-status {{ height: auto; max-height: {status_lines}; padding: 0 1; color: $warning; }}\n"
    )


def compose_list_sheet(prefix: str, head: Widget, sheet_id: str) -> ComposeResult:
    """Yield the layout: `head`, then the list and the sheet side by side, the status line, the footer."""
    yield head
    with Horizontal(id=f"{prefix}-layout"):
        yield AnySizeOptionList(id=f"{prefix}-list")
        side = VerticalScroll(id=f"{prefix}-side")
        side.can_focus = False  # the list keeps the focus; PgUp/PgDn scroll the sheet
        with side:
            yield Static("", id=sheet_id, markup=False)
    yield Static("", id=f"{prefix}-status", markup=False)
    yield Footer()


class ListSheetScreen(Screen[None]):
    """A screen with the list-and-sheet layout: PgDn/PgUp scroll the sheet whatever has the focus."""

    SHEET_PREFIX: ClassVar[str]
    BINDINGS = [
        Binding("pagedown", "scroll_side(1)", "Scroll sheet", show=False, priority=True, id="list_sheet.page_down"),
        Binding("pageup", "scroll_side(-1)", "Scroll sheet back", show=False, priority=True, id="list_sheet.page_up"),
    ]

    def action_scroll_side(self, pages: int) -> None:
        side = self.query_one(f"#{self.SHEET_PREFIX}-side")
        if pages > 0:
            side.scroll_page_down()
        else:
            side.scroll_page_up()
