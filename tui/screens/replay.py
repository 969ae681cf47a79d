"""The replay viewer: step through a saved battle, play it back, or take over from any step.

The viewer moves the Match cursor only; "take over" cuts the recording at the
cursor and opens the battle screen there, so the rest is played, not watched.
A battle whose meta says `take_over_refused` (a run's battle: tui.screens.run_replays)
is only watched; take-over says that reason instead.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer

from core.match import Match
from core.seats import SPECTATOR, action_text, secret_steps
from tui import keymap, playback, saving, story
from tui.dialogs.round_ask import RoundDialog
from tui.widgets.footer import Footer
from tui.widgets.map import BattleMap
from tui.widgets.panels import BattleLog, InfoLine, PanelBox, StatusLine, UnitPanel, fit_side

SPEEDS = (2.0, 1.0, 0.5, 0.25, 0.1)  # seconds per step


def open_replay(app: Any, path: Path) -> None:
    try:
        match, meta = saving.load(path)
    except Exception as exc:  # SaveError names the first diverging action
        app.show_error(f"Cannot open {path.name}", str(exc))
        return
    match.jump(0)
    app.push_screen(ReplayScreen(match, meta))


class ReplayScreen(Screen[None]):
    HELP_TITLE = "Replay"
    BINDINGS = [
        keymap.binding("replay.play", "play"),
        keymap.binding("replay.forward", "forward"),
        keymap.binding("replay.back", "back"),
        keymap.binding("replay.start", "start"),
        keymap.binding("replay.end", "end"),
        keymap.binding("replay.faster", "faster"),
        keymap.binding("replay.slower", "slower"),
        keymap.binding("replay.round", "round"),
        keymap.binding("replay.take_over", "take_over"),
        keymap.binding("replay.quit", "close"),
        keymap.binding("replay.pan_left", "pan(-1, 0)"),
        keymap.binding("replay.pan_right", "pan(1, 0)"),
        keymap.binding("replay.pan_up", "pan(0, -1)"),
        keymap.binding("replay.pan_down", "pan(0, 1)"),
    ]
    #: cells (columns of cells, and rows) one pan key moves the view
    PAN_STEP = (4, 3)

    def __init__(self, match: Match, meta: dict[str, Any]) -> None:
        super().__init__()
        self.match = match
        self.ruleset = match.ruleset
        self.meta = meta
        self.speed = 1
        self.timer: Timer | None = None
        self._logged = -1
        self._entries: dict[int, story.Entry] = {}
        self.playback: playback.MapPlayback | None = None  # set up on mount
        # A replay is watched from the spectator's seat, as of the recording's last step: orders
        # sealed in a phase the file leaves open stay hidden (core.seats); a finished battle hides nothing.
        here = match.cursor
        match.jump(match.steps)
        self._secret = secret_steps(match, SPECTATOR)
        self._over = match.outcome() is not None
        match.jump(here)

    def help_guide(self) -> str:
        take_over = ("t takes over: the battle continues from\n"
                     "this step as a game you play (the recorded rest is dropped).\n")
        if self.meta.get("take_over_refused"):
            take_over = "t (take over) is off here.\n" + str(self.meta["take_over_refused"]) + "\n"
        return (
            "Space plays or pauses; Right/Left step; Home/End jump to the start/end; + and -\n"
            "change the speed; r jumps to a round; " + take_over +
            "Each step's events play on the map at the pace set in Options; any key skips.\n"
            "Shift+arrows (or H J K L) pan a map wider or taller than the screen."
        )

    def shown_state(self) -> Any:
        """The state at the cursor as the spectator may know it."""
        state = self.match.state
        return state if self._over else self.ruleset.seat_view(state, SPECTATOR)

    def compose(self) -> ComposeResult:
        view = self.ruleset.board_view(self.shown_state())
        with Horizontal(id="battle-top"):
            yield BattleMap(view, id="battle-map")
            with Vertical(id="battle-side"):
                yield StatusLine(id="battle-status")
                with PanelBox(id="unit-box"):
                    yield UnitPanel(id="unit-panel")
        yield InfoLine(id="info-line")
        yield BattleLog(id="battle-log")
        yield Footer()

    def on_resize(self, event) -> None:
        # a narrow terminal gives the map every column it can spare
        for side in self.query("#battle-side"):  # none while the screen is being taken down
            side.styles.width = fit_side(event.size.width, self.query_one(BattleMap).drawn_width)

    def on_mount(self) -> None:
        if not self.query(BattleMap):  # closed before it was mounted
            return
        battle_map = self.query_one(BattleMap)
        battle_map.side_styles = self.app.side_styles
        battle_map.colour = self.app.settings.theme != "monochrome"
        self.playback = playback.MapPlayback(self, battle_map, self.query_one(InfoLine), self.show)
        self.show()

    @property
    def playing(self) -> bool:
        """Whether a step's events are being played on the map now."""
        return self.playback is not None and self.playback.running

    def on_key(self, event) -> None:
        """Any key during a step's playback skips to its end (and does nothing else)."""
        if self.playing and self.playback is not None:
            event.stop()
            event.prevent_default()
            self.playback.skip()

    def step_forward(self) -> None:
        """One step on, its events played on the map from the board as it was."""
        if self.match.cursor >= self.match.steps:
            return
        before = self.query_one(BattleMap).view
        self.match.jump(self.match.cursor + 1)
        beats = story.step_beats(self.match, self.match.cursor)
        self.show()
        if self.playback is not None and self.match.cursor not in self._secret:
            self.playback.play(playback.frames(before, beats), self.app.settings.playback)

    def action_pan(self, dx: int, dy: int) -> None:
        """Move the view over the map by a few whole cells (the cursor stays where it is)."""
        battle_map = self.query_one(BattleMap)
        step_x, step_y = self.PAN_STEP
        width, height = battle_map.viewport
        map_width, map_height = battle_map.virtual_size
        x = min(max(int(battle_map.scroll_x) + dx * step_x * battle_map.cell_width, 0), max(0, map_width - width))
        y = min(max(int(battle_map.scroll_y) + dy * step_y, 0), max(0, map_height - height))
        battle_map.scroll_to(x, y, animate=False, force=True, immediate=True)

    def show(self) -> None:
        state = self.shown_state()
        battle_map = self.query_one(BattleMap)
        if not self.playing:  # a playback draws its own frames, then calls show again
            battle_map.set_view(self.ruleset.board_view(state))
        playing = "playing" if self.timer is not None else "paused"
        self.query_one(StatusLine).show_text(
            f"Replay step {self.match.cursor}/{self.match.steps}\n"
            f"round {self.ruleset.round_number(state)}, {playing}, {SPEEDS[self.speed]}s a step"
        )
        self.query_one(UnitPanel).show("Last action", self._last_action_lines())
        col, row = battle_map.cursor
        if not self.playing:
            self.query_one(InfoLine).update(self.ruleset.describe_cell(state, col, row))
        self._follow_log()

    def _last_action_lines(self) -> list[str]:
        step = self.match.cursor
        if step == 0:
            return ["The start of the battle."]
        state = self.match.state_at(step)
        lines = [action_text(self.match, step, SPECTATOR, self._secret)]
        lines += [self.ruleset.describe_event(state, e) for e in self.match.events_at(step)]
        return lines

    def _follow_log(self) -> None:
        """The log shows every step up to the cursor, so it reads as the battle did."""
        if self._logged == self.match.cursor:
            return
        entries = [self._entry(step) for step in range(1, self.match.cursor + 1)]
        names = self.ruleset.side_names(self.match.state)
        self.query_one(BattleLog).show_lines(
            story.story_lines(entries, lambda side: names[side] if 0 <= side < len(names) else f"side {side + 1}"))
        self._logged = self.match.cursor

    def _entry(self, step: int) -> story.Entry:
        """A step in the log's words (tui.story), worked out once per step."""
        entry = self._entries.get(step)
        if entry is None:
            words = f"{step}. " + action_text(self.match, step, SPECTATOR, self._secret)
            entry = self._entries[step] = story.Entry(story.step_beats(self.match, step), words)
        return entry

    # --- keys ----------------------------------------------------------------
    def action_play(self) -> None:
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
        else:
            if self.match.cursor >= self.match.steps:
                self.match.jump(0)
            self.timer = self.set_interval(SPEEDS[self.speed], self._tick)
        self.show()

    def _tick(self) -> None:
        if self.playing:  # the step before is still being played: this tick waits for it
            return
        if self.match.cursor >= self.match.steps:
            self.action_play()
            return
        self.step_forward()

    def action_forward(self) -> None:
        self.step_forward()
        self.show()

    def action_back(self) -> None:
        if self.match.cursor > 0:
            self.match.jump(self.match.cursor - 1)
        self.show()

    def action_start(self) -> None:
        self.match.jump(0)
        self.show()

    def action_end(self) -> None:
        self.match.jump(self.match.steps)
        self.show()

    def _set_speed(self, index: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, index))
        if self.timer is not None:
            self.timer.stop()
            self.timer = self.set_interval(SPEEDS[self.speed], self._tick)
        self.show()

    def action_faster(self) -> None:
        self._set_speed(self.speed + 1)

    def action_slower(self) -> None:
        self._set_speed(self.speed - 1)

    def action_round(self) -> None:
        last = self.ruleset.round_number(self.match.state_at(self.match.steps))
        self.app.push_screen(RoundDialog(last), self._go_to_round)

    def _go_to_round(self, wanted: int | None) -> None:
        if wanted is None:
            return
        for step in range(self.match.steps + 1):
            if self.ruleset.round_number(self.match.state_at(step)) >= wanted:
                self.match.jump(step)
                break
        self.show()

    def action_take_over(self) -> None:
        if self.timer is not None:
            self.action_play()
        refused = self.meta.get("take_over_refused")
        if refused:
            self.notify(str(refused), title="Not taken over", severity="warning")
            return
        if self.match.outcome() is not None:
            self.notify("The battle is over at this step; step back to take over earlier.")
            return
        self.match.truncate()
        seats = dict(self.meta.get("seats", {}))
        if not any(seat == "human" for seat in seats.values()):
            seats[0] = "human"
        meta = dict(self.meta)
        meta["name"] = f"{meta.get('name', 'replay')}-takeover"
        # a new battle with its own autosave: the recording it came from is never overwritten
        meta["battle"] = saving.new_battle_id(source=str(self.meta.get("name", "replay")))
        self.dismiss(None)
        self.app.show_battle(self.match, seats, meta)

    def action_close(self) -> None:
        if self.timer is not None:
            self.timer.stop()
        self.dismiss(None)
