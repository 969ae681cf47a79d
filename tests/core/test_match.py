"""Match: history, undo, redo, jump; a new action cuts the redo branch; undo cannot re-roll."""

import pytest

from core.errors import IllegalAction
from core.match import Match
from tests.toy_ruleset import RULESET, Dash, Rest, Trip


def new_match(seed: int = 11, scenario: str = "sprint", undo: str = "practice") -> Match:
    return Match(RULESET, RULESET.new_battle(RULESET.load_scenario(scenario), seed), undo)


def test_apply_records_states_and_events():
    match = new_match()
    events = match.apply(Dash(0, 0))
    assert match.steps == match.cursor == 1
    assert match.events_at(1) == events and events[0].uid == 0
    assert match.state_at(0) is match.initial
    assert match.history() == [(1, Dash(0, 0), events)]


def test_undo_redo_and_jump_move_the_cursor_only():
    match = new_match()
    for action in (Dash(0, 0), Dash(1, 1), Dash(0, 0)):
        match.apply(action)
    states = [match.state_at(i) for i in range(4)]
    assert match.undo() and match.state is states[2]
    assert match.actions == (Dash(0, 0), Dash(1, 1))
    assert match.all_actions == (Dash(0, 0), Dash(1, 1), Dash(0, 0))
    assert match.redo() and match.state is states[3]
    assert not match.redo()
    match.jump(0)
    assert match.state is match.initial and not match.can_undo and not match.undo()
    match.jump(3)
    assert match.state is states[3]
    with pytest.raises(IndexError):
        match.jump(4)


def test_a_new_action_after_undo_cuts_the_redo_branch():
    match = new_match()
    match.apply(Dash(0, 0))
    match.apply(Dash(1, 1))
    match.undo()
    match.apply(Rest(1))
    assert match.all_actions == (Dash(0, 0), Rest(1))
    assert not match.can_redo


def test_undo_then_the_same_action_rolls_the_same_dice():
    match = new_match()
    first = match.apply(Dash(0, 0))
    state_after = match.state
    match.undo()
    again = match.apply(Dash(0, 0))
    assert again == first
    assert match.state == state_after


def test_an_illegal_action_changes_nothing():
    match = new_match()
    before = match.state
    with pytest.raises(IllegalAction, match="turn"):
        match.apply(Dash(1, 1))
    with pytest.raises(IllegalAction):
        match.apply(Trip(0, 0, 5))
    assert match.state is before and match.steps == 0


def test_replay_rebuilds_the_same_states():
    match = new_match(seed=3, scenario="relay")
    while match.outcome() is None:
        side = match.to_act()[0]
        match.apply(match.legal_actions(side)[0])
    again = Match.replay(RULESET, match.initial, list(match.actions))
    assert again.state == match.state
    assert [again.events_at(i) for i in range(again.steps + 1)] == [match.events_at(i) for i in range(match.steps + 1)]


def test_truncate_forgets_the_redo_branch():
    match = new_match()
    match.apply(Dash(0, 0))
    match.apply(Dash(1, 1))
    match.jump(1)
    match.truncate()
    assert match.all_actions == (Dash(0, 0),) and not match.can_redo
