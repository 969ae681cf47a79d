"""Between two players at one keyboard: hide the sealed orders until the next player is ready."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static


class HandOverDialog(ModalScreen[None]):
    BINDINGS = [Binding("enter,space", "ready", "Ready", id="handover.ready")]

    def __init__(self, side_name: str) -> None:
        super().__init__()
        self.side_name = side_name

    def compose(self) -> ComposeResult:
        with Vertical(id="handover-box"):
            yield Static(
                f"Orders are sealed.\n\nPass the keyboard to {self.side_name}.\n\n"
                f"{self.side_name}: press Enter when the other player is not looking.",
                id="handover-text",
                markup=False,
            )

    def action_ready(self) -> None:
        self.dismiss(None)
