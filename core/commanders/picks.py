"""How each Commanders action is picked on the square map (Ruleset.action_picks).

Order: where the troop unit moves (its own square to stay), then whom it
attacks (its square after the move: no attack). Cast: the unit or squares the
spell is aimed at, or the caster itself for a spell without a target; the spell
and level are told apart in a menu. Rally is picked on the commander itself,
Regroup on the square it moves to; EndTurn is in the actions menu.
"""

from __future__ import annotations

from typing import Any

from core.commanders.actions import Cast, Order, Rally, Regroup
from core.commanders.state import Battle
from core.view import ActionPicks, PickStage


def action_picks(state: Battle, action: Any) -> ActionPicks:
    if isinstance(action, Order):
        here = state.units[action.uid].pos
        dest = (action.dest.x, action.dest.y)
        first = PickStage("self" if action.dest == here else "move", (dest,))
        if action.target < 0:
            return ActionPicks(action.uid, (first, PickStage("self", (dest,))))
        target = state.units[action.target].pos
        return ActionPicks(action.uid, (first, PickStage("target", ((target.x, target.y),))))
    if isinstance(action, Cast):
        return ActionPicks(action.caster, (_aim(state, action),))
    if isinstance(action, Rally):
        pos = state.units[action.uid].pos
        return ActionPicks(action.uid, (PickStage("self", ((pos.x, pos.y),)),))
    if isinstance(action, Regroup):
        return ActionPicks(action.uid, (PickStage("move", ((action.dest.x, action.dest.y),)),))
    return ActionPicks(None)  # EndTurn: from the actions menu


def _aim(state: Battle, action: Cast) -> PickStage:
    """The target unit's square and every square named (a centre, Burn's squares, a chain)."""
    named = [state.units[action.target].pos] if action.target >= 0 else []
    named += [s for s in (action.square, *action.squares) if s.x >= 0 and s.y >= 0]
    cells = tuple(dict.fromkeys((s.x, s.y) for s in named))
    if cells:
        return PickStage("target" if action.target >= 0 else "place", cells)
    pos = state.units[action.caster].pos
    return PickStage("self", ((pos.x, pos.y),))
