"""The match store: one SQLite file in the host's data folder, shared by every game process.

WAL mode, so readers never wait for the writer and a poll is cheap. Tables:
- players: an SSH key's fingerprint and the name it last logged in with;
- matches: what a match was set up from (ruleset, scenario, seed, armies as saves
  write them), its undo mode, time limit, status and result;
- seats: who sits at each side, and which connection holds that seat now;
- actions: the log, one row per action or undo, never updated or deleted
  (triggers refuse it); an action is stored as the save format encodes it.
A row's place (match, seq) is its primary key: two seats writing at once cannot
both take the same place, the second is told (Conflict) and reads again.
Every commit is durable (synchronous=FULL): a host restart loses nothing committed.
"""

from __future__ import annotations

import functools
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import attrs
import orjson

DB_NAME = "matches.sqlite3"
#: How long a seat's connection may stay silent before the other seats see it as gone.
PRESENCE_TIMEOUT = 6.0

SCHEMA = """
CREATE TABLE IF NOT EXISTS players (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    first_seen REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    ruleset TEXT NOT NULL,
    scenario TEXT NOT NULL,
    seed INTEGER NOT NULL,
    armies TEXT NOT NULL,
    undo TEXT NOT NULL,
    time_limit INTEGER,
    status TEXT NOT NULL,
    result TEXT,
    created REAL NOT NULL,
    started REAL
);
CREATE TABLE IF NOT EXISTS seats (
    match INTEGER NOT NULL REFERENCES matches(id),
    side INTEGER NOT NULL,
    player TEXT REFERENCES players(id),
    session TEXT,
    seen REAL,
    PRIMARY KEY (match, side)
);
CREATE TABLE IF NOT EXISTS actions (
    match INTEGER NOT NULL REFERENCES matches(id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    side INTEGER NOT NULL,
    action TEXT,
    at REAL NOT NULL,
    PRIMARY KEY (match, seq)
);
CREATE TRIGGER IF NOT EXISTS actions_append_only_update BEFORE UPDATE ON actions
BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;
CREATE TRIGGER IF NOT EXISTS actions_append_only_delete BEFORE DELETE ON actions
BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;
"""


class HostError(ValueError):
    """A request the store refuses, in one line for the player."""


class Conflict(HostError):
    """Another seat wrote the next row first: read the new rows, then decide again."""


@attrs.frozen
class StoredRow:
    seq: int
    kind: str
    side: int
    action: Any  # the decoded JSON of the action (None for an undo)
    at: float


@attrs.frozen
class MatchRecord:
    """One match's metadata and seats, as the lobby lists it."""

    id: int
    ruleset: str
    scenario: str
    seed: int
    armies: tuple[tuple[int, Any], ...]  # (side, army document)
    undo: str
    time_limit: int | None
    status: str
    result: dict[str, Any] | None
    created: float
    started: float | None
    seats: dict[int, str | None]  # side -> player id
    names: dict[int, str]  # side -> player name, for the seats taken
    sessions: dict[int, str | None]  # side -> the connection holding it
    seen: dict[int, float | None]  # side -> when that connection last said it is there
    steps: int = 0

    def present(self, side: int, now: float) -> bool:
        """Whether a connection holds `side` and has spoken within PRESENCE_TIMEOUT."""
        seen = self.seen.get(side)
        return self.sessions.get(side) is not None and seen is not None and now - seen <= PRESENCE_TIMEOUT


def _locked(method):
    """One call at a time on the store's connection (the host calls it from worker threads)."""

    @functools.wraps(method)
    def call(self, *args, **kwargs):
        with self.lock:
            return method(self, *args, **kwargs)

    return call


class Store:
    """The match store at `path` (created with its tables when missing). Safe to share
    between threads: every method holds the store's lock."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.lock = threading.RLock()
        self.db = sqlite3.connect(str(self.path), timeout=10, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)

    @classmethod
    def in_folder(cls, folder: str | Path) -> Store:
        return cls(Path(folder) / DB_NAME)

    @_locked
    def close(self) -> None:
        self.db.close()

    @_locked
    def data_version(self) -> int:
        """A number that changes whenever another connection commits (a cheap poll)."""
        return int(self.db.execute("PRAGMA data_version").fetchone()[0])

    def _write(self):
        """A write transaction that takes the lock at once (no upgrade deadlocks)."""
        return _Transaction(self.db)

    # --- players --------------------------------------------------------------
    @_locked
    def remember_player(self, player: str, name: str, now: float | None = None) -> None:
        with self._write():
            self.db.execute(
                "INSERT INTO players (id, name, first_seen) VALUES (?, ?, ?) "
                "ON CONFLICT(id) DO UPDATE SET name = excluded.name",
                (player, name, time.time() if now is None else now),
            )

    # --- matches --------------------------------------------------------------
    @_locked
    def open_match(self, *, ruleset: str, scenario: str, seed: int, armies: list[dict[str, Any]], undo: str,
                   time_limit: int | None, sides: int, player: str, side: int = 0, now: float | None = None) -> int:
        """A new match waiting for its other seats, `player` at `side`; its id."""
        now = time.time() if now is None else now
        with self._write():
            cursor = self.db.execute(
                "INSERT INTO matches (ruleset, scenario, seed, armies, undo, time_limit, status, created) "
                "VALUES (?, ?, ?, ?, ?, ?, 'open', ?)",
                (ruleset, scenario, seed, orjson.dumps(armies).decode(), undo, time_limit, now),
            )
            match_id = int(cursor.lastrowid)
            for s in range(sides):
                self.db.execute("INSERT INTO seats (match, side, player) VALUES (?, ?, ?)",
                                (match_id, s, player if s == side else None))
        return match_id

    @_locked
    def join(self, match_id: int, player: str, now: float | None = None) -> int:
        """Sit `player` at the first free side of an open match; the match runs once every
        seat is taken. The side taken; HostError says why not."""
        now = time.time() if now is None else now
        with self._write():
            row = self.db.execute("SELECT status FROM matches WHERE id = ?", (match_id,)).fetchone()
            if row is None:
                raise HostError(f"There is no match {match_id}.")
            seats = dict(self.db.execute("SELECT side, player FROM seats WHERE match = ?", (match_id,)).fetchall())
            if player in seats.values():
                raise HostError("You already sit at this match.")
            if row[0] != "open":
                raise HostError(f"Match {match_id} is {row[0]}: no seat is free.")
            free = sorted(side for side, who in seats.items() if who is None)
            side = free[0]
            self.db.execute("UPDATE seats SET player = ? WHERE match = ? AND side = ?", (player, match_id, side))
            if len(free) == 1:
                self.db.execute("UPDATE matches SET status = 'running', started = ? WHERE id = ?", (now, match_id))
        return side

    @_locked
    def finish(self, match_id: int, result: dict[str, Any] | None) -> None:
        """Mark a match as ended (by its rules, or on time with `result` saying so)."""
        with self._write():
            self.db.execute("UPDATE matches SET status = 'finished', result = ? WHERE id = ? AND status != 'finished'",
                            (orjson.dumps(result).decode(), match_id))

    @_locked
    def matches(self) -> list[MatchRecord]:
        """Every match, newest first."""
        ids = [r[0] for r in self.db.execute("SELECT id FROM matches ORDER BY id DESC").fetchall()]
        return [self.record(i) for i in ids]

    @_locked
    def record(self, match_id: int) -> MatchRecord:
        row = self.db.execute(
            "SELECT id, ruleset, scenario, seed, armies, undo, time_limit, status, result, created, started "
            "FROM matches WHERE id = ?", (match_id,)).fetchone()
        if row is None:
            raise HostError(f"There is no match {match_id}.")
        seats: dict[int, str | None] = {}
        names: dict[int, str] = {}
        sessions: dict[int, str | None] = {}
        seen: dict[int, float | None] = {}
        for side, player, name, session, last in self.db.execute(
            "SELECT s.side, s.player, p.name, s.session, s.seen FROM seats s LEFT JOIN players p ON p.id = s.player "
            "WHERE s.match = ? ORDER BY s.side", (match_id,)
        ):
            seats[side] = player
            if player is not None:
                names[side] = name or player[:12]
            sessions[side] = session
            seen[side] = last
        steps = self.db.execute("SELECT COUNT(*) FROM actions WHERE match = ?", (match_id,)).fetchone()[0]
        armies = tuple((int(a["side"]), a["army"]) for a in orjson.loads(row[4]))
        result = orjson.loads(row[8]) if row[8] is not None else None
        return MatchRecord(row[0], row[1], row[2], row[3], armies, row[5], row[6], row[7], result, row[9], row[10],
                           seats, names, sessions, seen, int(steps))

    # --- the log --------------------------------------------------------------
    @_locked
    def rows(self, match_id: int, after: int = 0) -> list[StoredRow]:
        """The rows of a match's log past `after`, in order."""
        out = []
        for seq, kind, side, action, at in self.db.execute(
            "SELECT seq, kind, side, action, at FROM actions WHERE match = ? AND seq > ? ORDER BY seq", (match_id, after)
        ):
            out.append(StoredRow(seq, kind, side, orjson.loads(action) if action is not None else None, at))
        return out

    @_locked
    def append(self, match_id: int, seq: int, kind: str, side: int, action: Any, at: float) -> None:
        """Write row `seq` (the next one); Conflict when another seat has written it first."""
        blob = None if action is None else orjson.dumps(action, option=orjson.OPT_SORT_KEYS).decode()
        try:
            with self._write():
                status = self.db.execute("SELECT status FROM matches WHERE id = ?", (match_id,)).fetchone()
                if status is None or status[0] != "running":
                    raise HostError("This match is not running." if status is None or status[0] == "finished"
                                    else "Waiting for every seat to be taken.")
                self.db.execute("INSERT INTO actions (match, seq, kind, side, action, at) VALUES (?, ?, ?, ?, ?, ?)",
                                (match_id, seq, kind, side, blob, at))
        except sqlite3.IntegrityError:
            raise Conflict("The other side acted at the same moment: look again.") from None

    # --- who is there ---------------------------------------------------------
    @_locked
    def claim(self, match_id: int, side: int, session: str, now: float | None = None) -> str | None:
        """Take `side` for connection `session` (a newer connection takes over an older one);
        the session that held it and is now replaced, if any."""
        now = time.time() if now is None else now
        with self._write():
            row = self.db.execute("SELECT session FROM seats WHERE match = ? AND side = ?", (match_id, side)).fetchone()
            self.db.execute("UPDATE seats SET session = ?, seen = ? WHERE match = ? AND side = ?",
                            (session, now, match_id, side))
        previous = row[0] if row else None
        return previous if previous != session else None

    @_locked
    def heartbeat(self, match_id: int, side: int, session: str, now: float | None = None) -> bool:
        """Say `session` is still at `side`; False when another connection has taken the seat."""
        now = time.time() if now is None else now
        with self._write():
            cursor = self.db.execute("UPDATE seats SET seen = ? WHERE match = ? AND side = ? AND session = ?",
                                     (now, match_id, side, session))
        return cursor.rowcount == 1

    @_locked
    def release(self, session: str) -> None:
        """Connection `session` has gone: its seats are free for its player to come back to."""
        with self._write():
            self.db.execute("UPDATE seats SET session = NULL, seen = NULL WHERE session = ?", (session,))


class _Transaction:
    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind, value, tb) -> None:
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")
