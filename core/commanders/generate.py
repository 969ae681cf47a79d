"""Generated Commanders battles: square maps over the catalogue's terrain, and commanders
built from a class and levelled by the progression rules (seed 002).

- `generate_map(seed, size, mix, cat)`: a `MapFile`, the record a map file loads into:
  plain ground with hills (slopes on their flanks), woods, craters, pools, patches of the
  map's rough ground (rough, sand, snow or mud), and a few fissures and cliffs. No walls:
  leaving a wall costs more than the slowest units ever have. Each side deploys in the
  two columns of its edge (`zones`), kept plain.
- `map_problems(spec, cat)`: every square a movement mode may stand on reaches every other
  and back, for each mode with the slowest speed of that mode in the catalogue (foot,
  mounted, navy and mounted navy on land and in water, air over fissures), leave costs
  as the rules count them.
- Fairness: `start_values` (cover, high ground, the way to the centre; core.generate.StartValue);
  maps are drawn from derived seeds until within `FAIR_TOLERANCE`, at most `ATTEMPTS` times.
- `generate_army(seed, budget, cat, start)`: a `Commander` of level `budget`, passing the
  checks every commander file passes (`Commander.problems_with`).
- `generated_setup(name, cat, start)`: the battle `generated:SEED:WxH[:LEVEL]` names.
- `map_sheet(spec, cat)`: the map in text.

Every function is pure: the same arguments give the same result in any process.
"""

from __future__ import annotations

import attrs

from core.commanders.commander import ATTRIBUTE_CURVES, SKILL_CURVES, Attributes, Commander, SkillRank, troop_limit
from core.commanders.content import ATTRIBUTES, Catalogue
from core.commanders.progression import LevelUpChoice, experience_for_level, level_up, offer, skill_options, spend_skill_point
from core.commanders.setup import MapFile, Placement, ScenarioFile, Setup
from core.generate import (
    Draw, GeneratedName, StartValue, connected, derive, fairest, imbalance_of, lay_clumps, reach_costs,
)
from core.ruleset import Sheet

SIZE_MIN = (10, 8)
SIZE_MAX = (30, 24)
DEFAULT_SIZE = (16, 11)
#: A generated commander's level, and the level without a budget.
BUDGET_RANGE = (1, 20)
DEFAULT_BUDGET = 1
ZONE_DEPTH = 2
FAIR_TOLERANCE = 2.0
ATTEMPTS = 40
#: The ground kinds a map's rough patches may be, one kind a map.
ROUGH_KINDS = ("rough", "sand", "snow", "mud")
MODES = ("foot", "mounted", "navy", "mounted navy", "air")
SYLLABLES = ("al", "bra", "cor", "dun", "el", "fen", "gar", "hal", "is", "jor", "ka", "lin", "mor", "nes",
             "or", "pel", "quin", "ros", "sel", "tor", "ul", "var", "wen", "yr")


@attrs.frozen
class Mix:
    """Shares of the map under forest, craters, water, rough ground and fissures or cliffs,
    and how many pairs of hills rise (up to `peak`)."""

    forest: float = 0.1
    craters: float = 0.02
    water: float = 0.06
    rough: float = 0.08
    gaps: float = 0.02
    hills: int = 1
    peak: int = 2


def _near(cell: tuple[int, int], width: int, height: int) -> list[tuple[int, int]]:
    x, y = cell
    return [(a, b) for a, b in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if 0 <= a < width and 0 <= b < height]


def _blobs(draw: Draw, grid: dict, name: str, share: float, width: int, height: int, free: set) -> None:
    """Lay terrain `name` in clumps where `free` squares are still plain (core.generate.lay_clumps)."""
    lay_clumps(draw, grid, name, share, (width, height), free, "plain", lambda cell: _near(cell, width, height))


def _draw_map(seed: int, draw: Draw, width: int, height: int, mix: Mix, cat: Catalogue) -> MapFile:
    cells = [(x, y) for y in range(height) for x in range(width)]
    hills = []
    for _ in range(mix.hills):
        col, peak = draw.below(width), draw.between(1, mix.peak)
        hills.append(((col, draw.below(height)), peak))
        hills.append(((width - 1 - col, draw.below(height)), peak))
    heights = {c: max([0] + [p - abs(c[0] - t[0]) - abs(c[1] - t[1]) for t, p in hills]) for c in cells}
    field = {c for c in cells if ZONE_DEPTH <= c[0] < width - ZONE_DEPTH}
    grid = {c: "slope" if heights[c] > 0 and c in field else "plain" for c in cells}
    _blobs(draw, grid, "forest", mix.forest, width, height, field)
    _blobs(draw, grid, "crater", mix.craters, width, height, field)
    _blobs(draw, grid, "water", mix.water, width, height, field)
    _blobs(draw, grid, draw.pick(ROUGH_KINDS), mix.rough, width, height, field)
    _blobs(draw, grid, draw.pick(("fissure", "cliff")), mix.gaps, width, height, field)
    for c in cells:  # the zones stay level plain ground
        if c not in field:
            heights[c] = 0
    symbol = {t.name: t.symbol for t in cat.terrain.values()}
    return MapFile(
        ruleset="commanders", kind="map", name=f"generated-{seed}",
        title=f"Generated field {seed}",
        rows=tuple("".join(symbol[grid[(x, y)]] for x in range(width)) for y in range(height)),
        heights=tuple("".join(str(min(9, heights[(x, y)])) for x in range(width)) for y in range(height)),
    )


def generate_map(seed: int, size: tuple[int, int] | None = None, mix: Mix | None = None, *, cat: Catalogue) -> MapFile:
    """A map of `size` (width, height) keeping every promise of `map_problems`, as fair as
    `FAIR_TOLERANCE` asks when one of `ATTEMPTS` draws is (else the fairest drawn)."""
    width, height = size or DEFAULT_SIZE
    mix = mix or Mix()
    drawn = (_draw_map(seed, Draw(derive(seed, 1, attempt)), width, height, mix, cat) for attempt in range(ATTEMPTS))
    best = fairest(drawn, lambda spec: map_problems(spec, cat), lambda spec: imbalance_of(start_values(spec, cat)),
                   FAIR_TOLERANCE)
    if best is not None:
        return best
    return _draw_map(seed, Draw(derive(seed, 2)), width, height, Mix(0, 0, 0, 0, 0, 0, 0), cat)


def zones(spec: MapFile) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Each side's deployment squares: the two columns at its edge (west, then east)."""
    width, height = len(spec.rows[0]), len(spec.rows)
    west = [(x, y) for y in range(height) for x in range(ZONE_DEPTH)]
    east = [(x, y) for y in range(height) for x in range(width - ZONE_DEPTH, width)]
    return west, east


# --- the promises ----------------------------------------------------------------------
@attrs.frozen
class Mover:
    """The slowest unit of one movement mode in the catalogue: what a map must let move."""

    mode: str
    move: int
    land_move: int = 0


def _mode(air: bool, navy: bool, mounted: bool) -> str:
    if air:
        return "air"
    if navy:
        return "mounted navy" if mounted else "navy"
    return "mounted" if mounted else "foot"


def slowest(cat: Catalogue) -> tuple[Mover, ...]:
    """For each mode (foot, mounted, navy, mounted navy, air), the lowest speeds among the
    catalogue's units and commander classes of that mode (mounted units pay more to leave
    forest and mud; navy units swim, and step onto land within their land speed)."""
    speeds: dict[str, list[tuple[int, int]]] = {m: [] for m in MODES}
    for u in cat.units.values():
        tags = set(u.tags)
        speeds[_mode("air" in tags, "navy" in tags, "mounted" in tags)].append((u.move, u.land_move))
    for c in cat.classes.values():
        speeds[_mode(c.flying, c.land_move > 0, "mounted" in c.tags)].append((c.move, c.land_move))
    return tuple(Mover(m, min(s for s, _ in v), min(l for _, l in v)) for m, v in speeds.items() if v)


def mode_steps(spec: MapFile, cat: Catalogue, mover: Mover):
    """The squares `mover` may stand on, and its one-square moves (node -> next squares):
    a step costs what leaving the square costs (core.commanders.movement.leave_cost, with
    no skill or buff) and must fit in its speed; a navy unit's step onto land must also fit
    its land speed."""
    board = spec.board(cat)
    width, height = board.width, board.height
    terrain = {(x, y): cat.terrain[board.terrain_at((x, y))] for y in range(height) for x in range(width)}
    air = mover.mode == "air"
    navy = mover.mode in ("navy", "mounted navy")
    mounted = mover.mode in ("mounted", "mounted navy")
    standable = {c for c, t in terrain.items() if t.passable or (air and t.air_passable)}

    def cost(a, b) -> int:
        t = terrain[a]
        if air or (navy and t.name == "water"):
            return 1
        extra = t.leave_extra
        if t.leave_uphill_extra and board.height_at(b) > board.height_at(a):
            extra += t.leave_uphill_extra
        if t.mounted_only and not mounted:
            extra = 0
        return 1 + extra

    def step_list(a):
        out = []
        for b in _near(a, width, height):
            if b not in standable:
                continue
            c = cost(a, b)
            if c > mover.move:
                continue
            if navy and terrain[b].name != "water" and c > mover.land_move:
                continue
            out.append((b, c))
        return tuple(out)

    table = {a: step_list(a) for a in terrain}
    return standable, table.__getitem__


def map_problems(spec: MapFile, cat: Catalogue) -> list[str]:
    """Why `spec` breaks a generated map's promises, one sentence each; [] when it keeps them."""
    out = [f"{field}: {reason}" for field, reason in spec.problems_with(cat)]
    if out:
        return out
    for mover in slowest(cat):
        standable, steps = mode_steps(spec, cat, mover)
        if not connected(standable, lambda c: (n for n, _ in steps(c))):
            out.append(f"a {mover.mode} unit of speed {mover.move} cannot reach every square and come back")
    terrain = spec.board(cat)
    for side, zone in enumerate(zones(spec)):
        dry = [c for c in zone if cat.terrain[terrain.terrain_at(c)].passable and terrain.terrain_at(c) != "water"]
        if len(dry) < len(zone):
            out.append(f"side {side + 1}'s zone is not all dry open ground")
    return out


def start_values(spec: MapFile, cat: Catalogue) -> tuple[StartValue, ...]:
    """Each side's start value, as the slowest foot unit moves: protective squares (terrain
    that lowers the damage a unit standing on it takes) and high ground within one of its
    moves from the zone, and the mean cost from the zone to the centre columns."""
    foot = next(m for m in slowest(cat) if m.mode == "foot")
    _, steps = mode_steps(spec, cat, foot)
    board = spec.board(cat)
    width, height = board.width, board.height
    middle = {(x, y) for y in range(height) for x in {(width - 1) // 2, width // 2} if cat.terrain[board.terrain_at((x, y))].passable}
    to_middle = reach_costs(middle, steps)
    far = max(to_middle.values(), default=0) + 1
    out = []
    for zone in zones(spec):
        near = reach_costs(zone, steps, foot.move)
        centre = sum(to_middle.get(c, far) for c in zone) / len(zone)
        cover = sum(1 for c in near if cat.terrain[board.terrain_at(c)].cap_reduction > 0)
        high = sum(1 for c in near if board.height_at(c) > 0)
        out.append(StartValue(round(centre, 3), cover, high))
    return tuple(out)


# --- commanders ---------------------------------------------------------------------------
def _name(draw: Draw) -> str:
    first = "".join(draw.pick(SYLLABLES) for _ in range(draw.between(2, 3))).capitalize()
    last = "".join(draw.pick(SYLLABLES) for _ in range(2)).capitalize()
    return f"{first} {last}"


def generate_army(seed: int, budget: int, cat: Catalogue, start: tuple[int, int, int] = (1, 2, 1),
                  class_name: str = "") -> Commander:
    """A commander of level `budget` with a full troop.

    Level 1 is what the quiz would make of the class: every attribute at `start[0]`, the
    class's first attribute `start[1]` more and its second `start[2]` more (quiz.toml [start]),
    the class's skills (one of each choice), spells and units, and a troop of its units.
    Each further level is taken by the progression rules (core.commanders.progression) with
    choices drawn from what the level offers; skill points are spent as they come."""
    draw = Draw(derive(seed, 11))
    cls_name = class_name or draw.pick(sorted(cat.classes))
    cls = cat.classes[cls_name]
    base, major, minor = start
    values = {a: base for a in ATTRIBUTES}
    values[cls.attribute_order[0]] += major
    values[cls.attribute_order[1]] += minor
    commander = Commander(
        ruleset="commanders", kind="commander", name=_name(draw), class_name=cls_name,
        attributes=Attributes(**values),
        skills=tuple(SkillRank(draw.pick(choice), 1) for choice in cls.skills),
        spells=tuple(cls.spells), recruitable=tuple(cls.units),
        major_attribute=cls.attribute_order[0], minor_attribute=cls.attribute_order[1],
        attribute_curve=draw.pick(ATTRIBUTE_CURVES), skill_curve=draw.pick(SKILL_CURVES),
        notes=f"Generated (seed {seed}, level {budget}).",
    )
    for level in range(2, budget + 1):
        commander = attrs.evolve(commander, experience=max(commander.experience, experience_for_level(level)))
        o = offer(commander, cat)
        choice = LevelUpChoice()
        if o.classes:
            picked = draw.pick(o.classes)
            choice = LevelUpChoice(new_class=picked.name, unit=draw.pick(picked.units) if picked.units else "",
                                   spell=draw.pick(o.spells) if o.spells else "")
        elif o.curves or o.free_attributes:
            choice = LevelUpChoice(curve=draw.below(len(o.curves)) if o.curves else -1, attribute=draw.pick(ATTRIBUTES))
        commander = level_up(commander, cat, choice)
        while commander.skill_points > 0 and skill_options(commander, cat):
            commander = spend_skill_point(commander, draw.pick(skill_options(commander, cat)).name, cat)
    units = [u for u in commander.recruitable if "summon" not in cat.units[u].tags] or list(commander.recruitable)
    size = troop_limit(commander, cat)
    if commander.skill_tier("Leadership") >= 2:
        troop = tuple(draw.pick(units) for _ in range(size))
    else:
        troop = (draw.pick(units),) * size
    return attrs.evolve(commander, troop=troop)


def generated_setup(name: GeneratedName, cat: Catalogue, start: tuple[int, int, int] = (1, 2, 1)) -> Setup:
    """The battle a generated name stands for: its map and one generated commander a side,
    each at the middle of its edge, its troop on the nearest free dry squares."""
    spec = generate_map(name.seed, name.size, cat=cat)
    level = name.budget if name.budget is not None else DEFAULT_BUDGET
    commanders = tuple(generate_army(derive(name.seed, 20, side), level, cat, start) for side in range(2))
    width, height = len(spec.rows[0]), len(spec.rows)
    places = (Placement("generated", 0, (0, height // 2)), Placement("generated", 1, (width - 1, height // 2)))
    scenario = ScenarioFile(
        ruleset="commanders", kind="scenario", name=str(name), title=f"Generated field {name.seed}",
        summary=f"{commanders[0].name} ({commanders[0].class_name}) against {commanders[1].name} ({commanders[1].class_name}).",
        map=spec.name, commander=places, sides=("West", "East"),
    )
    return Setup(scenario, spec.board(cat), commanders)


# --- the map in text ----------------------------------------------------------------------
def map_sheet(spec: MapFile, cat: Catalogue) -> Sheet:
    """The map as text: its squares, its heights and each side's zone with its start value."""
    by_symbol = cat.terrain_by_symbol()
    used = sorted({ch for row in spec.rows for ch in row})
    width, height = len(spec.rows[0]), len(spec.rows)
    lines = [f"Map: {spec.title} ({spec.name}) - {width} x {height} squares",
             "  Terrain (" + ", ".join(f"{ch} {by_symbol[ch].name}" for ch in used if ch in by_symbol) + "):"]
    lines += ["  " + row for row in spec.rows]
    if spec.heights:
        lines.append("  Heights:")
        lines += ["  " + row for row in spec.heights]
    values = start_values(spec, cat)
    for side, v in enumerate(values):
        cols = f"columns 0-{ZONE_DEPTH - 1}" if side == 0 else f"columns {width - ZONE_DEPTH}-{width - 1}"
        lines.append(f"  Side {side + 1} deploys in {cols}; start value {v.value:g} "
                     f"(cover {v.cover}, high ground {v.high}, {v.centre:g} to the centre)")
    data = {"kind": "map", "name": spec.name, "width": width, "height": height,
            "start_values": [v.value for v in values]}
    return Sheet(f"Map {spec.name}", tuple(lines), data)
