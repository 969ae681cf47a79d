"""The balance lab: is a scenario even, is a unit too strong, each figure with its uncertainty.

`skirmish balance RULESET` plays AI-vs-AI games of each scenario with core.sim's
machinery (the same games `skirmish sim` plays, seats alternating every game so
each side is played by each AI entry equally often) and reports, per scenario:

- each side's wins with a 95% Wilson interval, the draws, and side 1's share of
  the decided games with its interval (the evenness figure: an even scenario's
  interval contains 50%, or 1/N with N sides, and lies within 10 points of it);
- game length in rounds: mean, standard deviation, range, and how many games
  were over by round 2;

and per unit type, school or class (whatever the ruleset's unit records name):
how many were fielded, the share that survived (Wilson interval) and the mean
damage dealt (normal interval on the mean).

Pure statistics: no clock, no randomness; `wilson` and `mean_interval` are the
only formulas, unit-tested against published values.
"""

from __future__ import annotations

import math
from typing import Any, Iterable, Sequence

#: z for a two-sided 95% interval.
Z95 = 1.959963984540054

#: A scenario whose side-1 interval lies within these bounds and contains 0.5 is even.
EVEN_BOUNDS = (0.40, 0.60)
#: "Over by round 2" counts games whose last round played is at most this.
SHORT_GAME_ROUNDS = 2


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion; (0, 1) when there are no trials."""
    if trials <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes in {trials} trials")
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


def mean_sd(values: Sequence[float]) -> tuple[float, float]:
    """Mean and sample standard deviation (0 for fewer than two values)."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0)
    mean = sum(values) / n
    if n < 2:
        return (mean, 0.0)
    return (mean, math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)))


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """(mean, low, high): the normal-approximation interval of the mean."""
    mean, sd = mean_sd(values)
    half = z * sd / math.sqrt(len(values)) if values else 0.0
    return (mean, mean - half, mean + half)


def proportion(successes: int, trials: int) -> dict[str, Any]:
    low, high = wilson(successes, trials)
    return {"count": successes, "of": trials, "rate": successes / trials if trials else 0.0, "low": low, "high": high}


def is_even(row: dict[str, Any]) -> bool:
    """Every side's share of the decided games: its interval contains the fair share (50% with
    two sides, 1/N with N) and lies within 10 points of it (EVEN_BOUNDS with two sides). With
    two sides side 2's share mirrors side 1's; with more, one side may be fair while another
    wins most games, so each is checked."""
    fair = 1 / len(row["sides"])
    low, high = fair - (0.5 - EVEN_BOUNDS[0]), fair + (EVEN_BOUNDS[1] - 0.5)
    return all(share["low"] <= fair <= share["high"] and low <= share["low"] and share["high"] <= high
               for share in row["shares"])


def scenario_row(records: Sequence[Any], sides: int) -> dict[str, Any]:
    """The figures of one scenario's games (core.sim.GameRecord)."""
    games = len(records)
    wins = [sum(1 for r in records if r.winner_side == s) for s in range(sides)]
    draws = sum(1 for r in records if r.winner_side is None)
    decided = games - draws
    rounds = [r.rounds for r in records]
    mean, sd = mean_sd(rounds)
    return {
        "games": games,
        "sides": [proportion(w, games) for w in wins],
        "draws": proportion(draws, games),
        "side1_share": proportion(wins[0], decided),
        "shares": [proportion(w, decided) for w in wins],
        "rounds": {"mean": mean, "sd": sd, "min": min(rounds, default=0), "max": max(rounds, default=0)},
        "short_games": proportion(sum(1 for r in rounds if r <= SHORT_GAME_ROUNDS), games),
        "seats": {"side 1 by AI entry": [sum(1 for r in records if r.seats[0] == level) for level in sorted({r.seats[0] for r in records})]},
    }


def group_rows(entries: Iterable[tuple[str, bool, int]]) -> dict[str, dict[str, Any]]:
    """(name, survived, damage dealt) per unit fielded -> fielded, survival and damage per name."""
    found: dict[str, list[tuple[bool, int]]] = {}
    for name, survived, damage in entries:
        if name:
            found.setdefault(name, []).append((survived, damage))
    out = {}
    for name in sorted(found):
        rows = found[name]
        mean, low, high = mean_interval([float(d) for _, d in rows])
        out[name] = {
            "fielded": len(rows),
            "survival": proportion(sum(1 for s, _ in rows if s), len(rows)),
            "damage": {"mean": mean, "low": low, "high": high},
        }
    return out


def report(ruleset: str, ai: Sequence[str], seed: int, games: int, by_scenario: dict[str, Sequence[Any]],
           sides: dict[str, int], seconds: float, uneven: dict[str, str] | None = None) -> dict[str, Any]:
    """The lab's JSON report: `by_scenario` maps each scenario to its GameRecords; `uneven` the
    scenarios meant to be uneven to the reason their files give (ScenarioInfo.uneven)."""
    scenarios = {name: scenario_row(records, sides[name]) for name, records in by_scenario.items()}
    for name, row in scenarios.items():
        row["even"] = is_even(row)
        row["meant_uneven"] = (uneven or {}).get(name, "")
    every = [r for records in by_scenario.values() for r in records]
    types = group_rows(u for r in every for u in r.units)
    groups = group_rows((g, u[1], u[2]) for r in every for u, g in zip(r.units, r.groups))
    return {
        "ruleset": ruleset,
        "ai": list(ai),
        "seed": seed,
        "games_per_scenario": games,
        "seconds": round(seconds, 3),
        "even_bounds": list(EVEN_BOUNDS),
        "scenarios": scenarios,
        "unit_types": types,
        "groups": groups,
    }


def evenness(row: dict[str, Any]) -> str:
    """The table's even column: yes or no by the figures, or uneven for a scenario meant to be."""
    if row.get("meant_uneven"):
        return "uneven"
    return "yes" if row["even"] else "no"


def _pct(p: dict[str, Any]) -> str:
    return f"{p['rate']:>4.0%} [{p['low']:.0%}-{p['high']:.0%}]"


def table(rep: dict[str, Any], group_word: str = "school or class") -> str:
    """The report as text: one line per scenario, then the unit tables."""
    lines = [
        f"{rep['ruleset']}: {rep['games_per_scenario']} games a scenario, AI {' vs '.join(rep['ai'])},"
        f" seats alternating (seed {rep['seed']}), {rep['seconds']:.0f} s",
        "Win rates with 95% Wilson intervals; side 1 share = side 1's wins among decided games;"
        f" even = that interval holds 50% within {EVEN_BOUNDS[0]:.0%}-{EVEN_BOUNDS[1]:.0%}, and with four"
        " sides every side's share holds 25% within 15%-35%; uneven = meant to be uneven, its file says why.",
        "",
        f"{'scenario':<20}{'games':>6}  {'side 1 wins':<16}{'side 2 wins':<16}{'draws':<16}"
        f"{'side 1 share':<16}{'even':<8}{'rounds':<14}{'by rd 2':<6}",
    ]
    for name, row in rep["scenarios"].items():
        sides = row["sides"]
        second = _pct(sides[1]) if len(sides) > 1 else "-"
        r = row["rounds"]
        lines.append(
            f"{name[:19]:<20}{row['games']:>6}  {_pct(sides[0]):<16}{second:<16}{_pct(row['draws']):<16}"
            f"{_pct(row['side1_share']):<16}{evenness(row):<8}"
            f"{r['mean']:>4.1f} sd {r['sd']:<4.1f}{'':<2}{row['short_games']['rate']:>4.0%}"
        )
        if len(sides) > 2:
            lines.append(f"{'':<28}other sides: " + ", ".join(f"side {i + 1} {_pct(p)}" for i, p in enumerate(sides[2:], 2)))
    for title, rows in (("unit type", rep["unit_types"]), (group_word, rep["groups"])):
        if not rows:
            continue
        lines += ["", f"{title:<24}{'fielded':>8}  {'survived':<17}{'damage dealt (mean, 95%)':<26}"]
        for name, row in rows.items():
            d = row["damage"]
            lines.append(f"{name[:23]:<24}{row['fielded']:>8}  {_pct(row['survival']):<17}"
                         f"{d['mean']:>5.2f} [{d['low']:.2f}-{d['high']:.2f}]")
    return "\n".join(lines)
