"""Replays lists run files: a run file's battles, one watched in the viewer, take-over refused, a tampered file said."""

from __future__ import annotations

import orjson

from core import runfile
from core import run as runs
from core.saves import write_save
from tests.core.test_run_battles import played
from tests.tui.conftest import make_app
from tests.tui.test_saves import statwar_match
from tui.dialogs.builder_pick import PickDialog
from tui.dialogs.message import MessageDialog
from tui.screens.replay import ReplayScreen
from tui.screens.run_replays import NO_TAKE_OVER
from tui.screens.saves import SavesScreen


async def open_replays(pilot) -> SavesScreen:
    """Replays from the main menu (found by its id: Continue run sits above it while a run waits)."""
    menu = pilot.app.screen.query_one("#menu-list")
    index = next(i for i in range(menu.option_count) if menu.get_option_at_index(i).id == "replays")
    await pilot.press("home", *["down"] * index, "enter")
    assert isinstance(pilot.app.screen, SavesScreen) and pilot.app.screen.replays
    return pilot.app.screen


def run_file(tmp_path, document=None):
    """The run of tests.core.test_run_battles (three battles) in the saves folder's runs/, and a battle save beside it."""
    run = played()
    folder = tmp_path / "saves" / "runs"
    folder.mkdir(parents=True)
    path = folder / runfile.run_name(run)
    if document is None:
        runfile.write_run(path, run, "2026-12-01 00:00:00 UTC")
    else:
        path.write_bytes(orjson.dumps(document))
    write_save(tmp_path / "saves" / "game.json", statwar_match(), created="x", players=["human", "human"],
               scenario="duel_25", seed=3)
    return run, path


async def test_replays_opens_a_run_files_battle_read_only_and_comes_back_to_its_list(tmp_path):
    run, path = run_file(tmp_path)
    before = path.read_bytes()
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        saves = await open_replays(pilot)
        rows = [str(saves.query_one("#saves-list").get_option_at_index(i).prompt)
                for i in range(saves.query_one("#saves-list").option_count)]
        assert rows[0].startswith(f"runs/{path.name}  a statwar run, seed 10") and "3 battles to watch" in rows[0]
        assert any(r.startswith("game.json") for r in rows)
        await pilot.press("enter")
        assert isinstance(app.screen, PickDialog)
        labels = [label for _, label, _ in app.screen.entries]
        assert labels[0].startswith("1. Layer 1, battle: won against ") and labels[2].startswith("3. Layer 4, final: won")
        await pilot.press("down", "enter")
        viewer = app.screen
        assert isinstance(viewer, ReplayScreen)
        record = run.battles[1]
        assert viewer.match.cursor == 0 and viewer.match.steps == len(record.actions)
        await pilot.press("right", "right")
        assert viewer.match.cursor == 2
        await pilot.press("left")
        assert viewer.match.cursor == 1
        await pilot.press("end")
        assert viewer.match.state_hash_at(viewer.match.cursor) == record.final_hash
        await pilot.press("home", "t")  # a run's battle is watched, never taken over
        await pilot.pause()
        assert app.screen is viewer and viewer.match.steps == len(record.actions)
        assert any(n.message == NO_TAKE_OVER for n in app._notifications)
        await pilot.press("escape")
        assert isinstance(app.screen, PickDialog) and app.screen.current == "2"
        await pilot.press("escape")
        assert app.screen is saves
    assert path.read_bytes() == before  # watching never writes the run file


async def test_a_tampered_run_file_is_one_message_naming_the_file_and_the_battle(tmp_path):
    document = runfile.run_document(played(), "2026-12-01")
    step = [i for i, s in enumerate(document["steps"]) if s["choice"] == runs.BATTLE][1]
    document["steps"][step]["hash"] = "0" * 16
    _, path = run_file(tmp_path, document)
    before = path.read_bytes()
    (tmp_path / "saves" / "runs" / "run-statwar-99.json").write_text("{")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_replays(pilot)
        rows = [str(app.screen.query_one("#saves-list").get_option_at_index(i).prompt)
                for i in range(app.screen.query_one("#saves-list").option_count)]
        broken = next(i for i, r in enumerate(rows) if r.startswith("✗ runs/run-statwar-99.json"))
        tampered = next(i for i, r in enumerate(rows) if r.startswith(f"runs/{path.name}"))
        await pilot.press("home", *["down"] * tampered, "enter")
        assert isinstance(app.screen, MessageDialog)
        assert path.name in app.screen.body and f"steps[{step}] (battle 2)" in app.screen.body
        assert "the file stays where it is" in app.screen.body
        await pilot.press("escape", "home", *["down"] * broken, "enter")
        assert isinstance(app.screen, MessageDialog) and "run-statwar-99.json" in app.screen.body
    assert path.read_bytes() == before
