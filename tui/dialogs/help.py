"""The help dialog: every key of the screen it was opened from, as the keymap says."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.keymap import ACTIONS, describe_keys

# The headings of the help's groups, by a binding id's scope; screens' own scopes come first,
# then moving on the map, lists, and the keys that work everywhere.
GROUPS: dict[str, str] = {"map": "Moving the cursor", "list": "Lists", "app": "Everywhere"}
ORDER = tuple(ACTIONS)


class HelpDialog(ModalScreen[None]):
    """Lists (keys, what they do) for the screen below, plus a few lines of guidance; a row
    without keys is a group's heading."""

    BINDINGS = [Binding("escape,question_mark,q,enter", "dismiss_help", "Close", id="help.close")]

    def __init__(self, title: str, rows: list[tuple[str, str]], guide: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.rows = rows
        self.guide = guide

    def compose(self) -> ComposeResult:
        width = max((len(k) for k, _ in self.rows), default=4)
        lines = [f"\n{d}" if not k else f"  {k:<{width}}  {d}" for k, d in self.rows]
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
    """(keys, description) for every binding active on `screen`, keys merged per action, in a
    stable order: grouped by scope (the screen's own keys, the cursor, lists, everywhere), each
    group in the keymap's order (tui.keymap.ACTIONS), then the order the screen declares."""
    merged: dict[str, list[str]] = {}
    labels: dict[str, str] = {}
    ids: dict[str, str] = {}
    for key, active in screen.active_bindings.items():
        b = active.binding
        if b.id is None:  # widget-internal keys (copy, page left, ...) are not the game's
            continue
        # the screen's own name comes first; a footer's short name keeps the long one as its tooltip
        labels.setdefault(b.action, b.tooltip or b.description or b.action)
        ids.setdefault(b.action, b.id)
        merged.setdefault(b.action, []).append(key)
    actions = list(merged)

    def place(action: str) -> tuple[int, int, int]:
        scope = ids[action].split(".", 1)[0]
        rank = list(GROUPS).index(scope) + 1 if scope in GROUPS else 0
        known = ORDER.index(ids[action]) if ids[action] in ORDER else len(ORDER)
        return (rank, known, actions.index(action))

    rows: list[tuple[str, str]] = []
    heading = ""
    for action in sorted(actions, key=place):
        scope = ids[action].split(".", 1)[0]
        if GROUPS.get(scope, "") != heading:
            heading = GROUPS.get(scope, "")
            rows.append(("", heading))  # a heading row: no keys
        rows.append((describe_keys(",".join(merged[action])), labels[action]))
    return rows
