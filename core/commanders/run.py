"""The Commanders part of a run (core/run.py): the warband is one commander and its troop.

- The starting commander and every opponent are generated commanders of a level
  (core/commanders/generate.py); the warband's first member is its commander, the
  others its troop units, in troop order.
- A wound is health lost. A troop unit at 0 health is dead and leaves the troop; the
  commander's death ends the run.
- Experience is earned in battle as the seed's progression says (core.commanders.experience);
  levels are taken and skill points spent at camps, with the choices the level offers
  (core.commanders.progression). A camp also recruits troop units (`prices.recruit`), within
  the troop rules of a commander file (docs/RULES.md, "Runs").
"""

from __future__ import annotations

from typing import Any

import attrs

from core.commanders import generate
from core.commanders.commander import Commander, troop_limit, troop_problems
from core.commanders.derived import max_spell_level
from core.commanders.experience import carry_over, starting_commanders
from core.commanders.progression import LevelUpChoice, LevelUpOffer, can_level_up, level_up, offer, skill_options, spend_skill_point
from core.commanders.sheet import spell_words, unit_words
from core.commanders.state import Battle
from core.errors import IllegalAction
from core.generate import GeneratedName
from core.run import Condition, Member, Option, Pick, Question, Run, RunConfig, RunHooks
from core import words


class CommandersRun(RunHooks):
    price_names = ("recruit",)

    @property
    def cat(self) -> Any:
        return self.ruleset.catalogue

    def _members(self, commander: Commander, taken: tuple[str, ...] = ()) -> tuple[Member, ...]:
        out = [Member(commander.name, attrs.evolve(commander, troop=()))]
        out += self._troop(commander.troop, taken + (commander.name,))
        return tuple(out)

    def _troop(self, kinds: tuple[str, ...], taken: tuple[str, ...]) -> list[Member]:
        names = list(taken)
        out = []
        for kind in kinds:
            count = 1
            while f"{kind} {count}" in names:
                count += 1
            names.append(f"{kind} {count}")
            out.append(Member(names[-1], kind))
        return out

    def start(self, seed: int, config: RunConfig) -> tuple[Member, ...]:
        return self._members(generate.generate_army(seed, config.warband, self.cat, self.ruleset._start()))

    def opponent(self, seed: int, budget: int, config: RunConfig) -> Commander:
        return generate.generate_army(seed, budget, self.cat, self.ruleset._start())

    def army(self, members: tuple[Member, ...]) -> Commander:
        return attrs.evolve(members[0].unit, troop=tuple(m.unit for m in members[1:]))

    def setup(self, name: GeneratedName, members: tuple[Member, ...], opponent: Any) -> Any:
        setup = generate.generated_setup(name, self.cat, self.ruleset._start())
        return attrs.evolve(setup, commanders=(self.army(members), opponent))

    def _ours(self, state: Battle) -> list[Any]:
        return [u for u in state.units if u.leader == 0 and u.role in ("commander", "troop")]

    def condition(self, state: Battle) -> tuple[Condition, ...]:
        return tuple(Condition(max(0, u.hp), u.hp_max, u.damage_dealt) for u in self._ours(state))

    def wound(self, state: Battle, wounds: tuple[int, ...]) -> Battle:
        units = list(state.units)
        for unit, hurt in zip(self._ours(state), wounds):
            units[unit.uid] = attrs.evolve(unit, hp=max(1, unit.hp - hurt))
        return attrs.evolve(state, units=tuple(units))

    def after(self, members: tuple[Member, ...], initial: Battle, final: Battle) -> tuple[Member, ...]:
        earned = carry_over(final, starting_commanders(initial))[0]
        commander = members[0]
        gained = earned.experience - commander.unit.experience
        line = (f"earned {gained} experience",) if gained else ()
        unit = attrs.evolve(commander.unit, experience=earned.experience)
        return (attrs.evolve(commander, unit=unit, history=commander.history + line),) + members[1:]

    def fatal(self, member: Member) -> str:
        return f"the commander {member.name} fell" if isinstance(member.unit, Commander) else ""

    # --- the camp ----------------------------------------------------------------------------
    def _levels(self, commander: Commander) -> dict[str, tuple[str, LevelUpChoice]]:
        """Every way of taking the next level, keyed as a run file records the choice: its words
        in the camp's list, and the choice it takes (a class change: the class's first unit
        and the offer's first spell; `_class_change` takes any of them)."""
        if not can_level_up(commander):
            return {}
        o = offer(commander, self.cat)
        ways: dict[str, tuple[str, LevelUpChoice]] = {}
        if o.classes:
            for name, (units, spells) in self._classes(o).items():
                picks = f"{self._choice_words(units, 'unit')}, {self._choice_words(spells, 'spell')}"
                listed = f"level {o.level}: become {words.a(name)} ({picks})"
                ways[f"level:class:{name}"] = (listed, LevelUpChoice(new_class=name, unit=units[0], spell=spells[0]))
        elif o.curves:
            for i, curve in enumerate(o.curves):
                free = o.free_attributes[0] if o.free_attributes else commander.major_attribute
                ways[f"level:curve:{i}"] = (f"level {o.level}: {curve.label}", LevelUpChoice(curve=i, attribute=free))
        elif o.free_attributes:
            for a in o.free_attributes:
                ways[f"level:attribute:{a}"] = (f"level {o.level}: +1 {a}", LevelUpChoice(attribute=a))
        else:
            ways["level"] = (f"level {o.level}" + (f": +1 {o.attribute}" if o.attribute else ""), LevelUpChoice())
        return {key: way for key, way in ways.items() if self._takes(commander, way[1])}

    @staticmethod
    def _classes(o: LevelUpOffer) -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
        """The classes a level's offer may change into, each with the units one of which it
        brings and the spells one of which it learns ("" alone: nothing there to pick)."""
        return {c.name: (c.units or ("",), o.spells or ("",)) for c in o.classes}

    @staticmethod
    def _choice_words(names: tuple[str, ...], what: str) -> str:
        """What a class change picks from, for the camp's list: "unit Witch", "one of 23 spells"."""
        if names == ("",):
            return f"no new {what}"
        return f"{what} {names[0]}" if len(names) == 1 else f"one of {len(names)} {what}s"

    def _class_words(self, level: int, name: str, unit: str, spell: str) -> str:
        gains = [f"unit {unit}"] * bool(unit) + [f"spell {spell}"] * bool(spell)
        return f"level {level}: become {words.a(name)}" + (f" ({', '.join(gains)})" if gains else "")

    def _class_offer(self, commander: Commander, key: str, parts: int) -> tuple[list[str], int, tuple[str, ...], tuple[str, ...]] | None:
        """A class change key (`level:class:CLASS`, and `:UNIT:SPELL` when `parts` is 5) the
        next level offers: its parts, the level, and the units and spells it picks from."""
        split = key.split(":")
        if len(split) != parts or split[:2] != ["level", "class"] or not can_level_up(commander):
            return None
        o = offer(commander, self.cat)
        found = self._classes(o).get(split[2])
        return None if found is None else (split, o.level, *found)

    def _class_change(self, commander: Commander, key: str) -> tuple[str, LevelUpChoice] | None:
        """`level:class:CLASS:UNIT:SPELL`: a class change with the unit and the spell the player
        picks (seed 002: "You are not restricted with what spell you can learn"), when the
        level offers them; None otherwise."""
        found = self._class_offer(commander, key, 5)
        if found is None:
            return None
        (_, _, name, unit, spell), level, units, spells = found
        choice = LevelUpChoice(new_class=name, unit=unit, spell=spell)
        if unit not in units or spell not in spells or not self._takes(commander, choice):
            return None
        return self._class_words(level, name, unit, spell), choice

    def questions(self, run: Run, key: str) -> tuple[Question, ...]:
        """A class change (`level:class:CLASS`) asks the unit the class brings and the spell the
        commander learns, each in the words of the commander's sheet; the key `answered` makes
        of the answers is the one `_class_change` takes."""
        commander = run.members[0].unit
        found = self._class_offer(commander, key, 3)
        if found is None:
            return ()
        (_, _, name), _, units, spells = found
        unit_picks = tuple(Pick(u, f"{u} [{', '.join(self.cat.units[u].tags)}]", unit_words(commander, u, self.cat)) if u
                           else Pick("", "no new unit", f"every unit {words.a(name)} brings is recruitable already")
                           for u in units)
        spell_picks = tuple(Pick(s, f"{s} ({self.cat.spells[s].school})", self._spell_about(commander, s)) if s
                            else Pick("", "no new spell", "every spell is known already")
                            for s in spells)
        return (Question(f"The new unit {words.a(name)} brings", unit_picks),
                Question(f"The spell {commander.name} learns", spell_picks))

    def _spell_about(self, commander: Commander, name: str) -> str:
        spell = self.cat.spells[name]
        locked = max(spell.levels) > max_spell_level(commander, spell.school, self.cat)
        return spell_words(commander, name, self.cat) + (f"; a locked level opens with more {self.cat.magic_skill(spell.school)}"
                                                         if locked else "")

    def custom(self, run: Run, key: str) -> Option | None:
        picked = self._class_change(run.members[0].unit, key)
        return None if picked is None else Option(key, picked[0])

    def _takes(self, commander: Commander, choice: LevelUpChoice) -> bool:
        try:
            level_up(commander, self.cat, choice)
        except IllegalAction:
            return False
        return True

    def _recruits(self, run: Run) -> list[str]:
        commander = self.army(run.members)
        if len(commander.troop) >= min(troop_limit(commander, self.cat), run.config.max_units - 1):
            return []
        kinds = [u for u in commander.recruitable if "summon" not in self.cat.units[u].tags]
        return [k for k in kinds if not troop_problems(attrs.evolve(commander, troop=commander.troop + (k,)), self.cat)]

    def offers(self, run: Run) -> list[Option]:
        commander = run.members[0].unit
        out = [Option(key, words) for key, (words, _) in self._levels(commander).items()]
        if commander.skill_points > 0:
            out += [Option(f"skill:{o.name}", f"skill point: {o.label}") for o in skill_options(commander, self.cat)]
        price = run.config.prices["recruit"]
        out += [Option(f"recruit:{k}", f"recruit {words.a(k)}", price) for k in self._recruits(run)]
        return out

    def take(self, run: Run, key: str) -> tuple[tuple[Member, ...], str]:
        lead = run.members[0]
        depth = run.nodes.nodes[run.at].depth + 1
        if key.startswith("recruit:"):
            kind = key[8:]
            if kind not in self._recruits(run):
                raise IllegalAction(f"{kind!r} cannot join this troop")
            added = self._troop((kind,), tuple(m.name for m in run.members + run.fallen))[0]
            added = attrs.evolve(added, history=(f"joined at the camp of layer {depth}",))
            return run.members + (added,), f"{added.name} joins the troop."
        if key.startswith("skill:"):
            commander = spend_skill_point(lead.unit, key[6:], self.cat)
            line = f"learned {key[6:]} at the camp of layer {depth}"
        else:
            way = self._levels(lead.unit).get(key) or self._class_change(lead.unit, key)
            if way is None:
                raise IllegalAction(f"{key!r} is not a way to take the next level")
            said, choice = way
            if choice.new_class:  # the unit and the spell taken, not the list's words
                said = self._class_words(lead.unit.level + 1, choice.new_class, choice.unit, choice.spell)
            commander = level_up(lead.unit, self.cat, choice)
            line = f"took {said} at the camp of layer {depth}"
        member = attrs.evolve(lead, unit=attrs.evolve(commander, troop=()), history=lead.history + (line,))
        return (member,) + run.members[1:], f"{lead.name} {line}."

    def describe(self, member: Member) -> str:
        if isinstance(member.unit, Commander):
            c = member.unit
            history = f" (was {', '.join(c.class_history)})" if c.class_history else ""
            return f"commander, level {c.level} {c.class_name}{history}, {c.experience} experience"
        return f"troop unit, {member.unit}"
