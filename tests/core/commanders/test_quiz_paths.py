"""Whole quiz paths: four pinned commanders and a property test over every branch path."""

import tomllib

from hypothesis import given, settings, strategies as st

from core.commanders.commander import Buffs, commander_from_data, commander_to_toml
from core.commanders.content import ATTRIBUTES
from core.commanders import quiz_result
from core.commanders.quiz import allowed_letters, answer, load_quiz, next_question, replies_from_text
from core.commanders.temperament import NAMES
from tests.core.commanders.builders import CAT

QUIZ = load_quiz()
def assess(replies, **picks):
    """What the bundled quiz makes of `replies` (with the bundled catalogue)."""
    return quiz_result.assess(QUIZ, replies, CAT, **picks)


def skills_of(c):
    return tuple((s.name, s.tier) for s in c.skills)


def temperament_of(c):
    return tuple(s.value for s in c.temperament)


def test_path_fighter():
    # 1a A Offence, 1b B Armour, 2 A extra unit of 2a A defence type, 3 D ground, 4 A spear,
    # 5a A Combat expertise, 6a B Protection, 7 C Resistance, 8 A 1st curve, 9 A, 10 B +2 attack
    o = assess(replies_from_text("1a:A 1b:B 2:A 2a:A 3:D 4:A 5a:A 6a:B 7:C 8:A 9:A 10:B 11:A"))
    c = o.commander
    assert c.class_name == "Fighter" and o.class_options == ("Fighter",)
    assert [(s.name, s.points) for s in o.ranking[:3]] == [("Fighter", 9), ("Warrior", 7), ("Barbarian", 6)]
    assert (c.attributes.offence, c.attributes.armour, c.attributes.willpower, c.attributes.knowledge) == (3, 2, 1, 1)
    # Fighter teaches Leadership or Resistance: Resistance already comes from 7 C, so Leadership
    assert skills_of(c) == (("Leadership", 1), ("Combat expertise", 1), ("Resistance", 1))
    assert c.spells == ("Protection",)
    assert o.unit_options == ("Phalanx", "Turtle", "Footman")  # highest defence first
    assert c.recruitable == ("Pikeman", "Phalanx") and c.troop == ("Pikeman",) * 3
    assert c.buffs == Buffs(attack=2)
    assert (c.attribute_curve, c.skill_curve) == ("first", 2)
    assert temperament_of(c) == (3, 3, 1, 1, 1, 0, 2)


def test_path_mer_lord():
    # 1a D Willpower, 1b C Knowledge, 2 C extra attack spell, 3 C navy, 4 D magic, 5a C -> 5b D
    # Life magic, 6a E Heal, 7 D Rally, 8 B 2nd curve, 9 B, 10 E +5 MP
    o = assess(replies_from_text("1a:D 1b:C 2:C 2c:A 3:C 4:D 5a:C 5b:D 6a:E 7:D 8:B 9:B 10:E 11:B"))
    c = o.commander
    assert c.class_name == "Mer Lord"
    assert (c.attributes.offence, c.attributes.armour, c.attributes.willpower, c.attributes.knowledge) == (1, 1, 3, 2)
    assert skills_of(c) == (("Nature magic", 1), ("Life magic", 1), ("Rally", 1))
    assert o.spell_options == ("Fire Ball", "Thunder", "Holy Blaze")
    assert c.spells == ("Sleep", "Heal", "Fire Ball")
    assert c.recruitable == ("Mermaid",)
    assert c.buffs == Buffs(max_mp=5)
    assert (c.attribute_curve, c.skill_curve) == ("second", 3)
    assert temperament_of(c) == (1, 3, 3, 1, 1, 2, 0)


def test_path_extra_class_choice():
    # 2 D: the best class (Knight, from 3 B deer and 4 C spoon) and the best of 2d A's support type
    replies = replies_from_text("1a:C 1b:B 2:D 2d:A 3:B 4:C 5a:B 6a:F 7:A 8:C 9:C 10:D 11:C")
    o = assess(replies)
    assert o.class_options == ("Knight", "Priest")
    knight = o.commander
    assert knight.class_name == "Knight"
    assert skills_of(knight) == (("Leadership", 2), ("Archery expertise", 1))  # 7 A and the class
    assert knight.spells == ("Bless",)
    assert knight.buffs == Buffs(ignore_movement_penalties=True)
    priest = assess(replies, class_name="Priest").commander
    assert priest.class_name == "Priest"
    assert priest.spells == ("Heal", "Bless", "Decline")  # Bless from 6a F is already a Priest spell
    assert priest.recruitable == ("Monk",)
    assert (priest.attributes.knowledge, priest.attributes.armour) == (3, 2)
    assert (priest.attribute_curve, priest.skill_curve) == ("third", 4)


def test_path_beast_flier():
    # 1a B Armour, 1b A Offence, 2 B -> 2b C Mysticism, 3 A air, 4 A spear, 5a D Mysticism again,
    # 6a G -> 6b C +1 attack and defence, 7 B Pathfinding, 8 B, 9 A, 10 F spell range +1
    o = assess(replies_from_text("1a:B 1b:A 2:B 2b:C 3:A 4:A 5a:D 6a:G 6b:C 7:B 8:B 9:A 10:F 11:D"))
    c = o.commander
    assert c.class_name == "Beast Flier"
    assert (c.attributes.offence, c.attributes.armour) == (2, 3)
    assert skills_of(c) == (("Leadership", 1), ("Mysticism expertise", 2), ("Pathfinding", 1))
    assert c.spells == () and c.recruitable == ("Hawk",)
    assert c.buffs == Buffs(attack=1, defence=1, spell_range=1)
    assert temperament_of(c) == (1, 1, 2, 1, 1, 2, 3)


@st.composite
def complete_replies(draw):
    got = ()
    while (q := next_question(QUIZ, got)) is not None:
        got = answer(QUIZ, got, q.id, draw(st.sampled_from(allowed_letters(QUIZ, got, q.id))))
    return got


@settings(max_examples=150, deadline=None)
@given(complete_replies(), st.data())
def test_every_path_makes_a_valid_commander(replies, data):
    first = assess(replies)
    picks = {"class_name": data.draw(st.sampled_from(first.class_options))}
    outcome = assess(replies, **picks)
    if outcome.unit_options:
        picks["unit"] = data.draw(st.sampled_from(outcome.unit_options))
    if outcome.spell_options:
        picks["spell"] = data.draw(st.sampled_from(outcome.spell_options))
    c = assess(replies, **picks).commander
    assert c.problems_with(CAT) == []
    spec = CAT.classes[c.class_name]
    assert set(spec.units) <= set(c.recruitable) and set(spec.spells) <= set(c.spells)
    assert sum(c.attributes.get(a) for a in ATTRIBUTES) == 4 * 1 + 2 + 1
    assert c.major_attribute != c.minor_attribute
    assert c.attribute_curve in ("first", "second", "third") and c.skill_curve in (2, 3, 4)
    assert len(c.skills) >= 2 and all(1 <= s.tier <= 3 for s in c.skills)
    assert tuple(s.name for s in c.temperament) == NAMES
    assert sum(s.value for s in c.temperament) <= len(replies)
    assert len(c.recruitable) == len(set(c.recruitable)) and len(c.spells) == len(set(c.spells))
    assert commander_from_data(tomllib.loads(commander_to_toml(c)), cat=CAT) == c
    assert assess(replies, **picks).commander == c  # deterministic


def test_every_branch_structure_makes_valid_commanders():
    # 4 branches of question 2 x (5a with or without 5b) x (6a with or without 6b), every option offered
    count = 0
    for q2, branch in zip("ABCD", ("2a", "2b", "2c", "2d")):
        for fifth in ("5a:A", "5a:C 5b:D"):
            for sixth in ("6a:F", "6a:G 6b:B"):
                for last in ("A", "C"):
                    text = f"1a:C 1b:D 2:{q2} {branch}:{last} 3:C 4:B {fifth} {sixth} 7:B 8:C 9:C 10:D 11:A"
                    replies = replies_from_text(text)
                    outcome = assess(replies)
                    for name in outcome.class_options:
                        for unit in outcome.unit_options or ("",):
                            for spell in outcome.spell_options or ("",):
                                c = assess(replies, class_name=name, unit=unit, spell=spell).commander
                                assert c.problems_with(CAT) == []
                                count += 1
    assert count > 16


def test_quiz_commanders_take_the_field():
    # the commanders two pinned paths make replace the bundled duel's and a battle starts
    from core.commanders.setup import Setup, battles_dir, load_setup, new_battle

    setup = load_setup(battles_dir() / "duel_at_the_ford.toml", cat=CAT)
    made = (
        assess(replies_from_text("1a:A 1b:B 2:A 2a:A 3:D 4:A 5a:A 6a:B 7:C 8:A 9:A 10:B 11:A")).commander,
        assess(replies_from_text("1a:D 1b:C 2:C 2c:A 3:C 4:D 5a:C 5b:D 6a:E 7:D 8:B 9:B 10:E 11:B")).commander,
    )
    state, events = new_battle(Setup(setup.scenario, setup.board, made), seed=7, cat=CAT)
    assert len(events) == 2
    assert sorted(u.kind for u in state.units if u.role == "troop") == sorted(made[0].troop + made[1].troop)
    assert [u.kind for u in state.units if u.role == "commander"] == ["Fighter", "Mer Lord"]


ONE_PATH_PER_CLASS = [
    ("Mystic", "1a:C 1b:D 2:D 2d:D 3:A 4:B 5a:D 6a:E 7:A 8:B 9:C 10:B 11:B"),
    ("Wizard", "1a:D 1b:A 2:D 2d:C 3:C 4:D 5a:A 6a:B 7:A 8:A 9:A 10:A 11:D"),
    ("Mage", "1a:D 1b:C 2:C 2c:C 3:C 4:D 5a:C 5b:A 6a:D 7:B 8:C 9:C 10:B 11:D"),
    ("Fighter", "1a:D 1b:B 2:A 2a:C 3:D 4:C 5a:B 6a:E 7:A 8:B 9:A 10:A 11:A"),
    ("Warrior", "1a:B 1b:C 2:C 2c:C 3:D 4:D 5a:A 6a:D 7:B 8:C 9:B 10:D 11:B"),
    ("Barbarian", "1a:D 1b:C 2:D 2d:A 3:D 4:C 5a:B 6a:C 7:D 8:A 9:C 10:D 11:A"),
    ("Knight", "1a:D 1b:C 2:A 2a:A 3:B 4:B 5a:A 6a:G 6b:C 7:A 8:C 9:A 10:A 11:A"),
    ("Paladin", "1a:B 1b:A 2:A 2a:C 3:B 4:D 5a:B 6a:G 6b:A 7:D 8:A 9:B 10:A 11:B"),
    ("Chevalier", "1a:A 1b:C 2:C 2c:C 3:B 4:D 5a:D 6a:G 6b:C 7:D 8:B 9:A 10:E 11:C"),
    ("Ranger", "1a:C 1b:D 2:D 2d:C 3:D 4:A 5a:D 6a:D 7:B 8:C 9:A 10:C 11:B"),
    ("Spy", "1a:C 1b:B 2:C 2c:A 3:D 4:B 5a:B 6a:G 6b:A 7:A 8:B 9:A 10:F 11:A"),
    ("Pegasus Knight", "1a:A 1b:C 2:B 2b:B 3:A 4:B 5a:D 6a:D 7:B 8:B 9:A 10:F 11:B"),
    ("Beast Flier", "1a:C 1b:A 2:C 2c:A 3:A 4:B 5a:B 6a:A 7:B 8:B 9:A 10:C 11:A"),
    ("Warlock", "1a:B 1b:D 2:A 2a:B 3:A 4:D 5a:D 6a:D 7:D 8:A 9:A 10:D 11:A"),
    ("Mer Lord", "1a:B 1b:D 2:C 2c:C 3:C 4:D 5a:C 5b:D 6a:D 7:A 8:A 9:B 10:D 11:C"),
    ("Wyrm Rider", "1a:D 1b:C 2:A 2a:A 3:C 4:C 5a:C 5b:B 6a:D 7:D 8:A 9:B 10:C 11:C"),
    ("Pirate", "1a:D 1b:A 2:C 2c:A 3:C 4:A 5a:B 6a:C 7:C 8:A 9:A 10:B 11:C"),
    ("Priest", "1a:C 1b:B 2:D 2d:A 3:A 4:B 5a:A 6a:G 6b:B 7:B 8:A 9:A 10:C 11:A"),
    ("Shaman", "1a:C 1b:D 2:D 2d:A 3:A 4:B 5a:B 6a:B 7:C 8:B 9:C 10:A 11:A"),
    ("Druid", "1a:C 1b:B 2:D 2d:A 3:C 4:B 5a:B 6a:A 7:A 8:A 9:A 10:A 11:C"),
]


def test_every_class_can_come_out_of_the_quiz():
    assert sorted(name for name, _ in ONE_PATH_PER_CLASS) == sorted(CAT.classes)
    for name, text in ONE_PATH_PER_CLASS:
        outcome = assess(replies_from_text(text))
        assert outcome.ranking[0].name == name == outcome.commander.class_name, text
