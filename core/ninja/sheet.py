"""Character sheets: every derived number of a ninja, as seed 000's tables give them.

To hit: the d10 roll (read 0-9) a ninja needs against a walking balanced
target while walking itself. To be hit: what a walking balanced attacker
needs against it. Both include the class and school bonuses only.
"""

from __future__ import annotations

from typing import Any

from core.ninja.armies import army_problems
from core.ninja.attacks import missile_range
from core.ninja.content import Catalogue
from core.ninja.specs import ArmySpec, SchoolSpec
from core.ruleset import Sheet


def unit_numbers(cat: Catalogue, school_key: str, points: int) -> dict[str, Any]:
    school = cat.schools[school_key]
    cls = cat.rules.classes[school.style]
    base = cat.rules.dice.base_needed
    melee = {cat.weapons[w].name: cat.melee_damage(school_key, points) + cat.weapons[w].damage_bonus for w in school.melee}
    weapon = cat.weapons[school.missile]
    return {
        "school": school.name,
        "style": school.style,
        "points": points,
        "health": cat.health(school_key, points),
        "chi": cat.chi(points),
        "melee_damage": cat.melee_damage(school_key, points),
        "missile_damage": cat.missile_damage(school_key, points),
        "melee_attacks": len(school.melee),
        "weapon_damage": melee | {weapon.name: cat.missile_damage(school_key, points) + weapon.damage_bonus},
        "missile": weapon.name,
        "ammo": school.ammo,
        "missile_range": missile_range(cat, school_key)[0],
        "to_hit": base - cls.to_hit,
        "to_be_hit": base - cls.to_be_hit + school.extra_defence,
        "movement": {"walk": cat.rules.movement.walk + school.move_bonus, "run": cat.rules.movement.run + school.move_bonus,
                     "jump": cat.rules.movement.jump + school.move_bonus},
    }


def _line(name: str, n: dict[str, Any], jutsu: str = "") -> str:
    weapons = ", ".join(f"{w} {d}" for w, d in n["weapon_damage"].items())
    text = (f"{name}: {n['school']} {n['points']}pt  health {n['health']}  chi {n['chi']}  "
            f"damage melee {n['melee_damage']} / missile {n['missile_damage']} ({weapons}; {n['ammo']} {n['missile']})  "
            f"to hit {n['to_hit']}+  to be hit {n['to_be_hit']}+")
    return text + (f"  jutsu: {jutsu}" if jutsu else "")


def army_sheet(army: ArmySpec, cat: Catalogue) -> Sheet:
    lines = [f"{army.name}: {sum(u.points for u in army.units)}/{army.points} points, rule set {army.rule_set}, d10 read 0-9"]
    units = []
    for u in army.units:
        n = unit_numbers(cat, u.school, u.points)
        names = ", ".join(cat.schools[u.school].jutsu[j].name for j in u.jutsu)
        lines.append(_line(u.name, n, names))
        units.append({"name": u.name, "jutsu": list(u.jutsu)} | n)
    problems = army_problems(army, cat)
    lines.extend(f"problem: {f}: {r}" for f, r in problems)
    return Sheet(army.name, tuple(lines), {"name": army.name, "points": army.points, "rule_set": army.rule_set, "units": units})


def school_sheet(key: str, school: SchoolSpec, cat: Catalogue) -> Sheet:
    lines = [f"{school.name} ({school.style}, {school.specialty})"]
    rows = []
    for points in range(1, 5):
        n = unit_numbers(cat, key, points)
        lines.append(_line(f"{points}-point ninja", n))
        rows.append(n)
    for j in school.jutsu.values():
        lines.append(f"{j.name} {j.cost}{j.kind}: {j.text}")
    return Sheet(school.name, tuple(lines), {"school": school.name, "by_points": rows})
