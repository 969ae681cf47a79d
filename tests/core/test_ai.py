"""AI players over the protocol: legal, deterministic for a seed, and ordered by strength."""

import attrs
import pytest

from core import ai
from core.ai import LEVELS, Player, candidates, play_out
from core.ruleset import Budget
from tests.toy_ruleset import RULESET, DiceRace, Rest


def battle(seed: int, scenario: str = "relay"):
    return RULESET.new_battle(RULESET.load_scenario(scenario), seed)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_picks_a_legal_action_and_repeats_itself(level):
    state = battle(4)
    for _ in range(6):
        if RULESET.outcome(state) is not None:
            break
        side = RULESET.to_act(state)[0]
        action = Player(level, 9).choose(RULESET, state, side)
        assert action in RULESET.legal_actions(state, side)
        assert Player(level, 9).choose(RULESET, state, side) == action
        state, _ = RULESET.apply(state, action)


@pytest.mark.parametrize("level", LEVELS)
def test_a_whole_game_is_the_same_for_the_same_seeds(level):
    runs = [play_out(RULESET, battle(2), {0: Player(level, 5), 1: Player("random", 6)}) for _ in range(2)]
    assert runs[0] == runs[1]
    assert RULESET.outcome(runs[0][0]) is not None


def test_unknown_level_is_refused():
    with pytest.raises(ValueError, match="unknown AI level 'genius'"):
        Player("genius")


def test_no_legal_action_is_an_error():
    state = battle(1)
    with pytest.raises(ValueError, match="no legal action"):
        Player("normal").choose(RULESET, state, 1)  # not side 1's turn


def wins(level_a: str, level_b: str, games: int) -> int:
    """Games won by level_a, playing side 0 in even games and side 1 in odd ones."""
    won = 0
    for game in range(games):
        seat_a = game % 2
        players = {seat_a: Player(level_a, game), 1 - seat_a: Player(level_b, 100 + game)}
        final, _ = play_out(RULESET, battle(1000 + game), players)
        won += RULESET.outcome(final).winner == seat_a
    return won


def test_normal_beats_random():
    assert wins("normal", "random", 10) >= 9


def test_hard_is_at_least_as_good_as_easy():
    assert wins("hard", "easy", 10) >= 5


class Crowded(DiceRace):
    """The toy with a small candidate budget, to check thinning keeps a stable spread."""

    def ai_budget(self):
        return Budget(max_candidates=2)


def test_candidates_are_thinned_evenly_to_the_budget():
    crowded = Crowded()
    state = attrs.evolve(battle(1), runners=tuple(attrs.evolve(r, position=1) for r in battle(1).runners))
    full = crowded.legal_actions(state, 0)
    assert len(full) > 2
    assert candidates(crowded, state, 0) == [full[0], full[int(len(full) / 2)]]
    assert RULESET.ai_budget() == Budget()


def test_play_out_stops_at_the_action_limit():
    final, actions = play_out(RULESET, battle(3), {0: Player("random"), 1: Player("random")}, max_actions=3)
    assert len(actions) == 3 and RULESET.outcome(final) is None
    assert all(a in (Rest(0), Rest(1)) or hasattr(a, "uid") for a in actions)


@pytest.mark.parametrize("level", ("easy", "normal", "hard"))
def test_no_level_ever_rolls_the_battles_real_dice(level, monkeypatch):
    """Weighing an action must not peek at the rolls the battle will really make next."""
    state = battle(11)
    seen = []
    real_apply = type(RULESET).apply

    def spying_apply(self, trial, action):
        seen.append(trial.dice)
        return real_apply(self, trial, action)

    monkeypatch.setattr(type(RULESET), "apply", spying_apply)
    side = RULESET.to_act(state)[0]
    Player(level, 3).choose(RULESET, state, side)
    assert seen, "the level weighed no action"
    assert state.dice not in seen


class Spread(DiceRace):
    """The toy with a normal spread and fixed values: the first action 10, the second 9.8,
    every other 0."""

    def __init__(self, spread: float) -> None:
        super().__init__()
        self.spread = spread

    def ai_budget(self):
        return Budget(normal_spread=self.spread)

    def action_value(self, state, action, side, samples=1):
        index = self.legal_actions(state, side).index(action)
        return {0: 10.0, 1: 9.8}.get(index, 0.0)


def test_normal_with_a_spread_picks_by_its_dice_among_the_near_best_only():
    ruleset = Spread(0.5)
    state = battle(4)
    side = ruleset.to_act(state)[0]
    legal = ruleset.legal_actions(state, side)
    assert len(legal) > 2
    picks = {ruleset.legal_actions(state, side).index(Player("normal", seed).choose(ruleset, state, side)) for seed in range(24)}
    assert picks == {0, 1}
    # the same seed, the same pick
    assert Player("normal", 3).choose(ruleset, state, side) == Player("normal", 3).choose(ruleset, state, side)
    # no spread: always the best; a spread narrower than the gap: the best too
    for narrow in (Spread(0.0), Spread(0.1)):
        assert {Player("normal", seed).choose(narrow, state, side) for seed in range(24)} == {legal[0]}
