"""Ruleset.forget: every ruleset keeps its move searches keyed by value, so an equal position
in new objects is answered from the memo; forget drops them, and the next apply searches
again and gives the same answer. (The benchmarks forget to time a position never seen.)"""

from __future__ import annotations

import importlib

import attrs
import pytest

from core import registry
from core.ai import Player

#: where each ruleset's move search lives: the function its memo calls on a miss
SEARCHES = {"statwar": ("core.statwar.geometry", "reach"), "commanders": ("core.commanders.movement", "search"),
            "ninja": ("core.ninja.movement", "search")}


def copied(state):
    """An equal state made of new objects (its units tuple too)."""
    return attrs.evolve(state, units=tuple(state.units))


@pytest.mark.parametrize("name", sorted(SEARCHES))
def test_forget_drops_the_searches_an_equal_position_would_find(name, monkeypatch):
    ruleset = registry.get(name)
    module = importlib.import_module(SEARCHES[name][0])
    real = getattr(module, SEARCHES[name][1])
    calls: list[int] = []
    monkeypatch.setattr(module, SEARCHES[name][1], lambda *a, **k: calls.append(1) or real(*a, **k))
    state = ruleset.new_battle(ruleset.load_scenario(ruleset.scenarios()[0].name), 5)
    player = Player("easy", 3)
    for _ in range(200):  # the first action of a seeded battle that searches moves when applied
        side = ruleset.to_act(state)[0]
        action = player.choose(ruleset, state, side)
        ruleset.forget()
        calls.clear()
        first = ruleset.apply(copied(state), action)
        if calls:
            break
        state = first[0]
    else:
        pytest.fail(f"no {name} action searched moves in 200 actions")
    searched = len(calls)
    assert ruleset.apply(copied(state), action) == first and len(calls) == searched  # the memo answered
    ruleset.forget()
    assert ruleset.apply(copied(state), action) == first and len(calls) == 2 * searched  # searched again
