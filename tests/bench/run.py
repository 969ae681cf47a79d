"""Skirmish benchmarks: every figure next to a floor measured in the same run.

    python3 tests/bench/run.py [--quick] [--json FILE] [--only NAME ...]

The floor C is the cost of one bare Python function call (`f()` under timeit,
best of several repeats), measured first. Every timed figure is reported as
its raw value and as a multiple of C, so figures from a busy or a fast machine
can still be compared. Figures with a budget (docs/PERFORMANCE.md) print PASS
or OVER; the run never fails because of a budget: benchmarks are not tests.

This folder is kept out of the normal test run (pyproject: norecursedirs), and
no file here is named like a test module.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
import timeit
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable

import attrs

BENCH_DIR = Path(__file__).resolve().parent
REPO_ROOT = BENCH_DIR.parents[1]
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))


def use_bench_modules() -> None:
    """Make the suite modules importable (only when the benchmarks run, never under pytest)."""
    if str(BENCH_DIR) not in sys.path:
        sys.path.insert(1, str(BENCH_DIR))
    if __name__ == "__main__":
        sys.modules.setdefault("run", sys.modules["__main__"])


# --- timing ----------------------------------------------------------------------

#: The clock of CPU-bound figures: this thread's CPU time, so that other work on a
#: shared machine does not count (on an idle machine it equals the wall clock).
CPU = time.thread_time
#: The clock of figures that wait on something (the disk, worker processes, a terminal).
WALL = time.perf_counter


def _bare() -> None:
    """The reference function: a call that does nothing."""


@dataclass(frozen=True, slots=True)
class _Reached:
    """A record the reference work makes per cell it reaches, as the rules make units and actions."""

    cell: tuple[int, int]
    cost: int
    parent: tuple[int, int] | None


def reference_work(size: int = 24) -> int:
    """Fixed work shaped like the engine's hot paths, never changed by the project's code:
    a cheapest-cost search over a `size` x `size` grid of terrain costs (tuples as keys, a
    dict, a heap), then a frozen record for every cell reached. Returns the total cost so
    the work cannot be skipped."""
    import heapq

    costs = [[1 + (x * 7 + y * 13) % 4 for x in range(size)] for y in range(size)]
    best: dict[tuple[int, int], int] = {(0, 0): 0}
    parent: dict[tuple[int, int], tuple[int, int] | None] = {(0, 0): None}
    heap = [(0, 0, 0)]
    while heap:
        cost, x, y = heapq.heappop(heap)
        if cost > best[(x, y)]:
            continue
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= nx < size and 0 <= ny < size:
                c = cost + costs[ny][nx]
                if c < best.get((nx, ny), 1 << 30):
                    best[(nx, ny)] = c
                    parent[(nx, ny)] = (x, y)
                    heapq.heappush(heap, (c, nx, ny))
    records = tuple(_Reached(cell, c, parent[cell]) for cell, c in best.items())
    return sum(r.cost for r in records)


def measure_reference(repeats: int = 20, spread: float = 0.0) -> float:
    """CPU seconds of reference_work(): the best of `repeats`, and of as many more as fit in
    `spread` seconds (a slow spell of the machine lasts about a second: measure_floor).

    The floor C is one bare call, which exercises neither the memory caches nor the
    allocator; this work does, with code no change of the project touches. Its multiple
    of C is the machine's own: two runs whose reference work differs in C are on machines
    that treat the engine's kind of work differently, and their C-figures compare only
    after that factor (2026-12-07: the same engine code read 1.4 to 1.8 times the C it
    read the day before, on another machine with about the same C)."""
    reference_work()

    def reading() -> float:
        start = CPU()
        reference_work()
        return CPU() - start

    return best_reading(reading, repeats, spread)


@attrs.frozen(slots=True)
class _Order:
    """A record shaped as the rulesets' actions are: frozen attrs, four fields."""

    side: int
    unit: int
    to: tuple[int, int] | None
    target: int | None


def measure_record(repeats: int = 7, number: int = 100_000, spread: float = 0.0) -> float:
    """CPU seconds to make one frozen attrs record of four fields (`_Order`), as a listing of
    legal actions makes one per action: the best of `repeats` runs and of as many more as fit
    in `spread` seconds. A legal action costs at least this much, whatever the rules do; its
    multiple of C is the machine's own (attrs sets each field of a frozen record through
    object.__setattr__)."""
    return best_per_call("make(0, 3, at, None)", {"make": _Order, "at": (4, 5)}, repeats, number, spread)


def measure_floor(repeats: int = 7, number: int = 200_000, spread: float = 0.0) -> float:
    """CPU seconds for one bare Python function call: the best of `repeats` timeit runs,
    and of as many more as fit in `spread` seconds.

    A shared machine has spells of a second or so when everything runs at half speed (a
    bare call read 49 to 57 ns in them and 28 to 32 ns between, on one machine); a floor
    taken within one such spell halves every figure in C. Readings spread over a few
    seconds find the machine's own speed."""
    return best_per_call("f()", {"f": _bare}, repeats, number, spread)


def best_per_call(statement: str, names: dict[str, Any], repeats: int, number: int, spread: float) -> float:
    """CPU seconds for one run of `statement` (over `names`): `number` runs timed together,
    the best of `repeats` such readings and of as many more as `spread` seconds hold."""
    timer = timeit.Timer(statement, globals=names, timer=CPU)
    return best_reading(lambda: timer.timeit(number=number), repeats, spread) / number


def best_reading(reading: Callable[[], float], repeats: int, spread: float) -> float:
    """The least of `repeats` readings, and of as many more as `spread` seconds hold: a slow
    spell of a shared machine (about a second) cannot be every reading."""
    best = float("inf")
    until = time.perf_counter() + spread
    taken = 0
    while taken < repeats or time.perf_counter() < until:
        best = min(best, reading())
        taken += 1
    return best


@dataclass
class Timing:
    """Seconds per call over several repeats: best, median and how many calls were timed."""

    best: float
    median: float
    calls: int
    repeats: int


def time_call(fn: Callable[[], Any], repeats: int = 5, min_time: float = 0.02, max_loops: int = 100_000, clock: Callable[[], float] = CPU) -> Timing:
    """Time `fn()` per call: loops calibrated so one repeat lasts at least `min_time`.

    Returns the best and the median of `repeats` repeats (seconds per call).
    The first call is a warm-up and is not counted.
    """
    fn()
    loops = 1
    while True:
        start = clock()
        for _ in range(loops):
            fn()
        spent = clock() - start
        if spent >= min_time or loops >= max_loops:
            break
        loops = min(max_loops, loops * 10 if spent < min_time / 10 else loops * 2)
    samples = [spent / loops]
    for _ in range(repeats - 1):
        start = clock()
        for _ in range(loops):
            fn()
        samples.append((clock() - start) / loops)
    return Timing(min(samples), statistics.median(samples), loops * repeats, repeats)


def time_each(fns: list[Callable[[], Any]], repeats: int = 3, clock: Callable[[], float] = CPU,
              before: Callable[[], Any] | None = None) -> Timing:
    """Time a list of different one-off calls (e.g. AI decisions on several positions).

    Each repeat runs every call once, in order, after `before` (untimed); the figure is the
    mean per call of a repeat.
    """
    samples = []
    for _ in range(repeats):
        if before is not None:
            before()
        start = clock()
        for fn in fns:
            fn()
        samples.append((clock() - start) / max(1, len(fns)))
    return Timing(min(samples), statistics.median(samples), repeats * len(fns), repeats)


# --- figures ---------------------------------------------------------------------


@dataclass
class Budget:
    """A limit on a figure: `value <op> limit`, where value is in C units when `in_c`."""

    limit: float
    op: str = "<="  # "<=" (at most) or ">=" (at least)
    in_c: bool = False  # compare the figure in C units rather than its raw value
    text: str = ""

    def check(self, fig: Figure) -> str:
        value = fig.in_c if self.in_c else fig.value
        if value is None:
            return "-"
        ok = value <= self.limit if self.op == "<=" else value >= self.limit
        return "PASS" if ok else "OVER"

    def describe(self) -> str:
        if self.text:
            return self.text
        unit = " C" if self.in_c else ""
        return f"{self.op} {format_number(self.limit)}{unit}"


@dataclass
class Figure:
    """One measured number. Times are in seconds; `in_c` is the same time in floor units."""

    suite: str
    name: str
    value: float
    unit: str  # "s", "B", "B/state", "x", "/s"
    in_c: float | None = None
    note: str = ""
    budget: Budget | None = None
    status: str = "-"
    extra: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["budget"] = self.budget.describe() if self.budget else None
        return out


#: A budgeted time whose floor beside it reads this many times the run's floor was taken
#: while the machine ran slow: it is marked, and counted at the end.
SLOW = 1.25
#: How many times a budgeted time taken while the machine ran slow is measured again (when
#: its caller says how): a slow stretch lasts seconds to minutes, a measurement well under one.
RETAKES = 3


class Report:
    """Collects the figures of one run, all relative to the same floor.

    `beside`, when given, reads the floor again (briefly) right after each budgeted time:
    a shared machine has stretches at half speed, and a figure taken in one is marked
    "slow" with the ratio, so a verdict the machine made is told from one the code made.
    The figure's C is still relative to the run's floor.

    A budgeted time given a `retake` (a callable measuring it again) is measured again, up
    to RETAKES times, while the floor beside it reads slow; the reading kept is the one
    whose floor beside it was the least, taken nearest the machine's own speed. The retakes
    are counted in the figure (`retakes`, and every reading with its floor in `readings`)."""

    def __init__(self, floor: float, quick: bool = False, beside: Callable[[], float] | None = None) -> None:
        self.floor = floor
        self.quick = quick
        self.beside = beside
        self.figures: list[Figure] = []
        self.skipped: list[tuple[str, str]] = []
        self.started = time.time()
        self.load_at_start = load_average()
        self.durations: dict[str, float] = {}

    def add(
        self,
        suite: str,
        name: str,
        value: float,
        unit: str = "s",
        budget: Budget | None = None,
        note: str = "",
        retake: Callable[[], float] | None = None,
        **extra: Any,
    ) -> Figure:
        """Record a figure; a time ("s") gets its multiple of the floor C."""
        extra = dict(extra)
        if budget is not None and unit == "s" and self.beside is not None and self.floor > 0:
            value, extra["floor_beside"], readings = self._steadiest(value, retake)
            if len(readings) > 1:
                extra["retakes"], extra["readings"] = len(readings) - 1, readings
        in_c = value / self.floor if unit == "s" and self.floor > 0 else None
        fig = Figure(suite, name, float(value), unit, in_c, note, budget, "-", extra)
        if budget is not None:
            fig.status = budget.check(fig)
        self.figures.append(fig)
        print(format_row(fig, self.slowed(fig)), flush=True)
        return fig

    def _steadiest(self, value: float, retake: Callable[[], float] | None) -> tuple[float, float, list[list[float]]]:
        """(value, floor beside it, every [value, floor beside] read): `value` and its floor
        beside, or while that floor reads slow and `retake` can measure again, the reading
        whose floor beside it was the least."""
        assert self.beside is not None
        readings = [[value, self.beside()]]
        while retake is not None and len(readings) <= RETAKES and readings[-1][1] >= SLOW * self.floor:
            again = retake()
            readings.append([again, self.beside()])
        best = min(readings, key=lambda reading: reading[1])
        return best[0], best[1], readings

    def add_timing(self, suite: str, name: str, timing: Timing, budget: Budget | None = None, note: str = "", stat: str = "best") -> Figure:
        value = timing.best if stat == "best" else timing.median
        return self.add(
            suite, name, value, "s", budget, note,
            best=timing.best, median=timing.median, calls=timing.calls, repeats=timing.repeats, stat=stat,
        )

    def add_ratio(self, suite: str, name: str, numerator: Figure | None, denominator: Figure | None, budget: Budget | None = None, note: str = "") -> Figure | None:
        """A figure that is the ratio of two others (scaling, speed-up, TUI vs bare app)."""
        if numerator is None or denominator is None or denominator.value == 0:
            return None
        return self.add(suite, name, numerator.value / denominator.value, "x", budget, note,
                        numerator=numerator.name, denominator=denominator.name)

    def slowed(self, fig: Figure) -> float | None:
        """The floor beside `fig` over the run's floor, when it reads SLOW or more (else None)."""
        beside = fig.extra.get("floor_beside")
        if not beside or self.floor <= 0 or beside < SLOW * self.floor:
            return None
        return beside / self.floor

    def skip(self, suite: str, reason: str) -> None:
        self.skipped.append((suite, reason))
        print(f"  {suite}: {reason}", flush=True)

    def get(self, suite: str, name: str) -> Figure | None:
        for fig in self.figures:
            if fig.suite == suite and fig.name == name:
                return fig
        return None

    def as_dict(self) -> dict[str, Any]:
        return {
            "date": time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(self.started)),
            "python": platform.python_version(),
            "implementation": platform.python_implementation(),
            "machine": platform.machine(),
            "processor": processor(),
            "cores": os.cpu_count(),
            "load_average_at_start": self.load_at_start,
            "load_average_now": load_average(),
            "quick": self.quick,
            "floor_s": self.floor,
            "figures": [f.as_dict() for f in self.figures],
            "skipped": [{"suite": s, "reason": r} for s, r in self.skipped],
            "suite_seconds": dict(self.durations),
            "seconds": round(time.time() - self.started, 1),
        }


def processor() -> str:
    """The processor's model and cache as the system names them ("AMD EPYC, 512 KB cache"),
    or "" where it does not. Two machines with the same floor C can differ by 2x on the
    engine's figures (a new state, a search's tables: work the caches decide), so a run
    names its machine."""
    try:
        text = Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="replace")[:65536]
    except OSError:
        return platform.processor()
    fields = {key.strip(): value.strip() for key, value in (line.split(":", 1) for line in text.splitlines()[:40] if ":" in line)}
    model = fields.get("model name", "") or platform.processor()
    cache = fields.get("cache size", "")
    return f"{model}, {cache} cache" if model and cache else model


def load_average() -> float | None:
    """The 1-minute load average: other work on the machine skews every figure, most of all --jobs 2."""
    try:
        return round(os.getloadavg()[0], 2)
    except OSError:
        return None


# --- printing ----------------------------------------------------------------------


def format_number(x: float) -> str:
    if x == 0:
        return "0"
    if abs(x) >= 1000:
        return f"{x:,.0f}"
    if abs(x) >= 10:
        return f"{x:.1f}"
    if abs(x) >= 1:
        return f"{x:.2f}"
    return f"{x:.3g}"


def format_value(value: float, unit: str) -> str:
    if unit == "s":
        if value >= 1:
            return f"{value:.2f} s"
        if value >= 1e-3:
            return f"{value * 1e3:.2f} ms"
        if value >= 1e-6:
            return f"{value * 1e6:.2f} us"
        return f"{value * 1e9:.1f} ns"
    if unit == "B":
        return f"{value:,.0f} B"
    if unit == "B/state":
        return f"{value:,.0f} B/state"
    if unit == "x":
        return f"{value:.2f}x"
    if unit == "/s":
        return f"{value:,.1f}/s"
    return f"{format_number(value)} {unit}"


COLUMNS = (("suite", 20), ("figure", 58), ("value", 16), ("in C", 12), ("budget", 16), ("", 4))


def format_header() -> str:
    head = " ".join(f"{name:<{width}}" for name, width in COLUMNS)
    return head.rstrip() + "\n" + "-" * (sum(w for _, w in COLUMNS) + len(COLUMNS) - 1)


def slow_mark(slowed: float | None, retakes: int = 0) -> str:
    """What a verdict carries when it was measured again or taken while the machine ran
    slow: " (slow 1.6x)", " (2 retakes)", " (slow 1.3x, 3 retakes)", or nothing."""
    marks = [f"slow {slowed:.1f}x"] if slowed else []
    if retakes:
        marks.append(f"{retakes} retake{'s' if retakes > 1 else ''}")
    return f" ({', '.join(marks)})" if marks else ""


def verdict(fig: Figure, slowed: float | None) -> str:
    """A budgeted figure's PASS or OVER with its slow mark and retakes; nothing for the rest."""
    return fig.status + slow_mark(slowed, fig.extra.get("retakes", 0)) if fig.budget else ""


def format_row(fig: Figure, slowed: float | None = None) -> str:
    in_c = f"{fig.in_c:,.0f} C" if fig.in_c is not None and fig.in_c >= 10 else (f"{fig.in_c:.1f} C" if fig.in_c is not None else "")
    budget = fig.budget.describe() if fig.budget else ""
    cells = (fig.suite, fig.name, format_value(fig.value, fig.unit), in_c, budget, verdict(fig, slowed))
    return " ".join(f"{str(c):<{w}}" for c, (_, w) in zip(cells, COLUMNS)).rstrip()


def format_markdown(report: Report) -> str:
    """The table as Markdown, for docs/PERFORMANCE.md."""
    lines = ["| suite | figure | value | in C | budget | |", "| --- | --- | --- | --- | --- | --- |"]
    for fig in report.figures:
        in_c = f"{fig.in_c:,.0f}" if fig.in_c is not None and fig.in_c >= 10 else (f"{fig.in_c:.1f}" if fig.in_c is not None else "")
        budget = fig.budget.describe() if fig.budget else ""
        lines.append(f"| {fig.suite} | {fig.name} | {format_value(fig.value, fig.unit)} | {in_c} | {budget} | {verdict(fig, report.slowed(fig))} |")
    return "\n".join(lines)


# --- the suites ----------------------------------------------------------------------


def suites() -> dict[str, Callable[[Report], None]]:
    """Every suite by name, in run order."""
    use_bench_modules()
    import bench_ai
    import bench_engine as engine
    import bench_files as files
    import bench_host as host
    import bench_playback as playback
    import bench_terminal as terminal

    return {
        "engine": engine.run_engine,
        "ai": bench_ai.run_ai,
        "scaling": bench_ai.run_scaling,
        "memory": bench_ai.run_memory,
        "saves": files.run_saves,
        "sim": files.run_sim,
        "terminal": terminal.run_terminal,
        "terminal-parts": terminal.run_terminal_parts,
        "playback": playback.run_playback,
        "host": host.run_host,
    }


def select(only: tuple[str, ...] | list[str], suite_names: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """Split --only names into suites and rulesets: (suites to run, rulesets to measure).

    No suite named: every suite but the OPT_IN ones. No ruleset named: every ruleset.
    Naming only rulesets runs the suites that are measured per ruleset.
    """
    suites_named = [n for n in only if n in suite_names]
    rulesets_named = [n for n in only if n not in suite_names]
    if suites_named:
        return suites_named, rulesets_named
    if rulesets_named:
        return [n for n in suite_names if n in PER_RULESET], rulesets_named
    return [n for n in suite_names if n not in OPT_IN], []


PER_RULESET = ("engine", "ai", "scaling", "memory", "saves", "sim")
#: Suites run only when named: what they measure explains a figure and has no budget.
OPT_IN = ("terminal-parts",)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats: the whole run in under 3 minutes")
    parser.add_argument("--json", metavar="FILE", help="also write every figure to FILE as JSON")
    parser.add_argument("--markdown", metavar="FILE", help="also write the table as Markdown to FILE")
    parser.add_argument("--only", nargs="+", metavar="NAME", help="run only these suites (or rulesets)")
    parser.add_argument("--profile", type=int, metavar="N", default=0,
                        help="run each suite under cProfile and print its N costliest functions (figures are then slower)")
    args = parser.parse_args(argv)

    os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")
    floor = measure_floor(repeats=5 if args.quick else 9, spread=1.0 if args.quick else 3.0)
    report = Report(floor, quick=args.quick, beside=lambda: measure_floor(repeats=3, number=20_000))
    print(f"Skirmish benchmarks, {report.as_dict()['date']}, Python {platform.python_version()}, "
          f"{os.cpu_count()} cores ({processor() or 'processor not named'}){', quick' if args.quick else ''}")
    print(f"floor C = one bare function call = {floor * 1e9:.1f} ns; load average {report.load_at_start}")
    if (report.load_at_start or 0) > 0.5:
        print("note: the machine is busy; figures (most of all --jobs 2) will be slower than on an idle one")
    print()
    print(format_header())
    report.add("machine", "reference work (fixed code: a grid search and its records)", measure_reference(10, spread=1.0 if args.quick else 3.0),
               note="the same code in every run: its multiple of C is the machine's")
    report.add("machine", "one action record made (frozen attrs, four fields)", measure_record(spread=1.0 if args.quick else 3.0),
               note="the least a legal action costs: its multiple of C is the machine's")
    all_suites = suites()
    chosen, rulesets = select(args.only or (), tuple(all_suites))
    import bench_engine

    bench_engine.ONLY_RULESETS = set(rulesets)
    for name in chosen:
        began = time.time()
        profiler = None
        if args.profile:
            import cProfile

            profiler = cProfile.Profile()
            profiler.enable()
        try:
            all_suites[name](report)
        except Exception as exc:  # a broken suite must not hide the others' figures
            report.skip(name, f"failed: {type(exc).__name__}: {exc}")
        if profiler is not None:
            import pstats

            profiler.disable()
            print(f"\n--- where {name} spent its time (by own time) ---")
            pstats.Stats(profiler).sort_stats("tottime").print_stats(args.profile)
        report.durations[name] = round(time.time() - began, 1)
    print(f"\n{len(report.figures)} figures in {time.time() - report.started:.0f} s (load average now {load_average()}); "
          f"{sum(f.status == 'OVER' for f in report.figures)} over budget, "
          f"{sum(f.status == 'PASS' for f in report.figures)} within")
    slow = [f for f in report.figures if report.slowed(f)]
    if slow:
        print(f"{len(slow)} budgeted times were taken while the machine ran slow (the floor beside them "
              f"{SLOW}x the run's or more: {sum(f.status == 'OVER' for f in slow)} of them over); "
              "their verdicts are the machine's as much as the code's")
    retaken = [f for f in report.figures if f.extra.get("retakes")]
    if retaken:
        print(f"{len(retaken)} budgeted times were measured again after a slow reading "
              f"({sum(f.extra['retakes'] for f in retaken)} retakes in all; each keeps its steadiest reading)")
    print("seconds per suite: " + ", ".join(f"{k} {v:.0f}" for k, v in report.durations.items()))
    if args.json:
        Path(args.json).write_text(json.dumps(report.as_dict(), indent=2) + "\n", encoding="utf-8")
        print(f"figures written to {args.json}")
    if args.markdown:
        Path(args.markdown).write_text(format_markdown(report) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
