"""The save fuzzer: real saves of every ruleset, mutated; every case must end in a faithful
replay or one SaveError line, within a time cap. Run standalone for the figures in
docs/RELIABILITY.md: `python3 -m tests.core.save_fuzz 3000`."""

from __future__ import annotations

import random
import signal
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from core import registry, saves
from core.errors import SaveError
from tests.core.hostile import BATTLES, document
from tests.core.save_helpers import rehash

KINDS = ("byte flip", "truncation", "field edit", "hostile initial", "huge number")
HOSTILE = (2**62, 10**6, -1, 2**63 - 1, "x", None, [], {}, 1.5, True, "", [0, 0])
CAP_SECONDS = 5.0


class Hang(Exception):
    pass


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, prefix + (i,))


def _set(doc, path, value):
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value


def mutate(rng: random.Random, name: str, kind: str) -> bytes:
    doc = document(name)
    ruleset = registry.get(name)
    if kind in ("byte flip", "truncation"):
        blob = bytearray(saves.render(doc))
        if kind == "truncation":
            return bytes(blob[: rng.randrange(len(blob))])
        for _ in range(rng.randint(1, 4)):
            blob[rng.randrange(len(blob))] = rng.randrange(256)
        return bytes(blob)
    root = doc["initial"] if kind in ("hostile initial", "huge number") else doc
    paths = [p for p in _paths(root) if p]
    path = rng.choice(paths)
    if kind == "huge number":
        ints = [p for p in paths if isinstance(_get(root, p), int) and not isinstance(_get(root, p), bool)]
        path = rng.choice(ints) if ints else path
        value = rng.choice((2**62, 10**6, 2**63 - 1, -(2**62)))
    else:
        value = rng.choice(HOSTILE)
    _set(root, path, value)
    if kind in ("hostile initial", "huge number"):
        doc = rehash(doc, ruleset, replay=False)
    try:
        return saves.render(doc)
    except TypeError:
        return saves.render(document(name))


def _get(value, path):
    for key in path:
        value = value[key]
    return value


def run_case(blob: bytes, folder: Path) -> str:
    """'accepted', 'detected', or raises AssertionError (crash, hang, unfaithful replay)."""
    path = folder / "case.json"
    path.write_bytes(blob)

    def alarm(*_):
        raise Hang()

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, CAP_SECONDS)
    try:
        replay = saves.read_save(path)
        match = saves.verify(replay)
        built = saves.rebuild_start(replay)
        codec = replay.ruleset.codec()
        assert codec.encode_state(built) == codec.encode_state(match.initial), "accepted a start the setup does not make"
        replay.ruleset.board_view(match.state)
        for step, _action, events in match.history():
            for event in events:
                replay.ruleset.describe_event(match.state_at(step), event)
        return "accepted"
    except SaveError as exc:
        assert "\n" not in str(exc), f"more than one line: {exc}"
        return "detected"
    except Hang:
        raise AssertionError("hang: over the time cap") from None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def main(cases: int, seed: int = 19) -> Counter:
    rng = random.Random(seed)
    tally: Counter = Counter()
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(cases):
            name = rng.choice([b[0] for b in BATTLES])
            kind = rng.choice(KINDS)
            try:
                tally[run_case(mutate(rng, name, kind), Path(tmp))] += 1
            except AssertionError as exc:
                tally["hangs" if "hang" in str(exc) else "crashes"] += 1
                print(f"{name} {kind}: {exc}", file=sys.stderr)
            except Exception as exc:  # anything but a SaveError is a crash
                tally["crashes"] += 1
                print(f"{name} {kind}: {type(exc).__name__}: {exc}", file=sys.stderr)
            tally["tried"] += 1
    tally["seconds"] = round(time.perf_counter() - start)
    return tally


if __name__ == "__main__":
    figures = main(int(sys.argv[1]) if len(sys.argv) > 1 else 3000)
    print(f"cases tried {figures['tried']}, detected {figures['detected']}, accepted faithfully {figures['accepted']}, "
          f"crashes {figures['crashes']}, hangs {figures['hangs']} ({figures['seconds']} s)")
