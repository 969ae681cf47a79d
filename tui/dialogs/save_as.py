"""Ask for a save name (letters, digits, - and _), prefilled with the current one.

Names the game writes itself (autosave-*) are refused, so a save never hides
behind an autosave that the next turn replaces; a name already in the folder is
replaced only after the player says so.
"""

from __future__ import annotations

import re
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from tui.dialogs.confirm import ConfirmDialog

NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_\-]{0,63}$")
#: Names the game keeps for its own files (core.saves.autosave_name).
RESERVED_PREFIX = "autosave"
SUFFIX = ".json"


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a save's name, or None."""
    if not NAME.match(name):
        return "A name is 1-64 letters, digits, - or _, starting with a letter or digit."
    if name.lower().startswith(RESERVED_PREFIX):
        return "Names starting with 'autosave' are the game's own: choose another."
    return None


class SaveAsDialog(ModalScreen[str | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="saveas.cancel")]

    def __init__(self, name: str = "", folder: Path | None = None) -> None:
        super().__init__()
        self.initial = "" if name_problem(name) else name
        self.folder = folder

    def compose(self) -> ComposeResult:
        with Vertical(id="saveas-box"):
            yield Static("Save as (letters, digits, - and _); Enter saves, Esc cancels:")
            yield Input(value=self.initial, id="saveas-name")
            yield Static(id="saveas-error", markup=False)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        name = event.value.strip()
        problem = name_problem(name)
        if problem is not None:
            self.query_one("#saveas-error", Static).update(problem)
            return
        if self.folder is not None and (Path(self.folder) / f"{name}{SUFFIX}").exists():
            def answer(yes: bool | None) -> None:
                if yes:
                    self.dismiss(name)

            self.app.push_screen(
                ConfirmDialog(f"{name}{SUFFIX} already exists. Replace it?", yes="Replace", no="Keep it"), answer)
            return
        self.dismiss(name)

    def action_cancel(self) -> None:
        self.dismiss(None)
