"""Killed saves leave no litter: write_atomic removes its temporary file on any exception, and
the temporary files of writes that were killed are cleaned at start (issue 19, finding 9)."""

from __future__ import annotations

import os
import time

import pytest

from core import files
from tests.tui.conftest import make_app


def test_write_atomic_leaves_no_temporary_file_when_the_write_fails(tmp_path, monkeypatch):
    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "replace", broken_replace)
    with pytest.raises(OSError):
        files.write_atomic(tmp_path / "save.json", b"x" * 1000)
    assert list(tmp_path.iterdir()) == []


def test_write_atomic_leaves_no_temporary_file_when_interrupted(tmp_path, monkeypatch):
    def interrupted(fd):
        raise KeyboardInterrupt

    monkeypatch.setattr(files.os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        files.write_atomic(tmp_path / "save.json", "text")
    assert list(tmp_path.iterdir()) == []


def _aged(path, seconds=3600):
    path.write_bytes(b"half a save")
    old = time.time() - seconds
    os.utime(path, (old, old))
    return path


def test_only_old_temporary_files_of_write_atomic_are_cleaned(tmp_path):
    stale = _aged(tmp_path / ".autosave-statwar.json.abc123.tmp")
    (tmp_path / "armies" / "statwar" / "armies").mkdir(parents=True)
    deep = _aged(tmp_path / "armies" / "statwar" / "armies" / ".mine.toml.x1y2.tmp", 7200)
    fresh = tmp_path / ".game.json.live.tmp"
    fresh.write_bytes(b"being written now")
    players = _aged(tmp_path / "notes.tmp")  # not one of write_atomic's names
    removed = files.clean_stale_temps(tmp_path)
    assert sorted(removed) == sorted([stale, deep])
    assert fresh.exists() and players.exists() and not stale.exists() and not deep.exists()


def test_a_symlink_named_like_a_temporary_file_is_not_followed(tmp_path):
    target = tmp_path / "keep.json"
    target.write_text("keep")
    link = tmp_path / ".x.json.abc.tmp"
    link.symlink_to(target)
    old = time.time() - 3600
    os.utime(link, (old, old), follow_symlinks=False)
    files.clean_stale_temps(tmp_path)
    assert target.read_text() == "keep" and link.is_symlink()


async def test_the_game_cleans_killed_saves_at_start(tmp_path, monkeypatch):
    monkeypatch.delenv("SKIRMISH_ARMIES", raising=False)
    saves_dir = tmp_path / "saves"
    (saves_dir / "armies" / "commanders" / "commanders").mkdir(parents=True)
    in_saves = _aged(saves_dir / ".autosave-statwar.json.k1ll.tmp")
    in_roster = _aged(saves_dir / "armies" / "commanders" / "commanders" / ".hero.toml.k1ll.tmp")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
    assert not in_saves.exists() and not in_roster.exists()
