"""AI players that talk only to the ruleset protocol.

Levels:
- random: any legal action.
- easy: 1-ply, then a seeded pick among the few best (sensible, beatable).
- normal: 1-ply over every candidate action, the ruleset's expected value; the best,
  or a seeded pick among those within the ruleset's `normal_spread` of it.
- hard: normal's best few candidates, each followed by a greedy reply of every
  side until this side must decide again, then judged (selective lookahead).

Every budget is counted in work (candidates, replies, dice samples), never in
wall-clock time, so the same seed plays the same game on every machine. The
player's own dice are separate from the battle's and never touch the state.
"""

from __future__ import annotations

from typing import Any

from core.choices import LEVELS
from core.rng import Dice
from core.ruleset import Budget, Ruleset

#: Salt of the dice stream the hard level imagines its lookahead with.
LOOKAHEAD_SALT = 0x5EED


class Player:
    """One AI seat. `choose` is deterministic for a given seed and sequence of states."""

    def __init__(self, level: str, seed: int = 0) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown AI level {level!r}; choose from {', '.join(LEVELS)}")
        self.level = level
        self.dice = Dice.from_seed(seed)

    def choose(self, ruleset: Ruleset, state: Any, side: int) -> Any:
        """The action this seat takes; it weighs only what `side` may know (Ruleset.seat_view)."""
        state = ruleset.seat_view(state, side)
        actions = candidates(ruleset, state, side)
        if not actions:
            raise ValueError(f"side {side} has no legal action")
        if len(actions) == 1:
            return actions[0]
        if self.level == "random":
            index, self.dice = self.dice.choice_index(len(actions))
            return actions[index]
        budget = ruleset.ai_budget()
        scored = rank(ruleset, state, side, actions, budget.samples)
        if self.level == "easy":
            pool = scored[: budget.easy_pool]
            index, self.dice = self.dice.choice_index(len(pool))
            return pool[index][1]
        if self.level == "normal":
            return self._near_best(scored, budget.normal_spread)
        return lookahead(ruleset, state, side, scored, budget)

    def _near_best(self, scored: list[tuple[float, Any]], spread: float) -> Any:
        """The best action, or with a spread a seeded pick among those valued within it."""
        if spread <= 0:
            return scored[0][1]
        floor = scored[0][0] - spread
        pool = [a for v, a in scored if v >= floor]
        if len(pool) == 1:
            return pool[0]
        index, self.dice = self.dice.choice_index(len(pool))
        return pool[index]


def candidates(ruleset: Ruleset, state: Any, side: int) -> list[Any]:
    """The actions the AI considers: the ruleset's pruned list if it offers one, else all legal."""
    actions = ruleset.ai_candidates(state, side)
    limit = ruleset.ai_budget().max_candidates
    if len(actions) > limit:
        step = len(actions) / limit
        actions = [actions[int(i * step)] for i in range(limit)]
    return actions


def rank(ruleset: Ruleset, state: Any, side: int, actions: list[Any], samples: int) -> list[tuple[float, Any]]:
    """Actions with their 1-ply values, best first; ties keep the legal order."""
    scored = [(ruleset.action_value(state, a, side, samples), i, a) for i, a in enumerate(actions)]
    scored.sort(key=lambda t: (-t[0], t[1]))
    return [(v, a) for v, _, a in scored]


def greedy(ruleset: Ruleset, state: Any, side: int, samples: int) -> Any:
    actions = candidates(ruleset, state, side)
    return rank(ruleset, state, side, actions, samples)[0][1]


def lookahead(ruleset: Ruleset, state: Any, side: int, scored: list[tuple[float, Any]], budget: Budget) -> Any:
    """Hard: play each of the best candidates forward with greedy replies, keep the best end."""
    best_value, best_action = None, scored[0][1]
    # The lookahead plays on a reseeded copy: hard must not see the battle's real dice.
    imagined = ruleset.reseed(state, LOOKAHEAD_SALT)
    for _, action in scored[: budget.hard_candidates]:
        after, _ = ruleset.apply(imagined, action)
        plies = 0
        while plies < budget.hard_reply_plies and ruleset.outcome(after) is None:
            movers = ruleset.to_act(after)
            if not movers:
                break
            if side in movers and plies > 0:
                break
            mover = next((m for m in movers if m != side), movers[0])
            reply = greedy(ruleset, after, mover, budget.samples)
            after, _ = ruleset.apply(after, reply)
            plies += 1
        value = ruleset.evaluate(after, side)
        if best_value is None or value > best_value:
            best_value, best_action = value, action
    return best_action


def play_out(ruleset: Ruleset, state: Any, players: dict[int, Player], max_actions: int = 100_000) -> tuple[Any, list[Any]]:
    """Let the given players finish a battle; returns the final state and every action taken."""
    actions: list[Any] = []
    while ruleset.outcome(state) is None and len(actions) < max_actions:
        movers = ruleset.to_act(state)
        if not movers:
            break
        side = movers[0]
        action = players[side].choose(ruleset, state, side)
        state, _ = ruleset.apply(state, action)
        actions.append(action)
    return state, actions
