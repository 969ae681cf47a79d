"""`skirmish verify` on run files (core/runfile.py)."""

from __future__ import annotations

import orjson

from core import runfile
from tests.core.test_run import played
from tui.cli import main


def test_verify_accepts_a_run_file_and_names_the_step_of_a_tampered_one(tmp_path, capsys) -> None:
    run = played("statwar", 5)
    good = runfile.write_run(tmp_path / "good.json", run, "2026-12-01")
    document = orjson.loads(good.read_bytes())
    choice = next(i for i, s in enumerate(document["steps"]) if s["choice"] not in ("battle",))
    document["steps"][choice]["choice"] = "99"
    bad = tmp_path / "bad.json"
    bad.write_bytes(orjson.dumps(document))
    code = main(["verify", str(good), str(bad)])
    lines = capsys.readouterr().out.strip().splitlines()
    assert code == 1
    assert lines[0].endswith(f"good.json: ok (a run of {len(run.steps)} steps and {len(run.battles)} battles reproduces its hashes)")
    assert lines[1].endswith(f"bad.json: steps[{choice}]: illegal when replayed: '99' is not a choice now (0)")


def test_check_reads_run_settings_and_names_every_field_at_fault(tmp_path, capsys) -> None:
    from core.run import config_path

    assert main(["check", *(str(config_path(name)) for name in ("statwar", "ninja", "commanders"))]) == 0
    assert capsys.readouterr().out.count(" RunConfig)") == 3
    text = config_path("ninja").read_text(encoding="utf-8")
    bad = tmp_path / "ninja-run.toml"
    bad.write_text(text.replace("size = [14, 10]", "size = [1, 100]").replace("recruit = 2 }", "recruit = 2, sell = 3 }"), encoding="utf-8")
    assert main(["check", str(bad)]) == 1
    lines = capsys.readouterr().out.strip().splitlines()
    assert [line.split(": ")[1] for line in lines] == ["prices", "size"]


def test_replay_takes_a_run_file_and_a_battle_number(tmp_path, capsys, monkeypatch) -> None:
    import sys
    import types

    calls = []
    fake = types.ModuleType("tui.app")
    fake.run = lambda saves_dir, mouse=False, **extra: calls.append(extra) or 0
    monkeypatch.setitem(sys.modules, "tui.app", fake)
    run = played("statwar", 5)
    path = runfile.write_run(tmp_path / "run.json", run, "2026-12-01")
    assert main(["replay", str(path)]) == 0 and calls[-1] == {"replay": path, "replay_battle": None}
    assert main(["replay", str(path), "--battle", "2"]) == 0 and calls[-1] == {"replay": path, "replay_battle": 2}
    assert main(["replay", str(path), "--battle", str(len(run.battles) + 1)]) == 1
    assert capsys.readouterr().err.strip().endswith(f"run.json: battle {len(run.battles) + 1}: the run holds battles 1 to {len(run.battles)}")
    document = orjson.loads(path.read_bytes())
    document["steps"][document["steps"].index(next(s for s in document["steps"] if s["choice"] == "battle"))]["hash"] = "0" * 16
    path.write_bytes(orjson.dumps(document))
    assert main(["replay", str(path), "--battle", "1"]) == 1
    err = capsys.readouterr().err
    assert "run.json: steps[" in err and "(battle 1): the battle ends in another state" in err and len(err.strip().splitlines()) == 1
    from core import registry
    from core.match import Match
    from core.saves import write_save

    statwar = registry.get("statwar")
    match = Match(statwar, statwar.new_battle(statwar.load_scenario("duel_25"), 3))
    save = write_save(tmp_path / "game.json", match, created="x", players=["human", "human"], scenario="duel_25", seed=3)
    assert main(["replay", str(save), "--battle", "1"]) == 1
    assert "game.json: --battle picks a battle of a run file; this is not one" in capsys.readouterr().err
    assert len(calls) == 2
