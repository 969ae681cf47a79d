"""A state's hash covers the sorted-key JSON of its encoding; Codec.state_bytes writes those
bytes from the records it kept from the last state, and must write them exactly."""

from __future__ import annotations

import attrs
import orjson
import pytest

from core import registry
from core.ai import Player
from core.match import Match
from tests.toy_ruleset import DiceRace

BATTLES = [("statwar", "hordes_200"), ("commanders", "fort_siege"), ("ninja", "alliance")]


def canonical(codec, state) -> bytes:
    return orjson.dumps(codec.encode_state(state), option=orjson.OPT_SORT_KEYS)


def played(ruleset, scenario: str, actions: int) -> list:
    match = Match(ruleset, ruleset.new_battle(ruleset.load_scenario(scenario), 5), "practice")
    players: dict[int, Player] = {}
    while len(match.actions) < actions and ruleset.outcome(match.state) is None:
        side = ruleset.to_act(match.state)[0]
        player = players.setdefault(side, Player("easy", 3 + side))
        match.apply(player.choose(ruleset, match.state, side))
    return [match.state_at(i) for i in range(match.cursor + 1)]


@pytest.mark.parametrize("name,scenario", BATTLES)
def test_state_bytes_are_the_canonical_encoding_in_any_order(name, scenario):
    ruleset = registry.get(name)
    codec = ruleset.codec()
    states = played(ruleset, scenario, 90)
    assert len(states) > 80
    # in order (records kept from the state before), each state twice (every record kept,
    # then written from its own JSON), and backwards and every seventh (little or nothing kept)
    for state in states + [s for s in states for _ in range(2)] + states[::-1] + states[::7]:
        assert codec.state_bytes(state) == canonical(codec, state)
    shared = sum(1 for a, b in zip(states, states[1:]) for u in b.units if any(u is v for v in a.units))
    assert shared > len(states)  # the battles do share records from state to state


def test_a_record_changed_in_place_of_an_equal_one_is_written_as_it_now_is():
    ruleset = registry.get("statwar")
    codec = ruleset.codec()
    state = ruleset.new_battle(ruleset.load_scenario("duel_25"), 1)
    codec.state_bytes(state)
    codec.state_bytes(state)  # every record of it now kept as JSON
    hurt = attrs.evolve(state.units[0], health=state.units[0].health - 1)
    other = attrs.evolve(state, units=(hurt,) + state.units[1:])
    assert codec.state_bytes(other) == canonical(codec, other) != canonical(codec, state)


def test_the_toy_ruleset_state_writes_the_same_bytes():
    ruleset = DiceRace()
    codec = ruleset.codec()
    state = ruleset.new_battle(ruleset.load_scenario(ruleset.scenarios()[0].name), 2)
    for _ in range(12):
        if ruleset.outcome(state) is not None:
            break
        assert codec.state_bytes(state) == canonical(codec, state)
        action = ruleset.legal_actions(state, ruleset.to_act(state)[0])[0]
        state, _ = ruleset.apply(state, action)


@pytest.mark.parametrize("name,scenario", BATTLES)
def test_the_quick_hooks_write_what_cattrs_writes(name, scenario, monkeypatch):
    """The house converter writes tuples of records and named tuples of numbers with hooks
    of its own (core.serial._quick_unstructure); every state, action and event encodes to
    the very JSON cattrs' own hooks make, so no hash and no dice key moves."""
    import core.serial as serial

    ruleset = registry.get(name)
    quick = ruleset.codec()
    monkeypatch.setattr(serial, "_quick_unstructure", lambda converter: None)
    plain = serial.Codec(ruleset.state_type, ruleset.action_types, ruleset.event_types, ruleset.configure_converter)
    units = attrs.fields_dict(attrs.resolve_types(ruleset.state_type))["units"].type  # a tuple of records
    assert quick.converter.get_unstructure_hook(units).__name__ == "<lambda>"  # the quick hook is the one used
    assert plain.converter.get_unstructure_hook(units).__name__ != "<lambda>"
    match = Match(ruleset, ruleset.new_battle(ruleset.load_scenario(scenario), 5), "practice")
    players: dict[int, Player] = {}
    while len(match.actions) < 60 and ruleset.outcome(match.state) is None:
        side = ruleset.to_act(match.state)[0]
        match.apply(players.setdefault(side, Player("easy", 3 + side)).choose(ruleset, match.state, side))
    for step in range(match.cursor + 1):
        assert canonical(quick, match.state_at(step)) == canonical(plain, match.state_at(step))
        assert quick.state_bytes(match.state_at(step)) == plain.state_bytes(match.state_at(step))
        for event in match.events_at(step):
            assert orjson.dumps(quick.encode_event(event)) == orjson.dumps(plain.encode_event(event))
    for action in match.actions:
        assert orjson.dumps(quick.encode_action(action)) == orjson.dumps(plain.encode_action(action))
        assert quick.action_key(action) == plain.action_key(action)
