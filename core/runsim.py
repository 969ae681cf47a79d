"""Whole runs played by the computer in a batch: what `skirmish sim-run` reports.

Run `i` of a batch is `core.run.auto_run` on the seed `core.sim.game_seed(S, i)` with the
bundled settings of its ruleset, the warband played by one AI level (normal unless
told) and every opponent by the level its layer gives. With a daily date every run is
the day's seed (core.morgue.daily_seed) and run `i` makes its map and camp choices with
salt `i`, so the batch measures one world played along different paths. Each run is a
pure function of (ruleset, seed, salt, level), so the figures are the same for any
number of worker processes (core.sim.play_jobs). The only clock read is the `seconds`
the batch took.
"""

from __future__ import annotations

import statistics
import time
from collections import Counter
from typing import Any, Callable

import attrs

from core import balance, morgue, registry, run as runs
from core.sim import check_batch, game_seed, play_jobs


@attrs.frozen
class RunJob:
    ruleset: str
    module: str
    index: int
    seed: int
    salt: int
    level: str


@attrs.frozen
class RunRecord:
    """What one finished run contributes to the batch report."""

    index: int
    seed: int
    won: bool
    cause: str
    battles: int
    layer: int
    depth: int
    score: int


def play_run(job: RunJob) -> RunRecord:
    """Play one whole run (in this process or a worker)."""
    if job.ruleset not in registry.names():
        registry.register(job.ruleset, job.module)
    run = runs.auto_run(job.ruleset, job.seed, level=job.level, salt=job.salt)
    return RunRecord(job.index, job.seed, run.won, morgue.cause(run), len(run.battles), len(run.path), run.nodes.depth,
                     morgue.score(run))


def jobs_for(ruleset: str, count: int, seed: int, level: str, daily: str = "") -> list[RunJob]:
    """The batch's runs: seed S and run i, or the day's seed with salt i."""
    module = registry.module_of(ruleset)
    if daily:
        day = morgue.daily_seed(daily)
        return [RunJob(ruleset, module, i, day, i, level) for i in range(count)]
    return [RunJob(ruleset, module, i, game_seed(seed, i), 0, level) for i in range(count)]


def summarize(ruleset: str, seed: int, level: str, daily: str, records: list[RunRecord], seconds: float) -> dict[str, Any]:
    """The batch report as JSON-ready data (what `skirmish sim-run --json` prints)."""
    count = len(records)
    battles = [r.battles for r in records]
    layers = [r.layer for r in records]
    ends = Counter(r.cause for r in records)
    return {
        "ruleset": ruleset,
        "runs": count,
        "seed": seed,
        "daily": daily,
        "ai": level,
        "wins": balance.proportion(sum(1 for r in records if r.won), count),
        "battles": {"median": statistics.median(battles), "mean": round(statistics.fmean(battles), 2),
                    "min": min(battles), "max": max(battles)},
        "layers": {"median": statistics.median(layers), "depth_median": statistics.median(r.depth for r in records)},
        "score": {"median": statistics.median(r.score for r in records), "max": max(r.score for r in records)},
        "ends": dict(sorted(ends.items(), key=lambda kv: (-kv[1], kv[0]))),
        "seconds": round(seconds, 3),
        "results": [[r.seed, r.won, r.battles, r.layer, r.score] for r in records],
    }


def run_runs(ruleset: str, *, count: int, seed: int = 0, level: str = "normal", daily: str = "", jobs: int = 1,
             progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Play `count` whole runs of `ruleset` and report how they went. ValueError for a bad
    seed, count, level or date and KeyError for an unknown ruleset, before any run starts."""
    check_batch(seed, count, jobs, (level,), "--runs")
    runs.hooks_for(ruleset)  # a ruleset without runs, or bad settings: said once, before any run
    runs.load_config(ruleset)
    work = jobs_for(ruleset, count, seed, level, daily)
    start = time.perf_counter()
    records = play_jobs(work, jobs, progress, play=play_run)
    return summarize(ruleset, seed, level, daily, records, time.perf_counter() - start)


def table(report: dict[str, Any]) -> str:
    """The report as text."""
    wins = report["wins"]
    where = f"the daily run of {report['daily']}" if report["daily"] else f"seed {report['seed']}"
    b = report["battles"]
    lines = [
        f"{report['ruleset']}: {report['runs']} runs ({where}), the warband played by the {report['ai']} AI, {report['seconds']:.1f} s",
        "",
        f"won          {wins['count']} of {wins['of']}: {wins['rate']:.0%} [{wins['low']:.0%}-{wins['high']:.0%}] (95% Wilson interval)",
        f"battles      median {b['median']}, mean {b['mean']}, {b['min']} to {b['max']}",
        f"layers       median {report['layers']['median']} reached, of a median {report['layers']['depth_median']}",
        f"score        median {report['score']['median']}, best {report['score']['max']}",
        "",
        "how runs end",
    ]
    lines += [f"  {n:>5}  {text}" for text, n in report["ends"].items()]
    return "\n".join(lines)


__all__ = ["RunJob", "RunRecord", "jobs_for", "play_run", "run_runs", "summarize", "table"]
