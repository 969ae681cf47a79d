"""From a scenario file to the first state: map, armies checked against the battle's rules,
ninja placed in their deployment zones."""

from __future__ import annotations

from pathlib import Path

import attrs

from core.content import display_path
from core.errors import ContentError, Problem
from core.hexgrid import offset_to_hex
from core.ninja.armies import army_problems
from core.ninja.content import Catalogue, load_army, load_map, load_scenario_spec, resolve
from core.ninja.specs import ArmySpec, MapSpec, ScenarioSpec
from core.ninja.state import Battle, Board, Unit
from core.rng import Dice


@attrs.frozen
class Setup:
    """A scenario with its map and armies loaded and checked: what new_battle needs."""

    path: str
    scenario: ScenarioSpec
    map: MapSpec
    armies: tuple[ArmySpec, ...]


def load_setup(path: Path, cat: Catalogue) -> Setup:
    folder = Path(cat.root)
    spec = load_scenario_spec(path)
    file = display_path(path)
    problems: list[Problem] = []
    try:
        mp = load_map(resolve(folder, "maps", spec.map, path, "map"), cat)
    except ContentError as exc:
        raise ContentError([Problem(file, "map", f"cannot load map {spec.map!r}")] + list(exc.problems)) from None
    for i, z in enumerate(spec.zones):
        if not 0 <= z < len(mp.zones):
            problems.append(Problem(file, f"zones[{i}]", f"map {spec.map!r} has zones 0..{len(mp.zones) - 1}"))
    if len(set(spec.zones)) != len(spec.zones):
        problems.append(Problem(file, "zones", "two armies share a zone"))
    armies = []
    for i, name in enumerate(spec.armies):
        try:
            army = load_army(resolve(folder, "armies", name, path, f"armies[{i}]"))
        except ContentError as exc:
            problems.append(Problem(file, f"armies[{i}]", f"cannot load army {name!r}"))
            problems.extend(exc.problems)
            continue
        # equal budgets: every army is judged by the battle's rule set and points
        judged = attrs.evolve(army, rule_set=spec.rule_set, points=spec.points, level_cap=spec.level_cap, population=spec.population)
        for f, r in army_problems(judged, cat, spec.alliance):
            problems.append(Problem(file, f"armies[{i}] ({army.name}).{f}", r))
        armies.append(army)
    if problems:
        raise ContentError(problems)
    for i, (army, z) in enumerate(zip(armies, spec.zones)):
        if len(zone_cells(mp, z, cat)) < len(army.units):
            problems.append(Problem(file, f"armies[{i}]", f"{len(army.units)} ninja do not fit in zone {z} of {spec.map!r}"))
    if problems:
        raise ContentError(problems)
    return Setup(str(path), spec, mp, tuple(armies))


def _span(a: int, b: int) -> range:
    """a to b inclusive, counting down when b < a."""
    return range(a, b + 1) if a <= b else range(a, b - 1, -1)


def zone_cells(mp: MapSpec, zone: int, cat: Catalogue) -> list[tuple[int, int]]:
    """The enterable cells of a deployment zone in the order its army deploys: row by row
    from the zone's first corner (col0, row0) towards its second, so a zone written from
    the map's right or bottom edge deploys from that edge, as a mirror image would."""
    glyphs = cat.glyph_terrain()
    c0, r0, c1, r1 = mp.zones[zone].cells
    return [(c, r) for r in _span(r0, r1) for c in _span(c0, c1) if cat.rules.terrain[glyphs[mp.terrain[r][c]]].passable]


def board_of(mp: MapSpec, cat: Catalogue) -> Board:
    glyphs = cat.glyph_terrain()
    terrain = tuple(glyphs[ch] for row in mp.terrain for ch in row)
    elevation = tuple(int(ch) for row in mp.elevation for ch in row)
    return Board(mp.name, mp.width, mp.height, terrain, elevation)


def new_battle(setup: Setup, cat: Catalogue, seed: int) -> Battle:
    units: list[Unit] = []
    names = setup.scenario.side_names or tuple(a.name for a in setup.armies)
    for side, (army, z) in enumerate(zip(setup.armies, setup.scenario.zones)):
        cells = zone_cells(setup.map, z, cat)
        facing = setup.map.zones[z].facing
        for entry, (col, row) in zip(army.units, cells):
            school = cat.schools[entry.school]
            units.append(Unit(
                uid=len(units), side=side, name=entry.name, school=entry.school, points=entry.points,
                hex=offset_to_hex(col, row), facing=facing,
                hp=cat.health(entry.school, entry.points), hp_max=cat.health(entry.school, entry.points),
                chi=cat.chi(entry.points), chi_max=cat.chi(entry.points), ammo=school.ammo, jutsu=tuple(entry.jutsu),
            ))
    return Battle(
        dice=Dice.from_seed(seed), round=1, side_names=tuple(names), board=board_of(setup.map, cat),
        units=tuple(units), round_limit=setup.scenario.round_limit, submitted=tuple(False for _ in names),
    )
