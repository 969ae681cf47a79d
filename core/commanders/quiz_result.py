"""What a complete quiz makes: the class choice, the starting commander and why.

Every number comes from scenarios/commanders/quiz.toml (answers, weights) and
the catalogue (classes, units, spells, skills). The rules this module applies
are written out in docs/RULES.md, "Quiz, progression and temperament":

- Attributes: each starts at `start.base`; 1a adds `start.major`, 1b `start.secondary`.
- Class: every class of the catalogue gets points for each inclination it
  matches (`class_scoring`); the most points wins; ties go to the class listed
  first in classes.toml. Question 2 answer D offers a second class: the best
  of the type 2d names (or the runner-up when the best class is of that type).
- Skills: the class's skills, the skill of 5a or 5b, of 7 and (2B) of 2b, each
  at basic; a skill given again rises one tier (basic, advanced, expert).
- Spells: the class's spells, the spell of 6a and (2C) one spell of the kind
  2c names; units: the class's units and (2A) one unit of the type 2a names.
- The minor buffs of 6b and 10 add up; 8 and 9 set the curves.
"""

from __future__ import annotations

import attrs

from core.commanders.commander import Attributes, Buffs, Commander, SkillRank, TemperamentScore
from core.commanders.content import Catalogue, ClassSpec
from core.commanders.quiz import ATTRIBUTES, Quiz, Replies, check_replies, effects, replies_to_text
from core.commanders.temperament import NAMES as TEMPERAMENT_NAMES, Temperament
from core.errors import IllegalAction

TIER_NAMES = ("basic", "advanced", "expert")
DEFAULT_NAME = "Commander"


@attrs.frozen
class ClassScore:
    name: str
    points: int
    reasons: tuple[str, ...]


@attrs.frozen
class QuizOutcome:
    """Everything a complete quiz decides, with the options the player may still pick.

    `class_options`, `unit_options`, `spell_options` and `class_skill_options`
    list what the player may choose (the first is the default the outcome
    already applied); `explanation` says which answer did what.
    """

    replies: Replies
    commander: Commander
    class_options: tuple[str, ...]
    ranking: tuple[ClassScore, ...]
    extra_choice: str
    unit_options: tuple[str, ...]
    spell_options: tuple[str, ...]
    class_skill_options: tuple[tuple[str, ...], ...]
    explanation: tuple[str, ...]


def catalogue_problems(quiz: Quiz, cat: Catalogue) -> list[tuple[str, str]]:
    """Names in the quiz the catalogue does not know (skills, spells, class tags, spell effects)."""
    out: list[tuple[str, str]] = []
    known_tags = {t for c in cat.classes.values() for t in c.tags} | {"defence"}
    for i, q in enumerate(quiz.questions):
        for j, a in enumerate(q.answers):
            where = f"questions[{i}].answers[{j}]"
            for name in (a.skill, a.extra_skill):
                if name and name not in cat.skills:
                    out.append((f"{where}", f"unknown skill {name!r}"))
            if a.spell and a.spell not in cat.spells:
                out.append((f"{where}.spell", f"unknown spell {a.spell!r}"))
            for tag in a.class_inclination:
                if tag not in known_tags:
                    out.append((f"{where}.class_inclination", f"no class has the tag {tag!r}"))
    effects_known = {s.effect for s in cat.spells.values()}
    for kind in ("attack", "buff", "debuff"):
        for effect in getattr(quiz.spell_kinds, kind):
            if effect not in effects_known:
                out.append((f"spell_kinds.{kind}", f"no spell has the effect {effect!r}"))
    return out


def temperament_from_answers(quiz: Quiz, replies: Replies) -> Temperament:
    """The temperament scores a quiz makes: for each score, the answers given that name it."""
    counts = dict.fromkeys(TEMPERAMENT_NAMES, 0)
    for _question, answer in effects(quiz, replies):
        for name in answer.temperament:
            counts[name] += 1
    return Temperament(**counts)


def class_tags(spec: ClassSpec, quiz: Quiz) -> tuple[str, ...]:
    """The catalogue's tags of a class, plus "defence" when its defence is high enough."""
    extra = ("defence",) if spec.defence >= quiz.class_scoring.defence_class_min else ()
    return tuple(spec.tags) + tuple(t for t in extra if t not in spec.tags)


def _class_skills(spec: ClassSpec) -> tuple[str, ...]:
    return tuple(name for choice in spec.skills for name in choice)


def rank_classes(quiz: Quiz, replies: Replies, cat: Catalogue) -> tuple[ClassScore, ...]:
    """Every class with its points and the reasons, best first (ties: catalogue order)."""
    w = quiz.class_scoring
    chosen = effects(quiz, replies)
    scored: list[tuple[int, int, ClassScore]] = []
    for order, spec in enumerate(cat.classes.values()):
        tags = class_tags(spec, quiz)
        points = 0
        why: list[str] = []
        for question, answer in chosen:
            tag_weight = {"2d": w.extra_class_question, "3": w.animal, "4": w.utensil}.get(question.id)
            if tag_weight and answer.class_inclination:
                hit = [t for t in answer.class_inclination if t in tags]
                if hit:
                    points += tag_weight
                    why.append(f"{question.id} {answer.letter}: {hit[0]} +{tag_weight}")
            for skill in (answer.skill, answer.extra_skill):
                if skill and skill in _class_skills(spec):
                    points += w.skill
                    why.append(f"{question.id} {answer.letter}: teaches {skill} +{w.skill}")
            if answer.spell and answer.spell in spec.spells:
                points += w.spell
                why.append(f"{question.id} {answer.letter}: knows {answer.spell} +{w.spell}")
            if answer.major_attribute and spec.attribute_order[0] == answer.major_attribute:
                points += w.major_attribute
                why.append(f"{question.id} {answer.letter}: curve starts with {answer.major_attribute} +{w.major_attribute}")
            if answer.secondary_attribute and spec.attribute_order[1] == answer.secondary_attribute:
                points += w.secondary_attribute
                why.append(f"{question.id} {answer.letter}: curve's second is {answer.secondary_attribute} +{w.secondary_attribute}")
        scored.append((-points, order, ClassScore(spec.name, points, tuple(why))))
    scored.sort(key=lambda item: (item[0], item[1]))
    return tuple(item[2] for item in scored)


def offered_classes(quiz: Quiz, replies: Replies, ranking: tuple[ClassScore, ...], cat: Catalogue) -> tuple[str, ...]:
    """Question 2 D: the best class, then the best of the type 2d names, then the next best.

    The extra choice must be worth the answer: if the best class is not of the
    type 2d names, the best one that is joins the offer; then the offer fills
    up from the ranking to `options_with_extra_choice` classes.
    """
    wanted: tuple[str, ...] = ()
    for question, ans in effects(quiz, replies):
        if question.id == "2d":
            wanted = ans.class_inclination
    out = [ranking[0].name]
    of_type = [s.name for s in ranking if set(wanted) & set(class_tags(cat.classes[s.name], quiz))]
    if of_type and of_type[0] not in out:
        out.append(of_type[0])
    for score in ranking:
        if len(out) >= quiz.class_scoring.options_with_extra_choice:
            break
        if score.name not in out:
            out.append(score.name)
    return tuple(out[: max(quiz.class_scoring.options_with_extra_choice, 1)])


def unit_candidates(inclination: str, have: tuple[str, ...], cat: Catalogue) -> tuple[str, ...]:
    """Units of the type question 2a names, best first, leaving out summons and units already had.

    defence: highest defence first; all_around: units tagged balanced;
    special_attack: magic attackers, then ranged attackers (catalogue order within each).
    """
    pool = [(i, u) for i, u in enumerate(cat.units.values()) if "summon" not in u.tags and u.name not in have]
    if inclination == "defence":
        ranked = sorted(pool, key=lambda iu: (-iu[1].defence, iu[0]))
    elif inclination == "all_around":
        ranked = [iu for iu in pool if "balanced" in iu[1].tags]
    elif inclination == "special_attack":
        ranked = [iu for iu in pool if iu[1].magic_attack] + [iu for iu in pool if iu[1].range and not iu[1].magic_attack]
    else:
        ranked = []
    return tuple(u.name for _, u in ranked)


def spell_candidates(quiz: Quiz, kind: str, known: tuple[str, ...], skills: dict[str, int], cat: Catalogue) -> tuple[str, ...]:
    """Spells of the kind question 2c names that the commander does not know yet.

    Spells the commander can cast at once (a level 1, or a level its magic
    skills open) come first; catalogue order within each group.
    """
    effects_of_kind = getattr(quiz.spell_kinds, kind, ())
    ready: list[str] = []
    later: list[str] = []
    for spell in cat.spells.values():
        if spell.effect not in effects_of_kind or spell.name in known:
            continue
        school_skill = next((k.name for k in cat.skills.values() if k.effect == "magic" and k.school == spell.school), "")
        opened = 1 + skills.get(school_skill, 0)  # seed 002: basic opens level 2, advanced 3, expert 4
        (ready if min(spell.levels) <= opened else later).append(spell.name)
    return tuple(ready + later)


def _raise(skills: dict[str, int], name: str) -> None:
    skills[name] = min(3, skills.get(name, 0) + 1)


def _gives_buff(ans) -> bool:
    return bool(ans.command_range or ans.max_mp or ans.attack or ans.defence or ans.movement
                or ans.spell_range or ans.ignore_movement_penalties)



def take_extra(what: str, offered: tuple[str, ...], chosen: str, into: list[str], lines: list[str], none_left: str) -> None:
    """Question 2's extra pick: the player's choice among `offered`, else the first offered."""
    extra = chosen or (offered[0] if offered else "")
    if extra and extra not in offered:
        raise IllegalAction(f"{extra} is not among the extra {what}s offered ({', '.join(offered)})")
    if extra:
        into.append(extra)
        lines.append(f"Extra {what} {extra} (offered: {', '.join(offered)})")
    else:
        lines.append(none_left)

def assess(
    quiz: Quiz,
    replies: Replies,
    cat: Catalogue,
    name: str = DEFAULT_NAME,
    class_name: str = "",
    unit: str = "",
    spell: str = "",
    class_skill: str = "",
) -> QuizOutcome:
    """The outcome of a complete quiz; the keyword picks choose among the offered options.

    Raises IllegalAction when the quiz is incomplete or a pick is not offered.
    """
    replies = check_replies(quiz, replies)
    chosen = effects(quiz, replies)
    w = quiz.class_scoring
    lines: list[str] = []
    major = secondary = attribute_curve = extra_choice = unit_kind = spell_kind = ""
    skill_curve = 0
    picked_skills: list[tuple[str, str]] = []  # (skill, which answer)
    quiz_spell = ""
    buffs = Buffs()
    for question, ans in chosen:
        tag = f"{question.id} {ans.letter} ({ans.text})"
        if ans.major_attribute:
            major = ans.major_attribute
            lines.append(f"{tag}: {major.capitalize()} is the major attribute (+{quiz.start.major})")
        if ans.secondary_attribute:
            secondary = ans.secondary_attribute
            lines.append(f"{tag}: {secondary.capitalize()} is the secondary attribute (+{quiz.start.secondary})")
        if ans.extra_choice:
            extra_choice = ans.extra_choice
            lines.append(f"{tag}: one extra choice when picking the {ans.extra_choice}")
        if ans.unit_inclination:
            unit_kind = ans.unit_inclination
            lines.append(f"{tag}: the extra unit is a {unit_kind.replace('_', ' ')} type")
        if ans.extra_skill:
            picked_skills.append((ans.extra_skill, question.id))
            lines.append(f"{tag}: extra skill {ans.extra_skill}")
        if ans.spell_inclination:
            spell_kind = ans.spell_inclination
            lines.append(f"{tag}: the extra spell is a {spell_kind} spell")
        if ans.class_inclination:
            lines.append(f"{tag}: inclines the class to {' or '.join(ans.class_inclination)}")
        if ans.skill:
            picked_skills.append((ans.skill, question.id))
            lines.append(f"{tag}: learns {ans.skill}")
        if ans.spell:
            quiz_spell = ans.spell
            lines.append(f"{tag}: learns {ans.spell}")
        if _gives_buff(ans):
            buffs = Buffs(
                command_range=buffs.command_range + ans.command_range,
                max_mp=buffs.max_mp + ans.max_mp,
                attack=buffs.attack + ans.attack,
                defence=buffs.defence + ans.defence,
                movement=buffs.movement + ans.movement,
                ignore_movement_penalties=buffs.ignore_movement_penalties or ans.ignore_movement_penalties,
                spell_range=buffs.spell_range + ans.spell_range,
            )
            lines.append(f"{tag}: {ans.note}")
        if ans.attribute_curve:
            attribute_curve = ans.attribute_curve
            lines.append(f"{tag}: the {attribute_curve} attribute curve")
        if ans.skill_curve:
            skill_curve = ans.skill_curve
            lines.append(f"{tag}: a skill point at class level {skill_curve}")
        if question.id == "11":
            lines.append(f"{tag}: no effect (an unrelated question)")
        elif ans.next and ans.next != question.next and not ans.extra_choice:
            lines.append(f"{tag}: no effect of its own; question {ans.next} follows")
    ranking = rank_classes(quiz, replies, cat)
    class_options = offered_classes(quiz, replies, ranking, cat) if extra_choice == "class" else (ranking[0].name,)
    picked = class_name or class_options[0]
    if picked not in class_options:
        raise IllegalAction(f"{picked} is not among the classes offered ({', '.join(class_options)})")
    spec = cat.classes[picked]
    best = ranking[[s.name for s in ranking].index(picked)]
    lines.append(f"Class {picked} with {best.points} points ({'; '.join(best.reasons) or 'no inclination matched'})")
    if len(class_options) > 1:
        lines.append(f"2 D: the class may be chosen among {', '.join(class_options)}")

    values = [quiz.start.base] * len(ATTRIBUTES)
    values[ATTRIBUTES.index(major)] += quiz.start.major
    values[ATTRIBUTES.index(secondary)] += quiz.start.secondary

    skills: dict[str, int] = {}
    class_skill_options = tuple(choice for choice in spec.skills if len(choice) > 1)
    quiz_skill_names = {s for s, _ in picked_skills}
    for choice in spec.skills:
        if len(choice) == 1:
            _raise(skills, choice[0])
            continue
        if class_skill and class_skill in choice:
            pick = class_skill
        elif class_skill and class_skill not in _class_skills(spec):
            raise IllegalAction(f"{class_skill} is not a skill {picked} may choose")
        else:
            pick = next((s for s in choice if s not in quiz_skill_names), choice[0])
        _raise(skills, pick)
        lines.append(f"Class {picked} teaches {pick} (chosen among {' or '.join(choice)})")
    for skill, _ in picked_skills:
        _raise(skills, skill)
    for skill, tier in skills.items():
        if tier > 1:
            lines.append(f"{skill} was given {tier} times: it starts {TIER_NAMES[tier - 1]}")

    spells = list(spec.spells)
    if quiz_spell and quiz_spell not in spells:
        spells.append(quiz_spell)
    elif quiz_spell:
        lines.append(f"{quiz_spell} is already a {picked} spell: the answer adds nothing more")
    units = list(spec.units)
    unit_options: tuple[str, ...] = ()
    spell_options: tuple[str, ...] = ()
    if extra_choice == "unit":
        unit_options = unit_candidates(unit_kind, tuple(units), cat)[: w.extra_options]
        take_extra("unit", unit_options, unit, units, lines, "No unit of that type is left to add")
    elif unit:
        raise IllegalAction("only question 2 answer A gives an extra unit")
    if extra_choice == "spell":
        spell_options = spell_candidates(quiz, spell_kind, tuple(spells), skills, cat)[: w.extra_options]
        take_extra("spell", spell_options, spell, spells, lines, "No spell of that kind is left to add")
    elif spell:
        raise IllegalAction("only question 2 answer C gives an extra spell")

    temperament = temperament_from_answers(quiz, replies)
    lines.append("Temperament (optional rule): " + ", ".join(
        f"{n.capitalize()} {v}" for n, v in zip(TEMPERAMENT_NAMES, temperament.scores())))
    commander = Commander(
        ruleset="commanders",
        kind="commander",
        name=name,
        class_name=picked,
        attributes=Attributes(*values),
        skills=tuple(SkillRank(skill, tier) for skill, tier in skills.items()),
        spells=tuple(spells),
        recruitable=tuple(units),
        troop=(spec.units[0],) * cat.rules.troop_size,
        buffs=buffs,
        major_attribute=major,
        minor_attribute=secondary,
        attribute_curve=attribute_curve,
        skill_curve=skill_curve,
        temperament=tuple(TemperamentScore(n, v) for n, v in zip(TEMPERAMENT_NAMES, temperament.scores())),
        notes="Quiz answers: " + replies_to_text(replies),
    )
    return QuizOutcome(
        replies=replies,
        commander=commander,
        class_options=class_options,
        ranking=ranking,
        extra_choice=extra_choice,
        unit_options=unit_options,
        spell_options=spell_options,
        class_skill_options=class_skill_options,
        explanation=tuple(lines),
    )


def result(quiz: Quiz, replies: Replies, cat: Catalogue, **picks: str) -> Commander:
    """The commander a complete quiz creates (defaults taken for every open option)."""
    return assess(quiz, replies, cat, **picks).commander


def explain(quiz: Quiz, replies: Replies, cat: Catalogue, **picks: str) -> tuple[str, ...]:
    """Which answer did what, one line each (e.g. "1a A (Green endless plains.): ...")."""
    return assess(quiz, replies, cat, **picks).explanation
