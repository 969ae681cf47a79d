"""The ninja ruleset (seed 000) behind the common protocol of core.ruleset."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs

from core.content import display_path
from core.errors import ContentError, Problem
from core.generate import Generation, is_generated
from core.ninja import ai, generate, muster, picks, planning, sheet, turn, view
from core.ninja.actions import ACTION_TYPES, OrderAction, OrderMove
from core.ninja.armies import army_problems
from core.ninja.content import Catalogue, load_army, load_catalogue, load_map, load_typed, school_weapon_problems
from core.ninja.events import EVENT_TYPES
from core.ninja.movement import ReachMemo
from core.ninja.planning import Predictions
from core.ninja.resolution import scores, winner
from core.ninja.setup import Setup, load_setup, new_battle
from core.ninja.specs import ArmySpec, MapSpec, RulesSpec, SchoolSpec, WeaponsFile
from core.ninja.stakes import StakesMemo
from core.ninja.state import Battle
from core.rng import Dice
from core.ruleset import Outcome, Ruleset, ScenarioInfo, Sheet


@attrs.frozen
class _Loaded:
    """One content folder as the ruleset loaded it."""

    root: Path
    cat: Catalogue
    stakes: StakesMemo  # the AI's last stakes asked about
    reach: ReachMemo  # movement searches of recent positions
    predictions: Predictions  # the hard AI's predicted enemy orders

    @classmethod
    def of(cls, root: Path, cat: Catalogue) -> _Loaded:
        """The folder's content with empty memos."""
        return cls(root, cat, StakesMemo(), ReachMemo(), Predictions())


class NinjaRuleset(Ruleset):
    sealed_orders = True
    name = "ninja"
    title = "Ninja: nine schools, sealed simultaneous orders"
    #: 2: dice per action (docs/RULES.md, General, "Dice"); 3: a movement order may name
    #: its route (docs/RULES.md, "Movement search"), which a build of version 2 cannot read.
    rules_version = 3
    grid = "hex"
    state_type = Battle
    action_types = ACTION_TYPES
    event_types = EVENT_TYPES

    def _loaded(self) -> _Loaded:
        """The content of this ruleset's folder and the AI's memos that go with it, loaded at
        the first use and kept (as Commanders keeps its catalogue): the folder, `content_dir`
        ($SKIRMISH_SCENARIOS, else the repository's scenarios/), is chosen when the program
        starts. One record in one store, so the AI thread and the screen never see one
        catalogue with another's memos. (Reading the environment again on every order and
        every listing, to follow a folder changed while running, cost about 1.5 us, a tenth
        of an order.)"""
        loaded = self.__dict__.get("_loaded_content")
        if loaded is None:
            root = self.content_dir()
            loaded = _Loaded.of(root, load_catalogue(root.resolve()))
            self.__dict__["_loaded_content"] = loaded
        return loaded

    def configure_converter(self, converter: Any) -> None:
        """A movement order that names no route is written without `steps`, as before
        routes were named: the orders of older saves keep their encodings and links."""
        from cattrs.gen import make_dict_unstructure_fn, override

        converter.register_unstructure_hook(
            OrderMove, make_dict_unstructure_fn(OrderMove, converter, steps=override(omit_if_default=True))
        )

    def forget(self) -> None:
        """The loaded content stays; its memos start empty."""
        loaded = self.__dict__.get("_loaded_content")
        if loaded is not None:
            self.__dict__["_loaded_content"] = _Loaded.of(loaded.root, loaded.cat)

    @property
    def cat(self) -> Catalogue:
        """The loaded content (resolving the folder on every read cost about 37 us, and the
        rules read it many times an action)."""
        return self._loaded().cat

    # --- building a battle ----------------------------------------------------
    def scenarios(self) -> list[ScenarioInfo]:
        out = []
        for path in sorted((self.content_dir() / "battles").glob("*.toml")):
            setup = load_setup(path, self.cat)
            s = setup.scenario
            out.append(ScenarioInfo(path.stem, self.name, s.title, s.text, len(s.armies), str(path), s.uneven))
        return out

    def load_scenario(self, name_or_path: str | Path) -> Setup:
        if is_generated(str(name_or_path)):
            return generate.generated_setup(self.generation().name(str(name_or_path)), self.cat)
        p = Path(name_or_path)
        if not p.suffix:
            bundled = self.content_dir() / "battles" / f"{name_or_path}.toml"
            if not bundled.exists():
                known = ", ".join(sorted(x.stem for x in (self.content_dir() / "battles").glob("*.toml")))
                raise ContentError([Problem(str(name_or_path), "(file)", f"no bundled ninja scenario of that name; known: {known}")])
            p = bundled
        return load_setup(p, self.cat)

    def set_up(self, setup: Setup, seed: int) -> Battle:
        return new_battle(setup, self.cat, seed)

    def load_document(self, path: Path, data: dict[str, Any]) -> Any:
        kind = data.get("kind")
        file = display_path(path)
        if kind == "run" and data.get("ruleset") == self.name:  # a run's settings (core/run.py)
            from core.run import settings_document

            return settings_document(self.name, path, data)
        if kind == "scenario":
            return load_setup(path, self.cat)
        if kind == "army":
            army = load_army(path)
            found = army_problems(army, self.cat)
            if found:
                raise ContentError([Problem(file, f, r) for f, r in found])
            return army
        if kind == "map":
            return load_map(path, self.cat)
        if kind == "school":
            school = load_typed(path, SchoolSpec, "school")
            found = school_weapon_problems(school, self.cat.weapons)
            if found:
                raise ContentError([Problem(file, f, r) for f, r in found])
            return school
        if kind == "rules":
            return load_typed(path, RulesSpec, "rules")
        if kind == "weapons":
            return load_typed(path, WeaponsFile, "weapons")
        raise ContentError([Problem(file, "kind", f"unknown ninja file kind {kind!r}; known: scenario, army, map, school, rules, weapons")])

    # --- armies ------------------------------------------------------------------
    def army_files(self) -> list[Path]:
        return muster.army_files(self.cat)

    def load_army(self, path: Path) -> ArmySpec:
        return load_army(Path(path))

    def setup_armies(self, setup: Setup) -> tuple[Any, ...]:
        return tuple(setup.armies)

    def army_summary(self, army: ArmySpec) -> str:
        return muster.army_summary(army)

    def with_army(self, setup: Setup, side: int, army: ArmySpec, source: str = "") -> Setup:
        return muster.with_army(setup, side, army, self.cat, source)

    def army_from_document(self, data: Any, where: str) -> ArmySpec:
        from core.content import structure

        army = structure(data, ArmySpec, where)
        found = army_problems(army, self.cat)
        if found:
            raise ContentError([Problem(where, f, r) for f, r in found])
        return army

    def sheet(self, document: Any) -> Sheet:
        from core.run import RunConfig, settings_sheet

        if isinstance(document, RunConfig):
            return settings_sheet(document)
        if isinstance(document, ArmySpec):
            return sheet.army_sheet(document, self.cat)
        if isinstance(document, SchoolSpec):
            key = next((k for k, s in self.cat.schools.items() if s == document), None)
            if key is not None:
                return sheet.school_sheet(key, document, self.cat)
            # a school file of the player's own (or an edited copy): its sheet against the bundled rules
            key = f"({document.name})"
            cat = attrs.evolve(self.cat, schools={**self.cat.schools, key: document})
            return sheet.school_sheet(key, document, cat)
        if isinstance(document, Setup):
            lines: list[str] = [f"{document.scenario.title} on {document.map.name}"]
            data: dict[str, Any] = {"armies": []}
            for army in document.armies:
                s = sheet.army_sheet(army, self.cat)
                lines.extend(s.lines)
                data["armies"].append(s.data)
            return Sheet(document.scenario.title, tuple(lines), data)
        if isinstance(document, MapSpec):
            return Sheet(document.name, (document.text, *document.terrain), {"width": document.width, "height": document.height})
        raise ContentError([Problem("(document)", "kind", "no sheet for this kind of file")])

    # --- generated battles (core/ninja/generate.py) -------------------------------
    def generation(self) -> Generation:
        return Generation(generate.SIZE_MIN, generate.SIZE_MAX, generate.DEFAULT_SIZE, generate.BUDGET_RANGE,
                          generate.DEFAULT_BUDGET, "points")

    def generate_map(self, seed: int, size: tuple[int, int] | None = None, mix: Any = None) -> MapSpec:
        return generate.generate_map(seed, size, mix, cat=self.cat)

    def map_problems(self, spec: MapSpec) -> list[str]:
        return generate.map_problems(spec, self.cat)

    def map_sheet(self, spec: MapSpec) -> Sheet:
        return generate.map_sheet(spec, self.cat)

    def generate_army(self, seed: int, budget: int) -> ArmySpec:
        return generate.generate_army(seed, budget, self.cat)

    def run_hooks(self) -> Any:
        from core.ninja.run import NinjaRun

        return NinjaRun(self)

    # --- the turn -----------------------------------------------------------------
    def to_act(self, state: Battle) -> tuple[int, ...]:
        return turn.to_act(state)

    def legal_actions(self, state: Battle, side: int) -> list:
        loaded = self._loaded()
        return turn.legal_actions(state, loaded.cat, side, loaded.reach)

    def resolve(self, state: Battle, action) -> tuple[Battle, tuple]:
        loaded = self._loaded()
        return turn.apply(state, loaded.cat, action, loaded.reach)

    def rolls_no_dice(self, action) -> bool:
        """A move or action order records and resolves nothing; a Submit may resolve a phase."""
        return isinstance(action, (OrderMove, OrderAction))

    def record(self, state: Battle, action, dice: Dice) -> tuple[Battle, tuple]:
        """An order recorded with the stepped `dice` in the one new state it makes."""
        loaded = self._loaded()
        return turn.apply(state, loaded.cat, action, loaded.reach, dice=dice)

    # --- what each seat may know ----------------------------------------------
    def seat_view(self, state: Battle, side: int | None) -> Battle:
        """The battle without the orders other sides have sealed and not yet resolved: their
        movement plans and action orders (that a side has sealed stays public)."""
        if not state.moves and not state.orders:
            return state
        moves = tuple(p for p in state.moves if state.units[p.unit].side == side)
        orders = tuple(o for o in state.orders if o.side == side)
        if len(moves) == len(state.moves) and len(orders) == len(state.orders):
            return state
        return attrs.evolve(state, moves=moves, orders=orders)

    def round_number(self, state: Battle) -> int:
        """The round being played; once the battle is over, the last round played (the end of
        a round moves the count on before it checks for the end, so a finished battle's
        state holds the round that never began). The end screen, the replay's round jump,
        `skirmish log` and `sim` all read this one count."""
        return state.round - 1 if state.over else state.round

    def has_order(self, state: Battle, uid: int) -> bool:
        """A ninja with a sealed order this phase (its move, or its action, to which a volley
        may still add targets) is not one "with no orders yet"."""
        return any(plan.unit == uid for plan in state.moves) or any(order.unit == uid for order in state.orders)

    def phase_of(self, state: Battle) -> tuple[int, str]:
        """Sealed orders resolve when the phase moves on: movement, then action, each round."""
        return (state.round, state.phase)

    def limit_points(self, state: Battle) -> tuple[int, ...]:
        return scores(state)

    def outcome(self, state: Battle) -> Outcome | None:
        if not state.over:
            return None
        side, reason = winner(state)
        return Outcome(None if side < 0 else side, reason, tuple(float(s) for s in scores(state)))

    # --- for the AI -------------------------------------------------------------
    def evaluate(self, state: Battle, side: int) -> float:
        loaded = self._loaded()
        return planning.evaluate(state, loaded.cat, side, loaded.stakes, loaded.predictions)

    def action_value(self, state: Battle, action, side: int, samples: int = 1) -> float:
        loaded = self._loaded()
        return ai.action_value(state, loaded.cat, action, side, loaded.stakes)

    def ai_candidates(self, state: Battle, side: int) -> list:
        loaded = self._loaded()
        return ai.candidates(state, loaded.cat, side, loaded.stakes, loaded.reach)

    def ai_budget(self):
        return ai.BUDGET

    # --- for people ---------------------------------------------------------------
    def describe_event(self, state: Battle, event) -> str:
        return view.describe_event(state, self.cat, event)

    def describe_action(self, state: Battle, action) -> str:
        return view.describe_action(state, self.cat, action)

    def describe_action_here(self, state: Battle, action, here: tuple[int, int]) -> str:
        return view.describe_action(state, self.cat, action, here)

    def explain_action(self, state: Battle, action) -> tuple[str, ...]:
        return view.explain_action(state, self.cat, action)

    def move_path(self, state: Battle, action) -> tuple[tuple[int, int], ...]:
        return view.move_path(state, self.cat, action)

    def action_picks(self, state: Battle, action: Any):
        return picks.action_picks(state, action)

    def board_view(self, state: Battle):
        return view.board_view(state, self.cat)

    def describe_cell(self, state: Battle, col: int, row: int) -> str:
        return view.describe_cell(state, self.cat, col, row)

    def unit_details(self, state: Battle, uid: int) -> tuple[str, ...]:
        return view.unit_details(state, self.cat, uid)

    def unit_stats(self, state: Battle) -> list[dict[str, Any]]:
        return [
            {"type": f"{self.cat.schools[u.school].name} {u.points}pt", "name": u.name, "side": u.side,
             "survived": u.hp > 0, "damage_dealt": u.damage_dealt, "group": self.cat.schools[u.school].name}
            for u in state.units
        ]


RULESET = NinjaRuleset()

__all__ = ["RULESET", "NinjaRuleset"]
