"""Pick one of several legal actions, with the odds preview of the highlighted one."""

from __future__ import annotations

from typing import Any, Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.widgets.menu_list import MenuList


class ActionMenu(ModalScreen[Any]):
    """Lists actions by their ruleset names; Enter takes the highlighted one, Esc cancels."""

    BINDINGS = [Binding("escape,q", "cancel", "Cancel", id="actions.cancel")]

    def __init__(self, title: str, actions: list[tuple[str, Any]], explain: Callable[[Any], tuple[str, ...]]) -> None:
        super().__init__()
        self.title_text = title
        self.actions = actions
        self.explain = explain

    def compose(self) -> ComposeResult:
        with Vertical(id="actions-box"):
            yield Static(self.title_text, id="actions-title", markup=False)
            yield MenuList(*(Option(label, id=str(i)) for i, (label, _) in enumerate(self.actions)), id="actions-list")
            yield Static(id="actions-preview", markup=False)
            yield Static("Enter takes the highlighted action, Esc cancels.", id="actions-hint")

    def on_mount(self) -> None:
        if self.actions:
            self.show_preview(0)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show_preview(int(event.option.id or 0))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.actions[int(event.option.id or 0)][1])

    def show_preview(self, index: int) -> None:
        lines = self.explain(self.actions[index][1])
        self.query_one("#actions-preview", Static).update("\n".join(lines))

    def action_cancel(self) -> None:
        self.dismiss(None)
