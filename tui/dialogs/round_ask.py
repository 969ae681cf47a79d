"""Ask for a round number to jump to in a replay."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static


class RoundDialog(ModalScreen[int | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="round.cancel")]

    def __init__(self, last: int) -> None:
        super().__init__()
        self.last = last

    def compose(self) -> ComposeResult:
        with Vertical(id="saveas-box"):
            yield Static(f"Jump to round (1-{self.last}); Enter goes, Esc cancels:")
            yield Input(type="integer", id="round-input")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        try:
            self.dismiss(max(1, min(self.last, int(event.value))))
        except ValueError:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)
