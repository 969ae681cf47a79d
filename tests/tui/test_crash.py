"""The TUI never dies quietly (issue 19, finding 13): a screen closed before it is mounted does
not crash, and a crash ends the app with exit code 1, the error on stderr and the battle autosaved."""

from __future__ import annotations

import pytest

from core import saves
from tests.tui.conftest import make_app, settle
from tests.tui.test_saves import play_some, statwar_match
from tui.screens.battle import BattleScreen
from tui.screens.menu import MainMenu
from tui.screens.replay import ReplayScreen


async def test_a_battle_closed_before_it_is_mounted_does_not_crash(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        for screen in (BattleScreen(statwar_match(), {0: "human", 1: "easy"}, {"seed": 3}),
                       ReplayScreen(statwar_match(), {"seed": 3})):
            app.push_screen(screen)
            app.pop_screen()  # gone before its on_mount ran
            await pilot.pause()
            screen.on_mount()  # what a late mount message does: nothing, no NoMatches
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert isinstance(app.screen, MainMenu) and app.return_code is None


class Boom(RuntimeError):
    pass


async def test_a_crash_exits_1_and_keeps_the_battle_in_its_autosave(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    with pytest.raises(Boom):
        async with app.run_test(size=(80, 24)) as pilot:
            screen = BattleScreen(statwar_match(), {0: "human", 1: "human"}, {"scenario": "duel_25", "seed": 3})
            app.push_screen(screen)
            await settle(pilot, screen)
            await play_some(pilot, screen, 1)  # turn-end autosave: step 1
            screen.match.apply(screen.legal()[0])  # mid-turn: only the crash's autosave holds step 2

            def boom() -> None:
                raise Boom("a bug")

            monkeypatch.setattr(screen, "action_next_unit", boom)
            await pilot.press("tab")
            await pilot.pause()
    assert app.return_code == 1 and app.crashed is not None
    auto = tmp_path / "saves" / saves.autosave_name("statwar", screen.meta["battle"])
    assert saves.load_match(auto).steps == 2


def test_run_reports_a_crash_on_stderr_and_returns_1(tmp_path, monkeypatch, capsys):
    from tui import app as app_module

    def crashing_run(self, mouse=False):
        self.crashed = Boom("a bug")
        self._return_code = 1
        return None

    monkeypatch.setattr(app_module.SkirmishApp, "run", crashing_run)
    assert app_module.run(tmp_path / "saves") == 1
    assert "Boom: a bug" in capsys.readouterr().err
