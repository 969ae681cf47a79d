"""A run's battles in the replay viewer: Replays lists the run files beside the saves, a run
file opens the list of its battles, and a battle opens the viewer on it.

The run file is proved whole before its battles are listed (core.runbattles), and the
battle chosen is rebuilt as the run fought it. Watching reads the file and never writes
it: a bad or tampered file is one message naming the file and the reason, and stays where
it is. A run is ironman (docs/RULES.md, "Ironman on screen"), so the viewer's take-over
is refused on a run's battle; closing the viewer comes back to the list of battles.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from core import runbattles, runfile
from core.run import FELL_BACK
from core.words import count
from tui import runs as run_files

#: What the viewer says when take-over is asked for on a run's battle.
NO_TAKE_OVER = ("A run's battles are ironman: they can be watched, not taken over or played again. "
                "Practise in New battle instead.")


def describe_run(found: run_files.Waiting) -> str:
    """A run file as the Replays list shows it, two lines as a save's row is."""
    name = f"{found.path.parent.name}/{found.path.name}"
    if found.problem:
        return f"✗ {name}: {found.problem}"
    fought = "no battle yet" if not found.battles else count(found.battles, "battle")
    return f"{name}  a {found.ruleset} run, seed {found.seed}\n   {found.where}; {fought} to watch"


def battle_label(row: runbattles.RunBattle) -> str:
    rounds = count(row.rounds, "round")
    fell_back = f"; {FELL_BACK}" if row.retreat else ""
    return f"{row.number}. Layer {row.layer}, {row.kind}: {row.result} against {row.opponent}, {rounds}{fell_back}"


def battle_about(row: runbattles.RunBattle) -> str:
    return f"Ended: {row.reason}. The opponent played at AI level {row.ai}; {row.actions} actions."


def cannot_open(app: Any, path: Path, reason: object) -> None:
    """Say why a run file cannot be watched (it is left as it is)."""
    app.show_error(f"Cannot open {Path(path).name}", f"{reason}\nNothing was changed: the file stays where it is.")


def open_run(app: Any, path: Path, battle: int | None = None) -> None:
    """List the battles of the run file at `path` (or open battle `battle` at once)."""
    try:
        replay = runfile.read_run(path)
        rows = runbattles.battles(replay)
    except Exception as exc:  # SaveError names the step and the battle; anything else is one line too
        cannot_open(app, path, exc)
        return
    if not rows:
        app.show_error(f"No battle in {Path(path).name} yet", "The run has fought no battle yet: there is nothing to watch.")
        return
    if battle is not None:
        watch(app, Path(path), replay, rows, battle)
    else:
        pick(app, Path(path), replay, rows)


def pick(app: Any, path: Path, replay: runfile.RunReplay, rows: tuple[runbattles.RunBattle, ...],
         current: int | None = None) -> None:
    from tui.dialogs.builder_pick import PickDialog

    doc = replay.envelope
    entries = [(str(row.number), battle_label(row), battle_about(row)) for row in rows]

    def chosen(key: str | None) -> None:
        if key is not None:
            watch(app, path, replay, rows, int(key))

    title = f"A {doc.ruleset} run, seed {doc.seed}: watch which battle?"
    app.push_screen(PickDialog(title, entries, current=None if current is None else str(current)), chosen)


def watch(app: Any, path: Path, replay: runfile.RunReplay, rows: tuple[runbattles.RunBattle, ...], number: int) -> None:
    """Open the viewer on battle `number`, from its first step; back to the list when it closes."""
    from tui.screens.replay import ReplayScreen

    try:
        match = runbattles.battle_match(replay, number)
    except Exception as exc:
        cannot_open(app, path, exc)
        return
    match.jump(0)
    row = rows[number - 1]
    meta = {"name": f"{path.stem}-battle-{number}", "seats": {0: "human", 1: row.ai}, "undo": "ironman",
            "take_over_refused": NO_TAKE_OVER}
    app.push_screen(ReplayScreen(match, meta), lambda _: pick(app, path, replay, rows, number))
