"""A seat at a hosted match: the battle screen, driven by the host's match store.

The same screen as a local battle (tui.screens.battle), seen from one seat only:
the map, the panels and the log show that seat's view (core.seats), whoever is
to act. A key that commits writes the action to the store first
(tui.host.matches.commit); the other seats' actions arrive by polling the store
(a cheap data-version check, POLL seconds apart) and are shown as they land.
Undo follows the match's mode and is a row of the log too; there is no redo.
The seat is this connection's: a newer connection with the same key takes it
over, and this one goes back to the lobby, told why.
"""

from __future__ import annotations

import time
from typing import Any

import attrs
from textual import events

from core.errors import IllegalAction
from core.hosting import HostedMatch, clock_words
from core.seats import seat_state
from tui.dialogs.confirm import ConfirmDialog
from tui.dialogs.message import MessageDialog
from tui.host import matches
from tui.host.store import Conflict, HostError, MatchRecord
from tui import story
from tui.screens.battle import BattleScreen, round_count
from tui.screens.battle_ai import HUMAN
from tui.widgets.map import BattleMap
from tui.widgets.panels import StatusLine

#: Seconds between two looks at the store, and between two "still here" marks.
POLL = 0.025
HEARTBEAT = 2.0
REMOTE = "remote"  # a seat played from another terminal


class HostedBattleScreen(BattleScreen):
    HELP_TITLE = "Hosted battle"

    def __init__(self, identity: Any, record: MatchRecord, hosted: HostedMatch, side: int) -> None:
        seats = {s: (HUMAN if s == side else REMOTE) for s in record.seats}
        meta = {"scenario": record.scenario, "seed": record.seed, "name": f"match-{record.id}",
                "battle": f"hosted-{record.id}", "undo": record.undo}
        super().__init__(hosted.match, seats, meta)
        self.identity = identity
        self.store = identity.store
        self.record = record
        self.hosted = hosted
        self.side = side
        self.match_id = record.id
        self._version: int | None = None
        self._present: dict[int, bool] = {}
        self._left = False
        self._sight_drawn: Any = None

    def help_guide(self) -> str:
        return (
            super().help_guide()
            + "\n\nHosted play: you see only what your side may know. Your moves reach the other\n"
            "seat as you commit them; theirs appear here as they make them. z takes back your\n"
            "own last moves as the match's undo mode allows (no redo). q goes back to the\n"
            "lobby: the match goes on, and you come back to this seat from there."
        )

    # --- the seat -------------------------------------------------------------
    def viewer(self) -> int | None:
        return self.side

    def human_side(self) -> int | None:
        running = self.record.status == "running"
        if running and self.side in self.match.to_act() and self.match.outcome() is None:
            return self.side
        return None

    def maybe_hand_over(self) -> None:
        """Nobody shares this keyboard: nothing to hide between turns."""

    def maybe_start_ai(self) -> None:
        """The other seats are people at other terminals."""

    def on_mount(self, event: events.Mount) -> None:
        event.prevent_default()  # the local battle's set-up (its log header, its AI) is not run
        if not self.query(BattleMap):  # closed before it was mounted
            return
        self.map.side_styles = self.app.side_styles
        self.map.colour = self.app.settings.theme != "monochrome"
        self.write_history()
        self.set_up_playback()  # the other seat's moves, and this seat's, play out on the map
        self.map.focus()
        self.take_position()
        self.jump_to_own_unit(1, first=True)
        self.refresh_all()
        replaced = self.store.claim(self.match_id, self.side, self.identity.session)
        if replaced is not None:
            self.notify("You took this seat over from your other connection.")
        self._present = {s: self.record.present(s, time.time()) for s in self.record.seats if s != self.side}
        if self.record.status == "open":
            self.log_note("Waiting for the other seats to be taken…")
        self.set_interval(POLL, self.poll)
        self.set_interval(HEARTBEAT, self.heartbeat)
        self.set_interval(1.0, self.update_status)

    def write_history(self) -> None:
        """The log from the start: who sits where, then every standing step as this seat may read it.
        Every line goes through the story (self.story), which the log shows: a line written to
        the log alone would be taken back the next time the story is shown."""
        names = self.ruleset.side_names(self.match.state)
        seats = ", ".join(f"{names[s] if s < len(names) else s}: {'you' if s == self.side else self.record.names.get(s, '(free)')}"
                          for s in sorted(self.record.seats))
        self.story.clear()
        self.story.append(story.Entry(note=f"{self.ruleset.title}: {self.record.scenario}, match #{self.match_id} ({seats})"))
        for step, action, caused in self.match.history():
            self._log_step(self.match.state_at(step), action, caused, self.match.state_at(step - 1), show=False)
        self.show_story()

    # --- the store --------------------------------------------------------------
    def poll(self) -> None:
        """Bring the match up to the store: the others' rows, who is there, how it stands."""
        if self._left:
            return
        version = self.store.data_version()
        if version == self._version:
            return
        self._version = version
        try:
            landed = matches.catch_up(self.store, self.match_id, self.hosted)
        except IllegalAction as exc:  # a log this build cannot replay: stop here, say why
            self._leave_with("This match cannot be followed", f"A row of its log is refused here: {exc.reason}")
            return
        for row, caused, step in landed:
            self._show_row(row, caused, step)
        before = self.record
        self.record = self.store.record(self.match_id)
        if self.record.sessions.get(self.side) != self.identity.session:
            self._leave_with("Seat taken over", "You connected again elsewhere with the same key: that connection has this seat now.")
            return
        self._tell_changes(before)
        if before.status != self.record.status or (landed and self._sight() != self._sight_drawn):
            self.picker.clear()
            self.refresh_all()
        elif landed:  # what this seat may know is as drawn (another side's sealed order): the log and status only
            self._legal_key = (self.match.cursor, self.side) if self._legal_key is not None else None
            self.update_status()

    def _sight(self) -> Any:
        """What this seat may know of the position, the dice counter aside (it moves with every
        action, sealed ones too, and changes nothing this seat can see or do)."""
        view = seat_state(self.ruleset, self.match.state, self.side)
        try:
            return attrs.evolve(view, dice=None)
        except (TypeError, ValueError):  # a state without dice: compared whole
            return view

    def refresh_all(self) -> None:
        super().refresh_all()
        self._sight_drawn = self._sight()

    def _show_row(self, row: Any, caused: tuple[Any, ...], step: int) -> None:
        """One row another seat wrote, in the log as this seat may read it (`step`: the match's step after it)."""
        if row.kind == "undo":
            self.log_note(f"↶ {self.side_name(row.side)} took back a move (step {step})")
            return
        before = self.match.state_at(step - 1)
        seen_before = self.ruleset.board_view(seat_state(self.ruleset, before, self.side))
        beats = self._log_step(self.match.state_at(step), row.action, caused, before)
        self.unfold(seen_before, beats, self.ruleset.round_number(before))

    def _tell_changes(self, before: MatchRecord) -> None:
        """Say who joined, left or came back, and when the match began or ended on time."""
        now = time.time()
        if before.status == "open" and self.record.status == "running":
            self.notify("Every seat is taken: the battle begins.")
            self.write_history()
            self.log_note("The battle begins.")
        for side in self.record.seats:
            if side == self.side:
                continue
            present = self.record.present(side, now)
            if present != self._present.get(side, False):
                who = f"{self.side_name(side)} ({self.record.names.get(side, '?')})"
                message = f"{who} is here." if present else f"{who} has left the match."
                self.notify(message)
                self.log_note(message)
            self._present[side] = present
        if self.record.status == "finished" and before.status != "finished" and self.match.outcome() is None:
            reason = (self.record.result or {}).get("reason", "the match ended")
            winner = (self.record.result or {}).get("winner")
            verdict = "You win." if winner == self.side else ("You lose." if winner is not None else "Nobody wins.")
            self.ended = True
            self.app.push_screen(MessageDialog("The battle is over", f"{reason[:1].upper()}{reason[1:]}. {verdict}"))

    def heartbeat(self) -> None:
        if not self._left and not self.store.heartbeat(self.match_id, self.side, self.identity.session):
            self.poll()

    def _leave_with(self, title: str, body: str) -> None:
        self._left = True
        self.dismiss(None)
        self.app.push_screen(MessageDialog(title, body))

    # --- drawing ------------------------------------------------------------------
    def update_status(self) -> None:
        state = self.match.state
        first = f"#{self.match_id} round {round_count(self.ruleset, state)}  step {self.match.cursor}"
        self.query_one(StatusLine).show_text(f"{first}\n{self.seat_words()}")

    def seat_words(self) -> str:
        """Who is to act ("you" for this seat), who of them is away, and their clocks."""
        record = self.record
        if record.status == "open":
            return "Waiting for players"
        if record.status == "finished" or self.match.outcome() is not None:
            return "The battle is over"
        now = time.time()
        movers = []
        for side in self.match.to_act():
            words = "you" if side == self.side else self.side_name(side)
            if side != self.side and not self._present.get(side, False):
                words += " (away)"
            left = self.hosted.time_left(side, record.time_limit, now)
            if left is not None:
                words += f" {clock_words(left)}"
            movers.append(words)
        return "To act: " + (", ".join(movers) or "nobody")

    # --- taking actions -------------------------------------------------------------
    def commit(self, action: Any) -> bool:
        return self._write("action", action)

    def _write(self, kind: str, action: Any = None) -> bool:
        before = self.match.state
        seen_before = self.ruleset.board_view(self.shown_state())  # the board as this seat saw it
        try:
            events = matches.commit(self.store, self.match_id, self.hosted, self.side, kind, action)
        except IllegalAction as exc:
            self.notify(f"Not allowed: {exc.reason}", severity="warning")
            return False
        except Conflict as exc:
            self.notify(str(exc), severity="warning")
            self._version = None
            self.poll()
            return False
        except HostError as exc:
            self.notify(str(exc), severity="warning")
            return False
        if kind == "undo":
            self.log_note(f"↶ undone to step {self.match.cursor}")
        else:
            beats = self._log_step(self.match.state, action, events, before)
            self.unfold(seen_before, beats, self.ruleset.round_number(before))  # this seat's move plays too
        self.record = self.store.record(self.match_id)
        self.picker.clear()
        self.refresh_all()
        return True

    def travel(self, *, back: bool) -> None:
        if not back:
            self.notify("No redo in hosted play: make the move again.")
            return
        refusal = self.hosted.refusal(self.side, "undo")
        if refusal is not None:
            self.notify(refusal, severity="warning")
            return
        self._write("undo")

    def action_save(self) -> None:
        self.notify(f"The host keeps this match; its host can export it as a save (skirmish host export {self.match_id} FILE).")

    def action_quit(self) -> None:
        self.app.push_screen(
            ConfirmDialog("Back to the lobby? The match goes on; come back to your seat from there.", yes="Leave", no="Stay"),
            self._quit_answer,
        )

    def _quit_answer(self, yes: bool | None) -> None:
        if yes:
            self._left = True
            self.store.release(self.identity.session)
            self.dismiss(None)
