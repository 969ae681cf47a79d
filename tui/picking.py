"""Picking an action on the map, free of Textual: select a unit, then pick a cell per stage.

Everything here comes from the ruleset's own answers: `legal_actions` (handed
in) and `action_picks` (who acts, and the cells of each stage), so no field of
an action record is ever read. The pool of actions still possible narrows with
every pick; a pick that leaves one action commits it, several with the same
cells are told apart in a menu. A unit that may stay where it is and then aim
(a StatWar archer shooting without moving) is aimed at once: its target is
marked and picked at the first stage, the "stay" pick made for it. The battle screen draws what this object says
(highlights, the path under the cursor, the anchor) and carries out its replies
(commit, open a menu, show a message); tests drive it without a terminal.
"""

from __future__ import annotations

from typing import Any

import attrs

from core.view import ActionPicks, BoardView, UnitView
from core.words import count

Cell = tuple[int, int]


@attrs.frozen
class Reply:
    """What the screen should do after a key: commit `action`, offer `menu`, or show `message`.

    `changed` says the selection or the picks moved (redraw the highlights and panels).
    """

    action: Any = None
    menu: tuple[Any, ...] = ()
    message: str = ""
    changed: bool = False


class Picker:
    """The selected unit and the cells picked so far, over the legal actions of the side to play.

    `set_position` hands it each new state (with its board view and the legal
    actions of the side at the keyboard); the selection survives it while the
    unit still has something to do. Per position, selection and picks it builds
    once an index from cell to the actions picked there, so a cursor move costs
    a dictionary lookup even when a side has thousands of orders.
    """

    def __init__(self, ruleset: Any) -> None:
        self.ruleset = ruleset
        self.state: Any = None
        self.view: BoardView | None = None
        self.legal: list[Any] = []
        self.side: int | None = None
        self.selected: int | None = None
        self.picks: tuple[Cell, ...] = ()
        self._units: dict[int, UnitView] = {}
        self._unit_at: dict[Cell, UnitView] = {}
        self._picks_of: dict[Any, ActionPicks] = {}
        self._index: dict[Cell, list[Any]] | None = None
        self._through: dict[Cell, list[Any]] | None = None
        self._paths: dict[Cell, tuple[Cell, ...]] = {}

    # --- the position ----------------------------------------------------------
    def set_position(self, state: Any, view: BoardView, legal: list[Any], side: int | None = None) -> Cell | None:
        """Take a new position: `legal` are the actions of `side`, the side at the keyboard
        (None and no actions while nobody there decides). Drops a selection whose unit has nothing left to do; when every
        legal action belongs to one unit on the map (activation order) returns its cell, where the
        cursor should go, without selecting it: Enter selects it there as in every ruleset, so no
        Enter ever commits an order the player did not pick; else returns None."""
        self.state, self.view, self.legal, self.side = state, view, list(legal), side
        self._units = {u.uid: u for u in view.units}
        self._unit_at = {tuple(c): u for u in view.units for c in u.cells}
        self._picks_of = {}
        self._forget()
        if self.selected is not None and not any(self.actor(a) == self.selected for a in self.legal):
            self.selected, self.picks = None, ()
        if self.selected is None:
            actors = {self.actor(a) for a in self.legal}
            if len(actors) == 1:
                only = next(iter(actors))
                if only is not None and only in self._units:
                    return self.unit_cells(only)[0]
        return None

    def clear(self) -> None:
        """No unit selected, no cell picked (after a commit, an undo, a redo)."""
        self.selected, self.picks = None, ()
        self._forget()

    def _forget(self) -> None:
        self._index = None
        self._through = None
        self._paths = {}

    # --- reading actions through the ruleset -----------------------------------------
    def picks_of(self, action: Any) -> ActionPicks:
        """The ruleset's picks of `action` in this position (asked once per action)."""
        found = self._picks_of.get(action)
        if found is None:
            found = self._picks_of[action] = self.ruleset.action_picks(self.state, action)
        return found

    def actor(self, action: Any) -> int | None:
        return self.picks_of(action).actor

    def unit_at(self, cell: Cell) -> UnitView | None:
        return self._unit_at.get(tuple(cell))

    def unit_cells(self, uid: int | None) -> tuple[Cell, ...]:
        unit = self._units.get(uid) if uid is not None else None
        return tuple(tuple(c) for c in unit.cells) if unit is not None else ()

    def ready_units(self) -> set[int]:
        """The units on the map that have an action now."""
        return {uid for uid in (self.actor(a) for a in self.legal) if uid is not None and uid in self._units}

    def anchor(self, action: Any, stage: int) -> tuple[Cell, ...]:
        """Where the acting unit stands once the first `stage` picks are made: its own cells,
        or the cells of the last "move" stage among them."""
        picks = self.picks_of(action)
        cells = self.unit_cells(picks.actor)
        for pick in picks.stages[:stage]:
            if pick.kind == "move":
                cells = pick.cells
        return cells

    def cells_for(self, action: Any, stage: int) -> tuple[Cell, ...]:
        """The cells that make pick `stage` of `action`; past its last stage, its anchor (where a
        shorter action is told apart from a longer one with the same first picks)."""
        stages = self.picks_of(action).stages
        if stage < len(stages):
            return stages[stage].cells
        return self.anchor(action, stage)

    def kind_at(self, action: Any, stage: int) -> str:
        """The kind of pick `stage` of `action`; past its last stage, "self"."""
        stages = self.picks_of(action).stages
        return stages[stage].kind if stage < len(stages) else "self"

    # --- the pool ------------------------------------------------------------
    @property
    def stage(self) -> int:
        return len(self.picks)

    def unplaced_actions(self) -> list[Any]:
        """Actions with no unit on the map to select first (deploy, end turn, seal orders, ...)."""
        return [a for a in self.legal if self.actor(a) not in self._units]

    def pool(self) -> list[Any]:
        """The actions still possible given the selected unit and the cells picked so far."""
        if self.selected is not None:
            base = [a for a in self.legal if self.actor(a) == self.selected]
        else:
            base = self.unplaced_actions()
        return [a for a in base if all(c in self.cells_for(a, j) for j, c in enumerate(self.picks))]

    def actions_at(self, cell: Cell) -> list[Any]:
        """The actions picked on `cell` now (one lookup in the index of this pick); where none
        is, those that stay put and then aim at `cell` (aimed_at)."""
        if self._index is None:
            self._build_index()
        assert self._index is not None
        return list(self._index.get(tuple(cell), ())) or self.aimed_at(cell)

    def aimed_at(self, cell: Cell) -> list[Any]:
        """The actions whose pick now is the unit's own cells (it stays) and whose next pick is
        a target on `cell`: Enter there makes both picks."""
        if self._through is None:
            self._build_index()
        assert self._through is not None
        return list(self._through.get(tuple(cell), ()))

    def _build_index(self) -> None:
        index: dict[Cell, list[Any]] = {}
        through: dict[Cell, list[Any]] = {}
        stage = self.stage
        for action in self.pool():
            for at in dict.fromkeys(self.cells_for(action, stage)):
                index.setdefault(at, []).append(action)
            if self.kind_at(action, stage) == "self" and self.kind_at(action, stage + 1) == "target":
                for at in dict.fromkeys(self.cells_for(action, stage + 1)):
                    through.setdefault(at, []).append(action)
        self._index, self._through = index, through

    def path_at(self, cell: Cell) -> tuple[Cell, ...]:
        """The cells a move picked on `cell` passes through, start and end left out: drawn only
        when every action picked there takes the same path (walk, run and jump to one hex do
        not), so the map never shows a route other than the one that will be taken."""
        cell = tuple(cell)
        if self.selected is None:
            return ()
        if cell not in self._paths:
            shared: tuple[Cell, ...] | None = None
            for action in self.actions_at(cell):
                try:
                    path = tuple(tuple(c) for c in self.ruleset.move_path(self.state, action))
                except Exception:  # a preview must never break the screen
                    path = ()
                if shared is not None and path != shared:
                    shared = ()
                    break
                shared = path
            self._paths[cell] = (shared or ())[1:-1]
        return self._paths[cell]

    # --- what the map marks ------------------------------------------------------
    def highlights(self) -> dict[Cell, str]:
        """The mark of every cell: "move" and "target" for the cells of the next pick, "selected"
        for the selected unit (where it stands after the picks so far, and "self" picks), "ready"
        for units that may act when none is selected. A pick on a cell where a unit other than
        the selected one stands is a target (an enemy to attack, a mount to ride, a spell's aim),
        on an empty cell a move - but a facing is only ever a move: turning to a unit is no attack."""
        marks: dict[Cell, str] = {}
        stage = self.stage
        own: set[Cell] = set()
        if self._through is None:
            self._build_index()
        assert self._through is not None
        for cell in self._through:  # targets it may aim at from where it stands
            unit = self.unit_at(cell)
            if unit is not None and unit.uid != self.selected:
                marks[cell] = "target"
        for action in self.pool():
            anchor = self.anchor(action, stage)
            kind = self.kind_at(action, stage)
            for cell in self.cells_for(action, stage):
                if cell in anchor:
                    continue
                if kind == "self":
                    own.add(cell)
                    continue
                unit = self.unit_at(cell)
                aimed = kind != "face" and unit is not None and unit.uid != self.selected
                if marks.get(cell) != "target":
                    marks[cell] = "target" if aimed else "move"
            if self.selected is not None:
                own.update(anchor)
        for cell in own:
            marks[cell] = "selected"
        if self.selected is None:
            for uid in {self.actor(a) for a in self.legal}:
                for cell in self.unit_cells(uid):
                    marks.setdefault(cell, "ready")
        return marks

    # --- keys ----------------------------------------------------------------
    def select(self, cell: Cell) -> Reply:
        """Enter on `cell`: commit the one action picked there, make the picks that leave no
        choice, open a menu when several actions share every cell, or select a unit that may act."""
        cell = tuple(cell)
        kind, what = self._enter_plan(cell)
        if kind == "commit":
            return Reply(action=what)
        if kind == "menu":
            return Reply(menu=what)
        if kind == "pick":
            self.picks = what
            self._forget()
            return Reply(changed=True)
        unit = self.unit_at(cell)
        if unit is not None and any(self.actor(a) == unit.uid for a in self.legal):
            self.selected, self.picks = unit.uid, ()
            self._forget()
            return Reply(changed=True)
        return Reply(message=self._nothing_here(unit))

    def _enter_plan(self, cell: Cell) -> tuple[str, Any]:
        """What Enter on `cell` would do with its actions, changing nothing: ("commit", the
        action), ("menu", the actions to choose from), ("pick", the picks made then), or
        ("none", None) when no action lies there."""
        if self._index is None:
            self._build_index()
        assert self._index is not None
        actions = list(self._index.get(cell, ()))
        picks = [*self.picks, cell]
        if not actions:  # a target it may aim at from where it stands: the "stay" pick is made for it
            actions = self.aimed_at(cell)
            if not actions:
                return "none", None
            picks = [*self.picks, self.cells_for(actions[0], self.stage)[0], cell]
        if len(actions) == 1 and not self._unpicked(actions[0]):
            return "commit", actions[0]
        if all(self._unpicked(a) for a in actions):
            return "menu", tuple(actions)
        while True:  # picks that leave no choice are made at once
            stage = len(picks)
            if stage > max(len(self.picks_of(a).stages) for a in actions):
                return "menu", tuple(actions)
            options = {self.cells_for(a, stage) for a in actions}
            if len(options) > 1:
                return "pick", tuple(picks)
            only = next(iter(options))
            if not only:
                return "menu", tuple(actions)
            picks.append(only[0])

    def asks_at(self, cell: Cell) -> bool:
        """Whether Enter on `cell` offers its actions in a menu to choose or confirm instead of
        committing (several orders share the cell, or an order with nothing to pick)."""
        return self._enter_plan(tuple(cell))[0] == "menu"

    def picks_at(self, cell: Cell) -> bool:
        """Whether Enter on `cell` makes a pick and asks for the next (no order yet)."""
        return self._enter_plan(tuple(cell))[0] == "pick"

    def _unpicked(self, action: Any) -> bool:
        """Whether Enter on the unit itself, before any pick, would be all of `action` (wait,
        rest, rally): such an order is offered in the menu, never committed by that one key."""
        return self.stage == 0 and all(pick.kind == "self" for pick in self.picks_of(action).stages)

    def _nothing_here(self, unit: UnitView | None) -> str:
        if unit is not None and unit.side == self.side:
            return f"{unit.name} has nothing to do now."
        return "Nothing to do here; a lists every action."

    def menu_actions(self) -> list[Any]:
        """The actions key: the selected unit's remaining actions and those of no unit (end turn,
        seal orders, withhold, deploy); with nothing selected, those of no unit; else all."""
        free = self.unplaced_actions()
        if self.selected is not None:
            own = self.pool()
            return own + [a for a in free if a not in own] or list(self.legal)
        return free or list(self.legal)

    def cancel(self) -> bool:
        """Esc: take back the last pick, else drop the selection; False when there was neither."""
        if self.picks:
            self.picks = self.picks[:-1]
        elif self.selected is not None:
            self.selected = None
        else:
            return False
        self._forget()
        return True


def unordered_question(names: list[str], end_words: str) -> tuple[str, str]:
    """The question asked before ending a turn while the units `names` have no orders, and its
    yes button: ("3 units with no orders yet: A, B, C. End the turn anyway?", "End the turn")."""
    shown = ", ".join(names[:4]) + (f" and {len(names) - 4} more" if len(names) > 4 else "")
    what = end_words[:1].upper() + end_words[1:]
    return f"{count(len(names), 'unit')} with no orders yet: {shown}. {what} anyway?", what.split(" (")[0]
