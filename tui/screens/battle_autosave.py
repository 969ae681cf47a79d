"""Autosave at the end of every turn: when the sides to act change, a round ends, or the battle.

`TurnWatch` remembers the round and the sides to act of the last position it
saw; an undo or a redo moves it there without saving (the player travels
through positions already saved).
"""

from __future__ import annotations

from typing import Any

from core.match import Match


class TurnWatch:
    """Tells whether the position after a step completes a turn, and autosaves it then."""

    def __init__(self, match: Match, meta: dict[str, Any]) -> None:
        self.match = match
        self.meta = meta
        self.mark()

    def mark(self) -> None:
        """Take the current position as the last one seen (after an undo or a redo)."""
        self._round = self.match.ruleset.round_number(self.match.state)
        self._movers = self.match.to_act()

    def turn_complete(self) -> bool:
        """True once per step that changes the round or the sides to act, or ends the battle."""
        round_now = self.match.ruleset.round_number(self.match.state)
        movers = self.match.to_act()
        finished = self.match.outcome() is not None
        if round_now != self._round or movers != self._movers or finished:
            self._round, self._movers = round_now, movers
            return True
        return False

    def save_if_turn_complete(self, app: Any) -> str | None:
        """Autosave when a turn is complete; the reason when that failed (never raises)."""
        if not self.turn_complete():
            return None
        from tui import saving

        try:
            saving.autosave(app, self.match, self.meta)
        except Exception as exc:  # a failed autosave is reported, never fatal
            return str(exc)
        return None
