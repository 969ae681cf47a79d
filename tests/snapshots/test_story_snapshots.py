"""Snapshots of the story at 80x24: each ruleset's playback at a hit and at a death, the folded
log full-screen, a round's summary, and the replay viewer panned across a wide ninja map.

A playback frame is held on screen for the picture: the pace is made an hour a frame
and the test steps to the frame it wants (Player.advance), so no picture depends on timing.
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import pytest

os.environ["TEXTUAL_ANIMATIONS"] = "none"

from core import saves  # noqa: E402
from tests.tui.conftest import PassiveAI  # noqa: E402
from tests.tui.story_cases import before_death  # noqa: E402
from tui import playback, story  # noqa: E402
from tui.app import SkirmishApp  # noqa: E402
from tui.dialogs.hand_over import HandOverDialog  # noqa: E402
from tui.screens.battle import BattleScreen  # noqa: E402
from tui.screens.story import LogScreen, RoundSummaryScreen  # noqa: E402

SIZE = (80, 24)


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setitem(playback.PACES, "slow", 3600.0)  # a frame stays until the test moves on
    return SkirmishApp(Path("saves"), config_dir=Path("config"), ai_factory=PassiveAI)


def at_frame(name: str, wanted: str):
    """Open `name`'s battle before its deadly action, commit it with playback on, and step to
    the first frame whose caption holds `wanted` (a hit's damage, or DEAD)."""

    async def run_before(pilot):
        app = pilot.app
        app.apply_settings(dataclasses.replace(app.settings, playback="slow"))
        match, deadly = before_death(name)
        screen = BattleScreen(match, {0: "human", 1: "human"}, {"scenario": name, "seed": 0})
        app.push_screen(screen)
        for _ in range(5):
            await pilot.pause()
        if isinstance(app.screen, HandOverDialog):
            await pilot.press("enter")
        assert screen.commit(deadly)
        for _ in range(40):
            caption = screen.map.caption
            if caption is not None and wanted in caption[1]:
                break
            screen.playback.player.advance()
            await pilot.pause()
        else:
            raise AssertionError(f"no frame shows {wanted!r}")
        assert screen.playing
        await pilot.pause(0.05)

    return run_before


@pytest.mark.parametrize("name", ["statwar", "ninja", "commanders"])
def test_playback_at_a_hit(snap_compare, app, name):
    assert snap_compare(app, run_before=at_frame(name, "-"), terminal_size=SIZE)


@pytest.mark.parametrize("name", ["statwar", "ninja", "commanders"])
def test_playback_at_a_death(snap_compare, app, name):
    assert snap_compare(app, run_before=at_frame(name, "DEAD"), terminal_size=SIZE)


def battle_after_death(name: str) -> tuple[BattleScreen, object]:
    match, deadly = before_death(name)
    match.apply(deadly)
    return BattleScreen(match, {0: "human", 1: "human"}, {"scenario": name, "seed": 0}), match


def push(factory):
    async def run_before(pilot):
        pilot.app.push_screen(factory())
        for _ in range(5):
            await pilot.pause()
        await pilot.pause(0.1)

    return run_before


def test_folded_log(snap_compare, app):
    def screen():
        battle, match = battle_after_death("ninja")
        names = match.ruleset.side_names(match.state)
        entries = [story.Entry(story.step_beats(match, s)) for s in range(1, match.cursor + 1)]
        return LogScreen(story.story_lines(entries, lambda side: names[side])[:17])

    assert snap_compare(app, run_before=push(screen), terminal_size=SIZE)


def test_round_summary(snap_compare, app):
    def screen():
        _, match = battle_after_death("ninja")
        round_no = match.ruleset.round_number(match.state_at(match.cursor - 1))
        return RoundSummaryScreen(story.round_summary(match, round_no))

    assert snap_compare(app, run_before=push(screen), terminal_size=SIZE)


def test_replay_panned_to_the_far_side_of_a_wide_ninja_map(snap_compare, app, tmp_path):
    _, match = battle_after_death("ninja")
    saves.write_save(tmp_path / "saves" / "wide.json", match, created="2026-11-30 10:00:00 UTC",
                     players=["human", "normal"], scenario="ash_vs_vine", seed=3)
    keys = ["down", "down", "down", "down", "enter", "enter"] + ["L"] * 8
    assert snap_compare(app, press=keys, terminal_size=SIZE)
