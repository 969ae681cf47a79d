"""The one writer of player files: whole or not at all, and TOML that reads back the same."""

import tomllib

import pytest

from core.content import dump_toml
from core.files import write_atomic


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
    data = {"name": 'Tess "the" Bold\nII\x1b[2J\x7f\\', "level": 3, "alive": True, "troop": ["Pikeman", "Phalanx"],
            "skills": [{"name": "Rally", "tier": 2}], "buffs": {"attack": 2}}
    assert tomllib.loads(dump_toml(data)) == data


def test_the_hand_written_toml_writer_is_gone():
    import core.files

    assert not hasattr(core.files, "toml_value")
