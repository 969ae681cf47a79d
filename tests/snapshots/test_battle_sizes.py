"""Each ruleset's battle at 80x24, 120x40 and 200x50, with an attack's odds under the cursor:
the map, the panels and the log take the room a larger terminal gives (fixed seeds)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ["TEXTUAL_ANIMATIONS"] = "none"

from tests.tui.conftest import PassiveAI, settle  # noqa: E402
from tests.tui.test_fit import BATTLES, battle_with_an_attack, show_attack_odds  # noqa: E402
from tui.app import SkirmishApp  # noqa: E402
from tui.screens.battle import BattleScreen  # noqa: E402

SIZES = [pytest.param(size, id=f"{size[0]}x{size[1]}") for size in ((80, 24), (120, 40), (200, 50))]


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return SkirmishApp(Path("saves"), config_dir=Path("config"), ai_factory=PassiveAI)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", sorted(BATTLES))
def test_battle_at_each_size(snap_compare, app, name, size):
    match, attack = battle_with_an_attack(name)
    side = match.to_act()[0]

    async def run_before(pilot):
        screen = BattleScreen(match, {side: "human", 1 - side: "easy"}, {"scenario": BATTLES[name][0], "seed": 1})
        pilot.app.push_screen(screen)
        await settle(pilot, screen)
        await show_attack_odds(pilot, screen, attack)
        await pilot.pause(0.1)  # the log wraps once its width is known

    assert snap_compare(app, run_before=run_before, terminal_size=size)
