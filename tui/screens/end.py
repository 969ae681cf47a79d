"""The end of a battle: the winner, a summary with strength over time, and save-replay."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from core.match import Match
from core.ruleset import Outcome
from tui.widgets.summary import summary_lines


class EndScreen(Screen[str | None]):
    HELP_TITLE = "Battle over"
    BINDINGS = [
        Binding("s", "save_replay", "Save replay", id="end.save"),
        Binding("r", "review", "Back to the map", id="end.review"),
        Binding("enter,q,escape", "leave", "Main menu", id="end.leave"),
    ]

    def __init__(self, match: Match, outcome: Outcome, meta: dict[str, Any]) -> None:
        super().__init__()
        self.match = match
        self.outcome = outcome
        self.meta = meta

    def compose(self) -> ComposeResult:
        names = self.match.ruleset.side_names(self.match.state)
        if self.outcome.winner is None:
            headline = f"Draw. {self.outcome.reason}"
        else:
            headline = f"{names[self.outcome.winner]} wins. {self.outcome.reason}"
        with VerticalScroll(id="end-body"):
            yield Static("Battle over", classes="screen-title")
            yield Static(headline, id="end-headline", markup=False)
            yield Static("\n".join(summary_lines(self.match, width=48)), id="end-summary", markup=False)
            yield Static("s saves the replay, r goes back to the map (undo is there), Enter returns to the menu.",
                         id="end-hint")
        yield Footer()

    def action_save_replay(self) -> None:
        from tui.dialogs.save_as import SaveAsDialog

        self.app.push_screen(SaveAsDialog(self.meta.get("name", "") or "replay"), self._saved)

    def _saved(self, name: str | None) -> None:
        if not name:
            return
        from tui import saving

        try:
            path = saving.save_as(self.app, self.match, self.meta, name)
        except Exception as exc:  # reported with its reason
            self.app.show_error("Could not save the replay", str(exc))
            return
        self.notify(f"Replay saved to {path}")

    def action_review(self) -> None:
        self.dismiss("review")

    def action_leave(self) -> None:
        self.dismiss(None)
