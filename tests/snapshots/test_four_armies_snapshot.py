"""A four-army ninja battle at 80x24 in the monochrome theme, seen by the second side: its own
units upper case, every enemy's lower case (underlined, plain, italic by side), fixed seed."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import pytest

os.environ["TEXTUAL_ANIMATIONS"] = "none"

from core import registry  # noqa: E402
from core.match import Match  # noqa: E402
from tests.tui.conftest import PassiveAI, settle  # noqa: E402
from tui.app import SkirmishApp  # noqa: E402
from tui.screens.battle import BattleScreen  # noqa: E402


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return SkirmishApp(Path("saves"), config_dir=Path("config"), ai_factory=PassiveAI)


def test_four_armies_in_monochrome_seen_by_the_second_side(snap_compare, app):
    ruleset = registry.get("ninja")
    match = Match(ruleset, ruleset.new_battle(ruleset.load_scenario("four_schools"), 3))

    async def run_before(pilot):
        pilot.app.apply_settings(dataclasses.replace(pilot.app.settings, theme="monochrome"))
        screen = BattleScreen(match, {0: "easy", 1: "human", 2: "easy", 3: "easy"}, {"scenario": "four_schools", "seed": 3})
        pilot.app.push_screen(screen)
        await settle(pilot, screen)
        await pilot.pause(0.1)

    assert snap_compare(app, run_before=run_before, terminal_size=(80, 24))
