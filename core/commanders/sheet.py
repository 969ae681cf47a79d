"""The commander sheet: class, attributes, MP, skills, spells, troop and every derived number."""

from __future__ import annotations

from core.commanders.commander import TIER_NAMES, Commander, troop_limit
from core.commanders.content import Catalogue
from core.commanders.derived import command_range, commander_attack, commander_defence, max_mp, max_spell_level, spell_cost
from core.ruleset import Sheet


def commander_sheet(c: Commander, cat: Catalogue) -> Sheet:
    cls = cat.classes[c.class_name]
    a = c.attributes
    mp = max_mp(c, cat)
    lines = [
        f"{c.name}, level {c.level} {c.class_name} ({cls.title}); class level {c.class_level}, experience {c.experience}",
        f"Attributes: Offence {a.offence}, Armour {a.armour}, Willpower {a.willpower}, Knowledge {a.knowledge}"
        f" (class order {'>'.join(x[0].upper() for x in cls.attribute_order)})",
        f"MP: {mp} = {cat.rules.base_mp} base + {cat.rules.mp_per_knowledge} x {a.knowledge} Knowledge + {c.buffs.max_mp} buffs",
        f"Commander: attack {commander_attack(c, cat)}, defence {commander_defence(c, cat)}, move {cls.move + c.buffs.movement}"
        + (f" ({cls.land_move + c.buffs.movement} on land)" if cls.land_move else "")
        + (", flying" if cls.flying else "") + (", magic attack" if cls.magic_attack else "")
        + f", {cat.rules.commander_health} HP ({cat.rules.commander_strike_dice[-1]} strike dice at full health)",
        f"Command range: {command_range(c, cat)} (troop bonuses inside it: attack +{a.offence}, defence +{a.armour},"
        f" magic defence +{a.knowledge}, enemy spell dice -{a.knowledge})",
        f"Magic dice: {a.willpower} per spell (Willpower), at least {cat.rules.min_spell_dice}",
    ]
    if c.buffs != type(c.buffs)():
        b = c.buffs
        lines.append(
            f"Buffs: command range +{b.command_range}, MP +{b.max_mp}, attack +{b.attack}, defence +{b.defence}, "
            f"movement +{b.movement}, spell range +{b.spell_range}"
            + (", ignores movement penalties" if b.ignore_movement_penalties else "")
        )
    lines.append("Skills:" if c.skills else "Skills: none")
    for rank in c.skills:
        skill = cat.skills[rank.name]
        # Leadership, Pathfinding, Resistance and Rally add up tier by tier; the others replace
        cumulative = skill.effect in ("leadership", "pathfinding", "resistance", "rally")
        text = skill.text[: rank.tier] if cumulative else skill.text[rank.tier - 1 : rank.tier]
        lines.append(f"  {rank.name} ({TIER_NAMES[rank.tier - 1]}): " + "; ".join(text))
    lines.append("Spells:" if c.spells else "Spells: none")
    lines += [f"  {spell_words(c, name, cat)}" for name in c.spells]
    limit = troop_limit(c, cat)
    lines.append(f"Troop ({len(c.troop)} of {limit}" + (", mixed allowed" if c.skill_tier("Leadership") >= 2 else ", one kind") + "):")
    lines += [f"  {unit_words(c, name, cat)}" for name in c.troop]
    lines.append("Recruits: " + ", ".join(c.recruitable))
    lines.append(
        f"Curves: attributes {c.attribute_curve}" + (f" ({c.curve_choice})" if c.curve_choice else "")
        + f", {c.curve_progress} points this class; skills at class level {c.skill_curve}; unspent skill points {c.skill_points}"
    )
    if c.temperament:
        lines.append("Temperament: " + ", ".join(f"{t.name} {t.value}" for t in c.temperament))
    data = {
        "name": c.name, "class": c.class_name, "level": c.level, "attributes": {k: a.get(k) for k in ("offence", "armour", "willpower", "knowledge")},
        "mp": mp, "attack": commander_attack(c, cat), "defence": commander_defence(c, cat), "command_range": command_range(c, cat),
        "skills": {r.name: r.tier for r in c.skills}, "spells": list(c.spells), "troop": list(c.troop), "troop_limit": limit,
    }
    return Sheet(f"{c.name} ({c.class_name})", tuple(lines), data)


def unit_words(c: Commander, name: str, cat: Catalogue) -> str:
    """A unit of the kind `name` in `c`'s troop, in a line: its types, attack and defence with
    the commander's bonuses, move, range and health."""
    u, a = cat.units[name], c.attributes
    rng = f", range {u.range}" if u.range else ""
    return (f"{name} [{', '.join(u.tags)}]: attack {u.attack}+{a.offence}={u.attack + a.offence}, "
            f"defence {u.defence}+{a.armour}={u.defence + a.armour} (magic {u.defence + a.knowledge}), move {u.move}{rng}, "
            f"{cat.rules.unit_health} HP")


def spell_words(c: Commander, name: str, cat: Catalogue) -> str:
    """The spell `name` as `c` casts it, in a line: its school, then each level's MP cost,
    range and area, the levels its magic skill does not open yet marked locked."""
    spell = cat.spells[name]
    top = max_spell_level(c, spell.school, cat)
    levels = []
    for lv in spell.level:
        mark = "" if lv.level <= top else " (locked)"
        levels.append(f"L{lv.level} {spell_cost(c, spell.school, lv.mp, cat)} MP r{lv.range + c.buffs.spell_range} area {lv.area}{mark}")
    return f"{name} ({spell.school}): " + ", ".join(levels)
