"""Option lists for every menu: safe at any size, and MenuList also answers vi keys (j/k), so
a menu moves like the map does."""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import OptionList


class AnySizeOptionList(OptionList):
    """An OptionList whose page keys are safe at any size.

    A list opened in a sliver of a terminal (no row or column for its options) has laid out no
    lines, and Textual's page moves look the highlighted option's line up and raise. With no
    room there is no page to move by, so the keys do nothing until the list has room."""

    def action_page_up(self) -> None:
        if self.scrollable_content_region:
            super().action_page_up()

    def action_page_down(self) -> None:
        if self.scrollable_content_region:
            super().action_page_down()


class MenuList(AnySizeOptionList):
    BINDINGS = [
        Binding("down,j", "cursor_down", "Down", show=False, id="list.down"),
        Binding("up,k", "cursor_up", "Up", show=False, id="list.up"),
        Binding("enter", "select", "Choose", show=True, id="list.choose"),
    ]
