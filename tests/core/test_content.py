"""The content loader: every way a data file can be wrong comes back as `file: field: reason`."""

import os

import attrs
import pytest

from core import content
from core.content import MAX_CONTENT_BYTES, fingerprint, load, load_folder, read_toml
from core.errors import ContentError
from tests.toy_ruleset import RULESET, RaceSpec, RunnerSpec


@attrs.frozen
class Stride:
    length: int
    terrain: str = "open"


@attrs.frozen
class Lane:
    name: str
    strides: tuple[Stride, ...]

    def problems(self):
        return [(f"strides[{i}].length", "must be positive") for i, s in enumerate(self.strides) if s.length <= 0]


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def write(name: str, text: str | bytes) -> str:
    data = text.encode() if isinstance(text, str) else text
    with open(name, "wb") as f:
        f.write(data)
    return name


def problems(path, cls=RunnerSpec):
    with pytest.raises(ContentError) as info:
        load(path, cls)
    return [str(p) for p in info.value.problems]


def test_a_good_file_loads_into_a_frozen_spec():
    spec = load(write("fast.toml", 'name = "Fast"\nspeed = 2\ndescription = "quick"\n'), RunnerSpec)
    assert spec == RunnerSpec("Fast", 2, "quick")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        spec.speed = 3


def test_missing_field():
    assert problems(write("a.toml", 'name = "A"\ndescription = "x"\n')) == ["a.toml: speed: missing"]


def test_wrong_type():
    found = problems(write("b.toml", 'name = "B"\nspeed = "fast"\ndescription = "x"\n'))
    assert found == ["b.toml: speed: expected an integer, not text"]


def test_unknown_key():
    found = problems(write("c.toml", 'name = "C"\nspeed = 1\ndescription = "x"\ncolour = "red"\n'))
    assert found == ["c.toml: colour: unknown key"]


def test_toml_syntax_error():
    found = problems(write("d.toml", 'name = "D\nspeed = 1\n'))
    assert len(found) == 1 and found[0].startswith("d.toml: (syntax): ")
    assert "line 1" in found[0]


def test_not_utf8():
    found = problems(write("e.toml", b'name = "\xff\xfe"\n'))
    assert found == ["e.toml: (file): not UTF-8 text (byte 8)"]


def test_oversized(monkeypatch):
    monkeypatch.setattr(content, "MAX_CONTENT_BYTES", 64)
    found = problems(write("f.toml", "# " + "x" * 100 + "\n"))
    assert found == ["f.toml: (file): file is larger than the limit of 64 bytes"]
    assert MAX_CONTENT_BYTES == 2 * 1024 * 1024


def test_missing_file_and_folder():
    assert problems("nope.toml") == ["nope.toml: (file): no such file"]
    os.mkdir("dir.toml")
    assert problems("dir.toml") == ["dir.toml: (file): is a folder, not a file"]


def test_rule_problems_come_with_their_field_path():
    assert problems(write("g.toml", 'name = "G"\nspeed = 7\ndescription = " "\n')) == [
        "g.toml: speed: must be 1 to 3, not 7",
        "g.toml: description: is required",
    ]
    path = write("lane.toml", 'name = "L"\n[[strides]]\nlength = 2\n[[strides]]\nlength = 0\n')
    assert problems(path, Lane) == ["lane.toml: strides[1].length: must be positive"]


def test_an_unknown_nested_key_names_its_table():
    path = write("lane3.toml", 'name = "L"\n[[strides]]\nlength = 2\nslope = 1\n')
    assert problems(path, Lane) == ["lane3.toml: strides[0].slope: unknown key"]


def test_nested_shape_errors_name_the_nested_field():
    path = write("lane2.toml", 'name = "L"\n[[strides]]\nlength = 2\n[[strides]]\nlength = "far"\n')
    found = problems(path, Lane)
    assert len(found) == 1 and found[0].startswith("lane2.toml: strides[1].length: ")


def test_every_problem_of_a_file_is_reported_together():
    found = problems(write("h.toml", 'speed = "x"\nextra = 1\n'))
    assert len(found) >= 3
    assert any(": name: " in p for p in found) and any(": speed: " in p for p in found)


def test_load_folder_gathers_every_file(in_tmp):
    folder = in_tmp / "runners"
    folder.mkdir()
    (folder / "a.toml").write_text('name = "A"\nspeed = 1\ndescription = "x"\n')
    (folder / "b.toml").write_text('name = "B"\nspeed = 1\ndescription = "y"\n')
    assert set(load_folder(folder, RunnerSpec)) == {"a", "b"}
    (folder / "c.toml").write_text('name = "C"\n')
    (folder / "d.toml").write_text('name = 3\nspeed = 1\ndescription = "z"\n')
    with pytest.raises(ContentError) as info:
        load_folder(folder, RunnerSpec)
    files = {p.file.split("/")[-1] for p in info.value.problems}
    assert files == {"c.toml", "d.toml"}


def test_fingerprint_changes_with_any_byte(in_tmp):
    folder = in_tmp / "data"
    folder.mkdir()
    (folder / "x.toml").write_text("a = 1\n")
    first = fingerprint(folder)
    assert fingerprint(folder) == first and len(first) == 16
    (folder / "x.toml").write_text("a = 2\n")
    assert fingerprint(folder) != first
    assert fingerprint(in_tmp / "missing") == fingerprint(in_tmp / "missing2")


def test_read_toml_returns_plain_data():
    assert read_toml(write("p.toml", "a = [1, 2]\n[b]\nc = true\n")) == {"a": [1, 2], "b": {"c": True}}


def test_the_toy_ruleset_dispatches_documents_by_kind():
    path = write("race.toml", 'ruleset = "toy"\nkind = "scenario"\ntitle = "T"\nsummary = "S"\nlength = 5\n')
    assert RULESET.load_scenario(path) == RaceSpec("T", "S", 5)
    bad = write("race2.toml", 'ruleset = "toy"\nkind = "scenario"\ntitle = "T"\nsummary = "S"\nlength = 99\n')
    with pytest.raises(ContentError, match="race2.toml: length: must be 3 to 30"):
        RULESET.load_scenario(bad)


@pytest.mark.parametrize(
    "line, reason",
    [
        ('speed = "2"', "speed: expected an integer, not text"),
        ("speed = true", "speed: expected an integer, not a boolean"),
        ("speed = 2.0", "speed: expected an integer, not float"),
        ("speed = nan", "speed: expected an integer, not float"),
        ("speed = [2]", "speed: expected an integer, not a list"),
    ],
)
def test_values_are_never_coerced_to_the_field_type(line, reason):
    found = problems(write("s.toml", f'name = "S"\ndescription = "x"\n{line}\n'))
    assert found == [f"s.toml: {reason}"]


def test_text_and_lists_are_never_coerced_either():
    assert problems(write("t.toml", 'name = 7\nspeed = 1\ndescription = "x"\n')) == ["t.toml: name: expected text, not int"]
    found = problems(write("u.toml", 'name = "L"\nstrides = "ab"\n'), Lane)
    assert found == ["u.toml: strides: expected a list, not text"]
