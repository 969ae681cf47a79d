"""A small fixed-seed sample that proves the AI ordering.

The full measure is `skirmish sim commanders --ai normal,random --games 100`
(and `--ai hard,normal`); docs/RULES.md records the figures.
"""

from core.sim import run_batch


def test_normal_beats_random():
    result = run_batch("commanders", games=10, seed=11, ai=("normal", "random"))
    assert result["wins"][0] >= 9, result


def test_balanced_dice_spread_every_throw_evenly():
    from core.commanders.ai import BalancedDice, balanced_rolls

    assert sorted(balanced_rolls(10, 10)) == list(range(1, 11))  # one of each face
    for n in range(1, 25):
        rolls = balanced_rolls(n, 10)
        assert len(rolls) == n and all(1 <= r <= 10 for r in rolls)
        for k in range(11):
            # successes on 1-k: within half a die of the expected n * k / 10
            assert abs(sum(1 for r in rolls if r <= k) - n * k / 10) <= 0.5
    values, nxt = BalancedDice(1, 0).rolls(13, 10)
    assert isinstance(nxt, BalancedDice) and nxt.counter == 13
    assert values == BalancedDice(99, 7).rolls(13, 10)[0]  # nothing but the count and faces


def test_no_level_rolls_the_battles_real_dice_in_commanders(monkeypatch):
    """Neither the 1-ply values nor the hard lookahead may weigh an action on the real next rolls."""
    from core.ai import Player
    from core.commanders.ai import random_action
    from core.commanders.ruleset import CommandersRuleset

    ruleset = CommandersRuleset()
    state = ruleset.new_battle(ruleset.load_scenario("duel_at_the_ford"), 4)
    seen = []
    real_apply = CommandersRuleset.apply

    def spying_apply(self, trial, action):
        if random_action(action):  # moves roll no dice and are weighed on the state itself
            seen.append(trial.dice)
        return real_apply(self, trial, action)

    # walk on until an attack or a spell is on offer
    while not any(random_action(a) for a in ruleset.legal_actions(state, ruleset.to_act(state)[0])):
        side = ruleset.to_act(state)[0]
        state, _ = ruleset.apply(state, Player("normal", 1).choose(ruleset, state, side))
    monkeypatch.setattr(CommandersRuleset, "apply", spying_apply)
    for level in ("normal", "hard"):
        seen.clear()
        side = ruleset.to_act(state)[0]
        Player(level, 3).choose(ruleset, state, side)
        assert seen and state.dice not in seen
        assert all(d.seed != state.dice.seed for d in seen)


def test_a_commander_keeps_out_of_the_enemys_reach():
    # duel_at_the_ford's normal AI walked its Knight ahead of its riders, and a Pikeman (move 5,
    # reach 1, +3 strikes against the mounted) finished it in round 2. A commander standing
    # where enemies can strike it next turn now counts against its side
    from core.commanders.ai import evaluate
    from tests.core.commanders.builders import CAT, OPEN, make_battle, make_commander

    def knight_at(x):
        return make_battle(OPEN, [
            (make_commander("Knight", troop=["Cavalry"]), 0, (x, 3), [("Cavalry", (0, 0))]),
            (make_commander("Fighter", troop=["Pikeman"] * 2), 1, (11, 7), [("Pikeman", (10, 3)), ("Pikeman", (10, 4))]),
        ])
    safe, exposed = knight_at(1), knight_at(5)  # 9 squares from the pikes, then 5: in reach
    assert evaluate(safe, 0, CAT) > evaluate(exposed, 0, CAT)
