"""Snapshots of a run's screens at 80x24 (fixed seeds): the run map, the camp, the run's end."""

from __future__ import annotations

import os
from pathlib import Path

import attrs
import pytest

os.environ["TEXTUAL_ANIMATIONS"] = "none"

from core import run as runs  # noqa: E402
from tests.tui.conftest import PassiveAI  # noqa: E402
from tui import runs as run_files  # noqa: E402
from tui.app import SkirmishApp  # noqa: E402
from tui.screens.run import CampScreen, RunEndScreen, RunMapScreen  # noqa: E402


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return SkirmishApp(Path("saves"), config_dir=Path("config"), ai_factory=PassiveAI)


def session_of(run: runs.Run) -> run_files.RunSession:
    session = run_files.RunSession(run, run_files.run_path(Path("saves"), run), "2026-12-01 00:00:00 UTC")
    session.save()
    return session


def tiny_run() -> runs.Run:
    """A statwar run of three layers (battle, camp, final), its first battle won (seed 10)."""
    config = attrs.evolve(runs.load_config("statwar"), depth=(3, 3), width=(1, 1), ai=(runs.AiStep(0, "easy"),))
    run = runs.choose(runs.new_run("statwar", 10, config), "0")
    return runs.finish_battle(run, runs.auto_battle(run, "easy"))


def push(make):
    async def run_before(pilot):
        pilot.app.push_screen(make())
        for _ in range(5):
            await pilot.pause()

    return run_before


def test_run_map(snap_compare, app):
    """Statwar seed 6, its first battle won: one unit wounded, the next layer's nodes to choose."""
    def make():
        run = runs.new_run("statwar", 6)
        run = runs.choose(run, runs.options(run)[0].key)
        run = runs.finish_battle(run, runs.auto_battle(run, "easy"))
        assert run.stage == "choose" and run.members[0].wounds
        return RunMapScreen(session_of(run))

    assert snap_compare(app, run_before=push(make), terminal_size=(80, 24))


def test_run_map_after_a_retreat(snap_compare, app):
    """Commanders seed 2, its first battle lost: the commander carried off, the troop fallen, 4 retreats left."""
    def make():
        run = runs.new_run("commanders", 2)
        run = runs.choose(run, runs.options(run)[0].key)
        run = runs.finish_battle(run, runs.auto_battle(run, "random"))
        assert run.stage == "choose" and run.battles[-1].retreat and run.retreats_left == 4
        return RunMapScreen(session_of(run))

    assert snap_compare(app, run_before=push(make), terminal_size=(80, 24))


def test_camp(snap_compare, app):
    def make():
        run = runs.choose(tiny_run(), "1")
        assert run.stage == "camp"
        return CampScreen(session_of(run))

    assert snap_compare(app, run_before=push(make), terminal_size=(80, 24))


def test_run_end(snap_compare, app):
    def make():
        run = runs.choose(tiny_run(), "1")
        if runs.REST in [option.key for option in runs.options(run)]:  # only with wounds to rest
            run = runs.choose(run, runs.REST)
        run = runs.choose(run, runs.LEAVE)
        run = runs.choose(run, "2")
        run = runs.finish_battle(run, runs.auto_battle(run, "random"))
        assert run.over
        return RunEndScreen(session_of(run))

    assert snap_compare(app, run_before=push(make), terminal_size=(80, 24))


def test_class_change_dialog(snap_compare, app):
    """Commanders seed 7 at its first camp (tests/core/test_run.py, class_change_camp): the
    Pirate class change asks which of its two units and which spell; Turtle and the second
    spell are picked, the list of spells in use."""
    from tests.core.test_run import class_change_camp

    def make():
        return CampScreen(session_of(class_change_camp()))

    async def run_before(pilot):
        await push(make)(pilot)
        camp = pilot.app.screen
        keys = [key for key, _, _ in camp.entries()]
        await pilot.press("home", *["down"] * keys.index("level:class:Pirate"), "enter")
        await pilot.pause()
        await pilot.press("down", "tab", "down")
        await pilot.pause()

    assert snap_compare(app, run_before=run_before, terminal_size=(80, 24))


def test_run_battles(snap_compare, app):
    """Replays, a run file chosen: the list of its three battles (statwar seed 10), the second highlighted."""
    from core import runfile
    from tests.core.test_run_battles import played
    from tui.screens.run_replays import open_run
    from tui.screens.saves import SavesScreen

    async def run_before(pilot):
        run = played()
        path = runfile.write_run(Path("saves") / "runs" / runfile.run_name(run), run, "2026-12-01 00:00:00 UTC")
        pilot.app.push_screen(SavesScreen(replays=True))
        await pilot.pause()
        open_run(pilot.app, path)
        for _ in range(3):
            await pilot.pause()
        await pilot.press("down")
        await pilot.pause()

    assert snap_compare(app, run_before=run_before, terminal_size=(80, 24))
