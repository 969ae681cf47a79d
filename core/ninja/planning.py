"""Whole-plan judgement for the hard AI: resolve our sealed orders against a predicted enemy plan.

The prediction uses only what every player sees (positions, health, chi,
effects): each enemy ninja's greedy order, never the orders they sealed.
Predictions are cached per board position, so judging several plans in one
phase pays for the prediction once.
"""

from __future__ import annotations

import attrs

from core.ninja.content import Catalogue
from core.ninja.movement import resolve_movement
from core.ninja.stakes import stakes
from core.ninja.state import Battle
from core.ninja.turn import unit_action_orders

#: Dice streams each action plan is resolved with (the mean is judged).
PLAN_SAMPLES = 3
_CACHE: dict[tuple, tuple] = {}
_CACHE_LIMIT = 64


def _key(state: Battle) -> tuple:
    return (state.round, state.phase, state.dice.seed, state.board.name,
            tuple((u.hex, u.facing, u.hp, u.chi, u.ammo, u.effects, u.mode) for u in state.units), state.smoke, state.changes)


def _predict(base: Battle, cat: Catalogue) -> tuple:
    """Every living ninja's greedy order for the phase, from the open board only."""
    from core.ninja import ai, movement

    key = _key(base)
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    out = []
    for u in base.units:
        if u.hp <= 0:
            continue
        if base.phase == "movement":
            opts = ai.candidates_for(base, cat, u.uid)
            best = max(opts, key=lambda o: ai.move_value(base, cat, o))
            p = movement.plan(base, cat, u, best.mode, movement.Hex(best.q, best.r), best.facing)
            out.append(p)
        else:
            opts = unit_action_orders(base, cat, u.uid)
            out.append(max(opts, key=lambda o: ai.action_value(base, cat, o, u.side)))
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
    predicted = tuple(out)
    _CACHE[key] = predicted
    return predicted  # not read back: another thread may have cleared the cache meanwhile


def plan_value(state: Battle, cat: Catalogue, side: int) -> float:
    """The side's sealed orders this phase, resolved against predicted enemy orders."""
    from core.ninja import ai
    from core.ninja.resolution import resolve_actions

    if state.phase == "movement":
        own = tuple(p for p in state.moves if state.units[p.unit].side == side)
        if not own:
            return 0.0
        base = attrs.evolve(state, moves=())
        ordered = {p.unit for p in own}
        enemy = tuple(p for p in _predict(base, cat) if state.units[p.unit].side != side)
        after, _ = resolve_movement(attrs.evolve(base, moves=own + enemy), cat)
        return sum(ai.position_value(after, cat, after.units[uid]) for uid in ordered)
    own_orders = tuple(o for o in state.orders if state.units[o.unit].side == side)
    if not own_orders:
        return 0.0
    base = attrs.evolve(state, orders=())
    enemy = tuple(o for o in _predict(base, cat) if state.units[o.unit].side != side)
    st = stakes(state, side)
    total = 0.0
    samples = PLAN_SAMPLES
    for i in range(samples):
        trial = attrs.evolve(base, orders=own_orders + enemy, dice=base.dice if i == 0 else _salted(base, i))
        after, _ = resolve_actions(trial, cat)
        total += ai.material(after, side, st)
    return total / samples * 3.0


def _salted(state: Battle, salt: int):
    from core.rng import Dice

    return Dice.from_seed(state.dice.seed ^ (salt * 0x9E3779B97F4A7C15) ^ state.dice.counter)


__all__ = ["plan_value"]
