"""The story screens: the whole battle log full-screen with a search, and a round's summary.

Both show lines tui.story wrote; neither knows a game rule.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Static

from tui.widgets.footer import Footer
from tui.widgets.panels import BattleLog


class LogScreen(Screen[None]):
    """Every line of the battle log on the whole screen; typing in the search box keeps the
    lines holding that text (case ignored)."""

    HELP_TITLE = "Battle log"
    BINDINGS = [
        Binding("escape", "close", "Back", id="log.close"),
        Binding("pageup", "page(-1)", "Page up", show=False, id="log.page_up"),
        Binding("pagedown", "page(1)", "Page down", show=False, id="log.page_down"),
    ]

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines = list(lines)

    def help_guide(self) -> str:
        return ("Type to search: only the lines holding the text stay (e.g. DEAD, HIT, a unit's name).\n"
                "PgUp/PgDn scroll; Esc goes back to the battle.")

    def compose(self) -> ComposeResult:
        with Vertical(id="log-box"):
            yield Input(placeholder="search the log (e.g. DEAD, HIT, a name)", id="log-search")
            yield Static("", id="log-count", markup=False)
            yield BattleLog(id="log-full")
        yield Footer()

    def on_mount(self) -> None:
        search = self.query_one("#log-search", Input)
        search.cursor_blink = False  # a steady cursor: the screen repaints only when the text changes
        search.focus()
        self.show("")

    def show(self, text: str) -> None:
        wanted = text.strip().lower()
        shown = [line for line in self.lines if wanted in line.lower()] if wanted else self.lines
        log = self.query_one("#log-full", BattleLog)
        log.clear()
        for line in shown:
            log.write_line(line)
        count = f"{len(shown)} of {len(self.lines)} lines hold {text.strip()!r}" if wanted else f"{len(self.lines)} lines"
        self.query_one("#log-count", Static).update(count)

    def on_input_changed(self, event: Input.Changed) -> None:
        self.show(event.value)

    def action_page(self, step: int) -> None:
        log = self.query_one("#log-full", BattleLog)
        log.scroll_relative(y=step * max(1, log.size.height - 1), animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


class RoundSummaryScreen(ModalScreen[None]):
    """A round in numbers, per side; any key closes it."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        with Vertical(id="summary-box"):
            yield Static(self.lines[0] if self.lines else "", id="summary-title", markup=False)
            yield Static("\n".join(self.lines[1:]), id="summary-body", markup=False)
            yield Static("Any key goes back to the battle.", id="summary-hint")

    def on_key(self, event) -> None:
        event.stop()
        event.prevent_default()
        self.dismiss(None)
