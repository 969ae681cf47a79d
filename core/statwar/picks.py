"""How each StatWar action is picked on the map (Ruleset.action_picks).

Activate(unit, to, target) is two picks: where to move (the unit's own squares
to stay), then whom to attack (the unit's squares after the move: no attack).
Mount picks the friendly Ridable unit, then the target; Detonate picks where to
blow up. Deploy places the next listed unit by its top-left square; Withhold
has no cell (the actions menu).
"""

from __future__ import annotations

from typing import Any

from core.statwar.actions import Activate, Deploy, Detonate, Mount
from core.statwar.geometry import cells, standing
from core.statwar.state import Battle
from core.view import ActionPicks, PickStage

Cell = tuple[int, int]


def footprint(state: Battle, uid: int) -> tuple[Cell, ...]:
    """The squares a unit acts from: its own, or its mount's while riding."""
    x, y, size = standing(state, state.units[uid])
    return cells(x, y, size)


def action_picks(state: Battle, action: Any) -> ActionPicks:
    if isinstance(action, Deploy):
        return ActionPicks(None, (PickStage("place", ((action.at.x, action.at.y),)),))
    if isinstance(action, (Activate, Detonate)):
        here = footprint(state, action.unit)
        if action.to is None:
            first = PickStage("self", here)
        else:
            first = PickStage("move", ((action.to.x, action.to.y),))
            here = cells(action.to.x, action.to.y, state.design_of(action.unit).size)
        if isinstance(action, Detonate):
            return ActionPicks(action.unit, (first,))
        return ActionPicks(action.unit, (first, _target(state, action.target, here)))
    if isinstance(action, Mount):
        aboard = footprint(state, action.mount)
        return ActionPicks(action.unit, (PickStage("move", aboard), _target(state, action.target, aboard)))
    return ActionPicks(None)  # Withhold: chosen from the actions menu


def _target(state: Battle, target: int | None, here: tuple[Cell, ...]) -> PickStage:
    if target is None:
        return PickStage("self", here)
    return PickStage("target", footprint(state, target))
