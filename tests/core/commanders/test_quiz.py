"""The quiz (seed 002 "Classes"): questions, branches, each answer's effect, going back."""

import shutil

import pytest

from core.commanders.quiz import (
    Reply,
    allowed_letters,
    answer,
    check_replies,
    is_complete,
    load_quiz,
    next_question,
    previous_question,
    quiz_from_data,
    quiz_path,
    replies_from_text,
    walk,
)
from core.content import load
from core.commanders import quiz_result
from core.commanders.quiz import Answer, Question, Quiz
from core.errors import ContentError, IllegalAction
from tests.core.commanders.builders import CAT

QUIZ = load_quiz()
def assess(replies, **picks):
    """What the bundled quiz makes of `replies` (with the bundled catalogue)."""
    return quiz_result.assess(QUIZ, replies, CAT, **picks)


def result(replies, **picks):
    return assess(replies, **picks).commander


def explain(replies, **picks):
    return assess(replies, **picks).explanation

BASE = "1a:A 1b:B 2:A 2a:A 3:D 4:A 5a:A 6a:B 7:C 8:A 9:A 10:B 11:A"


def replies(text=BASE):
    return replies_from_text(text)


def with_answer(text, qid, letter):
    return answer(QUIZ, replies(text), qid, letter)


def test_all_questions_are_there():
    ids = [q.id for q in QUIZ.questions]
    assert ids == ["1a", "1b", "2", "2a", "2b", "2c", "2d", "3", "4", "5a", "5b", "6a", "6b",
                   "7", "8", "9", "10", "11"]
    counts = {q.id: len(q.answers) for q in QUIZ.questions}
    assert counts == {"1a": 4, "1b": 4, "2": 4, "2a": 3, "2b": 3, "2c": 3, "2d": 4, "3": 4, "4": 4,
                      "5a": 4, "5b": 4, "6a": 7, "6b": 4, "7": 4, "8": 3, "9": 3, "10": 6, "11": 4}


def _walk_answering(letters):
    """Answer whatever comes next with the letter given for it; return the question order."""
    got = ()
    order = []
    while (q := next_question(QUIZ, got)) is not None:
        order.append(q.id)
        got = answer(QUIZ, got, q.id, letters.get(q.id, allowed_letters(QUIZ, got, q.id)[0]))
    return order


@pytest.mark.parametrize("letter,branch", [("A", "2a"), ("B", "2b"), ("C", "2c"), ("D", "2d")])
def test_question_2_branches(letter, branch):
    order = _walk_answering({"2": letter})
    i = order.index("2")
    assert order[i + 1] == branch and order[i + 2] == "3"
    assert not {"2a", "2b", "2c", "2d"} - {branch} & set(order)


@pytest.mark.parametrize("letter,goes_to_5b", [("A", False), ("B", False), ("C", True), ("D", False)])
def test_question_5a_branches(letter, goes_to_5b):
    order = _walk_answering({"5a": letter})
    i = order.index("5a")
    assert order[i + 1] == ("5b" if goes_to_5b else "6a")
    assert ("5b" in order) == goes_to_5b


@pytest.mark.parametrize("letter", list("ABCDEFG"))
def test_question_6a_branches(letter):
    order = _walk_answering({"6a": letter})
    i = order.index("6a")
    assert order[i + 1] == ("6b" if letter == "G" else "7")


def test_full_order_and_question_11_last():
    order = _walk_answering({})
    assert order == ["1a", "1b", "2", "2a", "3", "4", "5a", "6a", "7", "8", "9", "10", "11"]


@pytest.mark.parametrize("first", "ABCD")
def test_1b_cannot_repeat_1a(first):
    got = answer(QUIZ, (), "1a", first)
    assert first not in allowed_letters(QUIZ, got, "1b")
    assert len(allowed_letters(QUIZ, got, "1b")) == 3
    with pytest.raises(IllegalAction, match="may not repeat"):
        answer(QUIZ, got, "1b", first)


def test_unknown_letter_and_off_path_question_are_refused():
    got = replies()
    with pytest.raises(IllegalAction, match="no answer 'Z'"):
        answer(QUIZ, got, "3", "Z")
    with pytest.raises(IllegalAction, match="not on the path"):
        answer(QUIZ, got, "2b", "A")
    with pytest.raises(IllegalAction, match="no question"):
        answer(QUIZ, got, "12", "A")
    assert got == replies()  # untouched


def test_change_question_2_forgets_the_old_branch_and_keeps_the_rest():
    changed = with_answer(BASE, "2", "B")
    assert "2a" not in [r.question for r in changed]
    assert next_question(QUIZ, changed).id == "2b"
    assert [r.question for r in changed][-9:] == ["3", "4", "5a", "6a", "7", "8", "9", "10", "11"]
    done = answer(QUIZ, changed, "2b", "C")
    assert is_complete(QUIZ, done)
    assert "2b" in walk(QUIZ, done)


def test_change_1a_to_the_letter_of_1b_asks_1b_again():
    changed = with_answer(BASE, "1a", "B")
    assert next_question(QUIZ, changed).id == "1b"
    assert "B" not in allowed_letters(QUIZ, changed, "1b")


def test_change_5a_away_from_c_drops_5b():
    text = BASE.replace("5a:A", "5a:C 5b:B")
    assert is_complete(QUIZ, replies(text))
    changed = with_answer(text, "5a", "D")
    assert "5b" not in [r.question for r in changed]
    assert is_complete(QUIZ, changed)


def test_change_an_ordinary_answer_keeps_everything():
    changed = with_answer(BASE, "7", "D")
    assert len(changed) == len(replies()) and Reply("7", "D") in changed


def test_previous_question():
    got = replies("1a:A 1b:B 2:C")
    assert previous_question(QUIZ, got) == "2"
    assert previous_question(QUIZ, got, "2c") == "2"
    assert previous_question(QUIZ, got, "1a") is None
    assert previous_question(QUIZ, replies(), None) == "11"


def test_check_replies_names_the_fault():
    with pytest.raises(IllegalAction, match="question 11 is not answered"):
        check_replies(QUIZ, replies(BASE.replace(" 11:A", "")))
    with pytest.raises(IllegalAction, match="answered twice"):
        check_replies(QUIZ, replies(BASE + " 11:B"))
    with pytest.raises(IllegalAction, match="not on a valid path"):
        check_replies(QUIZ, replies(BASE + " 2b:A"))
    with pytest.raises(IllegalAction, match="question:letter"):
        replies_from_text("1a-A")


# --- each answer's effect, as the seed lists it ------------------------------------------

SEED_EFFECTS = {
    ("1a", "A"): ("major_attribute", "offence"), ("1a", "B"): ("major_attribute", "armour"),
    ("1a", "C"): ("major_attribute", "knowledge"), ("1a", "D"): ("major_attribute", "willpower"),
    ("1b", "A"): ("secondary_attribute", "offence"), ("1b", "B"): ("secondary_attribute", "armour"),
    ("1b", "C"): ("secondary_attribute", "knowledge"), ("1b", "D"): ("secondary_attribute", "willpower"),
    ("2", "A"): ("extra_choice", "unit"), ("2", "B"): ("extra_choice", "skill"),
    ("2", "C"): ("extra_choice", "spell"), ("2", "D"): ("extra_choice", "class"),
    ("2a", "A"): ("unit_inclination", "defence"), ("2a", "B"): ("unit_inclination", "all_around"),
    ("2a", "C"): ("unit_inclination", "special_attack"),
    ("2b", "A"): ("extra_skill", "Combat expertise"), ("2b", "B"): ("extra_skill", "Archery expertise"),
    ("2b", "C"): ("extra_skill", "Mysticism expertise"),
    ("2c", "A"): ("spell_inclination", "attack"), ("2c", "B"): ("spell_inclination", "buff"),
    ("2c", "C"): ("spell_inclination", "debuff"),
    ("2d", "A"): ("class_inclination", ("support",)), ("2d", "B"): ("class_inclination", ("mounted",)),
    ("2d", "C"): ("class_inclination", ("ground", "defence")), ("2d", "D"): ("class_inclination", ("magic",)),
    ("3", "A"): ("class_inclination", ("air",)), ("3", "B"): ("class_inclination", ("mounted",)),
    ("3", "C"): ("class_inclination", ("navy",)), ("3", "D"): ("class_inclination", ("ground",)),
    ("4", "A"): ("class_inclination", ("spear",)), ("4", "B"): ("class_inclination", ("grunt",)),
    ("4", "C"): ("class_inclination", ("mounted",)), ("4", "D"): ("class_inclination", ("magic",)),
    ("5a", "A"): ("skill", "Combat expertise"), ("5a", "B"): ("skill", "Archery expertise"),
    ("5a", "C"): ("next", "5b"), ("5a", "D"): ("skill", "Mysticism expertise"),
    ("5b", "A"): ("skill", "Fire magic"), ("5b", "B"): ("skill", "Air magic"),
    ("5b", "C"): ("skill", "Nature magic"), ("5b", "D"): ("skill", "Life magic"),
    ("6a", "A"): ("spell", "Fine"), ("6a", "B"): ("spell", "Protection"), ("6a", "C"): ("spell", "Fire Ball"),
    ("6a", "D"): ("spell", "Thunder"), ("6a", "E"): ("spell", "Heal"), ("6a", "F"): ("spell", "Bless"),
    ("6a", "G"): ("next", "6b"),
    ("6b", "A"): ("command_range", 1), ("6b", "B"): ("max_mp", 5), ("6b", "C"): ("attack", 1),
    ("6b", "D"): ("movement", 1),
    ("7", "A"): ("skill", "Leadership"), ("7", "B"): ("skill", "Pathfinding"),
    ("7", "C"): ("skill", "Resistance"), ("7", "D"): ("skill", "Rally"),
    ("8", "A"): ("attribute_curve", "first"), ("8", "B"): ("attribute_curve", "second"),
    ("8", "C"): ("attribute_curve", "third"),
    ("9", "A"): ("skill_curve", 2), ("9", "B"): ("skill_curve", 3), ("9", "C"): ("skill_curve", 4),
    ("10", "A"): ("defence", 2), ("10", "B"): ("attack", 2), ("10", "C"): ("movement", 1),
    ("10", "D"): ("ignore_movement_penalties", True), ("10", "E"): ("max_mp", 5), ("10", "F"): ("spell_range", 1),
}


def test_every_answer_is_listed():
    listed = {(q.id, a.letter) for q in QUIZ.questions for a in q.answers}
    assert listed - set(SEED_EFFECTS) == {("11", letter) for letter in "ABCD"}


@pytest.mark.parametrize("key", sorted(SEED_EFFECTS))
def test_answer_effect_data(key):
    field, value = SEED_EFFECTS[key]
    assert getattr(QUIZ.question(key[0]).answer(key[1]), field) == value
    if key == ("6b", "C"):
        assert QUIZ.question("6b").answer("C").defence == 1


def _path_through(qid, letter):
    """A complete path that answers `qid` with `letter` (other answers: the base path's)."""
    got = replies()
    prefix = {"2a": ("2", "A"), "2b": ("2", "B"), "2c": ("2", "C"), "2d": ("2", "D"),
              "5b": ("5a", "C"), "6b": ("6a", "G")}
    if qid in prefix:
        got = answer(QUIZ, got, *prefix[qid])
    if qid == "1b" and letter == "A":
        got = answer(QUIZ, got, "1a", "C")
    got = answer(QUIZ, got, qid, letter)
    while (q := next_question(QUIZ, got)) is not None:
        got = answer(QUIZ, got, q.id, allowed_letters(QUIZ, got, q.id)[0])
    return got


@pytest.mark.parametrize("key", sorted(SEED_EFFECTS))
def test_answer_effect_reaches_the_commander(key):
    qid, letter = key
    field, value = SEED_EFFECTS[key]
    outcome = assess(_path_through(qid, letter))
    c = outcome.commander
    if field == "major_attribute":
        assert c.major_attribute == value and c.attributes.get(value) == 3
    elif field == "secondary_attribute":
        assert c.minor_attribute == value and c.attributes.get(value) == 2
    elif field == "extra_choice":
        assert outcome.extra_choice == value
    elif field == "unit_inclination":
        assert outcome.unit_options and outcome.unit_options[0] in c.recruitable
    elif field in ("extra_skill", "skill"):
        assert c.skill_tier(value) >= 1
    elif field == "spell_inclination":
        assert outcome.spell_options and outcome.spell_options[0] in c.spells
    elif field == "class_inclination":
        assert any(line.startswith(f"{qid} {letter} ") and "inclines the class" in line for line in outcome.explanation)
    elif field == "spell":
        assert value in c.spells
    elif field == "next":
        assert value in [r.question for r in outcome.replies]
    elif field in ("attribute_curve", "skill_curve"):
        assert getattr(c, field) == value
    else:
        assert getattr(c.buffs, field) >= value


def test_question_11_has_no_effect():
    commanders = [result(replies(BASE.replace("11:A", f"11:{x}"))) for x in "ABCD"]
    assert len({(c.class_name, c.attributes, c.skills, c.spells, c.recruitable, c.buffs, c.temperament)
                for c in commanders}) == 1
    assert "11 A (Biceps): no effect (an unrelated question)" in explain(replies())


def test_explanation_says_which_answer_did_what():
    lines = explain(replies())
    assert lines[0] == "1a A (Green endless plains.): Offence is the major attribute (+2)"
    assert "1b B (Snow covered mountains.): Armour is the secondary attribute (+1)" in lines
    assert "6a B (Smithing club.): learns Protection" in lines
    assert "10 B (To carve my own path.): +2 commander attack" in lines
    assert any(line.startswith("Class Fighter with 9 points") for line in lines)


def test_starting_attributes_from_1a_and_1b():
    c = result(replies())
    assert (c.attributes.offence, c.attributes.armour, c.attributes.willpower, c.attributes.knowledge) == (3, 2, 1, 1)


def test_a_skill_given_twice_starts_advanced():
    # 2b C and 5a D both give Mysticism expertise
    c = result(replies("1a:B 1b:A 2:B 2b:C 3:A 4:A 5a:D 6a:G 6b:C 7:B 8:B 9:A 10:F 11:D"))
    assert c.skill_tier("Mysticism expertise") == 2


def test_picks_outside_the_offer_are_refused():
    got = replies()
    with pytest.raises(IllegalAction, match="not among the classes offered"):
        assess(got, class_name="Mage")
    with pytest.raises(IllegalAction, match="not among the extra units"):
        assess(got, unit="Dragoon")
    with pytest.raises(IllegalAction, match="only question 2 answer C"):
        assess(got, spell="Heal")
    with pytest.raises(IllegalAction, match="not answered"):
        result(replies("1a:A 1b:B"))


def test_broken_quiz_file_names_the_field(tmp_path):
    target = tmp_path / "quiz.toml"
    shutil.copy(quiz_path(), target)
    text = target.read_text().replace('major_attribute = "armour"', 'major_attribute = "armor"', 1)
    target.write_text(text)
    with pytest.raises(ContentError) as err:
        load(target, Quiz)
    assert "questions[0].answers[1].major_attribute" in str(err.value)
    assert "'armor' is not one of" in str(err.value)


def test_a_looping_quiz_is_refused(tmp_path):
    target = tmp_path / "quiz.toml"
    shutil.copy(quiz_path(), target)
    target.write_text(target.read_text().replace('next = "11"', 'next = "1a"', 1))
    with pytest.raises(ContentError, match="loop"):
        load(target, Quiz)


def test_quiz_from_data_checks_like_the_loader():
    import tomllib

    data = tomllib.loads(quiz_path().read_text())
    assert quiz_from_data(data) == QUIZ
    with pytest.raises(ContentError, match="must be 'quiz'"):
        quiz_from_data({**data, "kind": "commander"})


def test_every_name_in_the_quiz_is_in_the_catalogue():
    from core.commanders.quiz_result import catalogue_problems

    assert catalogue_problems(QUIZ, CAT) == []
    broken = Quiz(QUIZ.ruleset, QUIZ.kind, QUIZ.first, tuple(
        q if q.id != "6a" else Question(q.id, q.heading, q.text, (Answer("A", "x", spell="Fireball"),), q.next)
        for q in QUIZ.questions), spell_kinds=QUIZ.spell_kinds)
    assert catalogue_problems(broken, CAT) == [("questions[11].answers[0].spell", "unknown spell 'Fireball'")]
