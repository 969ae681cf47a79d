"""A message the player must read: an error (with its reasons) or a notice."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static


class MessageDialog(ModalScreen[None]):
    BINDINGS = [Binding("escape,enter,q,space", "close", "Close", id="message.close")]

    def __init__(self, title: str, body: str, error: bool = False) -> None:
        super().__init__()
        self.title_text = title
        self.body = body
        self.error = error

    def compose(self) -> ComposeResult:
        with Vertical(id="message-box", classes="error" if self.error else ""):
            yield Static(self.title_text, id="message-title", markup=False)
            with VerticalScroll(id="message-scroll"):
                yield Static(self.body, id="message-body", markup=False)
            yield Static("Enter or Esc closes.", id="message-hint")

    def action_close(self) -> None:
        self.dismiss(None)
