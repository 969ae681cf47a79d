"""Commanders on the square map: the initiative queue names the acting commander.

Order(uid, dest, target): pick where a troop unit moves (its own square to stay),
then whom it attacks (itself: no attack). Cast(caster, spell, level, target,
square, squares): pick the unit or square the spell is aimed at - or the caster
itself for spells without a target - then the spell and level in a short menu.
Rally is picked on the commander itself; Regroup picks its square; EndTurn is in
the action list (a).
"""

from __future__ import annotations

from typing import Any

from core.view import BoardView
from tui.controllers.base import Cell, Controller, as_cell


class CommandersController(Controller):
    units_legend = ("@ is your commander, & an enemy commander; each kind of troop has its own letter, "
                    "the first of its name that is free in this battle (Merman M, Mermaid E), capitals "
                    "for side 1; the unit panel names the unit under the cursor.")
    def stage_fields(self, action: Any) -> tuple[str, ...]:
        kind = type(action).__name__
        if kind == "Cast":
            return ("aim",)
        if kind in ("Order", "Regroup"):
            return super().stage_fields(action)
        return ()

    def stage_cells(self, action: Any, stage: int, view: BoardView, anchor: tuple[Cell, ...]) -> tuple[Cell, ...]:
        if type(action).__name__ != "Cast":
            return super().stage_cells(action, stage, view, anchor)
        if stage > 0:
            return anchor
        cells: list[Cell] = []
        units = {u.uid: u for u in view.units}
        if action.target >= 0 and action.target in units:
            cells.extend(tuple(c) for c in units[action.target].cells)
        for square in (action.square, *action.squares):
            cell = as_cell(square)
            if cell is not None and cell[0] >= 0 and cell[1] >= 0:
                cells.append(cell)
        return tuple(dict.fromkeys(cells)) or anchor

    def prompt(self, state: Any, side: int | None, selected: int | None, stage: int) -> str:
        if selected is None:
            return ("Enter on a unit of the acting troop (marked) to order it; "
                    "on the commander to cast or rally; a lists every action, incl. End turn.")
        if stage == 0:
            return "Enter on a ( ) square to move (the unit itself: stay), or on a spell's target > <."
        return "Enter on an enemy > < to attack; on the unit itself: no attack. Esc steps back."
