"""AI levels: sealed plans for a whole army; normal beats random on a fixed-seed sample.

The full measurements (100 games, sides swapped) are made with
`python3 -m core.ninja.arena` and reported in docs/RULES.md.
"""

import time

import attrs

from core.ai import Player, play_out
from core.ninja import RULESET
from core.ninja.state import OrderAction, OrderMove, Submit
from ninja_helpers import small_battle


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


def test_hard_decides_within_its_budget_with_four_armies_of_eight():
    s = RULESET.new_battle(RULESET.load_scenario("four_schools"), 2)
    assert RULESET.to_act(s) == (0, 1, 2, 3) and sum(1 for u in s.units if u.side == 3) == 8
    p = Player("hard", 3)
    worst = 0.0
    for _ in range(9):  # every ninja of side 0, then its Submit
        t = time.perf_counter()
        a = p.choose(RULESET, s, 0)
        worst = max(worst, time.perf_counter() - t)
        s, _ = RULESET.apply(s, a)
    assert 0 not in RULESET.to_act(s)
    assert worst < 4.0  # about 1 s on the reference machine; generous for a loaded CI box


def test_hard_orders_attacks_when_in_reach():
    s = small_battle(9)
    units = list(s.units)
    units[0] = attrs.evolve(units[0], hex=units[2].hex + (-1, 0))  # side 0's first ninja beside an enemy
    s = attrs.evolve(s, units=tuple(units), phase="action")
    a = Player("hard", 1).choose(RULESET, s, 0)
    assert isinstance(a, OrderAction) and a.unit == 0 and a.act in ("melee", "jutsu")
