"""Progression (seed 002 "Experience and classing"): experience, curves, skill points, class change."""

import tomllib

import attrs
import pytest

from core.commanders.commander import Attributes, Commander, SkillRank, commander_from_data, commander_to_toml
from core.commanders.progression import (
    RULES,
    BattleTally,
    CurveOption,
    LevelUpChoice,
    award,
    can_level_up,
    curve_options,
    experience_for,
    experience_for_level,
    level_up,
    levels_waiting,
    offer,
    similar_classes,
    skill_options,
    spend_skill_point,
)
from core.errors import ContentError, IllegalAction
from tests.core.commanders.builders import CAT


def fighter(**changes):
    """A level-1 Fighter (O>A>K): Offence 3, Armour 2, Willpower 1, Knowledge 1; major O, secondary A."""
    base = Commander(
        "commanders", "commander", "Tess", "Fighter", Attributes(3, 2, 1, 1),
        skills=(SkillRank("Leadership", 1),), recruitable=("Pikeman",), troop=("Pikeman",) * 3,
        major_attribute="offence", minor_attribute="armour", attribute_curve="first", skill_curve=3,
    )
    return attrs.evolve(base, **changes)


def rich(c, levels=20):
    return attrs.evolve(c, experience=experience_for_level(c.level + levels))


def values(c):
    return (c.attributes.offence, c.attributes.armour, c.attributes.willpower, c.attributes.knowledge)


def take_class(c, curve_index, free=""):
    """Four level-ups of one class with the curve at `curve_index`; returns the commanders after each."""
    out = []
    c = level_up(c, CAT, LevelUpChoice(curve=curve_index, attribute=free))
    out.append(c)
    for _ in range(3):
        c = level_up(c, CAT, LevelUpChoice(attribute=free))
        out.append(c)
    return out


# --- experience ---------------------------------------------------------------------------

def test_experience_for_a_battle():
    gained, lines = experience_for(BattleTally(units_defeated=3, commanders_defeated=1, won=True))
    assert gained == RULES.xp_taking_part + 3 * RULES.xp_per_unit + RULES.xp_per_commander + RULES.xp_victory == 11
    assert lines == ("+2 experience: taking part", "+3 experience: 3 enemy units defeated",
                     "+3 experience: 1 enemy commander defeated", "+3 experience: victory")
    assert experience_for(BattleTally(took_part=False)) == (0, ())
    assert award(fighter(), BattleTally(won=True)).experience == 5


def test_levels_need_experience():
    assert [experience_for_level(n) for n in (1, 2, 3, 6)] == [0, 10, 20, 50]
    c = fighter(experience=9)
    assert not can_level_up(c)
    with pytest.raises(IllegalAction, match="level 2 needs 10 experience"):
        offer(c, cat=CAT)
    assert can_level_up(fighter(experience=10))
    assert [levels_waiting(fighter(experience=x)) for x in (0, 9, 10, 29, 30)] == [0, 0, 1, 2, 3]
    assert levels_waiting(fighter(level=3, experience=29)) == 0


# --- curves -------------------------------------------------------------------------------

def test_first_curve_options():
    # seed: 1st-4th time primary; or 1st, 2nd and 4th primary, 3rd secondary; plus the class curve
    opts = curve_options(fighter(), cat=CAT)
    assert opts == (
        CurveOption("first", "a", ("offence",) * 4),
        CurveOption("first", "b", ("offence", "offence", "armour", "offence")),
        CurveOption("class", "class", ("offence", "armour", "knowledge", "")),
    )
    after = take_class(rich(fighter()), 1)
    assert [values(c) for c in after] == [(4, 2, 1, 1), (5, 2, 1, 1), (5, 3, 1, 1), (6, 3, 1, 1)]


def test_first_curve_a_gives_four_primary_points():
    after = take_class(rich(fighter()), 0)
    assert values(after[-1]) == (7, 2, 1, 1)
    assert after[0].curve_choice == "a" and after[-1].curve_progress == 4


def test_second_curve_options_and_ties():
    # seed: 1st and 3rd secondary, 2nd and 4th primary; or 1st, 2nd secondary, 3rd lowest, 4th primary.
    # Willpower and Knowledge tie for lowest: the player picks, so each is its own option.
    opts = curve_options(fighter(attribute_curve="second"), cat=CAT)
    assert [o.plan for o in opts[:3]] == [
        ("armour", "offence", "armour", "offence"),
        ("armour", "armour", "willpower", "offence"),
        ("armour", "armour", "knowledge", "offence"),
    ]
    after = take_class(rich(fighter(attribute_curve="second")), 0)
    assert [values(c) for c in after] == [(3, 3, 1, 1), (4, 3, 1, 1), (4, 4, 1, 1), (5, 4, 1, 1)]


def test_third_curve_options():
    # seed: 1st and 3rd lowest, 2nd and 4th second lowest; or 2nd and 4th "highest lowest"
    # (read as the second highest). Lowest and highest are read when the curve is chosen.
    opts = curve_options(fighter(attribute_curve="third"), cat=CAT)
    assert [(o.choice, o.plan) for o in opts] == [
        ("a", ("willpower", "knowledge", "willpower", "knowledge")),
        ("a", ("knowledge", "willpower", "knowledge", "willpower")),
        ("b", ("willpower", "armour", "willpower", "armour")),
        ("b", ("knowledge", "armour", "knowledge", "armour")),
        ("class", ("offence", "armour", "knowledge", "")),
    ]
    after = take_class(rich(fighter(attribute_curve="third")), 0)
    # Willpower is still the 3rd point though it is no longer the lowest: fixed when chosen
    assert [values(c) for c in after] == [(3, 2, 2, 1), (3, 2, 2, 2), (3, 2, 3, 2), (3, 2, 3, 3)]


def test_class_curve_and_free_fourth_point():
    c = rich(fighter())
    c = level_up(c, CAT, LevelUpChoice(curve=2))
    c = level_up(c, CAT, LevelUpChoice())
    c = level_up(c, CAT, LevelUpChoice())
    assert values(c) == (4, 3, 1, 2)  # O, A, K from Fighter's O>A>K
    o = offer(c, cat=CAT)
    assert o.free_attributes == ("offence", "armour", "willpower", "knowledge") and not o.attribute
    with pytest.raises(IllegalAction, match="free pick"):
        level_up(c, CAT, LevelUpChoice())
    c = level_up(c, CAT, LevelUpChoice(attribute="willpower"))
    assert values(c) == (4, 3, 2, 2)


def test_curve_must_be_chosen_and_cannot_change_in_the_class():
    c = rich(fighter())
    with pytest.raises(IllegalAction, match="choose one of the 3 curves"):
        level_up(c, CAT, LevelUpChoice())
    c = level_up(c, CAT, LevelUpChoice(curve=1))
    assert offer(c, cat=CAT).curves == ()
    assert offer(c, cat=CAT).attribute == "offence"


def test_no_attribute_point_at_a_class_change():
    c = take_class(rich(fighter()), 0)[-1]
    assert c.level == 5
    o = offer(c, cat=CAT)
    assert o.level == 6 and o.class_level == 1 and o.classes and not o.attribute and not o.curves


# --- skill points -------------------------------------------------------------------------

@pytest.mark.parametrize("curve", [2, 3, 4])
def test_skill_point_at_the_class_level_of_the_skill_curve(curve):
    c = rich(fighter(skill_curve=curve))
    points = []
    for _ in range(4):
        c = level_up(c, CAT, LevelUpChoice(curve=0))
        points.append(c.skill_points)
    # levels 2, 3, 4, 5: one point, gained at class level `curve`
    assert points == [1 if level >= curve else 0 for level in (2, 3, 4, 5)]
    c = level_up(c, CAT, LevelUpChoice(new_class="Warrior", unit="Footman", spell="Heal"))
    for _ in range(4):
        c = level_up(c, CAT, LevelUpChoice(curve=0))
    assert c.skill_points == 2  # one more in the second class


def test_spending_skill_points():
    c = fighter(skill_points=3)
    names = [o.name for o in skill_options(c, cat=CAT)]
    assert names == list(CAT.skills)
    assert skill_options(c, cat=CAT)[0].tier == 2  # Leadership known at basic: advanced next
    c = spend_skill_point(c, "Leadership", cat=CAT)
    assert c.skill_tier("Leadership") == 2 and c.skill_points == 2
    c = spend_skill_point(c, "Rally", cat=CAT)
    assert c.skill_tier("Rally") == 1
    c = spend_skill_point(c, "Leadership", cat=CAT)
    assert c.skill_tier("Leadership") == 3 and c.skill_points == 0
    with pytest.raises(IllegalAction, match="no skill point"):
        spend_skill_point(c, "Rally", cat=CAT)
    with pytest.raises(IllegalAction, match="already expert"):
        spend_skill_point(attrs.evolve(c, skill_points=1), "Leadership", cat=CAT)


# --- class change -------------------------------------------------------------------------

def test_similar_classes_share_a_type_tag():
    similar = similar_classes("Fighter", cat=CAT)
    assert "Fighter" not in similar
    assert set(similar) == {n for n, c in CAT.classes.items() if n != "Fighter" and set(c.tags) & {"spear", "ground"}}
    assert "Warrior" in similar and "Mage" not in similar


def test_class_change_gives_a_unit_a_spell_and_the_new_class_numbers():
    c = take_class(rich(fighter()), 0)[-1]
    o = offer(c, cat=CAT)
    warrior = next(x for x in o.classes if x.name == "Warrior")
    assert warrior.units == ("Footman",)  # Pikeman is already recruitable
    assert "Heal" in o.spells
    new = level_up(c, CAT, LevelUpChoice(new_class="Warrior", unit="Footman", spell="Heal"))
    assert new.class_name == "Warrior" and new.class_history == ("Fighter",)
    assert new.recruitable == ("Pikeman", "Footman") and new.spells == ("Heal",)
    assert (new.curve_choice, new.curve_plan, new.curve_progress) == ("", (), 0)
    assert values(new) == values(c)
    # attack and defence are the class's: 12/11 as a Fighter, 13/10 as a Warrior
    assert (CAT.classes[c.class_name].attack, CAT.classes[c.class_name].defence) == (12, 11)
    assert (CAT.classes[new.class_name].attack, CAT.classes[new.class_name].defence) == (13, 10)
    assert new.problems_with(CAT) == []
    assert curve_options(new, cat=CAT)[-1].plan == ("armour", "offence", "knowledge", "")  # Warrior's A>O>K


def test_class_change_refuses_choices_outside_the_offer():
    c = take_class(rich(fighter()), 0)[-1]
    with pytest.raises(IllegalAction, match="new class"):
        level_up(c, CAT, LevelUpChoice(new_class="Mage", unit="Witch", spell="Heal"))
    with pytest.raises(IllegalAction, match="new unit"):
        level_up(c, CAT, LevelUpChoice(new_class="Warrior", unit="Cavalry", spell="Heal"))
    with pytest.raises(IllegalAction, match="spell"):
        level_up(c, CAT, LevelUpChoice(new_class="Warrior", unit="Footman", spell="Meteors"))


def test_a_grown_commander_file_round_trips():
    c = take_class(rich(fighter()), 2, free="knowledge")[-1]
    c = level_up(c, CAT, LevelUpChoice(new_class="Ranger", unit="Bowman", spell="Thunder"))
    assert c.problems_with(CAT) == []
    assert commander_from_data(tomllib.loads(commander_to_toml(c)), cat=CAT) == c


def test_the_documented_commander_example_is_valid():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[3] / "docs" / "FORMATS.md").read_text()
    section = text.split("### Commander file: quiz and progression fields", 1)[1]
    example = section.split("```toml", 1)[1].split("```", 1)[0]
    c = commander_from_data(tomllib.loads(example), cat=CAT)
    assert (c.level, c.curve_plan[c.curve_progress], c.attributes.offence) == (3, "armour", 5)
    assert offer(attrs.evolve(c, experience=30), cat=CAT).attribute == "armour"


def test_a_quiz_commander_survives_between_battles_as_a_file(tmp_path):
    from core.commanders.commander import load_commander, save_commander
    from core.commanders.ruleset import RULESET
    from core.commanders.quiz import replies_from_text

    path = tmp_path / "tess.toml"
    c = RULESET.quiz_outcome(replies_from_text("1a:A 1b:B 2:A 2a:A 3:D 4:A 5a:A 6a:B 7:C 8:A 9:A 10:B 11:A"), name="Tess").commander
    save_commander(c, path, cat=CAT)
    c = award(load_commander(path, cat=CAT), BattleTally(units_defeated=3, commanders_defeated=1, won=True))
    c = level_up(c, CAT, LevelUpChoice(curve=1))
    save_commander(c, path, cat=CAT)
    again = load_commander(path, cat=CAT)
    assert again == c
    assert (again.level, again.experience, again.skill_points, again.curve_plan) == (
        2, 11, 1, ("offence", "offence", "armour", "offence"))


def test_every_bundled_commander_can_level_up():
    from core.commanders.commander import load_commander
    from core.commanders.setup import commanders_dir

    files = sorted(commanders_dir().glob("*.toml"))
    assert files
    for path in files:
        c = load_commander(path, cat=CAT)
        c = attrs.evolve(c, experience=experience_for_level(c.level + 1))
        o = offer(c, cat=CAT)
        if o.classes:
            pick = o.classes[0]
            choice = LevelUpChoice(new_class=pick.name, unit=pick.units[0] if pick.units else "", spell=o.spells[0])
        else:
            choice = LevelUpChoice(curve=0 if o.curves else -1, attribute="offence")
        grown = level_up(c, CAT, choice)
        assert grown.level == c.level + 1 and grown.problems_with(CAT) == [], path.name


def test_a_hand_written_curve_choice_without_plan_follows_its_first_option():
    c = fighter(level=3, experience=30, curve_choice="b", curve_progress=2)
    grown = level_up(c, CAT)
    assert grown.curve_plan == ("offence", "offence", "armour", "offence")
    assert values(grown) == (3, 3, 1, 1)


def _file(tmp_path, text):
    from core.commanders.commander import load_commander

    path = tmp_path / "c.toml"
    path.write_text(text)
    try:
        load_commander(path, cat=CAT)
    except ContentError as exc:
        return {(p.field, p.reason) for p in exc.problems}
    return set()


HAND_MADE = '''ruleset = "commanders"
kind = "commander"
name = "Hand made"
class_name = "Knight"
level = 2
experience = 10
skills = [{ name = "Leadership", tier = 1 }]
recruitable = ["Footman", "Cavalry"]
troop = ["Cavalry", "Cavalry", "Cavalry"]
major_attribute = "offence"
minor_attribute = "armour"
[attributes]
offence = 4
armour = 2
willpower = 1
knowledge = 1
'''


def test_a_commander_file_is_checked_against_its_level(tmp_path):
    # a level-2 Knight: offence starts at 1 + 2 (major) and class level 2 gives one point, so 4 at most
    assert _file(tmp_path, HAND_MADE) == set()
    found = _file(tmp_path, HAND_MADE.replace("offence = 4", "offence = 300"))
    assert ("attributes.offence", "300 is out of reach at level 2: at most 4 (3 to start, 1 point by level 2)") in found
    assert ("attributes", "304 points in all; level 2 gives at most 8") in found
    missing = _file(tmp_path, HAND_MADE.replace('troop = ["Cavalry", "Cavalry", "Cavalry"]\n', "")
                    .replace('major_attribute = "offence"\n', ""))
    assert {f for f, _ in missing} >= {"troop", "major_attribute"}


def test_class_history_skills_spells_and_units_must_be_reachable(tmp_path):
    text = HAND_MADE.replace("level = 2", "level = 6").replace("experience = 10", "experience = 50")
    # level 6 comes after one class change: the history must name it
    assert any(f == "class_history" for f, _ in _file(tmp_path, text))
    grown = text.replace('recruitable = ["Footman", "Cavalry"]', 'class_history = ["Warrior"]\nrecruitable = ["Footman", "Cavalry", "Pikeman"]')
    assert _file(tmp_path, grown) == set()
    # a Mage is no class similar to a Knight (no shared type)
    assert any(f == "class_history[0]" or f == "class_name" for f, _ in _file(tmp_path, grown.replace('["Warrior"]', '["Mage"]')))
    # Warrior's skill, 3 from the quiz and 1 skill point by level 6: five tiers at most
    over = grown.replace('skills = [{ name = "Leadership", tier = 1 }]',
                         'skills = [{ name = "Leadership", tier = 3 }, { name = "Rally", tier = 3 }]')
    assert any(f == "skills" for f, _ in _file(tmp_path, over))
    spells = grown.replace('class_name = "Knight"', 'class_name = "Knight"\nspells = ["Heal", "Bless", "Fire Ball", "Thunder"]')
    assert ("spells", "4 spells beyond Warrior's own (Heal, Bless, Fire Ball, Thunder); the quiz adds at most 2 and each class change 1 (1)") in _file(tmp_path, spells)
    # an experience that does not pay for the level
    assert any(f == "experience" for f, _ in _file(tmp_path, grown.replace("experience = 50", "experience = 20")))
