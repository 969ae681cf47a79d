"""The end of a run (core/morgue.py): the morgue document and text, the high-score table, the daily seed."""

from __future__ import annotations

import functools

import attrs
import orjson
import pytest

from core import morgue
from core import run as runs
from core.errors import SaveError
from tests.core.test_run import played, small


#: The small StatWar run of tests/core/test_run.py with its rewards and percentages pinned, so a
#: retuning of the bundled settings (docs/BALANCE.md, "Runs") leaves these runs as they are.
PINNED = {"reward_battle": 15, "reward_elite": 30, "elite_percent": 140, "final_percent": 150}


@functools.cache
def statwar_run(seed: int) -> runs.Run:
    return runs.auto_run("statwar", seed, attrs.evolve(small("statwar"), **PINNED))


# --- the morgue document ---------------------------------------------------------------------
def test_the_morgue_of_a_small_statwar_run_holds_its_real_numbers() -> None:
    run = statwar_run(5)
    doc = morgue.morgue_document(run, created="2026-12-01 20:00:00 UTC")
    assert (doc["ruleset"], doc["seed"], doc["won"], doc["end"]) == ("statwar", 5, False, "the whole warband fell")
    assert [(p["layer"], p["kind"]) for p in doc["path"]] == [(1, "battle"), (2, "camp"), (3, "final")]
    assert [p["node"] for p in doc["path"]] == list(run.path)
    first, final = doc["battles"]
    assert (first["result"], first["rounds"], first["kills"], first["losses"], first["points"]) == ("won", 3, {"Militia": 1}, [], 15)
    assert (final["result"], final["rounds"], final["kills"]) == ("lost", 17, {"Militia": 1})
    assert final["losses"] == ["Ballista 1", "War Dog 1"] == [m.name for m in run.fallen]
    assert [b["rounds"] for b in doc["battles"]] == [b.rounds for b in run.battles]
    assert doc["kills"] == {"Militia": 2}
    assert [(x["name"], x["fell"]) for x in doc["losses"]] == [("Ballista 1", "layer 3 (final)"), ("War Dog 1", "layer 3 (final)")]
    assert doc["warband"] == [] and [m["history"] for m in doc["fallen"]] == [list(m.history) for m in run.fallen]
    # the score rule: 100 a layer reached, 50 a battle won, nothing for the lost final, no survivors
    assert doc["score_parts"] == {"layers": 300, "battles": 50, "elites": 0, "won": 0, "survivors": 0}
    assert doc["score"] == 350 == morgue.score(run)


def test_the_kills_of_a_battle_won_by_wiping_out_the_opponent_are_its_whole_army() -> None:
    run = statwar_run(5)
    record = run.battles[0]
    assert record.winner == 0 and "no units left" in record.reason
    before = runs.choose(runs.new_run("statwar", 5, run.config), run.steps[0])
    opponent = runs.opponent_of(before, runs.encounter(before))
    kills = morgue.morgue_document(run)["battles"][0]["kills"]
    assert sum(kills.values()) == len(opponent.units)


def test_a_won_run_scores_the_victory_and_its_survivors() -> None:
    run = played("ninja", 5)
    assert run.won
    parts = morgue.score_parts(run)
    assert parts["won"] == 1000 and parts["survivors"] == 25 * len(run.members) > 0
    assert parts["layers"] == 100 * run.nodes.depth


def test_a_run_not_over_has_no_morgue() -> None:
    with pytest.raises(ValueError, match="not over"):
        morgue.morgue_document(runs.new_run("statwar", 5, small("statwar")))
    with pytest.raises(ValueError, match="calendar"):  # what the table would refuse is refused before any file is written
        morgue.morgue_document(statwar_run(5), daily="2026-02-30")
    with pytest.raises(ValueError, match="created"):
        morgue.morgue_document(statwar_run(5), created="x" * 401)


def test_the_morgue_text_tells_the_run() -> None:
    run = statwar_run(5)
    text = morgue.morgue_text(morgue.morgue_document(run, created="2026-12-01 20:00:00 UTC", daily="2026-12-01"))
    lines = text.splitlines()
    assert lines[0] == "StatWar run, seed 5, the daily run of 2026-12-01"
    assert "Died: the whole warband fell." in lines
    assert "Score 350: layers 300, battles 50, elite battles 0, victory 0, survivors 0." in lines
    assert "Path: 1 battle, 2 camp, 3 final" in lines
    assert "  Layer 1 (battle) against Militia band (10) (easy AI): won in 3 rounds, East has no units left" in lines
    assert "    killed: 1 Militia; lost: Ballista 1, War Dog 1" in lines
    assert "Kills: 2 Militia" in lines
    for member in run.fallen:
        assert any(line.startswith(f"  {member.name}: ") for line in lines)
        assert all(f"    - {h}" in lines for h in member.history)
    assert lines[-1] == f"  {run.log[-1]}"


# --- record_end and the table ------------------------------------------------------------------
def test_record_end_writes_both_files_and_lists_the_run(tmp_path) -> None:
    run = statwar_run(5)
    path = morgue.record_end(run, tmp_path, created="2026-12-01 20:00:00 UTC")
    doc = morgue.morgue_document(run, created="2026-12-01 20:00:00 UTC")
    assert path.name == f"morgue-statwar-5-{morgue.run_id(run)}.json"
    assert orjson.loads(path.read_bytes()) == doc
    assert path.with_suffix(".txt").read_text(encoding="utf-8") == morgue.morgue_text(doc)
    (entry,) = morgue.high_scores(tmp_path)
    assert (entry.score, entry.layer, entry.depth, entry.victories, entry.fallen, entry.file) == (350, 3, 3, 1, 2, path.name)
    morgue.record_end(run, tmp_path, created="2026-12-01 20:00:00 UTC")  # the same run again: still one entry
    assert len(morgue.high_scores(tmp_path)) == 1
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_the_table_lists_best_first(tmp_path) -> None:
    scored = {seed: morgue.score(statwar_run(seed)) for seed in (5, 6, 7)}
    for seed in scored:
        morgue.record_end(statwar_run(seed), tmp_path)
    assert [e.score for e in morgue.high_scores(tmp_path)] == sorted(scored.values(), reverse=True)


def entry(i: int, score: int, fallen: int = 0) -> dict:
    ident = f"{i:016x}"
    return {"id": ident, "ruleset": "statwar", "seed": i, "daily": "", "created": f"2026-12-01 {i:08d}", "score": score,
            "won": False, "end": "the whole warband fell", "layer": 2, "depth": 9, "victories": 1, "fallen": fallen,
            "file": f"morgue-statwar-{i}-{ident}.json"}


def table(entries: list[dict]) -> bytes:
    return orjson.dumps({"format": "skirmish-scores", "format_version": 1, "entries": entries})


def test_ties_go_to_the_run_that_lost_fewer_units(tmp_path) -> None:
    (tmp_path / morgue.SCORES_NAME).write_bytes(table([entry(1, 200, fallen=3), entry(2, 200, fallen=1), entry(3, 900)]))
    assert [e.seed for e in morgue.high_scores(tmp_path)] == [3, 2, 1]


def test_the_table_keeps_only_the_best_runs(tmp_path) -> None:
    full = [entry(i, 100 + i) for i in range(morgue.MAX_SCORES)]
    (tmp_path / morgue.SCORES_NAME).write_bytes(table(full))
    run = statwar_run(5)  # 350 beats all but the best few
    morgue.record_end(run, tmp_path)
    kept = morgue.high_scores(tmp_path)
    assert len(kept) == morgue.MAX_SCORES
    assert morgue.run_id(run) in {e.id for e in kept} and "0" * 16 not in {e.id for e in kept}  # the worst (100) left
    (tmp_path / morgue.SCORES_NAME).write_bytes(table(full + [entry(999, 5)]))
    with pytest.raises(SaveError, match=f"entries: 101 entries; the table keeps at most {morgue.MAX_SCORES}"):
        morgue.high_scores(tmp_path)


@pytest.mark.parametrize("blob, reason", [
    (b"", "the file is empty"),
    (b'{"format": "skirmish-scores", "entr', "damaged or cut short"),
    (b"[1, 2]", "not a high-score table"),
    (b'{"format": "skirmish-replay", "format_version": 1, "entries": []}', "format: 'skirmish-replay'"),
    (b'{"format": "skirmish-scores", "format_version": 9, "entries": []}', "newer Skirmish"),
    (table([{**entry(1, 10), "score": "lots"}]), r"entries\[0\]\.score: expected an integer"),
    (table([{**entry(1, 10), "score": 10**12}]), r"entries\[0\]\.score"),
    (table([{**entry(1, 10), "file": "../../etc/passwd"}]), r"entries\[0\]\.file"),
    (table([{**entry(1, 10), "cheat": 1}]), "cheat"),
    (b" " * (morgue.MAX_SCORES_BYTES + 1), "larger than the limit"),
])
def test_a_damaged_table_is_one_clear_line(tmp_path, blob: bytes, reason: str) -> None:
    (tmp_path / morgue.SCORES_NAME).write_bytes(blob)
    with pytest.raises(SaveError, match=reason) as caught:
        morgue.high_scores(tmp_path)
    assert "\n" not in str(caught.value) and morgue.SCORES_NAME in str(caught.value)


def test_a_folder_where_the_table_goes_is_refused(tmp_path) -> None:
    (tmp_path / morgue.SCORES_NAME).mkdir()
    with pytest.raises(SaveError, match="is a folder"):
        morgue.high_scores(tmp_path)


def test_an_unreadable_table_is_set_aside_and_made_again_from_the_morgue_files(tmp_path) -> None:
    first, second = statwar_run(5), statwar_run(6)
    morgue.record_end(first, tmp_path)
    (tmp_path / morgue.SCORES_NAME).write_bytes(b"\x00garbage")
    morgue.record_end(second, tmp_path)
    assert (tmp_path / (morgue.SCORES_NAME + ".unreadable")).read_bytes() == b"\x00garbage"
    assert {e.id for e in morgue.high_scores(tmp_path)} == {morgue.run_id(first), morgue.run_id(second)}


def test_an_empty_folder_has_no_runs(tmp_path) -> None:
    assert morgue.high_scores(tmp_path / "nothing yet") == []


# --- the daily seed ---------------------------------------------------------------------------
def test_the_daily_seed_is_a_pure_function_of_the_date() -> None:
    import hashlib

    assert morgue.daily_seed("2026-12-01") == 14036306554993762199  # the same on every machine, every day
    assert morgue.daily_seed("2026-12-01") == int.from_bytes(hashlib.sha256(b"skirmish daily 2026-12-01").digest()[:8], "big")
    days = {morgue.daily_seed(f"2026-{m:02d}-{d:02d}") for m in range(1, 13) for d in range(1, 29)}
    assert len(days) == 12 * 28


@pytest.mark.parametrize("bad", ["2026-13-01", "2026-02-30", "2026-2-1", "yesterday", "2026-12-01 ", ""])
def test_a_daily_seed_needs_a_real_date(bad: str) -> None:
    with pytest.raises(ValueError, match="date|calendar"):
        morgue.daily_seed(bad)


def test_the_cause_of_an_end_leaves_out_the_layer_and_the_name() -> None:
    run = statwar_run(5)
    assert morgue.cause(attrs.evolve(run, end="lost a battle of layer 12")) == "lost a battle"
    assert morgue.cause(attrs.evolve(run, end="lost the elite battle of layer 3")) == "lost the elite battle"
    assert morgue.cause(attrs.evolve(run, end="the commander Halkaal Garros fell")) == "the commander fell"
