"""Saves and batch simulation: write, load and verify of a long battle; battles per second.

Saves (core.saves) are replays: writing one encodes the initial state and the
actions; loading one decodes them and re-applies every action, checking the
state hashes. Batch simulation (core.sim) plays AI-vs-AI battles, in one
process or in a pool.
"""

from __future__ import annotations

import gc
import importlib
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from run import CPU, WALL, Budget, Report, time_each


def module_or_skip(report: Report, suite: str, name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError:
        report.skip(suite, f"{name} not available yet")
        return None


SAVE_WRITE_BUDGET = Budget(0.002, text="<= 2 ms")
SAVE_LOAD_BUDGET = Budget(0.003, text="<= 3 ms")
#: verify may cost what re-applying the save's actions costs, plus this much
VERIFY_OVERHEAD_BUDGET = Budget(0.002, text="<= 2 ms")
ACTIONS = 300


def long_battle(name: str, ruleset: Any, wanted: int = ACTIONS) -> tuple[Any, list[Any], str, int]:
    """(initial state, first `wanted` actions, scenario name, seed) of a seeded AI battle.

    Tries the bundled scenarios with random players, then easy ones, then a
    built position of 16 units a side (which a save cannot prove: it names no
    setup), until a battle lasts `wanted` actions; otherwise keeps the longest one.
    """
    import bench_positions as positions
    from core.ai import Player, play_out

    def starts():
        infos = ruleset.scenarios()
        for level in ("random", "easy"):
            for seed in range(4):
                info = infos[seed % len(infos)]
                yield ruleset.new_battle(ruleset.load_scenario(info.name), seed), level, info.name, seed
        if name in positions.BUILDERS:
            for level in ("random", "easy"):
                yield positions.build(name, ruleset, 16, "large"), level, "bench position", 0

    best: tuple[Any, list[Any], str, int] | None = None
    for initial, level, scenario, seed in starts():
        players = {side: Player(level, seed * 11 + side) for side in range(len(initial.side_names))}
        _, actions = play_out(ruleset, initial, players, max_actions=wanted)
        if best is None or len(actions) > len(best[1]):
            best = (initial, actions, scenario, seed)
        if len(actions) >= wanted:
            break
    assert best is not None
    return best


def durable_write(path: Path, blob: bytes) -> None:
    """The file system's share of a save: write to a temp file, fsync, rename (as core.saves does)."""
    temp = path.with_suffix(".tmp")
    with open(temp, "wb") as f:
        f.write(blob)
        f.flush()
        os.fsync(f.fileno())
    os.replace(temp, path)


#: Actions played (states made and dropped) before each timed save write, as a turn of play comes before an autosave.
PLAYED = 30


def turn_played(match: Any, actions: list[Any]) -> Any:
    """`match` as an autosave meets it: its last PLAYED actions taken again since the save
    before (which kept what it worked out for the earlier ones), so the save encodes the new
    actions and hashes the new states."""
    match.jump(len(actions) - PLAYED)
    match.truncate()
    for action in actions[-PLAYED:]:
        match.apply(action)
    return match


def after_play(fn: Any, play: Any, repeats: int, clock: Any) -> float:
    """The median time of `fn(played)` when each call follows `played = play()` (untimed).
    An autosave follows a turn of play, which makes and drops states and gives heap back to
    the system; a save timed only against itself finds the heap its last call left, and
    missed what play meets (joining 600 of orjson's results cost 1.7 ms after play, 0.2 ms
    back to back). Timing only `fn` also keeps the figure from being a difference of two
    medians, which on a busy machine came out negative."""
    samples = []
    for _ in range(repeats):
        played = play()
        start = clock()
        fn(played)
        samples.append(clock() - start)
    return statistics.median(samples)


def verify_overhead(saves: Any, ruleset: Any, replay: Any, repeats: int) -> float:
    """What verify costs beyond re-applying the save's actions: the median over paired runs
    of (verify) - (a Match re-applying the same decoded actions from the same decoded start).
    Each pair runs back to back, so a busy machine slows both halves alike; the difference
    of two separate medians of ~80 ms was noise larger than the 2 ms budget (even negative).

    The collector runs (untimed) before each half, and the pairs take turns at which half
    goes first: a half that followed the other paid for collecting the 300 states the other
    left behind (ninja: 5.1 ms read with the verify second, 2.5 ms with it first, 3.0 ms
    either way once each half starts from a collected heap)."""
    from core.match import Match

    def timed(fn: Any) -> float:
        gc.collect()
        start = CPU()
        fn()
        return CPU() - start

    def replayed() -> Any:
        return Match.replay(ruleset, replay.initial, replay.actions)

    def verified() -> Any:
        return saves.verify(replay)

    diffs = []
    for turn in range(max(repeats, 6)):
        if turn % 2:
            again = timed(replayed)
            diffs.append(timed(verified) - again)
        else:
            first = timed(verified)
            diffs.append(first - timed(replayed))
    return statistics.median(diffs)


def run_saves(report: Report) -> None:
    saves = module_or_skip(report, "saves", "core.saves")
    if saves is None:
        return
    from bench_engine import rulesets
    from core.match import Match

    repeats = 5 if report.quick else 15
    for name, ruleset in rulesets(report, "saves"):
        suite = f"saves {name}"
        initial, actions, scenario, seed = long_battle(name, ruleset)
        match = Match.replay(ruleset, initial, actions)
        seats = ("human",) * len(ruleset.side_names(initial))  # a save names who played each side
        meta = dict(created="2026-01-01 00:00", players=seats, scenario=scenario, seed=seed)
        n = len(actions)
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / f"bench-{name}.json"
            doc = time_each([lambda: saves.save_document(match, **meta)], repeats=repeats)
            report.add(suite, f"save document (encode + hashes), {n} actions", doc.median)
            # every save but the first finds its states' hashes kept by the Match (an autosave
            # after each turn hashes the new states only); the first hashes every state
            first = after_play(lambda fresh: saves.save_document(fresh, **meta),
                               lambda: Match.replay(ruleset, initial, actions), repeats, CPU)
            report.add(suite, f"first save document (every state hashed), {n} actions", first)
            def write(path=path, match=match, meta=meta, actions=actions) -> float:
                return after_play(lambda turn: saves.write_save(path, turn, **meta), lambda: turn_played(match, actions),
                                  repeats, WALL)

            report.add(suite, f"write (atomic, fsync) after play, {n} actions", write(), budget=SAVE_WRITE_BUDGET,
                       note=f"wall clock; each after {PLAYED} actions played since the last save", retake=write)
            report.add(suite, f"bytes on disk, {n} actions", path.stat().st_size, "B")
            blob = path.read_bytes()
            io = time_each([lambda: durable_write(Path(tmp) / "floor.json", blob)], repeats=repeats, clock=WALL)
            report.add(suite, "the disk alone: write, fsync, rename of those bytes", io.median, note="wall clock")
            def load(path=path) -> float:
                return time_each([lambda: saves.read_save(path)], repeats=repeats).median

            report.add(suite, f"load (parse + decode), {n} actions", load(), budget=SAVE_LOAD_BUDGET, retake=load)
            replay = saves.read_save(path)
            if scenario == "bench position":  # no setup rebuilds it, so verify refuses its start
                print(f"  {suite}: verify not measured: its {n} actions start from a built position, "
                      "which names no setup a save can prove", flush=True)
                continue
            vt = time_each([lambda: saves.verify(replay)], repeats=repeats)
            report.add(suite, f"verify (re-apply + hashes), {n} actions", vt.median)
            report.add(suite, "verify over re-applying its actions (start proof, checkpoint hashes)",
                       verify_overhead(saves, ruleset, replay, repeats), budget=VERIFY_OVERHEAD_BUDGET,
                       note="median of paired runs",
                       retake=lambda replay=replay: verify_overhead(saves, ruleset, replay, repeats))
            both = time_each([lambda: saves.load_match(path)], repeats=repeats)
            report.add(suite, f"load and verify, {n} actions", both.median)


SIM_BUDGET = Budget(1.8, op=">=", text=">= 1.8x")


def scenarios_by_size(ruleset: Any) -> list[str]:
    """The bundled scenarios from the fewest units to the most (ties by name)."""
    sizes = []
    for info in ruleset.scenarios():
        state = ruleset.new_battle(ruleset.load_scenario(info.name), 0)
        sizes.append((len(getattr(state, "units", ())), info.name))
    return [name for _, name in sorted(sizes)]


def smallest_scenario(ruleset: Any) -> str:
    """The bundled scenario with the fewest units (quick runs play it, to keep the run short)."""
    return scenarios_by_size(ruleset)[0]


#: Games of a full run's speed-up batch (the budget is stated for 20 or more).
SIM_GAMES = 20


def run_sim(report: Report) -> None:
    """Battles a second of `core.sim.run_batch`, normal vs normal, with 1 and with 2 worker processes.

    Quick runs play 2 games of the smallest bundled scenario. Full runs play SIM_GAMES
    games cycling every bundled scenario, as `skirmish sim` does, for the speed-up, and
    then 2 games of the smallest and of the largest scenario on one process: battles a
    second per core, what a designer's batch of that scenario gets from each core.
    """
    sim = module_or_skip(report, "sim", "core.sim")
    if sim is None:
        return
    from bench_engine import rulesets

    for name, ruleset in rulesets(report, "sim"):
        suite = f"sim {name}"
        scenario = smallest_scenario(ruleset) if report.quick else None
        games = 2 if report.quick else SIM_GAMES
        rates = {}
        for jobs in (1, 2):
            start = time.perf_counter()
            summary = sim.run_batch(name, games=games, seed=1, ai=("normal", "normal"), jobs=jobs, scenario=scenario)
            wall = time.perf_counter() - start
            rates[jobs] = report.add(suite, f"battles a second, --jobs {jobs}", games / wall, "/s",
                                     note=f"{games} games, {scenario or 'bundled scenarios'}", games=games,
                                     wall_s=wall, reported_s=summary.get("seconds"), rounds_mean=summary.get("rounds_mean"))
        report.add_ratio(suite, "speed-up, --jobs 2 over --jobs 1", rates[2], rates[1], SIM_BUDGET)
        if report.quick:
            continue
        order = scenarios_by_size(ruleset)
        for which, one in (("smallest", order[0]), ("largest", order[-1])):
            start = time.perf_counter()
            sim.run_batch(name, games=2, seed=1, ai=("normal", "normal"), jobs=1, scenario=one)
            wall = time.perf_counter() - start
            report.add(suite, f"battles a second per core, {which} scenario", 2 / wall, "/s",
                       note=f"2 games of {one}, one process", games=2, wall_s=wall)
