"""How each ninja order is picked on the hex map (Ruleset.action_picks).

Movement phase, OrderMove: the destination hex (the ninja's own hex to turn in
place), then the neighbouring hex to face; walk, run and jump to the same hex
and facing are told apart in a menu. A facing is a direction, not a cell: at
the map's edge its neighbouring cell lies one step off the map (a "face" stage
may name such a cell), and the map picks it with the direction key that points
there, so every one of the six facings is offered everywhere. Action phase,
OrderAction: the target (melee, a jutsu's target, a volley's first target; a
volley already ordered offers one more target at a time, each its own order
picked on that target) or the hex a jutsu is aimed at;
rest, dodge and jutsu on oneself are picked on the ninja itself. Submit seals
the side's orders from the actions menu.
"""

from __future__ import annotations

from typing import Any

from core.hexgrid import Hex, hex_to_offset, neighbour
from core.ninja.actions import OrderAction, OrderMove
from core.ninja.state import Battle
from core.view import ActionPicks, PickStage


def action_picks(state: Battle, action: Any) -> ActionPicks:
    if isinstance(action, OrderMove):
        here = state.units[action.unit].hex
        dest = Hex(action.q, action.r)
        col, row = hex_to_offset(dest)
        first = PickStage("self" if dest == here else "move", ((col, row),))
        face = PickStage("face", (hex_to_offset(neighbour(dest, action.facing)),))
        return ActionPicks(action.unit, (first, face))
    if isinstance(action, OrderAction):
        if action.targets:
            targets = action.targets
            current = next((o for o in state.orders if o.unit == action.unit), None)
            if current is not None and len(targets) > 1 and current.targets == targets[:-1]:
                targets = targets[-1:]  # one more target for a volley already ordered
            cells = tuple(dict.fromkeys(hex_to_offset(state.units[uid].hex) for uid in targets))
            return ActionPicks(action.unit, (PickStage("target", cells),))
        if len(action.place) == 2:
            return ActionPicks(action.unit, (PickStage("place", (hex_to_offset(Hex(*action.place)),)),))
        return ActionPicks(action.unit, (PickStage("self", (hex_to_offset(state.units[action.unit].hex),)),))
    return ActionPicks(None)  # Submit: from the actions menu
