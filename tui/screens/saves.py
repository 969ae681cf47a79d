"""Load and Replays: the saves folder listed with metadata; a bad file shows its error.

Load resumes a battle at its last action; Replays opens the replay viewer, and lists the
run files of the saves folder's runs/ first: one opens the list of its battles, each
watched in the viewer (tui.screens.run_replays). Continue (main menu) loads the newest autosave.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.widgets.footer import Footer
from tui.widgets.menu_list import MenuList
from tui import keymap, saving


def describe(summary: Any) -> str:
    name = Path(summary.path).name
    if summary.error:
        return f"✗ {name}: {summary.error}"
    result = "in progress"
    if summary.result:
        winner = summary.result.get("winner")
        result = "draw" if winner is None else f"side {winner + 1} won"
    players = " v ".join(summary.players)
    mode = f", {summary.undo}" if summary.undo in ("practice", "ironman") else ""
    # two lines of whole fields: at 80 columns one line wrapped a date in the middle
    return (f"{name}  {summary.ruleset}/{summary.scenario}\n"
            f"   {summary.created}  {players}  {result}, {summary.steps} steps{mode}")


def resume(app: Any, path: Path) -> None:
    try:
        match, meta = saving.load(path)
    except Exception as exc:  # SaveError or a missing ruleset: the reason is shown
        app.show_error(f"Cannot load {path.name}", str(exc))
        return
    app.show_battle(match, meta["seats"], meta)


def continue_latest(app: Any) -> None:
    try:
        autos = [s for s in saving.list_saves(app.saves_dir) if s.error is None and s.path.name.startswith("autosave-")]
    except ImportError as exc:
        app.show_error("Saves are unavailable", str(exc))
        return
    if not autos:
        app.show_error("Nothing to continue", f"No autosave in {app.saves_dir} yet: start a New battle.")
        return
    resume(app, max(autos, key=lambda s: (_modified(s.path), s.created)).path)


def _modified(path: Path) -> float:
    """When a file was last written (each battle has its own autosave: the latest is the one to continue)."""
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


class SavesScreen(Screen[None]):
    HELP_TITLE = "Saves"
    BINDINGS = [keymap.binding("menu.back", "back"), keymap.binding("menu.quit", "back")]

    def __init__(self, replays: bool = False) -> None:
        super().__init__()
        self.replays = replays
        self.summaries: list[Any] = []
        self.run_files: list[Any] = []  # Replays only: the run files in runs/ (tui.runs.Waiting)

    def help_guide(self) -> str:
        verb = "watch it as a replay" if self.replays else "continue the battle"
        text = f"Up/Down picks a save, Enter opens it to {verb}. Files marked ✗ cannot be read; the reason is shown."
        if self.replays:
            text += "\nA run file (runs/, listed first) opens the list of its battles: Enter watches one."
        return text

    def compose(self) -> ComposeResult:
        with Vertical(id="saves-box"):
            yield Static("Replays" if self.replays else "Load a saved battle", classes="screen-title")
            yield Static(id="saves-folder", markup=False)
            yield MenuList(id="saves-list")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#saves-folder", Static).update(f"Folder: {self.app.saves_dir}")
        self.reload()

    def on_screen_resume(self) -> None:
        self.reload()

    def reload(self) -> None:
        option_list = self.query_one("#saves-list", OptionList)
        option_list.clear_options()
        if self.replays:
            from tui.runs import waiting
            from tui.screens.run_replays import describe_run

            self.run_files = waiting(self.app.saves_dir)
            for i, found in enumerate(self.run_files):
                option_list.add_option(Option(describe_run(found), id=f"run:{i}"))
        try:
            self.summaries = saving.list_saves(self.app.saves_dir)
        except ImportError as exc:
            option_list.add_option(Option(f"Saves are unavailable: {exc}", disabled=True))
            return
        if not self.summaries and not self.run_files:
            option_list.add_option(Option("No saves yet.", disabled=True))
        for i, summary in enumerate(self.summaries):
            option_list.add_option(Option(describe(summary), id=str(i)))
        option_list.highlighted = 0 if self.summaries or self.run_files else None
        option_list.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is None:
            return
        if event.option.id.startswith("run:"):
            self.open_run_file(self.run_files[int(event.option.id.removeprefix("run:"))])
            return
        summary = self.summaries[int(event.option.id)]
        if summary.error:
            self.app.show_error(f"Cannot open {Path(summary.path).name}", summary.error)
            return
        if self.replays:
            from tui.screens.replay import open_replay

            open_replay(self.app, Path(summary.path))
        else:
            resume(self.app, Path(summary.path))

    def open_run_file(self, found: Any) -> None:
        from tui.screens.run_replays import cannot_open, open_run

        if found.problem:
            cannot_open(self.app, found.path, found.problem)
        else:
            open_run(self.app, found.path)

    def action_back(self) -> None:
        self.dismiss(None)
