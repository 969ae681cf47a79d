"""The end of a battle: the winner, a summary with strength over time, and save-replay.

A ruleset's plug-in may add to it (tui.rulesets.AfterBattle): a block under the
summary and records to save. They are saved as the screen opens, once per battle
(the battle's meta remembers it), so leaving with `q` loses nothing; the `c` key,
whose footer word is the plug-in's, tries again after a failed write.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from core.match import Match
from core.ruleset import Outcome
from tui import rulesets
from tui.widgets.footer import Footer
from tui.widgets.summary import summary_lines


#: The battle meta's mark that the plug-in's records of this battle are saved.
SAVED_KEY = "after_battle_saved"
#: How the end screen names the battle's undo mode (core.match) after the headline.
UNDO_WORDS = {"fair": "\nFair undo: only moves that revealed nothing could be taken back.", "practice": "\nA practice battle: every move could be undone.",
              "ironman": "\nIronman: no move was undone."}
KEYS_HINT = "s saves the replay, r goes back to the map{undo}, q returns to {home}."


def keys_hint(undo_mode: str, home: str = "the main menu") -> str:
    """The end screen's keys; "undo is there" only where the last move may be taken back;
    `home` is where q leads (the app's first screen: the main menu, or the lobby over SSH)."""
    return KEYS_HINT.format(undo=" (undo is there)" if undo_mode == "practice" else "", home=home)


class EndScreen(Screen[str | None]):
    HELP_TITLE = "Battle over"
    BINDINGS = [
        Binding("s", "save_replay", "Save replay", id="end.save"),
        Binding("r", "review", "Back to the map", id="end.review"),
        # shown only when the ruleset's plug-in has something to save; its word replaces "Save"
        Binding("c", "save_extras", "Save", id="end.save_extras"),
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
        self.after_battle = rulesets.get(match.ruleset.name).after_battle
        if meta.get("run"):  # a run's battle: the run keeps what the battle changed (core.run)
            self.after_battle = None
        if self.after_battle is not None:
            self._word_save_key(self.after_battle.save_label)

    def _word_save_key(self, label: str) -> None:
        """Give the save key the plug-in's word in this screen's footer and help."""
        self._word_key("end.save_extras", label)

    def _word_key(self, binding_id: str, label: str) -> None:
        """Give a key its word in this screen's footer and help (bindings are declared per
        class; Textual copies them per instance, so only this screen changes)."""
        for key, bindings in self._bindings.key_to_bindings.items():
            self._bindings.key_to_bindings[key] = [
                dataclasses.replace(b, description=label) if b.id == binding_id else b for b in bindings
            ]

    def compose(self) -> ComposeResult:
        names = self.match.ruleset.side_names(self.match.state)
        if self.outcome.winner is None:
            headline = f"Draw. {self.outcome.reason}"
        else:
            headline = f"{names[self.outcome.winner]} wins. {self.outcome.reason}"
        with VerticalScroll(id="end-body"):
            yield Static("Battle over", classes="screen-title")
            yield Static(headline + UNDO_WORDS.get(self.match.undo_mode, ""), id="end-headline", markup=False)
            yield Static("\n".join(summary_lines(self.match, width=48)), id="end-summary", markup=False)
            home = self.meta.get("home_words") or self.app.home_words  # a run's battle leads back to its map
            self._word_key("end.leave", home.removeprefix("the ").capitalize())
            hint = keys_hint(self.match.undo_mode, home)
            if self.after_battle is not None:
                yield Static("\n" + self.after_battle.text(self.match, self.seats), id="end-experience", markup=False)
                if self._to_save():
                    hint = self.after_battle.save_hint + hint
            yield Static(hint, id="end-hint")
            yield Static("\n".join(["", "The battle, round by round:"] + self.story()), id="end-story", markup=False)
        yield Footer()

    def story(self) -> list[str]:
        """Per round what happened, in the battle log's words (tui.story)."""
        from tui import story

        match, ruleset = self.match, self.match.ruleset
        if ruleset.sealed_orders:  # as the battle's log: sealed orders are told by their events
            return story.story_by_round(match, lambda step: "")
        return story.story_by_round(match, lambda step: ruleset.describe_action(match.state_at(step - 1), match.all_actions[step - 1]))

    @property
    def seats(self) -> dict[Any, str]:
        return self.meta.get("seats", {})

    def _to_save(self) -> tuple[Any, ...]:
        """What the plug-in would save after this battle (nothing without a plug-in's extras)."""
        if self.after_battle is None:
            return ()
        return self.after_battle.to_save(self.match, self.seats)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "save_extras":
            return bool(self._to_save()) and not self.meta.get(SAVED_KEY)
        return True

    def on_mount(self) -> None:
        self.action_save_extras()

    def action_save_extras(self) -> None:
        """Save what the ruleset's plug-in keeps from this battle (Commanders: the player's
        commanders with their new experience) and say what was saved; once per battle, so no
        experience is counted twice."""
        items = self._to_save()
        if not items or self.after_battle is None or self.meta.get(SAVED_KEY):
            return
        notice = self.after_battle.save(self.app, items)
        if notice is not None:
            self.meta[SAVED_KEY] = True
            self.refresh_bindings()
            self.notify(notice)

    def action_save_replay(self) -> None:
        from tui.dialogs.save_as import SaveAsDialog

        self.app.push_screen(SaveAsDialog(self.meta.get("name", "") or "replay", self.app.saves_dir), self._saved)

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
        self.notify(keys_hint(self.match.undo_mode, self.meta.get("home_words") or self.app.home_words), title="Battle over")

    def action_leave(self) -> None:
        self.dismiss(None)
