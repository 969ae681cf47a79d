"""AI levels: sealed plans for a whole army; normal beats random on a fixed-seed sample.

The full measurements (100 games, sides swapped) are made with
`skirmish sim ninja --ai normal,random --games 100` and reported in docs/RULES.md.
"""

import attrs

from core.ai import Player, play_out
from core.ninja import RULESET
from core.ninja.state import OrderAction, OrderMove, Submit
from tests.core.ninja.ninja_helpers import small_battle


def test_ai_plans_every_unit_then_submits():
    s = small_battle(4)
    p = Player("normal", 1)
    chosen = []
    while 0 in RULESET.to_act(s):
        a = p.choose(RULESET, s, 0)
        chosen.append(a)
        s, _ = RULESET.apply(s, a)
    assert [type(a) for a in chosen] == [OrderMove, OrderMove, Submit]
    assert all(a in RULESET.legal_actions(small_battle(4), 0) for a in chosen[:1])


def test_normal_beats_random_with_sides_swapped():
    wins = 0
    for game in range(6):
        s = small_battle(100 + game // 2, round_limit=8)
        normal_side = game % 2
        players = {normal_side: Player("normal", game), 1 - normal_side: Player("random", game)}
        final, _ = play_out(RULESET, s, players)
        wins += RULESET.outcome(final).winner == normal_side
    assert wins >= 5


def test_hard_plans_a_whole_army_with_four_armies_of_eight():
    """Hard orders each of its eight ninja once, then seals; its speed is measured in tests/bench."""
    s = RULESET.new_battle(RULESET.load_scenario("four_schools"), 2)
    assert RULESET.to_act(s) == (0, 1, 2, 3) and sum(1 for u in s.units if u.side == 3) == 8
    p = Player("hard", 3)
    ordered = []
    for _ in range(9):  # every ninja of side 0, then its Submit
        a = p.choose(RULESET, s, 0)
        assert a in RULESET.legal_actions(s, 0)
        ordered.append(a)
        s, _ = RULESET.apply(s, a)
    assert 0 not in RULESET.to_act(s)
    assert type(ordered[-1]) is Submit
    assert len({a.unit for a in ordered[:-1]}) == 8


def test_hard_orders_attacks_when_in_reach():
    s = small_battle(9)
    units = list(s.units)
    units[0] = attrs.evolve(units[0], hex=units[2].hex + (-1, 0))  # side 0's first ninja beside an enemy
    s = attrs.evolve(s, units=tuple(units), phase="action")
    a = Player("hard", 1).choose(RULESET, s, 0)
    assert isinstance(a, OrderAction) and a.unit == 0 and a.act in ("melee", "jutsu")
