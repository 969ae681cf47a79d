"""Generated ninja battles: hex battlefields with trees, water, houses and terraced hills,
and armies of one school under an army rule set (seed 000).

- `generate_map(seed, size, mix, cat)`: a `MapSpec`, the record a map file loads into,
  with two deployment zones (the west and east edges). Hills are terraced (each hex at
  most one level above its neighbour), so walkers and runners climb them anywhere; every
  enterable hex is reached from every other walking, running and jumping (`map_problems`).
- Fairness: `start_values` measures what each side's zone is worth (cover and high ground
  within one walk, minus the walk to the centre line); maps are drawn from derived seeds
  until the two sides are within `FAIR_TOLERANCE` of each other, at most `ATTEMPTS` times
  (the fairest drawn is kept if none is; docs/RULES.md, "Runs", says how rarely).
- `generate_army(seed, budget, cat, ...)`: an `ArmySpec` that passes `army_problems`,
  the check every roster passes.
- `generated_setup(name, cat)`: the battle `generated:SEED:WxH[:BUDGET]` names.
- `map_sheet(spec, cat)`: the map in text, as `skirmish map` and `skirmish sheet` print it.

Every function is pure: the same arguments give the same result in any process.
"""

from __future__ import annotations

import attrs

from core.generate import (
    Draw, GeneratedName, StartValue, connected, derive, fairest, imbalance_of, lay_clumps, reach_costs,
)
from core.hexgrid import distance, offset_to_hex
from core.ninja.content import Catalogue
from core.ninja.setup import Setup, zone_cells
from core.ninja.specs import ArmySpec, MapSpec, ScenarioSpec, UnitEntry, ZoneSpec
from core.ruleset import Sheet

SIZE_MIN = (10, 8)
SIZE_MAX = (30, 24)
DEFAULT_SIZE = (16, 12)
BUDGET_RANGE = (1, 100)
DEFAULT_BUDGET = 20
DEFAULT_RULE_SET = "balanced"
ROUND_LIMIT = 15
#: Columns of each side's zone at the west and east edges.
ZONE_DEPTH = 3
#: The most the two sides' start values may differ (see `start_values`).
FAIR_TOLERANCE = 2.0
ATTEMPTS = 40
RANKS = {1: "Initiate", 2: "Adept", 3: "Veteran", 4: "Master"}
FACING_EAST, FACING_WEST = 0, 3


@attrs.frozen
class Mix:
    """Shares of the map under trees, water and houses, and how many hills rise (up to `peak`)."""

    trees: float = 0.12
    water: float = 0.06
    houses: float = 0.03
    hills: int = 1  # pairs of hills
    peak: int = 3


def _cells(width: int, height: int) -> list[tuple[int, int]]:
    return [(c, r) for r in range(height) for c in range(width)]


#: The six neighbours of a hex in map-file (column, row) offsets, odd rows half a hex to the
#: right (core.hexgrid.offset_to_hex): for even rows, then for odd rows.
_EVEN_ROW = ((1, 0), (-1, 0), (-1, -1), (0, -1), (-1, 1), (0, 1))
_ODD_ROW = ((1, 0), (-1, 0), (0, -1), (1, -1), (0, 1), (1, 1))


def _near(cell: tuple[int, int], width: int, height: int) -> list[tuple[int, int]]:
    """The hexes beside `cell` on a width x height map."""
    c, r = cell
    out = []
    for dc, dr in _ODD_ROW if r & 1 else _EVEN_ROW:
        a, b = c + dc, r + dr
        if 0 <= a < width and 0 <= b < height:
            out.append((a, b))
    return out


def _blobs(draw: Draw, grid: dict, glyph: str, share: float, width: int, height: int, free: set) -> None:
    """Lay `glyph` in clumps of neighbouring hexes where `free` hexes are still open
    (core.generate.lay_clumps)."""
    lay_clumps(draw, grid, glyph, share, (width, height), free, ".", lambda cell: _near(cell, width, height))


def _zones(width: int, height: int) -> tuple[ZoneSpec, ZoneSpec]:
    return (
        ZoneSpec((0, 0, ZONE_DEPTH - 1, height - 1), FACING_EAST),
        ZoneSpec((width - ZONE_DEPTH, 0, width - 1, height - 1), FACING_WEST),
    )


def _draw_map(seed: int, draw: Draw, width: int, height: int, mix: Mix, cat: Catalogue) -> MapSpec:
    glyph = {key: t.glyph for key, t in cat.rules.terrain.items()}
    cells = _cells(width, height)
    # terraced hills: each a cone, one level a hex down from its peak (walkers climb one a hex)
    hills = []
    for _ in range(mix.hills):  # in pairs, as the clumps below
        col, peak = draw.below(width), draw.between(1, mix.peak)
        hills.append((offset_to_hex(col, draw.below(height)), peak))
        hills.append((offset_to_hex(width - 1 - col, draw.below(height)), peak))
    elevation = {c: max([0] + [peak - distance(offset_to_hex(*c), top) for top, peak in hills]) for c in cells}
    grid = {c: glyph["open"] for c in cells}
    field = {c for c in cells if ZONE_DEPTH <= c[0] < width - ZONE_DEPTH}  # zones stay open ground
    _blobs(draw, grid, glyph["trees"], mix.trees, width, height, field)
    _blobs(draw, grid, glyph["water"], mix.water, width, height, field)
    _blobs(draw, grid, glyph["building"], mix.houses, width, height, field)
    return MapSpec(
        ruleset="ninja", kind="map", name=f"generated-{seed}",
        text=f"A generated battlefield (seed {seed}): woods, water, houses and terraced hills.",
        terrain=tuple("".join(grid[(c, r)] for c in range(width)) for r in range(height)),
        elevation=tuple("".join(str(min(9, elevation[(c, r)])) for c in range(width)) for r in range(height)),
        zones=_zones(width, height),
    )


def generate_map(seed: int, size: tuple[int, int] | None = None, mix: Mix | None = None, *, cat: Catalogue) -> MapSpec:
    """A battlefield of `size` (width, height) that keeps every promise of `map_problems`, as
    fair as `FAIR_TOLERANCE` asks when one of `ATTEMPTS` draws is (else the fairest drawn)."""
    width, height = size or DEFAULT_SIZE
    mix = mix or Mix()
    drawn = (_draw_map(seed, Draw(derive(seed, 1, attempt)), width, height, mix, cat) for attempt in range(ATTEMPTS))
    best = fairest(drawn, lambda spec: map_problems(spec, cat), lambda spec: imbalance(spec, cat), FAIR_TOLERANCE)
    if best is not None:
        return best
    return _draw_map(seed, Draw(derive(seed, 2)), width, height, Mix(0, 0, 0, 0, 0), cat)


# --- the promises ----------------------------------------------------------------------
def _terrain(spec: MapSpec, cat: Catalogue) -> dict[tuple[int, int], str]:
    glyphs = cat.glyph_terrain()
    return {(c, r): glyphs[ch] for r, row in enumerate(spec.terrain) for c, ch in enumerate(row)}


def _heights(spec: MapSpec) -> dict[tuple[int, int], int]:
    return {(c, r): int(ch) for r, row in enumerate(spec.elevation) for c, ch in enumerate(row)}


def mode_steps(spec: MapSpec, cat: Catalogue, mode: str):
    """One hex moves of `mode` ("walk", "run" or "jump") on the bare map, with their cost:
    walkers and runners change at most `max_step_climb` levels a hex; a jump pays
    `climb_cost` a level climbed and must fit in one jump's points."""
    terrain, heights = _terrain(spec, cat), _heights(spec)
    mv = cat.rules.movement
    points = {"walk": mv.walk, "run": mv.run, "jump": mv.jump}[mode]
    width, height = spec.width, spec.height

    def step_list(cell):
        out = []
        for nxt in _near(cell, width, height):
            t = cat.rules.terrain[terrain[nxt]]
            if not t.passable:
                continue
            climb = heights[nxt] - heights[cell]
            if mode == "jump":
                cost = t.move_cost + max(0, climb) * mv.climb_cost
            elif abs(climb) > mv.max_step_climb:
                continue
            else:
                cost = t.move_cost
            if cost <= points:
                out.append((nxt, cost))
        return tuple(out)

    table = {cell: step_list(cell) for cell in terrain}
    return table.__getitem__


def map_problems(spec: MapSpec, cat: Catalogue) -> list[str]:
    """Why `spec` breaks a generated map's promises, one sentence each; [] when it keeps them:
    the map file's own rules; every enterable hex reaches every other walking, running and
    jumping; each zone has enterable hexes."""
    out = [f"{field}: {reason}" for field, reason in spec.problems()]
    if out:
        return out
    terrain = _terrain(spec, cat)
    open_cells = {c for c, t in terrain.items() if cat.rules.terrain[t].passable}
    for mode in ("walk", "run", "jump"):
        steps = mode_steps(spec, cat, mode)
        if not connected(open_cells, lambda c: (n for n, _ in steps(c))):
            out.append(f"some hexes cannot be reached by a ninja who must {mode}")
    for i in range(len(spec.zones)):
        if not zone_cells(spec, i, cat):
            out.append(f"zone {i} has no hex a ninja may stand on")
    return out


def start_values(spec: MapSpec, cat: Catalogue) -> tuple[StartValue, ...]:
    """Each zone's start value: cover, high ground within one walk, and the way to the centre."""
    terrain, heights = _terrain(spec, cat), _heights(spec)
    steps = mode_steps(spec, cat, "walk")
    middle = {(c, r) for r in range(spec.height) for c in {(spec.width - 1) // 2, spec.width // 2}
              if cat.rules.terrain[terrain[(c, r)]].passable}
    to_middle = reach_costs(middle, steps)
    out = []
    for i in range(len(spec.zones)):
        zone = zone_cells(spec, i, cat)
        near = reach_costs(zone, steps, cat.rules.movement.walk)
        far = max(to_middle.values(), default=0) + 1
        centre = sum(to_middle.get(c, far) for c in zone) / max(1, len(zone))
        cover = sum(1 for c in near if terrain[c] == "trees")
        high = sum(1 for c in near if heights[c] > 0)
        out.append(StartValue(round(centre, 3), cover, high))
    return tuple(out)


def imbalance(spec: MapSpec, cat: Catalogue) -> float:
    """How far apart the best and worst start values are."""
    return imbalance_of(start_values(spec, cat))


# --- armies -----------------------------------------------------------------------------
def generate_army(seed: int, budget: int, cat: Catalogue, rule_set: str = DEFAULT_RULE_SET, level_cap: int = 0,
                  population: int = 0, max_units: int | None = None, school: str = "") -> ArmySpec:
    """A roster of one school worth at most `budget` points, legal under `rule_set`.

    Point values are drawn one ninja at a time among those the rule set still allows
    (Balanced: at most 25% of the budget on 4-point ninja, 50% on 3-point; Level cap;
    Population limit; at most `max_units` ninja), until none fits; each ninja learns as
    many jutsu as its chi allows, drawn among its school's jutsu it may learn."""
    draw = Draw(derive(seed, 11))
    key = school or draw.pick(sorted(cat.schools))
    spec = cat.schools[key]
    limit = max_units if max_units is not None else budget
    if rule_set == "population" and population >= 1:
        limit = min(limit, population)
    values: list[int] = []
    while len(values) < limit:
        spent = sum(values)
        four, three = 4 * values.count(4), 3 * values.count(3)
        allowed = [
            p for p in (1, 2, 3, 4)
            if spent + p <= budget
            and not (rule_set == "level_cap" and p > level_cap)
            and not (rule_set == "balanced" and p == 4 and (four + 4) * 4 > budget)
            and not (rule_set == "balanced" and p == 3 and (three + 3) * 2 > budget)
        ]
        if not allowed:
            break
        values.append(draw.pick(allowed))
    values.sort(reverse=True)
    units = []
    counts: dict[int, int] = {}
    for points in values:
        counts[points] = counts.get(points, 0) + 1
        learnable = sorted(k for k, j in spec.jutsu.items() if j.cost <= points)
        known = draw.shuffled(learnable)[: cat.chi(points)]
        units.append(UnitEntry(f"{spec.name} {RANKS[points]} {counts[points]}", key, points, tuple(sorted(known))))
    return ArmySpec(
        ruleset="ninja", kind="army", name=f"{spec.name} {budget}", rule_set=rule_set, points=budget,
        units=tuple(units), level_cap=level_cap, population=population,
    )


def generated_setup(name: GeneratedName, cat: Catalogue) -> Setup:
    """The battle a generated name stands for: its map and one generated army a side (Balanced)."""
    spec = generate_map(name.seed, name.size, cat=cat)
    budget = name.budget if name.budget is not None else DEFAULT_BUDGET
    armies = []
    for side in range(2):
        room = len(zone_cells(spec, side, cat))
        armies.append(generate_army(derive(name.seed, 20, side), budget, cat, max_units=room))
    scenario = ScenarioSpec(
        ruleset="ninja", kind="scenario", name=str(name), title=f"Generated battlefield {name.seed}",
        text=f"{armies[0].name} against {armies[1].name} on a generated battlefield.", map=spec.name,
        zones=(0, 1), armies=tuple(a.name for a in armies), rule_set=DEFAULT_RULE_SET, points=budget,
        round_limit=ROUND_LIMIT, side_names=("West", "East"),
    )
    return Setup(str(name), scenario, spec, tuple(armies))


# --- the map in text ----------------------------------------------------------------------
FACINGS = ("E", "NE", "NW", "W", "SW", "SE")


def map_sheet(spec: MapSpec, cat: Catalogue) -> Sheet:
    """The map as text: terrain and elevation (odd rows half a hex to the right), each zone."""
    names = {t.glyph: key for key, t in cat.rules.terrain.items()}
    used = sorted({ch for row in spec.terrain for ch in row})
    lines = [f"Map: {spec.name} - {spec.width} x {spec.height} hexes", f"  {spec.text}",
             "  Terrain (" + ", ".join(f"{ch} {names.get(ch, '?')}" for ch in used) + "):"]
    lines += ["  " + (" " if r % 2 else "") + " ".join(row) for r, row in enumerate(spec.terrain)]
    lines.append("  Elevation:")
    lines += ["  " + (" " if r % 2 else "") + " ".join(row) for r, row in enumerate(spec.elevation)]
    data = {"kind": "map", "name": spec.name, "width": spec.width, "height": spec.height, "zones": []}
    values = start_values(spec, cat) if len(spec.zones) >= 2 else ()
    for i, z in enumerate(spec.zones):
        c0, r0, c1, r1 = z.cells
        room = len(zone_cells(spec, i, cat))
        extra = ""
        if i < len(values):
            v = values[i]
            extra = f"; start value {v.value:g} (cover {v.cover}, high ground {v.high}, {v.centre:g} to the centre)"
        lines.append(f"  Zone {i}: columns {min(c0, c1)}-{max(c0, c1)}, rows {min(r0, r1)}-{max(r0, r1)}, facing {FACINGS[z.facing]}, {room} hexes{extra}")
        data["zones"].append({"cells": list(z.cells), "facing": z.facing, "hexes": room})
    return Sheet(f"Map {spec.name}", tuple(lines), data)
