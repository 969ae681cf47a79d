"""Run files: one JSON document per run that replays the whole run (docs/FORMATS.md, "Run files").

A run file holds the run's seed and settings and every step the player took: each
choice's key, and for each battle every action, with the hash of the state the battle
ended in. Reading checks the envelope with the house converter (core.serial) and its
bounds, as a save's is checked (core.saves); `verify` then plays the run again from
its seed, step by step, and proves every battle's end and, with `final_hash`, the
whole run as `core.run.summary` tells it. The file is written atomically after every
step (core.files.write_atomic) in the saves folder's `runs/` (never among the battle
saves, whose list would call it unreadable).
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any, Iterator

import attrs
import orjson

from core import registry, run as runs
from core.content import display_path, fingerprint
from core.content import structure as content_structure
from core.errors import ContentError, IllegalAction, SaveError
from core.files import Unreadable, read_regular, write_atomic
from core.saves import MAX_ACTIONS, MAX_SAVE_BYTES, MAX_TEXT, default_saves_dir, parse_document, render
from core.rng import seed_problem
from core.serial import canonical, loads, new_converter

FORMAT = "skirmish-run"
FORMAT_VERSION = 2
SUFFIX = ".json"
#: Most steps a run file may hold (a run of 15 layers takes a few dozen).
MAX_STEPS = 2_000
#: What the final hash covers besides the run's summary.
HEADER_KEYS = ("format", "format_version", "ruleset", "rules_version", "content_fingerprint", "created", "seed", "config")
CONVERTER = new_converter()


@attrs.frozen
class StepDoc:
    """One step: a choice's key, or "battle" with the battle's actions and the hash of its last state."""

    choice: str
    actions: tuple[Any, ...]
    hash: str

    def problems(self) -> list[tuple[str, str]]:
        out = []
        if len(self.choice) > 80 or len(self.hash) > 80:
            out.append(("choice", "a choice and a hash are at most 80 characters"))
        if self.choice != runs.BATTLE and (self.actions or self.hash):
            out.append(("actions", f"only a {runs.BATTLE!r} step holds actions and a hash"))
        return out


@attrs.frozen
class RunEnvelope:
    format: str
    format_version: int
    ruleset: str
    rules_version: int
    content_fingerprint: str
    created: str
    seed: int
    config: runs.RunConfig
    steps: tuple[StepDoc, ...]
    final_hash: str

    def problems(self) -> list[tuple[str, str]]:
        out = []
        for field in ("ruleset", "content_fingerprint", "created", "final_hash"):
            if len(getattr(self, field)) > MAX_TEXT:
                out.append((field, f"{len(getattr(self, field))} characters; the limit is {MAX_TEXT}"))
        problem = seed_problem(self.seed)
        if problem is not None:
            out.append(("seed", problem))
        out += [(f"config.{f}", r) for f, r in self.config.problems()]
        if len(self.steps) > MAX_STEPS:
            out.append(("steps", f"{len(self.steps)} steps; the limit is {MAX_STEPS}"))
        elif sum(len(s.actions) for s in self.steps) > MAX_ACTIONS:
            out.append(("steps", f"more than {MAX_ACTIONS} actions in all"))
        else:
            for i, step in enumerate(self.steps):
                out += [(f"steps[{i}].{f}", r) for f, r in step.problems()]
        return out


def summary_v1(summary: dict[str, Any]) -> dict[str, Any]:
    """A run's summary as format 1 wrote it, which a format 1 file's final hash covers: no
    retreats (format 2 added them; a format 1 run's settings allow none), a lost battle's end
    worded "lost the battle battle", and a unit's history counting "1 wounds"."""
    old = {key: value for key, value in summary.items() if key != "retreats"}
    old["battles"] = [{k: v for k, v in b.items() if k != "retreat"} for b in summary["battles"]]
    old["end"] = re.sub(r"^lost a battle of", "lost the battle battle of", summary["end"])
    for part in ("warband", "fallen"):
        old[part] = [{**m, "history": [re.sub(r", 1 wound$", ", 1 wounds", h) for h in m["history"]]} for m in summary[part]]
    return old


#: A summary in the form each format version's final hash covers (the migrations).
SUMMARY_OF_VERSION = {1: summary_v1, FORMAT_VERSION: lambda summary: summary}


def final_hash(header: dict[str, Any], run: runs.Run) -> str:
    """The digest of the header (HEADER_KEYS) and the run's summary, in the form of the
    header's format version: what the run came to."""
    summary = SUMMARY_OF_VERSION[header["format_version"]](runs.summary(run))
    return hashlib.sha256(canonical(header) + b"\n" + canonical(summary)).hexdigest()[:16]


def runs_dir() -> Path:
    """Where run files live: the saves folder's runs/."""
    return default_saves_dir() / "runs"


def run_name(run: runs.Run) -> str:
    return f"run-{run.ruleset}-{run.seed}{SUFFIX}"


def run_document(run: runs.Run, created: str) -> dict[str, Any]:
    """The JSON-ready document of `run` as it stands (core reads no clock: `created` is given)."""
    ruleset = registry.get(run.ruleset)
    codec = ruleset.codec()
    battles = iter(run.battles)
    steps = []
    for choice in run.steps:
        if choice == runs.BATTLE:
            record = next(battles)
            steps.append({"choice": choice, "actions": [codec.encode_action(a) for a in record.actions], "hash": record.final_hash})
        else:
            steps.append({"choice": choice, "actions": [], "hash": ""})
    document: dict[str, Any] = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "ruleset": run.ruleset,
        "rules_version": ruleset.rules_version,
        "content_fingerprint": fingerprint(ruleset.content_dir()),
        "created": created,
        "seed": run.seed,
        "config": CONVERTER.unstructure(run.config),
    }
    header = {key: document[key] for key in HEADER_KEYS}
    document["steps"] = steps
    document["final_hash"] = final_hash(header, run)
    return document


def write_run(path: str | Path, run: runs.Run, created: str) -> Path:
    """Write `run` to `path` atomically (a temp file in the same folder, fsync, rename)."""
    return write_atomic(path, render(run_document(run, created)))


# --- reading and proving ----------------------------------------------------------------------
@attrs.frozen
class RunReplay:
    """A parsed run file whose steps have not been played again yet (see `verify_run`)."""

    file: str
    envelope: RunEnvelope
    header: dict[str, Any]


def read_run_document(file: str, data: dict[str, Any]) -> RunReplay:
    fmt = data.get("format")
    if fmt != FORMAT:
        raise SaveError(file, f"not a Skirmish run file (format is {str(fmt)[:40]!r}, expected {FORMAT!r})")
    version = data.get("format_version")
    if isinstance(version, int) and version > FORMAT_VERSION:
        raise SaveError(file, f"written by a newer Skirmish (run format {version}; this one reads up to {FORMAT_VERSION})")
    if isinstance(version, int) and version not in SUMMARY_OF_VERSION:
        raise SaveError(file, f"format_version: {version}; this build reads run formats {', '.join(map(str, SUMMARY_OF_VERSION))}")
    printable = {key: data[key] for key in ("ruleset", "created", "config") if key in data}
    try:
        doc = content_structure(data, RunEnvelope, file, CONVERTER, printable_only=printable)
    except ContentError as exc:
        first = exc.problems[0]
        raise SaveError(file, f"{first.field}: {first.reason}") from None
    return RunReplay(file, doc, {key: data[key] for key in HEADER_KEYS})


def read_run(path: str | Path) -> RunReplay:
    """Read and check a run file without playing it again; raises SaveError in one line."""
    file = display_path(path)
    try:
        blob = read_regular(path, MAX_SAVE_BYTES)
    except Unreadable as exc:
        raise SaveError(file, exc.reason) from None
    return read_run_document(file, parse_document(file, blob))


@attrs.frozen
class Taken:
    """One step of a run file played again: its index in `steps`, the number of the battle it
    is (1 for the first, 0 for a choice), and the run before and after it."""

    index: int
    battle: int
    before: runs.Run
    after: runs.Run


class Replaying:
    """A run file played again from its seed and settings, one step at a time (`steps`): what
    `verify_run` does to prove a whole file, and what opening one of its battles does to
    reach it (core.runbattles). SaveError names the first step that differs."""

    def __init__(self, replay: RunReplay) -> None:
        file, doc = replay.file, replay.envelope
        try:
            ruleset = registry.get(doc.ruleset)
        except KeyError as exc:
            raise SaveError(file, f"ruleset: {exc.args[0]}") from None
        if doc.rules_version > ruleset.rules_version:
            raise SaveError(file, f"made with newer {doc.ruleset} rules (version {doc.rules_version}; this build has {ruleset.rules_version})")
        self.replay = replay
        self.codec = ruleset.codec()
        #: said before a step's problem when the content changed since the run was written
        self.content = ""
        if doc.content_fingerprint != fingerprint(ruleset.content_dir()):
            self.content = f"the content changed since this run (fingerprint {doc.content_fingerprint}): "
        try:
            self.run = runs.new_run(doc.ruleset, doc.seed, doc.config)
        except ContentError as exc:
            first = exc.problems[0]
            raise SaveError(file, f"config.{first.field}: {first.reason}") from None

    def where(self, index: int, battle: int) -> str:
        """How a problem names step `index` (and the battle it is): "steps[4] (battle 2)"."""
        return f"{self.content}steps[{index}]" + (f" (battle {battle})" if battle else "")

    def actions(self, index: int, battle: int) -> tuple[Any, ...]:
        """The actions of the battle step `index`, decoded; each must be in the canonical form."""
        out = []
        for j, raw in enumerate(self.replay.envelope.steps[index].actions):
            action = self.codec.decode_action(raw)
            if canonical(self.codec.encode_action(action)) != canonical(raw):
                raise SaveError(self.replay.file, f"{self.where(index, battle)}.actions[{j}]: not in the canonical form this build writes")
            out.append(action)
        return tuple(out)

    def steps(self) -> Iterator[Taken]:
        """Take every step in order; each battle must end in the state whose hash the file records."""
        file, battle = self.replay.file, 0
        for i, step in enumerate(self.replay.envelope.steps):
            number = battle + 1 if step.choice == runs.BATTLE else 0
            where = self.where(i, number)
            before = self.run
            try:
                if number:
                    after = runs.finish_battle(before, self.actions(i, number))
                    if after.battles[-1].final_hash != step.hash:
                        raise SaveError(file, f"{where}: the battle ends in another state than the recording")
                    battle = number
                else:
                    after = runs.choose(before, step.choice)
            except IllegalAction as exc:
                raise SaveError(file, f"{where}: illegal when replayed: {exc.reason}") from None
            except SaveError:
                raise
            except Exception as exc:  # hostile data can upset a decoder in any way: one line, never a traceback
                text = str(exc).strip().splitlines()
                raise SaveError(file, f"{where}: cannot be replayed: {text[0] if text else type(exc).__name__}") from None
            self.run = after
            yield Taken(i, number, before, after)


def verify_run(replay: RunReplay) -> runs.Run:
    """Play the run again from its seed and settings, step by step (`Replaying`); the run on success.

    Each battle's actions must be legal and end the battle in the state whose hash the
    file records; the summary of the whole run must match `final_hash`. The first step
    that differs is named in a SaveError (and the battle it is, for a battle's step)."""
    playing = Replaying(replay)
    for _ in playing.steps():
        pass
    if final_hash(replay.header, playing.run) != replay.envelope.final_hash:
        raise SaveError(replay.file, f"{playing.content}final_hash: the run replays to another end than the recording")
    return playing.run


def is_run_file(path: str | Path) -> bool:
    """True when `path` reads as a run file's JSON (its `format`); False for anything else,
    which the save reader then reports in its own words."""
    try:
        data = loads(read_regular(path, MAX_SAVE_BYTES))
    except (Unreadable, orjson.JSONDecodeError):
        return False
    return isinstance(data, dict) and data.get("format") == FORMAT


def load_run(path: str | Path) -> runs.Run:
    """Read, replay and verify a run file: the run where it stands."""
    return verify_run(read_run(path))


__all__ = ["FORMAT", "FORMAT_VERSION", "Replaying", "RunReplay", "Taken", "is_run_file", "load_run", "read_run", "run_document", "run_name", "runs_dir",
           "verify_run", "write_run"]
