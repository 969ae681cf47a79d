"""Shown over everything while the terminal is below 80x24; removed when it grows back.

It sits on top of the screen stack, so nothing underneath is lost or reset.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Static

MIN_WIDTH = 80
MIN_HEIGHT = 24


class TooSmallDialog(ModalScreen[None]):
    def compose(self) -> ComposeResult:
        yield Static(id="too-small-text")

    def on_mount(self) -> None:
        self.show_size()

    def on_resize(self) -> None:
        self.show_size()

    def show_size(self) -> None:
        w, h = self.app.size
        self.query_one("#too-small-text", Static).update(
            f"Terminal too small: {w}x{h}.\nSkirmish needs at least {MIN_WIDTH}x{MIN_HEIGHT}.\n"
            "Enlarge the window; the game waits where it was."
        )
