"""The commander file (kind = "commander"): a commander that survives between battles.

A commander is made by the quiz (or written by hand), leads one troop into a
battle, and grows with experience. This module holds the frozen record, its
rule checks against the catalogues, and a loader and saver for its TOML file.
The derived battle numbers (MP, command range, troop attack...) are computed
in core.commanders.derived, never stored.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs

from core.commanders.content import ATTRIBUTES, Catalogue, checked
from core.commanders.reachable import XP_PER_LEVEL, level_problems
from core.content import display_path, dump_toml, read_toml, structure, text_problems
from core.errors import ContentError, Problem
from core.files import write_atomic
from core.serial import new_converter

ATTRIBUTE_CURVES: tuple[str, ...] = ("first", "second", "third")
CURVE_CHOICES: tuple[str, ...] = ("", "a", "b", "class")  # "": not chosen yet in this class
SKILL_CURVES: tuple[int, ...] = (2, 3, 4)
TIER_NAMES: tuple[str, ...] = ("basic", "advanced", "expert")


@attrs.frozen
class Attributes:
    """Seed 002: Offence, Armour, Willpower, Knowledge."""

    offence: int = 0
    armour: int = 0
    willpower: int = 0
    knowledge: int = 0

    def get(self, name: str) -> int:
        return int(getattr(self, name))

    def plus(self, name: str, amount: int = 1) -> Attributes:
        return attrs.evolve(self, **{name: self.get(name) + amount})


@attrs.frozen
class SkillRank:
    """A learned skill and its tier: 1 basic, 2 advanced, 3 expert."""

    name: str
    tier: int = 1


@attrs.frozen
class Buffs:
    """The minor buffs of quiz questions 6b and 10, added on top of the class."""

    command_range: int = 0
    max_mp: int = 0
    attack: int = 0
    defence: int = 0
    movement: int = 0
    ignore_movement_penalties: bool = False
    spell_range: int = 0


@attrs.frozen
class TemperamentScore:
    """One of the seven temperament scores (optional rule; see the quiz's section of docs/RULES.md)."""

    name: str
    value: int


@attrs.frozen(cache_hash=True)
class Commander:
    """Everything a commander file holds. Frozen; progression makes a new record. Its hash is
    kept once made: the movement memo's key holds the commander, and a commander changes
    only when it learns or levels (a new record)."""

    ruleset: str
    kind: str
    name: str
    class_name: str
    attributes: Attributes
    level: int = 1
    experience: int = 0
    skills: tuple[SkillRank, ...] = ()
    spells: tuple[str, ...] = ()
    recruitable: tuple[str, ...] = ()
    troop: tuple[str, ...] = ()
    buffs: Buffs = Buffs()
    major_attribute: str = ""  # quiz 1a: the primary attribute of the attribute curves
    minor_attribute: str = ""  # quiz 1b: the secondary attribute
    attribute_curve: str = "third"  # quiz 8: first, second or third curve
    curve_choice: str = ""  # the variant taken in the current class: "a", "b" or "class"
    curve_progress: int = 0  # attribute points gained in the current class
    curve_plan: tuple[str, ...] = ()  # the 4 attributes the chosen curve gives in this class ("" = free pick)
    skill_curve: int = 3  # quiz 9: a skill point at this class level (2, 3 or 4)
    skill_points: int = 0  # unspent skill points
    class_history: tuple[str, ...] = ()  # earlier classes, oldest first
    temperament: tuple[TemperamentScore, ...] = ()
    notes: str = ""

    # --- reading -------------------------------------------------------------
    def skill_tier(self, name: str) -> int:
        """0 when the skill is not known, else 1 basic, 2 advanced, 3 expert."""
        for rank in self.skills:
            if rank.name == name:
                return rank.tier
        return 0

    @property
    def class_level(self) -> int:
        """Level inside the current class: a class change comes every 5 levels (seed 002)."""
        return (self.level - 1) % 5 + 1

    def problems_with(self, cat: Catalogue) -> list[tuple[str, str]]:
        """Rule checks against the catalogues (field path, reason)."""
        out: list[tuple[str, str]] = []
        if self.ruleset != "commanders":
            out.append(("ruleset", f"expected 'commanders', found {self.ruleset!r}"))
        if self.kind != "commander":
            out.append(("kind", f"expected 'commander', found {self.kind!r}"))
        if not self.name.strip():
            out.append(("name", "a commander needs a name"))
        cls = cat.classes.get(self.class_name)
        if cls is None:
            out.append(("class_name", f"unknown class {self.class_name!r}; known: {', '.join(cat.classes)}"))
        if self.level < 1:
            out.append(("level", "levels start at 1"))
        if self.experience < 0:
            out.append(("experience", "experience is never negative"))
        for name in ATTRIBUTES:
            if self.attributes.get(name) < 0:
                out.append((f"attributes.{name}", "attributes are never negative"))
        for attr_field in ("major_attribute", "minor_attribute"):
            value = getattr(self, attr_field)
            if value and value not in ATTRIBUTES:
                out.append((attr_field, f"{value!r} is not one of {', '.join(ATTRIBUTES)}"))
        if self.major_attribute and self.major_attribute == self.minor_attribute:
            out.append(("minor_attribute", "the secondary attribute differs from the major one"))
        if self.attribute_curve not in ATTRIBUTE_CURVES:
            out.append(("attribute_curve", f"one of {', '.join(ATTRIBUTE_CURVES)}"))
        if self.curve_choice not in CURVE_CHOICES:
            out.append(("curve_choice", "one of '', 'a', 'b', 'class'"))
        if not 0 <= self.curve_progress <= 4:
            out.append(("curve_progress", "0 to 4 points per class"))
        if self.curve_plan and (len(self.curve_plan) != 4 or any(a and a not in ATTRIBUTES for a in self.curve_plan)):
            out.append(("curve_plan", "four entries, each an attribute or \"\" for a free pick"))
        if self.skill_curve not in SKILL_CURVES:
            out.append(("skill_curve", "2, 3 or 4"))
        if self.skill_points < 0:
            out.append(("skill_points", "never negative"))
        seen: set[str] = set()
        for i, rank in enumerate(self.skills):
            if rank.name not in cat.skills:
                out.append((f"skills[{i}].name", f"unknown skill {rank.name!r}"))
            if not 1 <= rank.tier <= 3:
                out.append((f"skills[{i}].tier", "1 basic, 2 advanced or 3 expert"))
            if rank.name in seen:
                out.append((f"skills[{i}].name", f"{rank.name} is listed twice"))
            seen.add(rank.name)
        for i, spell in enumerate(self.spells):
            if spell not in cat.spells:
                out.append((f"spells[{i}]", f"unknown spell {spell!r}"))
        for i, unit in enumerate(self.recruitable):
            if unit not in cat.units:
                out.append((f"recruitable[{i}]", f"unknown unit {unit!r}"))
        out.extend(troop_problems(self, cat))
        for i, name in enumerate(self.class_history):
            if name not in cat.classes:
                out.append((f"class_history[{i}]", f"unknown class {name!r}"))
        out.extend(level_problems(self, cat, cat.quiz_limits, XP_PER_LEVEL))
        return out


def troop_limit(commander: Commander, cat: Catalogue) -> int:
    """Seed 002: up to 3 units; expert Leadership adds one."""
    return cat.rules.troop_size + (1 if commander.skill_tier("Leadership") >= 3 else 0)


def troop_problems(commander: Commander, cat: Catalogue) -> list[tuple[str, str]]:
    """Seed 002 "Recruiting units": size, one unit kind unless advanced Leadership, recruitable only."""
    out: list[tuple[str, str]] = []
    limit = troop_limit(commander, cat)
    if len(commander.troop) > limit:
        out.append(("troop", f"{len(commander.troop)} units; this commander leads at most {limit}"))
    allowed = set(commander.recruitable)
    for i, unit in enumerate(commander.troop):
        if unit not in cat.units:
            out.append((f"troop[{i}]", f"unknown unit {unit!r}"))
        elif unit not in allowed:
            out.append((f"troop[{i}]", f"{unit} is not among the units this commander may recruit"))
    if len(set(commander.troop)) > 1 and commander.skill_tier("Leadership") < 2:
        out.append(("troop", "a mixed troop needs advanced Leadership"))
    return out


CONVERTER = new_converter()


def commander_from_data(data: dict[str, Any], cat: Catalogue, file: str = "(commander)") -> Commander:
    """Build and check a Commander from plain data (a parsed TOML file)."""
    return checked(structure(data, Commander, file, CONVERTER), cat, file)


def load_commander(path: str | Path, cat: Catalogue) -> Commander:
    """Read a commander file; ContentError names file, field and reason."""
    return commander_from_data(read_toml(path), cat, display_path(path))


def commander_to_data(commander: Commander) -> dict[str, Any]:
    return CONVERTER.unstructure(commander)


def commander_to_toml(commander: Commander) -> str:
    """The file text of a commander (tomli-w: scalars and lists first, then one table per
    record field); it reads back as the same commander."""
    return dump_toml(commander_to_data(commander))


def save_commander(commander: Commander, path: str | Path, cat: Catalogue) -> None:
    """Write a commander file atomically (core.files.write_atomic)."""
    problems = text_problems(commander_to_data(commander)) + commander.problems_with(cat)
    if problems:
        raise ContentError([Problem(display_path(path), f, r) for f, r in problems])
    write_atomic(path, commander_to_toml(commander))
