"""AI against AI over the bundled two-army scenarios, sides swapped game by game.

    python3 -m core.ninja.arena normal random --games 100 --jobs 2

Game i plays scenario i // 2 (cycling through the two-army scenarios) with
seed `seed + i // 2`; odd games swap which level commands which army, so both
levels play both armies of the same battle on the same dice seed.
"""

from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor

from core.ai import Player, play_out


def two_army_scenarios() -> list[str]:
    from core.ninja import RULESET

    return [s.name for s in RULESET.scenarios() if s.sides == 2]


def play_one(args: tuple[str, str, str, int, bool]) -> tuple[str, int | None, int]:
    """(scenario, winner as 0 = level a / 1 = level b / None = draw, rounds) of one game."""
    from core.ninja import RULESET

    scenario, a, b, seed, swapped = args
    state = RULESET.new_battle(RULESET.load_scenario(scenario), seed)
    levels = (b, a) if swapped else (a, b)
    players = {side: Player(levels[side], seed * 7 + side) for side in range(2)}
    final, _ = play_out(RULESET, state, players)
    out = RULESET.outcome(final)
    if out is None or out.winner is None:
        return scenario, None, final.round - 1
    return scenario, (out.winner ^ 1) if swapped else out.winner, final.round - 1


def run(a: str, b: str, games: int, seed: int, jobs: int) -> dict:
    names = two_army_scenarios()
    tasks = [(names[(i // 2) % len(names)], a, b, seed + i // 2, bool(i % 2)) for i in range(games)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(play_one, tasks))
    else:
        results = [play_one(t) for t in tasks]
    wins_a = sum(1 for _, w, _ in results if w == 0)
    wins_b = sum(1 for _, w, _ in results if w == 1)
    return {"a": a, "b": b, "games": games, "wins_a": wins_a, "wins_b": wins_b, "draws": games - wins_a - wins_b,
            "mean_rounds": sum(r for _, _, r in results) / max(1, games)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    ns = parser.parse_args(argv)
    print(run(ns.a, ns.b, ns.games, ns.seed, ns.jobs))


if __name__ == "__main__":
    main()
