"""The content fuzzer: every kind of bundled TOML file, mutated, must load or be refused.

A case takes one bundled file (the kinds are drawn evenly, so the one quiz file is tried
as often as the 25 StatWar units), applies one to three mutations (a field deleted, a
value's type swapped, a huge or negative number, a long or strange string, a reference
pointed out of the content folders, a duplicated key line or catalogue entry, an unknown
key, a cut or a flipped byte), writes it where a player's file of that kind would live,
and reads it as `skirmish check` and `skirmish sheet` do (catalogue files also as the
catalogue the rules load). Every case must end in a loaded document or in ContentError
problems that are each one `file: field: reason` line, within a time cap; anything else
is a crash or a hang.

Reproduce the figures of docs/RELIABILITY.md ("Content files"):

    python -m tests.content_fuzz --cases 20000 --seed 0
"""

from __future__ import annotations

import argparse
import copy
import functools
import os
import random
import shutil
import signal
import sys
import time
import tomllib
from collections import Counter
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from core.content import dump_toml, scenarios_root
from core.errors import ContentError

#: Seconds a case may take before it counts as a hang (loading a file takes milliseconds).
CASE_LIMIT = 5.0

HUGE = [2**63 - 1, -(2**63), 2**64, 10**18, 10**100, -1, 0, 99, 100, 1000, -(10**9)]
STRANGE = [
    "", " ", "x" * 300, "y" * 5000, "\x1b[2J\x1b]0;owned\x07", "tab\there", "new\nline", "nul\x00byte",
    "\u202eevil", "\u2028", "émoji 🐉 ✓", "../../../../etc/passwd", "/etc/passwd", "C:\\Windows\\win.ini",
    "~/secrets", "a/b/c", "..", ".", "CON", "name.toml", "\\\\server\\share", "%s%n{0}", "'; DROP", "\ufeffbom",
]


class Hang(Exception):
    pass


#: Every file opened while a case is read (an audit hook records them; None: not recording).
_OPENED: list[str] | None = None


def _audit(event: str, args: tuple) -> None:
    if _OPENED is not None and event == "open" and isinstance(args[0], (str, bytes, os.PathLike)):
        _OPENED.append(os.fsdecode(args[0]))


_HOOKED = False


@contextmanager
def recording_opens():
    """The files opened inside the block (for the oracle: no reference leaves the content folders)."""
    global _OPENED, _HOOKED
    if not _HOOKED:
        sys.addaudithook(_audit)
        _HOOKED = True
    _OPENED = []
    try:
        yield _OPENED
    finally:
        _OPENED = None


def outside(opened: list[str], *roots: Path) -> list[str]:
    """The content files among `opened` that lie outside every one of `roots`."""
    bases = [r.resolve() for r in roots]
    out = []
    for name in opened:
        if not name.endswith(".toml"):
            continue
        real = Path(name).resolve()
        if not any(real.is_relative_to(b) for b in bases):
            out.append(name)
    return out


@contextmanager
def time_cap(seconds: float):
    def alarm(_signum, _frame):
        raise Hang()

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def kinds() -> dict[str, list[Path]]:
    """Every kind of bundled TOML file: its folder (or the file itself for the single ones)."""
    root = scenarios_root()
    out: dict[str, list[Path]] = {}
    for path in sorted(root.rglob("*.toml")):
        rel = path.relative_to(root)
        if rel.parts[1] == "catalogue" or len(rel.parts) == 2:  # one file per kind: rules, quiz, units.toml, ...
            key = str(rel.with_suffix(""))
        else:
            key = str(rel.parent)
        out.setdefault(key, []).append(path)
    return out


# --- mutations -----------------------------------------------------------------------
def _paths(data: Any, prefix: tuple = ()) -> list[tuple]:
    """Every place in a document: (key, key, index, ...) paths to each value."""
    out = []
    if isinstance(data, dict):
        for k, v in data.items():
            out.append(prefix + (k,))
            out.extend(_paths(v, prefix + (k,)))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out.append(prefix + (i,))
            out.extend(_paths(v, prefix + (i,)))
    return out


def _parent(data: Any, path: tuple) -> Any:
    for step in path[:-1]:
        data = data[step]
    return data


def _other_value(rng: random.Random, old: Any) -> Any:
    choices = [
        lambda: rng.choice(HUGE), lambda: rng.choice(STRANGE), lambda: rng.random() * 10**rng.randint(0, 30),
        lambda: float("nan"), lambda: float("inf"), lambda: rng.choice([True, False]), lambda: [],
        lambda: [rng.choice(STRANGE), rng.choice(HUGE)], lambda: {}, lambda: {"x": 1},
        lambda: [old] * rng.randint(2, 50), lambda: rng.choice(HUGE) if isinstance(old, str) else str(old),
    ]
    return rng.choice(choices)()


#: A copy of the bundled content outside every content folder: references that escape
#: reach real, valid files there, so only the oracle (not a missing file) can catch them.
DECOY: Path | None = None


def _outward(rng: random.Random, old: str) -> str:
    root = scenarios_root()
    same = sorted(root.rglob(f"{old}.toml")) if old in _stems() else []  # the file the reference names
    real = rng.choice(same or sorted(root.rglob("*.toml")))
    rel = real.relative_to(root)
    decoy = (DECOY / rel) if DECOY is not None else real
    up = "../" * rng.randint(1, 4)
    return rng.choice([
        str(decoy), str(decoy.with_suffix("")), f"{up}outside/{rel.with_suffix('')}", f"{up}outside/{rel}",
        f"{up}{old}", f"../{rel.parent.name}/{rel.name}", "/" + old, f"{'../' * 20}etc/{old}",
        old + "/" + "z" * 300, f"./{old}", f"sub/../../{old}", f"{old}\x00", f"{old}.toml", "x" * 300,
        "x" * 300 + ".toml", str(decoy.parent), f"{up}outside/{rel.parent}",
    ])


@functools.cache
def _stems() -> frozenset[str]:
    return frozenset(p.stem for p in scenarios_root().rglob("*.toml"))


def mutate_data(rng: random.Random, data: dict) -> tuple[str, dict]:
    data = copy.deepcopy(data)
    places = _paths(data)
    if not places:
        return "unknown key", {**data, "surprise": 1}
    path = rng.choice(places)
    parent, key = _parent(data, path), path[-1]
    old = parent[key]
    what = rng.choice(["delete", "type", "huge", "string", "string", "reference", "reference", "reference",
                       "duplicate entry", "unknown key", "grow list"])
    if what == "delete":
        del parent[key]
    elif what == "type":
        parent[key] = _other_value(rng, old)
    elif what == "huge":
        numbers = [p for p in places if isinstance(_parent(data, p)[p[-1]], int) and not isinstance(_parent(data, p)[p[-1]], bool)]
        if numbers:
            path = rng.choice(numbers)
            parent, key = _parent(data, path), path[-1]
        parent[key] = rng.choice(HUGE)
    elif what == "string":
        texts = [p for p in places if isinstance(_parent(data, p)[p[-1]], str)]
        if texts:
            path = rng.choice(texts)
            parent, key = _parent(data, path), path[-1]
        parent[key] = rng.choice(STRANGE) if rng.random() < 0.7 else rng.choice(STRANGE) + str(parent[key])
    elif what == "reference":
        texts = [p for p in places if isinstance(_parent(data, p)[p[-1]], str)]
        refs = [p for p in texts if _parent(data, p)[p[-1]] in _stems()]  # the values that name other files
        texts = refs or texts
        if texts:
            path = rng.choice(texts)
            parent, key = _parent(data, path), path[-1]
            parent[key] = _outward(rng, parent[key])
    elif what == "duplicate entry":
        lists = [p for p in places if isinstance(_parent(data, p)[p[-1]], list) and _parent(data, p)[p[-1]]]
        if lists:
            path = rng.choice(lists)
            items = _parent(data, path)[path[-1]]
            twin = copy.deepcopy(rng.choice(items))
            if isinstance(twin, dict):
                for k in twin:
                    if isinstance(twin[k], int) and not isinstance(twin[k], bool):
                        twin[k] += 1  # same name, other numbers
                        break
            items.insert(rng.randint(0, len(items)), twin)
    elif what == "unknown key":
        tables = [p for p in places if isinstance(_parent(data, p)[p[-1]], dict)]
        target = data
        if tables and rng.random() < 0.5:
            where = rng.choice(tables)
            target = _parent(data, where)[where[-1]]
        if isinstance(target, dict):
            target[rng.choice(["surprise", "x" * 200, "Name", "\x1b", ""])] = rng.choice(HUGE)
    elif what == "grow list":
        lists = [p for p in places if isinstance(_parent(data, p)[p[-1]], list) and _parent(data, p)[p[-1]]]
        if lists:
            path = rng.choice(lists)
            items = _parent(data, path)[path[-1]]
            items.extend(copy.deepcopy(items) * rng.choice([2, 10, 100]))
    return what, data


def mutate_text(rng: random.Random, text: str) -> tuple[str, str]:
    lines = text.splitlines(keepends=True)
    what = rng.choice(["duplicate key", "cut", "flip byte", "drop line"])
    if what == "duplicate key":
        keyed = [i for i, ln in enumerate(lines) if "=" in ln and not ln.lstrip().startswith("#")]
        if keyed:
            i = rng.choice(keyed)
            lines.insert(i + 1, lines[i])
        return what, "".join(lines)
    if what == "cut":
        return what, text[: rng.randint(0, len(text))]
    if what == "drop line" and lines:
        del lines[rng.randrange(len(lines))]
        return what, "".join(lines)
    raw = bytearray(text.encode("utf-8"))
    if raw:
        raw[rng.randrange(len(raw))] = rng.randrange(256)
    return "flip byte", raw.decode("utf-8", errors="surrogateescape")


def build_case(rng: random.Random, source: Path) -> tuple[list[str], bytes]:
    data = tomllib.loads(source.read_text(encoding="utf-8"))
    done = []
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        what, data = mutate_data(rng, data)
        done.append(what)
    text = dump_toml(data)
    if rng.random() < 0.25:
        what, text = mutate_text(rng, text)
        done.append(what)
    return done, text.encode("utf-8", errors="surrogateescape")


# --- reading a case as the game does ------------------------------------------------------
def place_for(tmp: Path, source: Path) -> Path:
    """Where the mutated file goes: the same layout as the bundled folder, under `tmp`."""
    return tmp / source.relative_to(scenarios_root())


def read_case(path: Path, source: Path, tmp: Path) -> str:
    """Load `path` as `check` and `sheet` do, and as the catalogue loaders do; 'loaded' or raise."""
    from tui.cli import load_toml_document

    ruleset, document = load_toml_document(path)
    try:
        ruleset.sheet(document)
    except ContentError as exc:  # a kind without a sheet (ninja rules, weapons) says so: still loaded
        if not all(well_formed(p) for p in exc.problems):
            raise
    rel = source.relative_to(scenarios_root())
    if rel.parts[0] == "ninja" and (rel.parts[1] in ("rules.toml", "weapons.toml", "schools")):
        from core.ninja.content import load_catalogue

        folder = tmp / "ninja"
        for name in ("rules.toml", "weapons.toml"):
            if not (folder / name).exists():
                shutil.copy(scenarios_root() / "ninja" / name, folder / name)
        schools = folder / "schools"
        schools.mkdir(exist_ok=True)
        for school in (scenarios_root() / "ninja" / "schools").glob("*.toml"):
            if not (schools / school.name).exists():
                shutil.copy(school, schools / school.name)
        load_catalogue(folder)
    elif rel.parts[0] == "commanders" and rel.parts[1] in ("catalogue", "quiz.toml"):
        from core.commanders.content import catalogue_dir, load_catalogue
        from core.commanders.quiz import load_quiz

        if rel.parts[1] == "quiz.toml":
            load_catalogue(catalogue_dir(), load_quiz(path))
        else:
            folder = tmp / "commanders" / "catalogue"
            for f in catalogue_dir().glob("*.toml"):
                if not (folder / f.name).exists():
                    shutil.copy(f, folder / f.name)
            load_catalogue(folder, load_quiz())
    return "loaded"


def well_formed(problem: Any) -> bool:
    line = str(problem)
    return bool(problem.file) and bool(problem.field) and bool(problem.reason) and "\n" not in line and "\r" not in line


def run_case(seed: int, tmp: Path, table: dict[str, list[Path]]) -> tuple[str, str, str]:
    """(kind, outcome, detail): loaded, refused, malformed (a problem that is not one `file:
    field: reason` line), escaped (loaded, but a file outside the content folders was read),
    crash or hang."""
    rng = random.Random(seed)
    kind = rng.choice(sorted(table))
    source = rng.choice(table[kind])
    mutations, blob = build_case(rng, source)
    case_dir = tmp / f"case{seed}"
    path = place_for(case_dir, source)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(blob)
    try:
        with time_cap(CASE_LIMIT), recording_opens() as opened:
            outcome = read_case(path, source, case_dir)
        escaped = outside(opened, scenarios_root(), case_dir)
        if escaped:
            return kind, "escaped", f"{mutations} on {source.name} read {escaped[0]}"
        return kind, outcome, ""
    except ContentError as exc:
        bad = [p for p in exc.problems if not well_formed(p)]
        if not exc.problems or bad:
            return kind, "malformed", f"{mutations}: {bad[:1] or 'no problems listed'}"
        return kind, "refused", ""
    except Hang:
        return kind, "hang", f"{mutations} on {source.name}"
    except Exception as exc:  # noqa: BLE001 - exactly what the fuzzer is looking for
        return kind, "crash", f"{mutations} on {source.name}: {type(exc).__name__}: {exc}"[:300]
    finally:
        shutil.rmtree(case_dir, ignore_errors=True)


def run(cases: int, seed: int, tmp: Path) -> dict[str, Any]:
    global DECOY
    DECOY = tmp / "outside"
    if not DECOY.exists():
        shutil.copytree(scenarios_root(), DECOY)
    table = kinds()
    outcomes: Counter = Counter()
    per_kind: dict[str, Counter] = {}
    failures: list[str] = []
    start = time.perf_counter()
    for i in range(cases):
        kind, outcome, detail = run_case(seed * 1_000_003 + i, tmp, table)
        outcomes[outcome] += 1
        per_kind.setdefault(kind, Counter())[outcome] += 1
        if detail:
            failures.append(f"case {seed * 1_000_003 + i} ({kind}): {outcome}: {detail}")
    return {"cases": cases, "seed": seed, "kinds": len(table), "outcomes": dict(outcomes),
            "per_kind": {k: dict(v) for k, v in sorted(per_kind.items())}, "failures": failures,
            "seconds": time.perf_counter() - start}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.content_fuzz", description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        report = run(args.cases, args.seed, Path(tmp))
    o = report["outcomes"]
    print(f"{report['cases']} cases over {report['kinds']} kinds of file, seed {report['seed']}, {report['seconds']:.1f} s")
    print(f"loaded {o.get('loaded', 0)}, refused with file: field: reason {o.get('refused', 0)}, "
          f"malformed problems {o.get('malformed', 0)}, read outside {o.get('escaped', 0)}, crashes {o.get('crash', 0)}, hangs {o.get('hang', 0)}")
    for kind, row in report["per_kind"].items():
        print(f"  {kind:<34} " + ", ".join(f"{k} {v}" for k, v in sorted(row.items())))
    for line in report["failures"][:40]:
        print(line)
    return 1 if report["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
