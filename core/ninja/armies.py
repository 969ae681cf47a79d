"""Army rule sets of seed 000 and roster checks.

Seed 000: "Players construct their armies to include an equal point value of
units. Each unit is worth between 1 and 4 points." The four rule sets decide
how the points may be spent. Every check returns (field path, reason) pairs.
"""

from __future__ import annotations

from core.ninja.content import Catalogue
from core.ninja.specs import RULE_SETS, ArmySpec

MAX_SCHOOLS_ALLIANCE = 3  # seed 000: alliances "pull resources from up to three different schools"


def rule_set_problems(rule_set: str, budget: int, level_cap: int, population: int, units: list[int]) -> list[tuple[str, str]]:
    """Check point values `units` against one rule set with a `budget` of points."""
    out: list[tuple[str, str]] = []
    if rule_set not in RULE_SETS:
        return [("rule_set", f"unknown rule set {rule_set!r}; known: {', '.join(RULE_SETS)}")]
    spent = sum(units)
    if spent > budget:
        out.append(("units", f"the army costs {spent} points; the budget is {budget}"))
    if rule_set == "level_cap":
        if level_cap < 1:
            out.append(("level_cap", "the Level cap rule set needs level_cap >= 1"))
        for i, p in enumerate(units):
            if p > level_cap >= 1:
                out.append((f"units[{i}].points", f"{p}-point ninja exceed the level cap of {level_cap}"))
    elif rule_set == "balanced":
        # seed 000: at most 25% of the points on 4-point units and 50% on 3-point units
        four = sum(p for p in units if p == 4)
        three = sum(p for p in units if p == 3)
        if four * 4 > budget:
            out.append(("units", f"{four} points on 4-point ninja; Balanced allows at most 25% of {budget} ({budget // 4})"))
        if three * 2 > budget:
            out.append(("units", f"{three} points on 3-point ninja; Balanced allows at most 50% of {budget} ({budget // 2})"))
    elif rule_set == "population":
        if population < 1:
            out.append(("population", "the Population limit rule set needs population >= 1"))
        elif len(units) > population:
            out.append(("units", f"{len(units)} ninja; the population limit is {population}"))
    return out


def army_problems(army: ArmySpec, cat: Catalogue, alliance: bool = True) -> list[tuple[str, str]]:
    """Everything wrong with a roster: schools, point values, jutsu, and its own rule set."""
    out: list[tuple[str, str]] = []
    if not army.units:
        out.append(("units", "an army needs at least one ninja"))
    schools: list[str] = []
    for i, u in enumerate(army.units):
        where = f"units[{i}]"
        if u.school not in cat.schools:
            out.append((f"{where}.school", f"unknown school {u.school!r}; known: {', '.join(sorted(cat.schools))}"))
            continue
        if u.school not in schools:
            schools.append(u.school)
        if not 1 <= u.points <= 4:
            out.append((f"{where}.points", "seed 000: a ninja is worth 1 to 4 points"))
            continue
        school = cat.schools[u.school]
        if len(u.jutsu) > cat.chi(u.points):
            out.append((f"{where}.jutsu", f"knows {len(u.jutsu)} jutsu; a {u.points}-point ninja has {cat.chi(u.points)} chi and knows at most one per chi point"))
        if len(set(u.jutsu)) != len(u.jutsu):
            out.append((f"{where}.jutsu", "a jutsu is listed twice"))
        for j, key in enumerate(u.jutsu):
            spec = school.jutsu.get(key)
            if spec is None:
                out.append((f"{where}.jutsu[{j}]", f"{school.name} teaches no jutsu {key!r}; known: {', '.join(sorted(school.jutsu))}"))
            elif spec.cost > u.points:
                out.append((f"{where}.jutsu[{j}]", f"{spec.name} costs {spec.cost} chi; a {u.points}-point ninja may only learn jutsu costing up to {u.points}"))
    limit = MAX_SCHOOLS_ALLIANCE if alliance else 1
    if len(schools) > limit:
        if alliance:
            out.append(("units", f"{len(schools)} schools; an alliance joins at most {MAX_SCHOOLS_ALLIANCE}"))
        else:
            out.append(("units", f"{len(schools)} schools ({', '.join(schools)}); this battle allows one school per army (no alliance)"))
    out.extend(rule_set_problems(army.rule_set, army.points, army.level_cap, army.population, [u.points for u in army.units]))
    return out


def army_schools(army: ArmySpec) -> tuple[str, ...]:
    out: list[str] = []
    for u in army.units:
        if u.school not in out:
            out.append(u.school)
    return tuple(out)
