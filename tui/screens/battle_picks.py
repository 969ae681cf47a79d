"""Picking an action on the map: select a unit, then pick a cell per stage of the action.

A mixin of the battle screen (methods only; bindings stay on the screen). The
pool of actions still possible narrows with every pick; a pick that leaves one
action commits it, several with the same cells open a short menu.
"""

from __future__ import annotations

from typing import Any

from tui.dialogs.actions import ActionMenu


class PickingMixin:
    """Needs: self.match, self.ruleset, self.controller, self.map, self.selected, self.picks, self.ended,
    legal(), human_side(), side_name(), commit(), update_cursor_panels()."""

    def actions_of_selected(self) -> list[Any]:
        return [a for a in self.legal() if self.controller.actor(a) == self.selected]

    def unplaced_actions(self) -> list[Any]:
        """Actions with no unit on the map to select first (deployment, summoning, ...)."""
        placed = {u.uid for u in self.map.view.units}
        return [a for a in self.legal() if self.controller.actor(a) not in placed]

    def unit_cells(self, uid: int | None) -> tuple[tuple[int, int], ...]:
        unit = next((u for u in self.map.view.units if u.uid == uid), None)
        return tuple(tuple(c) for c in unit.cells) if unit is not None else ()

    def anchor(self, action: Any, stage: int) -> tuple[tuple[int, int], ...]:
        """Where the acting unit stands once the first `stage` picks are made."""
        cells = self.unit_cells(self.controller.actor(action))
        for j in range(stage):
            cells = self.controller.next_anchor(action, j, self.map.view, cells)
        return cells

    def cells_for(self, action: Any, stage: int) -> tuple[tuple[int, int], ...]:
        return self.controller.stage_cells(action, stage, self.map.view, self.anchor(action, stage))

    def pool(self) -> list[Any]:
        """The actions still possible given the selected unit and the cells picked so far."""
        base = self.actions_of_selected() if self.selected is not None else self.unplaced_actions()
        return [a for a in base if all(c in self.cells_for(a, j) for j, c in enumerate(self.picks))]

    @property
    def stage(self) -> int:
        return len(self.picks)

    def update_highlights(self) -> None:
        view = self.map.view
        marks: dict[tuple[int, int], str] = {}
        stage = self.stage
        for action in self.pool():
            anchor = self.anchor(action, stage)
            for cell in self.cells_for(action, stage):
                if cell in anchor:
                    continue
                unit = self.map.unit_at(cell)
                kind = "target" if unit is not None and unit.uid != self.selected else "move"
                if marks.get(cell) != "target":
                    marks[cell] = kind
            if self.selected is not None:
                for cell in anchor:
                    marks[cell] = "selected"
        if self.selected is None:
            for uid in {self.controller.actor(a) for a in self.legal()}:
                for cell in self.unit_cells(uid):
                    marks.setdefault(cell, "ready")
        self.map.set_highlights(marks)

    def update_path(self, actions: list[Any]) -> None:
        """Mark the path of the first move the cursor's cell offers the selected unit (the one the
        odds panel lists first), start and end left out; clear it anywhere else."""
        cells: tuple[tuple[int, int], ...] = ()
        if self.selected is not None:
            state = self.match.state
            for action in actions[:3]:
                try:
                    path = tuple(self.ruleset.move_path(state, action))
                except Exception:  # a preview must never break the screen
                    path = ()
                if path:
                    cells = path[1:-1]
                    break
        self.map.set_path(cells)

    def actions_at(self, cell: tuple[int, int]) -> list[Any]:
        """The actions picked on this cell now, from an index of every cell of the pool built
        once per position, selection and pick: a cursor move is then one lookup instead of a
        pass over every legal action (a ninja side has thousands of orders)."""
        state = self.match.state
        key = (self.human_side(), self.ended, self.selected, tuple(self.picks))
        cached = getattr(self, "_actions_index", None)
        if cached is None or cached[0] is not state or cached[1] != key:
            stage = self.stage
            index: dict[tuple[int, int], list[Any]] = {}
            for action in self.pool():
                for at in dict.fromkeys(self.cells_for(action, stage)):
                    index.setdefault(at, []).append(action)
            cached = self._actions_index = (state, key, index)
        return list(cached[2].get(cell, ()))

    def action_select(self) -> None:
        if self.human_side() is None:
            self.notify("The AI is thinking." if self.ai_busy else "Not your turn.")
            return
        cell = self.map.cursor
        actions = self.actions_at(cell)
        if len(actions) == 1:
            self.commit(actions[0])
            return
        if actions:
            picks = self.picks + [cell]
            while True:  # picks that leave no choice are made at once
                stage = len(picks)
                if len(actions) == 1:
                    self.commit(actions[0])
                    return
                if stage > max(len(self.controller.stage_fields(a)) for a in actions):
                    self.choose_from(actions, "Which action here?")
                    return
                options = {self.cells_for(a, stage) for a in actions}
                if len(options) > 1:
                    break
                only = next(iter(options))
                if not only:
                    self.choose_from(actions, "Which action here?")
                    return
                picks.append(only[0])
            self.picks = picks
            self.update_highlights()
            self.update_cursor_panels()
            return
        unit = self.map.unit_at(cell)
        if unit is not None and any(self.controller.actor(a) == unit.uid for a in self.legal()):
            self.selected = unit.uid
            self.picks = []
            self.update_highlights()
            self.update_cursor_panels()
            return
        if unit is not None and unit.side == self.human_side():
            self.notify(f"{unit.name} has nothing to do now.")
        else:
            self.notify("Nothing to do here; a lists every action.")

    def choose_from(self, actions: list[Any], title: str) -> None:
        state = self.match.state
        items = [(self.controller.label(state, a), a) for a in actions]
        self.app.push_screen(
            ActionMenu(title, items, lambda a: self.controller.explain(state, a)),
            self._menu_answer,
        )

    def _menu_answer(self, action: Any) -> None:
        if action is not None:
            self.commit(action)

    def action_actions(self) -> None:
        legal = self.legal()
        if not legal:
            self.notify("Not your turn." if self.match.outcome() is None else "The battle is over.")
            return
        free = self.unplaced_actions()  # end turn, submit, withhold, deploy: no unit to select first
        if self.selected is not None:
            own = self.pool()
            actions = own + [a for a in free if a not in own] or legal
        else:
            actions = free or legal
        self.choose_from(actions, f"Actions of {self.side_name(self.human_side() or 0)}")

    def action_cancel(self) -> None:
        if self.picks:
            self.picks.pop()
            self.update_highlights()
            self.update_cursor_panels()
        elif self.selected is not None:
            self.selected = None
            self.update_highlights()
            self.update_cursor_panels()
