"""Army and scenario files, and the resolved set-up a battle starts from.

seed 001: "Agree on a point total. Make an army that costs that many points. Make
a list of your units in the order you want them to move in." An army file is
that list: unit file names in activation order, with a point budget. A scenario
names a board, two armies and the round limit that ends a stalled battle.
"""

from __future__ import annotations

import attrs

from core.statwar.board import Board
from core.statwar.specs import RULESET_NAME, UnitSpec

#: The most units one army may field (keeps a battle readable and the AI fast).
MAX_ARMY_UNITS = 40


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


@attrs.frozen(slots=True)
class Setup:
    """Everything `new_battle` needs: the board, both armies, the names and the round limit."""

    title: str
    board: Board
    armies: tuple[Army, ...]
    side_names: tuple[str, ...] = ("North", "South")
    round_limit: int = 40
