"""Where the player's own files are kept: runs in the saves folder's runs/, armies and units
in its armies/ (or $SKIRMISH_ARMIES).

Paths only, no file read, no rules loaded: the app's start-up and the main menu look here,
and tui.runs and tui.screens.builder_files read what they find.
"""

from __future__ import annotations

import os
from pathlib import Path


def runs_folder(saves_dir: Path) -> Path:
    """The saves folder's runs/ (as core.runfile.runs_dir for the default saves folder)."""
    return Path(saves_dir) / "runs"


def run_files(saves_dir: Path) -> list[Path]:
    """The run files in runs/, named as core.runfile.run_name names them, in no order."""
    folder = runs_folder(saves_dir)
    return list(folder.glob("run-*.json")) if folder.is_dir() else []


def player_root(saves_dir: Path) -> Path:
    """The folder of the player's army, unit and commander files."""
    env = os.environ.get("SKIRMISH_ARMIES")
    return Path(env) if env else Path(saves_dir) / "armies"
