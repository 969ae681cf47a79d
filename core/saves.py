"""Saves are replays: the initial state, the actions, and hashes to prove the replay.

A save file is JSON (docs/FORMATS.md, "Saves and replays"). Loading re-applies
every action to the initial state and compares the state hashes recorded while
the battle was played; the first action whose result differs is named. A file
that is truncated, corrupted, wrongly typed, hostile or from a newer version is
refused with one SaveError line; nothing half-built is ever returned. No pickle,
no eval: JSON is parsed by orjson (which refuses NaN and nesting deeper than
1024) and every value is checked before use.

Core reads no clock: the creation date is text the caller supplies.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable, Sequence

import attrs
import cattrs
import orjson

from core import registry
from core.content import cattrs_problems, display_path, fingerprint, repo_root
from core.errors import IllegalAction, SaveError
from core.files import write_atomic
from core.match import UNDO_MODES, Match
from core.ruleset import Ruleset

FORMAT = "skirmish-replay"
FORMAT_VERSION = 2
#: A state hash is recorded after every HASH_EVERY actions (and always at the end).
HASH_EVERY = 1
#: Largest save accepted: a long battle is tens of kilobytes.
MAX_SAVE_BYTES = 8 * 1024 * 1024
MAX_ACTIONS = 100_000
SUFFIX = ".json"



def _from_format_1(data: dict[str, Any]) -> dict[str, Any]:
    """Format 1 had no undo modes (any step could be taken back: practice, in today's
    words) and rolled every battle's dice as one stream. Its states carry one-stream
    dice (no `per_action`), so they replay with that rule and keep their hashes."""
    meta = data.get("meta")
    if isinstance(meta, dict):  # anything else is left for the reader to refuse by name
        meta = {**meta, "undo": "practice"}
    return {**data, "format_version": 2, "meta": meta}


#: MIGRATIONS[n] turns a parsed version-n document into a version n+1 document.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _from_format_1}

TOP_KEYS = (
    "format", "format_version", "ruleset", "rules_version", "content_fingerprint",
    "meta", "hash_every", "initial", "actions", "hashes", "final_hash",
)
META_KEYS = ("created", "players", "scenario", "seed", "result", "steps", "undo")


@attrs.frozen
class Meta:
    """Who played what, when, and how it ended (as recorded; `verify` rechecks the end)."""

    created: str
    players: tuple[str, ...]
    scenario: str
    seed: int | None
    result: dict[str, Any] | None
    steps: int
    undo: str  # the battle's undo mode: fair, practice or ironman (core.match)


@attrs.frozen
class Replay:
    """A parsed save whose actions have not been re-applied yet (see `verify`)."""

    file: str
    ruleset: Ruleset
    rules_version: int
    content_fingerprint: str
    meta: Meta
    initial: Any
    actions: tuple[Any, ...]
    hash_every: int
    hashes: tuple[tuple[int, str], ...]
    final_hash: str

    @property
    def content_changed(self) -> bool:
        """True when the ruleset's data files differ from those the save was made with."""
        return self.content_fingerprint != fingerprint(self.ruleset.content_dir())


@attrs.frozen
class SaveSummary:
    """One line of a saves list: the metadata of a readable file, or why it is not readable."""

    path: Path
    ruleset: str = ""
    scenario: str = ""
    created: str = ""
    players: tuple[str, ...] = ()
    result: dict[str, Any] | None = None
    steps: int = 0
    undo: str = ""
    error: str | None = None


# --- where saves live -------------------------------------------------------------
def default_saves_dir() -> Path:
    """$SKIRMISH_SAVES, else the repository's saves/ folder."""
    env = os.environ.get("SKIRMISH_SAVES")
    return Path(env) if env else repo_root() / "saves"


def autosave_name(ruleset_name: str, battle: str = "") -> str:
    """The autosave file of one battle (`battle`: its id), so no battle's autosave replaces
    another's; without an id, the ruleset's one shared name (older saves use it)."""
    return f"autosave-{ruleset_name}-{battle}{SUFFIX}" if battle else f"autosave-{ruleset_name}{SUFFIX}"


# --- writing ----------------------------------------------------------------------
def result_of(ruleset: Ruleset, state: Any) -> dict[str, Any] | None:
    outcome = ruleset.outcome(state)
    return None if outcome is None else {"winner": outcome.winner, "reason": outcome.reason}


def save_document(
    match: Match,
    *,
    created: str,
    players: Sequence[str],
    scenario: str,
    seed: int | None,
    hash_every: int = HASH_EVERY,
) -> dict[str, Any]:
    """The JSON-ready document of `match` up to its cursor (the redo branch is not saved)."""
    ruleset = match.ruleset
    codec = ruleset.codec()
    steps = match.cursor
    hashes = [
        {"step": step, "hash": codec.state_hash(match.state_at(step))}
        for step in range(0, steps + 1, max(1, hash_every))
    ]
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "ruleset": ruleset.name,
        "rules_version": ruleset.rules_version,
        "content_fingerprint": fingerprint(ruleset.content_dir()),
        "meta": {
            "created": created,
            "players": list(players),
            "scenario": scenario,
            "seed": seed,
            "result": result_of(ruleset, match.state),
            "steps": steps,
            "undo": match.undo_mode,
        },
        "hash_every": max(1, hash_every),
        "initial": codec.encode_state(match.initial),
        "actions": [codec.encode_action(a) for a in match.actions],
        "hashes": hashes,
        "final_hash": codec.state_hash(match.state),
    }


def write_save(path: str | Path, match: Match, **meta: Any) -> Path:
    """Write `match` to `path` atomically: a temp file in the same folder, fsync, rename."""
    document = save_document(match, **meta)
    return write_document(path, document)


def render(document: dict[str, Any]) -> bytes:
    """JSON laid out for people: one top-level key a line, one action or hash a line."""
    lines = []
    for key, value in document.items():
        if isinstance(value, list) and value:
            items = ",\n".join("    " + orjson.dumps(v).decode() for v in value)
            text = f"[\n{items}\n  ]"
        else:
            text = orjson.dumps(value).decode()
        lines.append(f"  {orjson.dumps(key).decode()}: {text}")
    return ("{\n" + ",\n".join(lines) + "\n}\n").encode()


def write_document(path: str | Path, document: dict[str, Any]) -> Path:
    return write_atomic(path, render(document))


def autosave(folder: str | Path, match: Match, battle: str = "", **meta: Any) -> Path:
    """Write the autosave of battle `battle` of `match`'s ruleset into `folder` (autosave_name)."""
    return write_save(Path(folder) / autosave_name(match.ruleset.name, battle), match, **meta)


# --- reading ----------------------------------------------------------------------
def _kind(value: Any) -> str:
    return {dict: "an object", list: "a list", str: "text", bool: "a boolean", type(None): "null"}.get(
        type(value), type(value).__name__
    )


def _need(file: str, where: dict[str, Any], key: str, kinds: tuple[type, ...], what: str, prefix: str = "") -> Any:
    if key not in where:
        raise SaveError(file, f"{prefix}{key}: missing")
    value = where[key]
    if isinstance(value, bool) and bool not in kinds:
        raise SaveError(file, f"{prefix}{key}: expected {what}, not a boolean")
    if not isinstance(value, kinds):
        raise SaveError(file, f"{prefix}{key}: expected {what}, not {_kind(value)}")
    return value


def _only(file: str, where: dict[str, Any], keys: tuple[str, ...], prefix: str = "") -> None:
    extra = sorted(k for k in where if k not in keys)
    if extra:
        raise SaveError(file, f"{prefix}{extra[0]}: unknown key")


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def _decode_error(exc: BaseException) -> str:
    """The first concrete reason of a cattrs error, with its path when it has one."""
    if isinstance(exc, cattrs.BaseValidationError):
        problems = cattrs_problems(exc, "")
        if problems:
            return f"{problems[0].field}: {problems[0].reason}"
    return _first_line(exc)


def parse_document(file: str, blob: bytes) -> dict[str, Any]:
    """Bytes to a plain JSON object, or a one-line SaveError."""
    if len(blob) > MAX_SAVE_BYTES:
        raise SaveError(file, f"file is {len(blob)} bytes; the limit is {MAX_SAVE_BYTES}")
    if not blob.strip():
        raise SaveError(file, "the file is empty")
    try:
        data = orjson.loads(blob)
    except orjson.JSONDecodeError as exc:
        raise SaveError(file, f"not a valid save (damaged or cut short): {_first_line(exc)}") from None
    if not isinstance(data, dict):
        raise SaveError(file, f"not a save: the file holds {_kind(data)}, not an object")
    return data


def migrate(file: str, data: dict[str, Any]) -> dict[str, Any]:
    """Bring an older document up to FORMAT_VERSION through MIGRATIONS, one version at a time."""
    version = _need(file, data, "format_version", (int,), "a whole number")
    if version > FORMAT_VERSION:
        raise SaveError(file, f"written by a newer Skirmish (save format {version}; this one reads up to {FORMAT_VERSION})")
    while version < FORMAT_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise SaveError(file, f"save format {version} is too old to read (no migration to {version + 1})")
        try:
            data = step(dict(data))
        except SaveError:
            raise
        except Exception as exc:
            raise SaveError(file, f"cannot migrate from save format {version}: {_first_line(exc)}") from None
        if not isinstance(data, dict) or data.get("format_version") != version + 1:
            raise SaveError(file, f"the migration from save format {version} did not produce format {version + 1}")
        version += 1
    return data


def read_document(file: str, data: dict[str, Any]) -> Replay:
    """A parsed JSON object to a Replay (types and shapes checked, actions not applied)."""
    fmt = data.get("format")
    if fmt != FORMAT:
        raise SaveError(file, f"not a Skirmish save (format is {fmt!r}, expected {FORMAT!r})")
    data = migrate(file, data)
    _only(file, data, TOP_KEYS)
    name = _need(file, data, "ruleset", (str,), "text")
    try:
        ruleset = registry.get(name)
    except KeyError as exc:
        raise SaveError(file, f"ruleset: {exc.args[0]}") from None
    except ImportError:
        raise SaveError(file, f"ruleset: {name!r} is not installed") from None
    rules_version = _need(file, data, "rules_version", (int,), "a whole number")
    if rules_version > ruleset.rules_version:
        raise SaveError(file, f"made with newer {name} rules (version {rules_version}; this build has {ruleset.rules_version})")
    content = _need(file, data, "content_fingerprint", (str,), "text")
    meta = _read_meta(file, _need(file, data, "meta", (dict,), "an object"))
    hash_every = _need(file, data, "hash_every", (int,), "a whole number")
    if hash_every < 1:
        raise SaveError(file, "hash_every: must be at least 1")
    raw_actions = _need(file, data, "actions", (list,), "a list")
    if len(raw_actions) > MAX_ACTIONS:
        raise SaveError(file, f"actions: {len(raw_actions)} actions; the limit is {MAX_ACTIONS}")
    hashes = _read_hashes(file, _need(file, data, "hashes", (list,), "a list"), len(raw_actions))
    final_hash = _need(file, data, "final_hash", (str,), "text")
    codec = ruleset.codec()
    raw_initial = _need(file, data, "initial", (dict,), "an object")
    try:
        initial = codec.decode_state(raw_initial)
    except Exception as exc:  # hostile data can upset a converter in any way: report it in one line
        raise SaveError(file, f"initial: {_decode_error(exc)}") from None
    actions = []
    for index, raw in enumerate(raw_actions):
        try:
            actions.append(codec.decode_action(raw))
        except Exception as exc:
            raise SaveError(file, f"actions[{index}]: {_decode_error(exc)}", index) from None
    if meta.steps != len(actions):
        raise SaveError(file, f"meta.steps: says {meta.steps} but the file holds {len(actions)} actions")
    return Replay(file, ruleset, rules_version, content, meta, initial, tuple(actions), hash_every, hashes, final_hash)


def _read_meta(file: str, raw: dict[str, Any]) -> Meta:
    _only(file, raw, META_KEYS, "meta.")
    created = _need(file, raw, "created", (str,), "text", "meta.")
    players = _need(file, raw, "players", (list,), "a list", "meta.")
    if not all(isinstance(p, str) for p in players):
        raise SaveError(file, "meta.players: expected a list of text")
    scenario = _need(file, raw, "scenario", (str,), "text", "meta.")
    seed = _need(file, raw, "seed", (int, type(None)), "a whole number or null", "meta.")
    result = _need(file, raw, "result", (dict, type(None)), "an object or null", "meta.")
    if result is not None:
        _only(file, result, ("winner", "reason"), "meta.result.")
        _need(file, result, "winner", (int, type(None)), "a side number or null", "meta.result.")
        _need(file, result, "reason", (str,), "text", "meta.result.")
    steps = _need(file, raw, "steps", (int,), "a whole number", "meta.")
    undo = _need(file, raw, "undo", (str,), "text", "meta.")
    if undo not in UNDO_MODES:
        raise SaveError(file, f"meta.undo: {undo!r} is not an undo mode ({', '.join(UNDO_MODES)})")
    return Meta(created, tuple(players), scenario, seed, result, steps, undo)


def _read_hashes(file: str, raw: list[Any], steps: int) -> tuple[tuple[int, str], ...]:
    out = []
    last = -1
    for i, entry in enumerate(raw):
        where = f"hashes[{i}]."
        if not isinstance(entry, dict):
            raise SaveError(file, f"hashes[{i}]: expected an object, not {_kind(entry)}")
        _only(file, entry, ("step", "hash"), where)
        step = _need(file, entry, "step", (int,), "a whole number", where)
        digest = _need(file, entry, "hash", (str,), "text", where)
        if not last < step <= steps:
            raise SaveError(file, f"{where}step: {step} is out of order or past the last action ({steps})")
        out.append((step, digest))
        last = step
    return tuple(out)


def read_save(path: str | Path) -> Replay:
    """Read and check a save file without re-applying its actions; raises SaveError."""
    file = display_path(path)
    p = Path(path)
    try:
        size = p.stat().st_size
        if size > MAX_SAVE_BYTES:
            raise SaveError(file, f"file is {size} bytes; the limit is {MAX_SAVE_BYTES}")
        blob = p.read_bytes()
    except FileNotFoundError:
        raise SaveError(file, "no such file") from None
    except IsADirectoryError:
        raise SaveError(file, "is a folder, not a save file") from None
    except OSError as exc:
        raise SaveError(file, f"cannot read: {exc.strerror or exc}") from None
    return read_document(file, parse_document(file, blob))


# --- proving a replay -----------------------------------------------------------
def verify(replay: Replay) -> Match:
    """Re-apply every action and check every recorded hash; the rebuilt Match on success.

    A mismatch raises SaveError naming the first action whose result differs
    from the recording (with hashes every K actions: the first checked step that
    differs, and the window of actions it covers).
    """
    ruleset, file = replay.ruleset, replay.file
    codec = ruleset.codec()
    expected = dict(replay.hashes)
    note = ""
    if replay.rules_version != ruleset.rules_version:
        note = f" (saved with {ruleset.name} rules version {replay.rules_version}; this build has {ruleset.rules_version})"
    match = Match(ruleset, replay.initial, replay.meta.undo)
    try:
        initial_hash = codec.state_hash(replay.initial)
    except Exception as exc:
        raise SaveError(file, f"initial: cannot be hashed: {_first_line(exc)}") from None
    if 0 in expected and expected[0] != initial_hash:
        raise SaveError(file, "initial: the initial state does not match its recorded hash")
    last_checked = 0
    for index, action in enumerate(replay.actions):
        try:
            match.apply(action)
        except IllegalAction as exc:
            raise SaveError(file, f"actions[{index}]: illegal when replayed: {exc.reason}{note}", index) from None
        except Exception as exc:
            raise SaveError(file, f"actions[{index}]: cannot be replayed: {_first_line(exc)}{note}", index) from None
        step = index + 1
        if step in expected:
            if codec.state_hash(match.state) != expected[step]:
                if step - last_checked > 1:
                    where = f"actions[{last_checked}..{index}]: the replay diverges within these actions"
                    first = last_checked
                else:
                    where = f"actions[{index}]: the replay diverges here"
                    first = index
                raise SaveError(file, f"{where} (state after step {step} differs from the recording){note}", first)
            last_checked = step
    if codec.state_hash(match.state) != replay.final_hash:
        first = last_checked if last_checked < len(replay.actions) else max(len(replay.actions) - 1, 0)
        raise SaveError(file, f"final_hash: the final state differs from the recording{note}", first)
    recorded = replay.meta.result
    actual = result_of(ruleset, match.state)
    if recorded != actual:
        raise SaveError(file, f"meta.result: says {recorded!r} but the replay ends with {actual!r}")
    return match


def load_match(path: str | Path) -> Match:
    """Read, replay and verify a save: a Match positioned at its last action."""
    return verify(read_save(path))


# --- folders ----------------------------------------------------------------------
def list_saves(folder: str | Path) -> list[SaveSummary]:
    """Every *.json in `folder`, newest first: metadata, or the reason a file is unreadable.

    One bad file never hides the others. Actions are not re-applied here (see verify).
    """
    root = Path(folder)
    if not root.is_dir():
        return []
    out = []
    for path in sorted(root.glob(f"*{SUFFIX}")):
        try:
            replay = read_save(path)
        except SaveError as exc:
            out.append(SaveSummary(path, error=exc.reason))
            continue
        m = replay.meta
        out.append(SaveSummary(path, replay.ruleset.name, m.scenario, m.created, m.players, m.result, m.steps, m.undo))
    out.sort(key=lambda s: s.created, reverse=True)
    return out
