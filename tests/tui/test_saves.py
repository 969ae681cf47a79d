"""Save then load, Continue from the autosave, a bad file beside good ones, replay step and take-over."""

from __future__ import annotations

from core import registry, saves
from core.match import Match
from tests.tui.conftest import make_app, perform, settle
from tui.dialogs.message import MessageDialog
from tui.screens.battle import BattleScreen
from tui.screens.menu import ENTRIES
from tui.screens.replay import ReplayScreen
from tui.screens.saves import SavesScreen


def menu_keys(name: str) -> list[str]:
    return ["home"] + ["down"] * [k for k, _ in ENTRIES].index(name) + ["enter"]


def statwar_match(seed: int = 3) -> Match:
    ruleset = registry.get("statwar")
    return Match(ruleset, ruleset.new_battle(ruleset.load_scenario("duel_25"), seed))


async def play_some(pilot, screen, count: int) -> None:
    for _ in range(count):
        action = screen.legal()[0]
        await perform(pilot, screen, action)
        await settle(pilot, screen)


async def test_save_then_load_resumes_the_same_battle(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BattleScreen(statwar_match(), {0: "human", 1: "human"}, {"scenario": "duel_25", "seed": 3})
        app.push_screen(screen)
        await settle(pilot, screen)
        await play_some(pilot, screen, 3)
        state = screen.match.state
        await pilot.press("s")
        await pilot.press(*["backspace"] * 40, *"mysave", "enter")
        assert (tmp_path / "saves" / "mysave.json").exists()
        await pilot.press("q", "y")
        (tmp_path / "saves" / "broken.json").write_text("{not json")
        await pilot.press(*menu_keys("load"))
        assert isinstance(app.screen, SavesScreen)
        rows = [str(app.screen.query_one("#saves-list").get_option_at_index(i).prompt)
                for i in range(app.screen.query_one("#saves-list").option_count)]
        assert any(r.startswith("✗ broken.json") for r in rows)
        index = next(i for i, r in enumerate(rows) if r.startswith("mysave.json"))
        await pilot.press("home", *["down"] * index, "enter")
        await settle(pilot)
        loaded = app.screen
        assert isinstance(loaded, BattleScreen)
        assert loaded.match.state == state and loaded.match.cursor == 3
        assert loaded.seats == {0: "human", 1: "human"}


async def test_a_bad_file_shows_its_error(tmp_path):
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "broken.json").write_text("[1, 2]")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*menu_keys("load"), "enter")
        assert isinstance(app.screen, MessageDialog)
        assert "not a save" in app.screen.body


async def test_continue_opens_the_latest_autosave(tmp_path):
    match = statwar_match()
    match.apply(match.legal_actions(match.to_act()[0])[0])
    saves.autosave(tmp_path / "saves", match, created="2026-11-30 10:00:00 UTC", players=["human", "easy"],
                   scenario="duel_25", seed=3)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*menu_keys("continue"))
        await settle(pilot)
        assert isinstance(app.screen, BattleScreen)
        resumed = app.screen.match
        assert resumed.all_actions[0] == match.actions[0]  # then the AI seat moved on
        assert app.screen.seats == {0: "human", 1: "easy"} and app.screen.human_side() == 0


async def test_continue_without_autosave_says_so(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*menu_keys("continue"))
        assert isinstance(app.screen, MessageDialog)


async def test_replay_steps_jumps_and_takes_over(tmp_path):
    match = statwar_match()
    for _ in range(8):
        side = match.to_act()[0]
        match.apply(match.legal_actions(side)[0])
    saves.write_save(tmp_path / "saves" / "game.json", match, created="2026-11-30 10:00:00 UTC",
                     players=["human", "normal"], scenario="duel_25", seed=3)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*menu_keys("replays"), "enter")
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        assert replay.match.cursor == 0
        await pilot.press("right", "right", "right")
        assert replay.match.cursor == 3
        await pilot.press("left")
        assert replay.match.cursor == 2
        await pilot.press("end")
        assert replay.match.cursor == 8
        await pilot.press("home")
        assert replay.match.cursor == 0
        await pilot.press("r", "2", "enter")
        rounds = registry.get("statwar").round_number
        assert rounds(replay.match.state) == 2
        assert rounds(replay.match.state_at(replay.match.cursor - 1)) < 2
        log_lines = replay.query_one("#battle-log").line_count
        assert log_lines >= replay.match.cursor
        await pilot.press("end", "left", "left", "left")
        step_state = replay.match.state
        await pilot.press("t")
        await settle(pilot)
        battle = app.screen
        assert isinstance(battle, BattleScreen)
        assert battle.match.state_at(5) == step_state  # the recording past step 5 is dropped
        assert battle.match.all_actions[:5] == match.actions[:5]
        assert battle.seats == {0: "human", 1: "normal"}


async def test_replay_plays_and_pauses(tmp_path):
    match = statwar_match()
    for _ in range(3):
        match.apply(match.legal_actions(match.to_act()[0])[0])
    saves.write_save(tmp_path / "saves" / "game.json", match, created="x", players=["human", "human"],
                     scenario="duel_25", seed=3)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*menu_keys("replays"), "enter")
        replay = app.screen
        await pilot.press("plus", "plus", "plus", "plus", "space")
        for _ in range(100):  # the playback timer runs in real time: allow a busy machine 10 s
            if replay.timer is None:
                break
            await pilot.pause(0.1)
        assert replay.match.cursor == 3 and replay.timer is None  # played to the end and stopped


async def test_end_screen_saves_the_replay(tmp_path, monkeypatch):
    from tests.tui.conftest import finished_duel
    from tui.screens.end import EndScreen

    # the toy Duel is known by name for this test only (reading a save looks the ruleset up)
    monkeypatch.setattr(registry.RULESETS, "modules", {**registry.RULESETS.modules, "duel": "tests.tui.duel"})
    monkeypatch.setattr(registry.RULESETS, "loaded", dict(registry.RULESETS.loaded))
    match = finished_duel()
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(EndScreen(match, match.outcome(), {"seed": 5, "seats": {0: "human", 1: "easy"}}))
        await pilot.pause()
        await pilot.press("s", *["backspace"] * 10, *"final", "enter")
        await pilot.pause()
    loaded = saves.load_match(tmp_path / "saves" / "final.json")
    assert loaded.state == match.state and loaded.outcome() == match.outcome()
    assert saves.read_save(tmp_path / "saves" / "final.json").meta.players == ("human", "easy")


async def test_autosave_after_each_completed_turn_feeds_continue(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BattleScreen(statwar_match(), {0: "human", 1: "human"}, {"scenario": "duel_25", "seed": 3})
        app.push_screen(screen)
        await settle(pilot, screen)
        await play_some(pilot, screen, 1)  # one deployment hands the turn to the other side
        auto = tmp_path / "saves" / saves.autosave_name("statwar", screen.meta["battle"])
        assert saves.load_match(auto).actions == screen.match.actions
        await pilot.press("q", "y")
        await pilot.press(*menu_keys("continue"))
        await settle(pilot)
        assert isinstance(app.screen, BattleScreen) and app.screen.match.cursor == 1


async def test_command_line_entry_points_open_a_replay_or_a_battle(tmp_path):
    match = statwar_match()
    match.apply(match.legal_actions(match.to_act()[0])[0])
    path = saves.write_save(tmp_path / "saves" / "one.json", match, created="x", players=["human", "human"],
                            scenario="duel_25", seed=3)
    app = make_app(tmp_path, replay=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen) and app.screen.match.steps == 1
    play = {"ruleset": "statwar", "scenario": "duel_25", "seed": 11, "opponent": "hotseat"}
    app = make_app(tmp_path, play=play)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, BattleScreen)
        assert app.screen.meta["seed"] == 11 and app.screen.seats == {0: "human", 1: "human"}
