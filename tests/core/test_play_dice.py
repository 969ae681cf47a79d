"""Ruleset.play skips an action's own dice stream only where the ruleset says the action never
rolls (a ninja order records and resolves nothing), and the result is the same either way."""

from __future__ import annotations

from core import registry
from core.ai import Player
from core.ninja.actions import OrderAction, OrderMove, Submit
from core.ruleset import Ruleset
from tests.toy_ruleset import Dash, DiceRace


def full_way(ruleset: Ruleset, state, action):
    """play() as it is for an action that may roll: its own dice worked out first."""
    rolls_no_dice = type(ruleset).rolls_no_dice
    type(ruleset).rolls_no_dice = Ruleset.rolls_no_dice
    try:
        return ruleset.play(state, action)
    finally:
        type(ruleset).rolls_no_dice = rolls_no_dice


def test_ninja_orders_skip_their_dice_and_play_the_same():
    ruleset = registry.get("ninja")
    state = ruleset.new_battle(ruleset.load_scenario("ash_vs_vine"), 3)
    players = {side: Player("easy", 11 + side) for side in range(state.sides)}
    kinds = set()
    for _ in range(120):
        if ruleset.outcome(state) is not None:
            break
        side = ruleset.to_act(state)[0]
        action = players[side].choose(ruleset, state, side)
        assert ruleset.rolls_no_dice(action) == isinstance(action, (OrderMove, OrderAction))
        played = ruleset.play(state, action)
        expected = full_way(ruleset, state, action)
        assert played.state == expected.state and played.events == expected.events
        assert played.rolled == expected.rolled
        kinds.add(type(action))
        state = played.state
    assert kinds == {OrderMove, OrderAction, Submit}  # both kinds of order, and phases resolved


def test_an_action_said_to_roll_nothing_that_rolls_is_played_the_full_way():
    honest = DiceRace()
    state = honest.new_battle(honest.load_scenario(honest.scenarios()[0].name), 5)
    dash = next(a for a in honest.legal_actions(state, honest.to_act(state)[0]) if isinstance(a, Dash))
    expected = honest.play(state, dash)
    assert expected.rolled > 0

    class Mistaken(DiceRace):
        def rolls_no_dice(self, action) -> bool:
            return True

    played = Mistaken().play(state, dash)
    assert played.state == expected.state and played.events == expected.events
    assert played.rolled == expected.rolled


def test_statwar_actions_skip_their_dice_and_play_the_same():
    ruleset = registry.get("statwar")
    state = ruleset.new_battle(ruleset.load_scenario(ruleset.scenarios()[0].name), 4)
    players = {side: Player("easy", 5 + side) for side in range(2)}
    steps = 0
    while ruleset.outcome(state) is None and steps < 400:
        side = ruleset.to_act(state)[0]
        action = players[side].choose(ruleset, state, side)
        assert ruleset.rolls_no_dice(action)
        played = ruleset.play(state, action)
        expected = full_way(ruleset, state, action)
        assert played.state == expected.state and played.events == expected.events
        assert played.rolled == expected.rolled == 0
        state, steps = played.state, steps + 1
    assert ruleset.outcome(state) is not None  # a whole battle, deployment and attacks included


def test_commanders_moves_skip_their_dice_and_play_the_same():
    from core.commanders.actions import Cast, Order

    ruleset = registry.get("commanders")
    kinds = set()
    for name in [info.name for info in ruleset.scenarios()][:3]:
        state = ruleset.new_battle(ruleset.load_scenario(name), 2)
        players = {side: Player("normal", 3 + side) for side in range(len(state.side_names))}
        for _ in range(300):
            if ruleset.outcome(state) is not None:
                break
            side = ruleset.to_act(state)[0]
            action = players[side].choose(ruleset, state, side)
            rolls = isinstance(action, Cast) or (isinstance(action, Order) and action.target >= 0)
            assert ruleset.rolls_no_dice(action) is not rolls
            played = ruleset.play(state, action)
            expected = full_way(ruleset, state, action)
            assert played.state == expected.state and played.events == expected.events
            assert played.rolled == expected.rolled
            kinds.add((type(action).__name__, rolls))
            state = played.state
    # moves, attacks, spells, rallies, regroups and turns ended, each played both ways
    assert kinds == {("Order", False), ("Order", True), ("Cast", True), ("Rally", False), ("Regroup", False), ("EndTurn", False)}


def test_ninja_orders_are_recorded_in_one_new_state_with_the_dice_stepped():
    """`Ruleset.record`: a ninja order is resolved with the stepped dice in the one state it
    makes; play does not resolve it again to step them, and the result is the full way's."""
    ruleset = registry.get("ninja")
    state = ruleset.new_battle(ruleset.load_scenario("ash_vs_vine"), 3)
    side = ruleset.to_act(state)[0]
    order = next(a for a in ruleset.legal_actions(state, side) if isinstance(a, OrderMove))
    expected = full_way(ruleset, state, order)

    class RecordsOnly(type(ruleset)):
        def resolve(self, state, action):
            raise AssertionError("an order is recorded, not resolved and stepped")

    played = RecordsOnly().play(state, order)
    assert played.state == expected.state and played.events == expected.events and played.rolled == 0
    assert played.state.dice == state.dice.next_step()
    assert Ruleset.record(ruleset, state, order, state.dice.next_step()) is None  # the default leaves it to play
