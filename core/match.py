"""A battle as data: the initial state, the actions taken, and every state they made.

Undo and redo move a cursor; a new action after an undo cuts the redo branch.
Because the dice live in the state, undoing and taking the same action again
rolls the same dice: undo cannot be used to re-roll.
"""

from __future__ import annotations

from typing import Any

from core.ruleset import Outcome, Ruleset


class Match:
    """Owns one battle's history. The TUI, the AI runner and replays all drive a Match."""

    def __init__(self, ruleset: Ruleset, initial: Any) -> None:
        self.ruleset = ruleset
        self.initial = initial
        self._actions: list[Any] = []
        self._states: list[Any] = [initial]
        self._events: list[tuple[Any, ...]] = [()]
        self.cursor = 0

    # --- reading -------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self._states[self.cursor]

    @property
    def actions(self) -> tuple[Any, ...]:
        """The actions up to the cursor (what a save of this moment would hold)."""
        return tuple(self._actions[: self.cursor])

    @property
    def all_actions(self) -> tuple[Any, ...]:
        """Every action recorded, including the redo branch past the cursor."""
        return tuple(self._actions)

    @property
    def steps(self) -> int:
        """How many actions are recorded (the redo branch included)."""
        return len(self._actions)

    def state_at(self, step: int) -> Any:
        return self._states[step]

    def events_at(self, step: int) -> tuple[Any, ...]:
        """The events that action number `step` (1-based) caused; () for step 0."""
        return self._events[step]

    def history(self) -> list[tuple[int, Any, tuple[Any, ...]]]:
        """(step, action, events) for every action up to the cursor."""
        return [(i + 1, self._actions[i], self._events[i + 1]) for i in range(self.cursor)]

    def to_act(self) -> tuple[int, ...]:
        return self.ruleset.to_act(self.state)

    def legal_actions(self, side: int) -> list[Any]:
        return self.ruleset.legal_actions(self.state, side)

    def outcome(self) -> Outcome | None:
        return self.ruleset.outcome(self.state)

    @property
    def can_undo(self) -> bool:
        return self.cursor > 0

    @property
    def can_redo(self) -> bool:
        return self.cursor < len(self._actions)

    # --- changing ------------------------------------------------------------
    def apply(self, action: Any) -> tuple[Any, ...]:
        """Take `action` now; raises IllegalAction and changes nothing if it is not allowed."""
        new_state, events = self.ruleset.apply(self.state, action)
        del self._actions[self.cursor :]
        del self._states[self.cursor + 1 :]
        del self._events[self.cursor + 1 :]
        self._actions.append(action)
        self._states.append(new_state)
        self._events.append(events)
        self.cursor += 1
        return events

    def undo(self) -> bool:
        if not self.can_undo:
            return False
        self.cursor -= 1
        return True

    def redo(self) -> bool:
        if not self.can_redo:
            return False
        self.cursor += 1
        return True

    def jump(self, step: int) -> None:
        """Move the cursor to any recorded step (0 is the initial state)."""
        if not 0 <= step <= len(self._actions):
            raise IndexError(f"step {step} is outside 0..{len(self._actions)}")
        self.cursor = step

    def truncate(self) -> None:
        """Forget the redo branch (used when a replay is taken over at the cursor)."""
        del self._actions[self.cursor :]
        del self._states[self.cursor + 1 :]
        del self._events[self.cursor + 1 :]

    @classmethod
    def replay(cls, ruleset: Ruleset, initial: Any, actions: list[Any]) -> Match:
        """A Match rebuilt by re-applying `actions` to `initial`."""
        match = cls(ruleset, initial)
        for action in actions:
            match.apply(action)
        return match
