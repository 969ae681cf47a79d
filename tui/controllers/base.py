"""The generic controller: which unit an action moves, and which cells it aims at.

Actions are frozen attrs records of ids and numbers. This reads them by field:
the acting unit is the first int field named like ACTOR_FIELDS; the cells an
action aims at are its position fields (squares, hexes - converted to map
offset coordinates - or paths, where the last step counts) and the cells of the
units named by its target fields. Per-ruleset controllers override what differs.
"""

from __future__ import annotations

from typing import Any

import attrs

from core.hexgrid import Hex, hex_to_offset
from core.view import BoardView

Cell = tuple[int, int]

ACTOR_FIELDS = ("uid", "unit", "unit_id", "actor", "attacker", "mover", "troop", "commander", "caster")
TARGET_UNIT_FIELDS = ("target", "target_uid", "target_unit", "targets", "defender", "victim", "rider", "mount")
IGNORED_FIELDS = ("side",)


def _as_cell(value: Any, grid: str) -> Cell | None:
    if isinstance(value, Hex):
        return hex_to_offset(value)
    if (
        isinstance(value, tuple)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        if grid == "hex" and type(value).__name__ == "Hex":
            return hex_to_offset(Hex(*value))
        return (value[0], value[1])
    return None


class Controller:
    """Maps legal actions onto the map for one ruleset."""

    def __init__(self, ruleset: Any) -> None:
        self.ruleset = ruleset

    # --- reading actions ---------------------------------------------------
    def actor(self, action: Any) -> int | None:
        """The unit this action belongs to, if any."""
        if not attrs.has(type(action)):
            return None
        for name in ACTOR_FIELDS:
            value = getattr(action, name, None)
            if isinstance(value, int) and not isinstance(value, bool):
                return value
        return None

    def target_cells(self, action: Any, view: BoardView) -> tuple[Cell, ...]:
        """The map cells this action aims at (empty for actions with no place: end turn, rest)."""
        if not attrs.has(type(action)):
            return ()
        cells: list[Cell] = []
        units = {u.uid: u for u in view.units}
        actor_field = next(
            (n for n in ACTOR_FIELDS if isinstance(getattr(action, n, None), int)), None
        )
        for field in attrs.fields(type(action)):
            name = field.name
            if name in IGNORED_FIELDS or name == actor_field:
                continue
            value = getattr(action, name)
            cell = _as_cell(value, view.grid)
            if name in TARGET_UNIT_FIELDS and cell is None:
                ids = value if isinstance(value, tuple) else (value,)
                for uid in ids:
                    if isinstance(uid, int) and not isinstance(uid, bool) and uid in units:
                        cells.extend(tuple(c) for c in units[uid].cells)
                continue
            if cell is not None:
                cells.append(cell)
            elif isinstance(value, tuple) and value and _as_cell(value[-1], view.grid) is not None:
                cells.append(_as_cell(value[-1], view.grid))
        return tuple(dict.fromkeys(c for c in cells if 0 <= c[0] < view.width and 0 <= c[1] < view.height))

    def label(self, state: Any, action: Any) -> str:
        return self.ruleset.describe_action(state, action)

    def explain(self, state: Any, action: Any) -> tuple[str, ...]:
        try:
            return tuple(self.ruleset.explain_action(state, action))
        except Exception as exc:  # a preview must never break the screen; the reason is shown
            return (f"(no preview: {exc})",)

    def prompt(self, state: Any, side: int, selected: int | None) -> str:
        """One line telling the player what to do now."""
        if selected is None:
            return "Put the cursor on a unit of yours and press Enter, or press a for every action."
        return "Move the cursor to a marked cell and press Enter; a lists this unit's actions; Esc cancels."

    def hand_over_needed(self, state: Any) -> bool:
        """Whether orders are sealed now (several sides decide at once): hide them between players."""
        return len(self.ruleset.to_act(state)) > 1
