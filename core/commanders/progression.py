"""Progression between battles: experience, levels, attribute curves, skill points, class change.

Seed 002 ("Experience and classing") in the project's terms:

- Experience comes from battles (`BattleTally`, numbers in `ProgressionRules`);
  the commander reaches level L at `xp_per_level * (L - 1)` experience.
- A class lasts 5 levels. Inside a class, each level-up (class levels 2 to 5)
  gives one attribute point from the curve (four per class); the fifth
  level-up (levels 6, 11, 16...) changes the class instead: "almost every
  time you level up you get an attribute point".
- The curve is chosen at the first point of a class among the two variants
  of the quiz's curve (question 8) and the class curve; lowest and highest
  attributes are read when it is chosen, and ties are the player's pick (each
  tie resolution is its own option). The class curve's 4th point is free.
- A skill point comes at the class level the skill curve names (question 9:
  2, 3 or 4), once per class; it buys a new skill at basic or one tier more.
- A class change offers the classes similar to the current one (sharing a
  catalogue type tag), one new recruitable unit of the new class and any one
  spell not yet known; attack and defence are the new class's.

Every step is explicit data (`LevelUpOffer`) so the TUI can show it, and
applying a `LevelUpChoice` returns a new Commander.
"""

from __future__ import annotations

import attrs

from core.commanders.commander import Commander, SkillRank, TIER_NAMES
from core.commanders.content import ATTRIBUTES, Catalogue
from core.commanders.reachable import XP_PER_LEVEL, class_tags, similar_classes  # noqa: F401 (class_tags: part of this module's interface)
from core.errors import IllegalAction

CLASS_LEVELS = 5  # seed 002: "Each 5 levels your commander gains you change your class"
CURVE_NAMES = {"first": "1st curve", "second": "2nd curve", "third": "3rd curve", "class": "class curve"}


@attrs.frozen
class ProgressionRules:
    """The experience table (a project decision: the seed gives no numbers)."""

    xp_per_level: int = XP_PER_LEVEL
    xp_taking_part: int = 2
    xp_per_unit: int = 1
    xp_per_commander: int = 3
    xp_victory: int = 3


RULES = ProgressionRules()


@attrs.frozen
class BattleTally:
    """What one commander did in one battle, as the battle engine counts it."""

    units_defeated: int = 0  # enemy troop units its troop (or the commander) destroyed
    commanders_defeated: int = 0  # enemy commanders its troop defeated
    won: bool = False  # its side won the battle
    took_part: bool = True


def defeated(count: int, what: str) -> str:
    """'1 enemy unit defeated', '3 enemy units defeated'."""
    return f"{count} {what}{'' if count == 1 else 's'} defeated"


def experience_for(tally: BattleTally, rules: ProgressionRules = RULES) -> tuple[int, tuple[str, ...]]:
    """Experience a battle earns, with one line per source."""
    lines: list[str] = []
    total = 0
    parts = (
        (rules.xp_taking_part if tally.took_part else 0, "taking part"),
        (rules.xp_per_unit * tally.units_defeated, defeated(tally.units_defeated, "enemy unit")),
        (rules.xp_per_commander * tally.commanders_defeated, defeated(tally.commanders_defeated, "enemy commander")),
        (rules.xp_victory if tally.won else 0, "victory"),
    )
    for amount, why in parts:
        if amount:
            total += amount
            lines.append(f"+{amount} experience: {why}")
    return total, tuple(lines)


def award(commander: Commander, tally: BattleTally, rules: ProgressionRules = RULES) -> Commander:
    """The commander with a battle's experience added (levels are taken with `level_up`)."""
    gained, _ = experience_for(tally, rules)
    return attrs.evolve(commander, experience=commander.experience + gained)


def experience_for_level(level: int, rules: ProgressionRules = RULES) -> int:
    """Total experience at which a commander reaches `level`."""
    return rules.xp_per_level * (level - 1)


def can_level_up(commander: Commander, rules: ProgressionRules = RULES) -> bool:
    return commander.experience >= experience_for_level(commander.level + 1, rules)


def levels_waiting(commander: Commander, rules: ProgressionRules = RULES) -> int:
    """How many level-ups the commander's experience already pays for."""
    return max(0, commander.experience // rules.xp_per_level + 1 - commander.level)


# --- curves --------------------------------------------------------------------------------


@attrs.frozen
class CurveOption:
    """One curve the player may take for the current class, ties already resolved.

    `plan` holds the attribute of the 1st to 4th point; "" is a free pick.
    """

    curve: str  # first, second, third or class
    choice: str  # "a", "b" or "class" (Commander.curve_choice)
    plan: tuple[str, str, str, str]

    @property
    def label(self) -> str:
        words = ", ".join(a.capitalize() if a else "free" for a in self.plan)
        variant = "" if self.choice == "class" else f" ({self.choice})"
        return f"{CURVE_NAMES[self.curve]}{variant}: {words}"


def _lowest(values: dict[str, int], exclude: tuple[str, ...] = ()) -> tuple[str, ...]:
    pool = [a for a in ATTRIBUTES if a not in exclude]
    low = min(values[a] for a in pool)
    return tuple(a for a in pool if values[a] == low)


def _highest(values: dict[str, int], exclude: tuple[str, ...] = ()) -> tuple[str, ...]:
    pool = [a for a in ATTRIBUTES if a not in exclude]
    high = max(values[a] for a in pool)
    return tuple(a for a in pool if values[a] == high)


def _primary_secondary(commander: Commander, cat: Catalogue) -> tuple[str, str]:
    """Quiz 1a and 1b; a hand-written commander without them uses its class curve's first two."""
    order = cat.classes[commander.class_name].attribute_order
    primary = commander.major_attribute or order[0]
    secondary = commander.minor_attribute or next(a for a in order if a != primary)
    return primary, secondary


def curve_options(commander: Commander, cat: Catalogue) -> tuple[CurveOption, ...]:
    """The curves the player may choose now (seed 002: two of the quiz's curve, one of the class)."""
    values = {a: commander.attributes.get(a) for a in ATTRIBUTES}
    p, s = _primary_secondary(commander, cat)
    curve = commander.attribute_curve
    plans: list[CurveOption] = []
    if curve == "first":
        # 1st, 2nd, 3rd and 4th time primary; or 1st, 2nd, 4th primary and 3rd secondary
        plans += [CurveOption(curve, "a", (p, p, p, p)), CurveOption(curve, "b", (p, p, s, p))]
    elif curve == "second":
        # 1st and 3rd secondary, 2nd and 4th primary; or 1st, 2nd secondary, 3rd lowest, 4th primary
        plans.append(CurveOption(curve, "a", (s, p, s, p)))
        plans += [CurveOption(curve, "b", (s, s, low, p)) for low in _lowest(values)]
    else:
        # 1st and 3rd lowest, 2nd and 4th second lowest; or 2nd and 4th "highest lowest",
        # read as the second highest (docs/RULES.md)
        for low in _lowest(values):
            for low2 in _lowest(values, (low,)):
                plans.append(CurveOption(curve, "a", (low, low2, low, low2)))
        for low in _lowest(values):
            for high in _highest(values, (low,)):
                for high2 in _highest(values, (low, high)):
                    plans.append(CurveOption(curve, "b", (low, high2, low, high2)))
    order = cat.classes[commander.class_name].attribute_order
    plans.append(CurveOption("class", "class", (order[0], order[1], order[2], "")))
    unique: list[CurveOption] = []
    for option in plans:
        if option not in unique:
            unique.append(option)
    return tuple(unique)


def curve_plan(commander: Commander, cat: Catalogue) -> tuple[str, ...]:
    """The attributes the commander's chosen curve gives in this class.

    A hand-written commander may name its `curve_choice` without a `curve_plan`:
    it then follows the first option of that choice read from its attributes now.
    """
    if commander.curve_plan:
        return commander.curve_plan
    for option in curve_options(commander, cat):
        if option.choice == commander.curve_choice:
            return option.plan
    return curve_options(commander, cat)[-1].plan  # the class curve


# --- level-up offers -----------------------------------------------------------------------


@attrs.frozen
class ClassOption:
    """A class the commander may change into, with the units it may gain from it."""

    name: str
    units: tuple[str, ...]


@attrs.frozen
class LevelUpOffer:
    """Everything the next level brings, and what the player must choose for it."""

    level: int
    class_level: int
    curves: tuple[CurveOption, ...] = ()  # a curve must be chosen now (pick one by index)
    attribute: str = ""  # the point the chosen curve gives now ("" when chosen or free)
    free_attributes: tuple[str, ...] = ()  # the point is the player's pick among these
    skill_point: bool = False
    classes: tuple[ClassOption, ...] = ()  # class change: pick one, then one of its units
    spells: tuple[str, ...] = ()  # class change: pick one spell to learn
    lines: tuple[str, ...] = ()


@attrs.frozen
class LevelUpChoice:
    """The player's answers to a LevelUpOffer; fields the offer does not ask for stay empty."""

    curve: int = -1  # index into LevelUpOffer.curves
    attribute: str = ""  # the free point (class curve's 4th, or a free slot)
    new_class: str = ""
    unit: str = ""
    spell: str = ""


def offer(commander: Commander, cat: Catalogue, rules: ProgressionRules = RULES) -> LevelUpOffer:
    """What the next level brings. Raises IllegalAction when experience is short."""
    if not can_level_up(commander, rules):
        need = experience_for_level(commander.level + 1, rules)
        raise IllegalAction(f"level {commander.level + 1} needs {need} experience; {commander.name} has {commander.experience}")
    level = commander.level + 1
    class_level = (level - 1) % CLASS_LEVELS + 1
    lines = [f"{commander.name} reaches level {level} (class level {class_level})"]
    if class_level == 1:
        classes = tuple(
            ClassOption(c, tuple(u for u in cat.classes[c].units if u not in commander.recruitable))
            for c in similar_classes(commander.class_name, cat)
        )
        spells = tuple(s for s in cat.spells if s not in commander.spells)
        lines.append(f"Class change: choose among {', '.join(c.name for c in classes)}; one new unit and one spell")
        return LevelUpOffer(level, class_level, classes=classes, spells=spells, lines=tuple(lines))
    skill_point = class_level == commander.skill_curve
    if skill_point:
        lines.append(f"A skill point (skill curve: class level {commander.skill_curve})")
    if commander.curve_progress >= 4:
        return LevelUpOffer(level, class_level, skill_point=skill_point, lines=tuple(lines))
    if not commander.curve_choice:
        options = curve_options(commander, cat)
        lines.append("Choose the attribute curve for this class: " + "; ".join(o.label for o in options))
        return LevelUpOffer(level, class_level, curves=options, skill_point=skill_point, lines=tuple(lines))
    slot = curve_plan(commander, cat)[commander.curve_progress]
    if not slot:
        lines.append("A free attribute point")
        return LevelUpOffer(level, class_level, free_attributes=ATTRIBUTES, skill_point=skill_point, lines=tuple(lines))
    lines.append(f"+1 {slot.capitalize()} (point {commander.curve_progress + 1} of the curve)")
    return LevelUpOffer(level, class_level, attribute=slot, skill_point=skill_point, lines=tuple(lines))


def _gain_point(commander: Commander, plan: tuple[str, ...], free: str) -> Commander:
    slot = plan[commander.curve_progress]
    if not slot:
        if free not in ATTRIBUTES:
            raise IllegalAction(f"this point is a free pick: choose one of {', '.join(ATTRIBUTES)}")
        slot = free
    return attrs.evolve(commander, attributes=commander.attributes.plus(slot), curve_progress=commander.curve_progress + 1)


def level_up(commander: Commander, cat: Catalogue, choice: LevelUpChoice = LevelUpChoice(),
             rules: ProgressionRules = RULES) -> Commander:
    """Take the next level with the player's choices; returns the new commander.

    Raises IllegalAction (the commander given is unchanged) when a choice the
    offer asks for is missing or not among the options.
    """
    o = offer(commander, cat, rules)
    new = attrs.evolve(commander, level=o.level)
    if o.classes:
        picked = next((c for c in o.classes if c.name == choice.new_class), None)
        if picked is None:
            raise IllegalAction(f"choose the new class among {', '.join(c.name for c in o.classes)}")
        if picked.units and choice.unit not in picked.units:
            raise IllegalAction(f"choose the new unit among {', '.join(picked.units)}")
        if o.spells and choice.spell not in o.spells:
            raise IllegalAction("choose one spell not yet known")
        return attrs.evolve(
            new,
            class_name=picked.name,
            class_history=commander.class_history + (commander.class_name,),
            recruitable=commander.recruitable + ((choice.unit,) if picked.units else ()),
            spells=commander.spells + ((choice.spell,) if o.spells else ()),
            curve_choice="",
            curve_plan=(),
            curve_progress=0,
        )
    if o.skill_point:
        new = attrs.evolve(new, skill_points=new.skill_points + 1)
    if o.curves:
        if not 0 <= choice.curve < len(o.curves):
            raise IllegalAction(f"choose one of the {len(o.curves)} curves offered")
        option = o.curves[choice.curve]
        new = attrs.evolve(new, curve_choice=option.choice, curve_plan=option.plan)
        return _gain_point(new, option.plan, choice.attribute)
    if o.attribute or o.free_attributes:
        plan = curve_plan(commander, cat)
        return _gain_point(attrs.evolve(new, curve_plan=plan), plan, choice.attribute)
    return new


# --- skill points --------------------------------------------------------------------------


@attrs.frozen
class SkillOption:
    """A skill a point may buy: a new one at basic (tier 1) or the next tier of a known one."""

    name: str
    tier: int

    @property
    def label(self) -> str:
        return f"{self.name} ({TIER_NAMES[self.tier - 1]})"


def skill_options(commander: Commander, cat: Catalogue) -> tuple[SkillOption, ...]:
    """Seed 002: "You can spend the skill point on any skill to upgrade or pick a new one"."""
    if commander.skill_points <= 0:
        return ()
    out = []
    for name in cat.skills:
        tier = commander.skill_tier(name)
        if tier < 3:
            out.append(SkillOption(name, tier + 1))
    return tuple(out)


def spend_skill_point(commander: Commander, skill: str, cat: Catalogue) -> Commander:
    """Buy `skill` (new at basic, or one tier up) with one unspent skill point."""
    options = {o.name: o for o in skill_options(commander, cat)}
    if commander.skill_points <= 0:
        raise IllegalAction(f"{commander.name} has no skill point to spend")
    if skill not in options:
        raise IllegalAction(f"{skill} cannot be learned or raised (unknown or already expert)")
    tier = options[skill].tier
    if tier == 1:
        skills = commander.skills + (SkillRank(skill, 1),)
    else:
        skills = tuple(SkillRank(r.name, tier) if r.name == skill else r for r in commander.skills)
    return attrs.evolve(commander, skills=skills, skill_points=commander.skill_points - 1)
