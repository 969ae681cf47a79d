"""What New battle's armies step offers for one side: the scenario's own army, the other
premade ones, the player's saved files, each with its summary and, when it does not fit,
the ruleset's reason (Ruleset.with_army). No Textual here: the screen only shows these.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs

from core.content import display_path
from core.errors import ContentError
from tui import rulesets
from tui.screens.builder_files import list_files, player_folder


@attrs.frozen
class ArmyChoice:
    """One army a side may take. `key` is "scenario" or the file's path; `problem` says why it
    does not fit this scenario and side (None when it fits)."""

    key: str
    origin: str  # "the scenario's", "premade" or "yours"
    name: str
    army: Any
    source: str
    summary: str
    problem: str | None = None

    def origin_words(self) -> str:
        """Where it comes from, as the armies step says it under a side."""
        return {"the scenario's": "premade, the scenario's", "yours": "yours, saved"}.get(self.origin, self.origin)


def army_word(ruleset: Any) -> str:
    """What this ruleset calls what a side brings ("army", "commander"), from its plug-in."""
    return rulesets.get(ruleset.name).army_word


def player_files(ruleset: Any, saves_dir: Path) -> list[Path]:
    """The player's saved files that can bring an army to a battle of this ruleset."""
    plugin = rulesets.get(ruleset.name)
    if plugin.player_kind not in plugin.folders:
        return []
    return list_files(player_folder(saves_dir, ruleset.name, plugin.player_kind))


def scenario_choice(ruleset: Any, setup: Any, side: int) -> ArmyChoice:
    army = ruleset.setup_armies(setup)[side]
    return ArmyChoice("scenario", "the scenario's", ruleset.army_label(army), army, ruleset.army_label(army), ruleset.army_summary(army))


def file_choice(ruleset: Any, setup: Any, side: int, path: Path, origin: str) -> ArmyChoice:
    """The army in `path`, judged for `side`; a file that does not load carries its first error."""
    source = display_path(path)
    try:
        army = ruleset.load_army(path)
    except ContentError as exc:
        return ArmyChoice(str(path), origin, path.name, None, source, "cannot be read", _first(exc))
    except (OSError, ValueError) as exc:  # an unreadable file: say so, never raise
        return ArmyChoice(str(path), origin, path.name, None, source, "cannot be read", f"{source}: {exc}")
    problem = None
    try:
        ruleset.with_army(setup, side, army, source)
    except ContentError as exc:
        problem = "\n".join(f"{p.field}: {p.reason}" for p in exc.problems)
    return ArmyChoice(str(path), origin, ruleset.army_label(army), army, source, ruleset.army_summary(army), problem)


def _first(exc: ContentError) -> str:
    return str(exc.problems[0]) if exc.problems else str(exc)


def choices(ruleset: Any, setup: Any, side: int, saves_dir: Path) -> list[ArmyChoice]:
    """The scenario's own army first, then every other premade one, then the player's files."""
    own = scenario_choice(ruleset, setup, side)
    out = [own]
    for path in ruleset.army_files():
        choice = file_choice(ruleset, setup, side, path, "premade")
        if choice.army != own.army:
            out.append(choice)
    out.extend(file_choice(ruleset, setup, side, path, "yours") for path in player_files(ruleset, saves_dir))
    return out
