"""Seats: no seat ever reads an order another side sealed and has not resolved.

Random legal battles of every ruleset (two- and four-army ninja included). At
every step and for every seat: the history's log lines (what `skirmish log
--seat N` and the battle log print), the seat's view of the state, and the
autosave rule. The oracle for "sealed and unresolved" is the state itself: a
ninja order is pending while the state still holds that unit's plan or order.
"""

from __future__ import annotations

import random

import pytest

from core import registry
from core.match import Match
from core.seats import SPECTATOR, action_text, holds_secrets, seat_state, secret_steps

CASES = [("ninja", "ash_vs_vine", 3), ("ninja", "valley_melee", 4), ("statwar", "duel_25", 5),
         ("commanders", "pass_duel", 6)]


def pending_orders(match: Match) -> dict[int, str]:
    """step -> words of every order the state still holds unresolved (ninja; {} elsewhere)."""
    state = match.state
    if not match.ruleset.sealed_orders or match.outcome() is not None:
        return {}
    pending = {p.unit for p in state.moves} | {o.unit for o in state.orders}
    latest: dict[tuple[int, str], int] = {}
    for step, action in enumerate(match.actions, start=1):
        if hasattr(action, "unit"):
            latest[(action.unit, type(action).__name__)] = step
    out = {}
    for (unit, _kind), step in latest.items():
        if unit in pending and step > 0:
            action = match.actions[step - 1]
            if match.ruleset.phase_of(match.state_at(step - 1)) == match.ruleset.phase_of(state):
                out[step] = match.ruleset.describe_action(match.state_at(step - 1), action)
    return out


@pytest.mark.parametrize("name,scenario,seed", CASES)
def test_no_seat_reads_another_sides_unresolved_orders(name, scenario, seed):
    ruleset = registry.get(name)
    match = Match(ruleset, ruleset.new_battle(ruleset.load_scenario(scenario), seed))
    rng = random.Random(seed)
    sides = len(ruleset.side_names(match.state))
    hidden_checked = 0
    for _ in range(150):
        if match.outcome() is not None:
            break
        side = rng.choice(match.to_act())
        match.apply(rng.choice(match.legal_actions(side)))
        pending = pending_orders(match)
        for seat in (*range(sides), SPECTATOR):
            secret = secret_steps(match, seat)
            for step, words in pending.items():
                mine = ruleset.action_side(match.actions[step - 1]) == seat
                shown = action_text(match, step, seat)
                if mine:
                    assert shown == words  # a side reads its own orders
                else:
                    assert step in secret and words not in shown and "sealed order" in shown
                    hidden_checked += 1
            # nothing else is hidden: every other step reads as it was played
            for step in range(1, match.cursor + 1):
                if step not in secret:
                    assert action_text(match, step, seat) == ruleset.describe_action(
                        match.state_at(step - 1), match.actions[step - 1])
            if ruleset.sealed_orders:
                view = seat_state(ruleset, match.state, seat)
                assert all(view.units[p.unit].side == seat for p in view.moves)
                assert all(o.side == seat for o in view.orders)
                own = {p.unit for p in match.state.moves if match.state.units[p.unit].side == seat}
                assert {p.unit for p in view.moves} == own  # its own plans stay in its view
            else:
                assert seat_state(ruleset, match.state, seat) is match.state
        if pending:
            assert holds_secrets(match)  # so the autosave waits (tui.saving.autosave)
        if not secret_steps(match, SPECTATOR):
            assert not holds_secrets(match)
    if ruleset.sealed_orders:
        assert hidden_checked > 0  # the battle met sealed orders to hide


def test_everything_shows_once_the_battle_is_over():
    ruleset = registry.get("ninja")
    match = Match(ruleset, ruleset.new_battle(ruleset.load_scenario("ash_vs_vine"), 9))
    rng = random.Random(9)
    while match.outcome() is None:
        side = rng.choice(match.to_act())
        match.apply(rng.choice(match.legal_actions(side)))
    assert not holds_secrets(match)
    assert secret_steps(match, 0) == secret_steps(match, SPECTATOR) == frozenset()
    assert seat_state(ruleset, match.state, 1) is match.state
