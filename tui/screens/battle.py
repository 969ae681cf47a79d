"""The battle screen: the one owner of a core.match.Match while a battle is played.

It keeps the layout, the keys and the drawing. Widgets draw what this screen
hands them (board view, highlights, unit details, cell text, odds, log lines)
and hold no game facts. Actions come only from legal_actions: the Picker
(tui.picking) says what the cursor's cell offers and what a key does; AiTurns
(battle_ai) runs the AI in a thread worker while a "thinking" indicator shows,
and its choice is applied here, on the UI thread; TurnWatch (battle_autosave)
autosaves each completed turn.
"""

from __future__ import annotations

from typing import Any, TypeVar

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.screen import Screen

from core.errors import IllegalAction
from core.match import Match
from core.seats import seat_state
from tui import keymap, playback, rulesets, saving, story
from tui.dialogs.actions import ActionMenu
from tui.dialogs.confirm import ConfirmDialog
from tui.dialogs.hand_over import HandOverDialog
from tui.footer_fit import fit_footer
from tui.picking import Picker, Reply, unordered_question
from tui.screens.battle_ai import HUMAN, AiTurns
from tui.screens.battle_autosave import TurnWatch
from tui.widgets.footer import Footer
from tui.widgets.map import HEIGHT_LEGEND, BattleMap, look_words, terrain_symbol
from tui.widgets.panels import BattleLog, InfoLine, OddsPanel, PanelBox, Radar, StatusLine, UnitPanel, fit_side, fit_top

W = TypeVar("W")


def round_count(ruleset: Any, state: Any) -> str:
    """The round and, where the battle is decided at a limit, that limit: "3/10"."""
    limit = ruleset.round_limit(state)
    return f"{ruleset.round_number(state)}" + ("" if limit is None else f"/{limit}")


class BattleScreen(Screen[None]):
    HELP_TITLE = "Battle"
    BINDINGS = [
        # the footer shows the keys of FOOTER that the width holds (on_resize)
        keymap.binding("app.help", "app.help"),
        keymap.binding("battle.quit"),
        *keymap.move_bindings(),
        keymap.binding("battle.select"),
        keymap.binding("battle.cancel"),
        keymap.binding("battle.actions"),
        keymap.binding("battle.end_turn"),
        keymap.binding("battle.sheet"),
        keymap.binding("battle.next_unit"),
        keymap.binding("battle.prev_unit"),
        keymap.binding("battle.undo"),
        keymap.binding("battle.redo"),
        keymap.binding("battle.save"),
        keymap.binding("battle.pan_left", "pan(-1, 0)"),
        keymap.binding("battle.pan_right", "pan(1, 0)"),
        keymap.binding("battle.pan_up", "pan(0, -1)"),
        keymap.binding("battle.pan_down", "pan(0, 1)"),
        keymap.binding("battle.centre_own"),
        keymap.binding("battle.next_enemy"),
        keymap.binding("battle.log_up"),
        keymap.binding("battle.log_down"),
        keymap.binding("battle.log_full"),
        keymap.binding("battle.summary"),
    ]

    def __init__(self, match: Match, seats: dict[int, str], meta: dict[str, Any] | None = None) -> None:
        super().__init__()
        self._parts: dict[type, Any] = {}  # part(): the screen's widgets by kind, once found
        self.match = match
        self.ruleset = match.ruleset
        self.plugin = rulesets.get(self.ruleset.name)  # this ruleset's words: prompt, units legend
        self.seats = seats  # side -> "human" or an AI level
        self.meta = dict(meta or {})
        self.meta["seats"] = dict(seats)
        self.meta.setdefault("battle", saving.new_battle_id())  # names this battle's own autosave
        self.picker = Picker(self.ruleset)
        seed = self.meta.get("seed")
        self.ai = AiTurns(match, seats, seed if isinstance(seed, int) else 0)  # an old save may record none
        self.turns = TurnWatch(match, self.meta)
        self.ended = False
        self._legal_key: tuple[int, int] | None = None
        self._legal: list[Any] = []
        self._handed_to: int | None = None
        self._end_shown_at: int | None = None
        self._shown: tuple[Any, int | None, Any] | None = None  # (state, viewer, what that viewer sees)
        self.story: list[story.Entry] = []  # the log's items (tui.story folds them into lines)
        self.playback: playback.MapPlayback | None = None  # set up on mount
        self._summary_due: int | None = None  # a round just ended: its summary opens after the playback
        self._top_rows: int | None = None  # the map and side panels' rows when the log takes the rest
        self._summary_open = False  # the round's summary is up: a hand-over waits for it

    @property
    def ai_busy(self) -> bool:
        """Whether an AI side is thinking now."""
        return self.ai.busy

    # --- layout ------------------------------------------------------------
    def compose(self) -> ComposeResult:
        view = self.ruleset.board_view(self.match.state)
        with Horizontal(id="battle-top"):
            with Vertical(id="battle-mapcol"):
                yield BattleMap(view, id="battle-map")
                yield Radar(id="battle-radar")
            with Vertical(id="battle-side"):
                yield StatusLine(id="battle-status")
                with PanelBox(id="unit-box"):
                    yield UnitPanel(id="unit-panel")
                with PanelBox(id="odds-box"):
                    yield OddsPanel(id="odds-panel")
        yield InfoLine(id="info-line")
        yield BattleLog(id="battle-log")
        yield Footer(compact=True)

    def help_guide(self) -> str:
        return (
            "Move the cursor with the arrows, h j k l (y u b n diagonals) or the keypad, as\n"
            "chosen in Options. ‹ › marks your units that may act; Enter on one selects it\n"
            "{ }: the cells it can reach are marked ( ), targets > <. Moving onto a marked\n"
            "cell shows the odds on the right; Enter there commits, or asks for the next pick\n"
            "(e.g. the target after the move; Enter on the unit itself means 'none').\n"
            "a lists every action you may take now, grouped by kind, with odds: type to\n"
            "filter it. e ends your turn or seals your orders, and asks while units have none.\n"
            "Esc steps back. Tab jumps to your next unit. The log explains every roll;\n"
            "[ and ] scroll it. Your units are UPPER case, every enemy's lower case (the\n"
            "map legend below says which side is which); [ ] is the cursor, ° a lasting\n"
            "effect (smoke, fire). With a unit\n"
            "selected, · · marks the cells the move under the cursor passes through: the\n"
            "cheapest path the rules find, the one it takes; the panel gives its cost.\n"
            "After an action its events play on the map (pace in Options; any key skips).\n"
            "m shows the whole log (the messages) with a search; R the round's summary.\n"
            "i opens the full sheet: the unit's every stat, the cell, and the odds of every\n"
            "action there in full. A map larger than the screen pans with H J K L (or\n"
            "Shift+arrows); c centres on your next unit, f on the next enemy; the line\n"
            "under the map counts the units off screen and says where they are.\n\n"
            + self.map_legend()
        )

    def map_legend(self) -> str:
        """The glyphs of this map's terrain in words, and what the unit letters mean here."""
        seen: dict[str, str] = {}
        for cell in self.ruleset.board_view(self.shown_state()).cells:
            seen.setdefault(cell.glyph, cell.terrain.replace("_", " "))
        terrain = ", ".join(f"{terrain_symbol(glyph)} {name}" for glyph, name in sorted(seen.items(), key=lambda kv: kv[1]))
        return (f"Map: {terrain}. {HEIGHT_LEGEND[self.map.view.grid]} {self.plugin.units_legend} "
                f"{self.sides_legend()}The line under the map describes the cell under the cursor.")

    def sides_legend(self) -> str:
        """How each side's letters look without colour: the seat's own units, then its enemies."""
        names = self.ruleset.side_names(self.match.state)
        viewer = self.viewer()
        looks = [f"{name} {look_words(side, viewer)}" for side, name in enumerate(names) if side != viewer]
        if viewer is None:
            return "Sides: " + "; ".join(looks) + ". "
        return (f"Your units ({self.side_name(viewer)}) are {look_words(viewer, viewer)}; every enemy's are "
                f"lower case: " + "; ".join(looks) + ". ")

    @property
    def map(self) -> BattleMap:
        return self.part(BattleMap)

    def part(self, kind: type[W]) -> W:
        """The screen's one widget of this kind, looked up once (a cursor move uses five, and
        a query walks the screen); raises NoMatches once it is gone (a closing screen)."""
        widget = self._parts.get(kind)
        if widget is None or not widget.is_attached:
            widget = self._parts[kind] = self.query_one(kind)
        return widget

    #: the footer's keys, most needed first: those the width cannot hold are in the help only
    FOOTER = ("app.help", "battle.quit", "battle.select", "battle.actions", "battle.end_turn", "battle.undo",
              "battle.redo", "battle.save", "battle.sheet", "battle.cancel", "battle.next_unit",
              "battle.log_full", "battle.summary")

    def on_resize(self, event) -> None:
        # a narrow terminal gives the map every column it can spare
        for side in self.query("#battle-side"):  # none while the screen is being taken down
            side.styles.width = width = fit_side(event.size.width, self.map.drawn_width)
            self.fit_log(event.size, width)
        fit_footer(self, self.FOOTER, event.size.width,
                   {"battle.end_turn": self.plugin.end_label}, short={"battle.select": "Select"})
        self.call_after_refresh(self.update_radar)

    def fit_log(self, size, side_width: int) -> None:
        """A screen taller than the map needs gives the rows left over to the log (the
        stylesheet's heights hold otherwise)."""
        rows = self.map.view.height
        if self.map.drawn_width > size.width - side_width:  # a scroll bar and the line under the map
            rows += 2
        top = fit_top(size.height, rows)
        if top != self._top_rows:  # a new height only when it changes: each asks for a layout
            self._top_rows = top
            self.query_one("#battle-top").styles.height = top
            self.query_one(BattleLog).styles.height = None if top is None else "1fr"

    def update_radar(self) -> None:
        """The line under the map: shown only while some of the map is off screen."""
        try:
            pairs = [(self.part(Radar), self.part(BattleMap))]
        except NoMatches:  # none while closing
            pairs = []
        for radar, battle_map in pairs:
            radar.set_class(battle_map.scrolls, "shown")
            if battle_map.scrolls:
                width = max(10, radar.size.width - 2) if radar.size.width else 40
                radar.show_text(battle_map.radar_text(self.ruleset.side_names(self.match.state), width))

    def on_mount(self) -> None:
        if not self.query(BattleMap):  # closed before it was mounted (a fast Esc): nothing to set up
            return
        self.map.side_styles = self.app.side_styles
        self.map.colour = self.app.settings.theme != "monochrome"
        log = self.query_one(BattleLog)
        names = self.ruleset.side_names(self.match.state)
        seats = ", ".join(
            f"{names[s] if s < len(names) else s}: {'you' if seat == HUMAN else 'AI ' + seat}"
            for s, seat in sorted(self.seats.items())
        )
        self.story.append(story.Entry(note=f"{self.ruleset.title}: {self.meta.get('scenario', '')}  seed {self.meta.get('seed', '?')}  ({seats})"))
        for step, action, events in self.match.history():
            self._log_step(self.match.state_at(step), action, events, self.match.state_at(step - 1), show=False)
        self.show_story()
        self.set_up_playback()
        self.map.focus()
        self.take_position()
        self.jump_to_own_unit(1, first=True)  # not the next after whatever stands at (0, 0)
        self.refresh_all()

    # --- who acts ----------------------------------------------------------
    def human_side(self) -> int | None:
        """The side whose human player decides now, if any."""
        for side in self.match.to_act():
            if self.seats.get(side, HUMAN) == HUMAN:
                return side
        return None

    def viewer(self) -> int | None:
        """The seat at the keyboard: the human side deciding now, else the one human side
        (against the AI), else nobody in particular (a spectator)."""
        side = self.human_side()
        if side is not None:
            return side
        humans = [s for s, seat in sorted(self.seats.items()) if seat == HUMAN]
        return humans[0] if len(humans) == 1 else None

    def shown_state(self) -> Any:
        """The battle as the seat at the keyboard may know it (core.seats): what screens draw.
        Worked out once per position and seat, not on every cursor move."""
        state, viewer = self.match.state, self.viewer()
        if self._shown is None or self._shown[0] is not state or self._shown[1] != viewer:
            self._shown = (state, viewer, seat_state(self.ruleset, state, viewer))
        return self._shown[2]

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
    def take_position(self) -> None:
        """Hand the current position to the map and the picker."""
        state = self.match.state
        self.ended = self.match.outcome() is not None
        view = self.ruleset.board_view(self.shown_state())
        self.map.set_viewer(self.viewer())  # the seat's own units drawn as its own
        if not self.playing:  # a playback draws its own frames; the live view comes back after
            self.map.set_view(view)
        cell = self.picker.set_position(state, view, self.legal(), self.human_side())
        if cell is not None:  # every action belongs to one unit (activation order): it is selected
            self.map.set_cursor(cell)

    def refresh_all(self) -> None:
        self.take_position()
        self.update_highlights()
        self.update_cursor_panels()
        self.update_status()
        if self.check_outcome():
            return
        self.maybe_hand_over()
        self.maybe_start_ai()

    @property
    def playing(self) -> bool:
        """Whether events are being played on the map now (tui.playback)."""
        return self.playback is not None and self.playback.running

    def update_highlights(self) -> None:
        if not self.playing:
            self.map.set_highlights(self.picker.highlights())

    def update_cursor_panels(self) -> None:
        state = self.shown_state()
        col, row = self.map.cursor
        if not self.playing:
            self.part(InfoLine).show_text(self.ruleset.describe_cell(state, col, row))
        unit = self.map.unit_at((col, row))
        shown = unit.uid if unit is not None else self.picker.selected
        panel = self.part(UnitPanel)
        if shown is None:
            panel.show("Unit", ["No unit under the cursor."])
        else:
            view_unit = next((u for u in self.map.view.units if u.uid == shown), None)
            panel.show(view_unit.name if view_unit else "Unit", self.ruleset.unit_details(state, shown))
        odds = self.part(OddsPanel)
        actions = self.picker.actions_at((col, row))
        if actions:
            lines = self.odds_lines(state, actions, (col, row))
            # what Enter does here: a menu of the orders sharing the cell, the next pick, or the order
            title = ("Enter asks first" if self.picker.asks_at((col, row))
                     else "Enter picks it" if self.picker.picks_at((col, row)) else "Enter commits")
            odds.show(title, lines)
        else:
            side = self.human_side()
            prompt = self.plugin.prompt(state, side, self.picker.selected, self.picker.stage) if side is not None else ""
            odds.show("Next", [prompt])
        if not self.playing:
            self.map.set_path(self.picker.path_at((col, row)))
        self.update_radar()

    def odds_lines(self, state: Any, actions: list[Any], here: tuple[int, int]) -> list[str]:
        """The odds panel's text: each action's label and the first line of its odds (the
        rulesets lead with a one-line summary: chance, damage, answer, the actor's own
        health), then the rest of each, so a short panel shows every summary unscrolled.

        The actions are the cursor's cell's (`here`), which the info line beside names, so
        a label says "here" for it: "» Deploy Bear here" stays put as the cursor moves from
        cell to cell, and the screen writes nothing for it."""
        shown = actions[:3]
        named = [self.ruleset.describe_action(state, action) for action in shown]  # as explain's lines say it
        labels = [self.ruleset.describe_action_here(state, action, here) for action in shown]
        rest = [[line for line in self.explain(action, state) if line != label] for action, label in zip(shown, named)]
        lines: list[str] = []
        for label, more in zip(labels, rest):
            lines.append("» " + label)
            lines.extend("  " + line for line in more[:1])
        if len(actions) > 3:
            lines.append(f"... {len(actions) - 3} more: Enter lists them")
        for label, more in zip(labels, rest):
            if len(more) > 1:
                lines.extend(([f"» {label}:"] if len(shown) > 1 else []) + ["  " + line for line in more[1:]])
        return lines

    def explain(self, action: Any, state: Any = None) -> tuple[str, ...]:
        """The odds and modifiers of `action` in `state` (the current one by default), one line
        each; a failing preview names its reason."""
        try:
            return tuple(self.ruleset.explain_action(self.shown_state() if state is None else state, action))
        except Exception as exc:  # a preview must never break the screen; the reason is shown
            return (f"(no preview: {exc})",)

    def update_status(self) -> None:
        state = self.match.state
        movers = self.match.to_act()
        names = self.ruleset.side_names(state)
        who = ", ".join(self.plugin.acting(state, names, s) for s in movers) or "nobody"
        text = f"Round {round_count(self.ruleset, state)}  step {self.match.cursor}/{self.match.steps}\nTo act: {who}"
        if self.ai_busy:
            text += "  [AI thinking…]"
        self.query_one(StatusLine).show_text(text)

    # --- taking actions ----------------------------------------------------
    def commit(self, action: Any) -> bool:
        before = self.match.state
        seen_before = self.ruleset.board_view(self.shown_state())  # the live board, whatever a playback shows
        round_before = self.ruleset.round_number(before)
        try:
            events = self.match.apply(action)
        except IllegalAction as exc:
            self.notify(f"Not allowed: {exc.reason}", severity="warning")
            return False
        beats = self._log_step(self.match.state, action, events, before)
        self.unfold(seen_before, beats, round_before)
        self.picker.clear()
        error = self.turns.save_if_turn_complete(self.app)
        if error is not None:
            self.notify(f"Autosave failed: {error}", severity="error")
        self.refresh_all()
        return True

    def _log_step(self, state: Any, action: Any, events: tuple[Any, ...], before: Any, show: bool = True) -> tuple[story.Beat, ...]:
        # sealed orders' events say only that one was given: the action itself stays unsaid
        words = "" if self.ruleset.sealed_orders else self.ruleset.describe_action(before, action)
        beats = story.beats(self.ruleset, state, events)
        self.story.append(story.Entry(beats, words, round=self.ruleset.round_number(before)))
        if show:
            self.show_story()
        return beats

    def log_note(self, line: str) -> None:
        self.story.append(story.Entry(note=line))
        self.show_story()

    def show_story(self) -> None:
        self.query_one(BattleLog).show_lines(story.story_lines(self.story, self.side_name))

    # --- playback ----------------------------------------------------------------
    def set_up_playback(self) -> None:
        """The playback of events on this screen's map (on mount, once the widgets exist)."""
        self.playback = playback.MapPlayback(self, self.map, self.query_one(InfoLine), self.after_playback)

    def unfold(self, seen_before: Any, beats: tuple[story.Beat, ...], round_before: int) -> None:
        """Play a step's events on the map (`seen_before`: the board as this screen showed it
        before the step) and, when the step ended round `round_before`, have its summary follow."""
        if self.ruleset.round_number(self.match.state) > round_before and self.app.settings.playback != "off":
            self._summary_due = round_before
        self.play(seen_before, beats)
        if not self.playing:  # nothing to play (a seal, an end of turn): the round's summary now
            self.show_round_summary_if_due()

    def play(self, before: Any, beats: tuple[story.Beat, ...]) -> None:
        """Show the events just applied on the map, one at a time, at the Options' pace."""
        if self.playback is None:
            return
        self.playback.play(playback.frames(before, beats), self.app.settings.playback)

    def after_playback(self) -> None:
        """The playback is over (or skipped): the live view, and what waited for it (the
        round's summary first: a hand-over to the next seat waits until it is closed)."""
        self.show_round_summary_if_due()
        self.refresh_all()
        self.map.follow_cursor()

    def show_round_summary_if_due(self) -> None:
        due, self._summary_due = self._summary_due, None
        if due is None or self.playing or self.app.settings.playback == "off" or self.ended:
            return
        if self.app.screen is self:  # not over a dialog the player has open
            self._summary_open = True  # what happened is for every seat: the hand-over waits
            self.open_round_summary(due, self._summary_closed)

    def _summary_closed(self, _result: None = None) -> None:
        self._summary_open = False
        self.refresh_all()

    def open_round_summary(self, round_no: int, closed: Any = None) -> None:
        from tui.screens.story import RoundSummaryScreen

        self.app.push_screen(RoundSummaryScreen(story.round_summary(self.match, round_no)), closed)

    def on_key(self, event) -> None:
        """Any key during a playback skips to its end (and does nothing else)."""
        if self.playing and self.playback is not None:
            event.stop()
            event.prevent_default()
            self.playback.skip()

    def action_log_full(self) -> None:
        from tui.screens.story import LogScreen

        self.app.push_screen(LogScreen(story.story_lines(self.story, self.side_name)))

    def action_summary(self) -> None:
        state = self.match.state
        round_no = self.ruleset.round_number(state)
        steps = story.round_steps(self.match)
        if round_no not in steps and round_no - 1 in steps:
            round_no -= 1  # a round that has only begun: the one before it
        self.open_round_summary(round_no)

    def check_outcome(self) -> bool:
        """Show the end screen once per finishing step; after 'back to the map' the player may undo."""
        outcome = self.match.outcome()
        if outcome is None:
            self.ended = False
            return False
        self.ended = True
        if self.playing:  # the last blows play first; the end screen follows the playback
            return True
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
            self.workers.cancel_group(self, "ai")
            self.app.back_to_menu()

    # --- hotseat and AI ------------------------------------------------------
    def maybe_hand_over(self) -> None:
        """Between two human players at one keyboard, hide the board while orders are secret."""
        if self.playing or self._summary_open:  # after the playback and the summary: every seat sees them
            return
        side = self.human_side()
        humans = [s for s, seat in self.seats.items() if seat == HUMAN]
        secret = self.ruleset.sealed_orders or len(self.match.to_act()) > 1
        if side is None or len(humans) < 2 or not secret:
            self._handed_to = side
            return
        if self._handed_to != side:
            self._handed_to = side
            to_act = self.match.to_act()
            sealed = [self.side_name(s) for s in sorted(self.seats) if self.ruleset.sealed_orders
                      and s != side and s not in to_act]
            # the cursor leaves the cell where the last seat pointed its orders
            self.jump_to_own_unit(1, first=True)
            self.app.push_screen(HandOverDialog(self.side_name(side), tuple(sealed), self.ruleset.sealed_orders))

    def maybe_start_ai(self) -> None:
        if self.ended:
            return
        if self.ai.start(self, self._ai_chose, self._ai_stale):
            self.update_status()

    def _ai_chose(self, action: Any) -> None:
        if not self.ended:
            self.commit(action)

    def _ai_stale(self) -> None:
        if not self.ended:
            self.update_status()
            self.maybe_start_ai()

    # --- key actions ---------------------------------------------------------
    def action_move(self, direction: str) -> None:
        if self.playing and self.playback is not None:  # a priority binding: on_key never sees these keys
            self.playback.skip()
            return
        dx, dy = keymap.DIRECTIONS[direction]
        if self.map.move_cursor(dx, dy):
            # in the same handler as the map: the panels go out in the map's frame
            self.update_cursor_panels()
            return
        # at the map's edge a direction key picks a facing that points off the map
        beyond = self.map.step_target(dx, dy)
        view = self.map.view
        if (not (0 <= beyond[0] < view.width and 0 <= beyond[1] < view.height)
                and self.human_side() is not None and self.picker.actions_at(beyond)):
            self.carry_out(self.picker.select(beyond))

    def jump_to_own_unit(self, step: int, *, first: bool = False, centre: bool = False) -> None:
        """Put the cursor on the next (step 1) or previous (-1) unit of the side to play, units
        still to act first; with `first`, on the first of them (whatever is under the cursor)."""
        side = self.human_side()
        if side is None:
            side = next((s for s, seat in sorted(self.seats.items()) if seat == HUMAN), 0)
        own = [u for u in self.map.view.units if u.side == side and u.cells]
        ready = self.picker.ready_units()
        if any(u.uid in ready for u in own):
            own = [u for u in own if u.uid in ready]  # units still to act come first
        if not own:
            return
        uids = [u.uid for u in own]
        current = None if first else self.map.unit_at(self.map.cursor)
        index = uids.index(current.uid) + step if current is not None and current.uid in uids else (0 if step > 0 else -1)
        unit = own[index % len(own)]
        cell = tuple(unit.cells[0])
        if self.map.centre_on(cell) if centre else self.map.set_cursor(cell):
            self.update_cursor_panels()

    def action_pan(self, dx: int, dy: int) -> None:
        if self.map.pan(dx, dy):
            self.update_cursor_panels()
        elif not self.map.scrolls:
            self.notify("The whole map is in view.")

    def action_centre_own(self) -> None:
        self.jump_to_own_unit(1, centre=True)

    def action_next_enemy(self) -> None:
        """Centre on the next unit of another side than the one at the keyboard."""
        side = self.viewer()
        foes = [u for u in self.map.view.units if u.side != (side if side is not None else 0) and u.cells]
        if not foes:
            self.notify("No enemy unit in sight.")
            return
        current = self.map.unit_at(self.map.cursor)
        uids = [u.uid for u in foes]
        index = uids.index(current.uid) + 1 if current is not None and current.uid in uids else 0
        self.map.centre_on(tuple(foes[index % len(foes)].cells[0]))
        self.update_cursor_panels()

    def action_sheet(self) -> None:
        """The full sheet of the unit and cell under the cursor, with the odds of every action there."""
        from tui.dialogs.unit_sheet import UnitSheet

        self.app.push_screen(UnitSheet(*self.sheet_sections()))

    def sheet_sections(self) -> tuple[str, list[tuple[str, list[str]]]]:
        state = self.shown_state()
        col, row = self.map.cursor
        unit = self.map.unit_at((col, row))
        shown = unit.uid if unit is not None else self.picker.selected
        view_unit = next((u for u in self.map.view.units if u.uid == shown), None)
        title = f"{view_unit.name} ({self.side_name(view_unit.side)})" if view_unit else f"Cell ({col},{row})"
        sections: list[tuple[str, list[str]]] = []
        if shown is not None:
            sections.append(("Unit", list(self.ruleset.unit_details(state, shown))))
        sections.append(("Here", [self.ruleset.describe_cell(state, col, row)]))
        for action in self.picker.actions_at((col, row)):
            label = self.ruleset.describe_action(state, action)
            sections.append((f"Odds: {label}", [line for line in self.explain(action, state) if line != label]
                             or ["nothing to roll"]))
        return title, sections

    def action_next_unit(self) -> None:
        self.jump_to_own_unit(1)

    def action_prev_unit(self) -> None:
        self.jump_to_own_unit(-1)

    def action_undo(self) -> None:
        self.travel(back=True)

    def action_redo(self) -> None:
        self.travel(back=False)

    def travel(self, *, back: bool) -> None:
        """Undo (back) or redo one step, as the battle's undo mode allows (core.match): a refused
        undo says why in one line. In practice play against the AI, on to the next position
        where a human decides. The dice travel with the positions: a redone step rolls the same."""
        if self.ai_busy:
            self.notify("Wait until the AI has moved.")
            return
        if back:
            refusal = self.match.undo_refusal(self.viewer())
            if refusal is not None:
                self.notify(refusal, severity="warning")
                return
        elif not self.match.can_redo or self.match.undo_mode == "ironman":
            self.notify("Nothing to redo." if self.match.undo_mode != "ironman" else
                        "This is an ironman battle: nothing can be undone or redone.")
            return
        step = (lambda: self.match.undo(self.viewer())) if back else self.match.redo
        step()
        if self.match.undo_mode == "practice":
            can = (lambda: self.match.can_undo) if back else (lambda: self.match.can_redo)
            while self.ai.any_ai() and can() and self.human_side() is None:
                step()
        arrow, word = ("↶", "undone") if back else ("↷", "redone")
        if self.playback is not None:
            self.playback.skip()
        self.log_note(f"{arrow} {word} to step {self.match.cursor}")
        self.picker.clear()
        self.turns.mark()
        self.refresh_all()

    def action_save(self) -> None:
        from tui.dialogs.save_as import SaveAsDialog

        self.app.push_screen(SaveAsDialog(self.meta.get("name", ""), self.app.saves_dir), self._save_answer)

    def _save_answer(self, name: str | None) -> None:
        if not name:
            return
        from tui import saving

        try:
            path = saving.save_as(self.app, self.match, self.meta, name)
        except Exception as exc:  # reported to the player with the reason
            self.app.show_error("Could not save", str(exc))
            return
        warning = saving.sealed_warning(self.match)
        self.notify(f"Saved to {path}" + (f". {warning}" if warning else ""), severity="warning" if warning else "information")

    def action_log_up(self) -> None:
        self.query_one(BattleLog).scroll_relative(y=-3, animate=False)

    def action_log_down(self) -> None:
        self.query_one(BattleLog).scroll_relative(y=3, animate=False)

    def action_quit(self) -> None:
        self.app.push_screen(
            ConfirmDialog("Leave this battle? It was autosaved at the last turn; s saves it now.", yes="Leave", no="Stay"),
            self._quit_answer,
        )

    # --- picking -------------------------------------------------------------
    def action_select(self) -> None:
        if self.human_side() is None:
            self.notify("The AI is thinking." if self.ai_busy else "Not your turn.")
            return
        self.carry_out(self.picker.select(self.map.cursor))

    def action_cancel(self) -> None:
        if self.picker.cancel():
            self.update_highlights()
            self.update_cursor_panels()

    def action_actions(self) -> None:
        if not self.legal():
            self.notify("Not your turn." if self.match.outcome() is None else "The battle is over.")
            return
        self.choose_from(self.picker.menu_actions(), f"Actions of {self.side_name(self.human_side() or 0)}")

    def carry_out(self, reply: Reply) -> None:
        """Do what the picker answered to a key: commit, open a menu, redraw, or say why not."""
        if reply.action is not None:
            self.commit(reply.action)
        elif reply.menu:
            self.choose_from(list(reply.menu), "Which action here?")
        elif reply.changed:
            self.update_highlights()
            self.update_cursor_panels()
        elif reply.message:
            self.notify(reply.message)

    def choose_from(self, actions: list[Any], title: str) -> None:
        state = self.match.state
        items = [(self.ruleset.describe_action(state, a), a) for a in actions]
        # the menu explains in the state it was opened in (an AI may act meanwhile under sealed orders)
        self.app.push_screen(ActionMenu(title, items, lambda a: self.explain(a, state), self.plugin.action_kind),
                             self._menu_answer)

    def _menu_answer(self, action: Any) -> None:
        if action is None:
            return
        if self.plugin.ends_turn(action):
            self.end_turn(action)
        else:
            self.commit(action)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "end_turn":  # a ruleset with no turn to end (StatWar) shows no end key
            return self.plugin.ends_turn is not rulesets.no_turn_end
        return True

    def action_end_turn(self) -> None:
        """The end key: end the turn or seal the orders, asking first while units have none."""
        ends = [a for a in self.legal() if self.plugin.ends_turn(a)]
        if not ends:
            self.notify("Not your turn." if self.human_side() is None else "There is no turn to end now; a lists what you may do.")
            return
        self.end_turn(ends[0])

    def end_turn(self, action: Any) -> None:
        """Commit `action` (an end of turn), after a question when units could still be ordered."""
        state = self.match.state
        waiting = sorted(uid for uid in self.picker.ready_units() if not self.ruleset.has_order(state, uid))
        if not waiting:
            self.commit(action)
            return
        names = [u.name for u in self.map.view.units if u.uid in waiting]
        question, yes = unordered_question(names, self.plugin.end_words)
        self.app.push_screen(ConfirmDialog(question, yes=yes, no="Back"), lambda sure: self.commit(action) if sure else None)

    def _quit_answer(self, yes: bool | None) -> None:
        if yes:
            self.workers.cancel_group(self, "ai")
            self.dismiss(None)
