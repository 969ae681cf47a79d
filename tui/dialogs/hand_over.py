"""Between two players at one keyboard: hide the sealed orders until the next player is ready."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static


class HandOverDialog(ModalScreen[None]):
    BINDINGS = [Binding("enter,space", "ready", "Ready", id="handover.ready")]

    def __init__(self, side_name: str, sealed_by: tuple[str, ...] = (), secret_orders: bool = False) -> None:
        super().__init__()
        self.side_name = side_name
        self.sealed_by = sealed_by  # the sides whose orders for this phase are sealed now
        self.secret_orders = secret_orders  # whether this ruleset's orders stay secret until they resolve

    def text(self) -> str:
        """Who plays now and what they will see, in words true at this moment."""
        lines = [f"{self.side_name} to play. Pass the keyboard to {self.side_name}."]
        if self.sealed_by:
            who = " and ".join(self.sealed_by)
            verb = "has" if len(self.sealed_by) == 1 else "have"
            lines.append(f"Orders are sealed: {who} {verb} given this phase's orders; "
                         "they stay hidden until the phase resolves.")
        if self.secret_orders:
            lines.append(f"{self.side_name} sees the map, its own orders and everything already resolved, "
                         "never another side's sealed orders.")
        lines.append(f"{self.side_name}: press Enter when the other player is not looking.")
        return "\n\n".join(lines)

    def compose(self) -> ComposeResult:
        with Vertical(id="handover-box"):
            yield Static(self.text(), id="handover-text", markup=False)

    def action_ready(self) -> None:
        self.dismiss(None)
