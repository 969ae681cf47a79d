"""Ninja on the hex map: sealed orders for every unit, then Submit.

Movement phase, OrderMove(unit, mode, q, r, facing): pick the destination hex,
then the neighbouring hex to face (the six around the destination are marked);
walk, run or jump to the same hex and facing are told apart in a short menu.
Action phase, OrderAction(unit, act, targets, jutsu, place): pick a target
(melee, a volley's target - the menu then lists every volley that includes it -
or a jutsu's target or hex); rest, dodge and self jutsu are picked on the unit
itself. Submit seals the side's orders: it is in the action list (a). Orders are
sealed, so two players at one keyboard get a hand-over screen between them.
"""

from __future__ import annotations

from typing import Any

from core.hexgrid import Hex, hex_to_offset, neighbour
from core.view import BoardView
from tui.controllers.base import Cell, Controller


class NinjaController(Controller):
    sealed_orders = True
    units_legend = ("Ninja show the letter of their school; the arrow beside it is the way they face "
                    "(missiles fly into the arc ahead).")
    def stage_fields(self, action: Any) -> tuple[str, ...]:
        kind = type(action).__name__
        if kind == "OrderMove":
            return ("destination", "facing")
        if kind == "OrderAction":
            return ("aim",)
        return ()

    def stage_cells(self, action: Any, stage: int, view: BoardView, anchor: tuple[Cell, ...]) -> tuple[Cell, ...]:
        kind = type(action).__name__
        if kind == "OrderMove":
            dest = hex_to_offset(Hex(action.q, action.r))
            if stage == 0:
                return (dest,)
            if stage == 1:
                col, row = hex_to_offset(neighbour(Hex(action.q, action.r), action.facing))
                if 0 <= col < view.width and 0 <= row < view.height:
                    return ((col, row),)
                return (dest,)  # facing off the map edge: picked on the hex itself
            return anchor
        if kind == "OrderAction" and stage == 0:
            units = {u.uid: u for u in view.units}
            cells: list[Cell] = []
            for uid in action.targets:
                if uid in units:
                    cells.extend(tuple(c) for c in units[uid].cells)
            if len(action.place) == 2:
                cells.append(hex_to_offset(Hex(action.place[0], action.place[1])))
            return tuple(dict.fromkeys(cells)) or anchor
        return anchor

    def next_anchor(self, action: Any, stage: int, view: BoardView, anchor: tuple[Cell, ...]) -> tuple[Cell, ...]:
        if type(action).__name__ == "OrderMove" and stage == 0:
            return (hex_to_offset(Hex(action.q, action.r)),)
        return anchor

    def hand_over_needed(self, state: Any) -> bool:
        return True  # every ninja order is sealed until both sides submit

    def prompt(self, state: Any, side: int | None, selected: int | None, stage: int) -> str:
        phase = getattr(state, "phase", "")
        if selected is None:
            return (f"{phase.capitalize()} phase: Enter on a ninja of yours to give its order; "
                    "Tab finds the next one; when done, a then 'seals its orders'.")
        if phase == "movement":
            if stage == 0:
                return "Enter on a ( ) hex to move there (on the ninja itself to stay). Esc cancels."
            return "Enter on a neighbouring hex to face it; then pick walk, run or jump. Esc steps back."
        return "Enter on a target > <, or on the ninja itself to rest, dodge or use a jutsu on itself."
