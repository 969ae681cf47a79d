"""An OptionList that also answers vi keys (j/k), so every menu moves like the map does."""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import OptionList


class MenuList(OptionList):
    BINDINGS = [
        Binding("down,j", "cursor_down", "Down", show=False, id="list.down"),
        Binding("up,k", "cursor_up", "Up", show=False, id="list.up"),
        Binding("enter", "select", "Choose", show=True, id="list.choose"),
    ]
