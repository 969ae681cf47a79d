"""Whole-plan judgement for the hard AI: resolve our sealed orders against a predicted enemy plan.

The prediction uses only what every player sees (positions, health, chi,
effects): each enemy ninja's greedy order, never the orders they sealed.
Predictions are remembered per board position (`Predictions`, one per
ruleset), so judging several plans in one phase pays for the prediction once.
Imports go one way: this module builds on core.ninja.ai's estimates, never
the reverse.
"""

from __future__ import annotations

from core.hexgrid import Hex
from core.ninja import ai, movement
from core.ninja.content import Catalogue
from core.ninja.movement import resolve_movement
from core.ninja.resolution import resolve_actions, winner
from core.ninja.stakes import StakesOf
from core.ninja.state import Battle, replace_battle
from core.ninja.turn import unit_action_orders
from core.rng import Dice

#: Dice streams each action plan is resolved with (the mean is judged).
PLAN_SAMPLES = 3
#: Board positions whose predicted orders are remembered.
PREDICTIONS_KEPT = 64


class Predictions:
    """The predicted orders of recent board positions, by value (`_key`), at most
    PREDICTIONS_KEPT of them; when full it starts afresh.

    One instance belongs to one ruleset and its catalogue. The whole table is one
    tuple, replaced in a single store and never changed in place, so the AI thread
    and the screen can share it: a lost race only costs a recomputation.
    """

    def __init__(self) -> None:
        self._entries: tuple[tuple[int, tuple, tuple], ...] = ()

    def get(self, key: tuple) -> tuple | None:
        h = hash(key)
        for kh, k, value in self._entries:
            if kh == h and k == key:
                return value
        return None

    def put(self, key: tuple, value: tuple) -> None:
        entries = self._entries
        if len(entries) >= PREDICTIONS_KEPT:
            entries = ()
        self._entries = entries + ((hash(key), key, value),)


def _key(state: Battle) -> tuple:
    return (state.round, state.phase, state.dice.seed, state.board.name,
            tuple((u.hex, u.facing, u.hp, u.chi, u.ammo, u.effects, u.mode) for u in state.units), state.smoke, state.changes)


def _predict(base: Battle, cat: Catalogue, stakes_of: StakesOf, memo: Predictions) -> tuple:
    """Every living ninja's greedy order for the phase, from the open board only."""
    key = _key(base)
    hit = memo.get(key)
    if hit is not None:
        return hit
    out = []
    for u in base.units:
        if u.hp <= 0:
            continue
        if base.phase == "movement":
            opts = ai.candidates_for(base, cat, u.uid)
            best = max(opts, key=lambda o: ai.move_value(base, cat, o, stakes_of))
            p = movement.plan(base, cat, u, best.mode, Hex(best.q, best.r), best.facing, route=best.steps)
            out.append(p)
        else:
            opts = unit_action_orders(base, cat, u.uid)
            out.append(max(opts, key=lambda o: ai.action_value(base, cat, o, u.side, stakes_of)))
    predicted = tuple(out)
    memo.put(key, predicted)
    return predicted


def evaluate(state: Battle, cat: Catalogue, side: int, stakes_of: StakesOf, memo: Predictions) -> float:
    """Material balance, plus (mid-phase) the value of the side's sealed plan."""
    if state.over:
        w, _ = winner(state)
        return 1000.0 if w == side else (-1000.0 if w >= 0 else 0.0)
    return ai.material(state, side, stakes_of(state, side)) + plan_value(state, cat, side, stakes_of, memo)


def plan_value(state: Battle, cat: Catalogue, side: int, stakes_of: StakesOf, memo: Predictions) -> float:
    """The side's sealed orders this phase, resolved against predicted enemy orders."""
    if state.phase == "movement":
        own = tuple(p for p in state.moves if state.units[p.unit].side == side)
        if not own:
            return 0.0
        base = replace_battle(state, moves=())
        ordered = {p.unit for p in own}
        enemy = tuple(p for p in _predict(base, cat, stakes_of, memo) if state.units[p.unit].side != side)
        after, _ = resolve_movement(replace_battle(base, moves=own + enemy), cat)
        return sum(ai.position_value(after, cat, after.units[uid], stakes_of(after, after.units[uid].side)) for uid in ordered)
    own_orders = tuple(o for o in state.orders if state.units[o.unit].side == side)
    if not own_orders:
        return 0.0
    base = replace_battle(state, orders=())
    enemy = tuple(o for o in _predict(base, cat, stakes_of, memo) if state.units[o.unit].side != side)
    st = stakes_of(state, side)
    total = 0.0
    samples = PLAN_SAMPLES
    for i in range(samples):
        trial = replace_battle(base, orders=own_orders + enemy, dice=base.dice if i == 0 else _salted(base, i))
        after, _ = resolve_actions(trial, cat)
        total += ai.material(after, side, st)
    return total / samples * 3.0


def _salted(state: Battle, salt: int) -> Dice:
    return Dice.from_seed(state.dice.seed ^ (salt * 0x9E3779B97F4A7C15) ^ state.dice.counter)


__all__ = ["PLAN_SAMPLES", "Predictions", "evaluate", "plan_value"]
