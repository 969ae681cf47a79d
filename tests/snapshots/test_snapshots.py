"""Snapshots of every screen at 80x24 and 120x40 (fixed seeds, animations off, relative paths).

Accepted pictures live in __snapshots__/; regenerate with --snapshot-update and
look at every changed SVG before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ["TEXTUAL_ANIMATIONS"] = "none"

from core import registry, saves  # noqa: E402
from core.match import Match  # noqa: E402
from tests.tui.conftest import PassiveAI, duel_match, finished_duel  # noqa: E402
from textual.widgets import Input  # noqa: E402
from tui.app import SkirmishApp  # noqa: E402
from tui.dialogs.actions import ActionMenu  # noqa: E402
from tui.screens.battle import BattleScreen  # noqa: E402
from tui.screens.end import EndScreen  # noqa: E402
from tui.screens.rules import RulesScreen  # noqa: E402

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
FIXTURE_DOCS = Path(__file__).parent / "docs_fixture"


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SKIRMISH_ARMIES", raising=False)  # no player armies: only the bundled ones are listed
    monkeypatch.setattr("tui.screens.new_battle.fresh_seed", lambda: 1234)
    return SkirmishApp(Path("saves"), config_dir=Path("config"), ai_factory=PassiveAI)


def statwar_match(steps: int) -> Match:
    ruleset = registry.get("statwar")
    match = Match(ruleset, ruleset.new_battle(ruleset.load_scenario("duel_25"), 3))
    for _ in range(steps):
        match.apply(ruleset.legal_actions(match.state, match.to_act()[0])[-1])
    return match


def push(screen_factory):
    async def run_before(pilot):
        pilot.app.push_screen(screen_factory())
        for _ in range(5):
            await pilot.pause()
        await pilot.pause(0.1)  # the log wraps once its width is known, then scrolls to its end

    return run_before


@pytest.mark.parametrize("size", SIZES)
class TestShell:
    def test_main_menu(self, snap_compare, app, size):
        assert snap_compare(app, terminal_size=size)

    def test_help(self, snap_compare, app, size):
        assert snap_compare(app, press=["question_mark"], terminal_size=size)

    def test_quit_confirmation(self, snap_compare, app, size):
        assert snap_compare(app, press=["q"], terminal_size=size)

    def test_options(self, snap_compare, app, size):
        assert snap_compare(app, press=["down"] * 8 + ["enter"], terminal_size=size)

    def test_rules(self, snap_compare, app, size):
        assert snap_compare(app, run_before=push(lambda: RulesScreen(FIXTURE_DOCS)), terminal_size=size)


def test_players_guide(snap_compare, app):
    """The Rules screen opens on How to play, the player's guide (docs/guide), at 80x24."""
    assert snap_compare(app, run_before=push(lambda: RulesScreen()), terminal_size=(80, 24))


def test_too_small(snap_compare, app):
    assert snap_compare(app, terminal_size=(60, 20))


@pytest.mark.parametrize("size", SIZES)
class TestNewBattle:
    def test_ruleset_step(self, snap_compare, app, size):
        assert snap_compare(app, press=["enter"], terminal_size=size)

    def test_scenario_step_with_preview(self, snap_compare, app, size):
        assert snap_compare(app, press=["enter", "enter"], terminal_size=size)

    def test_armies_step(self, snap_compare, app, size):
        assert snap_compare(app, press=["enter", "enter", "enter"], terminal_size=size)

    def test_army_picker_with_a_misfit(self, snap_compare, app, size):
        # side 1's list; Down highlights the first premade army that does not fit this battle
        assert snap_compare(app, press=["enter", "enter", "enter", "home", "enter", "down"], terminal_size=size)

    def test_opponent_step(self, snap_compare, app, size):
        assert snap_compare(app, press=["enter", "enter", "enter", "enter"], terminal_size=size)

    def test_undo_step(self, snap_compare, app, size):
        assert snap_compare(app, press=["enter", "enter", "enter", "enter", "enter"], terminal_size=size)

    def test_seed_step(self, snap_compare, app, size):
        assert snap_compare(app, press=["enter", "enter", "enter", "enter", "enter", "enter"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
class TestBattle:
    def test_duel_deployment(self, snap_compare, app, size):
        screen = lambda: BattleScreen(duel_match(), {0: "human", 1: "easy"}, {"scenario": "meadow", "seed": 7})  # noqa: E731
        assert snap_compare(app, run_before=push(screen), terminal_size=size)

    def test_duel_hexes(self, snap_compare, app, size):
        def screen():
            match = duel_match(grid="hex")
            for _ in range(4):
                match.apply(match.legal_actions(match.to_act()[0])[3])
            return BattleScreen(match, {0: "human", 1: "human"}, {"scenario": "meadow", "seed": 7})

        assert snap_compare(app, run_before=push(screen), terminal_size=size)

    def test_statwar_unit_selected_with_odds(self, snap_compare, app, size):
        screen = lambda: BattleScreen(statwar_match(4), {0: "human", 1: "easy"}, {"scenario": "duel_25", "seed": 3})  # noqa: E731
        assert snap_compare(app, run_before=push(screen), press=["enter", "k", "k"], terminal_size=size)

    def test_commanders_spell_ready(self, snap_compare, app, size):
        from tests.tui.test_commanders import match_with_a_spell_ready

        screen = lambda: BattleScreen(match_with_a_spell_ready()[0], {0: "human", 1: "human"},  # noqa: E731
                                      {"scenario": "coastal_raid", "seed": 5})
        assert snap_compare(app, run_before=push(screen), terminal_size=size)

    def test_ninja_movement_orders(self, snap_compare, app, size):
        from tests.tui.test_ninja import ninja_match

        def screen():
            match = ninja_match()
            side0 = [a for a in match.legal_actions(0) if type(a).__name__ == "OrderMove"]
            match.apply(side0[len(side0) // 2])
            return BattleScreen(match, {0: "human", 1: "easy"}, {"scenario": "ash_vs_vine", "seed": 3})

        assert snap_compare(app, run_before=push(screen), press=["tab", "enter"], terminal_size=size)

    def test_action_menu(self, snap_compare, app, size):
        screen = lambda: BattleScreen(statwar_match(4), {0: "human", 1: "easy"}, {"scenario": "duel_25", "seed": 3})  # noqa: E731

        async def run_before(pilot):
            await push(screen)(pilot)
            await pilot.press("enter", "a")
            for _ in range(50):  # the menu is a screen of its own; a loaded machine opens it frames later
                if isinstance(pilot.app.screen, ActionMenu):
                    break
                await pilot.pause(0.02)
            for field in pilot.app.screen.query(Input):
                field.cursor_blink = False  # a steady cursor: a blinking one is drawn or not by the clock
            await pilot.pause(0.1)

        assert snap_compare(app, run_before=run_before, terminal_size=size)

    def test_end_screen(self, snap_compare, app, size):
        def screen():
            match = finished_duel()
            return EndScreen(match, match.outcome(), {"seed": 5})

        assert snap_compare(app, run_before=push(screen), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
class TestSaves:
    @staticmethod
    def write(tmp_path: Path) -> None:
        folder = tmp_path / "saves"
        saves.write_save(folder / "duel.json", statwar_match(6), created="2026-11-30 10:00:00 UTC",
                         players=["human", "normal"], scenario="duel_25", seed=3)
        (folder / "broken.json").write_text("{cut short")

    def test_load_list(self, snap_compare, app, size, tmp_path):
        self.write(tmp_path)
        assert snap_compare(app, press=["down", "down", "down", "enter"], terminal_size=size)

    def test_replay_viewer(self, snap_compare, app, size, tmp_path):
        self.write(tmp_path)
        keys = ["down", "down", "down", "down", "enter", "enter", "right", "right", "right"]
        assert snap_compare(app, press=keys, terminal_size=size)

    def test_error_dialog(self, snap_compare, app, size, tmp_path):
        self.write(tmp_path)
        assert snap_compare(app, press=["down", "down", "down", "enter", "down", "enter"], terminal_size=size)
