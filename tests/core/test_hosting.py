"""Hosted matches as rows: the same rows make the same match; who may write what; the clock."""

from __future__ import annotations

import random

import pytest

from core import registry
from core.errors import IllegalAction
from core.hosting import HostedMatch, Row, clock_words, limit_words
from core.match import Match
from core.ninja.actions import OrderAction, OrderMove, Submit
from core.seats import seat_state

STATWAR = registry.get("statwar")
NINJA = registry.get("ninja")


def hosted(ruleset, scenario: str, seed: int, undo: str = "fair", started: float = 1000.0) -> HostedMatch:
    return HostedMatch(Match(ruleset, ruleset.new_battle(ruleset.load_scenario(scenario), seed), undo), started)


def play_rows(match: HostedMatch, count: int, seed: int, start: float = 1000.0) -> list[Row]:
    """`count` random legal rows (an action by a side to act), applied; the rows."""
    rng = random.Random(seed)
    rows = []
    for i in range(count):
        if match.match.outcome() is not None:
            break
        side = rng.choice(match.match.to_act())
        action = rng.choice(match.match.legal_actions(side))
        row = Row(match.seq + 1, "action", side, action, start + 10 * (i + 1))
        match.add(row)
        rows.append(row)
    return rows


@pytest.mark.parametrize("ruleset,scenario", [(STATWAR, "duel_25"), (NINJA, "ash_vs_vine")])
def test_the_same_rows_make_the_same_match(ruleset, scenario):
    first = hosted(ruleset, scenario, 4)
    rows = play_rows(first, 40, 4)
    again = hosted(ruleset, scenario, 4)
    again.add_all(rows)
    codec = ruleset.codec()
    assert again.seq == len(rows) >= 10
    assert codec.state_hash(again.match.state) == codec.state_hash(first.match.state)


def test_a_side_may_not_write_out_of_turn_or_for_another_side():
    match = hosted(STATWAR, "duel_25", 5)
    side = match.match.to_act()[0]
    other = 1 - side
    action = match.match.legal_actions(side)[0]
    assert match.refusal(other, "action", action) == "Not your turn."
    with pytest.raises(IllegalAction):
        match.add(Row(1, "action", other, action))
    assert match.seq == 0 and match.match.cursor == 0  # nothing changed
    with pytest.raises(IllegalAction, match="out of order"):
        match.add(Row(2, "action", side, action))


def test_ninja_seats_write_at_once_and_never_see_the_others_orders():
    match = hosted(NINJA, "ash_vs_vine", 3)
    assert set(match.match.to_act()) == {0, 1}
    order = next(a for a in match.match.legal_actions(0) if isinstance(a, (OrderMove, OrderAction)))
    assert match.refusal(1, "action", order) == "That action belongs to another side."
    match.add(Row(1, "action", 0, order, 1001.0))
    view = seat_state(NINJA, match.match.state, 1)
    assert not any(p.unit == order.unit for p in view.moves) and not any(o.unit == order.unit for o in view.orders)
    mine = seat_state(NINJA, match.match.state, 0)
    assert any(p.unit == order.unit for p in mine.moves) or any(o.unit == order.unit for o in mine.orders)


def test_fair_undo_is_a_row_and_takes_back_only_your_own_unrevealed_move():
    match = hosted(NINJA, "ash_vs_vine", 3)
    order = next(a for a in match.match.legal_actions(0) if isinstance(a, OrderMove))
    match.add(Row(1, "action", 0, order, 1001.0))
    assert match.refusal(1, "undo") is not None  # side 2 cannot take back side 1's order
    match.add(Row(2, "undo", 0, None, 1002.0))
    assert match.match.cursor == 0 and match.seq == 2
    match.add(Row(3, "action", 0, Submit(0), 1003.0))
    assert match.refusal(0, "undo") == "Your orders are sealed: fair undo stops at the seal."
    ironman = hosted(NINJA, "ash_vs_vine", 3, undo="ironman")
    ironman.add(Row(1, "action", 0, order, 1001.0))
    assert ironman.refusal(0, "undo") == "This is an ironman battle: nothing can be undone."


def test_the_clock_runs_from_when_a_side_became_due():
    match = hosted(STATWAR, "duel_25", 5, started=1000.0)
    first = match.match.to_act()[0]
    assert match.due_since(first) == 1000.0
    assert match.time_left(first, 60, 1030.0) == 30.0
    assert match.overdue(60, 1059.0) == () and match.overdue(60, 1061.0) == (first,)
    assert match.overdue(None, 99999.0) == ()
    # play until the other side is due: its clock starts at the row that handed it the turn
    rng = random.Random(2)
    while match.match.to_act() == (first,):
        action = rng.choice(match.match.legal_actions(first))
        match.add(Row(match.seq + 1, "action", first, action, 1000.0 + 5 * (match.seq + 1)))
    handed = match.rows[-1].at
    second = match.match.to_act()[0]
    assert second != first
    assert match.due_since(second) == handed and match.due_since(first) is None
    assert match.forfeit((second,)) == {"winner": first, "reason": f"{STATWAR.side_names(match.match.state)[second]} ran out of time"}


def test_a_match_not_started_has_no_clock():
    match = hosted(STATWAR, "duel_25", 5, started=None)
    assert match.due_since(match.match.to_act()[0]) is None and match.overdue(60, 1e12) == ()


def test_words():
    assert limit_words(None) == "no time limit" and limit_words(180) == "3 min a turn" and limit_words(3600) == "1 h a turn"
    assert clock_words(61.2) == "1:02" and clock_words(-5) == "0:00" and clock_words(3725) == "1:02:05"
