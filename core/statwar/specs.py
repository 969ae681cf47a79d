"""StatWar unit designs: the point buy of seed 001 as a frozen spec with its derived numbers.

A unit is bought, not rolled: Damage, Range, Armor and Move cost a point each;
Suicide Bomb, and each level of Big, Ridable and Defender cost five. Health is
never bought: it is 5 plus one per square of the footprint beyond the first.
`problems()` names every broken design rule, so a designer sees them all at once.
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
