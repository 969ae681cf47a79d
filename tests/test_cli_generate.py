"""`skirmish map` and `skirmish check --generated`: a generated battlefield in text and as a
file, and every bad number refused in one line (docs/COMMANDS.md)."""

from __future__ import annotations

import tomllib

import pytest

from core import registry
from tui.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_map_prints_a_statwar_board_with_its_neutral_zone(capsys):
    code, out, err = run(capsys, "map", "statwar", "--seed", "3", "--size", "12x10")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Board generated-3"
    spec = registry.get("statwar").generate_map(3, (12, 10))
    assert [line.strip() for line in lines[-10:]] == list(spec.rows)
    assert "~" in out and "Deployment squares:" in out


@pytest.mark.parametrize("ruleset, size", [("ninja", "12x10"), ("commanders", "14x9")])
def test_map_prints_zones_and_their_start_values(capsys, ruleset, size):
    code, out, err = run(capsys, "map", ruleset, "--seed", "8", "--size", size)
    assert code == 0 and err == ""
    assert out.count("start value") == 2


@pytest.mark.parametrize("ruleset", ["statwar", "ninja", "commanders"])
def test_map_toml_is_a_map_file_that_checks(capsys, ruleset, tmp_path):
    code, out, _ = run(capsys, "map", ruleset, "--seed", "21", "--toml")
    assert code == 0
    data = tomllib.loads(out)
    assert data["ruleset"] == ruleset
    path = tmp_path / "map.toml"
    path.write_text(out, encoding="utf-8")
    code, out, _ = run(capsys, "check", str(path))
    assert code == 0 and f": ok ({ruleset} " in out


@pytest.mark.parametrize("ruleset", ["statwar", "ninja", "commanders"])
def test_check_generated_reads_the_map_back_and_checks_its_promises(capsys, ruleset):
    code, out, err = run(capsys, "check", "--generated", ruleset, "--seed", "5")
    assert code == 0 and err == ""
    assert out.startswith(f"generated:5:") and "ok (its file reads back equal" in out


@pytest.mark.parametrize("argv, words", [
    (("map", "ninja", "--seed", "1", "--size", "9x8"), "the size 9x8 is out of range: width 10 to 30, height 8 to 24"),
    (("map", "statwar", "--seed", "1", "--size", "41x20"), "the size 41x20 is out of range: width 8 to 40, height 8 to 40"),
    (("map", "commanders", "--seed", "1", "--size", "big"), "'big' is not a size: write WIDTHxHEIGHT"),
    (("map", "chess", "--seed", "1"), "unknown ruleset 'chess'"),
    (("check",), "check needs a FILE, or --generated RULESET --seed S"),
    (("check", "--generated", "ninja"), "check --generated needs --seed S"),
])
def test_bad_parameters_are_refused_in_one_line(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 1 and out == ""
    assert len(err.strip().splitlines()) == 1 and words in err and "Traceback" not in err


@pytest.mark.parametrize("seed", ["-1", "18446744073709551616", "x"])
def test_a_seed_out_of_range_is_a_usage_error(capsys, seed):
    code, _, err = run(capsys, "map", "ninja", "--seed", seed)
    assert code == 2 and "a seed is a whole number" in err
