"""A run's battle: the ordinary battle screen on the battle at the run's node.

Side 0 is the warband, played here; side 1 the AI at the run's level. Undo is
ironman. Instead of the battle autosave this screen keeps the battle under way
beside the run file (tui.runs), at the end of each turn and when the player
leaves; the moment the battle ends its result goes into the run and the run
file is written, before the end screen shows. Leaving the end screen dismisses
this screen with True (the battle is in the run); leaving mid-battle with False.
"""

from __future__ import annotations

from typing import Any

from core import registry, run as runs
from core.match import Match
from core.seats import holds_secrets
from tui import runs as run_files
from tui.dialogs.confirm import ConfirmDialog
from tui.screens.battle import BattleScreen
from tui.screens.battle_autosave import TurnWatch


class RunTurnWatch(TurnWatch):
    """At the end of each turn, keep the battle under way beside the run file."""

    def __init__(self, match: Match, meta: dict[str, Any], session: run_files.RunSession) -> None:
        super().__init__(match, meta)
        self.session = session

    def save_if_turn_complete(self, app: Any) -> str | None:
        if not self.turn_complete():
            return None
        return keep_battle(self.session, self.match)


def keep_battle(session: run_files.RunSession, match: Match) -> str | None:
    """Write the battle's actions beside the run file, unless sealed orders are unresolved (a
    file must not hand them to a reader) or the battle is over (the run holds it then); the
    reason when the write failed."""
    if holds_secrets(match) or match.outcome() is not None or session.run.stage != "battle":
        return None
    try:
        run_files.save_battle(session.path, session.run, match.actions)
    except OSError as exc:
        return str(exc)
    return None


def battle_screen(session: run_files.RunSession) -> tuple[RunBattleScreen, str]:
    """The battle at the run's node, resumed from the actions kept beside the run file; and a
    line for the player when those could not be used."""
    run = session.run
    found, _, state = runs.start_battle(run)
    ruleset = registry.get(run.ruleset)
    kept, problem = run_files.load_battle(session.path, run)
    match = Match.replay(ruleset, state, list(kept), "ironman")
    return RunBattleScreen(session, found, match), problem


class RunBattleScreen(BattleScreen):
    HELP_TITLE = "Run battle"

    def __init__(self, session: run_files.RunSession, found: runs.Encounter, match: Match) -> None:
        node = session.run.nodes.nodes[found.node]
        meta = {"scenario": f"{run_files.KIND_WORDS[found.kind]} of layer {node.depth + 1}", "seed": found.seed,
                "name": f"run-{session.run.ruleset}-{session.run.seed}-layer-{node.depth + 1}",
                "home_words": "the run map", "run": True}
        super().__init__(match, {0: "human", 1: found.ai}, meta)
        self.session = session
        self.found = found
        self.recorded = False
        self.turns = RunTurnWatch(match, self.meta, session)

    def help_guide(self) -> str:
        return ("A battle of your run: ironman, nothing can be undone, and the dead stay dead.\n"
                "q leaves it; the run keeps the battle as it stood at the last turn.\n\n" + super().help_guide())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("save", "undo", "redo"):  # the run file is the one save of a run
            return False
        return super().check_action(action, parameters)

    def check_outcome(self) -> bool:
        ended = super().check_outcome()
        if ended and not self.recorded:
            self.record()
        return ended

    def record(self) -> None:
        """The battle is over: its actions go into the run, and the run file is written."""
        self.recorded = True
        try:
            self.session.step(runs.finish_battle(self.session.run, self.match.actions))
        except OSError as exc:
            self.app.show_error("Could not write the run file", str(exc))

    def crash_save(self) -> None:
        """What the app keeps of this battle when it stops on an error: the battle under way
        beside the run file (never an ordinary battle autosave, a way around ironman)."""
        keep_battle(self.session, self.match)

    def _after_end(self, result: str | None) -> None:
        if result == "review":
            self.refresh_all()
        else:
            self.workers.cancel_group(self, "ai")
            self.dismiss(True)

    def action_quit(self) -> None:
        if self.recorded:
            self.dismiss(True)
            return
        self.app.push_screen(
            ConfirmDialog("Leave this battle? Your run keeps it; Continue run picks it up again.", yes="Leave", no="Stay"),
            self._quit_answer,
        )

    def _quit_answer(self, yes: bool | None) -> None:
        if yes:
            self.workers.cancel_group(self, "ai")
            error = keep_battle(self.session, self.match)
            if error is not None:
                self.app.show_error("Could not keep the battle", error)
            self.dismiss(False)
