"""StatWar file shapes: unit designs, boards, armies and scenarios, each checking its own rules.

A unit is bought, not rolled: Damage, Range, Armor and Move cost a point each;
Suicide Bomb, and each level of Big, Ridable and Defender cost five. Health is
never bought: it is 5 plus one per square of the footprint beyond the first.

seed 001: "The board can be anything as long as it is symmetrical, has squares ...
and has a neutral zone along a line of symmetry." A board file draws the map as
rows of characters (core.statwar.setup builds the runtime `Board` from it).

seed 001: "Agree on a point total. Make an army that costs that many points. Make
a list of your units in the order you want them to move in." An army file is
that list: unit file names in activation order, with a point budget; `Army` is
that list resolved into unit designs. A scenario names a board, two armies and
the round limit that ends a stalled battle.

`problems()` names every broken rule of a file, so a designer sees them all at once.
"""

from __future__ import annotations

import attrs

RULESET_NAME = "statwar"

# seed 001: "Health ... Defaults to 5. Can't be raised here."
BASE_HEALTH = 5
# seed 001: Damage, Range, Armor, Move "Costs 1 point to increase."
POINTS_PER_STAT = 1
# seed 001: Suicide Bomb "5 points"; Big, Ridable, Defender "5 points per level".
POINTS_PER_SPECIAL = 5
#: Largest Big level a unit file may ask for (a 6 x 6 unit already fills most boards).
MAX_BIG = 5
#: Upper bound for any bought stat, to keep hand-written files sane.
MAX_STAT = 99
#: The most units one army may field (keeps a battle readable and the AI fast).
MAX_ARMY_UNITS = 40

# The squares a board file draws its map with.
OPEN = "."
BLOCKED = "#"
NEUTRAL = "~"
LEGEND = {OPEN: "open", BLOCKED: "blocked", NEUTRAL: "neutral"}
SPLITS = ("top-bottom", "left-right")
MAX_SIDE = 60


def mirror_of(split: str, width: int, height: int, x: int, y: int) -> tuple[int, int]:
    """The square that mirrors (x, y) across the line between the two sides."""
    if split == "top-bottom":
        return x, height - 1 - y
    return width - 1 - x, y


def owner_of(split: str, width: int, height: int, x: int, y: int, terrain: str) -> int:
    """The side that deploys on (x, y), or -1.

    seed 001: never deploy "in the neutral zone, or on the side that has your opponent's units"."""
    if terrain != OPEN:
        return -1
    along, length = (y, height) if split == "top-bottom" else (x, width)
    mirrored = length - 1 - along
    if along < mirrored:
        return 0
    if along > mirrored:
        return 1
    return -1


@attrs.frozen(slots=True, kw_only=True)
class UnitSpec:
    """One unit design as its file states it. Everything else is derived from these numbers."""

    ruleset: str = RULESET_NAME
    kind: str = "unit"
    name: str
    description: str
    damage: int = 0
    range: int = 0
    armor: int = 0
    move: int = 0
    suicide_bomb: bool = False
    big: int = 0
    ridable: int = 0
    defender: int = 0
    glyph: str = ""
    # Optional checks for hand-copied sheets: when given they must equal the derived values.
    points: int | None = None
    health: int | None = None

    # --- derived numbers (seed 001) -------------------------------------------------
    @property
    def size(self) -> int:
        """Side length of the footprint: seed 001 "each level ... length and width increase by one"."""
        return self.big + 1

    @property
    def squares(self) -> int:
        """Squares covered: Big 0 = 1, Big 1 = 4, Big 2 = 9."""
        return self.size * self.size

    @property
    def max_health(self) -> int:
        """seed 001: "one bonus Health for each square they take up beyond their original one"."""
        return BASE_HEALTH + self.squares - 1

    @property
    def cost(self) -> int:
        stats = (self.damage + self.range + self.armor + self.move) * POINTS_PER_STAT
        specials = (int(self.suicide_bomb) + self.big + self.ridable + self.defender) * POINTS_PER_SPECIAL
        return stats + specials

    @property
    def reach(self) -> int:
        """Attack reach in squares: Range, but at least 1 (docs/RULES.md: Range 0 is melee)."""
        return max(1, self.range)

    @property
    def rider_capacity(self) -> int:
        """How many units it can carry at most: its Ridable levels, capped by its squares."""
        return min(self.ridable, self.squares)

    @property
    def mark(self) -> str:
        """One character for the map: the file's glyph, else the name's first letter."""
        return (self.glyph or self.name[:1] or "?")[0]

    def cost_lines(self) -> tuple[tuple[str, int], ...]:
        """Each bought item with its points, in sheet order (only the ones bought)."""
        items = [
            ("Damage", self.damage * POINTS_PER_STAT),
            ("Range", self.range * POINTS_PER_STAT),
            ("Armor", self.armor * POINTS_PER_STAT),
            ("Move", self.move * POINTS_PER_STAT),
            ("Suicide Bomb", int(self.suicide_bomb) * POINTS_PER_SPECIAL),
            (f"Big {self.big}", self.big * POINTS_PER_SPECIAL),
            (f"Ridable {self.ridable}", self.ridable * POINTS_PER_SPECIAL),
            (f"Defender {self.defender}", self.defender * POINTS_PER_SPECIAL),
        ]
        return tuple((label, pts) for label, pts in items if pts)

    def specials(self) -> tuple[str, ...]:
        out = []
        if self.suicide_bomb:
            out.append("Suicide Bomb")
        if self.big:
            out.append(f"Big {self.big}")
        if self.ridable:
            out.append(f"Ridable {self.ridable}")
        if self.defender:
            out.append(f"Defender {self.defender}")
        return tuple(out)

    def problems(self) -> list[tuple[str, str]]:
        """Every broken design rule as (field, reason)."""
        out: list[tuple[str, str]] = []
        if self.ruleset != RULESET_NAME:
            out.append(("ruleset", f"must be {RULESET_NAME!r}, not {self.ruleset!r}"))
        if self.kind != "unit":
            out.append(("kind", f"must be 'unit' in a unit file, not {self.kind!r}"))
        if not self.name.strip():
            out.append(("name", "is empty; every unit needs a name"))
        # seed 001: "This does nothing. It's required though"
        if not self.description.strip():
            out.append(("description", "is empty; the seed requires a description"))
        for field in ("damage", "range", "armor", "move", "ridable", "defender"):
            value = getattr(self, field)
            if value < 0:
                out.append((field, f"is {value}; it cannot be negative"))
            elif value > MAX_STAT:
                out.append((field, f"is {value}; the most a file may buy is {MAX_STAT}"))
        if self.big < 0:
            out.append(("big", f"is {self.big}; it cannot be negative"))
        elif self.big > MAX_BIG:
            out.append(("big", f"is {self.big}; the largest Big level is {MAX_BIG}"))
        # seed 001: "A unit cannot have a higher Armor stat than its Health stat."
        if 0 <= self.big <= MAX_BIG and self.armor > self.max_health:
            out.append(("armor", f"is {self.armor} but Health is {self.max_health}; Armor may not exceed Health"))
        if len(self.glyph) > 1:
            out.append(("glyph", f"is {self.glyph!r}; a glyph is one character"))
        if self.points is not None and 0 <= self.big <= MAX_BIG and self.points != self.cost:
            out.append(("points", f"says {self.points} but the design costs {self.cost}"))
        if self.health is not None and 0 <= self.big <= MAX_BIG and self.health != self.max_health:
            out.append(
                (
                    "health",
                    f"says {self.health} but the rules give {self.max_health} "
                    f"({BASE_HEALTH} base + {self.squares - 1} for {self.squares} squares); Health cannot be bought",
                )
            )
        return out


def fits(mount_size: int, rider_sizes: tuple[int, ...]) -> tuple[tuple[int, int], ...] | None:
    """Pack square riders onto a mount's size x size top: offsets per rider, or None.

    seed 001: "a unit with one level of Big and two levels of Ridable can carry two
    normal sized units or one unit with one level of Big". Riders are placed largest
    first, each at the first free offset in row-major order; the packing is also
    where riders are set down when the mount dies.
    """
    taken: set[tuple[int, int]] = set()
    placed: dict[int, tuple[int, int]] = {}
    order = sorted(range(len(rider_sizes)), key=lambda i: (-rider_sizes[i], i))
    for i in order:
        size = rider_sizes[i]
        spot = None
        for oy in range(mount_size - size + 1):
            for ox in range(mount_size - size + 1):
                cells = {(ox + dx, oy + dy) for dy in range(size) for dx in range(size)}
                if not cells & taken:
                    spot = (ox, oy)
                    break
            if spot is not None:
                break
        if spot is None:
            return None
        taken |= {(spot[0] + dx, spot[1] + dy) for dy in range(size) for dx in range(size)}
        placed[i] = spot
    return tuple(placed[i] for i in range(len(rider_sizes)))


def can_carry(mount: UnitSpec, riders: tuple[UnitSpec, ...]) -> bool:
    """seed 001: one rider per Ridable level, all fitting on the mount's squares; riders are never ridable."""
    if len(riders) > mount.ridable or any(r.ridable for r in riders):
        return False
    return fits(mount.size, tuple(r.size for r in riders)) is not None


@attrs.frozen(slots=True, kw_only=True)
class BoardSpec:
    """A board file: rows of '.', '#', '~' and which way the two sides face each other."""

    ruleset: str = RULESET_NAME
    kind: str = "board"
    name: str
    description: str
    split: str = "top-bottom"
    rows: tuple[str, ...]

    def problems(self) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        if self.ruleset != RULESET_NAME:
            out.append(("ruleset", f"must be {RULESET_NAME!r}, not {self.ruleset!r}"))
        if self.kind != "board":
            out.append(("kind", f"must be 'board' in a board file, not {self.kind!r}"))
        if not self.description.strip():
            out.append(("description", "is empty; say what the board is like"))
        if self.split not in SPLITS:
            out.append(("split", f"is {self.split!r}; use one of {', '.join(SPLITS)}"))
            return out
        if not self.rows or not self.rows[0]:
            out.append(("rows", "the board has no squares"))
            return out
        width = len(self.rows[0])
        for i, row in enumerate(self.rows):
            if len(row) != width:
                out.append((f"rows[{i}]", f"has {len(row)} squares; the first row has {width}"))
            bad = sorted({c for c in row if c not in LEGEND})
            if bad:
                out.append((f"rows[{i}]", f"unknown square {bad[0]!r}; use '.' open, '#' blocked, '~' neutral"))
        if out:
            return out
        if width > MAX_SIDE or len(self.rows) > MAX_SIDE:
            out.append(("rows", f"the board is {width} x {len(self.rows)}; at most {MAX_SIDE} a side"))
            return out
        height = len(self.rows)
        at = {(x, y): c for y, row in enumerate(self.rows) for x, c in enumerate(row)}
        # seed 001: the board must be symmetrical across the line between the sides.
        for (x, y), terrain in at.items():
            mx, my = mirror_of(self.split, width, height, x, y)
            if terrain != at[(mx, my)]:
                out.append((f"rows[{y}]", f"square {x} is not the mirror of row {my} square {mx}; the board must be symmetric"))
                return out
        if NEUTRAL not in at.values():
            out.append(("rows", "has no neutral zone ('~'); seed 001 asks for one along the line of symmetry"))
        else:
            middle = sorted(((x, y) for x, y in at if mirror_of(self.split, width, height, x, y) == (x, y)),
                            key=lambda c: (c[1], c[0]))
            for x, y in middle:
                if at[(x, y)] == OPEN:
                    out.append((f"rows[{y}]", f"square {x} lies on the line of symmetry; mark it neutral '~' or blocked '#'"))
                    break
        for side in (0, 1):
            if not any(owner_of(self.split, width, height, x, y, c) == side for (x, y), c in at.items()):
                out.append(("rows", f"side {side + 1} has no open square to deploy on"))
        return out


@attrs.frozen(slots=True, kw_only=True)
class ArmyEntry:
    """One line of the army list: a unit file name (without .toml) and how many in a row."""

    unit: str
    count: int = 1


@attrs.frozen(slots=True, kw_only=True)
class ArmySpec:
    ruleset: str = RULESET_NAME
    kind: str = "army"
    name: str
    description: str
    points: int
    units: tuple[ArmyEntry, ...]

    def problems(self) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        if self.ruleset != RULESET_NAME:
            out.append(("ruleset", f"must be {RULESET_NAME!r}, not {self.ruleset!r}"))
        if self.kind != "army":
            out.append(("kind", f"must be 'army' in an army file, not {self.kind!r}"))
        if not self.description.strip():
            out.append(("description", "is empty; say what the army is about"))
        if self.points <= 0:
            out.append(("points", f"is {self.points}; the agreed point total must be positive"))
        if not self.units:
            out.append(("units", "the army lists no units"))
        for i, entry in enumerate(self.units):
            if entry.count < 1:
                out.append((f"units[{i}].count", f"is {entry.count}; at least 1"))
            if not entry.unit.strip():
                out.append((f"units[{i}].unit", "is empty; name a unit file"))
        total = sum(max(0, e.count) for e in self.units)
        if total > MAX_ARMY_UNITS:
            out.append(("units", f"lists {total} units; at most {MAX_ARMY_UNITS}"))
        return out


@attrs.frozen(slots=True, kw_only=True)
class ScenarioSpec:
    ruleset: str = RULESET_NAME
    kind: str = "scenario"
    name: str
    title: str
    summary: str
    board: str
    armies: tuple[str, ...]
    side_names: tuple[str, ...] = ("North", "South")
    round_limit: int = 40
    uneven: str = ""  # why it is meant to be uneven, with its measured odds (core.ruleset.ScenarioInfo)

    def problems(self) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        if self.ruleset != RULESET_NAME:
            out.append(("ruleset", f"must be {RULESET_NAME!r}, not {self.ruleset!r}"))
        if self.kind != "scenario":
            out.append(("kind", f"must be 'scenario' in a scenario file, not {self.kind!r}"))
        if len(self.armies) != 2:
            out.append(("armies", f"names {len(self.armies)} armies; StatWar is played by exactly 2"))
        if len(self.side_names) != 2:
            out.append(("side_names", f"names {len(self.side_names)} sides; give exactly 2"))
        elif any(not n.strip() for n in self.side_names):
            out.append(("side_names", "a side name is empty"))
        if not 1 <= self.round_limit <= 1000:
            out.append(("round_limit", f"is {self.round_limit}; use 1 to 1000"))
        return out


@attrs.frozen(slots=True)
class Army:
    """A resolved army: its list of unit designs in activation order."""

    name: str
    points: int
    units: tuple[UnitSpec, ...]

    @property
    def cost(self) -> int:
        return sum(u.cost for u in self.units)
