"""The battles of a run file, to watch (core/runbattles.py): the list, one battle as a Match, a tampered file."""

from __future__ import annotations

import functools

import attrs
import orjson
import pytest

from core import registry
from core import run as runs
from core import runbattles, runfile
from core.errors import SaveError

SEED = 10


@functools.cache
def played() -> runs.Run:
    """A StatWar run of four layers, a battle in each but the camp (seed 10: three battles won;
    the warband comes to its second battle wounded)."""
    config = attrs.evolve(runs.load_config("statwar"), depth=(4, 4), width=(1, 1), weights={"battle": 1},
                          ai=(runs.AiStep(0, "easy"),), warband=20, budget=(10, 20), size=(8, 8))
    return runs.auto_run("statwar", SEED, config)


def written(tmp_path, document=None):
    run = played()
    path = tmp_path / runfile.run_name(run)
    if document is None:
        runfile.write_run(path, run, "2026-12-01")
    else:
        path.write_bytes(orjson.dumps(document))
    return runfile.read_run(path)


def before_battle(run: runs.Run, number: int) -> runs.Run:
    """The run as it stood before its battle `number` (from 1), played again by hand."""
    battles = iter(run.battles)
    now = runs.new_run(run.ruleset, run.seed, run.config)
    for step in run.steps:
        if step == runs.BATTLE:
            number -= 1
            if not number:
                return now
            now = runs.finish_battle(now, next(battles).actions)
        else:
            now = runs.choose(now, step)
    raise AssertionError("no such battle")


def battle_step(document, number: int) -> int:
    return [i for i, s in enumerate(document["steps"]) if s["choice"] == runs.BATTLE][number - 1]


def test_a_run_files_battles_are_listed_with_layer_kind_opponent_result_and_rounds(tmp_path) -> None:
    run = played()
    rows = runbattles.battles(written(tmp_path))
    assert [r.number for r in rows] == [1, 2, 3]
    assert [(r.layer, r.kind) for r in rows] == [(1, "battle"), (2, "battle"), (4, "final")]
    for row, record in zip(rows, run.battles):
        assert (row.opponent, row.rounds, row.actions, row.ai) == (record.opponent, record.rounds, len(record.actions), record.ai)
        assert row.result == "won" and record.winner == 0


def test_a_battle_opens_as_the_run_fought_it_and_ends_in_its_recorded_state(tmp_path) -> None:
    run = played()
    replay = written(tmp_path)
    ruleset = registry.get("statwar")
    before = before_battle(run, 2)
    assert any(m.wounds for m in before.members)  # the wounds of battle 1 are carried in
    for number, record in enumerate(run.battles, 1):
        match = runbattles.battle_match(replay, number)
        assert match.initial == runs.start_battle(before_battle(run, number))[2]
        assert match.all_actions == record.actions and match.cursor == match.steps
        assert match.state_hash_at(match.steps) == record.final_hash == replay.envelope.steps[battle_step(
            runfile.run_document(run, "x"), number)].hash
        assert match.undo_mode == "ironman" and ruleset.outcome(match.state) is not None
    unwounded = runs.start_battle(attrs.evolve(before, members=tuple(attrs.evolve(m, wounds=0) for m in before.members)))[2]
    assert runbattles.battle_match(replay, 2).initial != unwounded


def test_no_such_battle_is_named(tmp_path) -> None:
    replay = written(tmp_path)
    for number in (0, 4):
        with pytest.raises(SaveError, match=rf"battle {number}: the run holds battles 1 to 3"):
            runbattles.battle_match(replay, number)


def test_a_tampered_action_names_its_battle(tmp_path) -> None:
    run = played()
    document = runfile.run_document(run, "2026-12-01")
    step = battle_step(document, 2)
    codec = registry.get("statwar").codec()
    ruleset = registry.get("statwar")
    first = runs.start_battle(before_battle(run, 2))[2]
    taken = run.battles[1].actions[0]
    other = next(a for a in ruleset.legal_actions(first, ruleset.to_act(first)[0]) if a != taken)
    document["steps"][step]["actions"][0] = codec.encode_action(other)
    replay = written(tmp_path, document)
    assert runbattles.battle_match(replay, 1).all_actions == run.battles[0].actions  # the battles before it still open
    for opening in (lambda: runbattles.battle_match(replay, 2), lambda: runbattles.battles(replay)):
        with pytest.raises(SaveError, match=rf"steps\[{step}\] \(battle 2\)") as caught:
            opening()
        assert replay.file in str(caught.value)


def test_a_tampered_hash_names_its_battle(tmp_path) -> None:
    document = runfile.run_document(played(), "2026-12-01")
    step = battle_step(document, 3)
    document["steps"][step]["hash"] = "0" * 16
    with pytest.raises(SaveError, match=rf"steps\[{step}\] \(battle 3\): the battle ends in another state"):
        runbattles.battle_match(written(tmp_path, document), 3)
