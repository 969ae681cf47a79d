"""The Commanders catalogues as frozen spec classes: units, classes, spells, skills, terrain, rules.

The numbers live in scenarios/commanders/catalogue/*.toml (seed 002); this
module only gives them a shape, checks them, and indexes them by name.
`load_catalogue` reads a folder of them; the ruleset object loads the bundled
set once (`RULESET.catalogue`) and hands it to every rule that reads it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs

from core.commanders.quiz import Quiz
from core.content import load, scenarios_root
from core.errors import ContentError, Problem

ATTRIBUTES: tuple[str, ...] = ("offence", "armour", "willpower", "knowledge")
SCHOOLS: tuple[str, ...] = ("nature", "fire", "air", "life")
UNIT_TAGS: tuple[str, ...] = (
    "grunt", "spear", "mounted", "archer", "air", "anti_air", "navy",
    "magician", "manahoar", "holy", "balanced", "summon",
)
SPELL_EFFECTS: tuple[str, ...] = (
    "summon", "thorns", "cleanse_one", "poison", "defence_bonus", "sleep", "damage", "confuse",
    "haste", "mp_drain", "burn", "chain", "wind_shield", "teleport", "silence", "resist",
    "heal", "attack_bonus", "holy_blaze", "restore", "return", "decline",
)
SKILL_EFFECTS: tuple[str, ...] = (
    "leadership", "pathfinding", "resistance", "rally", "magic", "combat", "archery", "mysticism",
)


@attrs.frozen
class UnitSpell:
    """A spell a summoned creature casts on its own, up to `max_level`."""

    name: str
    max_level: int


@attrs.frozen
class UnitSpec:
    """One unit kind (seed 002 "Units"): attack/defence, move, range and specials."""

    name: str
    tags: tuple[str, ...]
    attack: int
    defence: int
    move: int
    land_move: int = 0  # navy: the most squares it may enter on land in one move (0: not navy)
    range: int = 0  # 0: melee only (adjacent, 4 directions)
    land_range: int = 0  # navy archers: range while standing on land (0: same as range)
    magic_attack: bool = False  # its attacks meet magic defence (Knowledge, not Armour)
    mp_regen: int = 0  # manahoar: MP restored to its commander at the end of each turn
    immune_negative: bool = False  # Unicorn: negative spell effects never take hold
    immune_magic: bool = False  # Pixie: no spell affects it
    ignores_forest: bool = False  # Satyr: leaves forest at no extra cost
    no_bow_weakness: bool = False  # Winged Serpent: archers get no advantage against it
    max_mp: int = 0  # summoned casters carry their own MP
    spells: tuple[UnitSpell, ...] = ()

    def has(self, tag: str) -> bool:
        return tag in self.tags

    @property
    def flying(self) -> bool:
        return "air" in self.tags

    @property
    def navy(self) -> bool:
        return "navy" in self.tags


@attrs.frozen
class ClassSpec:
    """A commander class: the commander's own numbers and what it brings to a commander."""

    name: str
    title: str
    attribute_order: tuple[str, ...]  # e.g. ("knowledge", "willpower", "armour") for K>W>A
    units: tuple[str, ...]
    skills: tuple[tuple[str, ...], ...]  # each entry: one skill, or a choice of one among several
    spells: tuple[str, ...]
    attack: int
    defence: int
    move: int
    tags: tuple[str, ...]
    land_move: int = 0
    flying: bool = False
    magic_attack: bool = False

    @property
    def navy(self) -> bool:
        return self.land_move > 0


@attrs.frozen
class SpellLevel:
    """One of a spell's four levels (seed 002: "MP: 4/6/8/10 Range: ... Area: ...")."""

    level: int
    mp: int
    range: int
    area: str  # "1" single target, "3" etc. a diamond of that width, "P" party, "3S" selected squares
    dice: int = 0  # sides of the damage or healing die (0: the spell does not roll for an amount)
    need_count: int = 0  # success needs this many d10 ...
    need_min: int = 0  # ... showing at least this
    enemy_need_count: int = 0  # Restore against enemies
    enemy_need_min: int = 0
    amount: int = 0  # bonus points, damage per tick, MP, movement: see the spell's effect
    move_penalty: int = 0
    duration: int = 0  # turns of the affected commander (poison: rounds)
    hop: int = 0  # Chain Lightning: the most squares between consecutive targets; Return: squares from the caster
    ally_heal: int = 0  # Holy Blaze: allies in the area heal this much
    summon: str = ""

    @property
    def party(self) -> bool:
        return self.area == "P"

    @property
    def selected(self) -> int:
        """How many squares or targets the caster selects (the "S" areas), else 0."""
        return int(self.area[:-1]) if self.area.endswith("S") else 0

    @property
    def radius(self) -> int:
        """Manhattan radius of a numeric area: width 1 -> 0, 3 -> 1, 5 -> 2, 6 -> 3, 10 -> 5."""
        if self.area.isdigit():
            return int(self.area) // 2
        return 0


@attrs.frozen
class SpellSpec:
    name: str
    school: str
    effect: str
    level: tuple[SpellLevel, ...]

    def at(self, level: int) -> SpellLevel | None:
        for entry in self.level:
            if entry.level == level:
                return entry
        return None

    @property
    def levels(self) -> tuple[int, ...]:
        return tuple(entry.level for entry in self.level)


@attrs.frozen
class SkillSpec:
    name: str
    effect: str
    amounts: tuple[int, int, int]
    text: tuple[str, str, str]
    school: str = ""


@attrs.frozen
class TerrainSpec:
    """One terrain kind (seed 002 "Terrain movement and terrain advantages")."""

    name: str
    glyph: str
    symbol: str  # the character map files use for it
    leave_extra: int = 0  # extra movement to leave the square
    leave_uphill_extra: int = 0  # extra movement to leave it towards higher ground
    mounted_only: bool = False  # the extra cost applies to mounted units only
    cap_reduction: int = 0  # maximum damage against a unit standing here
    navy_cap_reduction: int = 0  # ... against a navy unit standing here
    passable: bool = True
    air_passable: bool = True
    pathfinding_tier: int = 0  # the Pathfinding tier that removes the extra cost (0: never)


@attrs.frozen
class RulesSpec:
    unit_health: int
    commander_health: int
    base_max_damage: int
    commander_strike_dice: tuple[int, ...]
    advantage_strikes: int
    annihilation_difference: int
    revenge_face: int
    command_range: int
    troop_size: int
    base_mp: int
    mp_per_knowledge: int
    regroup_squares: int
    initiative_die: int
    min_spell_dice: int
    air_cap_reduction: int
    elevation_cap_reduction: int
    expert_archery_penalty: int
    expert_archery_range: int
    max_rounds: int


def duplicate_names(table: str, entries: Any) -> list[tuple[str, str]]:
    """A name given twice in one catalogue table: the catalogue is indexed by name, so the
    later entry would silently replace the first. Both places are named."""
    first: dict[str, int] = {}
    out = []
    for i, entry in enumerate(entries):
        if entry.name in first:
            out.append((f"{table}[{i}].name", f"{entry.name!r} is already the name of {table}[{first[entry.name]}]"))
        else:
            first[entry.name] = i
    return out


@attrs.frozen
class UnitsFile:
    ruleset: str
    kind: str
    unit: tuple[UnitSpec, ...]

    def problems(self) -> list[tuple[str, str]]:
        return duplicate_names("unit", self.unit)


@attrs.frozen
class ClassesFile:
    ruleset: str
    kind: str
    class_: tuple[ClassSpec, ...] = attrs.field(alias="class_")

    def problems(self) -> list[tuple[str, str]]:
        return duplicate_names("class", self.class_)


@attrs.frozen
class SpellsFile:
    ruleset: str
    kind: str
    spell: tuple[SpellSpec, ...]

    def problems(self) -> list[tuple[str, str]]:
        return duplicate_names("spell", self.spell)


@attrs.frozen
class SkillsFile:
    ruleset: str
    kind: str
    skill: tuple[SkillSpec, ...]

    def problems(self) -> list[tuple[str, str]]:
        return duplicate_names("skill", self.skill)


@attrs.frozen
class TerrainFile:
    ruleset: str
    kind: str
    terrain: tuple[TerrainSpec, ...]

    def problems(self) -> list[tuple[str, str]]:
        symbols = [attrs.evolve(t, name=t.symbol) for t in self.terrain]  # maps read terrain by symbol
        return duplicate_names("terrain", self.terrain) + [
            (f.replace(".name", ".symbol"), r.replace("the name", "the symbol")) for f, r in duplicate_names("terrain", symbols)]


@attrs.frozen
class RulesFile(RulesSpec):
    """rules.toml: the rule numbers of RulesSpec plus the file's own `ruleset` and `kind`."""

    ruleset: str
    kind: str

    def spec(self) -> RulesSpec:
        values = attrs.asdict(self, recurse=False)
        values.pop("ruleset")
        values.pop("kind")
        return RulesSpec(**values)


@attrs.frozen
class QuizLimits:
    """What the quiz file can give a new commander at most."""

    base: int = 1  # every attribute's start
    major: int = 2  # the major attribute's bonus
    secondary: int = 1  # the secondary attribute's bonus
    skills: int = 3  # skills its answers teach on the longest path
    spells: int = 2  # spells its answers add (a named spell, an extra choice of spell)
    units: int = 1  # recruitable units its answers add (an extra choice of unit)


def quiz_limits(quiz: Quiz) -> QuizLimits:
    """The most skills, spells and units one path through `quiz` gives, and its starting attributes."""
    memo: dict[str, tuple[int, int, int]] = {}

    def best(qid: str) -> tuple[int, int, int]:
        if not qid:
            return (0, 0, 0)
        if qid not in memo:
            memo[qid] = (0, 0, 0)  # a loop in a quiz file gives nothing more
            q = quiz.question(qid)
            options = []
            for a in q.answers:
                rest = best(a.next or q.next)
                gives = (int(bool(a.skill)) + int(bool(a.extra_skill)),
                         int(bool(a.spell)) + int(a.extra_choice == "spell"),
                         int(a.extra_choice == "unit"))
                options.append(tuple(g + r for g, r in zip(gives, rest)))
            memo[qid] = tuple(max(o[i] for o in options) for i in range(3)) if options else (0, 0, 0)
        return memo[qid]

    skills, spells, units = best(quiz.first)
    return QuizLimits(quiz.start.base, quiz.start.major, quiz.start.secondary, skills, spells, units)


@attrs.frozen
class Catalogue:
    """Every catalogue, indexed by name. Built once; shared by all states."""

    units: dict[str, UnitSpec]
    classes: dict[str, ClassSpec]
    spells: dict[str, SpellSpec]
    skills: dict[str, SkillSpec]
    terrain: dict[str, TerrainSpec]
    rules: RulesSpec
    # Two numbers of the quiz file that the battle reads (the optional Temperament rule):
    # the spell effects that count as attacks (`[spell_kinds] attack`; Recognition adds dice
    # only to a commander's other spells at enemies), and `[temperament] thresholds`.
    attack_effects: tuple[str, ...]
    temperament_thresholds: tuple[int, ...]
    # what the quiz can give a new commander at most (a commander file is checked against it)
    quiz_limits: QuizLimits = QuizLimits()

    def terrain_by_symbol(self) -> dict[str, TerrainSpec]:
        return {t.symbol: t for t in self.terrain.values()}

    def problems(self) -> list[tuple[str, str, str]]:
        """Cross-references between the files: (file, field, reason) for each broken one."""
        out: list[tuple[str, str, str]] = []
        for i, u in enumerate(self.units.values()):
            for tag in u.tags:
                if tag not in UNIT_TAGS:
                    out.append(("units.toml", f"unit[{i}].tags", f"unknown tag {tag!r}; known: {', '.join(UNIT_TAGS)}"))
            for s in u.spells:
                spell = self.spells.get(s.name)
                if spell is None:
                    out.append(("units.toml", f"unit[{i}].spells", f"unknown spell {s.name!r}"))
                elif s.max_level not in spell.levels:
                    out.append(("units.toml", f"unit[{i}].spells", f"{s.name} has no level {s.max_level}"))
        for i, c in enumerate(self.classes.values()):
            where = f"class[{i}]"
            if sorted(c.attribute_order) != sorted(set(c.attribute_order)) or len(c.attribute_order) != 3 or any(a not in ATTRIBUTES for a in c.attribute_order):
                out.append(("classes.toml", f"{where}.attribute_order", "three different attributes among " + ", ".join(ATTRIBUTES)))
            for name in c.units:
                if name not in self.units:
                    out.append(("classes.toml", f"{where}.units", f"unknown unit {name!r}"))
            for choice in c.skills:
                for name in choice:
                    if name not in self.skills:
                        out.append(("classes.toml", f"{where}.skills", f"unknown skill {name!r}"))
            for name in c.spells:
                if name not in self.spells:
                    out.append(("classes.toml", f"{where}.spells", f"unknown spell {name!r}"))
        for i, s in enumerate(self.spells.values()):
            where = f"spell[{i}]"
            if s.school not in SCHOOLS:
                out.append(("spells.toml", f"{where}.school", f"unknown school {s.school!r}"))
            if s.effect not in SPELL_EFFECTS:
                out.append(("spells.toml", f"{where}.effect", f"unknown effect {s.effect!r}"))
            for j, lv in enumerate(s.level):
                if lv.level not in (1, 2, 3, 4):
                    out.append(("spells.toml", f"{where}.level[{j}].level", "a level is 1, 2, 3 or 4"))
                if not (lv.area == "P" or lv.area.isdigit() or (lv.area.endswith("S") and lv.area[:-1].isdigit())):
                    out.append(("spells.toml", f"{where}.level[{j}].area", f"{lv.area!r} is not a number, P or a number with S"))
                if lv.summon and lv.summon not in self.units:
                    out.append(("spells.toml", f"{where}.level[{j}].summon", f"unknown unit {lv.summon!r}"))
        for i, k in enumerate(self.skills.values()):
            if k.effect not in SKILL_EFFECTS:
                out.append(("skills.toml", f"skill[{i}].effect", f"unknown effect {k.effect!r}"))
            if k.effect == "magic" and k.school not in SCHOOLS:
                out.append(("skills.toml", f"skill[{i}].school", f"a magic skill names one of {', '.join(SCHOOLS)}"))
        if len(self.rules.commander_strike_dice) != self.rules.commander_health:
            out.append(("rules.toml", "commander_strike_dice", "one entry per commander hit point"))
        return out

    def magic_skill(self, school: str) -> str:
        for skill in self.skills.values():
            if skill.effect == "magic" and skill.school == school:
                return skill.name
        raise KeyError(school)


def _converter():
    from core.serial import new_converter

    conv = new_converter()
    # TOML cannot name a key `class_`; the classes file uses [[class]].
    base = conv.get_structure_hook(ClassesFile)

    def structure_classes(data: Any, cls: type) -> ClassesFile:
        if isinstance(data, dict) and "class" in data:
            data = {("class_" if k == "class" else k): v for k, v in data.items()}
        return base(data, cls)

    conv.register_structure_hook(ClassesFile, structure_classes)
    return conv


CONVERTER = _converter()


def load_catalogue(folder: Path, quiz: Quiz) -> Catalogue:
    """Read the six catalogue files of `folder`; every problem of every file raised together.

    From `quiz` (the quiz file) it takes the numbers the battle reads: which spell
    effects are attacks, and the Temperament thresholds."""
    problems: list[Problem] = []
    loaded: dict[str, Any] = {}
    for key, cls in (("units", UnitsFile), ("classes", ClassesFile), ("spells", SpellsFile),
                     ("skills", SkillsFile), ("terrain", TerrainFile), ("rules", RulesFile)):
        try:
            loaded[key] = load(folder / f"{key}.toml", cls, CONVERTER)
        except ContentError as exc:
            problems.extend(exc.problems)
    if problems:
        raise ContentError(problems)
    cat = Catalogue(
        units={u.name: u for u in loaded["units"].unit},
        classes={c.name: c for c in loaded["classes"].class_},
        spells={s.name: s for s in loaded["spells"].spell},
        skills={s.name: s for s in loaded["skills"].skill},
        terrain={t.name: t for t in loaded["terrain"].terrain},
        rules=loaded["rules"].spec(),
        attack_effects=tuple(quiz.spell_kinds.attack),
        temperament_thresholds=tuple(quiz.temperament.thresholds),
        quiz_limits=quiz_limits(quiz),
    )
    found = cat.problems()
    if found:
        raise ContentError([Problem(str(folder / f), field, reason) for f, field, reason in found])
    return cat


def checked(document: Any, cat: Catalogue, file: str) -> Any:
    """A structured document once its rule checks against the catalogue pass.

    Documents whose checks read the catalogue (commanders, maps) name them
    `problems_with(cat)` rather than `problems()`, which core.content calls with
    no catalogue; this runs them, raising one ContentError naming every problem."""
    found = [Problem(file, field or "(top level)", reason) for field, reason in document.problems_with(cat)]
    if found:
        raise ContentError(found)
    return document


def catalogue_dir() -> Path:
    return scenarios_root() / "commanders" / "catalogue"

