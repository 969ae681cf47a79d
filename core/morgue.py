"""The morgue: how a run ended, kept as JSON and as text, and the local high-score table.

When a run is over (core.run.Run, stage "over"), `record_end(run, folder)` writes its
morgue document twice, as JSON and as readable text (`morgue_document`, `morgue_text`),
and adds one line to the high-score table in the same folder (`scores.json`); both
are written atomically (core.files.write_atomic). `high_scores(folder)` reads the table
back, best first, through the house converter (core.serial) with every bound checked,
as a save's envelope is read: a damaged, oversized or hand-edited table is one
SaveError line, never a traceback.

The score rule (docs/RULES.md, "Runs", "The morgue and the score") is `score_parts`.
`daily_seed(date)` is the run seed every player gets on a given date. Core reads no
clock: the date a run ended (`created`) and the day of a daily run are text the caller
gives. docs/FORMATS.md, "Morgue files" describes both files.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from pathlib import Path
from typing import Any

import attrs
import orjson

from core import registry, run as runs
from core.content import display_path
from core.content import structure as content_structure
from core.errors import ContentError, SaveError
from core.files import Unreadable, read_regular, write_atomic
from core.rng import seed_problem
from core.saves import MAX_TEXT, default_saves_dir, parse_document, render
from core.serial import new_converter

FORMAT = "skirmish-morgue"
FORMAT_VERSION = 1
SCORES_FORMAT = "skirmish-scores"
SCORES_VERSION = 1
SCORES_NAME = "scores.json"
#: The table keeps the best this many runs; a worse run than all of them is not listed.
MAX_SCORES = 100
#: Largest table read: a full table is about 40 KiB.
MAX_SCORES_BYTES = 512 * 1024
#: The highest score an entry may hold (a won run of 15 layers scores a few thousand).
MAX_SCORE = 1_000_000
#: The morgue files a rebuild of a damaged table reads at most.
MAX_REBUILD_FILES = 2_000

#: The score rule (docs/RULES.md): points for each layer reached, each battle and elite
#: battle won, a won run, and each unit alive at the end.
SCORE_LAYER = 100
SCORE_BATTLE = 50
SCORE_ELITE = 150
SCORE_WON = 1000
SCORE_SURVIVOR = 25

DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
FILE_NAME = re.compile(r"morgue-[a-z0-9_]{1,40}-\d{1,20}-[0-9a-f]{16}\.json")
CONVERTER = new_converter()


# --- the daily seed ---------------------------------------------------------------------------
def daily_seed(date: str) -> int:
    """The run seed of the day `date` (an ISO date, "2026-12-01"): the first 8 bytes of
    SHA-256 of "skirmish daily " + date, big-endian. The same for every player, every
    ruleset and every machine on that date; ValueError for anything but a real date
    written YYYY-MM-DD."""
    from datetime import date as Date

    if not isinstance(date, str) or not DATE.fullmatch(date):
        raise ValueError(f"{str(date)[:40]!r} is not a date written YYYY-MM-DD")
    try:
        Date.fromisoformat(date)
    except ValueError:
        raise ValueError(f"{date!r} is not a day of the calendar") from None
    return int.from_bytes(hashlib.sha256(f"skirmish daily {date}".encode()).digest()[:8], "big")


# --- the score --------------------------------------------------------------------------------
def score_parts(run: runs.Run) -> dict[str, int]:
    """What the run scored, part by part (their sum is the score)."""
    won = [b for b in run.battles if b.winner == 0]
    return {
        "layers": SCORE_LAYER * len(run.path),
        "battles": SCORE_BATTLE * sum(1 for b in won if b.kind != "elite"),
        "elites": SCORE_ELITE * sum(1 for b in won if b.kind == "elite"),
        "won": SCORE_WON if run.won else 0,
        "survivors": SCORE_SURVIVOR * len(run.members),
    }


def score(run: runs.Run) -> int:
    return sum(score_parts(run).values())


def run_id(run: runs.Run) -> str:
    """16 hex digits naming what the run came to (SHA-256 of its summary): the same run
    recorded twice is one entry, two runs of one seed are two."""
    return hashlib.sha256(orjson.dumps(runs.summary(run), option=orjson.OPT_SORT_KEYS)).hexdigest()[:16]


def cause(run: runs.Run) -> str:
    """How a run ended, without the layer or a name: what `skirmish sim-run` counts."""
    text = re.sub(r" of layer \d+$", "", run.end)
    return re.sub(r"^the commander .* fell$", "the commander fell", text)


# --- the morgue document ----------------------------------------------------------------------
def _battle_finals(run: runs.Run) -> list[Any]:
    """The last state of every battle of the run, in order (the run played again from its
    seed with its own steps; no AI is asked anything)."""
    ruleset = registry.get(run.ruleset)
    battles = iter(run.battles)
    now = runs.new_run(run.ruleset, run.seed, run.config)
    out = []
    for step in run.steps:
        if step == runs.BATTLE:
            record = next(battles)
            _, _, state = runs.start_battle(now)
            for action in record.actions:
                state, _ = ruleset.apply(state, action)
            out.append(state)
            now = runs.finish_battle(now, record.actions)
        else:
            now = runs.choose(now, step)
    return out


def morgue_document(run: runs.Run, created: str = "", daily: str = "") -> dict[str, Any]:
    """The morgue of an ended run as JSON-ready data (docs/FORMATS.md, "Morgue files")."""
    if not run.over:
        raise ValueError("the run is not over: a morgue is written when it ends")
    if daily:
        daily_seed(daily)  # a date written YYYY-MM-DD, else ValueError: the table would refuse it later
    if len(created) > MAX_TEXT:
        raise ValueError(f"created: {len(created)} characters; the limit is {MAX_TEXT}")
    ruleset = registry.get(run.ruleset)
    base = runs.summary(run)
    finals = _battle_finals(run)
    battles = []
    kills: Counter[str] = Counter()
    for record, row, state in zip(run.battles, base["battles"], finals):
        node = run.nodes.nodes[record.node]
        killed = Counter(str(u["type"]) for u in ruleset.unit_stats(state) if u["side"] == 1 and not u["survived"])
        kills.update(killed)
        losses = row.pop("lost")
        battles.append({**row, "layer": node.depth + 1, "result": record.result,
                        "kills": dict(sorted(killed.items())), "losses": losses})
    parts = score_parts(run)
    path = [{"node": i, "layer": run.nodes.nodes[i].depth + 1, "kind": run.nodes.nodes[i].kind} for i in run.path]
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "id": run_id(run),
        "ruleset": run.ruleset,
        "title": ruleset.title,
        "seed": run.seed,
        "daily": daily,
        "created": created,
        "won": run.won,
        "end": run.end,
        "score": sum(parts.values()),
        "score_parts": parts,
        "depth": run.nodes.depth,
        "path": path,
        "points": run.points,
        "battles": battles,
        "kills": dict(sorted(kills.items())),
        "losses": [{"name": m["name"], "unit": m["unit"], "fell": m["fell"]} for m in base["fallen"]],
        "warband": base["warband"],
        "fallen": base["fallen"],
        "log": list(run.log),
    }


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _count(counts: dict[str, int]) -> str:
    return ", ".join(f"{n} {kind}" for kind, n in counts.items()) or "none"


def morgue_text(doc: dict[str, Any]) -> str:
    """The morgue document as a person reads it."""
    daily = f", the daily run of {doc['daily']}" if doc["daily"] else ""
    title = f"{doc['title']} run, seed {doc['seed']}{daily}"
    parts = doc["score_parts"]
    lines = [title, "=" * len(title)]
    if doc["created"]:
        lines.append(f"Ended {doc['created']}.")
    lines += [
        ("Won: " if doc["won"] else "Died: ") + doc["end"] + ".",
        f"Score {doc['score']}: layers {parts['layers']}, battles {parts['battles']}, elite battles {parts['elites']}, "
        f"victory {parts['won']}, survivors {parts['survivors']}.",
        f"Reached layer {len(doc['path'])} of {doc['depth']}; {doc['points']} points unspent.",
        "",
        "Path: " + ", ".join(f"{p['layer']} {p['kind']}" for p in doc["path"]),
        "",
        "Battles",
    ]
    for b in doc["battles"]:
        lines.append(f"  Layer {b['layer']} ({b['kind']}) against {b['opponent']} ({b['ai']} AI): {b['result']}"
                     + (f" ({runs.FELL_BACK})" if b["retreat"] else "") + " in "
                     f"{_plural(b['rounds'], 'round')}, {b['reason']}")
        lines.append(f"    killed: {_count(b['kills'])}; lost: {', '.join(b['losses']) or 'none'}"
                     + (f"; +{b['points']} points" if b["points"] else ""))
    lines += ["", f"Kills: {_count(doc['kills'])}", "", "The warband at the end"]
    for title_, units in (("", doc["warband"]), ("Fallen", doc["fallen"])):
        if title_:
            lines += ["", title_]
        if not units:
            lines.append("  none")
        for m in units:
            wounds = f", {m['wounds']} wounds" if m["wounds"] and not m["fell"] else ""
            lines.append(f"  {m['name']}: {m['unit']}")
            lines.append(f"    {_plural(m['battles'], 'battle')}, {m['damage']} damage dealt{wounds}")
            lines += [f"    - {h}" for h in m["history"]]
    lines += ["", "Log"] + [f"  {line}" for line in doc["log"]]
    return "\n".join(lines) + "\n"


# --- the high-score table ---------------------------------------------------------------------
@attrs.frozen
class ScoreEntry:
    """One run in the table: enough to list it and to find its morgue file."""

    id: str
    ruleset: str
    seed: int
    daily: str
    created: str
    score: int
    won: bool
    end: str
    layer: int  # the layer the run ended at
    depth: int
    victories: int  # battles won
    fallen: int
    file: str  # the morgue's JSON file, in the table's folder

    def problems(self) -> list[tuple[str, str]]:
        out = []
        for field in ("ruleset", "daily", "created", "end"):
            if len(getattr(self, field)) > MAX_TEXT:
                out.append((field, f"{len(getattr(self, field))} characters; the limit is {MAX_TEXT}"))
        if not re.fullmatch(r"[0-9a-f]{16}", self.id):
            out.append(("id", "16 hex digits"))
        problem = seed_problem(self.seed)
        if problem is not None:
            out.append(("seed", problem))
        if self.daily and not DATE.fullmatch(self.daily):
            out.append(("daily", "a date written YYYY-MM-DD, or empty"))
        if not 0 <= self.score <= MAX_SCORE:
            out.append(("score", f"{self.score}; use 0 to {MAX_SCORE}"))
        for field in ("layer", "depth", "victories", "fallen"):
            if not 0 <= getattr(self, field) <= 10_000:
                out.append((field, f"{getattr(self, field)}; use 0 to 10000"))
        if not FILE_NAME.fullmatch(self.file):
            out.append(("file", "a morgue file's name (morgue-RULESET-SEED-ID.json), no folder"))
        return out

    def sort_key(self) -> tuple[Any, ...]:
        """Best first: the higher score, then fewer units lost, then the earlier run."""
        return (-self.score, self.fallen, self.created, self.id)


@attrs.frozen
class ScoreTable:
    format: str
    format_version: int
    entries: tuple[ScoreEntry, ...]

    def problems(self) -> list[tuple[str, str]]:
        out = []
        if self.format != SCORES_FORMAT:
            out.append(("format", f"{self.format[:40]!r}; a high-score table is {SCORES_FORMAT!r}"))
        if len(self.entries) > MAX_SCORES:
            out.append(("entries", f"{len(self.entries)} entries; the table keeps at most {MAX_SCORES}"))
        else:
            for i, entry in enumerate(self.entries):
                out += [(f"entries[{i}].{f}", r) for f, r in entry.problems()]
        return out


def morgue_dir(saves: str | Path | None = None) -> Path:
    """Where morgue files and the table live: the saves folder's morgue/."""
    return Path(saves if saves is not None else default_saves_dir()) / "morgue"


def morgue_name(run: runs.Run) -> str:
    return f"morgue-{run.ruleset}-{run.seed}-{run_id(run)}.json"


def entry_of(doc: dict[str, Any], file: str) -> ScoreEntry:
    return ScoreEntry(
        doc["id"], doc["ruleset"], doc["seed"], doc["daily"], doc["created"], doc["score"], doc["won"], doc["end"],
        len(doc["path"]), doc["depth"], sum(1 for b in doc["battles"] if b["result"] == "won"), len(doc["fallen"]), file,
    )


def _parse(file: str, blob: bytes) -> dict[str, Any]:
    """Bytes to a JSON object, or a one-line SaveError (as a save's reader says it)."""
    return parse_document(file, blob, "high-score table", MAX_SCORES_BYTES)


def _read_table(path: Path) -> list[ScoreEntry]:
    file = display_path(path)
    try:
        blob = read_regular(path, MAX_SCORES_BYTES)
    except Unreadable as exc:
        if exc.reason == "no such file":
            return []
        raise SaveError(file, exc.reason) from None
    data = _parse(file, blob)
    version = data.get("format_version")
    if data.get("format") == SCORES_FORMAT and isinstance(version, int) and version > SCORES_VERSION:
        raise SaveError(file, f"written by a newer Skirmish (table format {version}; this one reads up to {SCORES_VERSION})")
    try:
        table = content_structure(data, ScoreTable, file, CONVERTER)
    except ContentError as exc:
        first = exc.problems[0]
        raise SaveError(file, f"{first.field}: {first.reason}") from None
    return sorted(table.entries, key=ScoreEntry.sort_key)


def high_scores(folder: str | Path) -> list[ScoreEntry]:
    """The runs in the table of `folder`, best first; [] when there is none yet. A table
    that cannot be read (damaged, too large, wrong shape, out of bounds) is a SaveError."""
    return _read_table(Path(folder) / SCORES_NAME)


def _write_table(folder: Path, entries: list[ScoreEntry]) -> Path:
    best = sorted({e.id: e for e in entries}.values(), key=ScoreEntry.sort_key)[:MAX_SCORES]
    document = {"format": SCORES_FORMAT, "format_version": SCORES_VERSION,
                "entries": [CONVERTER.unstructure(e) for e in best]}
    return write_atomic(folder / SCORES_NAME, render(document))


def _rebuilt(folder: Path) -> list[ScoreEntry]:
    """The table made again from the morgue files in `folder` (each read with the bounds a
    table's entry keeps; a file that does not read is left out)."""
    out = []
    for path in sorted(folder.glob("morgue-*.json"))[:MAX_REBUILD_FILES]:
        try:
            data = _parse(path.name, read_regular(path, MAX_SCORES_BYTES))
            entry = content_structure(CONVERTER.unstructure(entry_of(data, path.name)), ScoreEntry, path.name, CONVERTER)
        except Exception:  # a damaged or hostile morgue file can fail in any way: it is left out
            continue
        out.append(entry)
    return out


def record_end(run: runs.Run, folder: str | Path, created: str = "", daily: str = "") -> Path:
    """Write the morgue of the ended `run` into `folder` (JSON and text, each atomically)
    and add it to the high-score table there; returns the JSON file's path.

    A table that cannot be read is kept as scores.json.unreadable and a new one is made
    from the morgue files in the folder, so no run already recorded drops out of it."""
    folder = Path(folder)
    doc = morgue_document(run, created, daily)
    name = morgue_name(run)
    path = write_atomic(folder / name, render(doc))
    write_atomic(path.with_suffix(".txt"), morgue_text(doc))
    try:
        entries = high_scores(folder)
    except SaveError as exc:
        table = folder / SCORES_NAME
        try:
            table.replace(table.with_name(SCORES_NAME + ".unreadable"))
        except OSError:
            raise SaveError(exc.file, f"{exc.reason}; it cannot be moved aside either, so this run is not listed") from None
        entries = _rebuilt(folder)
    _write_table(folder, entries + [entry_of(doc, name)])
    return path


__all__ = ["FORMAT", "MAX_SCORES", "SCORES_NAME", "ScoreEntry", "cause", "daily_seed", "entry_of", "high_scores", "morgue_dir",
           "morgue_document", "morgue_name", "morgue_text", "record_end", "run_id", "score", "score_parts"]
