"""Loading the ninja content folder: rules, weapons, schools, maps, armies and scenarios.

`load_catalogue` reads a folder's rules, weapons and schools into the
`Catalogue` the rules consult for numbers (the state stores school and jutsu
keys, never copies). The ruleset keeps the one it loaded and passes it to
every rule; nothing here remembers anything between calls.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs

from core.content import RefusedReference, display_path, find_reference, load_folder, read_toml, short, structure
from core.errors import ContentError, Problem
from core.ninja.specs import (
    ArmySpec,
    JutsuSpec,
    MapSpec,
    RulesSpec,
    ScenarioSpec,
    SchoolSpec,
    WeaponSpec,
    WeaponsFile,
    terrain_problems,
)


@attrs.frozen
class Catalogue:
    """Every static fact of the ninja rules, loaded from one content folder."""

    root: str
    rules: RulesSpec
    weapons: dict[str, WeaponSpec]
    schools: dict[str, SchoolSpec]

    def jutsu(self, school: str, key: str) -> JutsuSpec:
        return self.schools[school].jutsu[key]

    def glyph_terrain(self) -> dict[str, str]:
        return {t.glyph: key for key, t in self.rules.terrain.items()}

    # --- derived unit numbers (seed 000 tables) ---------------------------
    def style(self, school: str) -> str:
        return self.schools[school].style

    def health(self, school: str, points: int) -> int:
        """Seed 000: balanced 5/9/12/14, offensive one less, defensive one more."""
        return self.rules.units.base_health[points - 1] + self.rules.classes[self.style(school)].health_bonus

    def chi(self, points: int) -> int:
        """Seed 000: 3/4/5/6 by point value, whatever the school."""
        return self.rules.units.chi[points - 1]

    def melee_damage(self, school: str, points: int) -> int:
        return self.rules.classes[self.style(school)].melee_damage[points - 1]

    def missile_damage(self, school: str, points: int) -> int:
        return self.rules.classes[self.style(school)].missile_damage[points - 1]


def _check_file(data: dict[str, Any], file: str, kind: str) -> None:
    problems = []
    if data.get("ruleset") != "ninja":
        problems.append(Problem(file, "ruleset", "must be \"ninja\""))
    if data.get("kind") != kind:
        problems.append(Problem(file, "kind", f"must be \"{kind}\" here"))
    if problems:
        raise ContentError(problems)


def load_typed(path: Path, cls: type, kind: str) -> Any:
    data = read_toml(path)
    _check_file(data, display_path(path), kind)
    return structure(data, cls, display_path(path))


def school_weapon_problems(school: SchoolSpec, weapons: dict[str, WeaponSpec]) -> list[tuple[str, str]]:
    """(field, reason) for each weapon a school names that weapons.toml does not have as such."""
    out = []
    for i, w in enumerate(school.melee):
        if w not in weapons or weapons[w].missile:
            out.append((f"melee[{i}]", f"{w!r} is not a melee weapon in weapons.toml"))
    if school.missile not in weapons or not weapons[school.missile].missile:
        out.append(("missile", f"{school.missile!r} is not a missile weapon in weapons.toml"))
    return out


def load_catalogue(root: str | Path) -> Catalogue:
    """Every static fact in the content folder `root`, checked against each other."""
    folder = Path(root)
    rules = load_typed(folder / "rules.toml", RulesSpec, "rules")
    weapons = load_typed(folder / "weapons.toml", WeaponsFile, "weapons").weapons
    schools = load_folder(folder / "schools", SchoolSpec)
    problems = []
    for key, school in schools.items():
        file = display_path(folder / "schools" / f"{key}.toml")
        problems.extend(Problem(file, f, r) for f, r in school_weapon_problems(school, weapons))
    if problems:
        raise ContentError(problems)
    return Catalogue(str(folder), rules, weapons, schools)


def load_map(path: Path, cat: Catalogue) -> MapSpec:
    spec = load_typed(path, MapSpec, "map")
    found = terrain_problems(spec.terrain, cat.glyph_terrain(), "terrain")
    if found:
        raise ContentError([Problem(display_path(path), f, r) for f, r in found])
    return spec


def resolve(folder: Path, sub: str, name: str, near: Path | None = None, field: str = "") -> Path:
    """A content reference: a bare name is the file `sub/name.toml` of the content folder; a
    name ending in `.toml` is a path below the content folder or the referring file's folder
    (`near`'s). Nothing outside them: an absolute path, `..`, an over-long name or control
    characters are a ContentError naming the referring file and `field`."""
    file = display_path(near) if near is not None else "(reference)"
    places = [folder / sub] if not name.endswith(".toml") else [folder]
    if near is not None:
        places.append(near.parent)
    try:
        found = find_reference(name, places, exclude=near)
    except RefusedReference as exc:
        raise ContentError([Problem(file, field or sub, f"the reference {short(name)} {exc}")]) from None
    if found is None:
        raise ContentError([Problem(file, field or sub, f"no file {short(name)} in {display_path(places[0])}"
                                    + (" or beside this file" if near is not None else ""))])
    return found


def load_army(path: Path) -> ArmySpec:
    return load_typed(path, ArmySpec, "army")


def load_scenario_spec(path: Path) -> ScenarioSpec:
    return load_typed(path, ScenarioSpec, "scenario")
