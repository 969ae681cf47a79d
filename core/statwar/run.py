"""StatWar's part of a run (core/run.py): the warband is a list of unit designs.

- The starting warband and every opponent are generated armies (core/statwar/generate.py).
- A wound is health lost; a unit at 0 health is dead and leaves the warband.
- A camp sells any bundled design, at `prices.add` percent of its own point cost, to add
  to the end of the activation list (docs/RULES.md, "Runs").
"""

from __future__ import annotations

from typing import Any

import attrs

from core.errors import IllegalAction
from core.generate import GeneratedName
from core.run import Condition, Member, Option, Run, RunConfig, RunHooks
from core.statwar import generate
from core.statwar.specs import MAX_ARMY_UNITS, Army, UnitSpec
from core.statwar.state import Battle
from core.words import a, count


def room(config: RunConfig) -> int:
    """Deployment squares a warband may fill: the back rows every generated board keeps open."""
    return generate.BACK_ROWS * min(config.size)


#: The numbers a design key carries, in order (after its name).
DESIGN_FIELDS = ("damage", "range", "armor", "move", "suicide_bomb", "big", "ridable", "defender")
NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -'")


def design_key(unit: UnitSpec) -> str:
    """The camp choice that adds `unit`, a design of the player's own, to the warband:
    `design:NAME:damage,range,armor,move,suicide_bomb,big,ridable,defender`."""
    return f"design:{unit.name}:" + ",".join(str(int(getattr(unit, f))) for f in DESIGN_FIELDS)


def parse_design(key: str) -> UnitSpec | None:
    """The design a `design_key` stands for, when it keeps every design rule; else None."""
    parts = key.split(":")
    if len(parts) != 3 or parts[0] != "design" or not 1 <= len(parts[1].strip()) <= 30 or not set(parts[1]) <= NAME_CHARS:
        return None
    numbers = parts[2].split(",")
    if len(numbers) != len(DESIGN_FIELDS) or not all(n.isdigit() and len(n) <= 3 for n in numbers):
        return None
    values = dict(zip(DESIGN_FIELDS, (int(n) for n in numbers)))
    if values["suicide_bomb"] > 1:
        return None
    unit = UnitSpec(name=parts[1].strip(), description="Designed at a camp of the run.",
                    **{**values, "suicide_bomb": bool(values["suicide_bomb"])})
    return None if unit.problems() else unit


class StatWarRun(RunHooks):
    price_names = ("add",)

    def __init__(self, ruleset: Any) -> None:
        super().__init__(ruleset)
        self._bundled: tuple[UnitSpec, ...] | None = None

    def _designs(self) -> tuple[UnitSpec, ...]:
        """The bundled unit designs, read once (the hooks live as long as their Ruleset)."""
        if self._bundled is None:
            self._bundled = self.ruleset._unit_designs()
        return self._bundled

    def _named(self, units: tuple[UnitSpec, ...], taken: tuple[str, ...] = ()) -> tuple[Member, ...]:
        names = list(taken)
        out = []
        for unit in units:
            count = 1 + sum(1 for n in names if n.rsplit(" ", 1)[0] == unit.name)
            names.append(f"{unit.name} {count}")
            out.append(Member(names[-1], unit))
        return tuple(out)

    def start(self, seed: int, config: RunConfig) -> tuple[Member, ...]:
        army = generate.generate_army(seed, config.warband, self._designs(), room(config))
        return self._named(army.units[: config.max_units])

    def opponent(self, seed: int, budget: int, config: RunConfig) -> Army:
        return generate.generate_army(seed, budget, self._designs(), room(config))

    def army(self, members: tuple[Member, ...]) -> Army:
        units = tuple(m.unit for m in members)
        return Army("Warband", sum(u.cost for u in units), units)

    def setup(self, name: GeneratedName, members: tuple[Member, ...], opponent: Any) -> Any:
        setup = generate.generated_setup(name, self._designs())
        return attrs.evolve(setup, armies=(self.army(members), opponent))

    def condition(self, state: Battle) -> tuple[Condition, ...]:
        out = []
        for uid in state.rosters[0]:
            unit = state.units[uid]
            out.append(Condition(max(0, unit.health), state.designs[unit.design].max_health, unit.damage_dealt))
        return tuple(out)

    def wound(self, state: Battle, wounds: tuple[int, ...]) -> Battle:
        units = list(state.units)
        for uid, hurt in zip(state.rosters[0], wounds):
            units[uid] = attrs.evolve(units[uid], health=max(1, units[uid].health - hurt))
        return attrs.evolve(state, units=tuple(units))

    def offers(self, run: Run) -> list[Option]:
        if len(run.members) >= min(run.config.max_units, MAX_ARMY_UNITS):
            return []
        used = sum(m.unit.squares for m in run.members)
        price = run.config.prices["add"]
        return [
            Option(f"add:{unit.name}", f"add {a(unit.name)} ({count(unit.cost, 'point')}, {count(unit.squares, 'square')})", (unit.cost * price) // 100)
            for unit in self._designs()
            if used + unit.squares <= room(run.config)
        ]

    def custom(self, run: Run, key: str) -> Option | None:
        """A design of the player's own (`design_key`), priced as a bundled one, when it keeps
        the design rules, the warband's unit count and its deployment room."""
        unit = parse_design(key)
        if unit is None or len(run.members) >= min(run.config.max_units, MAX_ARMY_UNITS):
            return None
        if sum(m.unit.squares for m in run.members) + unit.squares > room(run.config):
            return None
        return Option(key, f"add a new design, {unit.name} ({unit.cost} points)", (unit.cost * run.config.prices["add"]) // 100)

    def take(self, run: Run, key: str) -> tuple[tuple[Member, ...], str]:
        wanted = key.removeprefix("add:")
        unit = parse_design(key) or next((u for u in self._designs() if u.name == wanted), None)
        if unit is None:
            raise IllegalAction(f"no design is called {wanted!r}")
        added = self._named((unit,), tuple(m.name for m in run.members + run.fallen))[0]
        added = attrs.evolve(added, history=(f"joined at the camp of layer {run.nodes.nodes[run.at].depth + 1}",))
        return run.members + (added,), f"{added.name} joins the warband."

    def describe(self, member: Member) -> str:
        u = member.unit
        return f"{u.name}: damage {u.damage}, range {u.range}, armour {u.armor}, move {u.move}, health {u.max_health}, {u.cost} points"
