"""Issue 19, findings 10 and 11 on the command line: `check` and `sheet` on hostile content
files say `file: field: reason`, go on with the batch, and never print a raw control character."""

import shutil
from pathlib import Path

import pytest

from core.content import scenarios_root
from tui.cli import main

SCEN = scenarios_root()


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SKIRMISH_SAVES", raising=False)
    return tmp_path


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_sheet_of_a_ninja_school_outside_the_bundled_set(tmp_path, capsys):
    text = (SCEN / "ninja" / "schools" / "ash.toml").read_text()
    (tmp_path / "cinder.toml").write_text(text.replace('name = "Ash"', 'name = "Cinder"', 1))
    assert 'name = "Cinder"' in (tmp_path / "cinder.toml").read_text()
    code, out, err = run(capsys, "sheet", "cinder.toml")
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == "Cinder"
    assert "4-point ninja" in out


def test_sheet_of_a_school_with_an_unknown_weapon_is_one_line_per_problem(tmp_path, capsys):
    text = (SCEN / "ninja" / "schools" / "ash.toml").read_text()
    import re

    (tmp_path / "odd.toml").write_text(re.sub(r'(?m)^missile = ".*"$', 'missile = "banana"', text))
    code, out, err = run(capsys, "sheet", "odd.toml")
    assert code == 1 and err.strip() == "odd.toml: missile: 'banana' is not a missile weapon in weapons.toml"


def test_a_300_character_reference_does_not_stop_the_check_batch(tmp_path, capsys):
    armies = tmp_path / "armies"
    armies.mkdir()
    (armies / "long.toml").write_text('ruleset = "statwar"\nkind = "army"\nname = "L"\ndescription = "d"\n'
                                      f'points = 50\n[[units]]\nunit = "{"x" * 300}"\n')
    good = SCEN / "statwar" / "armies" / "knights_50.toml"
    code, out, err = run(capsys, "check", "armies/long.toml", str(good))
    lines = out.splitlines()
    assert code == 1 and err == ""
    assert lines[0].startswith("armies/long.toml: units[0].unit: the unit reference 'xxxx")
    assert "at most 100" in lines[0]
    assert lines[1].endswith(": ok (statwar Army)")


def test_check_names_the_duplicate_in_a_catalogue_file(tmp_path, capsys):
    text = (SCEN / "commanders" / "catalogue" / "units.toml").read_text()
    first = text.index("[[unit]]")
    second = text.index("[[unit]]", first + 1)
    (tmp_path / "units.toml").write_text(text + "\n" + text[first:second].replace("attack = ", "attack = 1", 1))
    code, out, _ = run(capsys, "check", "units.toml")
    assert code == 1
    assert "units.toml: unit[" in out and "is already the name of unit[0]" in out


@pytest.mark.parametrize("command", ["check", "sheet"])
def test_no_raw_control_character_reaches_the_terminal(tmp_path, capsys, command):
    name = "evil\x1b]0;title\x07\x1b[2J.toml"
    (tmp_path / name).write_text('ruleset = "statwar"\nkind = "unit"\nname = "B\\u001b[31mear"\ndescription = "x"\n')
    code, out, err = run(capsys, command, name)
    assert code == 1
    for text in (out, err):
        assert not any(ord(ch) < 32 and ch != "\n" or ord(ch) == 0x7F for ch in text), repr(text)
    assert "evil\\x1b]0;title\\x07\\x1b[2J.toml: name: holds the control character U+001B" in out + err


def test_a_bundled_file_copied_out_checks_with_its_references_bundled(tmp_path, capsys):
    shutil.copy(SCEN / "statwar" / "battles" / "duel_25.toml", tmp_path / "duel.toml")
    code, out, _ = run(capsys, "check", "duel.toml")
    assert code == 0 and out.strip() == "duel.toml: ok (statwar Setup)"
