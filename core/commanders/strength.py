"""Measure AI strength: `python3 -m core.commanders.strength LEVEL_A LEVEL_B --games 100`.

Plays LEVEL_A against LEVEL_B over the bundled battles, swapping sides every
other game, and prints LEVEL_A's wins, losses and draws. Deterministic for a seed.
"""

from __future__ import annotations

import argparse
import json

from core.ai import Player, play_out


def match_up(level_a: str, level_b: str, games: int, seed: int = 0, scenarios: list[str] | None = None) -> dict:
    from core.commanders import RULESET

    names = scenarios or [s.name for s in RULESET.scenarios()]
    wins = losses = draws = 0
    per: dict[str, list[int]] = {}
    for game in range(games):
        name = names[game % len(names)]
        a_side = (game // len(names)) % 2 if len(names) > 1 else game % 2
        setup = RULESET.load_scenario(name)
        state = RULESET.new_battle(setup, seed * 100_003 + game)
        players = {a_side: Player(level_a, seed + 2 * game), 1 - a_side: Player(level_b, seed + 2 * game + 1)}
        final, _ = play_out(RULESET, state, players, 5000)
        result = RULESET.outcome(final)
        row = per.setdefault(name, [0, 0, 0])
        if result is None or result.winner is None:
            draws += 1
            row[2] += 1
        elif result.winner == a_side:
            wins += 1
            row[0] += 1
        else:
            losses += 1
            row[1] += 1
    return {"a": level_a, "b": level_b, "games": games, "wins": wins, "losses": losses, "draws": draws, "per_scenario": per}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("level_a")
    parser.add_argument("level_b")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(json.dumps(match_up(args.level_a, args.level_b, args.games, args.seed), indent=1))


if __name__ == "__main__":
    main()
