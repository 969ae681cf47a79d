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
