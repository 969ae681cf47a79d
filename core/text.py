"""Text read from files as a terminal and a message show it: control characters escaped,
paths relative to the working directory.

Light on purpose (no cattrs, no TOML): the command line writes every message through
`printable` and names files with `display_path` before any content loads. core.content
holds both under its own name too.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

#: Characters a terminal may act on rather than print: C0 and C1 controls, DEL, and the
#: bidirectional overrides and line separators that reorder or break what follows.
_INVISIBLE = frozenset("\u2028\u2029\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def is_control(ch: str) -> bool:
    return unicodedata.category(ch) == "Cc" or ch in _INVISIBLE


def printable(text: str, keep: str = "") -> str:
    """`text` safe to print on a terminal: every control character (except those in
    `keep`) shown as an escape (`\\x1b`, `\\u202e`), never sent raw."""
    if not any(is_control(ch) and ch not in keep for ch in text):
        return text
    out = []
    for ch in text:
        if is_control(ch) and ch not in keep:
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
        else:
            out.append(ch)
    return "".join(out)


def display_path(path: str | Path) -> str:
    """A path as a message shows it: relative to the working directory when inside it."""
    p = Path(path)
    try:
        return str(p.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(p)
