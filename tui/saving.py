"""The TUI's side of saves: names, seats and dates around core.saves (which owns the format).

Players are recorded as seat words, one per side: "human" or an AI level
("easy", "normal", "hard"), so a loaded battle knows who plays which side.
"""

from __future__ import annotations

import datetime
import secrets
from pathlib import Path
from typing import Any

from core.match import Match

SEATS = ("human", "random", "easy", "normal", "hard")


def now_text() -> str:
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")


def _meta(match: Match, meta: dict[str, Any]) -> dict[str, Any]:
    sides = len(match.ruleset.side_names(match.initial))
    seats = meta.get("seats", {})
    return {
        "created": now_text(),
        "players": [seats.get(side, "human") for side in range(sides)],
        "scenario": str(meta.get("scenario", "")),
        "seed": meta.get("seed"),
        "armies": dict(meta.get("armies") or {}),
    }


def new_battle_id(source: str = "") -> str:
    """A fresh battle's id for its autosave file: the UTC time and a random tag, so two battles
    never share a file; a battle taken over from a replay names the file it came from."""
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%d-%H%M%S")
    battle = f"{stamp}-{secrets.token_hex(2)}"
    if source:
        source = source.removeprefix("autosave-")
        battle += f"-from-{source[:48]}"
    return battle


def seats_from_players(players: tuple[str, ...] | list[str]) -> dict[int, str]:
    return {i: (p if p in SEATS else "human") for i, p in enumerate(players)}


def autosave(app: Any, match: Match, meta: dict[str, Any]) -> Path | None:
    """Write the autosave, unless a side's sealed orders are still unresolved: a file must not
    hand them to a reader mid-battle, so the autosave waits until they resolve (None then)."""
    from core import saves
    from core.seats import holds_secrets

    if holds_secrets(match):
        return None
    battle = meta.setdefault("battle", new_battle_id())
    return saves.autosave(app.saves_dir, match, battle, **_meta(match, meta))


def save_as(app: Any, match: Match, meta: dict[str, Any], name: str) -> Path:
    from core import saves

    return saves.write_save(Path(app.saves_dir) / f"{name}{saves.SUFFIX}", match, **_meta(match, meta))


def sealed_warning(match: Match) -> str:
    """What a save written now gives away: the sides whose sealed orders it holds, or ""."""
    from core.seats import sealed_sides

    sides = sealed_sides(match)
    if not sides:
        return ""
    names = match.ruleset.side_names(match.state)
    who = " and ".join(names[s] for s in sides)
    return f"It holds the orders {who} sealed this phase: whoever reads the file can see them."


def list_saves(folder: Path) -> list[Any]:
    from core import saves

    return saves.list_saves(folder)


def load(path: Path) -> tuple[Match, dict[str, Any]]:
    """The verified Match of a save and the battle meta the screens need; raises SaveError."""
    from core import saves

    replay = saves.read_save(path)
    match = saves.verify(replay)
    meta = {
        "undo": replay.meta.undo,
        "scenario": replay.meta.scenario,
        "seed": saves.start_seed(replay),  # proven by verify, also for an old save that recorded none
        "armies": dict(replay.setup.armies),
        "seats": seats_from_players(replay.meta.players),
        "name": Path(path).stem,
    }
    prefix = f"autosave-{match.ruleset.name}-"
    if Path(path).stem.startswith(prefix):  # continuing a battle keeps writing its own autosave
        meta["battle"] = Path(path).stem.removeprefix(prefix)
    return match, meta
