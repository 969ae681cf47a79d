"""The Temperament rule in battle: a scenario option that turns the seven scores into effects."""

import json

import attrs

from core.commanders import events as ev
from core.commanders.actions import Cast
from core.commanders.combat import resolve_attack, strike_numbers
from core.commanders.commander import TemperamentScore
from core.commanders.derived import attack_of, defence_of, speeds
from core.commanders.ruleset import CommandersRuleset
from core.commanders.spell_effects import cast
from core.commanders.spells import dice_against
from core.commanders.temperament import TemperamentModifiers
from core.commanders.view import describe_event, explain_action, unit_details
from tests.core.commanders.builders import OPEN, make_battle, make_commander, with_leader
from tests.core.commanders.builders import CAT

RULESET = CommandersRuleset()


def tempered(state, index, **modifiers):
    """Turn the rule on and give leader `index` the named modifiers."""
    state = attrs.evolve(state, temperament=True)
    return with_leader(state, index, temper=TemperamentModifiers(**modifiers))


# --- set-up ------------------------------------------------------------------------------


def test_bundled_scenario_turns_temperament_on_and_buffs_the_commanders():
    setup = RULESET.load_scenario("tempers_at_the_ford")
    assert setup.scenario.temperament is True
    on = RULESET.new_battle(setup, 3)
    off = RULESET.new_battle(attrs.evolve(setup, scenario=attrs.evolve(setup.scenario, temperament=False)), 3)
    assert on.temperament and not off.temperament
    priest, warlock = on.leaders
    # Sister Ione: Heed 4 (two steps at thresholds 2 and 4), Sympathy 2, Constraint 2, Passion 1 (no step)
    assert priest.temper == TemperamentModifiers(defence=1, ally_spell_dice=2, dice_against_troop=1)
    # Kestrel Quill: Recognition 2, Judgement 2, Discretion 2, Passion 2
    assert warlock.temper == TemperamentModifiers(attack=1, debuff_spell_dice=1, movement=1, advantage_strikes=1)
    assert off.leaders[0].temper == TemperamentModifiers() and off.leaders[1].temper == TemperamentModifiers()
    p_on, p_off = on.units[priest.uid], off.units[off.leaders[0].uid]
    w_on, w_off = on.units[warlock.uid], off.units[off.leaders[1].uid]
    assert defence_of(on, p_on, CAT) == defence_of(off, p_off, CAT) + 1  # Sympathy
    assert attack_of(on, w_on, CAT) == attack_of(off, w_off, CAT) + 1  # Passion
    assert speeds(on, w_on, CAT)[0] == speeds(off, w_off, CAT)[0] + 1  # Discretion
    # the scores are on the files; with the rule off nothing changes
    assert off.leaders[1].commander.buffs == setup.commanders[1].buffs
    assert any(line.startswith("temperament: Passion attack +1") for line in unit_details(on, warlock.uid, cat=CAT))


def test_scenarios_default_to_temperament_off():
    setup = RULESET.load_scenario("duel_at_the_ford")
    assert setup.scenario.temperament is False
    assert RULESET.new_battle(setup, 1).temperament is False


# --- spell dice --------------------------------------------------------------------------


def _casters():
    priest = make_commander("Priest", skills={"Life magic": 1}, spells=("Heal", "Decline"), attributes=(0, 0, 2, 0))
    warlock = make_commander("Warlock", skills={"Air magic": 1}, spells=("Thunder", "Mute"), attributes=(0, 0, 4, 1))
    return make_battle(OPEN, [(priest, 0, (1, 1), [("Monk", (2, 1))]), (warlock, 1, (4, 1), [("Sprite", (5, 1))])])


def test_heed_adds_dice_to_spells_at_allies():
    base = _casters()
    heal = CAT.spells["Heal"]
    priest, monk = base.units[0], base.units[1]
    assert dice_against(base, priest, monk, CAT, heal) == 2  # Willpower 2
    state = tempered(base, 0, ally_spell_dice=2)
    assert dice_against(state, priest, monk, CAT, heal) == 4  # + Heed 2
    # Heed is for allies only: an enemy faces Willpower 2 - Knowledge 1 = 1 die either way
    decline = CAT.spells["Decline"]
    assert dice_against(state, priest, state.units[2], CAT, decline) == 1
    events: list = []
    cast(state, Cast(0, 0, "Heal", 1, target=1), events, cat=CAT)
    result = next(e for e in events if isinstance(e, ev.SpellResult))
    assert result.dice == 4 and result.heed == 2 and result.recognition == 0 and result.constraint == 0
    assert "Heed +2 dice" in describe_event(state, result)
    assert any("Heed +2 dice" in line for line in explain_action(state, Cast(0, 0, "Heal", 1, target=1), cat=CAT))


def test_recognition_adds_dice_to_non_attack_spells_at_enemies_only():
    base = attrs.evolve(_casters(), turn=1)
    warlock, priest, monk = base.units[2], base.units[0], base.units[1]
    mute, thunder = CAT.spells["Mute"], CAT.spells["Thunder"]
    # Willpower 4 - Knowledge 0 of the priest
    assert dice_against(base, warlock, priest, CAT, mute) == 4
    state = tempered(base, 1, debuff_spell_dice=1)
    assert dice_against(state, warlock, priest, CAT, mute) == 5  # Mute silences: + Recognition 1
    assert dice_against(state, warlock, priest, CAT, thunder) == 4  # Thunder is an attack: no change
    events: list = []
    cast(state, Cast(1, 2, "Mute", 2, target=0), events, cat=CAT)
    result = next(e for e in events if isinstance(e, ev.SpellResult))
    assert result.dice == 5 and result.recognition == 1
    assert "Recognition +1 die]" in describe_event(state, result)
    assert dice_against(state, warlock, monk, CAT, mute) == 5


def test_constraint_takes_dice_from_enemy_spells_at_the_troop_never_below_the_minimum():
    base = attrs.evolve(_casters(), turn=1)
    warlock, priest, monk = base.units[2], base.units[0], base.units[1]
    thunder = CAT.spells["Thunder"]
    assert dice_against(base, warlock, monk, CAT, thunder) == 4
    state = tempered(base, 0, dice_against_troop=2)
    assert dice_against(state, warlock, monk, CAT, thunder) == 2  # 4 - Constraint 2
    assert dice_against(state, warlock, priest, CAT, thunder) == 2  # the commander is part of its troop
    # the rules' minimum: never fewer than min_spell_dice
    weak = tempered(base, 0, dice_against_troop=9)
    assert dice_against(weak, warlock, monk, CAT, thunder) == CAT.rules.min_spell_dice
    events: list = []
    cast(state, Cast(1, 2, "Thunder", 1, target=1), events, cat=CAT)
    result = next(e for e in events if isinstance(e, ev.SpellResult))
    assert result.dice == 2 and result.constraint == 2
    assert "Constraint -2 dice" in describe_event(state, result)
    # an ally's spell is never reduced by Constraint
    heal = CAT.spells["Heal"]
    assert dice_against(state, priest, monk, CAT, heal) == 2


def test_temperament_off_ignores_the_modifiers():
    base = attrs.evolve(_casters(), turn=1)
    state = with_leader(base, 0, temper=TemperamentModifiers(dice_against_troop=2))  # rule still off
    assert dice_against(state, state.units[2], state.units[1], CAT, CAT.spells["Thunder"]) == 4


# --- Judgement ---------------------------------------------------------------------------


def _knight_against_footman():
    knight = make_commander("Knight", attributes=(0, 0, 0, 0))
    fighter = make_commander("Fighter", troop=("Footman",))
    return make_battle(OPEN, [(knight, 0, (3, 3), []), (fighter, 1, (8, 3), [("Footman", (4, 3))])])


def test_judgement_adds_strikes_when_the_commander_attacks_with_advantage():
    base = _knight_against_footman()
    knight, footman = base.units[0], base.units[2]
    plain = strike_numbers(base, knight, footman, cat=CAT)
    assert plain["advantage"] == 3 and plain["judgement"] == 0
    state = tempered(base, 0, advantage_strikes=1)
    n = strike_numbers(state, knight, footman, cat=CAT)
    assert n["judgement"] == 1 and n["dice"] == plain["dice"] + 1
    events: list = []
    resolve_attack(state, 0, 2, events, cat=CAT)
    first = next(e for e in events if isinstance(e, ev.StrikesRolled))
    assert first.attacker == 0 and first.judgement == 1 and len(first.rolls) == plain["dice"] + 1
    assert "+1 for Judgement (temperament)" in describe_event(state, first)
    from core.commanders.actions import Order

    assert any("Judgement" in line for line in explain_action(state, Order(0, 0, knight.pos, 2), cat=CAT))


def test_judgement_counts_for_retaliation_with_advantage_but_not_without_advantage():
    base = attrs.evolve(_knight_against_footman(), turn=1)
    state = tempered(base, 0, advantage_strikes=1)
    events: list = []
    resolve_attack(state, 2, 0, events, cat=CAT)  # the footman attacks the knight, which strikes back first
    back = next(e for e in events if isinstance(e, ev.StrikesRolled) and e.attacker == 0)
    assert back.retaliation and back.judgement == 1
    # the footman strikes without advantage: no Judgement for anyone else
    assert all(e.judgement == 0 for e in events if isinstance(e, ev.StrikesRolled) and e.attacker == 2)
    # a troop unit with advantage never gets its commander's Judgement
    cavalry = make_commander("Knight", troop=("Cavalry",))
    fighter = make_commander("Fighter", troop=("Footman",))
    mixed = make_battle(OPEN, [(cavalry, 0, (1, 1), [("Cavalry", (3, 3))]), (fighter, 1, (8, 3), [("Footman", (4, 3))])])
    mixed = tempered(mixed, 0, advantage_strikes=1)
    assert strike_numbers(mixed, mixed.units[1], mixed.units[3], cat=CAT)["judgement"] == 0


def test_temperament_battle_round_trips_through_the_codec():
    setup = RULESET.load_scenario("tempers_at_the_ford")
    state = RULESET.new_battle(setup, 9)
    conv = RULESET.codec()
    back = conv.decode_state(json.loads(json.dumps(conv.encode_state(state))))
    assert back == state
    assert TemperamentScore("heed", 4) in setup.commanders[0].temperament
