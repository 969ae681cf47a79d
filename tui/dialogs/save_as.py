"""Ask for a save name (letters, digits, - and _), prefilled with the current one."""

from __future__ import annotations

import re

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_\-]{0,63}$")


class SaveAsDialog(ModalScreen[str | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="saveas.cancel")]

    def __init__(self, name: str = "") -> None:
        super().__init__()
        self.initial = name

    def compose(self) -> ComposeResult:
        with Vertical(id="saveas-box"):
            yield Static("Save as (letters, digits, - and _); Enter saves, Esc cancels:")
            yield Input(value=self.initial, id="saveas-name")
            yield Static(id="saveas-error", markup=False)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        name = event.value.strip()
        if not NAME.match(name):
            self.query_one("#saveas-error", Static).update(
                "A name is 1-64 letters, digits, - or _, starting with a letter or digit."
            )
            return
        self.dismiss(name)

    def action_cancel(self) -> None:
        self.dismiss(None)
