"""Ruleset.forget: every ruleset keeps its move searches keyed by value, so an equal position
in new objects is answered from the memo; forget drops them, and the next apply searches
again and gives the same answer. (The benchmarks forget to time a position never seen.)

The screen and the AI list a position's actions before they apply one, so the memo is
filled by the listing; an apply on a position never listed searches towards its own
destination (StatWar, Commanders) or order (ninja) only."""

from __future__ import annotations

import importlib

import attrs
import pytest

from core import registry
from core.ai import Player

#: where each ruleset's move searches live: the functions called when no memo answers
SEARCHES = {"statwar": ("core.statwar.geometry", ("reach", "reach_to")), "commanders": ("core.commanders.movement", ("search",)),
            "ninja": ("core.ninja.movement", ("search",))}


def copied(state):
    """An equal state made of new objects (its units tuple too)."""
    return attrs.evolve(state, units=tuple(state.units))


@pytest.mark.parametrize("name", sorted(SEARCHES))
def test_forget_drops_the_searches_an_equal_position_would_find(name, monkeypatch):
    ruleset = registry.get(name)
    module = importlib.import_module(SEARCHES[name][0])
    calls: list[str] = []
    for function in SEARCHES[name][1]:
        real = getattr(module, function)
        monkeypatch.setattr(module, function, lambda *a, _f=function, _real=real, **k: calls.append(_f) or _real(*a, **k))
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
    ruleset.forget()
    assert action in ruleset.legal_actions(copied(state), side)  # the listing fills the memo
    calls.clear()
    assert ruleset.apply(copied(state), action) == first and not calls  # the memo answered
    ruleset.forget()
    assert ruleset.apply(copied(state), action) == first and calls  # searched again
