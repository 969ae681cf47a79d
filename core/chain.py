"""A save's hash chain (docs/FORMATS.md, "Saves and replays"): a link after every action.

The chain starts from a header's canonical JSON (`start_link`), takes in every action's
canonical JSON in turn (`next_link`), and each recorded hash combines the chain so far
with a state's hash (`checkpoint`); the last one of a save written since format 5 also
takes in the metadata (`closing`). Each is the first 16 hex digits of a SHA-256.
The Match keeps a battle's links (Match.chain), so core.saves and the Match share these.
"""

from __future__ import annotations

import hashlib


def _digest(*parts: bytes) -> str:
    return hashlib.sha256(b"\n".join(parts)).hexdigest()[:16]


def start_link(header: bytes) -> str:
    """The first link of a save's hash chain (format 3 on): the header the save claims
    (core.saves.HEADER_KEYS up to format 4, BATTLE_KEYS since format 5)."""
    return _digest(b"skirmish-replay", b"3", header)


def next_link(link: str, action: bytes) -> str:
    """The chain after one more action (its canonical encoding)."""
    return _digest(link.encode(), action)


def checkpoint(link: str, state_hash: str) -> str:
    """What a save (format 3 on) records at a checkpoint: the chain so far and the state there."""
    return _digest(link.encode(), state_hash.encode())


def closing(link: str, state_hash: str, meta: bytes) -> str:
    """A save's final hash since format 5: the chain, the last state and the metadata's
    canonical JSON (which the chain no longer starts from: it changes at every save)."""
    return _digest(link.encode(), state_hash.encode(), meta)
