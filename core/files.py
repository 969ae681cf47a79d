"""Writing the files players keep: whole or not at all, and TOML a person can read.

Saves, commander files and the builders' armies and units all go through
`write_atomic`, so a crash or a full disk never leaves half a file behind.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


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
