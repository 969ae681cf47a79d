"""Headless AI-vs-AI batches: what `skirmish sim` runs, for designers hunting overpowered units.

Every game is a pure function of (ruleset, scenario, batch seed, game index,
AI levels): its battle seed and its AI seeds are derived from the batch seed and
the game index, so the results are the same whatever the number of worker
processes. Seats rotate every game (with N sides, side k of game g is played
by ai[(k + g) % len(ai)]) so no AI level keeps the first move. Without a named
scenario the bundled ones are cycled, each played once per seat rotation
before the next one comes up (game g uses scenario (g // len(ai)) % n), so
every scenario sees every seating.

The only clock read here is the `seconds` the batch took, a report figure that
never touches a game.
"""

from __future__ import annotations

import functools
import multiprocessing
import time
from pathlib import Path
from typing import Any, Callable, Sequence

import attrs

from core import registry
from core.ai import LEVELS, Player
from core.match import Match
from core.rng import MASK64, seed_problem, splitmix64

#: A game that has not ended after this many actions is stopped and counted as a draw.
MAX_ACTIONS = 20_000


@attrs.frozen
class GameJob:
    ruleset: str
    module: str
    scenario: str
    index: int
    batch_seed: int
    ai: tuple[str, ...]
    save_dir: str | None
    created: str


@attrs.frozen
class GameRecord:
    """What one finished game contributes to the batch report."""

    index: int
    scenario: str
    seed: int
    seats: tuple[str, ...]  # the AI level of each side
    winner_side: int | None
    winner_entry: int | None  # index into the batch's ai list
    rounds: int
    steps: int
    units: tuple[tuple[str, bool, int], ...]  # (type, survived, damage dealt) per unit
    save: str | None
    groups: tuple[str, ...] = ()  # per unit, its school or class when the ruleset names one ("" if not)


def game_seed(batch_seed: int, index: int) -> int:
    """The battle seed of game `index` (63 bits, so it stays a plain JSON/TOML integer)."""
    return splitmix64(batch_seed & MASK64, index) >> 1


def seat_levels(ai: Sequence[str], sides: int, index: int) -> tuple[str, ...]:
    """The AI level playing each side in game `index`: side k plays ai[(k + index) % len(ai)]."""
    return tuple(ai[(k + index) % len(ai)] for k in range(sides))


def scenario_for(names: Sequence[str], ai_count: int, index: int) -> str:
    """Game `index`'s scenario when cycling: each one for a full seat rotation, then the next."""
    return names[(index // ai_count) % len(names)]


def save_name(ruleset: str, batch_seed: int, index: int) -> str:
    return f"sim-{ruleset}-seed{batch_seed}-game{index:04d}.json"


def play_game(job: GameJob) -> GameRecord:
    """Play one game to its end (in this process or a worker)."""
    if job.ruleset not in registry.names():
        registry.register(job.ruleset, job.module)
    ruleset = registry.get(job.ruleset)
    setup = ruleset.load_scenario(job.scenario)  # a file read (content is the ruleset's, loaded once)
    seed = game_seed(job.batch_seed, job.index)
    match = Match(ruleset, ruleset.new_battle(setup, seed))
    sides = len(ruleset.side_names(match.state))
    seats = seat_levels(job.ai, sides, job.index)
    players = {side: Player(level, splitmix64(seed, side + 1)) for side, level in enumerate(seats)}
    while match.outcome() is None and match.steps < MAX_ACTIONS:
        movers = match.to_act()
        if not movers:
            break
        side = movers[0]
        match.apply(players[side].choose(ruleset, match.state, side))
    outcome = match.outcome()
    winner = outcome.winner if outcome is not None else None
    saved = None
    if job.save_dir is not None:
        from core.saves import write_save

        path = Path(job.save_dir) / save_name(job.ruleset, job.batch_seed, job.index)
        write_save(
            path, match, created=job.created, players=list(seats),
            scenario=job.scenario, seed=seed,
        )
        saved = str(path)
    stats = ruleset.unit_stats(match.state)
    units = tuple((str(u["type"]), bool(u["survived"]), int(u["damage_dealt"])) for u in stats)
    return GameRecord(
        job.index, job.scenario, seed, seats, winner,
        None if winner is None else (winner + job.index) % len(job.ai),
        ruleset.round_number(match.state), match.steps, units, saved,
        tuple(str(u.get("group", "")) for u in stats),
    )


def summarize(ruleset: str, named: str | None, ai: Sequence[str], seed: int, records: Sequence[GameRecord], seconds: float) -> dict[str, Any]:
    """The batch report as JSON-ready data (what `skirmish sim --json` prints)."""
    wins = [0] * len(ai)
    draws = 0
    units: dict[str, dict[str, int]] = {}
    per_scenario: dict[str, int] = {}
    scenario_results: dict[str, dict[str, Any]] = {}
    for r in records:
        row = scenario_results.setdefault(r.scenario, {"games": 0, "wins": [0] * len(ai), "draws": 0})
        row["games"] += 1
        if r.winner_entry is None:
            draws += 1
            row["draws"] += 1
        else:
            wins[r.winner_entry] += 1
            row["wins"][r.winner_entry] += 1
        per_scenario[r.scenario] = per_scenario.get(r.scenario, 0) + 1
        for kind, survived, damage in r.units:
            row = units.setdefault(kind, {"fielded": 0, "survived": 0, "damage_dealt": 0})
            row["fielded"] += 1
            row["survived"] += int(survived)
            row["damage_dealt"] += damage
    games = len(records)
    return {
        "ruleset": ruleset,
        "scenario": named if named is not None else list(per_scenario),
        "scenario_games": per_scenario,
        "scenario_results": scenario_results,
        "games": games,
        "seed": seed,
        "ai": list(ai),
        "wins": wins,
        "draws": draws,
        "rounds_mean": round(sum(r.rounds for r in records) / games, 2) if games else 0.0,
        "steps_mean": round(sum(r.steps for r in records) / games, 2) if games else 0.0,
        "seconds": round(seconds, 3),
        "units": {kind: units[kind] for kind in sorted(units)},
        "saves": [r.save for r in records if r.save is not None],
    }


def run_batch(
    ruleset_name: str,
    *,
    games: int,
    seed: int = 0,
    ai: Sequence[str] = ("normal", "normal"),
    scenario: str | None = None,
    jobs: int = 1,
    save_dir: str | Path | None = None,
    created: str = "",
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play `games` AI-vs-AI games and report wins per AI entry, draws, rounds and unit statistics.

    Raises KeyError for an unknown ruleset, ContentError for a bad scenario and
    ValueError for an unknown AI level or a non-positive count, all before any game starts.
    """
    ai = tuple(ai)
    check_batch(seed, games, jobs, ai)  # a bad seed is never masked: 2**70 is not seed 0
    ruleset = registry.get(ruleset_name)
    if scenario is not None:
        ruleset.load_scenario(scenario)  # a bad name or file fails here, once, before any game
        names = [str(scenario)]
    else:
        names = [info.name for info in ruleset.scenarios()]
        if not names:
            raise ValueError(f"{ruleset_name} has no bundled scenario; name one with --scenario")
    folder = None
    if save_dir is not None:
        Path(save_dir).mkdir(parents=True, exist_ok=True)
        folder = str(save_dir)
    module = registry.module_of(ruleset_name)
    work = [
        GameJob(ruleset_name, module, scenario_for(names, len(ai), i), i, seed, ai, folder, created)
        for i in range(games)
    ]
    weights = battle_weights(ruleset, sorted(set(names))) if jobs > 1 else {}
    start = time.perf_counter()
    records = play_jobs(work, jobs, progress, weight=lambda job: weights[job.scenario])
    return summarize(ruleset_name, None if scenario is None else str(scenario), ai, seed, records, time.perf_counter() - start)


def play_jobs(work: Sequence[Any], jobs: int, progress: Callable[[int, int], None] | None = None,
              play: Callable[[Any], Any] = play_game, weight: Callable[[Any], float] | None = None) -> list[Any]:
    """Play every job with `play` (a module-level function, so workers can take it; games by
    default, whole runs for core.runsim), in this process or in `jobs` workers; records in job order.

    Workers take the jobs heaviest first by `weight` (an estimate of a job's cost, such as
    its battle's units), one at a time as each finishes a job: a long battle handed out last
    would leave the other workers idle while it plays. Every job is a function of its own
    fields, so the order they are played in changes no record."""
    if jobs == 1 or len(work) == 1:
        records: list[Any] = []
        for job in work:
            records.append(play(job))
            if progress:
                progress(len(records), len(work))
        return records
    order = sorted(range(len(work)), key=lambda i: -weight(work[i])) if weight is not None else range(len(work))
    found: dict[int, Any] = {}
    with multiprocessing.get_context().Pool(min(jobs, len(work))) as pool:
        for index, record in pool.imap_unordered(functools.partial(_play_indexed, play), [(i, work[i]) for i in order]):
            found[index] = record
            if progress:
                progress(len(found), len(work))
    return [found[i] for i in range(len(work))]


def _play_indexed(play: Callable[[Any], Any], indexed: tuple[int, Any]) -> tuple[int, Any]:
    """(index, play(job)): a worker's answer names its job, since answers come back as they finish."""
    index, job = indexed
    return index, play(job)


def battle_weights(ruleset: Any, names: Sequence[str]) -> dict[str, float]:
    """How long a battle of each scenario plays, roughly: its units times its round limit
    (a ruleset without a limit counts 1). For handing out the heaviest games first."""
    out = {}
    for name in names:
        state = ruleset.new_battle(ruleset.load_scenario(name), 0)
        out[name] = float(len(getattr(state, "units", ())) * (ruleset.round_limit(state) or 1))
    return out


def check_batch(seed: int, games: int, jobs: int, ai: Sequence[str], count_option: str = "--games") -> None:
    """The checks every batch makes before any game (or run: `count_option` "--runs") starts (ValueError)."""
    problem = seed_problem(seed)
    if problem is not None:
        raise ValueError(f"--seed: {problem}")
    if games < 1:
        raise ValueError(f"{count_option} must be at least 1")
    if jobs < 1:
        raise ValueError("--jobs must be at least 1")
    if not ai:
        raise ValueError("--ai needs at least one level")
    for level in ai:
        if level not in LEVELS:
            raise ValueError(f"unknown AI level {level!r}; choose from {', '.join(LEVELS)}")


def run_balance(
    ruleset_name: str,
    *,
    games: int,
    seed: int = 0,
    ai: Sequence[str] = ("normal", "normal"),
    scenario: str | None = None,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """The balance lab (core.balance): `games` games of each scenario (the named one, or every
    bundled one), seats rotating every game as in `run_batch`, and the lab's report."""
    from core import balance

    ai = tuple(ai)
    check_batch(seed, games, jobs, ai)
    ruleset = registry.get(ruleset_name)
    if scenario is not None:
        ruleset.load_scenario(scenario)
        names = [str(scenario)]
    else:
        names = [info.name for info in ruleset.scenarios()]
        if not names:
            raise ValueError(f"{ruleset_name} has no bundled scenario; name one with --scenario")
    module = registry.module_of(ruleset_name)
    work = [GameJob(ruleset_name, module, name, i, seed, ai, None, "") for name in names for i in range(games)]
    weights = battle_weights(ruleset, names) if jobs > 1 else {}
    start = time.perf_counter()
    records = play_jobs(work, jobs, progress, weight=lambda job: weights[job.scenario])
    by_scenario: dict[str, list[GameRecord]] = {name: [] for name in names}
    for record in records:
        by_scenario[record.scenario].append(record)
    sides = {name: len(rows[0].seats) for name, rows in by_scenario.items()}  # one seat per side
    uneven = {info.name: info.uneven for info in ruleset.scenarios() if info.uneven and info.name in by_scenario}
    return balance.report(ruleset_name, ai, seed, games, by_scenario, sides, time.perf_counter() - start, uneven)
