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


def room(config: RunConfig) -> int:
    """Deployment squares a warband may fill: the back rows every generated board keeps open."""
    return generate.BACK_ROWS * min(config.size)


class StatWarRun(RunHooks):
    price_names = ("add",)

    def _designs(self) -> tuple[UnitSpec, ...]:
        return self.ruleset._unit_designs()

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
            Option(f"add:{unit.name}", f"add a {unit.name} ({unit.cost} points, {unit.squares} squares)", (unit.cost * price) // 100)
            for unit in self._designs()
            if used + unit.squares <= room(run.config)
        ]

    def take(self, run: Run, key: str) -> tuple[tuple[Member, ...], str]:
        wanted = key.removeprefix("add:")
        unit = next((u for u in self._designs() if u.name == wanted), None)
        if unit is None:
            raise IllegalAction(f"no design is called {wanted!r}")
        added = self._named((unit,), tuple(m.name for m in run.members + run.fallen))[0]
        added = attrs.evolve(added, history=(f"joined at the camp of layer {run.nodes.nodes[run.at].depth + 1}",))
        return run.members + (added,), f"{added.name} joins the warband."

    def describe(self, member: Member) -> str:
        u = member.unit
        return f"{u.name}: damage {u.damage}, range {u.range}, armour {u.armor}, move {u.move}, health {u.max_health}, {u.cost} points"
