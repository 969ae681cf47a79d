"""AI-vs-AI batches: same results for any number of workers, seats rotated, saves that verify."""

import pytest

from core import registry, sim
from core.errors import ContentError
from core.saves import load_match, read_save

pytestmark = pytest.mark.usefixtures("toy_registered")


def without_time(report):
    return {k: v for k, v in report.items() if k != "seconds"}


def test_results_do_not_depend_on_the_number_of_workers():
    one = sim.run_batch("toy", games=8, seed=5, ai=["easy", "random"])
    two = sim.run_batch("toy", games=8, seed=5, ai=["easy", "random"], jobs=2)
    assert without_time(one) == without_time(two)
    assert sum(one["wins"]) + one["draws"] == one["games"] == 8


def test_the_report_has_every_documented_field():
    report = sim.run_batch("toy", games=4, seed=1, ai=["normal", "random"], scenario="relay")
    for key in ("ruleset", "scenario", "games", "wins", "draws", "rounds_mean", "seconds", "units"):
        assert key in report
    assert report["scenario"] == "relay" and report["scenario_games"] == {"relay": 4}
    assert report["scenario_results"] == {"relay": {"games": 4, "wins": report["wins"], "draws": report["draws"]}}
    assert set(report["units"]) == {"runner", "sprinter"}
    assert report["units"]["runner"]["fielded"] == 8
    assert all(set(row) == {"fielded", "survived", "damage_dealt"} for row in report["units"].values())


def test_results_are_broken_down_by_scenario():
    report = sim.run_batch("toy", games=12, seed=3, ai=["normal", "random"])
    rows = report["scenario_results"]
    assert len(rows) > 1
    assert sum(row["games"] for row in rows.values()) == 12
    assert [sum(row["wins"][i] for row in rows.values()) for i in range(2)] == report["wins"]
    assert sum(row["draws"] for row in rows.values()) == report["draws"]


def test_wins_follow_the_ai_entry_whichever_side_it_played():
    report = sim.run_batch("toy", games=10, seed=2, ai=["normal", "random"], scenario="sprint")
    flipped = sim.run_batch("toy", games=10, seed=2, ai=["random", "normal"], scenario="sprint")
    assert report["wins"][0] >= 8 and flipped["wins"][1] >= 8


def test_seats_rotate_and_scenarios_cycle_through_every_seating():
    assert sim.seat_levels(["a", "b"], 2, 0) == ("a", "b")
    assert sim.seat_levels(["a", "b"], 2, 1) == ("b", "a")
    assert sim.seat_levels(["a", "b", "c"], 3, 1) == ("b", "c", "a")
    assert sim.seat_levels(["a", "b"], 3, 1) == ("b", "a", "b")
    names = ["x", "y"]
    assert [sim.scenario_for(names, 2, g) for g in range(6)] == ["x", "x", "y", "y", "x", "x"]
    assert sim.game_seed(1, 0) != sim.game_seed(1, 1) != sim.game_seed(2, 1)
    assert 0 <= sim.game_seed(-5, 3) < 2**63


def test_every_game_can_be_saved_and_verified(tmp_path):
    report = sim.run_batch("toy", games=3, seed=4, ai=["easy", "hard"], save_dir=tmp_path / "out", created="2026-01-01")
    files = sorted((tmp_path / "out").iterdir())
    assert [f.name for f in files] == [sim.save_name("toy", 4, i) for i in range(3)]
    assert report["saves"] == [str(f) for f in files]
    for i, f in enumerate(files):
        load_match(f)
        meta = read_save(f).meta
        assert meta.seed == sim.game_seed(4, i) and meta.created == "2026-01-01"
        assert meta.players == sim.seat_levels(["easy", "hard"], 2, i)


def test_progress_is_reported_per_game():
    seen = []
    sim.run_batch("toy", games=3, seed=0, ai=["random"], progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 3), (2, 3), (3, 3)]


def test_bad_requests_fail_before_any_game():
    with pytest.raises(ValueError, match="unknown AI level 'genius'"):
        sim.run_batch("toy", games=1, ai=["genius"])
    with pytest.raises(ValueError, match="at least 1"):
        sim.run_batch("toy", games=0)
    with pytest.raises(KeyError):
        sim.run_batch("no-such-rules", games=1)
    with pytest.raises(ContentError):
        sim.run_batch("toy", games=1, scenario="no-such-scenario")


def test_a_scenario_file_works_in_worker_processes(tmp_path):
    race = tmp_path / "race.toml"
    race.write_text('ruleset = "toy"\nkind = "scenario"\ntitle = "Long"\nsummary = "S"\nlength = 12\nrunners = 2\n')
    one = sim.run_batch("toy", games=4, seed=3, ai=["normal", "easy"], scenario=str(race))
    two = sim.run_batch("toy", games=4, seed=3, ai=["normal", "easy"], scenario=str(race), jobs=2)
    assert without_time(one) == without_time(two)
    assert one["scenario"] == str(race) and one["units"]["sprinter"]["fielded"] == 8
