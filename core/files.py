"""Writing the files players keep: whole or not at all, and TOML a person can read.

Saves, commander files and the builders' armies and units all go through
`write_atomic`, so a crash or a full disk never leaves half a file behind.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path
from typing import Any


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
        with os.fdopen(fd, "wb") as f:
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


def toml_value(value: Any) -> str:
    """One TOML value: booleans, integers, strings, arrays and inline tables."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        escaped = value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
        return f'"{escaped}"'
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"cannot write {type(value).__name__} to TOML")
