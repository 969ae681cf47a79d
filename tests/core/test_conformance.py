"""Every ruleset the registry knows keeps the Ruleset contract, checked by one suite.

Parametrised over `registry.names()` and the tests' toy ruleset (registered
through `registry.register`, as a ruleset outside core would be), every bundled
scenario, a few seeds: a new ruleset added to core/registry.py is covered here
with no new test code. Only the protocol is used (`registry.get`, the Ruleset
methods, core.match, core.saves, core.view), never a ruleset's own modules.

Random legal play draws a kind of action first and then one action of that
kind, so rare kinds (end turn, submit orders) come up as often as common ones
and battles move on. The work is bounded by counting the legal actions listed,
not by time: a battle stops at its outcome, at MAX_STEPS, or when its budget of
listed actions is spent (rulesets with thousands of orders a turn play fewer steps).

Checked along the way, at every step:
- to_act() is () exactly when outcome() is not None; each side in to_act has a
  legal action, and a side not in to_act has none;
- every chosen legal action applies, twice with equal results (determinism),
  without changing the state or the action it was given;
- an action legal earlier but not now for any side (another side's action, an
  order already given) raises IllegalAction and leaves the state untouched;
- a sample of the legal actions (all of them in the opening state): their
  action_picks name a unit on the map (or None) and pick stages of known kinds
  whose cells lie on the board; the codec round-trips them;
- the codec round-trips every state; the board view is consistent; the texts
  for people are non-empty.
At the end: undo back to the start restores each recorded state exactly, redo
returns the same states, and save -> load -> verify gives the same state and hash,
from the end and from the middle of the battle.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from core import registry, saves
from core.errors import IllegalAction
from core.match import Match
from core.ruleset import Outcome, Ruleset
from core.view import PICK_KINDS, ActionPicks, BoardView

pytestmark = pytest.mark.usefixtures("toy_registered")

#: The tests' own ruleset, registered the way any ruleset outside core would be (see conftest).
TOY = ("toy", "tests.toy_ruleset")
SEEDS = (1, 2)
#: Steps after which a battle that has not ended stops.
MAX_STEPS = 400
#: Legal actions listed per battle before it stops (the work bound: listing dominates the cost).
BUDGET = 2_000
#: Every this many steps, every side's legal actions are listed (to_act sides have some, others none).
EVERY_SIDE = 8
#: Legal actions whose picks and encoding are checked per step beyond the opening state.
SAMPLE = 40
#: The seed of the battle each ruleset plays to its end.
END_SEED = 3
#: Earlier actions tried against each new state (they must be refused unless legal again).
STALE = 4


def _cases() -> list[Any]:
    known = registry.names()
    if TOY[0] not in known:
        registry.register(*TOY)
    try:
        return [
            pytest.param(name, info.name, seed, id=f"{name}-{info.name}-{seed}")
            for name in registry.names()
            for info in registry.get(name).scenarios()
            for seed in SEEDS
        ]
    finally:
        if TOY[0] not in known:
            registry.unregister(TOY[0])


CASES = _cases()
NAMES = tuple(dict.fromkeys(p.values[0] for p in CASES))


def test_the_toy_ruleset_is_covered_through_the_registry():
    assert TOY[0] in registry.names()
    assert registry.get(TOY[0]).name == TOY[0]
    assert NAMES == registry.names()


# --- checks of one state ---------------------------------------------------------------
def check_view(ruleset: Ruleset, state: Any) -> BoardView:
    view = ruleset.board_view(state)
    assert isinstance(view, BoardView)
    assert view.grid == ruleset.grid
    assert view.width > 0 and view.height > 0
    assert len(view.cells) == view.width * view.height
    uids = [u.uid for u in view.units]
    assert len(uids) == len(set(uids)), f"unit ids repeat in the view: {uids}"
    for unit in view.units:
        assert 0 <= unit.side < len(ruleset.side_names(state))
        for col, row in unit.cells:
            assert 0 <= col < view.width and 0 <= row < view.height, f"unit {unit.uid} off the board at {(col, row)}"
    return view


def check_picks(ruleset: Ruleset, state: Any, view: BoardView, action: Any) -> None:
    picks = ruleset.action_picks(state, action)
    assert isinstance(picks, ActionPicks)
    if picks.actor is not None and picks.actor not in {u.uid for u in view.units}:
        # A unit aboard another (a StatWar rider) acts from its carrier's squares but has no
        # UnitView of its own; it must still be a unit the ruleset can describe.
        assert ruleset.unit_details(state, picks.actor), f"{action}: actor {picks.actor} is no unit"
        assert picks.stages, f"{action}: actor {picks.actor} is not on the map and has no cell to pick"
    for stage in picks.stages:
        assert stage.kind in PICK_KINDS, f"{action}: unknown pick kind {stage.kind!r}"
        assert stage.cells, f"{action}: a {stage.kind} stage with no cell to pick"
        for col, row in stage.cells:
            # a facing is a direction: its cell may lie one step beyond the board's edge
            edge = 1 if stage.kind == "face" else 0
            assert -edge <= col < view.width + edge and -edge <= row < view.height + edge, f"{action}: {stage.kind} cell {(col, row)} off the board"


def check_outcome(ruleset: Ruleset, state: Any) -> Outcome | None:
    outcome = ruleset.outcome(state)
    movers = ruleset.to_act(state)
    assert isinstance(movers, tuple)
    if outcome is None:
        assert movers, "a battle that is not over names a side to act"
    else:
        assert isinstance(outcome, Outcome) and movers == ()
        sides = len(ruleset.side_names(state))
        assert outcome.winner is None or 0 <= outcome.winner < sides
    return outcome


def check_codec_state(ruleset: Ruleset, state: Any) -> Any:
    codec = ruleset.codec()
    encoded = codec.encode_state(state)
    assert codec.decode_state(encoded) == state
    return encoded


def check_codec_action(ruleset: Ruleset, action: Any) -> None:
    codec = ruleset.codec()
    assert codec.decode_action(codec.encode_action(action)) == action


def check_texts(ruleset: Ruleset, state: Any, view: BoardView) -> None:
    for unit in view.units:
        details = ruleset.unit_details(state, unit.uid)
        assert details and all(isinstance(line, str) for line in details)
        for cell in unit.cells:
            assert ruleset.describe_cell(state, *cell)
    assert ruleset.describe_cell(state, 0, 0)
    for row in ruleset.unit_stats(state):
        assert {"type", "side", "survived", "damage_dealt"} <= set(row)


# --- play --------------------------------------------------------------------------------
def pick(rng: random.Random, actions: list[Any]) -> Any:
    """A kind of action first, then one of that kind."""
    kinds: dict[str, list[Any]] = {}
    for action in actions:
        kinds.setdefault(type(action).__name__, []).append(action)
    return rng.choice(kinds[rng.choice(sorted(kinds))])


def play(ruleset: Ruleset, state: Any, seed: int, budget: int = BUDGET, sample: int = SAMPLE) -> tuple[Match, list[Any]]:
    """Random legal play with every per-step check; the Match and the encoding of each state."""
    codec = ruleset.codec()
    rng = random.Random(seed)
    match = Match(ruleset, state, undo="practice")  # the history is walked back and forth freely
    encodings = [check_codec_state(ruleset, state)]
    stale: list[Any] = []
    listed = 0
    while check_outcome(ruleset, match.state) is None and match.steps < MAX_STEPS and listed < budget:
        state = match.state
        movers = ruleset.to_act(state)
        if match.steps % EVERY_SIDE == 0:
            for other in range(len(ruleset.side_names(state))):
                actions = ruleset.legal_actions(state, other)
                if other in movers:
                    assert actions, f"side {other} must act but has no legal action"
                else:
                    assert actions == [], f"side {other} is not to act yet has actions"
        side = rng.choice(movers)
        legal = ruleset.legal_actions(state, side)
        assert legal, f"side {side} must act but has no legal action"
        listed += len(legal)
        action = pick(rng, legal)
        view = check_view(ruleset, state)
        opening = match.steps == 0
        for candidate in legal if opening else [action, *rng.sample(legal, min(sample, len(legal)))]:
            check_picks(ruleset, state, view, candidate)
            check_codec_action(ruleset, candidate)
        if opening:
            check_texts(ruleset, state, view)
        for shown in [action, *legal[:sample]] if opening else [action]:
            assert ruleset.describe_action(state, shown)
            assert all(isinstance(line, str) for line in ruleset.explain_action(state, shown))

        # an action legal earlier is refused now, changing nothing, unless some side may take it now
        listings = {side: legal}
        for old in stale[-STALE:]:
            if old in legal:
                continue
            try:
                ruleset.apply(state, old)
            except IllegalAction as refused:
                assert refused.reason
                assert codec.encode_state(state) == encodings[-1], f"refusing {old} changed the state"
            else:
                for other in movers:
                    if other not in listings:
                        listings[other] = ruleset.legal_actions(state, other)
                assert any(old in actions for actions in listings.values()), f"{old} applied but is not legal"

        encoded_action = codec.encode_action(action)
        after, events = ruleset.apply(state, action)
        again, events_again = ruleset.apply(state, action)
        assert after == again and events == events_again, f"{action} gave two different results"
        assert codec.encode_state(state) == encodings[-1], f"{action} changed the state it was applied to"
        assert codec.encode_action(action) == encoded_action, f"applying {action} changed the action"
        assert isinstance(events, tuple)
        match.apply(action)
        assert match.state == after
        for event in events:
            assert isinstance(codec.encode_event(event), dict)
            assert ruleset.describe_event(after, event)
        encodings.append(check_codec_state(ruleset, after))
        stale = [*stale, action, *rng.sample(legal, min(2, len(legal)))][-3 * STALE :]
    end_view = check_view(ruleset, match.state)
    check_texts(ruleset, match.state, end_view)
    return match, encodings


def check_undo_redo(match: Match, encodings: list[Any]) -> None:
    codec = match.ruleset.codec()
    states = [match.state_at(step) for step in range(match.steps + 1)]
    for step in range(match.steps - 1, -1, -1):
        assert match.undo()
        assert match.cursor == step
        assert match.state == states[step]
        assert codec.encode_state(match.state) == encodings[step], f"undo to step {step} did not restore it"
    assert not match.undo()
    for step in range(1, match.steps + 1):
        assert match.redo()
        assert match.state is states[step]
        assert codec.encode_state(match.state) == encodings[step]
    assert not match.redo()


def check_save_round_trip(match: Match, folder, scenario: str, seed: int) -> None:
    ruleset = match.ruleset
    codec = ruleset.codec()
    sides = len(ruleset.side_names(match.initial))
    meta = dict(created="2026-01-01 00:00:00 UTC", players=["random"] * sides, scenario=scenario, seed=seed)
    end = match.cursor
    for cursor in sorted({end, end // 2}):
        match.jump(cursor)
        path = saves.write_save(folder / f"at-{cursor}.json", match, **meta)
        loaded = saves.load_match(path)
        assert loaded.ruleset is ruleset
        assert loaded.actions == match.actions and loaded.cursor == cursor
        assert loaded.state == match.state
        assert codec.state_hash(loaded.state) == codec.state_hash(match.state)
        assert loaded.initial == match.initial
    match.jump(end)


def start(name: str, scenario: str, seed: int) -> tuple[Ruleset, Any]:
    ruleset = registry.get(name)
    assert ruleset.name == name
    info = next(i for i in ruleset.scenarios() if i.name == scenario)
    assert info.ruleset == name
    state = ruleset.new_battle(ruleset.load_scenario(scenario), seed)
    assert len(ruleset.side_names(state)) == info.sides
    assert ruleset.new_battle(ruleset.load_scenario(scenario), seed) == state, "the same setup and seed start alike"
    return ruleset, state


@pytest.mark.parametrize("name, scenario, seed", CASES)
def test_random_legal_play_keeps_the_contract(name, scenario, seed, tmp_path):
    ruleset, state = start(name, scenario, seed)
    match, encodings = play(ruleset, state, seed)
    check_undo_redo(match, encodings)
    check_save_round_trip(match, tmp_path, scenario, seed)


@pytest.mark.parametrize("name", NAMES)
def test_random_legal_play_reaches_the_end(name, tmp_path):
    """The scenario offering the fewest actions at the start, played until the battle is over."""
    ruleset = registry.get(name)
    openings = {}
    for info in ruleset.scenarios():
        state = ruleset.new_battle(ruleset.load_scenario(info.name), END_SEED)
        openings[info.name] = sum(len(ruleset.legal_actions(state, side)) for side in ruleset.to_act(state))
    scenario = min(openings, key=lambda n: (openings[n], n))
    ruleset, state = start(name, scenario, END_SEED)
    match, encodings = play(ruleset, state, END_SEED, budget=10**9, sample=4)
    assert ruleset.outcome(match.state) is not None, f"{scenario} did not end in {MAX_STEPS} random steps"
    limit = ruleset.round_limit(match.state)  # the screens count rounds against it
    assert limit is None or 1 <= ruleset.round_number(match.state) <= limit == ruleset.round_limit(state)
    check_undo_redo(match, encodings)
    check_save_round_trip(match, tmp_path, scenario, END_SEED)
