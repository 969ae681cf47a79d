"""The one writer of player files: whole or not at all, and TOML that reads back the same."""

import tomllib

import pytest

from core.files import toml_value, write_atomic


def test_write_atomic_replaces_the_file_whole_and_leaves_no_temporary(tmp_path):
    target = tmp_path / "deep" / "army.toml"
    write_atomic(target, "name = \"old\"\n")
    write_atomic(target, b"name = \"new\"\n")
    assert target.read_text() == 'name = "new"\n'
    assert [p.name for p in target.parent.iterdir()] == ["army.toml"]


def test_a_failed_write_keeps_the_old_file_and_cleans_up(tmp_path, monkeypatch):
    target = tmp_path / "army.toml"
    write_atomic(target, "name = \"kept\"\n")

    def refuse(*_args):
        raise OSError("disk full")

    monkeypatch.setattr("core.files.os.replace", refuse)
    with pytest.raises(OSError, match="disk full"):
        write_atomic(target, "name = \"lost\"\n")
    assert target.read_text() == 'name = "kept"\n'
    assert [p.name for p in tmp_path.iterdir()] == ["army.toml"]


def test_toml_values_read_back_as_written():
    data = {"name": 'Tess "the" Bold\nII', "level": 3, "alive": True, "troop": ["Pikeman", "Phalanx"],
            "skills": [{"name": "Rally", "tier": 2}], "buffs": {"attack": 2}}
    text = "\n".join(f"{k} = {toml_value(v)}" for k, v in data.items())
    assert tomllib.loads(text) == data


def test_an_unwritable_value_is_refused():
    with pytest.raises(TypeError, match="float"):
        toml_value(1.5)
