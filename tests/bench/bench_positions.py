"""Test positions with N units a side on a small, medium or large map, built from bundled content.

Each ruleset has one builder: it takes a bundled scenario, copies the units of
its armies until each side has `units` of them, places them on a board big
enough for them, and returns a state where the first decision is a battle
decision (deployment done). Everything is deterministic: the same arguments
give the same state.
"""

from __future__ import annotations

from typing import Any, Callable


class NoPosition(LookupError):
    """This ruleset has no position builder (or cannot hold that many units)."""


BUILDERS: dict[str, Callable[[Any, int, str], Any]] = {}


def builder(name: str):
    def register(fn):
        BUILDERS[name] = fn
        return fn

    return register


def build(name: str, ruleset: Any, units: int, board: str) -> Any:
    """A state with `units` units a side on a `board` map ("small", "medium", "large")."""
    make = BUILDERS.get(name)
    if make is None:
        raise NoPosition(f"no position builder for {name} yet")
    return make(ruleset, units, board)
