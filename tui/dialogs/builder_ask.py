"""Ask for one line of text (a name, a description, a number); Enter takes it, Esc cancels."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static


class AskDialog(ModalScreen[str | None]):
    DEFAULT_CSS = """
    AskDialog { align: center middle; }
    #ask-box { width: 64; max-width: 96%; height: auto; border: thick $primary; background: $surface; padding: 0 1; }
    #ask-error { color: $error; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="ask.cancel")]

    def __init__(self, prompt: str, value: str = "", number: bool = False) -> None:
        super().__init__()
        self.prompt = prompt
        self.value = value
        self.number = number

    def compose(self) -> ComposeResult:
        with Vertical(id="ask-box"):
            yield Static(self.prompt + "  (Enter takes it, Esc cancels)", markup=False)
            yield Input(value=self.value, id="ask-input", type="integer" if self.number else "text")
            yield Static("", id="ask-error", markup=False)

    def on_mount(self) -> None:
        self.query_one("#ask-input", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if not text:
            self.query_one("#ask-error", Static).update("Type something, or Esc to cancel.")
            return
        if self.number and not text.lstrip("-").isdigit():
            self.query_one("#ask-error", Static).update("A whole number, please.")
            return
        self.dismiss(text)

    def action_cancel(self) -> None:
        self.dismiss(None)
