"""The ninja part of a run (core/run.py): the warband is a roster of one school.

- The starting roster and every opponent are generated armies (core/ninja/generate.py),
  judged by the Balanced rule set with the roster's own total as its budget.
- A wound is health lost; a ninja at 0 health or less is dead and leaves the roster.
- A camp sells promotions (a ninja's point value up by one, to at most 4, at
  `prices.promote` points; it learns one jutsu for each point of chi it gains) and
  recruits (a new 1-point ninja of the roster's school at `prices.recruit`); each is
  offered only while the roster stays legal under Balanced (docs/RULES.md, "Runs").
"""

from __future__ import annotations

from typing import Any

import attrs

from core.errors import IllegalAction
from core.generate import Draw, GeneratedName, derive
from core.ninja import generate
from core.ninja.armies import rule_set_problems
from core.ninja.specs import ArmySpec, UnitEntry
from core.ninja.state import Battle
from core.run import Condition, Member, Option, Run, RunConfig, RunHooks

RULE_SET = "balanced"
TOP_VALUE = 4


class NinjaRun(RunHooks):
    price_names = ("promote", "recruit")

    @property
    def cat(self) -> Any:
        return self.ruleset.cat

    def start(self, seed: int, config: RunConfig) -> tuple[Member, ...]:
        army = generate.generate_army(seed, config.warband, self.cat, RULE_SET, max_units=config.max_units)
        return tuple(Member(u.name, u) for u in army.units)

    def opponent(self, seed: int, budget: int, config: RunConfig) -> ArmySpec:
        return generate.generate_army(seed, budget, self.cat, RULE_SET, max_units=config.max_units)

    def army(self, members: tuple[Member, ...]) -> ArmySpec:
        units = tuple(m.unit for m in members)
        return ArmySpec(ruleset="ninja", kind="army", name="Warband", rule_set=RULE_SET,
                        points=sum(u.points for u in units), units=units)

    def setup(self, name: GeneratedName, members: tuple[Member, ...], opponent: Any) -> Any:
        setup = generate.generated_setup(name, self.cat)
        return attrs.evolve(setup, armies=(self.army(members), opponent))

    def condition(self, state: Battle) -> tuple[Condition, ...]:
        return tuple(Condition(max(0, u.hp), u.hp_max, u.damage_dealt) for u in state.units if u.side == 0)

    def wound(self, state: Battle, wounds: tuple[int, ...]) -> Battle:
        ours = [u for u in state.units if u.side == 0]
        units = list(state.units)
        for unit, hurt in zip(ours, wounds):
            units[unit.uid] = attrs.evolve(unit, hp=max(1, unit.hp - hurt))
        return attrs.evolve(state, units=tuple(units))

    # --- the camp ----------------------------------------------------------------------------
    def _legal(self, values: list[int]) -> bool:
        return not rule_set_problems(RULE_SET, sum(values), 0, 0, values)

    def _learned(self, run: Run, entry: UnitEntry, points: int) -> tuple[str, ...]:
        """The jutsu a ninja learns on reaching `points`: one per point of chi it gains, drawn
        from its school's jutsu it may now learn (the run's seed and step decide)."""
        school = self.cat.schools[entry.school]
        gain = self.cat.chi(points) - (self.cat.chi(entry.points) if entry.points else 0)
        learnable = sorted(k for k, j in school.jutsu.items() if j.cost <= points and k not in entry.jutsu)
        return tuple(sorted(Draw(derive(run.seed, 9, len(run.steps))).shuffled(learnable)[:gain]))

    def _recruit(self, run: Run) -> UnitEntry:
        key = run.members[0].unit.school
        school = self.cat.schools[key]
        taken = {m.name for m in run.members + run.fallen}
        count = 1
        while f"{school.name} Recruit {count}" in taken:
            count += 1
        fresh = UnitEntry(f"{school.name} Recruit {count}", key, 0)
        return attrs.evolve(fresh, points=1, jutsu=self._learned(run, fresh, 1))

    def offers(self, run: Run) -> list[Option]:
        values = [m.unit.points for m in run.members]
        out = []
        price = run.config.prices["promote"]
        for i, member in enumerate(run.members):
            p = member.unit.points
            if p < TOP_VALUE and self._legal(values[:i] + [p + 1] + values[i + 1:]):
                learns = ", ".join(self._learned(run, member.unit, p + 1)) or "no new jutsu"
                out.append(Option(f"promote:{i}", f"promote {member.name} to {p + 1} points (learns {learns})", price))
        if len(run.members) < run.config.max_units and self._legal(values + [1]):
            recruit = self._recruit(run)
            out.append(Option("recruit", f"recruit {recruit.name} (1 point; {', '.join(recruit.jutsu)})", run.config.prices["recruit"]))
        return out

    def take(self, run: Run, key: str) -> tuple[tuple[Member, ...], str]:
        depth = run.nodes.nodes[run.at].depth + 1
        if key == "recruit":
            entry = self._recruit(run)
            added = Member(entry.name, entry, history=(f"joined at the camp of layer {depth}",))
            return run.members + (added,), f"{entry.name} joins the warband."
        if not key.startswith("promote:") or not key[8:].isdigit() or int(key[8:]) >= len(run.members):
            raise IllegalAction(f"{key!r} is not a promotion of this warband")
        i = int(key[8:])
        member = run.members[i]
        points = member.unit.points + 1
        learned = self._learned(run, member.unit, points)
        entry = attrs.evolve(member.unit, points=points, jutsu=tuple(sorted(member.unit.jutsu + learned)))
        # a promotion keeps the wounds taken: health lost stays lost until healed
        line = f"promoted to {points} points at the camp of layer {depth}" + (f", learned {', '.join(learned)}" if learned else "")
        members = list(run.members)
        members[i] = attrs.evolve(member, unit=entry, history=member.history + (line,))
        return tuple(members), f"{member.name} is promoted to {points} points."

    def describe(self, member: Member) -> str:
        u = member.unit
        school = self.cat.schools[u.school].name
        return f"{school}, {u.points} point{'s' if u.points != 1 else ''}, health {self.cat.health(u.school, u.points)}, jutsu {', '.join(u.jutsu) or 'none'}"
