"""Ruleset.forget: every ruleset keeps its move searches keyed by value, so an equal position
in new objects is answered from the memo; forget drops them, and the next apply searches
again and gives the same answer. (The benchmarks forget to time a position never seen.)

The screen and the AI list a position's actions before they apply one, so the memo is
filled by the listing; an apply on a position never listed searches towards its own
destination (StatWar, Commanders) or order (ninja) only. A ninja order that names its route,
as the listing's do, is checked along it and searches nothing, memo or not."""

from __future__ import annotations

import importlib

import attrs
import pytest

from core import registry
from core.ai import Player

#: where each ruleset's move searches live: the functions called when no memo answers
SEARCHES = {"statwar": ("core.statwar.geometry", ("reach", "reach_to")), "commanders": ("core.commanders.movement", ("search",)),
            "ninja": ("core.ninja.movement", ("search", "search_to"))}


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
        named = player.choose(ruleset, state, side)
        action = unnamed(named)
        ruleset.forget()
        calls.clear()
        first = ruleset.apply(copied(state), action)
        if calls:
            break
        state = first[0]
    else:
        pytest.fail(f"no {name} action searched moves in 200 actions")
    ruleset.forget()
    assert named in ruleset.legal_actions(copied(state), side)  # the listing fills the memo
    calls.clear()
    assert ruleset.apply(copied(state), action) == first and not calls  # the memo answered
    ruleset.forget()
    assert ruleset.apply(copied(state), action) == first and calls  # searched again
    if named != action:  # a ninja order as listed names its route: followed, not searched
        ruleset.forget()
        calls.clear()
        assert ruleset.apply(copied(state), named) == first and not calls


def unnamed(action):
    """A ninja movement order without its route (as an order of rules version 2 is); any
    other action as it is."""
    return attrs.evolve(action, steps=()) if getattr(action, "steps", None) else action


def test_ninja_works_out_each_ninjas_action_orders_once_a_phase(monkeypatch):
    """An action phase's orders change nothing its action orders read (the ninja on the
    field, smoke, terrain), so after one order is recorded the next listing finds every
    other ninja's orders in the memo, equal to working them out again; forget drops them."""
    from core.ninja import turn

    ruleset = registry.get("ninja")
    real = turn.unit_action_orders
    worked: list[int] = []
    monkeypatch.setattr(turn, "unit_action_orders", lambda s, c, uid: worked.append(uid) or real(s, c, uid))
    state = ruleset.new_battle(ruleset.load_scenario(ruleset.scenarios()[0].name), 5)
    players = {s: Player("easy", 3 + s) for s in range(2)}
    for _ in range(400):  # to the first action phase with two ninja of a side still to order
        side = ruleset.to_act(state)[0]
        if state.phase == "action" and len(turn.unordered(state, side)) >= 2:
            break
        state, _ = ruleset.apply(state, players[side].choose(ruleset, state, side))
    else:
        pytest.fail("no action phase in 400 actions")
    cat = ruleset.cat
    ruleset.forget()
    worked.clear()
    listed = ruleset.legal_actions(copied(state), side)
    todo = turn.unordered(state, side)
    assert sorted(worked) == sorted(todo)
    order = next(a for a in listed if getattr(a, "unit", None) == todo[0] and a.act == "rest")
    after, _ = ruleset.apply(state, order)
    worked.clear()
    again = ruleset.legal_actions(copied(after), side)
    assert worked == [] and again == turn.legal_actions(after, cat, side)  # (the latter without a memo)
    ruleset.forget()
    worked.clear()
    assert ruleset.legal_actions(copied(after), side) == again and sorted(worked) == sorted(todo[1:])
