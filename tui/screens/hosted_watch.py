"""Watching a hosted match: the replay viewer on a match that grows while you watch.

A spectator sees the public view (core.seats, seat None): sealed orders of the
phase being decided stay hidden until they resolve. New actions arrive from the
match store as they are committed; at the last step the view follows them, each
played on the map as the replay plays a step (at the Options' pace), and
stepping back with the replay keys stays where it is while the match goes on
(End catches up). A move taken back by its seat is taken back here too.
"""

from __future__ import annotations

from typing import Any

from core.hosting import HostedMatch
from core.match import Match
from core.seats import SPECTATOR, secret_steps
from tui.host import matches
from tui.host.store import MatchRecord
from tui.screens.replay import ReplayScreen
from tui.widgets.map import BattleMap
from tui.widgets.panels import StatusLine

POLL = 0.025


def _view_of(hosted: HostedMatch, undo: str) -> Match:
    """The standing actions of the hosted match as a Match of their own, for the viewer's cursor."""
    source = hosted.match
    return Match.replay(source.ruleset, source.initial, list(source.actions), undo)


class WatchScreen(ReplayScreen):
    HELP_TITLE = "Watching a match"

    def __init__(self, identity: Any, record: MatchRecord, hosted: HostedMatch) -> None:
        view = _view_of(hosted, record.undo)
        meta = {"scenario": record.scenario, "seed": record.seed, "name": f"match-{record.id}"}
        super().__init__(view, meta)
        self.identity = identity
        self.store = identity.store
        self.record = record
        self.hosted = hosted
        self.match_id = record.id
        self._version: int | None = None

    def help_guide(self) -> str:
        return (
            "You are watching a match as it is played, from the public seat: sealed orders\n"
            "show once they resolve. Left/Right step through what has happened, Home/End\n"
            "jump; at the last step new moves appear as they are made. q leaves."
        )

    def on_mount(self) -> None:  # the replay viewer's own set-up runs after this (Textual calls both)
        if self.query(BattleMap):
            self.set_interval(POLL, self.poll)

    def poll(self) -> None:
        version = self.store.data_version()
        if version == self._version:
            return
        self._version = version
        if not matches.catch_up(self.store, self.match_id, self.hosted):
            return
        standing = list(self.hosted.match.actions)
        seen = list(self.match.all_actions)
        live = self.match.cursor == self.match.steps and not self.playing
        unfold = False  # live, and new moves came: they play on the map one step after another
        if standing[: len(seen)] == seen:
            here = self.match.cursor
            self.match.jump(self.match.steps)
            for action in standing[len(seen):]:
                self.match.apply(action)
            unfold = live and self.app.settings.playback != "off"
            if not live or unfold:
                self.match.jump(here)
        else:  # a seat took a move back: the view starts again from the standing actions
            here = min(self.match.cursor, len(standing))
            self.match = _view_of(self.hosted, self.record.undo)
            self.match.jump(len(standing) if live else here)
            self._logged = -1
        here = self.match.cursor
        self.match.jump(self.match.steps)
        secret = secret_steps(self.match, SPECTATOR)
        self._over = self.match.outcome() is not None
        self.match.jump(here)
        if secret != self._secret or self._logged > self.match.cursor:  # resolved orders: write the log anew
            self._logged = -1
        self._secret = secret
        if unfold:
            while self.match.cursor < self.match.steps:
                self.step_forward()
        else:
            self.show()

    def show(self) -> None:
        super().show()
        live = "live" if self.match.cursor == self.match.steps else "End: back to live"
        self.query_one(StatusLine).update(
            f"Watching #{self.match_id}: {self.match.cursor}/{self.match.steps}\n"
            f"round {self.ruleset.round_number(self.shown_state())}, {live}")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "take_over"  # the match belongs to its players: a spectator only watches

    def action_take_over(self) -> None:
        self.notify("This match belongs to its players: a spectator only watches.")
