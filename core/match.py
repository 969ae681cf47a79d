"""A battle as data: the initial state, the actions taken, and every state they made.

Undo and redo move a cursor; a new action after an undo cuts the redo branch.
Each action rolls dice keyed to the battle's seed, its step and the action
itself (core.rng): undoing and taking the same action again rolls the same
dice, and a different action rolls unrelated ones.

How far back a player may undo is a rule of the battle, its undo mode
(docs/RULES.md, General, "Undo"):
- fair (the default): a side takes back only its own latest actions, and only
  those that revealed nothing: no die rolled, its turn not ended, its orders not
  sealed; never past another side's action.
- practice: anything may be undone; the battle is marked as practice.
- ironman: nothing may be undone.
"""

from __future__ import annotations

from typing import Any, Sequence

import orjson

from core.chain import next_link
from core.choices import DEFAULT_UNDO, UNDO_MODES
from core.ruleset import Outcome, Ruleset
from core.serial import canonical


class Match:
    """Owns one battle's history. The TUI, the AI runner and replays all drive a Match."""

    def __init__(self, ruleset: Ruleset, initial: Any, undo: str = DEFAULT_UNDO) -> None:
        if undo not in UNDO_MODES:
            raise ValueError(f"unknown undo mode {undo!r}; choose from {', '.join(UNDO_MODES)}")
        self.ruleset = ruleset
        self.initial = initial
        self.undo_mode = undo
        self._actions: list[Any] = []
        self._states: list[Any] = [initial]
        self._events: list[tuple[Any, ...]] = [()]
        self._rolled: list[int] = [0]  # dice each step's action rolled
        self._hashes: list[str | None] = [None]  # each state's hash, once asked for (state_hash_at)
        self._encoded: list[bytes | None] = []  # each action's canonical JSON, once asked for (action_bytes)
        self._initial_json: bytes | None = None  # the initial state as a save writes it (initial_json)
        self._chain_start = ""  # the link a save's chain starts from, and the links after it (chain)
        self._links: list[str] = []
        #: The content fingerprint its saves record (core.saves): the data files' as this battle
        #: was first saved or loaded. The program reads its content once and plays on with it,
        #: so a later edit of the files is not what this battle is played with.
        self.content_fingerprint: str | None = None
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

    def state_hash_at(self, step: int) -> str:
        """The codec's hash of the state after `step` actions, worked out once per state:
        an autosave after every turn hashes only the states made since the last one."""
        known = self._hashes[step]
        if known is None:
            known = self._hashes[step] = self.ruleset.codec().state_hash(self._states[step])
        return known

    def action_bytes(self, index: int) -> bytes:
        """Action number `index` (0-based) in its canonical JSON (`core.serial.canonical` of
        the codec's encoding), worked out once per action: a save writes and chains these
        bytes, and an autosave after every turn encodes only the actions taken since the last."""
        known = self._encoded[index]
        if known is None:
            known = self._encoded[index] = canonical(self.ruleset.codec().encode_action(self._actions[index]))
        return known

    def chain(self, start: str) -> list[str]:
        """The hash chain's link after each action up to the cursor, chained from `start`
        (core.chain), worked out once per action: since save format 5 a chain starts from
        what stays the same for a whole battle, so an autosave after every turn chains only
        the actions taken since the last. A chain from another start is worked out anew."""
        if start != self._chain_start:
            self._chain_start, self._links = start, []
        links = self._links
        for index in range(len(links), self.cursor):
            links.append(next_link(links[-1] if links else start, self.action_bytes(index)))
        return links[: self.cursor]

    def remember(self, encoded: Sequence[bytes], start: str = "", links: Sequence[str] = ()) -> None:
        """Take what a verified save proved of its actions (core.saves.verify): each one's
        canonical JSON, as `action_bytes` would work it out, and the chain's links from
        `start`, as `chain` would. The first save after a load then encodes and chains
        again only what differs (a chain from another start is still worked out anew)."""
        self._encoded[: len(encoded)] = encoded
        if start:
            self._chain_start, self._links = start, list(links)

    def initial_json(self) -> bytes:
        """The initial state as a save writes it (orjson of the codec's encoding, fields in
        their declared order), worked out once: the initial state never changes, and every
        autosave writes it again."""
        known = self._initial_json
        if known is None:
            known = self._initial_json = orjson.dumps(self.ruleset.codec().encode_state(self.initial))
        return known

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
        """Whether any step back is recorded (the undo mode may still refuse it: undo_refusal)."""
        return self.cursor > 0

    def undo_refusal(self, side: int | None) -> str | None:
        """Why `side` may not undo the last action now, in one line; None when it may.

        `side` is the side asking (None: nobody in particular, as in practice play)."""
        if self.undo_mode == "ironman":
            return "This is an ironman battle: nothing can be undone."
        if self.cursor == 0:
            return "Nothing to undo."
        if self.undo_mode == "practice":
            return None
        step = self.cursor
        action = self._actions[step - 1]
        actor = self.ruleset.action_side(action)
        names = self.ruleset.side_names(self.state)
        if side is None or actor != side:
            who = names[actor] if 0 <= actor < len(names) else f"side {actor + 1}"
            whose = f"{who}'" if who.endswith("s") else f"{who}'s"
            return f"The last action was {whose}: fair undo never takes back another side's action."
        if self._rolled[step]:
            return "That action rolled dice: the roll stands (fair undo)."
        if self.ruleset.sealed_orders and side not in self.ruleset.to_act(self.state):
            return "Your orders are sealed: fair undo stops at the seal."
        if side not in self.ruleset.to_act(self.state) or self.ruleset.outcome(self.state) is not None:
            return "That action ended your turn: fair undo stops there."
        return None

    @property
    def can_redo(self) -> bool:
        return self.cursor < len(self._actions)

    # --- changing ------------------------------------------------------------
    def apply(self, action: Any) -> tuple[Any, ...]:
        """Take `action` now; raises IllegalAction and changes nothing if it is not allowed."""
        played = self.ruleset.play(self.state, action)
        self.truncate()
        self._actions.append(action)
        self._states.append(played.state)
        self._events.append(played.events)
        self._rolled.append(played.rolled)
        self._hashes.append(None)
        self._encoded.append(None)
        self.cursor += 1
        return played.events

    def undo(self, side: int | None = None) -> bool:
        """Step back one action if the undo mode lets `side` (see undo_refusal)."""
        if self.undo_refusal(side) is not None:
            return False
        self.cursor -= 1
        return True

    def redo(self) -> bool:
        """Step forward again along the recorded actions (the same dice come up)."""
        if not self.can_redo or self.undo_mode == "ironman":
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
        del self._rolled[self.cursor + 1 :]
        del self._hashes[self.cursor + 1 :]
        del self._encoded[self.cursor :]
        del self._links[self.cursor :]

    @classmethod
    def replay(cls, ruleset: Ruleset, initial: Any, actions: list[Any], undo: str = DEFAULT_UNDO) -> Match:
        """A Match rebuilt by re-applying `actions` to `initial`."""
        match = cls(ruleset, initial, undo)
        for action in actions:
            match.apply(action)
        return match
