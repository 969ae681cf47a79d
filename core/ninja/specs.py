"""Frozen spec classes for every ninja data file (seed 000), each checking its own rules.

The numbers of the seed live in scenarios/ninja/ (rules.toml, weapons.toml,
schools/*.toml); these classes give them shape. `problems()` returns
(field path, reason) pairs so a designer sees every mistake at once.
"""

from __future__ import annotations

import functools

import attrs

STYLES = ("offensive", "balanced", "defensive")
MODES = ("stand", "walk", "run", "jump")
JUTSU_KINDS = ("O", "D")
TARGETS = ("self", "enemy", "ally", "tree", "hex", "melee", "missile")
EFFECTS = (
    "smoke", "weapon_melee", "weapon_missile", "bolt", "burn_tree", "poison_cloud", "teleport",
    "push", "river_run", "cure", "status", "self_status", "cover", "canopy", "tree_wall",
)
STATUSES = ("blind", "hamstrung", "disarmed", "frozen", "entangled", "invincible", "improved_dodge", "covered")
RULE_SETS = ("unrestricted", "level_cap", "balanced", "population")


@attrs.frozen
class DiceSpec:
    sides: int
    lowest: int
    base_needed: int
    always_miss: int
    always_hit: int


@attrs.frozen
class ClassSpec:
    """What offensive, balanced and defensive mean in numbers."""

    health_bonus: int
    to_hit: int
    to_be_hit: int
    melee_damage: tuple[int, int, int, int]
    missile_damage: tuple[int, int, int, int]


@attrs.frozen
class UnitTable:
    base_health: tuple[int, int, int, int]
    chi: tuple[int, int, int, int]


@attrs.frozen
class MovementSpec:
    walk: int
    run: int
    jump: int
    turn_cost: int
    backward_cost: int
    climb_cost: int
    max_step_climb: int
    priority: tuple[str, ...]


@attrs.frozen
class ModeSpec:
    to_hit: int
    to_be_hit: int


@attrs.frozen
class CombatSpec:
    dodge: int
    improved_dodge: int
    smoke_to_hit: int
    smoke_to_be_hit: int
    blind_to_hit: int
    extra_target: int
    beyond_range: int
    max_range_factor: int
    hamstrung_walk: int
    poison_rounds: int


@attrs.frozen
class ChiSpec:
    regen: int
    rest: int
    rest_heal: int
    burn_health_per_chi: int


@attrs.frozen
class TerrainSpec:
    glyph: str
    move_cost: int
    blocks_sight: bool
    passable: bool


@attrs.frozen
class ScoringSpec:
    round_limit_points: str


@attrs.frozen
class RulesSpec:
    """scenarios/ninja/rules.toml: every number of the seed that is not a school's."""

    ruleset: str
    kind: str
    dice: DiceSpec
    classes: dict[str, ClassSpec]
    units: UnitTable
    movement: MovementSpec
    modes: dict[str, ModeSpec]
    combat: CombatSpec
    chi: ChiSpec
    terrain: dict[str, TerrainSpec]
    scoring: ScoringSpec

    @functools.cached_property
    def least_step_cost(self) -> int:
        """What the cheapest step into any passable terrain costs (0 when none is passable):
        a hex still to go costs at least this, which a movement search towards one end counts."""
        return min((t.move_cost for t in self.terrain.values() if t.passable), default=0)

    def problems(self) -> list[tuple[str, str]]:
        out = []
        for style in STYLES:
            if style not in self.classes:
                out.append((f"classes.{style}", "missing"))
        for mode in MODES:
            if mode not in self.modes:
                out.append((f"modes.{mode}", "missing"))
        if sorted(self.movement.priority) != sorted(MODES):
            out.append(("movement.priority", f"must list each of {', '.join(MODES)} once"))
        for key in ("open", "trees", "water", "ash", "wall"):
            if key not in self.terrain:
                out.append((f"terrain.{key}", "missing (the jutsu need it)"))
        if not self.dice.lowest <= self.dice.base_needed <= self.dice.lowest + self.dice.sides - 1:
            out.append(("dice.base_needed", "must be a face of the die"))
        if self.scoring.round_limit_points != "surviving":
            out.append(("scoring.round_limit_points", "only 'surviving' is known"))
        return out


@attrs.frozen
class WeaponSpec:
    name: str
    missile: bool
    reach: int
    damage_bonus: int
    poison: int


@attrs.frozen
class WeaponsFile:
    ruleset: str
    kind: str
    weapons: dict[str, WeaponSpec]


@attrs.frozen
class JutsuSpec:
    """One jutsu: cost in chi, O(ffensive) or D(efensive), how it is aimed and what it does."""

    name: str
    cost: int
    kind: str
    target: str
    effect: str
    text: str
    range: int = 0
    radius_min: int = 0
    radius_max: int = 0
    rounds: int = 0
    damage: int = 0
    amount: int = 0
    to_hit: int = 0
    status: str = ""
    near: str = ""

    @property
    def offensive(self) -> bool:
        return self.kind == "O"

    def problems(self) -> list[tuple[str, str]]:
        out = []
        if not 1 <= self.cost <= 4:
            out.append(("cost", "seed 000: jutsu cost between 1 and 4 chi"))
        if self.kind not in JUTSU_KINDS:
            out.append(("kind", "must be 'O' (offensive) or 'D' (defensive)"))
        if self.target not in TARGETS:
            out.append(("target", f"must be one of {', '.join(TARGETS)}"))
        if self.effect not in EFFECTS:
            out.append(("effect", f"must be one of {', '.join(EFFECTS)}"))
        if self.effect in ("status", "self_status", "cover") and self.status not in STATUSES:
            out.append(("status", f"must be one of {', '.join(STATUSES)}"))
        if self.near not in ("", "water", "trees"):
            out.append(("near", "must be '', 'water' or 'trees'"))
        if self.range < 0 or self.rounds < 0 or self.radius_min > self.radius_max:
            out.append(("range", "ranges, radii and rounds must be >= 0 and radius_min <= radius_max"))
        return out


@attrs.frozen
class SchoolSpec:
    """One school of seed 000: its class, weapons, ammunition, traits and jutsu."""

    ruleset: str
    kind: str
    name: str
    style: str
    specialty: str
    glyph: str
    melee: tuple[str, ...]
    missile: str
    ammo: int
    move_bonus: int
    jump_attack_penalty: bool
    extra_defence: int
    jutsu: dict[str, JutsuSpec]

    def problems(self) -> list[tuple[str, str]]:
        out = []
        if self.style not in STYLES:
            out.append(("style", f"must be one of {', '.join(STYLES)}"))
        if len(self.glyph) != 1:
            out.append(("glyph", "must be one character"))
        if self.ammo < 0:
            out.append(("ammo", "must be >= 0"))
        for key, spec in sorted(self.jutsu.items()):
            out.extend((f"jutsu.{key}.{f}", r) for f, r in spec.problems())
        return out


def terrain_problems(rows: tuple[str, ...], glyphs: dict[str, str], field: str) -> list[tuple[str, str]]:
    out = []
    for i, row in enumerate(rows):
        for ch in row:
            if ch not in glyphs:
                out.append((f"{field}[{i}]", f"unknown terrain glyph {ch!r}; known: {''.join(sorted(glyphs))}"))
                break
    return out


@attrs.frozen
class ZoneSpec:
    """Where one army deploys: a rectangle of map cells and the facing its ninja start with."""

    cells: tuple[int, int, int, int]  # col0, row0, col1, row1 (inclusive); deployment starts at (col0, row0)
    facing: int


@attrs.frozen
class MapSpec:
    """A battlefield: rows of terrain glyphs and of elevation digits, deployment zones."""

    ruleset: str
    kind: str
    name: str
    text: str
    terrain: tuple[str, ...]
    elevation: tuple[str, ...]
    zones: tuple[ZoneSpec, ...]

    @property
    def width(self) -> int:
        return len(self.terrain[0]) if self.terrain else 0

    @property
    def height(self) -> int:
        return len(self.terrain)

    def problems(self) -> list[tuple[str, str]]:
        out = []
        if not self.terrain:
            return [("terrain", "a map needs at least one row")]
        for i, row in enumerate(self.terrain):
            if len(row) != self.width:
                out.append((f"terrain[{i}]", f"row is {len(row)} wide; the first row is {self.width}"))
        if len(self.elevation) != self.height:
            out.append(("elevation", f"{len(self.elevation)} rows; terrain has {self.height}"))
        for i, row in enumerate(self.elevation):
            if len(row) != self.width or not row.isdigit():
                out.append((f"elevation[{i}]", f"must be {self.width} digits"))
        if not 2 <= len(self.zones) <= 4:
            out.append(("zones", "a map has 2 to 4 deployment zones"))
        for i, z in enumerate(self.zones):
            c0, r0, c1, r1 = z.cells
            if not all(0 <= c < self.width for c in (c0, c1)) or not all(0 <= r < self.height for r in (r0, r1)):
                out.append((f"zones[{i}].cells", "rectangle outside the map"))
            if not 0 <= z.facing < 6:
                out.append((f"zones[{i}].facing", "must be 0..5 (E, NE, NW, W, SW, SE)"))
        return out


@attrs.frozen
class UnitEntry:
    """One ninja on a roster: school, point value and the jutsu it learned."""

    name: str
    school: str
    points: int
    jutsu: tuple[str, ...] = ()


@attrs.frozen
class ArmySpec:
    """A saved unit list (roster): the army a player brings to a battle."""

    ruleset: str
    kind: str
    name: str
    rule_set: str
    points: int
    units: tuple[UnitEntry, ...]
    level_cap: int = 0
    population: int = 0


@attrs.frozen
class ScenarioSpec:
    """A battle: the map, which zones the armies use, the army rule set and the armies."""

    ruleset: str
    kind: str
    name: str
    title: str
    text: str
    map: str
    zones: tuple[int, ...]
    armies: tuple[str, ...]
    rule_set: str
    points: int
    round_limit: int
    level_cap: int = 0
    population: int = 0
    alliance: bool = False
    side_names: tuple[str, ...] = ()
    uneven: str = ""  # why it is meant to be uneven, with its measured odds (core.ruleset.ScenarioInfo)

    def problems(self) -> list[tuple[str, str]]:
        out = []
        if not 2 <= len(self.armies) <= 4:
            out.append(("armies", "seed 000: 2 to 4 armies fight a battle"))
        if len(self.zones) != len(self.armies):
            out.append(("zones", f"one zone per army: {len(self.armies)} armies, {len(self.zones)} zones"))
        if self.side_names and len(self.side_names) != len(self.armies):
            out.append(("side_names", "one name per army"))
        if self.round_limit < 1:
            out.append(("round_limit", "must be >= 1"))
        if self.rule_set not in RULE_SETS:
            out.append(("rule_set", f"must be one of {', '.join(RULE_SETS)}"))
        return out
