"""A hosted match as data: its log of rows, whose turn it is, and the per-turn time limit.

Two people at two terminals share one match: an append-only log of rows, each
an action a seat took or a step it took back (fair undo). Replaying the rows on
the match's first state gives the same Match in every process that reads them.
Which seat may write which row is decided here, as is when a seat has run out
of time. Core reads no clock: every time is given by the caller, in seconds.

Time limit (docs/RULES.md, General, "Hosted play"): a side is due from the
moment it became one of the sides to act without a break; a side still due
`limit` seconds later loses the match on time, whether or not it is connected.
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

import attrs

from core.errors import IllegalAction
from core.match import Match

#: Undo modes a hosted match may use: practice would let a seat take back what the other saw.
HOSTED_UNDO: tuple[str, ...] = ("fair", "ironman")
#: What one row of a match's log records.
ROW_KINDS: tuple[str, ...] = ("action", "undo")
#: Per-turn time limits a match may be opened with, in seconds (None: no limit).
TIME_LIMITS: tuple[int | None, ...] = (None, 60, 180, 600, 3600, 86400)
#: Match statuses: waiting for its seats to fill, being played, ended (by the rules or on time).
STATUSES: tuple[str, ...] = ("open", "running", "finished")


@attrs.frozen
class Row:
    """One entry of a match's log: `kind` "action" (with its action) or "undo", by `side`, at `at`."""

    seq: int  # 1-based place in the log
    kind: str
    side: int
    action: Any = None
    at: float = 0.0


def limit_words(limit: int | None) -> str:
    """A time limit in words: "no time limit", "3 min a turn", "1 h a turn"."""
    if limit is None:
        return "no time limit"
    if limit % 3600 == 0:
        return f"{limit // 3600} h a turn"
    if limit % 60 == 0:
        return f"{limit // 60} min a turn"
    return f"{limit} s a turn"


def clock_words(seconds: float) -> str:
    """Seconds left as m:ss (h:mm:ss past an hour); never negative."""
    left = max(0, int(seconds + 0.999))
    hours, rest = divmod(left, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class HostedMatch:
    """A Match driven by the rows of a hosted match's log, and the times each side became due.

    `started` is when the match began to run (its last seat filled)."""

    def __init__(self, match: Match, started: float | None = None) -> None:
        self.match = match
        self.started = started
        self.rows: list[Row] = []
        # at the start, then after each row: when, and who had to act then
        self._marks: list[tuple[float, tuple[int, ...]]] = [(started or 0.0, tuple(match.to_act()))]

    @property
    def seq(self) -> int:
        """How many rows have been applied."""
        return len(self.rows)

    # --- who may write what ---------------------------------------------------
    def refusal(self, side: int, kind: str, action: Any = None) -> str | None:
        """Why `side` may not write this row now, in one line; None when it may (the rules
        of the action itself are the ruleset's: Match.apply raises IllegalAction)."""
        match = self.match
        if kind not in ROW_KINDS:
            return f"unknown kind of row {kind!r}"
        if match.outcome() is not None:
            return "The battle is over."
        if kind == "undo":
            return match.undo_refusal(side)
        if side not in match.to_act():
            return "Not your turn."
        if match.ruleset.action_side(action) != side:
            return "That action belongs to another side."
        return None

    def check(self, row: Row) -> None:
        """Raise IllegalAction when `row` may not follow the rows applied so far."""
        if row.seq != self.seq + 1:
            raise IllegalAction(f"row {row.seq} out of order (expected {self.seq + 1})")
        reason = self.refusal(row.side, row.kind, row.action)
        if reason is not None:
            raise IllegalAction(reason)

    def add(self, row: Row) -> tuple[Any, ...]:
        """Apply `row` (checked first: nothing changes when it is refused); the events it caused."""
        self.check(row)
        events: tuple[Any, ...] = ()
        if row.kind == "action":
            events = self.match.apply(row.action)
        elif not self.match.undo(row.side):
            raise IllegalAction(self.match.undo_refusal(row.side) or "cannot undo")
        self.rows.append(row)
        self._marks.append((row.at, tuple(self.match.to_act())))
        return events

    def add_all(self, rows: Iterable[Row]) -> None:
        for row in rows:
            self.add(row)

    # --- the clock ------------------------------------------------------------
    def due_since(self, side: int) -> float | None:
        """When `side` last became one of the sides to act (and has stayed so since); None
        when it is not due now or the match has not started."""
        if self.started is None or side not in self.match.to_act() or self.match.outcome() is not None:
            return None
        marks = self._marks
        for index in range(len(marks) - 1, -1, -1):
            if side not in marks[index][1]:
                return marks[index + 1][0]  # the row after it made the side due (the last mark has it due)
        return self.started

    def time_left(self, side: int, limit: int | None, now: float) -> float | None:
        """Seconds `side` has left on its turn; None without a limit or when it is not due."""
        since = self.due_since(side)
        if limit is None or since is None:
            return None
        return since + limit - now

    def overdue(self, limit: int | None, now: float) -> tuple[int, ...]:
        """The sides whose turn has lasted longer than `limit` seconds at `now`."""
        if limit is None:
            return ()
        return tuple(s for s in self.match.to_act() if (left := self.time_left(s, limit, now)) is not None and left <= 0)

    def forfeit(self, sides: Sequence[int]) -> dict[str, Any]:
        """The result recorded when `sides` ran out of time: the one side left wins (None when
        several are left or none), with the reason in words."""
        names = self.match.ruleset.side_names(self.match.state)
        total = len(names)
        left = [s for s in range(total) if s not in sides]
        late = " and ".join(names[s] if s < total else f"side {s + 1}" for s in sides)
        return {"winner": left[0] if len(left) == 1 else None, "reason": f"{late} ran out of time"}


def first_open_seat(seats: dict[int, str | None]) -> int | None:
    """The lowest side nobody sits at yet; None when every seat is taken."""
    free = [side for side, player in sorted(seats.items()) if player is None]
    return free[0] if free else None


def seat_of(seats: dict[int, str | None], player: str) -> int | None:
    """The side `player` sits at in a match, if any."""
    return next((side for side, who in sorted(seats.items()) if who == player), None)
