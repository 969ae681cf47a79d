"""The generic controller: which unit an action moves, and which cells pick its parameters.

Actions are frozen attrs records of ids and numbers. This reads them by field:
the acting unit is the first int field named like ACTOR_FIELDS; every other
field (but `side`) is a *stage* the player picks on the map, in field order:
a square or hex is picked by its cell, a unit id by any cell of that unit, and
None ("stay", "no attack") by the anchor cell - where the unit stands after the
stages picked so far. So StatWar's Activate(unit, to, target) is two picks:
where to move, then whom to attack (or the unit itself for no attack).
Per-ruleset controllers override what differs.
"""

from __future__ import annotations

from typing import Any

import attrs

from core.hexgrid import Hex, hex_to_offset
from core.view import BoardView

Cell = tuple[int, int]

ACTOR_FIELDS = ("uid", "unit", "unit_id", "actor", "attacker", "mover", "troop", "commander", "caster")
UNIT_FIELDS = ("target", "target_uid", "target_unit", "targets", "defender", "victim", "rider", "mount", "ally")
IGNORED_FIELDS = ("side",)


def as_cell(value: Any) -> Cell | None:
    """A position value as a map (column, row): Square/tuple as is, Hex from axial to offset."""
    if isinstance(value, Hex):
        return hex_to_offset(value)
    if (
        isinstance(value, tuple)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return (value[0], value[1])
    return None


class Controller:
    """Maps legal actions onto the map for one ruleset."""

    # sealed orders are not written to the log (their events say only that one was given)
    sealed_orders = False
    # what the unit glyphs mean in this ruleset, for the help screen's map legend
    units_legend = "Units show the first letter of their type; the unit panel names them."

    def __init__(self, ruleset: Any) -> None:
        self.ruleset = ruleset

    # --- reading actions ---------------------------------------------------
    def actor_field(self, action: Any) -> str | None:
        if not attrs.has(type(action)):
            return None
        for name in ACTOR_FIELDS:
            value = getattr(action, name, None)
            if isinstance(value, int) and not isinstance(value, bool):
                return name
        return None

    def actor(self, action: Any) -> int | None:
        """The unit this action belongs to, if any."""
        name = self.actor_field(action)
        return None if name is None else getattr(action, name)

    def stage_fields(self, action: Any) -> tuple[str, ...]:
        """The fields picked on the map, in order: positions and unit ids (not `side`, not the
        acting unit). Other parameters (a mode, a spell's name, a level) are told apart in the
        short menu that closes the picks."""
        if not attrs.has(type(action)):
            return ()
        skip = set(IGNORED_FIELDS) | {self.actor_field(action)}
        return tuple(
            f.name for f in attrs.fields(type(action))
            if f.name not in skip and self.is_stage(f.name, getattr(action, f.name))
        )

    def is_stage(self, name: str, value: Any) -> bool:
        if value is None or as_cell(value) is not None or name in UNIT_FIELDS:
            return True
        return isinstance(value, tuple) and name in ("path", "squares", "cells", "hexes")

    def value_cells(self, name: str, value: Any, view: BoardView, anchor: tuple[Cell, ...]) -> tuple[Cell, ...]:
        """The cells that pick `value` for field `name`; None, -1 and off-map squares mean
        "none" (stay, no target) and are picked on the anchor."""
        if value is None or value == () or (isinstance(value, int) and not isinstance(value, bool) and value < 0):
            return anchor
        cell = as_cell(value)
        if cell is not None:
            if cell[0] < 0 or cell[1] < 0:
                return anchor
            return (cell,)
        units = {u.uid: u for u in view.units}
        if isinstance(value, tuple):
            if value and as_cell(value[-1]) is not None:  # a path: its last step
                return (as_cell(value[-1]),)
            out: list[Cell] = []
            for uid in value:
                if isinstance(uid, int) and uid in units:
                    out.extend(tuple(c) for c in units[uid].cells)
            return tuple(out)
        if isinstance(value, int) and not isinstance(value, bool) and name in UNIT_FIELDS and value in units:
            return tuple(tuple(c) for c in units[value].cells)
        return ()

    def stage_cells(self, action: Any, stage: int, view: BoardView, anchor: tuple[Cell, ...]) -> tuple[Cell, ...]:
        """Cells that pick this action's value at `stage`; past its last field, the anchor."""
        fields = self.stage_fields(action)
        if stage >= len(fields):
            return anchor
        name = fields[stage]
        return self.value_cells(name, getattr(action, name), view, anchor)

    def next_anchor(self, action: Any, stage: int, view: BoardView, anchor: tuple[Cell, ...]) -> tuple[Cell, ...]:
        """Where the unit stands once `stage` is picked: a picked empty cell moves it there."""
        fields = self.stage_fields(action)
        if stage < len(fields):
            cell = as_cell(getattr(action, fields[stage], None))
            if cell is not None and cell[0] >= 0 and cell[1] >= 0 and fields[stage] not in UNIT_FIELDS:
                return (cell,)
        return anchor

    def target_cells(self, action: Any, view: BoardView) -> tuple[Cell, ...]:
        """Every cell an action names (for tests and previews)."""
        out: list[Cell] = []
        for i in range(len(self.stage_fields(action))):
            out.extend(self.stage_cells(action, i, view, ()))
        return tuple(dict.fromkeys(c for c in out if 0 <= c[0] < view.width and 0 <= c[1] < view.height))

    def label(self, state: Any, action: Any) -> str:
        return self.ruleset.describe_action(state, action)

    def explain(self, state: Any, action: Any) -> tuple[str, ...]:
        try:
            return tuple(self.ruleset.explain_action(state, action))
        except Exception as exc:  # a preview must never break the screen; the reason is shown
            return (f"(no preview: {exc})",)

    def prompt(self, state: Any, side: int | None, selected: int | None, stage: int) -> str:
        """One line telling the player what to do now."""
        if selected is None:
            return "Enter on a unit of yours selects it (or a marked cell acts there); a lists every action."
        if stage == 0:
            return "Enter on a marked cell picks it; Enter on the unit itself stays put; Esc cancels."
        return "Enter on a target > < picks it; Enter on the unit itself does without; Esc steps back."

    def hand_over_needed(self, state: Any) -> bool:
        """Whether orders are sealed now (several sides decide at once): hide them between players."""
        return len(self.ruleset.to_act(state)) > 1
