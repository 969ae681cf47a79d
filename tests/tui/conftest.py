"""Fixtures for the TUI tests: an app with temporary folders and an AI that never thinks long."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

os.environ["TEXTUAL_ANIMATIONS"] = "none"

from core.match import Match  # noqa: E402
from tests.tui.duel import Duel, EndTurn  # noqa: E402
from tui.app import SkirmishApp  # noqa: E402


class PassiveAI:
    """Deploys on the first legal square, then always ends its turn: a stub that is instant."""

    def __init__(self, level: str, seed: int) -> None:
        self.level = level

    def choose(self, ruleset: Any, state: Any, side: int) -> Any:
        actions = ruleset.legal_actions(state, side)
        return next((a for a in actions if isinstance(a, EndTurn)), actions[0])


def make_app(tmp: Path, **kwargs: Any) -> SkirmishApp:
    return SkirmishApp(tmp / "saves", config_dir=tmp / "config", ai_factory=kwargs.pop("ai_factory", PassiveAI), **kwargs)


@pytest.fixture
def app(tmp_path: Path) -> SkirmishApp:
    return make_app(tmp_path)


def duel_match(seed: int = 7, grid: str = "square") -> Match:
    ruleset = Duel(grid=grid)
    return Match(ruleset, ruleset.new_battle("meadow", seed))


async def settle(pilot, screen=None) -> None:
    """Let workers and messages finish (the AI answers from a thread)."""
    for _ in range(300):
        await pilot.pause()
        current = screen or pilot.app.screen
        if not getattr(current, "ai_busy", False):
            await pilot.pause()
            return
    raise AssertionError("the AI did not answer")


async def cursor_to(pilot, screen, cell: tuple[int, int]) -> None:
    """Walk the map cursor to `cell` with vi keys, as a player would."""
    for _ in range(100):
        col, row = screen.map.cursor
        if (col, row) == cell:
            return
        key = "l" if cell[0] > col else "h" if cell[0] < col else "j" if cell[1] > row else "k"
        await pilot.press(key)
    raise AssertionError(f"cursor stuck at {screen.map.cursor}, wanted {cell}")
