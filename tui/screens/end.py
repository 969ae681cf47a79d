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


KEYS_HINT = "s saves the replay, r goes back to the map (undo is there), q returns to the menu."


class EndScreen(Screen[str | None]):
    HELP_TITLE = "Battle over"
    BINDINGS = [
        Binding("s", "save_replay", "Save replay", id="end.save"),
        Binding("r", "review", "Back to the map", id="end.review"),
        Binding("c", "save_commanders", "Save commanders", id="end.save_commanders"),
        Binding("q,escape", "leave", "Main menu", id="end.leave"),
        # Not a way out: an Enter still held or repeated from the battle's last order
        # would skip the summary; it says which keys lead on instead.
        Binding("enter", "keys", show=False, id="end.keys"),
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
            hint = KEYS_HINT
            if self.commanders_battle:
                from tui.screens.end_experience import experience_text

                yield Static("\n" + experience_text(self.match, self.seats), id="end-experience", markup=False)
                if self._players_commanders():
                    hint = ("c saves your commanders with their new experience to your roster. " + hint)
            yield Static(hint, id="end-hint")
        yield Footer()

    @property
    def commanders_battle(self) -> bool:
        return self.match.ruleset.name == "commanders"

    @property
    def seats(self) -> dict[Any, str]:
        return self.meta.get("seats", {})

    def _players_commanders(self) -> tuple[Any, ...]:
        from tui.screens.end_experience import players_commanders

        return players_commanders(self.match, self.seats)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "save_commanders":
            return self.commanders_battle and bool(self._players_commanders())
        return True

    def action_save_commanders(self) -> None:
        """Each human side's commander, with this battle's experience, to the player's folder
        (a premade commander becomes the player's own copy, as in the roster)."""
        if not self.check_action("save_commanders", ()):
            return
        from core.commanders.progression import levels_waiting
        from tui.screens.builder_files import player_folder, slug
        from tui.screens.roster_commanders import write_commander

        folder = player_folder(self.app.saves_dir, "commanders", "commander")
        saved, levels = [], 0
        for commander in self._players_commanders():
            path = write_commander(self.app, commander, folder / f"{slug(commander.name)}.toml")
            if path is None:
                return
            saved.append(path.name)
            levels += levels_waiting(commander)
        after = " A level is waiting: take it in Army builder > Commanders: roster." if levels else ""
        self.notify(f"Saved {', '.join(saved)} to your commanders.{after}")

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

    def action_keys(self) -> None:
        self.notify(KEYS_HINT, title="Battle over")

    def action_leave(self) -> None:
        self.dismiss(None)
