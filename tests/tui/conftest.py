"""Fixtures for the TUI tests: an app with temporary folders and an AI that never thinks long."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

os.environ["TEXTUAL_ANIMATIONS"] = "none"

from core.match import Match  # noqa: E402
from tests.tui.duel import Deploy, Duel, EndTurn, Strike  # noqa: E402
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


def duel_match(seed: int = 7, grid: str = "square", per_side: int = 2, undo: str = "fair") -> Match:
    ruleset = Duel(grid=grid, per_side=per_side)
    return Match(ruleset, ruleset.new_battle("meadow", seed), undo)


def finished_duel() -> Match:
    """A Duel (seed 5) played to its end by a simple script: Blue walks in and strikes."""
    match = duel_match(seed=5)
    ruleset = match.ruleset
    while match.outcome() is None:
        side = match.to_act()[0]
        legal = ruleset.legal_actions(match.state, side)
        strikes = [a for a in legal if isinstance(a, Strike)]
        deploys = [a for a in legal if isinstance(a, Deploy)]
        moves = [a for a in legal if type(a).__name__ == "Move" and side == 0]
        if deploys:
            match.apply(deploys[0] if side == 0 else deploys[-1])
        elif strikes:
            match.apply(strikes[0])
        elif moves:
            enemy = next(f.pos for f in match.state.fighters if f.side == 1 and f.hp > 0)
            match.apply(min(moves, key=lambda a: (abs(a.to.x - enemy.x) + abs(a.to.y - enemy.y), a.to)))
        else:
            match.apply(next(a for a in legal if isinstance(a, EndTurn)))
    return match


async def settle(pilot, screen=None) -> None:
    """Let workers and messages finish (the AI answers from a thread)."""
    for _ in range(300):
        await pilot.pause()
        current = screen or pilot.app.screen
        if not getattr(current, "ai_busy", False):
            await pilot.pause()
            return
    raise AssertionError("the AI did not answer")


async def type_keys(pilot, *keys: str) -> None:
    """Queue keys straight into the driver, as a fast typist would, then let the app catch up
    (one idle wait for the lot instead of one per key)."""
    from textual import events

    app = pilot.app
    for key in keys:
        event = events.Key(key, key if len(key) == 1 else None)
        event.set_sender(app)
        app._driver.send_message(event)
    await pilot.pause()


async def cursor_to(pilot, screen, cell: tuple[int, int]) -> None:
    """Walk the map cursor to `cell` with vi keys, as a player would."""
    col, row = screen.map.cursor
    dx, dy = cell[0] - col, cell[1] - row
    keys = ["l" if dx > 0 else "h"] * abs(dx) + ["j" if dy > 0 else "k"] * abs(dy)
    if keys:
        await type_keys(pilot, *keys)
    assert screen.map.cursor == cell, f"cursor at {screen.map.cursor}, wanted {cell}"


async def perform(pilot, screen, action) -> None:
    """Carry out a legal `action` with the keys a player would press: select its unit, pick each
    cell the map asks for, and choose from the menu when several actions share the same cells."""
    from tui.dialogs.actions import ActionMenu

    before = screen.match.cursor
    picker = screen.picker
    picks = screen.ruleset.action_picks(screen.match.state, action)
    placed = {u.uid: u for u in screen.map.view.units}
    if not picks.stages:
        from tui.dialogs.confirm import ConfirmDialog

        await pilot.press("escape", "escape", "a")
        await choose_in_menu(pilot, action)
        if isinstance(pilot.app.screen, ConfirmDialog):  # ending a turn with units still unordered
            await pilot.press("y")
        return
    if picks.actor in placed and picker.selected != picks.actor:
        await pilot.press("escape", "escape")
        await cursor_to(pilot, screen, tuple(placed[picks.actor].cells[0]))
        await pilot.press("enter")
        assert picker.selected == picks.actor
    for _ in range(6):
        if screen.match.cursor != before:
            return
        if isinstance(pilot.app.screen, ActionMenu):
            await choose_in_menu(pilot, action)
            return
        assert action in picker.pool(), (action, picker.picks)
        cell = picker.cells_for(action, picker.stage)[0]
        view = screen.map.view
        if not (0 <= cell[0] < view.width and 0 <= cell[1] < view.height):
            await face_off_the_edge(pilot, screen, cell)
            continue
        await cursor_to(pilot, screen, cell)
        await pilot.press("enter")
    raise AssertionError(f"could not perform {action}")


async def face_off_the_edge(pilot, screen, cell) -> None:
    """A facing that points off the map: the direction key from the cursor towards `cell`."""
    from tui.keymap import DIRECTIONS, PRESET_MOVES

    for name, (dx, dy) in DIRECTIONS.items():
        if screen.map.step_target(dx, dy) == tuple(cell):
            await pilot.press(PRESET_MOVES["vi"][name].split(",")[0])
            return
    raise AssertionError(f"no direction key from {screen.map.cursor} reaches {cell}")


async def choose_in_menu(pilot, action) -> None:
    from tui.dialogs.actions import ActionMenu

    from textual.widgets import Input

    menu = pilot.app.screen
    assert isinstance(menu, ActionMenu)
    actions = [a for _, a in menu.actions]
    index = actions.index(action)
    menu.query_one(Input).value = menu.actions[index][0]  # typed into the filter
    await pilot.pause()
    steps = menu.shown.index(index)
    await pilot.press(*["down"] * steps, "enter")
