"""The command line contract: commands, outputs and exit codes (docs/COMMANDS.md)."""

import json
import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

from core import registry
from core.match import Match
from core.saves import FORMAT_VERSION, read_save, write_save
from tui.cli import main

pytestmark = pytest.mark.usefixtures("toy_registered")
from tests.toy_ruleset import RULESET as TOY  # noqa: E402  (the instance the registry hands out for "toy")
ROOT = Path(__file__).resolve().parent.parent
META = dict(created="2026-01-02 03:04:05 UTC", players=["human", "normal"], scenario="relay", seed=8)


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SKIRMISH_SAVES", raising=False)
    return tmp_path


@pytest.fixture
def tui_calls(monkeypatch):
    """A stand-in for tui.app.run that records how the command line called it."""
    calls = []
    fake = types.ModuleType("tui.app")

    def run(saves_dir, mouse=False, play=None, replay=None):
        calls.append({"saves_dir": saves_dir, "mouse": mouse, "play": play, "replay": replay})
        return 0

    fake.run = run
    monkeypatch.setitem(sys.modules, "tui.app", fake)
    return calls


def save_game(path="game.json", seed=8, limit=None) -> Path:
    match = Match(TOY, TOY.new_battle(TOY.load_scenario("relay"), seed))
    while match.outcome() is None and (limit is None or match.steps < limit):
        side = match.to_act()[0]
        legal = match.legal_actions(side)
        match.apply(legal[(match.steps * 7) % len(legal)])
    return write_save(Path(path), match, **(META | {"seed": seed}))


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_clean_line(err: str) -> None:
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


# --- the TUI commands ---------------------------------------------------------------
def test_no_command_starts_the_tui_with_the_default_saves_dir(capsys, tui_calls, monkeypatch, in_tmp):
    assert run(capsys)[0] == 0
    assert tui_calls[-1] == {"saves_dir": ROOT / "saves", "mouse": False, "play": None, "replay": None}
    monkeypatch.setenv("SKIRMISH_SAVES", str(in_tmp / "env"))
    assert run(capsys, "--mouse")[0] == 0
    assert tui_calls[-1]["saves_dir"] == in_tmp / "env" and tui_calls[-1]["mouse"] is True
    assert run(capsys, "--saves-dir", "mine")[0] == 0
    assert tui_calls[-1]["saves_dir"] == Path("mine")


def test_play_passes_the_validated_request(capsys, tui_calls):
    code, _, _ = run(capsys, "play", "toy", "--scenario", "relay", "--seed", "3", "--opponent", "hotseat", "--mouse",
                     "--undo", "ironman")
    assert code == 0
    assert tui_calls[-1]["play"] == {"ruleset": "toy", "scenario": "relay", "seed": 3, "opponent": "hotseat",
                                     "undo": "ironman"}
    assert tui_calls[-1]["mouse"] is True
    assert run(capsys, "play", "toy")[0] == 0
    assert tui_calls[-1]["play"] == {"ruleset": "toy", "scenario": None, "seed": None, "opponent": "normal",
                                     "undo": "fair"}
    assert run(capsys, "play", "toy", "--undo", "sometimes")[0] == 2
    assert run(capsys, "--saves-dir", "first", "play", "toy", "--saves-dir", "after")[0] == 0
    assert tui_calls[-1]["saves_dir"] == Path("after") and tui_calls[-1]["mouse"] is False


def test_play_refuses_bad_requests_before_the_tui_starts(capsys, tui_calls):
    code, _, err = run(capsys, "play", "chess")
    assert code == 1 and "unknown ruleset 'chess'" in err
    one_clean_line(err)
    code, _, err = run(capsys, "play", "toy", "--scenario", "nowhere")
    assert code == 1 and "no bundled scenario" in err
    assert run(capsys, "play", "toy", "--opponent", "genius")[0] == 2
    assert run(capsys, "play", "toy", "--seed", "many")[0] == 2
    assert tui_calls == []


def test_play_army_is_checked_against_the_scenario_before_the_tui_starts(capsys, tui_calls):
    knights = ROOT / "scenarios" / "statwar" / "armies" / "knights_50.toml"
    code, _, _ = run(capsys, "play", "statwar", "--scenario", "border_50", "--army", str(knights))
    assert code == 0 and tui_calls[-1]["play"]["army"] == str(knights)
    warband = ROOT / "scenarios" / "statwar" / "armies" / "warband_200.toml"
    code, _, err = run(capsys, "play", "statwar", "--scenario", "duel_25", "--army", str(warband))
    assert code == 1 and "warband_200.toml: points: the army costs 194 points" in err
    one_clean_line(err)
    assert len(tui_calls) == 1


def test_replay_checks_the_file_first(capsys, tui_calls):
    path = save_game()
    assert run(capsys, "replay", str(path))[0] == 0
    assert tui_calls[-1]["replay"] == path
    Path("bad.json").write_text("{")
    code, _, err = run(capsys, "replay", "bad.json")
    assert code == 1 and err.startswith("skirmish: bad.json: ")
    one_clean_line(err)
    assert len(tui_calls) == 1


# --- sim ---------------------------------------------------------------------------------
def test_sim_json_has_the_documented_fields(capsys, in_tmp):
    code, out, err = run(capsys, "sim", "toy", "--games", "4", "--seed", "2", "--ai", "normal,random", "--json")
    assert code == 0 and err == ""  # no progress bar when stderr is not a terminal
    report = json.loads(out)
    for key in ("ruleset", "scenario", "games", "wins", "draws", "rounds_mean", "seconds", "units"):
        assert key in report
    assert report["games"] == 4 and len(report["wins"]) == 2 and sum(report["wins"]) + report["draws"] == 4


def test_sim_table_and_saves(capsys, in_tmp):
    code, out, _ = run(capsys, "sim", "toy", "--games", "3", "--ai", "easy,hard", "--scenario", "sprint", "--save-dir", "out")
    assert code == 0
    assert out.startswith("toy: 3 games on sprint (seed 0)")
    assert "1. easy" in out and "2. hard" in out and "unit type" in out and "runner" in out
    assert "3 replays saved in out" in out
    code, out, _ = run(capsys, "verify", *sorted(str(p) for p in (in_tmp / "out").iterdir()))
    assert code == 0 and out.count(": ok (") == 3


def test_sim_draws_a_progress_bar_only_on_a_terminal(capsys, monkeypatch):
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    code, out, err = run(capsys, "sim", "toy", "--games", "2", "--json")
    assert code == 0 and json.loads(out)["games"] == 2
    assert "] 1/2 games" in err and "] 2/2 games" in err and err.endswith("\r")


def test_sim_jobs_do_not_change_the_numbers(capsys):
    reports = []
    for jobs in ("1", "2"):
        code, out, _ = run(capsys, "sim", "toy", "--games", "6", "--seed", "9", "--ai", "easy,random", "--jobs", jobs, "--json")
        report = json.loads(out)
        report.pop("seconds")
        reports.append(report)
    assert reports[0] == reports[1]


@pytest.mark.parametrize(
    "argv, message",
    [
        (["sim", "toy", "--ai", "normal,genius"], "unknown AI level 'genius'"),
        (["sim", "toy", "--games", "0"], "--games must be at least 1"),
        (["sim", "chess"], "unknown ruleset 'chess'"),
        (["sim", "toy", "--scenario", "missing.toml"], "missing.toml: (file): no such file"),
    ],
)
def test_sim_user_errors(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 1 and message in err and out == ""
    one_clean_line(err)


def test_usage_errors_exit_2(capsys):
    assert run(capsys, "sim", "toy", "--games", "lots")[0] == 2
    assert run(capsys, "fly")[0] == 2
    assert run(capsys, "verify")[0] == 2
    assert run(capsys, "--help")[0] == 0


# --- verify and check --------------------------------------------------------------------
def test_verify_names_the_file_and_the_first_diverging_action(capsys):
    good, bad = save_game("good.json"), save_game("bad.json", seed=9)
    data = json.loads(bad.read_text())
    data["actions"][4] = {"kind": "Trip", "side": data["actions"][4]["side"], "uid": 0, "target": 3}
    bad.write_text(json.dumps(data))
    code, out, _ = run(capsys, "verify", str(good), str(bad))
    assert code == 1
    lines = out.strip().splitlines()
    assert lines[0].startswith("good.json: ok (")
    assert lines[1].startswith("bad.json: actions[4]: ")


def test_check_validates_every_kind_of_file(capsys):
    Path("race.toml").write_text('ruleset = "toy"\nkind = "scenario"\ntitle = "T"\nsummary = "S"\nlength = 5\n')
    Path("runner.toml").write_text('ruleset = "toy"\nkind = "runner"\nname = "R"\nspeed = 9\ndescription = ""\n')
    Path("orphan.toml").write_text('kind = "unit"\n')
    Path("alien.toml").write_text('ruleset = "chess"\n')
    Path("broken.toml").write_text('ruleset = "toy\n')
    save_game("game.json")
    Path("cut.json").write_text('{"format": "skirmish-replay", "format_')
    code, out, err = run(capsys, "check", "race.toml", "game.json")
    assert code == 0 and out.splitlines() == [
        "race.toml: ok (toy RaceSpec)", f"game.json: ok (save of toy, {json.loads(Path('game.json').read_text())['meta']['steps']} actions)"
    ]
    code, out, err = run(capsys, "check", "runner.toml", "orphan.toml", "alien.toml", "broken.toml", "cut.json", "none.toml")
    assert code == 1
    lines = out.strip().splitlines()
    assert lines[:2] == ["runner.toml: speed: must be 1 to 3, not 9", "runner.toml: description: is required"]
    assert lines[2].startswith("orphan.toml: ruleset: missing")
    assert lines[3] == "alien.toml: ruleset: unknown ruleset 'chess'; known: statwar, ninja, commanders, toy"
    assert lines[4].startswith("broken.toml: (syntax): ")
    assert lines[5].startswith("cut.json: not a valid save")
    assert lines[6] == "none.toml: (file): no such file"
    assert "Traceback" not in out + err


# --- log, sheet, scenarios -----------------------------------------------------------------
def test_log_text_explains_every_step(capsys):
    path = save_game()
    code, out, _ = run(capsys, "log", str(path))
    assert code == 0
    assert out.startswith("Dice Race: relay\nRed (human) vs Blue (normal)\n")
    assert "Round 1" in out and "   1. Red " in out
    assert "rolls" in out and ("wins:" in out or "Draw:" in out)


def test_log_json_lines_have_step_and_type(capsys):
    path = save_game()
    code, out, _ = run(capsys, "log", str(path), "--json")
    assert code == 0
    events = [json.loads(line) for line in out.splitlines()]
    assert events and all({"step", "type"} <= set(e) for e in events)
    assert events[0]["type"] in ("DashRolled", "TripRolled", "Rested")
    dashes = [e for e in events if e["type"] == "DashRolled"]
    assert dashes and {"uid", "roll", "steps", "start", "end"} <= set(dashes[0])
    assert [e["step"] for e in events] == sorted(e["step"] for e in events)


def test_log_of_an_unfinished_game(capsys):
    code, out, _ = run(capsys, "log", str(save_game(limit=3)))
    assert code == 0 and out.rstrip().endswith("Unfinished.")


def test_sheet_as_text_and_json(capsys):
    Path("runner.toml").write_text('ruleset = "toy"\nkind = "runner"\nname = "Flash"\nspeed = 3\ndescription = "fast"\n')
    code, out, _ = run(capsys, "sheet", "runner.toml")
    assert code == 0 and out.splitlines()[:3] == ["Flash", "=====", "Speed 3"]
    code, out, _ = run(capsys, "sheet", "runner.toml", "--json")
    assert code == 0 and json.loads(out) == {
        "title": "Flash", "lines": ["Speed 3", "Cost 15 points", "fast"], "data": {"name": "Flash", "speed": 3, "cost": 15}
    }
    code, _, err = run(capsys, "sheet", str(save_game()))
    assert code == 1 and "not saves" in err


def test_scenarios_lists_one_line_each(capsys):
    code, out, _ = run(capsys, "scenarios", "toy")
    assert code == 0
    assert [line.split()[:3] for line in out.splitlines()] == [
        ["toy", "sprint", "2"], ["toy", "relay", "2"], ["toy", "three-way", "3"]
    ]
    code, out, _ = run(capsys, "scenarios")
    assert code == 0 and "toy         relay" in out
    code, _, err = run(capsys, "scenarios", "chess")
    assert code == 1 and "unknown ruleset" in err


def process_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SKIRMISH_")}
    env["PYTHONPATH"] = str(ROOT)
    return env


# --- a real process -------------------------------------------------------------------------
def test_python_m_tui_runs_as_a_process(in_tmp):
    Path("bad.json").write_text('{"format": "skirmish-replay", "format_version": 1, "ruleset": 3}')
    done = subprocess.run(
        [sys.executable, "-m", "tui", "verify", "bad.json"], cwd=in_tmp, capture_output=True, text=True,
        env=process_env(), timeout=60,
    )
    assert done.returncode == 1
    assert done.stdout == "bad.json: ruleset: expected text, not int\n" and done.stderr == ""
    usage = subprocess.run([sys.executable, "-m", "tui", "sim"], cwd=in_tmp, capture_output=True, text=True,
                           env=process_env(), timeout=60)
    assert usage.returncode == 2 and "usage: skirmish sim" in usage.stderr
    batch = subprocess.run(
        [sys.executable, "-m", "tui", "sim", "statwar", "--scenario", "duel_25", "--games", "2", "--json"],
        cwd=in_tmp, capture_output=True, text=True, env=process_env(), timeout=120,
    )
    assert batch.returncode == 0 and batch.stderr == ""
    assert json.loads(batch.stdout)["games"] == 2


# --- the acceptance checks on StatWar ---------------------------------------------
def test_statwar_batch_saves_verify_and_a_changed_action_is_named(capsys, in_tmp):
    """`sim statwar --games 6 --seed 1 --json --save-dir D --jobs 2`; verify D; alter one action; verify names it."""
    code, out, _ = run(capsys, "sim", "statwar", "--games", "6", "--seed", "1", "--json", "--save-dir", "D", "--jobs", "2")
    assert code == 0
    report = json.loads(out)
    assert report["games"] == 6 and sum(report["wins"]) + report["draws"] == 6
    files = sorted(str(p) for p in (in_tmp / "D").iterdir())
    assert len(files) == 6
    code, out, _ = run(capsys, "verify", *files)
    assert code == 0 and out.count(": ok (") == 6

    statwar = registry.get("statwar")
    target = Path(files[4])
    data = json.loads(target.read_text())
    index = len(data["actions"]) // 2
    replay = read_save(target)
    before = Match.replay(statwar, replay.initial, list(replay.actions[:index]))
    original = replay.actions[index]
    other = next(a for a in before.legal_actions(original.side) if a != original)
    data["actions"][index] = statwar.codec().encode_action(other)
    target.write_text(json.dumps(data))
    code, out, _ = run(capsys, "verify", files[3], str(target))
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith(f"D/{Path(files[3]).name}: ok (")
    assert lines[1].startswith(f"D/{target.name}: actions[{index}]: ") and len(lines) == 2


def test_the_save_example_in_the_formats_doc_verifies(capsys, in_tmp):
    text = (ROOT / "docs" / "FORMATS.md").read_text(encoding="utf-8")
    start = text.index('```json\n{\n  "format": "skirmish-replay"') + len("```json\n")
    Path("example.json").write_text(text[start : text.index("```", start)])
    code, out, _ = run(capsys, "verify", "example.json")
    assert code == 0 and out == "example.json: ok (3 actions reproduce their hashes)\n"
    assert json.loads(Path("example.json").read_text())["format_version"] == FORMAT_VERSION  # as this build writes it


# --- hostile command lines (issue 19, finding 12) ------------------------------------------
class Hung(BaseException):
    """Raised by the watchdog: a command line ran past its time (not an OSError, so no handler eats it)."""


HOSTILE = [
    ["sim", "toy", "--games", "1000000000000"],  # was: builds the whole job list, then MemoryError
    ["sim", "toy", "--games", "100001"],
    ["sim", "toy", "--games", "-5"],
    ["sim", "toy", "--games", "9" * 5000],
    ["sim", "toy", "--games", "1e3"],
    ["sim", "toy", "--jobs", "0"],
    ["sim", "toy", "--jobs", "-1"],
    ["sim", "toy", "--jobs", "100000"],
    ["sim", "toy", "--seed", "-1"],
    ["sim", "toy", "--seed", str(2**70)],
    ["sim", "toy", "--ai", ""],
    ["sim", "toy", "--ai", ",,,"],
    ["sim", "toy", "--ai", "normal,\x1b[31mred"],
    ["sim", "toy", "--scenario", "{folder}"],
    ["sim", "toy", "--scenario", "{missing}.toml"],
    ["sim", "toy", "--scenario", "/dev/null"],
    ["sim", "toy", "--games", "1", "--save-dir", "{empty}"],
    ["sim", ""],
    ["sim", "../../etc/passwd"],
    ["play", "nosuch"],
    ["play", "toy", "--seed", "-1"],
    ["play", "toy", "--seed", str(2**64)],
    ["play", "toy", "--scenario", "nosuch"],
    ["play", "toy", "--army", "{missing}.toml"],
    ["play", "toy", "--army", "{folder}"],
    ["play", "toy", "--army", "{binary}"],
    ["play", "toy", "--opponent", "god"],
    ["play", "toy", "--undo", "maybe"],
    ["replay", "{missing}.json"],
    ["replay", "{folder}"],
    ["replay", "{empty}"],
    ["replay", "{binary}"],
    ["replay", "/dev/null"],
    ["verify", "{missing}.json", "{folder}", "{empty}", "{binary}", "/dev/null"],
    ["check", "{missing}.toml", "{folder}", "{binary}", "/dev/null"],
    ["log", "{missing}.json"],
    ["log", "{folder}"],
    ["log", "{binary}"],
    ["log", "{game}", "--seat", "0"],
    ["log", "{game}", "--seat", "-99999999999999999999"],
    ["log", "{game}", "--seat", "3"],
    ["sheet", "{folder}"],
    ["sheet", "{binary}"],
    ["sheet", "{game}"],
    ["sheet", "/dev/null"],
    ["scenarios", "nosuch"],
    ["fly"],
    ["verify"],
    ["--saves-dir"],
]


@pytest.mark.parametrize("argv", HOSTILE, ids=lambda argv: " ".join(argv)[:60])
def test_hostile_command_lines_end_in_one_line_and_exit_1_or_2(argv, capsys, tui_calls, in_tmp):
    import signal

    (in_tmp / "folder.json").mkdir()
    (in_tmp / "empty.json").write_text("")
    (in_tmp / "binary.toml").write_bytes(bytes(range(256)) * 4)
    game = save_game()
    names = {"folder": in_tmp / "folder.json", "missing": in_tmp / "missing", "empty": in_tmp / "empty.json",
             "binary": in_tmp / "binary.toml", "game": game}
    argv = [a.format(**{k: str(v) for k, v in names.items()}) if "{" in a else a for a in argv]

    def hung(signum, frame):
        raise Hung()

    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(20)
    try:
        code, out, err = run(capsys, *argv)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    assert code in (1, 2), (code, err)
    assert "Traceback" not in err and not tui_calls
    if code == 1 and argv[0] not in ("verify", "check"):  # batches say one line per file
        one_clean_line(err + out)


# --- balance ------------------------------------------------------------------------------
def test_balance_table_and_json(capsys):
    code, out, err = run(capsys, "balance", "toy", "--scenario", "relay", "--games", "4", "--seed", "2")
    assert code == 0 and err == ""
    assert out.startswith("toy: 4 games a scenario, AI normal vs normal") and "relay" in out and "side 1 share" in out
    code, out, _ = run(capsys, "balance", "toy", "--scenario", "relay", "--games", "4", "--seed", "2", "--json")
    report = json.loads(out)
    row = report["scenarios"]["relay"]
    assert row["games"] == 4 and {"sides", "draws", "side1_share", "rounds", "short_games", "even"} <= set(row)
    assert 0.0 <= row["sides"][0]["low"] <= row["sides"][0]["rate"] <= row["sides"][0]["high"] <= 1.0


def test_balance_user_errors(capsys):
    for argv, message in ((["balance", "toy", "--games", "0"], "--games must be at least 1"),
                          (["balance", "chess"], "unknown ruleset 'chess'"),
                          (["balance", "toy", "--ai", "normal,genius", "--games", "1"], "unknown AI level 'genius'")):
        code, out, err = run(capsys, *argv)
        assert code == 1 and message in err and out == ""
