"""Nothing a player made is lost: one autosave per battle, take-overs start their own file,
Save-as asks before replacing a save and keeps the game's own names (issue 19, 14 and 16)."""

from __future__ import annotations

from core import saves
from tests.tui.conftest import make_app, settle
from tests.tui.test_saves import menu_keys, play_some, statwar_match
from tui.dialogs.confirm import ConfirmDialog
from tui.dialogs.save_as import SaveAsDialog
from tui.screens.battle import BattleScreen
from tui.screens.replay import ReplayScreen


async def test_a_new_battle_keeps_the_previous_battles_autosave_and_continue_picks_the_latest(tmp_path):
    app = make_app(tmp_path)
    folder = tmp_path / "saves"
    async with app.run_test(size=(80, 24)) as pilot:
        first = BattleScreen(statwar_match(3), {0: "human", 1: "human"}, {"scenario": "duel_25", "seed": 3})
        app.push_screen(first)
        await settle(pilot, first)
        await play_some(pilot, first, 1)
        await pilot.press("q", "y")
        first_file = folder / saves.autosave_name("statwar", first.meta["battle"])
        kept = first_file.read_bytes()
        second = BattleScreen(statwar_match(4), {0: "human", 1: "human"}, {"scenario": "duel_25", "seed": 4})
        app.push_screen(second)
        await settle(pilot, second)
        await play_some(pilot, second, 2)
        await pilot.press("q", "y")
        assert first_file.read_bytes() == kept  # the first battle's autosave is untouched
        assert len(list(folder.glob("autosave-statwar-*.json"))) == 2
        await pilot.press(*menu_keys("continue"))
        await settle(pilot)
        assert isinstance(app.screen, BattleScreen) and app.screen.match.cursor == 2  # the latest battle
        assert app.screen.meta["battle"] == second.meta["battle"]  # and it goes on in its own file


async def test_taking_over_a_replay_starts_a_new_autosave_that_names_its_source(tmp_path):
    match = statwar_match()
    for _ in range(8):
        match.apply(match.legal_actions(match.to_act()[0])[0])
    source = saves.autosave(tmp_path / "saves", match, "20261130-100000-abcd", created="2026-11-30 10:00:00 UTC",
                            players=["human", "human"], scenario="duel_25", seed=3)
    recorded = source.read_bytes()
    app = make_app(tmp_path, replay=source)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("end", "left", "left", "t")
        battle = app.screen
        assert isinstance(battle, BattleScreen)
        await settle(pilot, battle)
        await play_some(pilot, battle, 2)
    assert source.read_bytes() == recorded  # the recording is whole
    others = [p for p in (tmp_path / "saves").glob("autosave-statwar-*.json") if p != source]
    assert len(others) == 1 and "from-statwar-20261130-100000-abcd" in others[0].name
    assert saves.load_match(others[0]).actions[:6] == match.actions[:6]



async def test_save_as_refuses_the_games_own_names_and_asks_before_replacing(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BattleScreen(statwar_match(), {0: "human", 1: "human"}, {"scenario": "duel_25", "seed": 3})
        app.push_screen(screen)
        await settle(pilot, screen)
        await play_some(pilot, screen, 1)
        await pilot.press("s", *["backspace"] * 40, *"autosave-statwar", "enter")
        assert isinstance(app.screen, SaveAsDialog)
        assert "autosave" in str(app.screen.query_one("#saveas-error").render())
        assert not (tmp_path / "saves" / "autosave-statwar.json").exists()
        await pilot.press("escape")
        mine = tmp_path / "saves" / "mine.json"
        mine.write_text("precious")
        await pilot.press("s", *["backspace"] * 40, *"mine", "enter")
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")
        await pilot.pause()
        assert mine.read_text() == "precious"
        assert isinstance(app.screen, SaveAsDialog)  # the player may pick another name
        await pilot.press("enter", "y")
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen)
        assert saves.load_match(mine).actions == screen.match.actions
