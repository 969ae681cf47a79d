"""Measure StatWar AI strength and decision time (not part of the test run).

    python3 tests/core/statwar/bench_strength.py normal random 100 [scenario ...]
    python3 tests/core/statwar/bench_strength.py --timing

Each game uses seed i for the battle and the players; the sides swap every other game.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from core.ai import Player, play_out  # noqa: E402
from core.statwar import RULESET  # noqa: E402


def match(a: str, b: str, games: int, scenarios: list[str]) -> tuple[int, int, int]:
    wins = [0, 0]
    draws = 0
    for i in range(games):
        setup = RULESET.load_scenario(scenarios[i % len(scenarios)])
        state = RULESET.new_battle(setup, i)
        swap = i % 2 == 1
        players = {0: Player(b if swap else a, 2 * i), 1: Player(a if swap else b, 2 * i + 1)}
        state, _ = play_out(RULESET, state, players)
        out = RULESET.outcome(state)
        if out is None or out.winner is None:
            draws += 1
        else:
            first_won = (out.winner == 0) != swap
            wins[0 if first_won else 1] += 1
    return wins[0], wins[1], draws


def timing(scenario: str = "hordes_200", level: str = "hard", decisions: int = 40) -> None:
    setup = RULESET.load_scenario(scenario)
    state = RULESET.new_battle(setup, 7)
    player = {0: Player(level, 1), 1: Player(level, 2)}
    worst = total = 0.0
    n = 0
    while RULESET.outcome(state) is None and n < decisions + 32:
        side = RULESET.to_act(state)[0]
        t = time.perf_counter()
        action = player[side].choose(RULESET, state, side)
        dt = time.perf_counter() - t
        if state.phase == "battle":
            worst = max(worst, dt)
            total += dt
            n += 1
        state, _ = RULESET.apply(state, action)
    print(f"{level} on {scenario}: {n} battle decisions, mean {total / max(n, 1):.3f}s, worst {worst:.3f}s")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--timing"]:
        timing()
        sys.exit(0)
    a, b, games = sys.argv[1], sys.argv[2], int(sys.argv[3])
    scen = sys.argv[4:] or [i.name for i in RULESET.scenarios()]
    t = time.time()
    wa, wb, d = match(a, b, games, scen)
    print(f"{a} {wa} - {b} {wb} - draws {d} of {games} on {','.join(scen)} ({time.time() - t:.0f}s)")
