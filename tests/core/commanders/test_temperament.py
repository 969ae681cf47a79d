"""The optional Temperament rule: seven scores from the quiz, each a small effect of its role."""

import attrs
import pytest

from core.commanders.commander import TemperamentScore
from core.commanders.quiz import load_quiz, replies_from_text
from core.commanders.quiz_result import result, temperament_from_answers
from core.commanders.temperament import (
    NAMES,
    ROLES,
    Temperament,
    TemperamentModifiers,
    battle_modifiers,
    describe,
    modifiers,
    steps,
    temperament_of,
    with_temperament,
)

from tests.core.commanders.builders import CAT

QUIZ = load_quiz()
THRESHOLDS = QUIZ.temperament.thresholds
PATH = "1a:A 1b:B 2:A 2a:A 3:D 4:A 5a:A 6a:B 7:C 8:A 9:A 10:B 11:A"


def test_the_seven_scores_in_the_seed_order():
    assert NAMES == ("passion", "sympathy", "heed", "recognition", "constraint", "discretion", "judgement")
    assert ROLES[0] == "Aggression/Attack" and ROLES[-1] == "Critical/Weak point"


def test_scores_count_the_answers_naming_them():
    # passion: 1a A, 5a A, 10 B; sympathy: 2 A, 2a A, 7 C; judgement: 3 D, 8 A; ...
    t = temperament_from_answers(QUIZ, replies_from_text(PATH))
    assert t == Temperament(passion=3, sympathy=3, heed=1, recognition=1, constraint=1, discretion=0, judgement=2)


def test_every_answer_but_the_branch_leads_and_question_11_names_one_score():
    for q in QUIZ.questions:
        for a in q.answers:
            if q.id in ("1b", "11") or (a.next and not a.extra_choice):
                assert a.temperament == ()
            else:
                assert len(a.temperament) == 1


@pytest.mark.parametrize("score,expected", [(0, 0), (1, 0), (2, 1), (3, 1), (4, 2), (9, 2)])
def test_steps_by_threshold(score, expected):
    assert QUIZ.temperament.thresholds == (2, 4)
    assert steps(score, (2, 4)) == expected


def test_each_score_drives_its_own_effect():
    for i, name in enumerate(NAMES):
        m = modifiers(Temperament(**{name: 4}), (2, 4))
        values = attrs.astuple(m)
        assert values[i] == 2 and sum(values) == 2
    assert modifiers(Temperament(), (2, 4)) == TemperamentModifiers()


def test_battle_modifiers_of_a_quiz_commander():
    c = result(QUIZ, replies_from_text(PATH), CAT)
    assert temperament_of(c) == temperament_from_answers(QUIZ, replies_from_text(PATH))
    assert battle_modifiers(c, THRESHOLDS) == TemperamentModifiers(attack=1, defence=1, advantage_strikes=1)


def test_a_commander_without_scores_has_no_modifiers():
    c = attrs.evolve(result(QUIZ, replies_from_text(PATH), CAT), temperament=(TemperamentScore("passion", 5),))
    assert battle_modifiers(c, THRESHOLDS) == TemperamentModifiers(attack=2)
    assert battle_modifiers(attrs.evolve(c, temperament=()), THRESHOLDS) == TemperamentModifiers()


def test_describe_names_role_and_effect():
    lines = describe(Temperament(passion=4, discretion=2), (2, 4))
    assert lines[0] == "Passion 4 (Aggression/Attack): attack +2"
    assert lines[1] == "Sympathy 0 (Defensive/Tank): no effect"
    assert lines[5] == "Discretion 2 (Movement/Mobility): movement +1"


def test_with_temperament_folds_attack_defence_and_movement_into_buffs():
    c = attrs.evolve(result(QUIZ, replies_from_text(PATH), CAT), temperament=(
        TemperamentScore("passion", 4), TemperamentScore("sympathy", 2), TemperamentScore("discretion", 2)))
    folded = with_temperament(c, THRESHOLDS)
    assert (folded.buffs.attack, folded.buffs.defence, folded.buffs.movement) == (
        c.buffs.attack + 2, c.buffs.defence + 1, c.buffs.movement + 1)
    assert attrs.evolve(folded, buffs=c.buffs) == c
