"""Seats: what each person looking at a battle may know, decided once, here.

A seat is one side (its index) or a spectator (None). While a battle runs, a
seat sees the state through `Ruleset.seat_view` (another side's sealed and
unresolved orders left out) and the history with those orders' actions
withheld; their events ("gives a sealed order") are public. Once the battle has
ended every seat sees everything. Screens, logs, files and the AI ask these
functions and never decide it themselves (docs/RULES.md, General, "Seats").
"""

from __future__ import annotations

from typing import Any

from core.match import Match
from core.ruleset import Ruleset

Seat = int | None  # a side's index, or None for a spectator (the public view)
SPECTATOR: Seat = None


def seat_state(ruleset: Ruleset, state: Any, seat: Seat) -> Any:
    """`state` as `seat` may know it: everything once the battle is over."""
    if ruleset.outcome(state) is not None:
        return state
    return ruleset.seat_view(state, seat)


def secret_steps(match: Match, seat: Seat) -> frozenset[int]:
    """The steps (1-based, up to the cursor) whose action `seat` may not read now: another
    side's orders sealed in the phase still being decided."""
    ruleset = match.ruleset
    if not ruleset.sealed_orders or match.outcome() is not None:
        return frozenset()
    now = ruleset.phase_of(match.state)
    hidden = []
    for step in range(match.cursor, 0, -1):
        if ruleset.phase_of(match.state_at(step - 1)) != now:
            break  # every earlier phase has resolved
        if ruleset.action_side(match.all_actions[step - 1]) != seat:
            hidden.append(step)
    return frozenset(hidden)


def holds_secrets(match: Match) -> bool:
    """Whether a file of this moment would hold an order some side has sealed and not resolved."""
    return bool(secret_steps(match, SPECTATOR))


def sealed_sides(match: Match) -> tuple[int, ...]:
    """The sides whose unresolved sealed orders a file of this moment would hold."""
    ruleset = match.ruleset
    return tuple(sorted({ruleset.action_side(match.all_actions[s - 1]) for s in secret_steps(match, SPECTATOR)}))


def action_text(match: Match, step: int, seat: Seat, secret: frozenset[int] | None = None) -> str:
    """The log line of action number `step` for `seat`: its words, or that an order was sealed."""
    ruleset = match.ruleset
    action = match.all_actions[step - 1]
    hidden = secret_steps(match, seat) if secret is None else secret
    if step in hidden:
        names = ruleset.side_names(match.state_at(step - 1))
        side = ruleset.action_side(action)
        return f"{names[side] if 0 <= side < len(names) else f'side {side + 1}'}: a sealed order"
    return ruleset.describe_action(match.state_at(step - 1), action)
