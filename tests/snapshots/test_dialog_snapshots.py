"""Snapshots of the screens a battle opens on top of itself, at 80x24 and 120x40.

The hand-over between two players at one keyboard, the save-as question, the
replay's jump-to-round question, and the end of a Commanders battle with the
experience each commander earned. Fixed seeds, animations off, relative paths.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ["TEXTUAL_ANIMATIONS"] = "none"

from core import registry  # noqa: E402
from core.ai import Player  # noqa: E402
from core.match import Match  # noqa: E402
from tests.snapshots.test_snapshots import SIZES, app, push, statwar_match  # noqa: E402,F401
from tui.dialogs.hand_over import HandOverDialog  # noqa: E402
from tui.screens.battle import BattleScreen  # noqa: E402
from tui.screens.end import EndScreen  # noqa: E402


def finished_commanders() -> Match:
    """sky_duel played to its end by an easy AI against a side that only ends its turns."""
    ruleset = registry.get("commanders")
    match = Match(ruleset, ruleset.new_battle(ruleset.load_scenario("sky_duel"), 2))
    player = Player("easy", 1)
    while match.outcome() is None:
        side = match.to_act()[0]
        legal = match.legal_actions(side)
        match.apply(player.choose(ruleset, match.state, side) if side == 0 else legal[-1])
    return match


def over_a_battle(dialog_factory):
    """The statwar battle, then `dialog_factory()` pushed on top of it."""

    async def run_before(pilot):
        await push(lambda: BattleScreen(statwar_match(4), {0: "human", 1: "human"},
                                        {"scenario": "duel_25", "seed": 3}))(pilot)
        await push(dialog_factory)(pilot)

    return run_before


@pytest.mark.parametrize("size", SIZES)
class TestDialogs:
    def test_hand_over(self, snap_compare, app, size):
        dialog = lambda: HandOverDialog("Vine 10", ("Ash 10",), secret_orders=True)  # noqa: E731
        assert snap_compare(app, run_before=over_a_battle(dialog), terminal_size=size)

    def test_save_as(self, snap_compare, app, size):
        meta = {"scenario": "duel_25", "seed": 3, "name": "statwar-duel_25-3"}
        screen = lambda: BattleScreen(statwar_match(4), {0: "human", 1: "easy"}, meta)  # noqa: E731
        assert snap_compare(app, run_before=push(screen), press=["s"], terminal_size=size)

    def test_replay_jump_to_round(self, snap_compare, app, size):
        from tui.dialogs.round_ask import RoundDialog
        from tui.screens.replay import ReplayScreen

        def replay():
            match = statwar_match(6)
            match.jump(0)
            return ReplayScreen(match, {"scenario": "duel_25", "seed": 3})

        async def run_before(pilot):
            await push(replay)(pilot)
            await push(lambda: RoundDialog(2))(pilot)
            await pilot.press("2")
            await pilot.pause()

        assert snap_compare(app, run_before=run_before, terminal_size=size)

    def test_commanders_end_with_experience(self, snap_compare, app, size):
        def screen():
            match = finished_commanders()
            return EndScreen(match, match.outcome(), {"seed": 2, "seats": {0: "human", 1: "easy"}})

        assert snap_compare(app, run_before=push(screen), terminal_size=size)

    def test_battle_help(self, snap_compare, app, size):
        """`?` on the map: every key of the battle screen and the map's legend."""
        from tests.tui.test_ninja import ninja_match

        screen = lambda: BattleScreen(ninja_match(), {0: "human", 1: "easy"}, {"scenario": "ash_vs_vine", "seed": 3})  # noqa: E731
        assert snap_compare(app, run_before=push(screen), press=["question_mark"], terminal_size=size)
