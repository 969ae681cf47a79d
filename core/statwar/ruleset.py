"""The StatWar ruleset object: the kernel protocol (core.ruleset.Ruleset) over the modules beside it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from core.content import display_path, read_toml
from core.errors import ContentError, Problem
from core.ruleset import Budget, Outcome, Ruleset, ScenarioInfo, Sheet
from core.generate import Generation, is_generated
from core.statwar import ai, content, generate, judge, muster, picks, sheet, turn, view
from core.statwar import setup as battle_setup
from core.statwar.actions import ACTION_TYPES
from core.statwar.events import EVENT_TYPES
from core.statwar.geometry import ReachMemo
from core.statwar.state import BATTLE, Battle


class StatWar(Ruleset):
    name = "statwar"
    title = "StatWar"
    rules_version = 2  # 2: dice per action (docs/RULES.md, General, "Dice")
    grid = "square"
    state_type = Battle
    action_types = ACTION_TYPES
    event_types = EVENT_TYPES

    def __init__(self) -> None:
        self.forget()

    def forget(self) -> None:
        # The last move search, shared by listing actions, applying one and explaining it.
        self._moves = ReachMemo()
        # The judge of the decision the AI is weighing: its candidates' states evaluated from what they share.
        self._judge = judge.JudgeMemo()
        # The AI's step fields (kept by value for every StatWar ruleset: they read only the board).
        ai.forget_fields()

    # --- building a battle -------------------------------------------------
    def scenarios(self) -> list[ScenarioInfo]:
        out = []
        for path in content.scenario_files():
            try:
                data = read_toml(path)
            except ContentError:
                continue
            out.append(
                ScenarioInfo(
                    name=path.stem,
                    ruleset=self.name,
                    title=str(data.get("title", path.stem)),
                    summary=str(data.get("summary", "")),
                    sides=len(data.get("armies", ())),
                    path=str(path),
                    uneven=str(data.get("uneven", "")),
                )
            )
        return out

    def load_scenario(self, name_or_path: str | Path) -> Any:
        if is_generated(str(name_or_path)):
            return generate.generated_setup(self.generation().name(str(name_or_path)), self._unit_designs())
        path = Path(name_or_path)
        if not path.is_file():
            bundled = content.bundled_root() / content.FOLDERS["scenario"] / f"{name_or_path}.toml"
            if not bundled.is_file():
                known = ", ".join(p.stem for p in content.scenario_files())
                raise ContentError([Problem(display_path(path), "(file)", f"no such scenario; bundled: {known}")])
            path = bundled
        return content.load_scenario(path)

    def set_up(self, setup: Any, seed: int) -> Battle:
        return battle_setup.new_battle(setup, seed)

    def load_document(self, path: Path, data: dict[str, Any]) -> Any:
        if data.get("kind") == "run" and data.get("ruleset") == self.name:  # a run's settings (core/run.py)
            from core.run import settings_document

            return settings_document(self.name, path, data)
        return content.load_document(Path(path), data)

    def sheet(self, document: Any) -> Sheet:
        from core.run import RunConfig, settings_sheet

        if isinstance(document, RunConfig):
            return settings_sheet(document)
        return sheet.sheet(document)

    # --- armies ----------------------------------------------------------------
    def army_files(self) -> list[Path]:
        return muster.army_files()

    def load_army(self, path: Path) -> Any:
        return content.load_army(Path(path))

    def setup_armies(self, setup: Any) -> tuple[Any, ...]:
        return tuple(setup.armies)

    def army_summary(self, army: Any) -> str:
        return muster.army_summary(army)

    def with_army(self, setup: Any, side: int, army: Any, source: str = "") -> Any:
        return muster.with_army(setup, side, army, source)

    def army_from_document(self, data: Any, where: str) -> Any:
        return muster.army_from_document(data, where)

    # --- generated battles (core/statwar/generate.py) --------------------------
    def generation(self) -> Generation:
        return Generation(generate.SIZE_MIN, generate.SIZE_MAX, generate.DEFAULT_SIZE, generate.BUDGET_RANGE,
                          generate.DEFAULT_BUDGET, "points")

    def _unit_designs(self) -> tuple[Any, ...]:
        """The bundled unit designs a generated army is drawn from, in file order."""
        return tuple(content.load_unit(p) for p in sorted((content.bundled_root() / content.FOLDERS["unit"]).glob("*.toml")))

    def generate_map(self, seed: int, size: tuple[int, int] | None = None, mix: Any = None) -> Any:
        return generate.generate_map(seed, size, mix)

    def map_problems(self, spec: Any) -> list[str]:
        return generate.map_problems(spec)

    def map_sheet(self, spec: Any) -> Sheet:
        return sheet.board_sheet(spec)

    def generate_army(self, seed: int, budget: int) -> Any:
        return generate.generate_army(seed, budget, self._unit_designs())

    def run_hooks(self) -> Any:
        from core.statwar.run import StatWarRun

        return StatWarRun(self)

    # --- the turn ----------------------------------------------------------
    def to_act(self, state: Battle) -> tuple[int, ...]:
        return turn.to_act(state)

    def legal_actions(self, state: Battle, side: int) -> list[Any]:
        return turn.legal_actions(state, side, self._moves)

    def resolve(self, state: Battle, action: Any) -> tuple[Battle, tuple[Any, ...]]:
        return turn.apply(state, action, self._moves)

    def rolls_no_dice(self, action: Any) -> bool:
        """No StatWar action rolls: the set-up's coin flip is the battle's only roll."""
        return True

    def outcome(self, state: Battle) -> Outcome | None:
        return turn.outcome(state)

    # --- for the AI --------------------------------------------------------
    def evaluate(self, state: Battle, side: int) -> float:
        return ai.evaluate(state, side)

    def action_value(self, state: Battle, action: Any, side: int, samples: int = 1) -> float:
        """Ruleset.action_value, with each state after evaluated by the decision's judge (same value)."""
        if state.phase != BATTLE:
            return super().action_value(state, action, side, samples)
        weigh = self._judge(state, side)
        total = 0.0
        for i in range(samples):
            after, _ = self.apply(self.reseed(state, i + 1), action)
            total += weigh.value(after)
        return total / samples

    def ai_candidates(self, state: Battle, side: int) -> list[Any]:
        return ai.candidates(state, side, self._moves)

    def ai_budget(self) -> Budget:
        # No dice after the coin flip: one sample is exact, and normal varies its play itself.
        return Budget(samples=1, easy_pool=4, hard_candidates=16, hard_reply_plies=2, normal_spread=ai.NORMAL_SPREAD)

    # --- for people --------------------------------------------------------
    def describe_event(self, state: Battle, event: Any) -> str:
        return view.describe_event(state, event)

    def describe_action(self, state: Battle, action: Any) -> str:
        return view.describe_action(state, action)

    def describe_action_here(self, state: Battle, action: Any, here: tuple[int, int]) -> str:
        return view.describe_action(state, action, here)

    def explain_action(self, state: Battle, action: Any) -> tuple[str, ...]:
        return view.explain_action(state, action, self._moves)

    def move_path(self, state: Battle, action: Any) -> tuple[tuple[int, int], ...]:
        return view.move_path(state, action, self._moves)

    def action_picks(self, state: Battle, action: Any):
        return picks.action_picks(state, action)

    def board_view(self, state: Battle):
        return view.board_view(state)

    def describe_cell(self, state: Battle, col: int, row: int) -> str:
        return view.describe_cell(state, col, row)

    def unit_details(self, state: Battle, uid: int) -> tuple[str, ...]:
        return view.unit_details(state, uid)

    def unit_stats(self, state: Battle) -> list[dict[str, Any]]:
        return [
            {
                "type": state.designs[u.design].name,
                "side": u.side,
                "survived": u.health > 0,
                "damage_dealt": u.damage_dealt,
            }
            for u in state.units
            if u.placed
        ]


RULESET = StatWar()
