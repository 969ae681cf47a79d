"""Writing the files players keep: whole or not at all, and TOML a person can read.

Saves, commander files and the builders' armies and units all go through
`write_atomic`, so a crash or a full disk never leaves half a file behind.
Where they go by default (`default_saves_dir`) is said here too, in a module light
enough for the command line to ask before any rules load.
"""

from __future__ import annotations

import functools
import os
import stat
import tempfile
import time
from pathlib import Path

#: A temporary file older than this was left by a write that was killed (a live write takes
#: milliseconds); younger ones may belong to another copy of the game writing right now.
STALE_AFTER_SECONDS = 120.0
#: At most this many folder entries are looked at, so a huge folder cannot stall the start.
MAX_ENTRIES = 20_000


@functools.cache
def repo_root() -> Path:
    """The checkout this package runs from (resolved once: rules ask for content often)."""
    return Path(__file__).resolve().parent.parent


def default_saves_dir() -> Path:
    """$SKIRMISH_SAVES, else the repository's saves/ folder."""
    env = os.environ.get("SKIRMISH_SAVES")
    return Path(env) if env else repo_root() / "saves"


def is_temp_name(name: str) -> bool:
    """Whether `name` is one of write_atomic's temporary files (".<target>.<random>.tmp")."""
    return name.startswith(".") and name.endswith(".tmp") and len(name) > 5


def clean_stale_temps(*folders: str | Path, now: float | None = None) -> list[Path]:
    """Delete write_atomic's temporary files left in `folders` (and their sub-folders) by writes
    that were killed; returns what was removed. Only regular files are touched, symlinks are not
    followed, and a file that cannot be removed is left (the next start tries again)."""
    now = time.time() if now is None else now
    removed: list[Path] = []
    seen = 0
    for folder in folders:
        for root, dirs, files in os.walk(folder, followlinks=False):
            seen += len(dirs) + len(files)
            if seen > MAX_ENTRIES:
                return removed
            for name in files:
                if not is_temp_name(name):
                    continue
                path = Path(root) / name
                try:
                    info = path.lstat()
                    if path.is_symlink() or not path.is_file() or now - info.st_mtime < STALE_AFTER_SECONDS:
                        continue
                    path.unlink()
                except OSError:
                    continue
                removed.append(path)
    return removed


class Unreadable(Exception):
    """A file that cannot be read as a player's file: `reason` says why, in words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def read_regular(path: str | Path, limit: int) -> bytes:
    """The bytes of a regular file, at most `limit` of them; raises Unreadable otherwise.

    Devices (/dev/zero, /dev/urandom), FIFOs, sockets and folders are refused before a
    byte is read (a symlink is followed, so a link to a device is refused too). The size
    limit is enforced on the bytes actually read, never on what `stat` claims, so a file
    that grows while it is read stops at limit + 1 bytes. A FIFO is opened without
    blocking, so nothing waits for a writer.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise Unreadable("no such file") from None
    except IsADirectoryError:
        raise Unreadable("is a folder, not a file") from None
    except OSError as exc:
        raise Unreadable(f"cannot read: {exc.strerror or exc}") from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise Unreadable("is a folder, not a file")
        if not stat.S_ISREG(mode):
            raise Unreadable(f"is not a regular file ({kind_of_mode(mode)}); only regular files are read")
        chunks, total = [], 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 16, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:
            raise Unreadable(f"file is larger than the limit of {limit} bytes")
        return b"".join(chunks)
    except OSError as exc:
        raise Unreadable(f"cannot read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)


def kind_of_mode(mode: int) -> str:
    """What a non-regular file is, in words."""
    for test, word in ((stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"), (stat.S_ISFIFO, "a pipe"),
                       (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a folder")):
        if test(mode):
            return word
    return "not a plain file"


def is_regular(path: str | Path) -> bool:
    """True when `path` (its link followed) is a regular file; never opens it."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def write_atomic(path: str | Path, data: bytes | str) -> Path:
    """Write `data` to `path` atomically: a temporary file in the same folder, fsync, rename."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    blob = data.encode("utf-8") if isinstance(data, str) else data
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        f = os.fdopen(fd, "wb")
    except BaseException:
        os.close(fd)
        Path(temp).unlink(missing_ok=True)
        raise
    try:
        with f:
            f.write(blob)
            f.flush()
            os.fsync(f.fileno())
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    try:
        folder = os.open(target.parent, os.O_RDONLY)
    except OSError:
        return target  # some systems cannot open a folder; the rename is still atomic
    try:
        os.fsync(folder)
    except OSError:
        pass  # fsync on a folder is not supported everywhere; the data itself is synced
    finally:
        os.close(folder)
    return target
