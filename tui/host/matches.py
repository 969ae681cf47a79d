"""Matches between the store and the rules: build a hosted match from its record and rows,
write a seat's action, keep the time limits, export a save. No Textual here.

Every process that shows a match (each seat's, each spectator's) rebuilds it the
same way: the first state from the record's setup, then every row of the log
through core.hosting (rows the rules refuse cannot be written: a seat checks
its row before writing it, and `HostedMatch.add` checks again on reading).
"""

from __future__ import annotations

import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from core import registry, saves
from core.errors import IllegalAction
from core.hosting import HostedMatch, Row
from core.match import Match
from tui.host.store import MatchRecord, Store, StoredRow


def first_state(record: MatchRecord) -> Any:
    """The match's first state from its setup: the scenario, the armies brought, the seed."""
    ruleset = registry.get(record.ruleset)
    setup = ruleset.load_scenario(record.scenario)
    for i, (side, document) in enumerate(record.armies):
        army = ruleset.army_from_document(document, f"armies[{i}]")
        setup = ruleset.with_army(setup, side, army, f"armies[{i}]")
    return ruleset.new_battle(setup, record.seed)


def decode(ruleset: Any, row: StoredRow) -> Row:
    action = ruleset.codec().decode_action(row.action) if row.action is not None else None
    return Row(row.seq, row.kind, row.side, action, row.at)


def load(store: Store, match_id: int) -> tuple[MatchRecord, HostedMatch]:
    """A match's record and its HostedMatch with every row of its log applied."""
    record = store.record(match_id)
    ruleset = registry.get(record.ruleset)
    hosted = HostedMatch(Match(ruleset, first_state(record), record.undo), record.started)
    hosted.add_all(decode(ruleset, row) for row in store.rows(match_id))
    return record, hosted


def catch_up(store: Store, match_id: int, hosted: HostedMatch) -> list[tuple[Row, tuple[Any, ...], int]]:
    """Apply the rows written since `hosted` was last brought up to date: (row, the events it
    caused, the match's step after it) each."""
    ruleset = hosted.match.ruleset
    out = []
    for stored in store.rows(match_id, hosted.seq):
        row = decode(ruleset, stored)
        events = hosted.add(row)
        out.append((row, events, hosted.match.cursor))
    return out


def commit(store: Store, match_id: int, hosted: HostedMatch, side: int, kind: str, action: Any = None,
           now: float | None = None) -> tuple[Any, ...]:
    """Write `side`'s row (an action, or an undo) as the next of the log and apply it; the
    events it caused. IllegalAction when the rules refuse it, Conflict when another seat
    wrote first (nothing applied: catch up and try again), HostError when the match is not running."""
    now = time.time() if now is None else now
    reason = hosted.refusal(side, kind, action)
    if reason is not None:
        raise IllegalAction(reason)
    ruleset = hosted.match.ruleset
    if kind == "action":
        ruleset.play(hosted.match.state, action)  # the rules' own refusal, before anything is written
    encoded = ruleset.codec().encode_action(action) if action is not None else None
    store.append(match_id, hosted.seq + 1, kind, side, encoded, now)
    events = hosted.add(Row(hosted.seq + 1, kind, side, action, now))  # the row written is the row applied
    if hosted.match.outcome() is not None:
        store.finish(match_id, saves.result_of(ruleset, hosted.match.state))
    return events


def enforce_time_limits(store: Store, cache: dict[int, HostedMatch], now: float | None = None) -> list[int]:
    """End every running match whose side to act has run out of time (core.hosting); the ids
    ended. `cache` keeps each match between calls so only new rows are read."""
    now = time.time() if now is None else now
    ended = []
    for record in store.matches():
        if record.status != "running" or record.time_limit is None:
            cache.pop(record.id, None)
            continue
        hosted = cache.get(record.id)
        if hosted is None:
            _, hosted = load(store, record.id)
            cache[record.id] = hosted
        else:
            catch_up(store, record.id, hosted)
        late = hosted.overdue(record.time_limit, now)
        if late:
            store.finish(record.id, hosted.forfeit(late))
            cache.pop(record.id, None)
            ended.append(record.id)
    return ended


def export(store: Store, match_id: int, path: str | Path) -> Path:
    """Write the match as an ordinary save (what `skirmish verify`, `log` and `replay` read):
    its setup, every action still standing after the undos, every seat human."""
    record, hosted = load(store, match_id)
    match = hosted.match
    ruleset = match.ruleset
    armies = {side: ruleset.army_from_document(doc, f"armies[{i}]") for i, (side, doc) in enumerate(record.armies)}
    created = datetime.fromtimestamp(record.created, timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")
    return saves.write_save(
        path, match, created=created, players=["human"] * len(record.seats), scenario=record.scenario,
        seed=record.seed, armies=armies,
    )


def match_title(record: MatchRecord) -> str:
    """"#3 statwar / duel" as lists name a match."""
    return f"#{record.id} {record.ruleset} / {record.scenario}"

