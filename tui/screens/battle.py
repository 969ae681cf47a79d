"""The battle screen: the one owner of a core.match.Match while a battle is played.

Widgets draw what this screen hands them (board view, unit details, cell text,
odds, log lines) and hold no game facts. Actions come only from legal_actions,
through the ruleset's controller; the AI chooses in a thread worker while a
"thinking" indicator shows, and its choice is applied here, on the UI thread.
"""

from __future__ import annotations

from typing import Any

from textual import work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer

from core.errors import IllegalAction
from core.match import Match
from tui import keymap
from tui.controllers import controller_for
from tui.screens.battle_picks import PickingMixin
from tui.dialogs.confirm import ConfirmDialog
from tui.dialogs.hand_over import HandOverDialog
from tui.widgets.map import BattleMap
from tui.widgets.panels import BattleLog, InfoLine, OddsPanel, StatusLine, UnitPanel

HUMAN = "human"


class BattleScreen(PickingMixin, Screen[None]):
    HELP_TITLE = "Battle"
    BINDINGS = [
        *keymap.move_bindings(),
        keymap.binding("battle.select"),
        keymap.binding("battle.cancel"),
        keymap.binding("battle.actions"),
        keymap.binding("battle.next_unit"),
        keymap.binding("battle.prev_unit"),
        keymap.binding("battle.undo"),
        keymap.binding("battle.redo"),
        keymap.binding("battle.save"),
        keymap.binding("battle.log_up"),
        keymap.binding("battle.log_down"),
        keymap.binding("battle.quit"),
    ]

    def __init__(self, match: Match, seats: dict[int, str], meta: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.match = match
        self.ruleset = match.ruleset
        self.controller = controller_for(self.ruleset)
        self.seats = seats  # side -> "human" or an AI level
        self.meta = dict(meta or {})
        self.meta["seats"] = dict(seats)
        self.selected: int | None = None
        self.picks: list[tuple[int, int]] = []  # cells picked for the action being built
        self.ai_busy = False
        self.ended = False
        self._players: dict[int, Any] = {}
        self._legal_key: tuple[int, int] | None = None
        self._legal: list[Any] = []
        self._handed_to: int | None = None
        self._end_shown_at: int | None = None
        self._last_round = self.ruleset.round_number(match.state)
        self._last_movers = match.to_act()

    # --- layout ------------------------------------------------------------
    def compose(self) -> ComposeResult:
        view = self.ruleset.board_view(self.match.state)
        with Horizontal(id="battle-top"):
            yield BattleMap(view, id="battle-map")
            with Vertical(id="battle-side"):
                yield StatusLine(id="battle-status")
                yield UnitPanel(id="unit-panel")
                yield OddsPanel(id="odds-panel")
        yield InfoLine(id="info-line")
        yield BattleLog(id="battle-log")
        yield Footer()

    def help_guide(self) -> str:
        return (
            "Move the cursor with the arrows, h j k l (y u b n diagonals) or the keypad, as\n"
            "chosen in Options. ‹ › marks your units that may act; Enter on one selects it\n"
            "{ }: the cells it can reach are marked ( ), targets > <. Moving onto a marked\n"
            "cell shows the odds on the right; Enter there commits, or asks for the next pick\n"
            "(e.g. the target after the move; Enter on the unit itself means 'none').\n"
            "a lists the actions you may take now (end turn, submit, abilities) with odds.\n"
            "Esc steps back. Tab jumps to your next unit. The log explains every roll;\n"
            "[ and ] scroll it. Side 1's units are UPPER case, side 2's lower case and\n"
            "underlined; [ ] is the cursor, ° a lasting effect (smoke, fire). With a unit\n"
            "selected, · · marks the cells the move under the cursor passes through: the\n"
            "cheapest path the rules find, the one it takes; the panel gives its cost.\n\n"
            + self.map_legend()
        )

    def map_legend(self) -> str:
        """The glyphs of this map's terrain in words, and what the unit letters mean here."""
        seen: dict[str, str] = {}
        for cell in self.ruleset.board_view(self.match.state).cells:
            seen.setdefault(cell.glyph, cell.terrain.replace("_", " "))
        terrain = ", ".join(f"{glyph} {name}" for glyph, name in sorted(seen.items(), key=lambda kv: kv[1]))
        return f"Map: {terrain}. {self.controller.units_legend} The line under the map describes the cell under the cursor."

    @property
    def map(self) -> BattleMap:
        return self.query_one(BattleMap)

    def on_resize(self, event) -> None:
        # a narrow terminal gives the map every column it can spare
        self.query_one("#battle-side").styles.width = 26 if event.size.width < 100 else 34

    def on_mount(self) -> None:
        self.map.side_styles = self.app.side_styles
        self.map.colour = self.app.settings.theme != "monochrome"
        log = self.query_one(BattleLog)
        names = self.ruleset.side_names(self.match.state)
        seats = ", ".join(
            f"{names[s] if s < len(names) else s}: {'you' if seat == HUMAN else 'AI ' + seat}"
            for s, seat in sorted(self.seats.items())
        )
        log.write_line(f"{self.ruleset.title}: {self.meta.get('scenario', '')}  seed {self.meta.get('seed', '?')}  ({seats})")
        for step, action, events in self.match.history():
            self._log_step(self.match.state_at(step), action, events)
        self.map.focus()
        self.jump_to_own_unit(1, first=True)  # not the next after whatever stands at (0, 0)
        self.refresh_all()

    # --- who acts ----------------------------------------------------------
    def human_side(self) -> int | None:
        """The side whose human player decides now, if any."""
        for side in self.match.to_act():
            if self.seats.get(side, HUMAN) == HUMAN:
                return side
        return None

    def legal(self) -> list[Any]:
        side = self.human_side()
        if side is None or self.ended:
            return []
        key = (self.match.cursor, side)
        if self._legal_key != key:
            self._legal = self.match.legal_actions(side)
            self._legal_key = key
        return self._legal

    def side_name(self, side: int) -> str:
        names = self.ruleset.side_names(self.match.state)
        return names[side] if side < len(names) else f"side {side + 1}"

    # --- drawing -----------------------------------------------------------
    def refresh_all(self) -> None:
        state = self.match.state
        self.ended = self.match.outcome() is not None
        self.map.set_view(self.ruleset.board_view(state))
        self._auto_select()
        self.update_highlights()
        self.update_cursor_panels()
        self.update_status()
        if self.check_outcome():
            return
        self.maybe_hand_over()
        self.maybe_start_ai()

    def _auto_select(self) -> None:
        """If every action of the side belongs to one unit (activation order), select it."""
        legal = self.legal()
        if self.selected is not None and not any(self.controller.actor(a) == self.selected for a in legal):
            self.selected = None
            self.picks = []
        if self.selected is None:
            placed = {u.uid for u in self.map.view.units}
            actors = {self.controller.actor(a) for a in legal}
            if len(actors) == 1:
                only = next(iter(actors))
                if only is not None and only in placed:
                    self.selected = only
                    unit = next(u for u in self.map.view.units if u.uid == only)
                    self.map.set_cursor(tuple(unit.cells[0]))

    def update_cursor_panels(self) -> None:
        state = self.match.state
        col, row = self.map.cursor
        self.query_one(InfoLine).show_text(self.ruleset.describe_cell(state, col, row))
        unit = self.map.unit_at((col, row))
        shown = unit.uid if unit is not None else self.selected
        panel = self.query_one(UnitPanel)
        if shown is None:
            panel.show("Unit", ["No unit under the cursor."])
        else:
            view_unit = next((u for u in self.map.view.units if u.uid == shown), None)
            title = f"{view_unit.name} ({self.side_name(view_unit.side)})" if view_unit else "Unit"
            panel.show(title, self.ruleset.unit_details(state, shown))
        odds = self.query_one(OddsPanel)
        actions = self.actions_at((col, row))
        if actions:
            lines: list[str] = []
            for action in actions[:3]:
                label = self.controller.label(state, action)
                lines.append("» " + label)
                lines.extend("  " + line for line in self.controller.explain(state, action) if line != label)
            if len(actions) > 3:
                lines.append(f"... {len(actions) - 3} more: Enter lists them")
            odds.show("Enter commits", lines)
        else:
            side = self.human_side()
            odds.show("Next", [self.controller.prompt(state, side, self.selected, self.stage)] if side is not None else [""])
        self.update_path(actions)

    def update_status(self) -> None:
        state = self.match.state
        movers = self.match.to_act()
        who = ", ".join(self.side_name(s) for s in movers) or "nobody"
        text = f"Round {self.ruleset.round_number(state)}  step {self.match.cursor}/{self.match.steps}\nTo act: {who}"
        if self.ai_busy:
            text += "  [AI thinking…]"
        self.query_one(StatusLine).show_text(text)

    # --- taking actions ----------------------------------------------------
    def commit(self, action: Any) -> bool:
        before = self.match.state
        try:
            events = self.match.apply(action)
        except IllegalAction as exc:
            self.notify(f"Not allowed: {exc.reason}", severity="warning")
            return False
        self._log_step(self.match.state, action, events, before)
        self.selected = None
        self.picks = []
        self.after_change()
        return True

    def _log_step(self, state: Any, action: Any, events: tuple[Any, ...], before: Any | None = None) -> None:
        log = self.query_one(BattleLog)
        if not self.controller.sealed_orders:
            log.write_line("· " + self.ruleset.describe_action(before if before is not None else state, action))
        for event in events:
            log.write_line("  " + self.ruleset.describe_event(state, event))

    def after_change(self) -> None:
        """Autosave whenever a turn is complete: the side to act changed, a round ended, or the battle."""
        round_now = self.ruleset.round_number(self.match.state)
        movers = self.match.to_act()
        finished = self.match.outcome() is not None
        if round_now != self._last_round or movers != self._last_movers or finished:
            self._last_round = round_now
            self._last_movers = movers
            self.autosave()
        self.refresh_all()

    def autosave(self) -> None:
        from tui import saving

        try:
            saving.autosave(self.app, self.match, self.meta)
        except Exception as exc:  # a failed autosave is reported, never fatal
            self.notify(f"Autosave failed: {exc}", severity="error")

    def check_outcome(self) -> bool:
        """Show the end screen once per finishing step; after 'back to the map' the player may undo."""
        outcome = self.match.outcome()
        if outcome is None:
            self.ended = False
            return False
        self.ended = True
        if self._end_shown_at == self.match.cursor:
            return True
        self._end_shown_at = self.match.cursor
        from tui.screens.end import EndScreen

        self.app.push_screen(EndScreen(self.match, outcome, self.meta), self._after_end)
        return True

    def _after_end(self, result: str | None) -> None:
        if result == "review":
            self.refresh_all()
        else:
            self.dismiss(None)

    # --- hotseat and AI ------------------------------------------------------
    def maybe_hand_over(self) -> None:
        side = self.human_side()
        humans = [s for s, seat in self.seats.items() if seat == HUMAN]
        if side is None or len(humans) < 2 or not self.controller.hand_over_needed(self.match.state):
            self._handed_to = side
            return
        if self._handed_to != side:
            self._handed_to = side
            self.app.push_screen(HandOverDialog(self.side_name(side)))

    def player(self, side: int) -> Any:
        if side not in self._players:
            seed = int(self.meta.get("seed", 0)) * 7919 + side
            self._players[side] = self.app.ai_factory(self.seats[side], seed)
        return self._players[side]

    def maybe_start_ai(self) -> None:
        if self.ai_busy or self.ended:
            return
        sides = [s for s in self.match.to_act() if self.seats.get(s, HUMAN) != HUMAN]
        if not sides:
            return
        self.ai_busy = True
        self.update_status()
        self.think(sides[0], self.match.state, self.match.cursor)

    @work(thread=True, exclusive=True, group="ai")
    def think(self, side: int, state: Any, cursor: int) -> None:
        action = self.player(side).choose(self.ruleset, state, side)
        self.app.call_from_thread(self._ai_chose, action, cursor)

    def _ai_chose(self, action: Any, cursor: int) -> None:
        self.ai_busy = False
        if self.ended or not self.is_attached or self not in self.app.screen_stack:
            return  # the player left the battle while the AI thought (a popped screen loses its widgets)
        if cursor != self.match.cursor:
            # the human acted meanwhile (sealed orders): keep the choice if it is still legal
            side = getattr(action, "side", None)
            if side is None or action not in self.match.legal_actions(side):
                self.update_status()
                self.maybe_start_ai()
                return
        self.commit(action)

    # --- key actions ---------------------------------------------------------
    def action_move(self, direction: str) -> None:
        dx, dy = keymap.DIRECTIONS[direction]
        if self.map.move_cursor(dx, dy):
            # in the same handler as the map: the panels go out in the map's frame
            self.update_cursor_panels()

    def jump_to_own_unit(self, step: int, *, first: bool = False) -> None:
        """Put the cursor on the next (step 1) or previous (-1) unit of the side to play, units
        still to act first; with `first`, on the first of them (whatever is under the cursor)."""
        side = self.human_side()
        if side is None:
            side = next((s for s, seat in sorted(self.seats.items()) if seat == HUMAN), 0)
        own = [u for u in self.map.view.units if u.side == side and u.cells]
        ready = {self.controller.actor(a) for a in self.legal()}
        if any(u.uid in ready for u in own):
            own = [u for u in own if u.uid in ready]  # units still to act come first
        if not own:
            return
        uids = [u.uid for u in own]
        current = None if first else self.map.unit_at(self.map.cursor)
        index = uids.index(current.uid) + step if current is not None and current.uid in uids else (0 if step > 0 else -1)
        unit = own[index % len(own)]
        if self.map.set_cursor(tuple(unit.cells[0])):
            self.update_cursor_panels()

    def action_next_unit(self) -> None:
        self.jump_to_own_unit(1)

    def action_prev_unit(self) -> None:
        self.jump_to_own_unit(-1)

    def _vs_ai(self) -> bool:
        return any(seat != HUMAN for seat in self.seats.values())

    def action_undo(self) -> None:
        if self.ai_busy:
            self.notify("Wait until the AI has moved.")
            return
        if not self.match.can_undo:
            self.notify("Nothing to undo.")
            return
        self.match.undo()
        while self._vs_ai() and self.match.can_undo and self.human_side() is None:
            self.match.undo()
        self.query_one(BattleLog).write_line(f"↶ undone to step {self.match.cursor}")
        self.selected = None
        self.picks = []
        self._last_round = self.ruleset.round_number(self.match.state)
        self._last_movers = self.match.to_act()
        self.refresh_all()

    def action_redo(self) -> None:
        if self.ai_busy:
            self.notify("Wait until the AI has moved.")
            return
        if not self.match.can_redo:
            self.notify("Nothing to redo.")
            return
        self.match.redo()
        while self._vs_ai() and self.match.can_redo and self.human_side() is None:
            self.match.redo()
        self.query_one(BattleLog).write_line(f"↷ redone to step {self.match.cursor}")
        self.selected = None
        self.picks = []
        self._last_round = self.ruleset.round_number(self.match.state)
        self._last_movers = self.match.to_act()
        self.refresh_all()

    def action_save(self) -> None:
        from tui.dialogs.save_as import SaveAsDialog

        self.app.push_screen(SaveAsDialog(self.meta.get("name", "")), self._save_answer)

    def _save_answer(self, name: str | None) -> None:
        if not name:
            return
        from tui import saving

        try:
            path = saving.save_as(self.app, self.match, self.meta, name)
        except Exception as exc:  # reported to the player with the reason
            self.app.show_error("Could not save", str(exc))
            return
        self.notify(f"Saved to {path}")

    def action_log_up(self) -> None:
        self.query_one(BattleLog).scroll_relative(y=-3, animate=False)

    def action_log_down(self) -> None:
        self.query_one(BattleLog).scroll_relative(y=3, animate=False)

    def action_quit(self) -> None:
        self.app.push_screen(
            ConfirmDialog("Leave this battle? It was autosaved at the last turn; s saves it now.", yes="Leave", no="Stay"),
            self._quit_answer,
        )

    def _quit_answer(self, yes: bool | None) -> None:
        if yes:
            self.workers.cancel_group(self, "ai")
            self.dismiss(None)
