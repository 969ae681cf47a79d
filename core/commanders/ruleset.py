"""The Commanders ruleset object: the protocol of core.ruleset over the modules of this package.

The object owns what the rules read: the catalogue (`catalogue`), the quiz file
(`quiz`), the movement memo and the AI's distance tables; it hands them to every rule module it calls.
Nothing of the package keeps them in a module global.
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import Any

from core.commanders import ai, generate, muster, picks, view
from core.commanders.actions import ACTION_TYPES
from core.commanders.commander import Commander, commander_from_data, commander_to_data, load_commander
from core.commanders.content import (
    CONVERTER as CATALOGUE_CONVERTER, Catalogue, ClassesFile, RulesFile, SkillsFile, SpellsFile, TerrainFile, UnitsFile,
    catalogue_dir, load_catalogue,
)
from core.commanders.movement import ReachMemo
from core.commanders.paths import route
from core.commanders.quiz import Quiz, load_quiz, quiz_from_data, quiz_path
from core.commanders.quiz_result import QuizOutcome, assess
from core.commanders.events import EVENT_TYPES
from core.commanders.setup import Setup, battles_dir, load_setup, new_battle, structure_map, structure_scenario
from core.commanders.sheet import commander_sheet
from core.commanders.state import Battle
from core.commanders.turn import apply, legal_actions, outcome, to_act
from core.content import display_path, read_toml, structure
from core.errors import ContentError, Problem
from core.generate import Generation, is_generated
from core.ruleset import Outcome, Ruleset, ScenarioInfo, Sheet
from core.view import BoardView

CATALOGUE_KINDS = {
    "units": UnitsFile, "classes": ClassesFile, "spells": SpellsFile, "skills": SkillsFile,
    "terrain": TerrainFile, "rules": RulesFile,
}


class CommandersRuleset(Ruleset):
    name = "commanders"
    title = "Commanders"
    rules_version = 2  # 2: dice per action (docs/RULES.md, General, "Dice")
    grid = "square"
    state_type = Battle
    action_types = ACTION_TYPES
    event_types = EVENT_TYPES

    def __init__(self, catalogue_folder: Path | None = None, quiz_file: Path | None = None) -> None:
        """The bundled catalogue and quiz unless other folders are given (both read on first use)."""
        self._catalogue_folder = catalogue_folder
        self._quiz_file = quiz_file
        self.forget()

    def forget(self) -> None:
        self._reach = ReachMemo()  # movement searches of recent positions
        self._distances = ai.Distances()  # the AI's distance tables of recent decisions

    # --- what the rules read ------------------------------------------------------------
    @cached_property
    def quiz(self) -> Quiz:
        """The personality quiz file, read once."""
        return load_quiz(self._quiz_file or quiz_path())

    @cached_property
    def catalogue(self) -> Catalogue:
        """The catalogue every rule of this ruleset reads, loaded once (with the quiz numbers the battle reads)."""
        return load_catalogue(self._catalogue_folder or catalogue_dir(), self.quiz)

    def quiz_outcome(self, replies, **picks: str) -> QuizOutcome:
        """What a complete quiz makes (core.commanders.quiz_result.assess with this ruleset's files)."""
        return assess(self.quiz, replies, self.catalogue, **picks)

    # --- building ---------------------------------------------------------------------
    def scenarios(self) -> list[ScenarioInfo]:
        out = []
        for path in sorted(battles_dir().glob("*.toml")):
            data = read_toml(path)
            sides = len(data.get("sides", ("Blue", "Red")))
            out.append(ScenarioInfo(path.stem, self.name, str(data.get("title", path.stem)), str(data.get("summary", "")), sides, str(path),
                                    str(data.get("uneven", ""))))
        return out

    def load_scenario(self, name_or_path: str | Path) -> Setup:
        if is_generated(str(name_or_path)):
            return generate.generated_setup(self.generation().name(str(name_or_path)), self.catalogue, self._start())
        path = Path(name_or_path)
        if not path.suffix:
            path = battles_dir() / f"{name_or_path}.toml"
        return load_setup(path, self.catalogue)

    def set_up(self, setup: Setup, seed: int) -> Battle:
        state, _ = new_battle(setup, seed, self.catalogue)
        return state

    def load_document(self, path: Path, data: dict[str, Any]) -> Any:
        file = display_path(path)
        if data.get("ruleset") != self.name:
            raise ContentError([Problem(file, "ruleset", f"expected {self.name!r}, found {data.get('ruleset')!r}")])
        kind = data.get("kind")
        if kind == "run":  # a run's settings (core/run.py)
            from core.run import settings_document

            return settings_document(self.name, path, data)
        if kind == "commander":
            return commander_from_data(data, self.catalogue, file)
        if kind == "map":
            return structure_map(data, file, self.catalogue)
        if kind == "scenario":
            structure_scenario(data, file)
            return load_setup(Path(path), self.catalogue)
        if kind == "quiz":
            # the personality quiz file (scenarios/commanders/quiz.toml) is read by the quiz module
            return quiz_from_data(data, file)
        if kind in CATALOGUE_KINDS:
            return structure(data, CATALOGUE_KINDS[kind], file, CATALOGUE_CONVERTER)
        known = ", ".join(["commander", "map", "scenario", "quiz", *CATALOGUE_KINDS])
        raise ContentError([Problem(file, "kind", f"unknown kind {kind!r}; known: {known}")])

    # --- armies: a commander is what a player brings -----------------------------------
    def army_files(self) -> list[Path]:
        return muster.army_files()

    def load_army(self, path: Path) -> Commander:
        return load_commander(path, self.catalogue)

    def setup_armies(self, setup: Setup) -> tuple[Any, ...]:
        return muster.setup_armies(setup)

    def army_summary(self, army: Commander) -> str:
        return muster.army_summary(army)

    def with_army(self, setup: Setup, side: int, army: Commander, source: str = "") -> Setup:
        return muster.with_army(setup, side, army, self.catalogue, source)

    def army_document(self, army: Commander) -> Any:
        return commander_to_data(army)

    def army_from_document(self, data: Any, where: str) -> Commander:
        return commander_from_data(data, self.catalogue, where)

    def sheet(self, document: Any) -> Sheet:
        from core.run import RunConfig, settings_sheet

        if isinstance(document, RunConfig):
            return settings_sheet(document)
        if isinstance(document, Commander):
            return commander_sheet(document, self.catalogue)
        if isinstance(document, Setup):
            lines = [document.scenario.summary, f"map {document.board.name} {document.board.width}x{document.board.height}"]
            for p, c in zip(document.scenario.commander, document.commanders):
                lines.append(f"{document.scenario.sides[p.side]}: {c.name}, level {c.level} {c.class_name}, troop {', '.join(c.troop)}")
            return Sheet(document.scenario.title, tuple(lines), {"name": document.scenario.name})
        return Sheet(type(document).__name__, (repr(document)[:200],), {})

    # --- generated battles (core/commanders/generate.py) -------------------------------
    def generation(self) -> Generation:
        return Generation(generate.SIZE_MIN, generate.SIZE_MAX, generate.DEFAULT_SIZE, generate.BUDGET_RANGE,
                          generate.DEFAULT_BUDGET, "level")

    def _start(self) -> tuple[int, int, int]:
        """The quiz's level-1 attributes (quiz.toml [start]): base, major, secondary."""
        start = self.quiz.start
        return start.base, start.major, start.secondary

    def generate_map(self, seed: int, size: tuple[int, int] | None = None, mix: Any = None) -> Any:
        return generate.generate_map(seed, size, mix, cat=self.catalogue)

    def map_problems(self, spec: Any) -> list[str]:
        return generate.map_problems(spec, self.catalogue)

    def map_sheet(self, spec: Any) -> Sheet:
        return generate.map_sheet(spec, self.catalogue)

    def generate_army(self, seed: int, budget: int) -> Commander:
        return generate.generate_army(seed, budget, self.catalogue, self._start())

    def run_hooks(self) -> Any:
        from core.commanders.run import CommandersRun

        return CommandersRun(self)

    # --- the turn -----------------------------------------------------------------------
    def to_act(self, state: Battle) -> tuple[int, ...]:
        return to_act(state)

    def legal_actions(self, state: Battle, side: int) -> list[Any]:
        return legal_actions(state, side, self.catalogue, self._reach)

    def resolve(self, state: Battle, action: Any) -> tuple[Battle, tuple[Any, ...]]:
        return apply(state, action, self.catalogue, self._reach)

    def rolls_no_dice(self, action: Any) -> bool:
        """Only attacks and spells roll (`ai.random_action`): a move, a rally, a regroup or the
        end of a turn never does."""
        return not ai.random_action(action)

    def outcome(self, state: Battle) -> Outcome | None:
        return outcome(state)

    # --- AI -----------------------------------------------------------------------------
    def evaluate(self, state: Battle, side: int) -> float:
        return ai.evaluate(state, side, self.catalogue, self._distances)

    def action_value(self, state: Battle, action: Any, side: int, samples: int = 1) -> float:
        """Expected value after `action`; dice-driven actions are valued on re-seeded copies only."""
        if not ai.random_action(action) or isinstance(state.dice, ai.BalancedDice):
            # moves roll nothing; inside the hard lookahead the imagined dice are balanced,
            # so one throw already is the expected outcome
            after, _ = self.apply(state, action)
            return self.evaluate(after, side)
        total = 0.0
        for i in range(samples):
            after, _ = self.apply(ai.reseeded(state, i + 1), action)
            total += self.evaluate(after, side)
        return total / samples

    def reseed(self, state: Battle, salt: int) -> Battle:
        """The hard lookahead's imagined world: balanced dice (see `ai.BalancedDice`), never the real ones."""
        return ai.imagined(state, salt)

    def ai_candidates(self, state: Battle, side: int) -> list[Any]:
        return ai.candidates(state, side, self.catalogue, self._reach)

    def ai_budget(self):
        return ai.budget()

    # --- people -------------------------------------------------------------------------
    def describe_event(self, state: Battle, event: Any) -> str:
        return view.describe_event(state, event)

    def describe_action(self, state: Battle, action: Any) -> str:
        return view.describe_action(state, action)

    def describe_action_here(self, state: Battle, action: Any, here: tuple[int, int]) -> str:
        return view.describe_action(state, action, here)

    def explain_action(self, state: Battle, action: Any) -> tuple[str, ...]:
        return view.explain_action(state, action, self.catalogue)

    def move_path(self, state: Battle, action: Any) -> tuple[tuple[int, int], ...]:
        return route(state, action, self.catalogue, self._reach)

    def action_picks(self, state: Battle, action: Any):
        return picks.action_picks(state, action)

    def board_view(self, state: Battle) -> BoardView:
        return view.board_view(state, self.catalogue)

    def describe_cell(self, state: Battle, col: int, row: int) -> str:
        return view.describe_cell(state, col, row, self.catalogue)

    def unit_details(self, state: Battle, uid: int) -> tuple[str, ...]:
        return view.unit_details(state, uid, self.catalogue)

    def round_number(self, state: Battle) -> int:
        """The round being played; a battle ended by its round limit has played that many
        (the count moves past the limit to end it), as every report of rounds reads it."""
        return min(state.round, state.max_rounds)

    def round_limit(self, state: Battle) -> int:
        return state.max_rounds

    def unit_stats(self, state: Battle) -> list[dict[str, Any]]:
        return view.unit_stats(state)


RULESET = CommandersRuleset()
