"""Pick one of several legal actions, with the odds preview of the highlighted one.

A ninja may have a few hundred orders (every hex, mode and facing), so the list
is grouped by kind (walk, run, melee, spells, end turn, ...) under a heading
each, and typing filters it: every word typed must appear in an action's name
or its kind ("jump 4,5" keeps the jumps to (4,5)). The arrows move in the list
while the typing stays in the filter; Enter takes the highlighted action.
"""

from __future__ import annotations

from typing import Any, Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from core.words import count
from tui.widgets.menu_list import MenuList


def no_kind(action: Any) -> str:
    return ""


def plain_words(text: str) -> list[str]:
    """The words of `text` with case, brackets and punctuation left out; a cell "(4,5)" is one
    word, "4,5"."""
    for mark in "():;":
        text = text.replace(mark, " ")
    return text.casefold().split()


def matches(words: list[str], label: str, kind: str) -> bool:
    """Whether every typed word begins a word of the action's name or kind ("jump 4 5" keeps
    the jumps to (4,5), not those to (14,5))."""
    have = plain_words(f"{label} {kind}")
    return all(any(w.startswith(word) for w in have) for word in words)


class ActionMenu(ModalScreen[Any]):
    """Lists actions by their ruleset names, grouped by kind and filtered by what is typed;
    Enter takes the highlighted one, Esc cancels."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="actions.cancel"),
        Binding("down", "cursor('down')", "Down", show=False, priority=True),
        Binding("up", "cursor('up')", "Up", show=False, priority=True),
        Binding("pagedown", "cursor('page_down')", "Page down", show=False, priority=True),
        Binding("pageup", "cursor('page_up')", "Page up", show=False, priority=True),
        Binding("home", "cursor('first')", "First", show=False, priority=True),
        Binding("end", "cursor('last')", "Last", show=False, priority=True),
    ]

    def __init__(self, title: str, actions: list[tuple[str, Any]], explain: Callable[[Any], tuple[str, ...]],
                 kind: Callable[[Any], str] = no_kind) -> None:
        super().__init__()
        self.title_text = title
        self.actions = actions
        self.explain = explain
        self.kinds = [kind(action) for _, action in actions]
        self.shown: list[int] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="actions-box"):
            yield Static(self.title_text, id="actions-title", markup=False)
            yield Input(placeholder=f"Type to filter {count(len(self.actions), 'action')}", id="actions-filter")
            yield MenuList(id="actions-list")
            yield Static(id="actions-preview", markup=False)
            yield Static("↑↓ choose, Enter takes it, Esc cancels.", id="actions-hint")

    def on_mount(self) -> None:
        self.fill("")
        self.query_one(Input).focus()

    # --- the list -------------------------------------------------------------
    def fill(self, typed: str) -> None:
        """The actions that match `typed`, under a heading per kind (kinds in the order met)."""
        words = plain_words(typed)
        groups: dict[str, list[int]] = {}
        for i, (label, _) in enumerate(self.actions):
            if matches(words, label, self.kinds[i]):
                groups.setdefault(self.kinds[i], []).append(i)
        options: list[Option] = []
        self.shown = []
        headed = len(groups) > 1 or any(groups)
        for kind, indices in groups.items():
            if headed:
                options.append(Option(f"── {kind or 'Other'} ({len(indices)}) ──", disabled=True))
            options.extend(Option(self.actions[i][0], id=str(i)) for i in indices)
            self.shown.extend(indices)
        menu = self.query_one(MenuList)
        menu.clear_options()
        if not options:
            menu.add_option(Option("No action matches; Backspace widens the search.", disabled=True))
            self.query_one("#actions-preview", Static).update("")
            return
        menu.add_options(options)
        first = next(n for n, option in enumerate(options) if not option.disabled)
        menu.highlighted = first
        self.show_preview(self.shown[0])

    def on_input_changed(self, event: Input.Changed) -> None:
        self.fill(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.take_highlighted()

    def take_highlighted(self) -> None:
        menu = self.query_one(MenuList)
        if menu.highlighted is None:
            return
        option = menu.get_option_at_index(menu.highlighted)
        if option.id is not None and not option.disabled:
            self.dismiss(self.actions[int(option.id)][1])

    def action_cursor(self, how: str) -> None:
        menu = self.query_one(MenuList)
        getattr(menu, f"action_{'cursor_' if how in ('down', 'up') else ''}{how}")()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id is not None:
            self.show_preview(int(event.option.id))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self.dismiss(self.actions[int(event.option.id)][1])

    def show_preview(self, index: int) -> None:
        lines = self.explain(self.actions[index][1])
        self.query_one("#actions-preview", Static).update("\n".join(lines))

    def action_cancel(self) -> None:
        self.dismiss(None)
