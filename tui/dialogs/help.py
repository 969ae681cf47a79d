"""The help dialog: every key of the screen it was opened from, as the keymap says."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.keymap import describe_keys


class HelpDialog(ModalScreen[None]):
    """Lists (keys, what they do) for the screen below, plus a few lines of guidance."""

    BINDINGS = [Binding("escape,question_mark,q,enter", "dismiss_help", "Close", id="help.close")]

    def __init__(self, title: str, rows: list[tuple[str, str]], guide: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.rows = rows
        self.guide = guide

    def compose(self) -> ComposeResult:
        width = max((len(k) for k, _ in self.rows), default=4)
        lines = [f"{k:<{width}}  {d}" for k, d in self.rows]
        with VerticalScroll(id="help-body"):
            yield Static(f"[b]Keys: {self.title_text}[/b]", id="help-title")
            if self.guide:
                yield Static(reflow(self.guide), id="help-guide", markup=False)
            yield Static("\n".join(lines), id="help-keys", markup=False)
            yield Static("Esc or ? closes this help.", id="help-close")

    def action_dismiss_help(self) -> None:
        self.dismiss(None)


def reflow(text: str) -> str:
    """Join the lines of each paragraph so the dialog wraps them to the terminal's width.

    Screens write their guides as source lines; a blank line separates paragraphs.
    """
    paragraphs = [" ".join(line.strip() for line in block.splitlines()) for block in text.split("\n\n")]
    return "\n\n".join(p for p in paragraphs if p)


def rows_for(screen) -> list[tuple[str, str]]:
    """(keys, description) for every binding active on `screen`, keys merged per action."""
    merged: dict[str, list[str]] = {}
    labels: dict[str, str] = {}
    for key, active in screen.active_bindings.items():
        b = active.binding
        if b.id is None:  # widget-internal keys (copy, page left, ...) are not the game's
            continue
        labels.setdefault(b.action, b.description or b.action)  # the screen's own name comes first
        merged.setdefault(b.action, []).append(key)
    rows = [(describe_keys(",".join(keys)), labels[action]) for action, keys in merged.items()]
    return sorted(rows, key=lambda r: r[1].lower())
