"""The match store: a round trip through SQLite, a restart that loses nothing, an append-only
log, two seats writing at once, the time limit, and an export that `skirmish verify` accepts."""

from __future__ import annotations

import random
import sqlite3

import pytest

from core import registry
from core.errors import IllegalAction
from core.ninja.actions import OrderMove, Submit
from core.saves import load_match
from core.seats import seat_state
from tui.cli import main as cli
from tui.host import matches
from tui.host.store import Conflict, HostError, Store

ALICE, BOB, CAROL = "SHA256:alice", "SHA256:bob", "SHA256:carol"


def new_match(store: Store, ruleset: str = "statwar", scenario: str = "duel_25", seed: int = 5,
              undo: str = "fair", limit: int | None = None) -> int:
    store.remember_player(ALICE, "alice", now=1.0)
    store.remember_player(BOB, "bob", now=1.0)
    match_id = store.open_match(ruleset=ruleset, scenario=scenario, seed=seed, armies=[], undo=undo,
                                time_limit=limit, sides=2, player=ALICE, now=100.0)
    assert store.join(match_id, BOB, now=200.0) == 1
    return match_id


def play(store: Store, match_id: int, count: int, seed: int, start: float = 300.0) -> None:
    """`count` random legal actions written through the store as the seats would."""
    rng = random.Random(seed)
    _, hosted = matches.load(store, match_id)
    for i in range(count):
        if hosted.match.outcome() is not None:
            return
        side = rng.choice(hosted.match.to_act())
        matches.commit(store, match_id, hosted, side, "action", rng.choice(hosted.match.legal_actions(side)), now=start + i)


def test_seats_fill_then_the_match_runs(tmp_path):
    store = Store.in_folder(tmp_path)
    store.remember_player(ALICE, "alice")
    store.remember_player(BOB, "bob")
    store.remember_player(CAROL, "carol")
    match_id = store.open_match(ruleset="statwar", scenario="duel_25", seed=5, armies=[], undo="fair",
                                time_limit=None, sides=2, player=ALICE)
    record = store.record(match_id)
    assert record.status == "open" and record.seats == {0: ALICE, 1: None} and record.names == {0: "alice"}
    with pytest.raises(HostError, match="already sit"):
        store.join(match_id, ALICE)
    with pytest.raises(HostError, match="Waiting for every seat"):
        store.append(match_id, 1, "undo", 0, None, 1.0)
    assert store.join(match_id, BOB, now=50.0) == 1
    record = store.record(match_id)
    assert record.status == "running" and record.started == 50.0 and record.names == {0: "alice", 1: "bob"}
    with pytest.raises(HostError, match="no seat is free"):
        store.join(match_id, CAROL)
    assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_restart_loses_no_committed_action(tmp_path):
    store = Store.in_folder(tmp_path)
    match_id = new_match(store)
    play(store, match_id, 12, seed=3)
    _, before = matches.load(store, match_id)
    store.close()  # the host stops; a new one opens the same folder
    again = Store.in_folder(tmp_path)
    record, after = matches.load(again, match_id)
    codec = registry.get("statwar").codec()
    assert record.steps == after.seq == before.seq == 12
    assert after.match.actions == before.match.actions
    assert codec.state_hash(after.match.state) == codec.state_hash(before.match.state)


def test_the_log_is_append_only_and_one_writer_wins_each_place(tmp_path):
    store = Store.in_folder(tmp_path)
    match_id = new_match(store, "ninja", "ash_vs_vine", 3)
    other = Store.in_folder(tmp_path)  # the other seat's process
    _, mine = matches.load(store, match_id)
    _, theirs = matches.load(other, match_id)
    order0 = next(a for a in mine.match.legal_actions(0) if isinstance(a, OrderMove))
    order1 = next(a for a in theirs.match.legal_actions(1) if isinstance(a, OrderMove))
    version = other.data_version()
    matches.commit(store, match_id, mine, 0, "action", order0, now=301.0)
    assert other.data_version() != version  # the other process notices without reading the log
    with pytest.raises(Conflict):
        matches.commit(other, match_id, theirs, 1, "action", order1, now=301.5)
    assert theirs.seq == 0  # nothing applied: it catches up, then writes again
    assert [row.kind for row, _, _ in matches.catch_up(other, match_id, theirs)] == ["action"]
    matches.commit(other, match_id, theirs, 1, "action", order1, now=302.0)
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        store.db.execute("UPDATE actions SET side = 1 WHERE seq = 1")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        store.db.execute("DELETE FROM actions")
    assert [r.seq for r in store.rows(match_id)] == [1, 2]
    with pytest.raises(IllegalAction, match="belongs to another side"):
        matches.commit(store, match_id, mine, 0, "action", Submit(1))


def test_each_seat_sees_only_its_own_orders(tmp_path):
    """Side 1 gives orders; side 2's process, reading the same log, never has them in its view."""
    store = Store.in_folder(tmp_path)
    match_id = new_match(store, "ninja", "ash_vs_vine", 3)
    _, first = matches.load(store, match_id)
    rng = random.Random(8)
    given = []
    for i in range(3):
        orders = [a for a in first.match.legal_actions(0) if isinstance(a, OrderMove) and a.unit not in given]
        order = rng.choice(orders)
        given.append(order.unit)
        matches.commit(store, match_id, first, 0, "action", order, now=300.0 + i)
    _, second = matches.load(Store.in_folder(tmp_path), match_id)
    ninja = registry.get("ninja")
    view = seat_state(ninja, second.match.state, 1)
    assert {p.unit for p in second.match.state.moves} >= set(given)  # the log holds them
    assert not {p.unit for p in view.moves} & set(given) and not {o.unit for o in view.orders} & set(given)


def test_time_runs_out_and_the_other_side_wins(tmp_path):
    store = Store.in_folder(tmp_path)
    match_id = new_match(store, limit=60)
    play(store, match_id, 3, seed=1, start=210.0)
    _, hosted = matches.load(store, match_id)
    due = hosted.match.to_act()[0]
    since = hosted.due_since(due)
    cache: dict = {}
    assert matches.enforce_time_limits(store, cache, now=since + 59) == []
    assert matches.enforce_time_limits(store, cache, now=since + 61) == [match_id]
    record = store.record(match_id)
    names = registry.get("statwar").side_names(hosted.match.state)
    assert record.status == "finished" and record.result == {"winner": 1 - due, "reason": f"{names[due]} ran out of time"}
    with pytest.raises(HostError, match="not running"):
        matches.commit(store, match_id, hosted, due, "action", hosted.match.legal_actions(due)[0])


def test_a_seat_is_held_by_one_connection_at_a_time(tmp_path):
    store = Store.in_folder(tmp_path)
    match_id = new_match(store)
    assert store.claim(match_id, 1, "old", now=500.0) is None
    assert store.record(match_id).present(1, 501.0)
    assert store.claim(match_id, 1, "new", now=502.0) == "old"  # the newer connection takes over
    assert not store.heartbeat(match_id, 1, "old", now=503.0) and store.heartbeat(match_id, 1, "new", now=503.0)
    assert not store.record(match_id).present(1, 503.0 + 60)  # silent too long
    store.release("new")
    assert not store.record(match_id).present(1, 503.5)


def test_export_is_a_save_verify_log_and_replay_accept(tmp_path, capsys):
    store = Store.in_folder(tmp_path)
    match_id = new_match(store, "statwar", "duel_25", 7)
    play(store, match_id, 400, seed=7)
    record, hosted = matches.load(store, match_id)
    assert hosted.match.outcome() is not None and record.status == "finished"
    assert store.record(match_id).result is not None
    store.close()
    path = tmp_path / "match.json"
    assert cli(["host", "export", str(match_id), str(path), "--data", str(tmp_path)]) == 0
    match = load_match(path)
    assert match.actions == hosted.match.actions
    capsys.readouterr()
    assert cli(["verify", str(path)]) == 0
    assert cli(["log", str(path)]) == 0
    assert "wins" in capsys.readouterr().out
    assert cli(["host", "list", "--data", str(tmp_path)]) == 0
    assert f"#{match_id} statwar / duel_25" in capsys.readouterr().out
    assert cli(["host", "export", "99", str(path), "--data", str(tmp_path)]) == 1
    assert "There is no match 99." in capsys.readouterr().err


def test_the_host_takes_a_bounded_number_of_players(capsys):
    for bad, reason in (("0", "0 players: give 1 to 1000"), ("5000", "5000 players: give 1 to 1000"), ("many", "'many' is not a number of players")):
        assert cli(["host", "--max-players", bad]) == 2
        assert reason in capsys.readouterr().err
