"""Real saves of every ruleset, and ways to break them, shared by the hostile-save tests and the fuzzer."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from core import registry, saves
from core.match import Match
from tests.core.save_helpers import plain

#: (ruleset, scenario, seed, actions): short real battles, so a fuzz case replays in milliseconds.
BATTLES = (("statwar", "duel_25", 7, 24), ("ninja", "ash_vs_vine", 7, 16), ("commanders", "pass_duel", 7, 16))
META = dict(created="2026-12-01 10:00:00 UTC")


def played(name: str, scenario: str, seed: int, limit: int, undo: str = "fair") -> Match:
    ruleset = registry.get(name)
    match = Match(ruleset, ruleset.new_battle(ruleset.load_scenario(scenario), seed), undo)
    while match.outcome() is None and match.steps < limit:
        side = match.to_act()[0]
        legal = match.legal_actions(side)
        match.apply(legal[(match.steps * 7) % len(legal)])
    return match


@functools.cache
def _documents() -> dict[str, dict[str, Any]]:
    out = {}
    for name, scenario, seed, limit in BATTLES:
        match = played(name, scenario, seed, limit)
        players = ["human"] + ["normal"] * (len(match.ruleset.side_names(match.initial)) - 1)
        out[name] = plain(saves.save_document(match, players=players, scenario=scenario, seed=seed, **META))
    return out


def document(name: str) -> dict[str, Any]:
    """A fresh deep copy of the real format-3 save of `name`."""
    import copy

    return copy.deepcopy(_documents()[name])


def write(path: Path, doc: dict[str, Any]) -> Path:
    path.write_bytes(saves.render(doc))
    return path
