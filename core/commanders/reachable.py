"""Whether a commander file could have come from the quiz and the progression rules.

Seed 002 makes a commander with the quiz and grows it by levels ("Experience and
classing"); a file is a commander at some level with some class history, and
everything it holds must be what those rules can give by then:

- the class history has one class per class change (levels 6, 11, 16...), each
  class similar to the one before (`progression.similar_classes`);
- experience pays for the level; the current class's curve has given at most
  class level - 1 points;
- attributes: every attribute starts at the quiz's base, the major attribute
  (1a) and the secondary (1b) with their bonus; each class level 2 to 5 gives
  one point; so no attribute is above its start plus the points of its level,
  and their sum is at most the start plus those points;
- skills: the first class's skills, those the quiz can give (2b, 5a or 5b, 7)
  and one skill point per class reaching its skill-curve level, in tiers;
- spells and recruitable units: the first class's, those the quiz can add (6a
  and 2c spells, the 2a unit), and one spell and one unit of the new class per
  class change.

A file may hold less than the rules give (a hand-made weaker commander plays
fair); never more. The limits of the quiz are read from the quiz file
(`content.QuizLimits`), so a new question that gives a skill raises them.
"""

from __future__ import annotations

from core.commanders.content import ATTRIBUTES, Catalogue, QuizLimits

CLASS_LEVELS = 5  # seed 002: "Each 5 levels your commander gains you change your class"
XP_PER_LEVEL = 10  # a project decision (the seed gives no experience numbers); progression.ProgressionRules
POINTS_PER_CLASS = CLASS_LEVELS - 1  # class levels 2 to 5 each give a point


def class_tags(name: str, cat: Catalogue) -> tuple[str, ...]:
    return cat.classes[name].tags


def similar_classes(name: str, cat: Catalogue) -> tuple[str, ...]:
    """Classes sharing at least one catalogue type tag with `name` (all others if none do)."""
    mine = set(class_tags(name, cat))
    others = [c for c in cat.classes if c != name]
    similar = [c for c in others if mine & set(class_tags(c, cat))]
    return tuple(similar or others)


def class_changes(level: int) -> int:
    return max(0, level - 1) // CLASS_LEVELS


def attribute_points(level: int) -> int:
    """Points the curves have given by `level`: four per class left, one per class level above 1."""
    return POINTS_PER_CLASS * class_changes(level) + (max(1, level) - 1) % CLASS_LEVELS


def skill_points_earned(level: int, skill_curve: int) -> int:
    """One per class that reached the skill curve's class level."""
    class_level = (max(1, level) - 1) % CLASS_LEVELS + 1
    return class_changes(level) + (1 if class_level >= skill_curve else 0)


def level_problems(commander, cat: Catalogue, limits: QuizLimits, xp_per_level: int) -> list[tuple[str, str]]:
    """(field, reason) for every value the commander's level and class history cannot reach."""
    out: list[tuple[str, str]] = []
    level = commander.level
    if level < 1 or commander.class_name not in cat.classes:
        return out  # told by the plain checks
    if any(name not in cat.classes for name in commander.class_history):
        return out
    changes = class_changes(level)
    class_level = (level - 1) % CLASS_LEVELS + 1
    if not commander.troop:
        out.append(("troop", "a commander leads a troop of at least one unit"))
    if not commander.major_attribute:
        out.append(("major_attribute", "missing: the quiz's major attribute (1a) is where the attributes start"))
    if not commander.minor_attribute:
        out.append(("minor_attribute", "missing: the quiz's secondary attribute (1b) is where the attributes start"))
    if commander.experience < xp_per_level * (level - 1):
        out.append(("experience", f"{commander.experience} does not reach level {level} ({xp_per_level * (level - 1)} needed)"))
    history = commander.class_history
    if len(history) != changes:
        out.append(("class_history", f"level {level} comes after {changes} class change{'' if changes == 1 else 's'}"
                                     f" (levels 6, 11, ...); the history names {len(history)}"))
    chain = history + (commander.class_name,)
    for i in range(1, len(chain)):
        if chain[i] not in similar_classes(chain[i - 1], cat):
            field = f"class_history[{i}]" if i < len(history) else "class_name"
            out.append((field, f"{chain[i]} is not a class similar to {chain[i - 1]} (no shared type)"))
    if commander.curve_progress > class_level - 1:
        out.append(("curve_progress", f"{commander.curve_progress} points in this class; class level {class_level} gives at most {class_level - 1}"))

    points = attribute_points(level)
    start = {a: limits.base for a in ATTRIBUTES}
    if commander.major_attribute in start:
        start[commander.major_attribute] += limits.major
    if commander.minor_attribute in start and commander.minor_attribute != commander.major_attribute:
        start[commander.minor_attribute] += limits.secondary
    for name in ATTRIBUTES:
        value = commander.attributes.get(name)
        if value > start[name] + points:
            out.append((f"attributes.{name}", f"{value} is out of reach at level {level}: at most {start[name] + points}"
                                              f" ({start[name]} to start, {points} point{'' if points == 1 else 's'} by level {level})"))
    total = sum(commander.attributes.get(a) for a in ATTRIBUTES)
    if total > sum(start.values()) + points:
        out.append(("attributes", f"{total} points in all; level {level} gives at most {sum(start.values()) + points}"))

    first = cat.classes[chain[0]]
    tiers = sum(r.tier for r in commander.skills) + commander.skill_points
    skill_cap = len(first.skills) + limits.skills + skill_points_earned(level, commander.skill_curve)
    if tiers > skill_cap:
        out.append(("skills", f"{tiers} skill tiers (with unspent points); a level-{level} {first.name} start gives at most {skill_cap}"
                              f" ({len(first.skills)} from the class, {limits.skills} from the quiz,"
                              f" {skill_points_earned(level, commander.skill_curve)} skill points)"))
    extra_spells = [s for s in commander.spells if s not in first.spells]
    if len(extra_spells) > limits.spells + changes:
        out.append(("spells", f"{len(extra_spells)} spells beyond {first.name}'s own ({', '.join(extra_spells)});"
                              f" the quiz adds at most {limits.spells} and each class change 1 ({changes})"))
    extra_units = [u for u in commander.recruitable if u not in first.units]
    if len(extra_units) > limits.units + changes:
        out.append(("recruitable", f"{len(extra_units)} units beyond {first.name}'s own ({', '.join(extra_units)});"
                                   f" the quiz adds at most {limits.units} and each class change 1 ({changes})"))
    return out
