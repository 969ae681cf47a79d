"""Hosted play on screen: the lobby's flows, a seat that follows the other seat live without
ever showing its sealed orders, a spectator who steps back while the match goes on, a seat
taken over by a newer connection, and a match lost on time.

The other seat is played by writing to the same store from outside the app, as
the other player's game process would.
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

from core import registry
from core.ninja.actions import OrderAction, OrderMove, Submit
from tests.tui.conftest import make_app
from tests.tui.test_fair_play_screens import screen_text
from tui.dialogs.message import MessageDialog
from tui.host import matches
from tui.host.server import MIN_COLS, MIN_ROWS
from tui.host.session import Identity
from tui.host.store import Store
from tui.screens.hosted_battle import HostedBattleScreen
from tui.screens.hosted_watch import WatchScreen
from tui.screens.lobby import LobbyScreen
from tui.widgets.panels import BattleLog

ALICE, BOB, CAROL = "SHA256:alice", "SHA256:bob", "SHA256:carol"
NINJA = registry.get("ninja")


def store_with_players(data: Path) -> Store:
    store = Store.in_folder(data)
    for player, name in ((ALICE, "alice"), (BOB, "bob"), (CAROL, "carol")):
        store.remember_player(player, name, now=1.0)
    return store


def open_match(store: Store, player: str, ruleset: str = "ninja", scenario: str = "ash_vs_vine",
               join: str | None = None, limit: int | None = None) -> int:
    match_id = store.open_match(ruleset=ruleset, scenario=scenario, seed=3, armies=[], undo="fair",
                                time_limit=limit, sides=2, player=player, now=10.0)
    if join is not None:
        store.join(match_id, join, now=20.0)
    return match_id


def hosted_app(tmp_path: Path, player: str = ALICE, name: str = "alice", session: str = "s-alice"):
    return make_app(tmp_path, hosted=Identity(tmp_path / "data", player, name, session))


async def until(pilot, check, tries: int = 100) -> None:
    for _ in range(tries):
        if check():
            return
        await pilot.pause(0.02)
    raise AssertionError("the screen never caught up with the store")


async def test_the_lobby_lists_matches_and_opens_one_by_keys(tmp_path):
    store = store_with_players(tmp_path / "data")
    theirs = open_match(store, CAROL)
    app = hosted_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        await until(pilot, lambda: app.screen.selected() is not None)
        assert app.screen.selected().id == theirs  # the first match listed: carol's, open
        # n: statwar, its first scenario, each side's own army, fair undo, 3 minutes a turn
        await pilot.press("n", "enter", "enter", "enter", "enter", "enter", "down", "down", "enter")
        await until(pilot, lambda: isinstance(app.screen, HostedBattleScreen))
        screen = app.screen
        record = store.record(screen.match_id)
        assert (record.ruleset, record.scenario, record.undo, record.time_limit) == ("statwar", "border_50", "fair", 180)
        assert record.status == "open" and record.seats == {0: ALICE, 1: None} and screen.side == 0
        assert screen.human_side() is None  # nobody plays before every seat is taken
        assert "Waiting for players" in screen_text(screen)
        store.join(record.id, BOB)  # bob joins from his terminal: the battle begins here
        await until(pilot, lambda: screen.record.status == "running")
        assert "the battle begins" in screen_text(screen).lower()
        # a move lands from the other process: the log is shown again from the story, and the
        # notes written before it stay (they were once taken back: only the story is kept)
        _, theirs = matches.load(Store.in_folder(tmp_path / "data"), record.id)
        side = theirs.match.to_act()[0]
        matches.commit(Store.in_folder(tmp_path / "data"), record.id, theirs, side, "action",
                       theirs.match.legal_actions(side)[0])
        await until(pilot, lambda: screen.match.cursor == 1)
        written = screen.query_one(BattleLog).written
        assert "The battle begins." in written and any("match #" in line for line in written), written
        assert (screen.human_side() == 0) == (0 in screen.match.to_act())
        await pilot.press("q", "enter")  # back to the lobby: the match is listed as yours
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert app.screen.selected() is not None


async def test_enter_joins_an_open_match_resumes_yours_and_watches_the_others(tmp_path):
    store = store_with_players(tmp_path / "data")
    watched = open_match(store, BOB, join=CAROL)
    mine = open_match(store, BOB, join=ALICE)
    free = open_match(store, CAROL)
    app = hosted_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.screen.selected() is not None)
        assert app.screen.selected().id == mine
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, HostedBattleScreen))
        assert app.screen.side == 1 and app.screen.match_id == mine
        await pilot.press("q", "enter")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.press("down", "enter")  # the open one of carol's: alice joins it
        await until(pilot, lambda: isinstance(app.screen, HostedBattleScreen))
        assert app.screen.match_id == free and store.record(free).seats == {0: CAROL, 1: ALICE}
        assert store.record(free).status == "running"
        await pilot.press("q", "enter")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        lobby = app.screen
        await until(pilot, lambda: lobby.selected() is not None and lobby.selected().id == free)
        await pilot.press("down", "down", "enter")  # bob v carol: alice watches
        await until(pilot, lambda: isinstance(app.screen, WatchScreen))
        assert app.screen.match_id == watched


async def test_a_seat_follows_the_other_live_and_never_shows_its_sealed_orders(tmp_path):
    store = store_with_players(tmp_path / "data")
    match_id = open_match(store, ALICE, join=BOB)
    app = hosted_app(tmp_path, BOB, "bob", "s-bob")
    other = Store.in_folder(tmp_path / "data")  # alice's game process
    async with app.run_test(size=(80, 24)) as pilot:
        record, hosted = matches.load(store, match_id)
        screen = HostedBattleScreen(app.hosted, record, hosted, 1)
        app.push_screen(screen)
        await pilot.pause()
        _, alices = matches.load(other, match_id)
        rng = random.Random(5)
        secret = []
        for _ in range(3):
            order = rng.choice([a for a in alices.match.legal_actions(0) if isinstance(a, (OrderMove, OrderAction))])
            secret.append(NINJA.describe_action(alices.match.state, order))
            matches.commit(other, match_id, alices, 0, "action", order)
        matches.commit(other, match_id, alices, 0, "action", Submit(0))
        await until(pilot, lambda: screen.match.cursor == 4)
        text = screen_text(screen)
        assert "Ash 10 sealed orders for 3 ninja and submitted" in text  # the log folds the sealed orders
        assert not any(words in text for words in secret)
        assert not {p.unit for p in screen.shown_state().moves} & {p.unit for p in alices.match.state.moves}
        assert screen.human_side() == 1
        # bob gives an order and takes it back (fair undo): both are rows alice's process reads
        order = next(a for a in screen.legal() if isinstance(a, OrderMove))
        assert screen.commit(order)
        await pilot.press("z")
        assert screen.match.cursor == 4 and [r.kind for r in store.rows(match_id)][-2:] == ["action", "undo"]
        assert [row.kind for row, _, _ in matches.catch_up(other, match_id, alices)] == ["action", "undo"]
        await pilot.press("x")  # no redo in hosted play
        assert screen.match.cursor == 4


async def test_a_newer_connection_takes_the_seat_and_the_older_is_told(tmp_path):
    store = store_with_players(tmp_path / "data")
    match_id = open_match(store, ALICE, join=BOB)
    app = hosted_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.screen.selected() is not None)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, HostedBattleScreen))
        assert store.record(match_id).sessions[0] == "s-alice"
        Store.in_folder(tmp_path / "data").claim(match_id, 0, "s-newer")
        await until(pilot, lambda: isinstance(app.screen, MessageDialog))
        assert app.screen.title_text == "Seat taken over"
        await pilot.press("enter")
        assert isinstance(app.screen, LobbyScreen)


async def test_a_side_out_of_time_loses_and_is_told(tmp_path):
    store = store_with_players(tmp_path / "data")
    match_id = open_match(store, ALICE, ruleset="statwar", scenario="duel_25", join=BOB, limit=60)
    app = hosted_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        record, hosted = matches.load(store, match_id)
        due = hosted.match.to_act()[0]
        screen = HostedBattleScreen(app.hosted, record, hosted, due)
        app.push_screen(screen)
        await pilot.pause()
        assert "you 0:00" in screen_text(screen)  # opened long ago: the clock has run out
        ended = matches.enforce_time_limits(Store.in_folder(tmp_path / "data"), {})
        assert ended == [match_id]
        await until(pilot, lambda: isinstance(app.screen, MessageDialog))
        assert "ran out of time. You lose." in app.screen.body
        assert screen.human_side() is None


async def test_a_spectator_follows_live_and_steps_back_while_the_match_goes_on(tmp_path):
    store = store_with_players(tmp_path / "data")
    match_id = open_match(store, BOB, ruleset="statwar", scenario="duel_25", join=CAROL)
    app = hosted_app(tmp_path)
    writer = Store.in_folder(tmp_path / "data")
    _, theirs = matches.load(writer, match_id)

    def play_one() -> None:
        side = theirs.match.to_act()[0]
        matches.commit(writer, match_id, theirs, side, "action", theirs.match.legal_actions(side)[0])

    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.screen.selected() is not None)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, WatchScreen))
        screen = app.screen
        for _ in range(2):
            play_one()
        await until(pilot, lambda: screen.match.steps == 2)
        assert screen.match.cursor == 2  # live: it follows
        await pilot.press("left")
        play_one()
        await until(pilot, lambda: screen.match.steps == 3)
        assert screen.match.cursor == 1  # stepped back: it stays there
        await pilot.press("end")
        assert screen.match.cursor == 3
        await pilot.press("t")
        assert isinstance(app.screen, WatchScreen)  # a spectator cannot take over
        play_one()  # the last unit deployed
        await until(pilot, lambda: screen.match.steps == 4)
        # live, with playback on: a move plays on the map, its state already there
        app.settings = dataclasses.replace(app.settings, playback="slow")
        side = theirs.match.to_act()[0]
        move = next(a for a in theirs.match.legal_actions(side) if getattr(a, "to", None) is not None)
        matches.commit(writer, match_id, theirs, side, "action", move)
        await until(pilot, lambda: screen.match.steps == 5)
        assert screen.match.cursor == 5 and screen.playing


async def test_random_keys_and_sizes_in_hosted_play_neither_crash_nor_freeze(tmp_path):
    """A seeded monkey in the lobby, at a seat and watching (as garbage typed over SSH would be),
    with the other seat writing to the store meanwhile."""
    from tests.tui.test_monkey import KEYS, idle, send_key

    store = store_with_players(tmp_path / "data")
    mine = open_match(store, ALICE, join=BOB)
    open_match(store, BOB, ruleset="statwar", scenario="duel_25", join=CAROL)
    open_match(store, CAROL, ruleset="commanders", scenario="pass_duel")
    app = hosted_app(tmp_path)
    rng = random.Random(17)
    quits: list = []
    seen: set[str] = set()
    async with app.run_test(size=(80, 24)) as pilot:
        app.exit = lambda *args, **kwargs: quits.append(args)  # a confirmed quit is counted, not obeyed
        for burst in range(4):
            if burst == 1:  # keep the seat in play, whatever the monkey opened
                record, hosted = matches.load(store, mine)
                app.push_screen(HostedBattleScreen(app.hosted, record, hosted, 0))
            if burst in (2, 3):  # the smallest window the host lets the game see, and back
                await pilot.resize_terminal(*((MIN_COLS, MIN_ROWS) if burst == 2 else (80, 24)))
            for _ in range(30):
                send_key(app, rng.choice(KEYS + ["n", "w"] * 3))
                if rng.random() < 0.1:
                    await idle(pilot, f"hosted burst {burst}")
                    seen.update(type(s).__name__ for s in app.screen_stack)
            await idle(pilot, f"hosted burst {burst}")
        await pilot.resize_terminal(80, 24)
        await idle(pilot, "the end")
        assert app.is_running
        assert {"LobbyScreen", "HostedBattleScreen", "WatchScreen"} <= seen


def test_a_finished_match_is_listed_by_who_won_and_why(tmp_path):
    from tui.screens.lobby import state_words

    store = store_with_players(tmp_path / "data")
    match_id = open_match(store, ALICE, ruleset="statwar", scenario="duel_25", join=BOB)
    store.finish(match_id, {"winner": 1, "reason": "Rangers has no units left"})
    record = store.record(match_id)
    assert state_words(record, BOB) == "over: you won"
    assert state_words(record, ALICE) == state_words(record, CAROL) == "over: bob won"
    drawn = open_match(store, ALICE, ruleset="statwar", scenario="duel_25", join=BOB)
    store.finish(drawn, {"winner": None, "reason": "the round limit"})
    assert state_words(store.record(drawn), CAROL) == "over: a draw"


async def test_the_other_seats_move_plays_on_the_map_as_an_ai_move_would(tmp_path):
    """A move the other player commits is played out on this seat's map (the unit's path, the
    hit), not only written in the log: before, it jumped there at once."""
    from core.ai import Player

    store = store_with_players(tmp_path / "data")
    match_id = open_match(store, ALICE, ruleset="statwar", scenario="duel_25", join=BOB)
    app = hosted_app(tmp_path, BOB, "bob", "s-bob")
    other = Store.in_folder(tmp_path / "data")  # alice's game process
    async with app.run_test(size=(80, 24)) as pilot:
        app.settings = dataclasses.replace(app.settings, playback="slow")
        _, alices = matches.load(other, match_id)
        statwar, ai = registry.get("statwar"), Player("normal", 1)
        # both deploy (whoever the coin lets begin), up to alice's first move
        while alices.match.state.phase != "battle" or alices.match.to_act() != (0,):
            side = alices.match.to_act()[0]
            matches.commit(other, match_id, alices, side, "action", ai.choose(statwar, alices.match.state, side))
        record, hosted = matches.load(store, match_id)
        screen = HostedBattleScreen(app.hosted, record, hosted, 1)
        app.push_screen(screen)
        await pilot.pause()
        step = screen.match.cursor
        move = next(a for a in alices.match.legal_actions(0) if getattr(a, "to", None) is not None)
        matches.commit(other, match_id, alices, 0, "action", move)
        await until(pilot, lambda: screen.match.cursor == step + 1)
        assert screen.playing  # the move plays out; the state is already the one after it
        assert screen.match.state == alices.match.state
        await pilot.press("space")  # any key skips to the end
        await until(pilot, lambda: not screen.playing)
        # and this seat's own move plays on its map too
        own = next(a for a in screen.legal() if getattr(a, "to", None) is not None)
        assert screen.commit(own)
        assert screen.playing and screen.match.state == matches.load(other, match_id)[1].match.state
