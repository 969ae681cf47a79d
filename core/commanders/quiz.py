"""The personality quiz that creates a commander: its data and its state machine.

Seed 002 ("Classes") asks eleven questions, some of them branching: question 2
leads to 2a, 2b, 2c or 2d by its answer, 5a leads to 5b on C, 6a to 6b on G,
and 1b may not repeat the answer of 1a. The questions, answers and every
answer's effect live in scenarios/commanders/quiz.toml; this module only walks
them. The walk is pure: the quiz so far is a tuple of `Reply` records, and
answering (or changing an earlier answer) returns a new tuple.

Going back is answering an earlier question again: the replies that still lie
on the new path are kept, the ones the new answer leads away from are dropped,
so changing question 2 from A to B forgets 2a, keeps 3 to 11 and asks 2b.

The result of a complete quiz (the commander) is built in
core/commanders/quiz_result.py (`assess`, `result`), which reads this module;
this module reads no other module of the package.
"""

from __future__ import annotations

from pathlib import Path
import attrs

from core.content import load, scenarios_root, structure
from core.errors import IllegalAction

ATTRIBUTES = ("offence", "armour", "willpower", "knowledge")
EXTRA_CHOICES = ("unit", "skill", "spell", "class")
UNIT_INCLINATIONS = ("defence", "all_around", "special_attack")
SPELL_INCLINATIONS = ("attack", "buff", "debuff")
# The catalogue's class tags (scenarios/commanders/catalogue/classes.toml) plus "defence",
# which a class earns by its defence (ClassScoring.defence_class_min).
CLASS_TAGS = ("support", "mounted", "ground", "defence", "magic", "air", "navy", "spear", "grunt", "archer", "holy")
ATTRIBUTE_CURVES = ("first", "second", "third")
SKILL_CURVES = (2, 3, 4)
TEMPERAMENTS = ("passion", "sympathy", "heed", "recognition", "constraint", "discretion", "judgement")


@attrs.frozen
class Answer:
    """One answer and its effect. Empty strings and zeros mean "no effect of that kind"."""

    letter: str
    text: str
    note: str = ""
    next: str = ""
    major_attribute: str = ""
    secondary_attribute: str = ""
    extra_choice: str = ""
    unit_inclination: str = ""
    extra_skill: str = ""
    spell_inclination: str = ""
    class_inclination: tuple[str, ...] = ()
    skill: str = ""
    spell: str = ""
    command_range: int = 0
    max_mp: int = 0
    attack: int = 0
    defence: int = 0
    movement: int = 0
    spell_range: int = 0
    ignore_movement_penalties: bool = False
    attribute_curve: str = ""
    skill_curve: int = 0
    temperament: tuple[str, ...] = ()

    def problems(self) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        for name in ("major_attribute", "secondary_attribute"):
            value = getattr(self, name)
            if value and value not in ATTRIBUTES:
                out.append((name, f"{value!r} is not one of {', '.join(ATTRIBUTES)}"))
        checks = (
            ("extra_choice", EXTRA_CHOICES),
            ("unit_inclination", UNIT_INCLINATIONS),
            ("spell_inclination", SPELL_INCLINATIONS),
            ("attribute_curve", ATTRIBUTE_CURVES),
        )
        for name, allowed in checks:
            value = getattr(self, name)
            if value and value not in allowed:
                out.append((name, f"{value!r} is not one of {', '.join(allowed)}"))
        for tag in self.class_inclination:
            if tag not in CLASS_TAGS:
                out.append(("class_inclination", f"{tag!r} is not one of {', '.join(CLASS_TAGS)}"))
        for name in self.temperament:
            if name not in TEMPERAMENTS:
                out.append(("temperament", f"{name!r} is not one of {', '.join(TEMPERAMENTS)}"))
        if self.skill_curve and self.skill_curve not in SKILL_CURVES:
            out.append(("skill_curve", f"{self.skill_curve} is not one of 2, 3, 4"))
        for name in ("command_range", "max_mp", "attack", "defence", "movement", "spell_range"):
            if getattr(self, name) < 0:
                out.append((name, "must not be negative"))
        return out


@attrs.frozen
class Question:
    """One question: `next` is where the quiz goes unless the chosen answer says otherwise."""

    id: str
    heading: str
    text: str
    answers: tuple[Answer, ...]
    next: str = ""
    not_same_as: str = ""

    def answer(self, letter: str) -> Answer:
        for candidate in self.answers:
            if candidate.letter == letter:
                return candidate
        raise IllegalAction(f"question {self.id} has no answer {letter!r}")

    def next_after(self, letter: str) -> str:
        return self.answer(letter).next or self.next

    def fixed_next(self) -> str | None:
        """Where the quiz goes whatever the answer, or None when the answer decides."""
        targets = {a.next or self.next for a in self.answers}
        return targets.pop() if len(targets) == 1 else None


@attrs.frozen
class StartingAttributes:
    base: int = 1
    major: int = 2
    secondary: int = 1


@attrs.frozen
class ClassScoring:
    """Points a class earns per matched inclination (docs/RULES.md, class choice)."""

    extra_class_question: int = 3
    animal: int = 3
    utensil: int = 2
    skill: int = 2
    spell: int = 1
    major_attribute: int = 2
    secondary_attribute: int = 1
    options_with_extra_choice: int = 2
    extra_options: int = 3
    defence_class_min: int = 9


@attrs.frozen
class SpellKinds:
    """Question 2c: which catalogue spell effects are attack, buff and debuff spells."""

    attack: tuple[str, ...] = ()
    buff: tuple[str, ...] = ()
    debuff: tuple[str, ...] = ()


@attrs.frozen
class TemperamentScale:
    """A temperament score at or above each threshold adds one step of its effect."""

    thresholds: tuple[int, ...] = (2, 4)


@attrs.frozen
class Quiz:
    """The whole quiz, as loaded from scenarios/commanders/quiz.toml."""

    ruleset: str
    kind: str
    first: str
    questions: tuple[Question, ...]
    start: StartingAttributes = StartingAttributes()
    class_scoring: ClassScoring = ClassScoring()
    temperament: TemperamentScale = TemperamentScale()
    spell_kinds: SpellKinds = SpellKinds()

    def question(self, qid: str) -> Question:
        for q in self.questions:
            if q.id == qid:
                return q
        raise IllegalAction(f"the quiz has no question {qid!r}")

    def problems(self) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        if self.ruleset != "commanders":
            out.append(("ruleset", "must be 'commanders'"))
        if self.kind != "quiz":
            out.append(("kind", "must be 'quiz'"))
        ids = [q.id for q in self.questions]
        if len(set(ids)) != len(ids):
            out.append(("questions", "question ids must be unique"))
        if self.first not in ids:
            out.append(("first", f"no question {self.first!r}"))
        for i, q in enumerate(self.questions):
            where = f"questions[{i}]"
            if q.next and q.next not in ids:
                out.append((f"{where}.next", f"no question {q.next!r}"))
            if q.not_same_as and q.not_same_as not in ids:
                out.append((f"{where}.not_same_as", f"no question {q.not_same_as!r}"))
            letters = [a.letter for a in q.answers]
            if not letters or len(set(letters)) != len(letters):
                out.append((f"{where}.answers", "needs at least one answer, letters unique"))
            for j, a in enumerate(q.answers):
                if a.next and a.next not in ids:
                    out.append((f"{where}.answers[{j}].next", f"no question {a.next!r}"))
                out.extend((f"{where}.answers[{j}].{f}", r) for f, r in a.problems())
        if not out and _has_cycle(self):
            out.append(("questions", "the questions loop: some path never ends"))
        return out


def _has_cycle(quiz: Quiz) -> bool:
    state: dict[str, int] = {}

    def visit(qid: str) -> bool:
        if not qid:
            return False
        if state.get(qid) == 1:
            return True
        if state.get(qid) == 2:
            return False
        state[qid] = 1
        q = quiz.question(qid)
        if any(visit(q.next_after(a.letter)) for a in q.answers):
            return True
        state[qid] = 2
        return False

    return visit(quiz.first)


@attrs.frozen
class Reply:
    """The answer given to one question."""

    question: str
    letter: str


Replies = tuple[Reply, ...]


def quiz_path() -> Path:
    return scenarios_root() / "commanders" / "quiz.toml"


def load_quiz(path: Path | None = None) -> Quiz:
    """The bundled quiz (or the one at `path`), read and validated.

    Every call reads the file; the ruleset object keeps the bundled one (`RULESET.quiz`)."""
    return load(Path(path) if path is not None else quiz_path(), Quiz)


def quiz_from_data(data: dict, file: str = "(quiz)") -> Quiz:
    """Build and check a Quiz from a parsed TOML document (for `load_document` on kind "quiz")."""
    return structure(data, Quiz, file)


def _given(replies: Replies) -> dict[str, str]:
    return {r.question: r.letter for r in replies}


def allowed_letters(quiz: Quiz, replies: Replies, qid: str) -> tuple[str, ...]:
    """The answers a player may give to `qid` now (1b may not repeat 1a)."""
    q = quiz.question(qid)
    given = _given(replies)
    banned = given.get(q.not_same_as, "") if q.not_same_as else ""
    return tuple(a.letter for a in q.answers if a.letter != banned)


def walk(quiz: Quiz, replies: Replies) -> tuple[str, ...]:
    """The questions on the path the replies take, in order.

    Past an unanswered question the walk goes on while the next question does
    not depend on the answer; it stops at an unanswered branching question.
    """
    given = _given(replies)
    out: list[str] = []
    qid = quiz.first
    while qid:
        out.append(qid)
        q = quiz.question(qid)
        if qid in given:
            qid = q.next_after(given[qid])
        else:
            fixed = q.fixed_next()
            if fixed is None:
                break
            qid = fixed
    return tuple(out)


def normalise(quiz: Quiz, replies: Replies) -> Replies:
    """Replies in path order, without answers the path no longer reaches or no longer allows."""
    kept: list[Reply] = []
    given = _given(replies)
    qid = quiz.first
    while qid:
        q = quiz.question(qid)
        letter = given.get(qid)
        if letter is not None and letter in allowed_letters(quiz, tuple(kept), qid):
            kept.append(Reply(qid, letter))
            qid = q.next_after(letter)
            continue
        fixed = q.fixed_next()
        if fixed is None:
            break
        qid = fixed
    return tuple(kept)


def next_question(quiz: Quiz, replies: Replies) -> Question | None:
    """The first question on the path still unanswered, or None when the quiz is complete."""
    given = _given(replies)
    for qid in walk(quiz, replies):
        if qid not in given:
            return quiz.question(qid)
    return None


def is_complete(quiz: Quiz, replies: Replies) -> bool:
    return next_question(quiz, replies) is None


def answer(quiz: Quiz, replies: Replies, qid: str, letter: str) -> Replies:
    """Answer `qid` (a new question or an earlier one to change); returns the new replies.

    Raises IllegalAction when `qid` is not on the current path or the letter is
    not allowed; the replies given are never changed.
    """
    replies = normalise(quiz, replies)
    quiz.question(qid)  # raises for a question the quiz does not have
    if qid not in walk(quiz, replies):
        raise IllegalAction(f"question {qid} is not on the path of the answers so far")
    question = quiz.question(qid)
    question.answer(letter)  # raises for an unknown letter
    if letter not in allowed_letters(quiz, replies, qid):
        raise IllegalAction(f"question {qid} may not repeat the answer given to question {question.not_same_as}")
    rest = tuple(r for r in replies if r.question != qid)
    order = {q: i for i, q in enumerate(walk(quiz, rest + (Reply(qid, letter),)))}
    merged = rest + (Reply(qid, letter),)
    merged = tuple(sorted(merged, key=lambda r: order.get(r.question, len(order))))
    return normalise(quiz, merged)


def previous_question(quiz: Quiz, replies: Replies, qid: str | None = None) -> str | None:
    """The question before `qid` on the path (before the next unanswered one when None)."""
    path = walk(quiz, replies)
    if qid is None:
        nxt = next_question(quiz, replies)
        index = path.index(nxt.id) if nxt is not None else len(path)
    else:
        if qid not in path:
            raise IllegalAction(f"question {qid} is not on the path of the answers so far")
        index = path.index(qid)
    return path[index - 1] if index > 0 else None


def check_replies(quiz: Quiz, replies: Replies) -> Replies:
    """Replies read from a file: exactly one complete path, or IllegalAction naming the first fault."""
    seen: dict[str, str] = {}
    for r in replies:
        if r.question in seen:
            raise IllegalAction(f"question {r.question} is answered twice")
        seen[r.question] = r.letter
    tidy = normalise(quiz, replies)
    if len(tidy) != len(replies):
        dropped = [r for r in replies if r not in tidy]
        bad = dropped[0]
        raise IllegalAction(f"answer {bad.letter} to question {bad.question} is not on a valid path")
    nxt = next_question(quiz, tidy)
    if nxt is not None:
        raise IllegalAction(f"question {nxt.id} is not answered")
    return tidy


def replies_from_text(text: str) -> Replies:
    """Replies from the compact form "1a:A 1b:C 2:D ..." (used by tests and files)."""
    out = []
    for part in text.split():
        qid, sep, letter = part.partition(":")
        if not sep or not qid or not letter:
            raise IllegalAction(f"{part!r} is not written as question:letter")
        out.append(Reply(qid, letter))
    return tuple(out)


def replies_to_text(replies: Replies) -> str:
    return " ".join(f"{r.question}:{r.letter}" for r in replies)


def effects(quiz: Quiz, replies: Replies) -> tuple[tuple[Question, Answer], ...]:
    """Each answered question with the answer chosen, in path order."""
    return tuple((quiz.question(r.question), quiz.question(r.question).answer(r.letter)) for r in replies)

