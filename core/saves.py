"""Saves are replays: the initial state, the actions, and hashes to prove the replay.

A save file is JSON (docs/FORMATS.md, "Saves and replays"). Loading re-applies
every action to the initial state and compares the state hashes recorded while
the battle was played; the first action whose result differs is named. A file
that is truncated, corrupted, wrongly typed, hostile or from a newer version is
refused with one SaveError line; nothing half-built is ever returned. No pickle,
no eval: JSON is parsed by orjson (which refuses NaN and nesting deeper than
1024; `serial.loads` reads what orjson gives up on for want of memory, under the same
rules) and every value is checked before use.

Core reads no clock: the creation date is text the caller supplies.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence, TypeVar

import attrs
import cattrs
import orjson

from core import registry
from core.ai import LEVELS
from core.chain import checkpoint, closing, next_link, start_link  # noqa: F401 (a save's chain, named here too)
from core.content import cattrs_problems, display_path, fingerprint
from core.content import structure as content_structure
from core.errors import ContentError, IllegalAction, SaveError
from core.files import Unreadable, default_saves_dir, is_regular, read_regular, write_atomic  # noqa: F401
from core.match import UNDO_MODES, Match
from core.rng import seed_problem
from core.ruleset import Ruleset
from core.serial import canonical, loads, new_converter

T = TypeVar("T")

FORMAT = "skirmish-replay"
FORMAT_VERSION = 5
#: A state hash is recorded after every HASH_EVERY actions (and always at the end); the
#: chain's link after every action (`links`) names a changed action exactly in between.
HASH_EVERY = 10
#: The most actions replayed between two checked hashes: the work a hostile file can
#: make `verify` do before it is caught is at most this many actions.
MAX_HASH_EVERY = 64
#: Largest save accepted: a long battle is tens of kilobytes.
MAX_SAVE_BYTES = 8 * 1024 * 1024
MAX_ACTIONS = 100_000
#: Longest text accepted in a save's metadata and setup (dates, names, scenario files).
MAX_TEXT = 400
#: Most armies a setup may bring (one per side).
MAX_SIDES = 16
#: Who may play a side, as `meta.players` records it.
PLAYERS: tuple[str, ...] = ("human", *LEVELS)
SUFFIX = ".json"



def _from_format_1(data: dict[str, Any]) -> dict[str, Any]:
    """Format 1 had no undo modes (any step could be taken back: practice, in today's
    words) and rolled every battle's dice as one stream. Its states carry one-stream
    dice (no `per_action`), so they replay with that rule and keep their hashes."""
    meta = data.get("meta")
    if isinstance(meta, dict):  # anything else is left for the reader to refuse by name
        meta = {**meta, "undo": "practice"}
    return {**data, "format_version": 2, "meta": meta}


def _from_format_2(data: dict[str, Any]) -> dict[str, Any]:
    """Format 2 kept the scenario and the seed in `meta` and brought no armies on record:
    they move to `setup` (with no armies). Its hashes stay state hashes (see verify)."""
    meta = data.get("meta")
    setup: Any = None
    if isinstance(meta, dict):
        setup = {key: meta[key] for key in ("scenario", "seed") if key in meta}
        setup["armies"] = []
        initial = data.get("initial")
        dice = initial.get("dice") if isinstance(initial, dict) else None
        per_action = isinstance(dice, dict) and dice.get("per_action") is True
        setup["dice"] = DICE_RULES[0] if per_action else DICE_RULES[1]
        meta = {key: value for key, value in meta.items() if key not in ("scenario", "seed")}
    return {**data, "format_version": 3, "meta": meta, "setup": setup}


def _from_format_3(data: dict[str, Any]) -> dict[str, Any]:
    """Format 3 recorded no links: its chain is checked at its hashes alone, which that
    build wrote after every action (hash_every 1), so a changed action is still named."""
    return {**data, "format_version": 4, "links": []}


def _from_format_4(data: dict[str, Any]) -> dict[str, Any]:
    """Format 4 is format 5's layout; its chain started from the whole header, metadata
    included (HEADER_KEYS), and its final hash did not take the metadata in again: verify
    checks its hashes that way (Replay.source_format)."""
    return {**data, "format_version": 5}


#: MIGRATIONS[n] turns a parsed version-n document into a version n+1 document.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {
    1: _from_format_1, 2: _from_format_2, 3: _from_format_3, 4: _from_format_4,
}

TOP_KEYS = (
    "format", "format_version", "ruleset", "rules_version", "content_fingerprint",
    "setup", "meta", "hash_every", "initial", "actions", "links", "hashes", "final_hash",
)
#: What the chain of a save of format 3 or 4 starts from: its whole header, the metadata
#: included, so each save chained every action again (the metadata changes at every save).
HEADER_KEYS = ("format", "format_version", "ruleset", "rules_version", "content_fingerprint", "setup", "meta", "hash_every")
#: What the chain of a save starts from since format 5: what stays the same for a whole
#: battle. The metadata is taken in by the final hash instead (core.chain.closing), and the
#: Match keeps the chain (Match.chain): an autosave chains only the actions since the last.
BATTLE_KEYS = tuple(key for key in HEADER_KEYS if key != "meta")
META_KEYS = ("created", "players", "result", "steps", "undo")
SETUP_KEYS = ("scenario", "seed", "armies", "dice")
#: How a battle rolls (core.rng): per action since format 2, one stream before.
DICE_RULES = ("per action", "one stream")


@attrs.frozen
class Meta:
    """Who played what, when, and how it ended (as recorded; `verify` rechecks the end).

    `scenario` and `seed` repeat the setup's, for the screens and the log."""

    created: str
    players: tuple[str, ...]
    scenario: str
    seed: int | None
    result: dict[str, Any] | None
    steps: int
    undo: str  # the battle's undo mode: fair, practice or ironman (core.match)


@attrs.frozen
class Setup:
    """What the battle was set up from: `verify` builds the initial state again from it.

    `armies` are the armies brought in place of the scenario's own, as (side, army).
    `seed` is None only in older saves that recorded none."""

    scenario: str
    seed: int | None
    armies: tuple[tuple[int, Any], ...] = ()
    dice: str = "per action"  # DICE_RULES: a battle begun before format 2 rolls one stream


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
    setup: Setup = Setup("", None)
    #: The format the file was written in (older ones are migrated on reading).
    source_format: int = FORMAT_VERSION
    #: From format 3 on: the canonical encoding of what the chain starts from (HEADER_KEYS
    #: for formats 3 and 4, BATTLE_KEYS since format 5), and of every action; empty for
    #: older formats.
    header: bytes = b""
    action_blobs: tuple[bytes, ...] = ()
    #: The chain after each action as recorded (format 4 on); empty for older formats.
    links: tuple[str, ...] = ()
    #: Since format 5: the canonical encoding of the metadata, which the final hash takes in.
    meta_bytes: bytes = b""

    @property
    def content_changed(self) -> bool:
        """True when the ruleset's data files differ from those the save was made with."""
        return self.content_fingerprint != fingerprint(self.ruleset.content_dir())

    def content_note(self, now: str | None = None) -> str:
        """"the content changed since this save (fingerprint A, now B): ", or "" when it did not
        (`now`: today's fingerprint, when already worked out)."""
        if now is None:
            now = fingerprint(self.ruleset.content_dir())
        if now == self.content_fingerprint:
            return ""
        return f"the content changed since this save (fingerprint {self.content_fingerprint}, now {now}): "


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
    armies: Mapping[int, Any] | None = None,
    hash_every: int = HASH_EVERY,
) -> dict[str, Any]:
    """The JSON-ready document of `match` up to its cursor (the redo branch is not saved).

    `scenario`, `seed` and `armies` ({side: army} brought in place of the scenario's own)
    are the setup the battle came from; `verify` builds the initial state from them again.
    Each action is in it as the canonical JSON its link covers (`Match.action_bytes`, an
    `orjson.Fragment`): a file holds each action in the one form its chain hashes. The
    initial state is a Fragment too (`Match.initial_json`, encoded once per Match).
    `orjson.loads(render(document))` is a copy made of plain values, to read or edit."""
    ruleset = match.ruleset
    if match.content_fingerprint is None:  # asked once a battle: a stat of every data file
        match.content_fingerprint = fingerprint(ruleset.content_dir())
    steps = match.cursor
    every = min(max(1, hash_every), MAX_HASH_EVERY)
    document: dict[str, Any] = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "ruleset": ruleset.name,
        "rules_version": ruleset.rules_version,
        "content_fingerprint": match.content_fingerprint,
        "setup": {
            "scenario": scenario,
            "seed": seed,
            "armies": [{"side": side, "army": ruleset.army_document(army)} for side, army in sorted((armies or {}).items())],
            "dice": DICE_RULES[0] if match.initial.dice.per_action else DICE_RULES[1],
        },
        "meta": {
            "created": created,
            "players": list(players),
            "result": result_of(ruleset, match.state),
            "steps": steps,
            "undo": match.undo_mode,
        },
        "hash_every": every,
        "initial": orjson.Fragment(match.initial_json()),
        "actions": [orjson.Fragment(match.action_bytes(index)) for index in range(steps)],
    }
    start = start_link(canonical({key: document[key] for key in BATTLE_KEYS}))
    links = match.chain(start)
    document["links"] = links
    document["hashes"] = [
        {"step": step, "hash": checkpoint(links[step - 1] if step else start, match.state_hash_at(step))}
        for step in range(0, steps + 1, every)
    ]
    last = links[-1] if links else start
    document["final_hash"] = closing(last, match.state_hash_at(steps), canonical(document["meta"]))
    return document


def write_save(path: str | Path, match: Match, **meta: Any) -> Path:
    """Write `match` to `path` atomically: a temp file in the same folder, fsync, rename."""
    document = save_document(match, **meta)
    return write_document(path, document)


def render(document: dict[str, Any]) -> bytes:
    """JSON laid out for people: one top-level key a line, one action or hash a line."""
    # Each piece is copied out as soon as it is made. Joining keeps every piece alive at once,
    # and each of orjson's results holds fresh heap behind it (it writes into a large buffer
    # and shrinks it): between turns of play, when the heap has been given back, that is a
    # page fault a piece, and 600 of them took a 300-action save from 0.25 to 1.7 ms.
    dumps = orjson.dumps
    out = bytearray(b"{\n")
    for number, (key, value) in enumerate(document.items()):
        out += b"  " if number == 0 else b",\n  "
        out += dumps(key)
        out += b": "
        if isinstance(value, list) and value:
            for index, item in enumerate(value):
                out += b"[\n    " if index == 0 else b",\n    "
                out += dumps(item)
            out += b"\n  ]"
        else:
            out += dumps(value)
    out += b"\n}\n"
    return bytes(out)


def write_document(path: str | Path, document: dict[str, Any]) -> Path:
    return write_atomic(path, render(document))


def autosave(folder: str | Path, match: Match, battle: str = "", **meta: Any) -> Path:
    """Write the autosave of battle `battle` of `match`'s ruleset into `folder` (autosave_name)."""
    return write_save(Path(folder) / autosave_name(match.ruleset.name, battle), match, **meta)


# --- reading ----------------------------------------------------------------------
# The envelope of a save (everything but the ruleset's own states, actions and armies,
# which its codec reads) is described by the attrs classes below and structured by the
# house converter (core.serial.new_converter): unknown keys, missing keys and wrong
# types are refused with the field's path; each class's `problems()` then bounds what
# the types alone cannot (text lengths, counts, ranges, names from a fixed list).


def _kind(value: Any) -> str:
    return {dict: "an object", list: "a list", str: "text", bool: "a boolean", type(None): "null"}.get(
        type(value), type(value).__name__
    )


def _long(field: str, value: str) -> list[tuple[str, str]]:
    return [(field, f"{len(value)} characters; the limit is {MAX_TEXT}")] if len(value) > MAX_TEXT else []


def _links_miscounted(count: int, steps: int) -> str:
    return f"{count} recorded; a save of {steps} actions records one after each"


def _is_link(text: str) -> bool:
    return len(text) == 16 and not text.strip("0123456789abcdef")


def _one_of(field: str, value: str, allowed: Sequence[str], what: str) -> list[tuple[str, str]]:
    return [] if value in allowed else [(field, f"{value[:40]!r} is not {what} ({', '.join(allowed)})")]


@attrs.frozen
class Head:
    """What a save must hold before anything else is read: its format and version."""

    format: str
    format_version: int


@attrs.frozen
class ResultDoc:
    winner: int | None
    reason: str

    def problems(self) -> list[tuple[str, str]]:
        return _long("reason", self.reason)


@attrs.frozen
class MetaDoc:
    created: str
    players: tuple[str, ...]
    result: ResultDoc | None
    steps: int
    undo: str

    def problems(self) -> list[tuple[str, str]]:
        found = _long("created", self.created)
        if len(self.players) > MAX_SIDES:
            found.append(("players", f"{len(self.players)} players; the limit is {MAX_SIDES}"))
        for i, player in enumerate(self.players[:MAX_SIDES]):
            found += _one_of(f"players[{i}]", player, PLAYERS, "a player")
        if self.result is not None:
            found += [(f"result.{f}", r) for f, r in self.result.problems()]
        return found + _one_of("undo", self.undo, UNDO_MODES, "an undo mode")


@attrs.frozen
class ArmyEntry:
    """An army brought in place of the scenario's own: the ruleset's army document."""

    side: int
    army: dict[str, Any]


@attrs.frozen
class SetupDoc:
    scenario: str
    seed: int | None
    armies: tuple[ArmyEntry, ...]
    dice: str

    def problems(self) -> list[tuple[str, str]]:
        found = _long("scenario", self.scenario)
        if self.seed is not None and seed_problem(self.seed) is not None:
            found.append(("seed", str(seed_problem(self.seed))))
        if len(self.armies) > MAX_SIDES:
            found.append(("armies", f"{len(self.armies)} armies; the limit is {MAX_SIDES}"))
        seen: set[int] = set()
        for i, entry in enumerate(self.armies[:MAX_SIDES]):
            if not 0 <= entry.side < MAX_SIDES or entry.side in seen:
                found.append((f"armies[{i}].side", f"{entry.side} is not a side, or brings a second army"))
            seen.add(entry.side)
        return found + _one_of("dice", self.dice, DICE_RULES, "a dice rule")


@attrs.frozen
class HashDoc:
    step: int
    hash: str

    def problems(self) -> list[tuple[str, str]]:
        return _long("hash", self.hash)


@attrs.frozen
class Envelope:
    """A save as JSON holds it (older formats are migrated first); `initial` and `actions` are the ruleset's to read."""

    format: str
    format_version: int
    ruleset: str
    rules_version: int
    content_fingerprint: str
    setup: SetupDoc
    meta: MetaDoc
    hash_every: int
    initial: dict[str, Any]
    actions: tuple[Any, ...]
    links: tuple[str, ...]  # empty when migrated from format 3, which recorded none
    hashes: tuple[HashDoc, ...]
    final_hash: str

    def problems(self) -> list[tuple[str, str]]:
        found = _long("ruleset", self.ruleset) + _long("content_fingerprint", self.content_fingerprint)
        found += _long("final_hash", self.final_hash)
        found += [(f"setup.{f}", r) for f, r in self.setup.problems()]
        found += [(f"meta.{f}", r) for f, r in self.meta.problems()]
        if not 1 <= self.hash_every <= MAX_HASH_EVERY:
            found.append(("hash_every", f"{self.hash_every}; it must be 1 to {MAX_HASH_EVERY}"))
        steps = len(self.actions)
        if steps > MAX_ACTIONS:
            found.append(("actions", f"{steps} actions; the limit is {MAX_ACTIONS}"))
        elif self.meta.steps != steps:
            found.append(("meta.steps", f"says {self.meta.steps} but the file holds {steps} actions"))
        elif self.links and len(self.links) != steps:
            found.append(("links", _links_miscounted(len(self.links), steps)))
        else:
            found += next(([(f"links[{i}]", f"{link[:20]!r} is not 16 hex digits")]
                           for i, link in enumerate(self.links) if not _is_link(link)), [])
        if not found:
            found += self._hash_problems()
        return found

    def _hash_problems(self) -> list[tuple[str, str]]:
        """Exactly one hash for step 0 and every `hash_every`-th step after it, so `verify`
        never replays more than `hash_every` actions without checking one."""
        if not self.hashes:
            return [("hashes", "empty; a save records at least the hash of its start")]
        every, steps = self.hash_every, len(self.actions)
        wanted = range(0, steps + 1, every)
        if len(self.hashes) != len(wanted):
            return [("hashes", f"{len(self.hashes)} recorded; a save of {steps} actions hashed every {every} records {len(wanted)}")]
        for i, (entry, want) in enumerate(zip(self.hashes, wanted)):
            found = [(f"hashes[{i}].{f}", r) for f, r in entry.problems()]
            if entry.step != want:
                found.append((f"hashes[{i}].step", f"{entry.step}; expected {want} (the start, then every {every} actions)"))
            if found:
                return found
        return []


#: The house converter for save envelopes (the rulesets' codecs read what is inside).
ENVELOPE_CONVERTER = new_converter()


def _structure(file: str, data: dict[str, Any], cls: type[T]) -> T:
    """`data` as `cls` through the house converter, or a SaveError naming the first broken field.

    Text in the setup and the metadata must be printable; the states and actions inside
    are the ruleset codec's to read (and a person's names in them are shown escaped)."""
    printable = {key: data[key] for key in ("setup", "meta") if key in data}
    try:
        return content_structure(data, cls, file, ENVELOPE_CONVERTER, printable_only=printable)
    except ContentError as exc:
        first = exc.problems[0]
        raise SaveError(file, f"{first.field}: {first.reason}") from None


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


def parse_document(file: str, blob: bytes, what: str = "save", limit: int = MAX_SAVE_BYTES) -> dict[str, Any]:
    """Bytes to a plain JSON object, or a one-line SaveError naming the document as `what`
    ("save", "high-score table") and refusing more than `limit` bytes."""
    if len(blob) > limit:
        raise SaveError(file, f"file is {len(blob)} bytes; the limit is {limit}")
    if not blob.strip():
        raise SaveError(file, "the file is empty")
    try:
        data = loads(blob)
    except orjson.JSONDecodeError as exc:
        raise SaveError(file, f"not a valid {what} (damaged or cut short): {_first_line(exc)}") from None
    if not isinstance(data, dict):
        raise SaveError(file, f"not a {what}: the file holds {_kind(data)}, not an object")
    return data


def _head(file: str, data: dict[str, Any]) -> Head:
    """The format and version, checked before any migration looks further."""
    fmt = data.get("format")
    if fmt != FORMAT:
        raise SaveError(file, f"not a Skirmish save (format is {str(fmt)[:40]!r}, expected {FORMAT!r})")
    return _structure(file, {key: data[key] for key in ("format", "format_version") if key in data}, Head)


def migrate(file: str, data: dict[str, Any]) -> dict[str, Any]:
    """Bring an older document up to FORMAT_VERSION through MIGRATIONS, one version at a time."""
    version = _head(file, data).format_version
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


def _same(encoded: Any, raw: Any) -> str | None:
    """Where `raw` differs from the canonical encoding `encoded` of what it decodes to; None when it does not.

    The converter refuses unknown keys; this also refuses a field left out for its default,
    a float written as an integer and any other second spelling of the same value, so two
    different files never verify as the same battle."""
    if canonical(encoded) == canonical(raw):
        return None
    if isinstance(encoded, dict) and isinstance(raw, dict):
        for key in sorted(set(encoded) | set(raw)):
            if key not in raw:
                return f"{key}: missing (every field is written out, defaults too)"
            if key not in encoded:
                return f"{key}: unknown or unused field"
            inner = _same(encoded[key], raw[key])
            if inner is not None:
                return f"{key}.{inner}" if not inner.startswith("[") else f"{key}{inner}"
    if isinstance(encoded, list) and isinstance(raw, list) and len(encoded) == len(raw):
        for i, (e, r) in enumerate(zip(encoded, raw)):
            inner = _same(e, r)
            if inner is not None:
                return f"[{i}]" + (f".{inner}" if not inner.startswith("[") and not inner.startswith("not ") else inner)
    return "not in the canonical form this build writes"


def read_document(file: str, data: dict[str, Any]) -> Replay:
    """A parsed JSON object to a Replay (types, shapes and bounds checked, actions not applied)."""
    source_format = _head(file, data).format_version
    original = data  # the hashes of a format-3 file cover its header as written, version 3
    data = migrate(file, data)
    doc = _structure(file, data, Envelope)
    try:
        ruleset = registry.get(doc.ruleset)
    except KeyError as exc:
        raise SaveError(file, f"ruleset: {exc.args[0]}") from None
    except ImportError:
        raise SaveError(file, f"ruleset: {doc.ruleset!r} is not installed") from None
    if doc.rules_version > ruleset.rules_version:
        raise SaveError(
            file, f"made with newer {doc.ruleset} rules (version {doc.rules_version}; this build has {ruleset.rules_version})"
        )
    setup = Setup(doc.setup.scenario, doc.setup.seed, _read_armies(file, doc.setup.armies, ruleset), doc.setup.dice)
    m = doc.meta
    result = None if m.result is None else {"winner": m.result.winner, "reason": m.result.reason}
    meta = Meta(m.created, m.players, setup.scenario, setup.seed, result, m.steps, m.undo)
    codec = ruleset.codec()
    try:
        initial = codec.decode_state(doc.initial)
    except Exception as exc:  # hostile data can upset a converter in any way: report it in one line
        raise SaveError(file, f"initial: {_decode_error(exc)}") from None
    try:
        differs = _same(codec.encode_state(initial), doc.initial)
    except Exception as exc:
        raise SaveError(file, f"initial: cannot be encoded again: {_first_line(exc)}") from None
    if differs is not None:
        raise SaveError(file, f"initial: {differs}")
    actions, blobs = [], []
    read: dict[bytes, Any] = {}  # an action written again (a unit that holds, an end of turn) is read once
    for index, raw in enumerate(doc.actions):
        blob = canonical(raw)  # the chain's input, and what the action must encode to again
        action = read.get(blob)
        if action is None:
            try:
                action = codec.decode_action(raw)
                encoded = codec.encode_action(action)
                differs = None if canonical(encoded) == blob else _same(encoded, raw)
            except Exception as exc:
                raise SaveError(file, f"actions[{index}]: {_decode_error(exc)}", index) from None
            if differs is not None:
                raise SaveError(file, f"actions[{index}].{differs}", index)
            read[blob] = action
        actions.append(action)
        blobs.append(blob)
    # Envelope.problems accepts no links at all (what format 3 migrates to); a file
    # written as format 4 must record them all.
    if source_format >= 4 and len(doc.links) != len(doc.actions):
        raise SaveError(file, f"links: {_links_miscounted(len(doc.links), len(doc.actions))}")
    header = b""
    if source_format >= 3:
        header = canonical({key: original[key] for key in (BATTLE_KEYS if source_format >= 5 else HEADER_KEYS)})
    hashes = tuple((h.step, h.hash) for h in doc.hashes)
    return Replay(
        file, ruleset, doc.rules_version, doc.content_fingerprint, meta, initial, tuple(actions), doc.hash_every,
        hashes, doc.final_hash, setup, source_format, header, tuple(blobs) if source_format >= 3 else (), doc.links,
        canonical(original["meta"]) if source_format >= 5 else b"",
    )


def _read_armies(file: str, entries: tuple[ArmyEntry, ...], ruleset: Ruleset) -> tuple[tuple[int, Any], ...]:
    """The brought armies, each read by its ruleset and refused unless written canonically."""
    armies: list[tuple[int, Any]] = []
    for i, entry in enumerate(entries):
        where = f"setup.armies[{i}]."
        try:
            army = ruleset.army_from_document(entry.army, f"{where}army")
            differs = _same(ruleset.army_document(army), entry.army)
        except ContentError as exc:
            first = exc.problems[0]
            raise SaveError(file, f"{first.file}.{first.field}: {first.reason}") from None
        except Exception as exc:
            raise SaveError(file, f"{where}army: {_decode_error(exc)}") from None
        if differs is not None:
            raise SaveError(file, f"{where}army.{differs}")
        armies.append((entry.side, army))
    return tuple(armies)


def read_save(path: str | Path) -> Replay:
    """Read and check a save file without re-applying its actions; raises SaveError."""
    file = display_path(path)
    try:
        blob = read_regular(path, MAX_SAVE_BYTES)
    except Unreadable as exc:
        raise SaveError(file, exc.reason) from None
    return read_document(file, parse_document(file, blob))


# --- proving a replay -----------------------------------------------------------
def rebuild_start(replay: Replay, now: str | None = None) -> Any:
    """The initial state the save's setup makes with today's content: its scenario, the
    armies it brings, its seed (an older save without a seed: the seed its dice hold).
    Raises ContentError or any error of a broken scenario; callers word it. `now`: the
    content fingerprint now, when already worked out."""
    ruleset, setup = replay.ruleset, replay.setup
    scenario = _scenario(ruleset, setup.scenario, now)
    for i, (side, army) in enumerate(setup.armies):
        scenario = ruleset.with_army(scenario, side, army, f"setup.armies[{i}]")
    seed = start_seed(replay)
    if setup.dice == "one stream":  # begun before format 2: the whole battle rolls one stream
        return ruleset.set_up(scenario, seed)
    return ruleset.new_battle(scenario, seed)


#: Bundled and generated scenarios as loaded, by (ruleset, name, content fingerprint,
#: loader): verifying a save rebuilds its start, and reading a scenario's files costs more
#: than re-applying a dozen actions. An edit to any data file changes the fingerprint; a
#: ruleset given another loader (the tests hand old saves the scenarios of their day that
#: way) has entries of its own.
_SCENARIOS: dict[tuple[str, str, str, Any], Any] = {}
SCENARIOS_KEPT = 16


def _scenario(ruleset: Ruleset, name: str, now: str | None = None) -> Any:
    """ruleset.load_scenario(name), kept for a name that is no file path (bundled or generated:
    what the ruleset's data files alone decide); a path is read every time. `now`: the
    content fingerprint now, when already worked out."""
    if Path(name).suffix:
        return ruleset.load_scenario(name)
    loader = ruleset.load_scenario
    key = (ruleset.name, name, now or fingerprint(ruleset.content_dir()), getattr(loader, "__func__", loader))
    scenario = _SCENARIOS.get(key)
    if scenario is None:
        scenario = loader(name)
        if len(_SCENARIOS) >= SCENARIOS_KEPT:
            _SCENARIOS.pop(next(iter(_SCENARIOS)))
        _SCENARIOS[key] = scenario
    return scenario


def start_seed(replay: Replay) -> int:
    """The seed the battle was set up with: the recorded one, else (older saves with
    `seed: null`) the one its initial dice hold, which rebuilding then proves."""
    if replay.setup.seed is not None:
        return replay.setup.seed
    return int(replay.initial.dice.seed)


def _prove_start(replay: Replay, content: str, now: str | None = None) -> None:
    file, setup = replay.file, replay.setup
    codec = replay.ruleset.codec()
    unproven = "" if replay.source_format >= 3 else f"start not proven (format {replay.source_format}): "
    try:
        built = rebuild_start(replay, now)
    except ContentError as exc:
        first = exc.problems[0]
        raise SaveError(file, f"{content}{unproven}setup: {first.file}: {first.field}: {first.reason}") from None
    except Exception as exc:
        raise SaveError(file, f"{content}{unproven}setup: cannot be set up: {_first_line(exc)}") from None
    # Equal records encode alike, so only a start that is not equal is encoded to be compared.
    if built != replay.initial and canonical(codec.encode_state(built)) != canonical(codec.encode_state(replay.initial)):
        armies = f" and {len(setup.armies)} brought arm{'y' if len(setup.armies) == 1 else 'ies'}" if setup.armies else ""
        raise SaveError(
            file,
            f"{content}initial: {unproven}not the state scenario {setup.scenario!r} with seed {start_seed(replay)}{armies} starts from",
        )


def verify(replay: Replay) -> Match:
    """Prove the start, then re-apply every action and check every recorded hash as it goes;
    the rebuilt Match on success.

    The start: the initial state must be the one the setup makes (rebuild_start). The
    hashes: from format 3 on a hash covers the setup, every action's canonical encoding so
    far and the state, and the metadata (formats 3 and 4 at the chain's start, format 5 on
    in the final hash); older formats hash the state alone. Format 4 on also
    records the chain's link after every action, so a changed action is named exactly
    (actions[i]) though states are hashed only every K actions; when the actions are as
    recorded but a state differs (other rules or content), the window of K actions before
    that checkpoint is named. After a content edit the message says so first.
    """
    ruleset, file = replay.ruleset, replay.file
    now = fingerprint(ruleset.content_dir())
    content = replay.content_note(now)
    _prove_start(replay, content, now)
    sides = len(ruleset.side_names(replay.initial))
    if len(replay.meta.players) != sides:
        raise SaveError(file, f"meta.players: names {len(replay.meta.players)} players; the battle has {sides} sides")
    expected = dict(replay.hashes)
    chained = replay.source_format >= 3
    start = link = start_link(replay.header) if chained else ""

    def recorded(step: int, at: str) -> str:
        """What the save records after `step` actions, the chain's link then being `at`."""
        digest = match.state_hash_at(step)  # kept by the Match: its next save need not hash it again
        return checkpoint(at, digest) if chained else digest

    note = ""
    if replay.rules_version != ruleset.rules_version:
        note = f" (saved with {ruleset.name} rules version {replay.rules_version}; this build has {ruleset.rules_version})"
    match = Match(ruleset, replay.initial, replay.meta.undo)
    match.content_fingerprint = now  # the content it goes on with, which its next save records
    closed = replay.source_format >= 5  # the final hash takes the metadata in (core.chain.closing)
    if expected.get(0) != recorded(0, link):
        what = "the header, setup or initial state" if closed else "the metadata, setup or initial state" if chained else "the initial state"
        raise SaveError(file, f"hashes[0]: {what} does not match the recorded hash")
    # The checkpoints reached are hashed together once the actions are replayed (or before
    # any other fault is named, which keeps the first fault first): back to back, a
    # state's records are still in the processor's caches, at about half the cost of
    # hashing each between the applies.
    reached: list[tuple[int, str]] = []  # (step, the chain's link then)
    last_checked = 0

    def check_reached() -> None:
        nonlocal last_checked
        for step, at in reached:
            if recorded(step, at) != expected[step]:
                index = step - 1
                if step - last_checked > 1:
                    where = f"actions[{last_checked}..{index}]: the replay diverges within these actions"
                    first = last_checked
                else:
                    where = f"actions[{index}]: the replay diverges here"
                    first = index
                raise SaveError(file, f"{content}{where} (state after step {step} differs from the recording){note}", first)
            last_checked = step
        reached.clear()

    for index, action in enumerate(replay.actions):
        try:
            match.apply(action)
        except IllegalAction as exc:
            check_reached()
            raise SaveError(file, f"{content}actions[{index}]: illegal when replayed: {exc.reason}{note}", index) from None
        except Exception as exc:
            check_reached()
            raise SaveError(file, f"{content}actions[{index}]: cannot be replayed: {_first_line(exc)}{note}", index) from None
        if chained:
            link = next_link(link, replay.action_blobs[index])
            if replay.links and link != replay.links[index]:
                check_reached()
                raise SaveError(file, f"{content}actions[{index}]: not the action recorded here (the chain of actions breaks at it){note}", index)
        if index + 1 in expected:
            reached.append((index + 1, link))
    check_reached()
    final = closing(link, match.state_hash_at(match.cursor), replay.meta_bytes) if closed else recorded(match.cursor, link)
    if final != replay.final_hash:
        first = last_checked if last_checked < len(replay.actions) else max(len(replay.actions) - 1, 0)
        what = "the final state or the metadata (meta) differs" if closed else "the final state differs"
        raise SaveError(file, f"{content}final_hash: {what} from the recording{note}", first)
    recorded_result = replay.meta.result
    actual = result_of(ruleset, match.state)
    if recorded_result != actual:
        raise SaveError(file, f"meta.result: says {recorded_result!r} but the replay ends with {actual!r}")
    # what was proved is the Match's: its next save encodes and chains only new actions
    match.remember(replay.action_blobs, start if closed else "", replay.links)
    return match


def load_match(path: str | Path) -> Match:
    """Read, replay and verify a save: a Match positioned at its last action."""
    return verify(read_save(path))


# --- folders ----------------------------------------------------------------------
def list_saves(folder: str | Path) -> list[SaveSummary]:
    """Every *.json in `folder`, newest first: metadata, or the reason a file is unreadable
    (what is not a regular file is listed as skipped, and never opened).

    One bad file never hides the others. Actions are not re-applied here (see verify).
    """
    root = Path(folder)
    if not root.is_dir():
        return []
    out = []
    for path in sorted(root.glob(f"*{SUFFIX}")):
        if not is_regular(path):  # a device, a pipe or a link to one is never opened
            out.append(SaveSummary(path, error="not a regular file: skipped"))
            continue
        try:
            replay = read_save(path)
        except SaveError as exc:
            out.append(SaveSummary(path, error=exc.reason))
            continue
        m = replay.meta
        out.append(SaveSummary(path, replay.ruleset.name, m.scenario, m.created, m.players, m.result, m.steps, m.undo))
    out.sort(key=lambda s: s.created, reverse=True)
    return out
