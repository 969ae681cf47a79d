"""Seed 002 skills at each tier, attributes and command range."""

import pytest

from core.commanders import events as ev
from core.commanders.commander import troop_problems
from core.commanders.derived import (
    attack_of, attack_range, command_range, commander_attack, commander_defence, defence_of, max_mp, spell_cost,
)
from core.commanders.actions import EndTurn, Rally
from core.commanders.spells import dice_against, spell_damage_taken
from core.commanders.state import Status
from core.commanders.turn import apply, legal_actions
from core.squaregrid import Square

from .builders import OPEN, make_battle, make_commander, with_leader, with_unit
from tests.core.commanders.builders import CAT


def pair(me, troop, foe=None, foe_troop=(), at=(2, 3)):
    foe = foe or make_commander("Warrior", troop=[u for u, _ in foe_troop])
    return make_battle(OPEN, [(me, 0, at, list(troop)), (foe, 1, (10, 3), list(foe_troop))])


def test_attributes_reach_the_troop_inside_command_range_only():
    me = make_commander("Warrior", troop=["Footman", "Footman"], attributes=(2, 3, 0, 4))
    state = pair(me, [("Footman", (3, 3)), ("Footman", (9, 7))])
    near, far = state.units[1], state.units[2]
    assert attack_of(state, near, cat=CAT) == 12 + 2 and defence_of(state, near, CAT) == 9 + 3
    assert defence_of(state, near, CAT, magic=True) == 9 + 4  # Knowledge: defence against magic attacks
    assert attack_of(state, far, cat=CAT) == 12 and defence_of(state, far, CAT) == 9
    assert attack_of(state, state.units[0], cat=CAT) == 13  # the commander fights with its class numbers
    assert max_mp(me, cat=CAT) == 10 + 5 * 4


@pytest.mark.parametrize("tier", [0, 1, 2, 3])
def test_leadership(tier):
    skills = {"Leadership": tier} if tier else {}
    me = make_commander("Knight", skills=skills, troop=["Footman", "Cavalry", "Footman", "Footman"][: 4 if tier >= 3 else 3])
    assert command_range(me, cat=CAT) == 3 + (1 if tier >= 1 else 0)
    problems = dict(troop_problems(me, cat=CAT))
    assert ("troop" in problems) == (tier < 2)  # mixed troops need advanced Leadership
    same = make_commander("Knight", skills=skills, troop=["Footman"] * 4)
    assert bool(troop_problems(same, cat=CAT)) == (tier < 3)  # a fourth unit needs expert Leadership


def test_troop_only_recruitable_units():
    me = make_commander("Warrior", troop=["Footman"])
    import attrs

    assert troop_problems(attrs.evolve(me, troop=("Dragoon",)), cat=CAT)


@pytest.mark.parametrize("tier", [1, 2, 3])
def test_resistance(tier):
    me = make_commander("Fighter", skills={"Resistance": tier}, troop=["Pikeman"], attributes=(0, 0, 0, 1))
    caster = make_commander("Mage", attributes=(0, 0, 6, 0))
    state = make_battle(OPEN, [(caster, 0, (2, 3), []), (me, 1, (5, 3), [("Pikeman", (5, 4))])])
    boss, pike = state.units[1], state.units[2]
    assert spell_damage_taken(state, boss, 5) == 3  # basic: the commander takes 2 less
    assert dice_against(state, state.units[0], pike, cat=CAT) == 6 - 1 - (1 if tier >= 2 else 0)  # advanced: a die fewer
    assert spell_damage_taken(state, pike, 5) == (3 if tier >= 3 else 5)  # expert: the troop takes 2 less


@pytest.mark.parametrize("tier", [1, 2, 3])
def test_rally(tier):
    me = make_commander("Barbarian", skills={"Rally": tier}, troop=["Footman", "Footman"], attributes=(0, 0, 0, 2))
    state = pair(me, [("Footman", (3, 3)), ("Footman", (2, 4))])
    state = with_unit(state, 1, hp=4)
    state = with_unit(state, 2, hp=9, statuses=(Status("silence", 0, 3, 1),))
    state = with_unit(state, 0, statuses=(Status("silence", 0, 3, 1),))
    state = with_leader(state, 0, mp=5)
    after, events = apply(state, Rally(0, 0), cat=CAT)
    assert after.units[1].hp == 7 and after.units[2].hp == 10  # up to 3 each
    assert after.leaders[0].mp == 5 + (2 if tier >= 2 else 0)
    assert after.units[0].status("silence") is None and after.units[2].status("silence") is None
    assert any(isinstance(e, ev.Rallied) for e in events)


def test_no_rally_without_the_skill():
    state = pair(make_commander("Warrior"), [])
    assert not [a for a in legal_actions(state, 0, cat=CAT) if isinstance(a, Rally)]


@pytest.mark.parametrize("school,skill", [("nature", "Nature magic"), ("fire", "Fire magic"), ("air", "Air magic"), ("life", "Life magic")])
def test_magic_cost_reduction(school, skill):
    for tier in (0, 1, 2, 3):
        me = make_commander("Mage", skills={skill: tier} if tier else {})
        assert spell_cost(me, school, 8, cat=CAT) == 8 - tier
    assert spell_cost(make_commander("Mage", skills={skill: 3}), school, 4, cat=CAT) == 1  # decided: never below 1


@pytest.mark.parametrize("tier", [1, 2, 3])
def test_combat_expertise(tier):
    me = make_commander("Warrior", skills={"Combat expertise": tier})
    assert commander_attack(me, cat=CAT) == 13 + tier and commander_defence(me, cat=CAT) == 10 + tier


@pytest.mark.parametrize("tier,bow,foot", [(0, (4, 0), (1, 0)), (1, (5, 0), (1, 0)), (2, (6, 0), (1, 0)), (3, (6, 0), (4, 4))])
def test_archery_expertise(tier, bow, foot):
    me = make_commander("Spy", skills={"Archery expertise": tier} if tier else {}, troop=["Bowman", "Footman"])
    state = pair(me, [("Bowman", (3, 3)), ("Footman", (2, 4))])
    assert attack_range(state, state.units[1], cat=CAT) == bow
    assert attack_range(state, state.units[2], cat=CAT) == foot


def test_expert_archery_shot_is_made_at_minus_four():
    from core.commanders.combat import strike_numbers
    import attrs

    me = make_commander("Spy", skills={"Archery expertise": 3}, troop=["Footman"])
    state = pair(me, [("Footman", (3, 3))], foe_troop=[("Footman", (6, 3))])
    n = strike_numbers(state, state.units[1], state.units[3], cat=CAT)
    assert n["attack"] == 12 - 4
    state = with_unit(state, 3, pos=Square(4, 3))
    assert strike_numbers(state, state.units[1], state.units[3], cat=CAT)["attack"] == 12  # adjacent: a normal blow


@pytest.mark.parametrize("tier", [1, 2, 3])
def test_mysticism_restores_mp_at_the_end_of_the_turn(tier):
    me = make_commander("Mystic", skills={"Mysticism expertise": tier})
    state = with_leader(pair(me, []), 0, mp=0)
    after, events = apply(state, EndTurn(0), cat=CAT)
    assert after.leaders[0].mp == tier


def test_manahoar_units_restore_mp():
    me = make_commander("Mage", troop=["Witch", "Witch"])
    state = with_leader(pair(me, [("Witch", (3, 3)), ("Witch", (2, 4))]), 0, mp=0)
    after, _ = apply(state, EndTurn(0), cat=CAT)
    assert after.leaders[0].mp == 2
