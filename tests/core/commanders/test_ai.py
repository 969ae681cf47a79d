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
