"""Experience between battles: the battle counts defeats per commander; carry_over awards them."""

import attrs
import pytest

from core.ai import Player, play_out
from core import registry
from core.commanders.experience import carry_over, experience_lines, starting_commanders, tallies
from core.commanders.progression import RULES, BattleTally, experience_for
from core.commanders.ruleset import CommandersRuleset
from core.commanders.state import Order, Status
from core.commanders.turn import _round_start
from tests.core.commanders.builders import OPEN, make_battle, make_commander, with_unit

RULESET = CommandersRuleset()
SURE_HIT = Status("attack", 20, 3, 0)  # attack - defence far above 10: every strike lands


def _scripted():
    """Blue: a Knight and one Cavalry; Red: a Fighter (1 HP) with a Footman (1 HP) next to
    the Knight and a second Footman far away."""
    knight = make_commander("Knight", troop=("Cavalry",))
    fighter = make_commander("Fighter", troop=("Footman", "Footman"))
    state = make_battle(OPEN, [
        (knight, 0, (3, 3), [("Cavalry", (3, 4))]),
        (fighter, 1, (4, 4), [("Footman", (4, 3)), ("Footman", (10, 7))]),
    ])
    state = with_unit(state, 0, statuses=(SURE_HIT,))
    state = with_unit(state, 1, statuses=(SURE_HIT,))
    state = with_unit(state, 2, hp=1)  # the Fighter
    return with_unit(state, 3, hp=1)  # the Footman next to the Knight


def test_defeats_are_counted_per_commander_and_give_the_documented_experience():
    state = _scripted()
    assert RULESET.outcome(state) is None
    state, _ = RULESET.apply(state, Order(0, 0, state.units[0].pos, 3))  # the Knight kills the Footman
    assert state.units[3].hp == 0
    assert state.leaders[0].units_defeated == 1 and state.leaders[0].commanders_defeated == 0
    state, _ = RULESET.apply(state, Order(0, 1, state.units[1].pos, 2))  # the Cavalry kills the Fighter
    assert state.units[2].hp == 0 and state.units[4].hp == 0  # the far Footman perishes with its commander
    # the troop that perished with its commander is not counted: the commander's defeat stands for it
    assert (state.leaders[0].units_defeated, state.leaders[0].commanders_defeated) == (1, 1)
    assert (state.leaders[1].units_defeated, state.leaders[1].commanders_defeated) == (0, 0)
    assert RULESET.outcome(state).winner == 0
    counted = tallies(state)
    assert counted == {
        0: BattleTally(units_defeated=1, commanders_defeated=1, won=True, took_part=True),
        1: BattleTally(units_defeated=0, commanders_defeated=0, won=False, took_part=True),
    }
    # the table (progression.ProgressionRules): 2 taking part, 1 per unit, 3 per commander, 3 for victory
    assert (RULES.xp_taking_part, RULES.xp_per_unit, RULES.xp_per_commander, RULES.xp_victory) == (2, 1, 3, 3)
    lines = experience_lines(state)
    assert lines[0][0] == 2 + 1 + 3 + 3 and lines[1][0] == 2
    assert "+3 experience: victory" in lines[0][1]
    knight, fighter = (leader.commander for leader in state.leaders)
    knight = attrs.evolve(knight, experience=5)
    after = carry_over(state, (knight, fighter))
    assert after[0].experience == 5 + 9 and after[1].experience == 0 + 2
    assert after[0].level == knight.level  # levels are taken later, with progression.level_up


def test_carry_over_needs_one_commander_per_leader():
    state = _scripted()
    with pytest.raises(ValueError):
        carry_over(state, (state.leaders[0].commander,))


def test_poison_defeats_are_credited_to_the_caster():
    state = _scripted()
    state = with_unit(state, 3, statuses=(Status("poison", 2, 6, 0),))
    state = _round_start(state, [])
    assert state.units[3].hp == 0
    assert state.leaders[0].units_defeated == 1


def test_no_victory_experience_before_the_end():
    counted = tallies(_scripted())
    assert not any(t.won for t in counted.values())
    assert all(t.units_defeated == 0 and t.commanders_defeated == 0 for t in counted.values())


def test_a_whole_battle_carries_its_experience_over():
    setup = RULESET.load_scenario("duel_at_the_ford")
    state = RULESET.new_battle(setup, 11)
    final, _ = play_out(RULESET, state, {0: Player("normal", 1), 1: Player("random", 2)})
    result = RULESET.outcome(final)
    assert result is not None
    counted = tallies(final)
    for leader in final.leaders:
        enemies = [u for u in final.units if u.side != leader.side]
        fallen = sum(1 for u in enemies if u.hp <= 0)
        t = counted[leader.index]
        assert t.units_defeated + t.commanders_defeated <= fallen
        assert t.won == (result.winner == leader.side)
    if result.winner is not None:
        loser = 1 - result.winner
        # the losing side's commanders all fell, and the winners' troops defeated them
        assert sum(counted[l.index].commanders_defeated for l in final.leaders if l.side == result.winner) >= 1
        assert all(final.units[l.uid].hp <= 0 for l in final.leaders if l.side == loser)
    after = carry_over(final, setup.commanders)
    for i, commander in enumerate(setup.commanders):
        gained, _ = experience_for(counted[i])
        assert after[i].experience == commander.experience + gained
        assert gained >= RULES.xp_taking_part


def test_the_carried_over_commander_saves_back_with_its_experience(tmp_path):
    from core.commanders.commander import load_commander, save_commander

    state = _scripted()
    state, _ = RULESET.apply(state, Order(0, 0, state.units[0].pos, 3))
    state, _ = RULESET.apply(state, Order(0, 1, state.units[1].pos, 2))
    knight = carry_over(state, tuple(leader.commander for leader in state.leaders))[0]
    path = tmp_path / "knight.toml"
    save_commander(knight, path)
    assert load_commander(path).experience == 9


def test_starting_commanders_are_the_files_as_loaded_without_temperament_buffs():
    ruleset = registry.get("commanders")
    setup = ruleset.load_scenario("tempers_at_the_ford")
    assert setup.scenario.temperament
    state = ruleset.new_battle(setup, 4)
    assert any(leader.commander != c for leader, c in zip(state.leaders, setup.commanders))
    assert starting_commanders(state) == tuple(setup.commanders)


def test_starting_commanders_without_temperament_are_the_leaders_commanders():
    state = _scripted()
    assert not state.temperament
    assert starting_commanders(state) == tuple(leader.commander for leader in state.leaders)
