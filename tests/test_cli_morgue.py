"""`skirmish runs` (the morgue's table) and `skirmish sim-run` (whole runs played by the AI)."""

from __future__ import annotations

import json

import pytest

from core import morgue
from core import run as runs
from core.sim import game_seed
from tests.core.test_run import played, small
from tui.cli import main


# --- skirmish runs -----------------------------------------------------------------------------
def test_runs_lists_past_runs_best_first(tmp_path, capsys) -> None:
    folder = morgue.morgue_dir(tmp_path)
    assert main(["runs", "--saves-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out.startswith("No runs recorded yet in ")
    for seed, day in ((5, ""), (6, "2026-12-01"), (7, "")):
        morgue.record_end(played("statwar", seed), folder, created=f"2026-12-0{seed - 4} 10:00:00 UTC", daily=day)
    assert main(["runs", "--saves-dir", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    best = morgue.high_scores(folder)
    rows = lines[1:1 + len(best)]
    assert [int(row.split()[1]) for row in rows] == [e.score for e in best] == sorted((e.score for e in best), reverse=True)
    assert [row.split()[0] for row in rows] == ["1", "2", "3"]
    daily = next(row for row in rows if "daily" in row)
    assert "daily 2026-12-01" in daily and "2026-12-02 10:00:00" in daily
    assert all(e.end in row for e, row in zip(best, rows))
    assert main(["runs", "--json", "--saves-dir", str(tmp_path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [r["id"] for r in data["runs"]] == [e.id for e in best]


def test_runs_with_a_damaged_table_says_so_in_one_line(tmp_path, capsys) -> None:
    folder = morgue.morgue_dir(tmp_path)
    folder.mkdir(parents=True)
    (folder / morgue.SCORES_NAME).write_bytes(b'{"format": "skirmish-scores", "format_version": 1, "entries": [7]}')
    assert main(["runs", "--saves-dir", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and "scores.json: entries[0]" in captured.err and "Traceback" not in captured.err


# --- skirmish sim-run -----------------------------------------------------------------------
@pytest.fixture
def small_runs(monkeypatch):
    """Every run of a batch uses the small settings of tests/core/test_run.py (a few seconds)."""
    configs = {name: small(name) for name in ("statwar", "ninja", "commanders")}
    monkeypatch.setattr(runs, "load_config", configs.__getitem__)


def test_sim_run_reports_the_runs_it_played(small_runs, capsys) -> None:
    assert main(["sim-run", "statwar", "--runs", "3", "--seed", "4", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    played_now = [runs.auto_run("statwar", game_seed(4, i), level="normal") for i in range(3)]
    wins = sum(r.won for r in played_now)
    assert (report["runs"], report["seed"], report["ai"], report["daily"]) == (3, 4, "normal", "")
    assert (report["wins"]["count"], report["wins"]["of"]) == (wins, 3)
    assert report["results"] == [[r.seed, r.won, len(r.battles), len(r.path), morgue.score(r)] for r in played_now]
    assert report["battles"]["median"] == sorted(len(r.battles) for r in played_now)[1]
    assert sum(report["ends"].values()) == 3 and set(report["ends"]) == {morgue.cause(r) for r in played_now}
    from core.balance import wilson

    assert (report["wins"]["low"], report["wins"]["high"]) == pytest.approx(wilson(wins, 3))
    assert main(["sim-run", "statwar", "--runs", "3", "--seed", "4"]) == 0
    text = capsys.readouterr().out
    assert f"won          {wins} of 3:" in text and "how runs end" in text


def test_sim_run_daily_plays_the_days_seed_along_different_paths(small_runs, capsys) -> None:
    assert main(["sim-run", "statwar", "--runs", "2", "--daily", "2026-12-01", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    seed = morgue.daily_seed("2026-12-01")
    assert report["daily"] == "2026-12-01" and [row[0] for row in report["results"]] == [seed, seed]
    for i, row in enumerate(report["results"]):
        run = runs.auto_run("statwar", seed, level="normal", salt=i)
        assert row == [seed, run.won, len(run.battles), len(run.path), morgue.score(run)]


@pytest.mark.parametrize("argv, message", [
    (["sim-run", "statwar", "--runs", "0"], "--runs must be at least 1"),
    (["sim-run", "statwar", "--jobs", "65"], "--jobs must be at most 64"),
    (["sim-run", "statwar", "--daily", "2026-02-30"], "is not a day of the calendar"),
    (["sim-run", "chess"], "unknown ruleset"),
])
def test_sim_run_refuses_bad_input_in_one_line(argv, message, capsys) -> None:
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_sim_run_of_a_ruleset_without_runs_says_so(toy_registered, capsys) -> None:
    assert main(["sim-run", "toy", "--runs", "1"]) == 1
    assert "has no runs" in capsys.readouterr().err
