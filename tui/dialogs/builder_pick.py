"""Pick one entry from a list (keyboard: arrows and Enter, Esc cancels), with a live description.

Entries may be refused (an army that does not fit the battle): they stay in the
list, and Enter on one shows why instead of taking it.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from tui.widgets.menu_list import AnySizeOptionList


class PickDialog(ModalScreen[str | None]):
    """Entries are (id, label, description); the chosen id is returned, None on Esc."""

    DEFAULT_CSS = """
    PickDialog { align: center middle; }
    #pick-box { width: 72; max-width: 96%; height: auto; max-height: 92%; border: thick $primary; background: $surface; padding: 0 1; }
    #pick-title { text-style: bold; }
    #pick-list { height: auto; max-height: 12; }
    #pick-about { height: auto; max-height: 6; color: $text-muted; }
    #pick-hint { color: $text-muted; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="pick.cancel")]

    def __init__(self, title: str, entries: Sequence[tuple[str, str, str]], current: str | None = None,
                 refused: Mapping[str, str] | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.entries = list(entries)
        self.current = current
        self.refused = dict(refused or {})

    def compose(self) -> ComposeResult:
        with Vertical(id="pick-box"):
            yield Static(self.title_text, id="pick-title", markup=False)
            yield AnySizeOptionList(*(Option(Text(label), id=key) for key, label, _ in self.entries), id="pick-list")
            yield Static("", id="pick-about", markup=False)
            yield Static("Up/Down choose, Enter takes, Esc cancels.", id="pick-hint")

    def on_mount(self) -> None:
        options = self.query_one("#pick-list", OptionList)
        keys = [k for k, _, _ in self.entries]
        if keys:
            options.highlighted = keys.index(self.current) if self.current in keys else 0
        options.focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        about = dict((k, d) for k, _, d in self.entries).get(event.option.id or "", "")
        self.query_one("#pick-about", Static).update(about)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        reason = self.refused.get(event.option.id or "")
        if reason is not None:
            self.query_one("#pick-about", Static).update(f"Not taken: {reason}")
            self.notify(reason, title="Not taken", severity="warning")
            return
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)
