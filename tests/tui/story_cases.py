"""Battles played by the seeded easy AI up to a step that kills a unit, one per ruleset.

Found once per test run and kept as the list of actions before that step, so a test
rebuilds the position at once (Match.replay) instead of asking the AI again.
"""

from __future__ import annotations

import functools
from typing import Any

from core import registry
from core.ai import Player
from core.match import Match
from tui import story

#: ruleset -> (scenario, seed) of a battle whose first death comes early
CASES = {"statwar": ("duel_25", 3), "ninja": ("ash_vs_vine", 3), "commanders": ("coastal_raid", 5)}


@functools.lru_cache(maxsize=None)
def _deadly(name: str) -> tuple[tuple[Any, ...], Any]:
    ruleset = registry.get(name)
    scenario, seed = CASES[name]
    match = Match(ruleset, ruleset.new_battle(ruleset.load_scenario(scenario), seed), "practice")
    players = {side: Player("easy", seed + side) for side in range(len(ruleset.side_names(match.state)))}
    for _ in range(400):
        side = match.to_act()[0]
        action = players[side].choose(ruleset, match.state, side)
        before = match.all_actions
        events = ruleset.apply(match.state, action)[1]
        if any(b.kind == "death" for b in story.beats(ruleset, match.state, events)):
            return tuple(before), action
        match.apply(action)
    raise AssertionError(f"no death in {name}")


def before_death(name: str) -> tuple[Match, Any]:
    """A practice battle of `name` just before the action that kills, and that action."""
    actions, deadly = _deadly(name)
    ruleset = registry.get(name)
    scenario, seed = CASES[name]
    match = Match(ruleset, ruleset.new_battle(ruleset.load_scenario(scenario), seed), "practice")
    for action in actions:
        match.apply(action)
    return match, deadly
