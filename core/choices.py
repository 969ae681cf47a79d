"""What a battle lets a player choose, and the ranges they are checked against: AI levels,
undo modes, seeds.

A module of constants and checks that imports nothing, so the command line can offer
and check these choices while it parses, before any rules load. core.ai, core.match
and core.rng hold them under their own names too.
"""

from __future__ import annotations

#: The AI levels (core.ai).
LEVELS: tuple[str, ...] = ("random", "easy", "normal", "hard")

#: How far back a player may undo (core.match; docs/RULES.md, General, "Undo").
UNDO_MODES: tuple[str, ...] = ("fair", "practice", "ironman")
DEFAULT_UNDO = "fair"

#: Every seed, everywhere (command line, New battle, saves): a whole number 0..SEED_MAX.
SEED_MAX = (1 << 64) - 1


def seed_problem(value: object) -> str | None:
    """Why `value` is not a seed, in words; None when it is one (0..SEED_MAX)."""
    if type(value) is not int:
        return "a seed is a whole number"
    if not 0 <= value <= SEED_MAX:
        return f"a seed is a whole number from 0 to {SEED_MAX} (64 bits)"
    return None


def parse_seed(text: str) -> int:
    """A seed typed by a person; raises ValueError with the reason (seed_problem)."""
    try:
        value = int(text.strip())
    except ValueError:
        raise ValueError(f"{text.strip()[:40]!r} is not a seed: a seed is a whole number") from None
    problem = seed_problem(value)
    if problem is not None:
        raise ValueError(f"{problem}, not {text.strip()[:40]}")
    return value
