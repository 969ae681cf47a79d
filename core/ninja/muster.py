"""Who brings which army: the premade rosters, and putting a roster on a side of a scenario.

seed 000: "Players construct their armies to include an equal point value of
units." A scenario sets the rule set, the points, the level cap, the population
and whether alliances may join; an army brought in is judged by those, never by
the rules it was built under, exactly as the scenario's own armies are
(core.ninja.setup). Its ninja must also find room in the side's deployment zone.
"""

from __future__ import annotations

from pathlib import Path

import attrs

from core.errors import ContentError, Problem
from core.ninja.armies import army_problems, army_schools
from core.ninja.content import Catalogue
from core.ninja.setup import Setup, zone_cells
from core.ninja.specs import ArmySpec


def army_files(cat: Catalogue) -> list[Path]:
    """The bundled rosters, by file name."""
    return sorted((Path(cat.root) / "armies").glob("*.toml"))


def army_summary(army: ArmySpec) -> str:
    count = len(army.units)
    spent = sum(u.points for u in army.units)
    return f"{spent} points, {count} ninja; {', '.join(army_schools(army)) or 'no school'}"


def fit_problems(setup: Setup, side: int, army: ArmySpec, cat: Catalogue, source: str) -> list[Problem]:
    """Every reason `army` cannot take `side`'s place in `setup`; [] when it fits."""
    s = setup.scenario
    if not 0 <= side < len(setup.armies):
        return [Problem(source, "(side)", f"this battle has sides 1 to {len(setup.armies)}, not {side + 1}")]
    judged = attrs.evolve(army, rule_set=s.rule_set, points=s.points, level_cap=s.level_cap, population=s.population)
    battle = f"this battle: {s.rule_set}, {s.points} points"
    found = [Problem(source, field, f"{reason} ({battle})") for field, reason in army_problems(judged, cat, s.alliance)]
    if found:
        return found
    room = len(zone_cells(setup.map, s.zones[side], cat))
    if room < len(army.units):
        return [Problem(source, "units", f"{len(army.units)} ninja; side {side + 1}'s zone holds {room}")]
    return []


def with_army(setup: Setup, side: int, army: ArmySpec, cat: Catalogue, source: str = "") -> Setup:
    found = fit_problems(setup, side, army, cat, source or army.name)
    if found:
        raise ContentError(found)
    armies = list(setup.armies)
    armies[side] = army
    return attrs.evolve(setup, armies=tuple(armies))
