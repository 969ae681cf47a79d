"""The AI seats of a battle: who of them decides now, and asking it in a thread.

One player object per AI side, built once (seeded from the battle's seed, so a
replayed battle meets the same opponent). The choice runs in a thread worker of
the host screen and comes back on the UI thread. An answer is dropped when the
host screen has left the stack meanwhile, and is stale when the position moved
on while the AI thought (sealed orders: the human gave an order meanwhile) and
the action is no longer legal for the side it was asked for.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

from core.match import Match

HUMAN = "human"


class AiTurns:
    """Schedules the AI sides of `match` (seats: side -> "human" or an AI level)."""

    def __init__(self, match: Match, seats: dict[int, str], seed: int) -> None:
        self.match = match
        self.seats = seats
        self.seed = seed
        self.busy = False
        self._players: dict[int, Any] = {}

    def is_ai(self, side: int) -> bool:
        return self.seats.get(side, HUMAN) != HUMAN

    def any_ai(self) -> bool:
        return any(seat != HUMAN for seat in self.seats.values())

    def waiting_sides(self) -> list[int]:
        """The AI sides among those that must decide now."""
        return [s for s in self.match.to_act() if self.is_ai(s)]

    def player(self, side: int, factory: Callable[[str, int], Any]) -> Any:
        if side not in self._players:
            self._players[side] = factory(self.seats[side], self.seed * 7919 + side)
        return self._players[side]

    def start(self, host: Any, on_choice: Callable[[Any], None], on_stale: Callable[[], None]) -> bool:
        """Ask the first waiting AI side in a worker of `host` (a screen); False when none waits
        or one is already thinking. `on_choice(action)` gets a fresh answer on the UI thread,
        `on_stale()` is told when the answer no longer fits the position."""
        sides = self.waiting_sides()
        if self.busy or not sides:
            return False
        self.busy = True
        side, state, cursor = sides[0], self.match.state, self.match.cursor
        player = self.player(side, host.app.ai_factory)
        answer = partial(self._answer, host, side, cursor, on_choice, on_stale)

        def think() -> None:
            action = player.choose(self.match.ruleset, state, side)
            host.app.call_from_thread(answer, action)

        host.run_worker(think, thread=True, exclusive=True, group="ai")
        return True

    def _answer(self, host: Any, side: int, cursor: int, on_choice: Callable[[Any], None],
                on_stale: Callable[[], None], action: Any) -> None:
        self.busy = False
        if not host.is_attached or host not in host.app.screen_stack:
            return  # the player left the battle while the AI thought (a popped screen loses its widgets)
        if cursor != self.match.cursor and action not in self.match.legal_actions(side):
            on_stale()
            return
        on_choice(action)
