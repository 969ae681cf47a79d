"""Two players at one keyboard: what each seat sees around a hand-over.

A round's summary is for every seat, so it opens before the keyboard is handed over;
the next seat does not find the cursor where the last one pointed its sealed orders;
a round that ends without anything to play (a seal, an end of turn) opens its summary
at once, not at the next playback.
"""

from __future__ import annotations

import dataclasses
import random

from core import registry
from core.match import Match
from tests.tui.conftest import make_app
from tests.tui.story_cases import before_death
from tui import playback
from tui.dialogs.hand_over import HandOverDialog
from tui.screens.battle import BattleScreen
from tui.screens.story import RoundSummaryScreen


async def open_hotseat(pilot, app, match, name, pace="fast"):
    app.apply_settings(dataclasses.replace(app.settings, playback=pace))
    screen = BattleScreen(match, {0: "human", 1: "human"}, {"scenario": name, "seed": 0})
    app.push_screen(screen)
    for _ in range(4):
        await pilot.pause()
    if isinstance(app.screen, HandOverDialog):
        await pilot.press("enter")
        await pilot.pause()
    return screen


async def test_the_round_summary_opens_before_the_hand_over(tmp_path, monkeypatch):
    monkeypatch.setitem(playback.PACES, "fast", 3600.0)
    match, deadly = before_death("ninja")  # the last seal of a round's action phase
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_hotseat(pilot, app, match, "ash_vs_vine")
        round_before = match.ruleset.round_number(match.state)
        assert screen.commit(deadly)
        assert match.ruleset.round_number(match.state) == round_before + 1
        await pilot.pause()
        assert screen.playing
        await pilot.press("space")  # skips the playback
        await pilot.pause()
        assert isinstance(app.screen, RoundSummaryScreen), "both seats read the round before the hand-over"
        assert f"Round {round_before}" in str(app.screen.query_one("#summary-title").render())
        await pilot.press("space")
        await pilot.pause()
        assert isinstance(app.screen, HandOverDialog), "then the keyboard goes to the next seat"


def seal(match: Match):
    return next(a for a in match.legal_actions(match.to_act()[0]) if type(a).__name__ == "Submit")


async def test_the_next_seat_does_not_find_the_cursor_where_the_last_one_left_it(tmp_path):
    ruleset = registry.get("ninja")
    match = Match(ruleset, ruleset.new_battle(ruleset.load_scenario("ash_vs_vine"), 3))
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_hotseat(pilot, app, match, "ash_vs_vine", pace="off")
        first = match.to_act()[0]
        # the first seat orders one ninja to run, and leaves its cursor on the hex it chose
        order = max((a for a in match.legal_actions(first) if type(a).__name__ == "OrderMove" and a.mode == "run"),
                    key=lambda a: a.q)
        assert screen.commit(order)
        screen.map.set_cursor((order.q, order.r))
        left_at = screen.map.cursor
        assert screen.commit(seal(match))
        await pilot.pause()
        assert isinstance(app.screen, HandOverDialog)
        second = match.to_act()[0]
        unit = screen.map.unit_at(screen.map.cursor)
        assert screen.map.cursor != left_at
        assert unit is not None and unit.side == second, "the cursor waits on the next seat's own ninja"


def round_ending_end_turn(name: str, seed: int) -> tuple[Match, object]:
    """A battle of `name` played at random until the side to act may end the round by ending
    its turn; that end of turn."""
    ruleset = registry.get(name)
    scenario = {"statwar": "duel_25", "commanders": "coastal_raid"}[name]
    match = Match(ruleset, ruleset.new_battle(ruleset.load_scenario(scenario), seed))
    rng = random.Random(seed)
    for _ in range(600):
        side = match.to_act()[0]
        legal = match.legal_actions(side)
        ends = [a for a in legal if type(a).__name__ == "EndTurn"]
        if ends and match.outcome() is None:
            after = ruleset.apply(match.state, ends[0])[0]
            if ruleset.round_number(after) > ruleset.round_number(match.state) and ruleset.round_number(match.state) > 1:
                return match, ends[0]
        match.apply(rng.choice([a for a in legal if a not in ends] or legal))
    raise AssertionError(f"{name}: no end of turn closed a round")


async def test_a_round_that_ends_with_nothing_to_play_opens_its_summary_at_once(tmp_path):
    match, end = round_ending_end_turn("commanders", 2)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_hotseat(pilot, app, match, "coastal_raid")
        round_before = match.ruleset.round_number(match.state)
        assert screen.commit(end)
        await pilot.pause()
        assert not screen.playing
        assert isinstance(app.screen, RoundSummaryScreen), "the round's summary, now"
        assert f"Round {round_before}" in str(app.screen.query_one("#summary-title").render())
