"""Commanders' own rules under random legal play: bounds, one living unit a square, what is refused.

The contract every ruleset keeps (legal play, codec, undo, replays, texts, views)
is checked for commanders by tests/core/test_conformance.py.
"""

import attrs
from hypothesis import given, settings, strategies as st

from core.commanders.ruleset import RULESET
from core.commanders.actions import Cast, EndTurn, Order, Rally, Regroup
from core.errors import IllegalAction
from core.squaregrid import Square

SCENARIOS = [s.name for s in RULESET.scenarios()]


def illegal_variants(state, legal):
    """Actions that must be refused: the wrong side, far squares, dead or foreign units, unknown spells."""
    side = RULESET.to_act(state)[0]
    other = 1 - side
    yield EndTurn(other)
    yield Order(side, 0 if state.units[0].side != side else len(state.units) - 1, Square(0, 0), -1)
    yield Order(side, 10_000, Square(0, 0), -1)
    yield Cast(side, state.leader_now.uid, "No Such Spell", 1, target=0)
    yield Regroup(side, state.leader_now.uid, Square(0, 0))
    for a in legal:
        if isinstance(a, Order):
            yield attrs.evolve(a, dest=Square(a.dest[0] + 40, a.dest[1]))
            yield attrs.evolve(a, target=a.uid)
            break


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(SCENARIOS), st.integers(0, 2**32), st.lists(st.integers(0, 10_000), min_size=5, max_size=60))
def test_random_play_keeps_the_commanders_rules(name, seed, picks):
    codec = RULESET.codec()
    state = RULESET.new_battle(RULESET.load_scenario(name), seed)
    for pick in picks:
        movers = RULESET.to_act(state)
        if not movers:
            break
        legal = RULESET.legal_actions(state, movers[0])
        for bad in illegal_variants(state, legal):
            if bad in legal:
                continue
            before = codec.encode_state(state)
            try:
                RULESET.apply(state, bad)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"accepted {bad}")
            assert codec.encode_state(state) == before
        state, _ = RULESET.apply(state, legal[pick % len(legal)])
        for u in state.units:
            assert 0 <= u.hp <= u.hp_max
        for leader in state.leaders:
            assert 0 <= leader.mp <= leader.mp_max
        alive = [(u.pos[0], u.pos[1]) for u in state.units if u.hp > 0]
        assert len(alive) == len(set(alive)), "two living units on one square"
