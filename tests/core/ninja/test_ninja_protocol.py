"""Ninja's own rules under random play: bounds, one ninja a hex, whose orders are refused.

The contract every ruleset keeps (legal play, codec, undo, replays, texts, views)
is checked for ninja by tests/core/test_conformance.py.
"""

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.ai import Player, play_out
from core.errors import IllegalAction
from core.match import Match
from core.ninja.ruleset import RULESET
from core.ninja.actions import OrderAction, OrderMove, Submit
from tests.core.ninja.ninja_helpers import small_battle


def check_invariants(state):
    seen = set()
    for u in state.units:
        assert 0 <= u.hp <= u.hp_max and 0 <= u.chi <= u.chi_max and u.ammo >= 0
        if u.hp > 0:
            assert u.hex not in seen
            seen.add(u.hex)
            assert state.board.contains(u.hex)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.lists(st.integers(0, 10**6), min_size=30, max_size=70), st.sampled_from([2, 3]))
def test_random_play_keeps_the_ninja_rules(seed, picks, sides):
    state = small_battle(seed, sides)
    for pick in picks:
        movers = RULESET.to_act(state)
        if not movers:
            break
        side = movers[pick % len(movers)]
        actions = RULESET.legal_actions(state, side)
        assert actions and actions[-1] == Submit(side)
        # a Submit is drawn one time in five, otherwise an order
        action = actions[-1] if pick % 5 == 0 or len(actions) == 1 else actions[pick % (len(actions) - 1)]
        # an order for a unit of another side is refused
        other = next((u for u in state.units if u.side != side and u.hp > 0), None)
        if other is not None:
            with pytest.raises(IllegalAction):
                RULESET.apply(state, OrderAction(side, other.uid, "rest"))
        state, _ = RULESET.apply(state, action)
        if isinstance(action, (OrderMove, OrderAction)):
            with pytest.raises(IllegalAction):  # one order per unit and phase
                RULESET.apply(state, action)
        check_invariants(state)


def test_actions_out_of_phase_are_refused():
    s = small_battle(3)
    with pytest.raises(IllegalAction):
        RULESET.apply(s, OrderAction(0, 0, "rest"))
    s2, _ = RULESET.apply(s, Submit(0))
    with pytest.raises(IllegalAction):
        RULESET.apply(s2, Submit(0))
    assert RULESET.to_act(s2) == (1,)
    assert RULESET.legal_actions(s2, 0) == []


def test_every_side_submits_then_the_phase_resolves():
    s = small_battle(5, sides=3)
    assert RULESET.to_act(s) == (0, 1, 2)
    for side in (2, 0):
        s, _ = RULESET.apply(s, Submit(side))
    assert RULESET.to_act(s) == (1,) and s.phase == "movement"
    s, _ = RULESET.apply(s, Submit(1))
    assert s.phase == "action" and RULESET.to_act(s) == (0, 1, 2)


def test_four_army_battle_runs_to_the_end():
    s = attrs.evolve(small_battle(11, sides=4), round_limit=12)
    players = {i: Player("normal", i) for i in range(4)}
    final, actions = play_out(RULESET, s, players)
    out = RULESET.outcome(final)
    assert out is not None and final.over and RULESET.to_act(final) == ()
    assert len(out.scores) == 4


def test_bundled_scenarios_start_within_the_rules():
    for info in RULESET.scenarios():
        s = RULESET.new_battle(RULESET.load_scenario(info.name), 1)
        assert len(RULESET.board_view(s).units) == len(s.units)
        check_invariants(s)


def test_end_summary_names_the_best_ninja_as_its_unit_panel_does():
    from tui.widgets.summary import summary_lines

    s = small_battle(5)
    units = list(s.units)
    units[1] = attrs.evolve(units[1], damage_dealt=7)
    s = attrs.evolve(s, units=tuple(units))
    stats = RULESET.unit_stats(s)
    assert [row["name"] for row in stats] == [u.name for u in s.units]
    # the unit panel's title is the board view's name of the unit
    assert next(u.name for u in RULESET.board_view(s).units if u.uid == 1) == s.units[1].name
    best = next(line for line in summary_lines(Match(RULESET, s)) if line.startswith("Best unit"))
    assert best.startswith(f"Best unit: {s.units[1].name} ({stats[1]['type']}) of {s.side_names[s.units[1].side]}")


def test_a_finished_battle_counts_the_rounds_it_played():
    # a round limit of 2: both rounds pass with every side submitting no orders, so the
    # battle ends after round 2 and every count of rounds played (end screen, replay's
    # round jump, sim's rounds) reads 2, not the round that never began
    state = small_battle(3, round_limit=2)
    resolved = []
    while not state.over:
        for side in RULESET.to_act(state):
            state, events = RULESET.apply(state, Submit(side))
            resolved += [e.round for e in events if getattr(e, "phase", "") == "movement"]
    assert resolved == [1, 2]
    assert RULESET.round_number(state) == 2
    assert RULESET.outcome(state).reason.startswith("round limit")


def test_a_tie_on_points_at_the_round_limit_goes_to_the_most_health_left():
    """Tortoise Veteran (3 points, health 13) with 10 left against Vine Veteran (3 points,
    health 11) with 9 left: level on points, Tortoise has more health and wins, though Vine
    kept the larger share of its own (docs/RULES.md, "End of battle"). Level on both: a draw."""
    from core.ninja.resolution import check_end
    from tests.core.ninja.ninja_helpers import battle, ninja

    def at_the_limit(tortoise_hp: int, vine_hp: int):
        units = [ninja(0, 0, "tortoise", 3, (1, 1)), ninja(1, 1, "vine", 3, (8, 8))]
        units = [attrs.evolve(units[0], hp=tortoise_hp), attrs.evolve(units[1], hp=vine_hp)]
        assert [u.hp_max for u in units] == [13, 11]  # the seed's health for 3-point ninja
        state, events = check_end(attrs.evolve(battle(units), round=21))  # the limit is 20
        return RULESET.outcome(state), events

    out, events = at_the_limit(10, 9)
    assert out.winner == 0 and events[-1].reason == "round limit: most points of ninja alive (3, health 10)"
    out, _ = at_the_limit(8, 9)
    assert out.winner == 1
    out, events = at_the_limit(9, 9)
    assert out.winner is None and events[-1].reason == "round limit: level on points and health"


def living_in_action_phases(scenario: str, seed: int, steps: int):
    """(state, ninja) for every living ninja of every action phase of a seeded battle of easy
    players, for `steps` actions or to its end."""
    state = RULESET.new_battle(RULESET.load_scenario(scenario), seed=seed)
    players = {s: Player("easy", seed=40 + s) for s in range(state.sides)}
    for _ in range(steps):
        if state.phase == "action":
            for u in state.units:
                if u.hp > 0:
                    yield state, u
        if state.over:
            return
        side = RULESET.to_act(state)[0]
        state, _ = RULESET.apply(state, players[side].choose(RULESET, state, side))


def test_an_action_order_is_judged_as_the_whole_list_judges_it():
    """Recording an action order lists only the orders of its own kind (turn.is_action_order);
    over a played battle it accepts exactly the orders `unit_action_orders` lists, and refuses
    near misses: other targets, acts and jutsu, shifted places, doubled targets."""
    from core.ninja.turn import is_action_order, unit_action_orders

    cat = RULESET.cat
    probed = 0
    for state, u in living_in_action_phases("ash_vs_vine", 5, 160):
        listed = unit_action_orders(state, cat, u.uid)
        probes = set(listed)
        for o in listed:
            probes.add(attrs.evolve(o, targets=o.targets + o.targets))
            if o.place:
                probes.add(attrs.evolve(o, place=(o.place[0] + 1, o.place[1])))
        for t in [x.uid for x in state.units] + [-1, 99]:
            for act in ("melee", "missile", "rest", "dodge", "jutsu", "shout"):
                for key in ("", *u.jutsu):
                    probes.add(OrderAction(u.side, u.uid, act, (t,), key))
                    probes.add(OrderAction(u.side, u.uid, act, (), key))
        for p in probes:
            assert is_action_order(state, cat, p) == (p in listed), p
            probed += 1
    assert probed > 5000


def test_growing_a_volley_is_judged_as_the_whole_list_of_extensions_judges_it():
    """`extends_volley` judges the one target a volley would add; over played battles it says
    yes exactly where `volley_extensions` lists the grown volley: every unit as the added
    target (enemies in and out of the arc, allies, the dead, one already aimed at, none),
    after volleys of none, one and two targets, and a grown tuple that changes the prefix."""
    from core.ninja.attacks import extends_volley, missile_candidates, volley_extensions

    cat = RULESET.cat
    probed = grown = 0
    for scenario, seed in (("ash_vs_vine", 5), ("four_schools", 2)):
        for state, u in living_in_action_phases(scenario, seed, 200):
            candidates = missile_candidates(state, cat, u.uid)
            for targets in {(), tuple(candidates[:1]), tuple(candidates[:2]), (u.uid,)}:
                listed = volley_extensions(state, cat, u.uid, targets)
                for t in [x.uid for x in state.units] + [-1, 99]:
                    probe = targets + (t,)
                    assert extends_volley(state, cat, u.uid, targets, probe) == (probe in listed), (targets, t)
                    probed += 1
                    grown += probe in listed
                if targets:
                    assert not extends_volley(state, cat, u.uid, targets[1:], targets + (targets[0],))
    assert probed > 2000 and grown > 50
