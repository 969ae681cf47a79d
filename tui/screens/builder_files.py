"""Player files: where the builders keep armies, units and commanders, and how they are written.

The player's folder is $SKIRMISH_ARMIES, else `armies/` inside the saves folder
(player files stay with the player's saves, out of the project's own folders).
Inside it every ruleset has the layout of its bundled folder under scenarios/,
so a saved army finds its own units first (scenarios/statwar: `units/` beside
`armies/`), and `skirmish check` / `skirmish sheet` read the files as they are:

    armies/statwar/armies/*.toml     armies/statwar/units/*.toml
    armies/ninja/armies/*.toml       armies/commanders/commanders/*.toml

Which folder holds which kind of file is each ruleset's plug-in's `folders`.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from core.content import dump_toml, text_problems
from tui import rulesets
from tui.folders import player_root


def player_folder(saves_dir: Path, ruleset: str, kind: str) -> Path:
    """Where the player's files of this `kind` ("army", "unit", ...) of `ruleset` are kept;
    KeyError when the ruleset's plug-in keeps no such files."""
    return player_root(saves_dir) / rulesets.get(ruleset).folders[kind]


def slug(name: str) -> str:
    """A file stem from a display name: 'Crossbow Dorf' -> 'crossbow_dorf'."""
    text = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")
    return text[:48] or "unnamed"


def toml_text(data: dict[str, Any]) -> str:
    """The file text of a player file, written by tomli-w (core.content.dump_toml): every
    string escaped as TOML requires, so the file reads back exactly as written."""
    return dump_toml(data)


def unprintable(data: dict[str, Any]) -> list[str]:
    """`field: reason` for each text of a file about to be written that holds a control
    character: the game would refuse to read it back (docs/FORMATS.md, "Text in files")."""
    return [f"{f}: {r}" for f, r in text_problems(data)]


def list_files(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.toml")) if folder.is_dir() else []
