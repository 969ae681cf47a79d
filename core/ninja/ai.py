"""Planning sealed orders for a whole army, one unit at a time.

Sealed orders change nothing until resolution, so an order is valued by an
estimate: expected damage it deals (from the same odds the rules roll), the
damage it avoids, chi and health it spends, and for movement how well placed
the ninja ends (attacks it will have, blows it will face, distance to close).
With three or four armies every harm and risk is weighed by the army's stakes
(core.ninja.stakes): harm to a rival by how close it is to the lead, own
losses by how many rivals watch, and a late push when the army is not ahead.
The levels of core.ai use it thus:
- easy and normal rank one unit's orders by `action_value` (normal takes the best);
- hard also looks at the whole plan: core.ninja.planning's `evaluate` resolves
  the side's sealed orders against a predicted enemy plan (the enemies' greedy
  orders from the board as everyone sees it, never their sealed ones) and
  judges the result with the estimates here.
Floats appear only here and in planning and stakes, never in the rules.
"""

from __future__ import annotations

import attrs

from core.hexgrid import Hex, distance, in_arc
from core.ninja.actions import OrderAction, OrderMove, Submit
from core.ninja.attacks import hit_chance, melee_reach, missile_extra, missile_range, modifiers, needed, volley_extensions
from core.ninja.content import Catalogue
from core.ninja.movement import ReachMemo, move_options
from core.ninja.stakes import Stakes, StakesOf
from core.ninja.state import Battle, Unit, replace_battle, replace_unit
from core.ninja.turn import grown_by_one, is_volley, to_act, unit_action_orders, unordered
from core.ruleset import Budget

BUDGET = Budget(samples=1, easy_pool=3, hard_candidates=5, hard_reply_plies=0, max_candidates=2000)
#: A rival's ninja counts as this many hexes further away when its army is far behind the lead.
FAR_BEHIND_HEXES = 6.0
STATUS_VALUE = {"blind": 1.2, "hamstrung": 0.5, "disarmed": 1.0, "frozen": 0.5, "entangled": 0.8}


def worth(u: Unit) -> float:
    """What a ninja is worth to its army: its points, scaled by the health it has left."""
    if u.hp <= 0:
        return 0.0
    return u.points * (0.4 + 0.6 * u.hp / u.hp_max)


def _p(state: Battle, cat: Catalogue, a: int, t: int, extra=()) -> float:
    return hit_chance(cat, needed(cat, modifiers(state, cat, a, t, tuple(extra))))


def _kill_value(target: Unit, damage: float) -> float:
    """Value of taking `damage` off `target`: its worth lost, more when it likely falls."""
    if damage <= 0 or target.hp <= 0:
        return 0.0
    lost = 0.6 * target.points * min(damage, target.hp) / target.hp_max
    return lost + 0.4 * target.points * min(1.0, damage / target.hp) ** 2


def _assigned(state: Battle, side: int) -> dict[int, float]:
    """Expected damage this side's sealed action orders already send at each enemy."""
    out: dict[int, float] = {}
    for o in state.orders:
        if state.units[o.unit].side == side and o.act in ("melee", "missile"):
            for t in o.targets:
                out[t] = out.get(t, 0.0) + 1.0
    return out


def _attack_value(state: Battle, cat: Catalogue, o: OrderAction, stakes_of: StakesOf) -> float:
    u = state.units[o.unit]
    taken = _assigned(state, u.side)
    weight = stakes_of(state, u.side).weight
    total = 0.0
    school = cat.schools[u.school]
    if o.act == "melee":
        t = state.units[o.targets[0]]
        dist = distance(u.hex, t.hex)
        dmg = sum(_p(state, cat, u.uid, t.uid) * (cat.melee_damage(u.school, u.points) + cat.weapons[w].damage_bonus)
                  for w in school.melee if cat.weapons[w].reach >= dist)
        return weight[t.side] * _kill_value(t, dmg) / (1.0 + 0.5 * taken.get(t.uid, 0.0))
    for tid in o.targets:
        t = state.units[tid]
        extra = missile_extra(cat, u.school, distance(u.hex, t.hex), len(o.targets))
        w = cat.weapons[school.missile]
        dmg = _p(state, cat, u.uid, tid, extra) * (cat.missile_damage(u.school, u.points) + w.damage_bonus + w.poison * 2)
        total += weight[t.side] * _kill_value(t, dmg) / (1.0 + 0.5 * taken.get(tid, 0.0)) - (0.03 + 0.1 / max(1, u.ammo))  # ammunition is scarce
    return total


def threat_worth(state: Battle, cat: Catalogue, uid: int, stakes_of: StakesOf) -> float:
    """The worth `uid` may lose this round to the enemies near it (a rough upper bound)."""
    u = state.units[uid]
    return stakes_of(state, u.side).caution * 0.6 * u.points * min(u.hp, threat_to(state, cat, uid)) / u.hp_max


def threat_to(state: Battle, cat: Catalogue, uid: int) -> float:
    """Expected damage the enemies may deal to `uid` this action phase, from where they
    stand and face now; an enemy with several of our ninja in reach splits its threat."""
    u = state.units[uid]
    total = 0.0
    mine = [f for f in state.units if f.hp > 0 and f.side == u.side]
    for e in state.units:
        if e.hp <= 0 or e.side == u.side:
            continue
        d = distance(e.hex, u.hex)
        reach = melee_reach(cat, e.school)
        if d <= reach and not e.has("disarmed"):
            share = sum(1 for f in mine if distance(e.hex, f.hex) <= reach)
            total += 0.5 * len(cat.schools[e.school].melee) * cat.melee_damage(e.school, e.points) / share
        elif e.ammo > 0 and 2 <= d <= missile_range(cat, e.school)[0] and in_arc(e.hex, e.facing, u.hex):
            share = sum(1 for f in mine if 2 <= distance(e.hex, f.hex) <= missile_range(cat, e.school)[0] and in_arc(e.hex, e.facing, f.hex))
            total += 0.45 * cat.missile_damage(e.school, e.points) * min(2, share) / share
    return total


def _jutsu_value(state: Battle, cat: Catalogue, o: OrderAction, stakes_of: StakesOf) -> float:
    u = state.units[o.unit]
    spec = cat.schools[u.school].jutsu[o.jutsu]
    cost = 0.08 * min(spec.cost, u.chi) + 0.6 * u.points / u.hp_max * max(0, spec.cost - u.chi) * cat.rules.chi.burn_health_per_chi
    e = spec.effect
    st = stakes_of(state, u.side)
    value = 0.0
    if e in ("weapon_melee", "weapon_missile"):
        base = _attack_value(state, cat, OrderAction(u.side, u.uid, "melee" if e == "weapon_melee" else "missile", o.targets), stakes_of)
        hits = len(o.targets) if e == "weapon_missile" else len(cat.schools[u.school].melee)
        value = base * (1.0 + 0.15 * spec.to_hit) + 0.3 * hits * (spec.damage + spec.amount * 1.5)
    elif e == "bolt" or e == "canopy":
        targets = o.targets or tuple(t.uid for t in state.units if t.hp > 0 and t.side != u.side
                                     and distance(u.hex, t.hex) <= spec.range and state.board.terrain[state.board.index(t.hex)] == "trees")
        value = sum(st.weight[state.units[t].side] * _kill_value(state.units[t], _p(state, cat, u.uid, t) * spec.damage) for t in targets)
    elif e == "status":
        t = state.units[o.targets[0]]
        value = st.weight[t.side] * _p(state, cat, u.uid, t.uid) * STATUS_VALUE.get(spec.status, 0.5) * t.points * 0.12 * min(2, spec.rounds)
    elif e == "push":
        value = 0.1 * st.weight[state.units[o.targets[0]].side] * _p(state, cat, u.uid, o.targets[0]) * state.units[o.targets[0]].points
    elif e == "poison_cloud":
        for t in state.units:
            if t.hp > 0 and t.uid != u.uid and distance(u.hex, t.hex) == 1:
                sign = st.weight[t.side] if t.side != u.side else -1.2 * st.caution
                value += sign * _kill_value(t, _p(state, cat, u.uid, t.uid) * spec.amount * spec.rounds)
    elif e == "smoke" or e == "self_status":
        value = 0.3 * threat_worth(state, cat, u.uid, stakes_of) * (2.5 if spec.status == "invincible" else 1.0)
    elif e == "cover":
        t = state.units[o.targets[0]]
        value = 0.5 * threat_worth(state, cat, t.uid, stakes_of) - 0.3 * threat_worth(state, cat, u.uid, stakes_of)
    elif e == "cure":
        eff = state.units[o.targets[0]].effect("poison")
        t = state.units[o.targets[0]]
        value = 0.6 * t.points * (eff.amount * eff.rounds if eff else 0) / t.hp_max
    elif e in ("teleport", "river_run"):
        value = 0.3 * threat_worth(state, cat, u.uid, stakes_of) * (1.0 - u.hp / u.hp_max)
    else:  # burn_tree, tree_wall: board shaping, seldom worth the chi
        value = 0.05
    return value - cost


def _order_value(state: Battle, cat: Catalogue, o: OrderAction, stakes_of: StakesOf) -> float:
    """An attack or jutsu order's own value, as ordered."""
    if o.act == "jutsu":
        return _jutsu_value(state, cat, o, stakes_of)
    return _attack_value(state, cat, o, stakes_of)


def _volley_potential(state: Battle, cat: Catalogue, o: OrderAction, stakes_of: StakesOf) -> float:
    """A volley's first target valued as the volley it can grow into: targets added one at a
    time while the whole is worth more (as `grown_volley` will add them)."""
    value = _order_value(state, cat, o, stakes_of)
    while True:
        best = None
        for targets in volley_extensions(state, cat, o.unit, o.targets):
            v = _order_value(state, cat, attrs.evolve(o, targets=targets), stakes_of)
            if v > value + 0.01 and (best is None or v > best[0]):
                best = (v, targets)
        if best is None:
            return value
        value, o = best[0], attrs.evolve(o, targets=best[1])


def action_value(state: Battle, cat: Catalogue, action, side: int, stakes_of: StakesOf) -> float:
    if isinstance(action, Submit):
        return 0.0
    if isinstance(action, OrderMove):
        return move_value(state, cat, action, stakes_of)
    o = action
    u = state.units[o.unit]
    if o.act in ("missile", "jutsu") and is_volley(cat, state, o) and all(x.unit != o.unit for x in state.orders):
        return _volley_potential(state, cat, o, stakes_of)
    if o.act in ("melee", "missile"):
        return _attack_value(state, cat, o, stakes_of)
    if o.act == "jutsu":
        return _jutsu_value(state, cat, o, stakes_of)
    if o.act == "rest":
        if u.chi >= u.chi_max:
            return 0.6 * u.points / u.hp_max if u.hp < u.hp_max else 0.0
        return 0.06 * min(2, u.chi_max - u.chi) - 0.5 * threat_worth(state, cat, u.uid, stakes_of) * 0.2
    return 0.4 * threat_worth(state, cat, u.uid, stakes_of)  # dodge: 2 of the 10 faces, about 40% of the blows


def position_value(state: Battle, cat: Catalogue, u: Unit, st: Stakes) -> float:
    """How well `u` stands: blows it can land next (at rivals that matter), blows it faces
    (weighed by the army's caution), ground still to close."""
    best_attack = 0.0
    danger = 0.0
    nearest = 99.0
    for e in state.units:
        if e.hp <= 0 or e.side == u.side:
            continue
        d = distance(u.hex, e.hex)
        w = st.weight[e.side]
        nearest = min(nearest, d + FAR_BEHIND_HEXES * (1.0 - w))
        if d <= melee_reach(cat, u.school):
            best_attack = max(best_attack, w * 0.5 * len(cat.schools[u.school].melee) * cat.melee_damage(u.school, u.points) * e.points / max(1, e.hp))
        elif u.ammo > 0 and 2 <= d <= missile_range(cat, u.school)[1] and in_arc(u.hex, u.facing, e.hex):
            reach = missile_range(cat, u.school)[0]
            best_attack = max(best_attack, w * max(0.1, 0.5 - 0.1 * max(0, d - reach)) * cat.missile_damage(u.school, u.points) * e.points / max(1, e.hp))
        if d <= melee_reach(cat, e.school) + 1:
            danger += 0.5 * len(cat.schools[e.school].melee) * cat.melee_damage(e.school, e.points) / max(1, u.hp) * u.points
    hurt = 1.0 - u.hp / u.hp_max
    mode = cat.rules.modes[u.mode]  # each point of to-hit is a tenth of the die
    hit_mode = 0 if (u.mode == "jump" and not cat.schools[u.school].jump_attack_penalty) else mode.to_hit
    return (best_attack * 1.5 * (1 + 0.2 * hit_mode) - st.caution * danger * (0.25 + 0.5 * hurt) * (1 + 0.2 * mode.to_be_hit)
            - 0.04 * st.push * nearest)


def move_value(state: Battle, cat: Catalogue, m: OrderMove, stakes_of: StakesOf) -> float:
    u = state.units[m.unit]
    dest = Hex(m.q, m.r)
    for p in state.moves:  # our own sealed moves: do not aim two ninja at one hex
        if state.units[p.unit].side == u.side and p.steps and (p.steps[-1][0], p.steps[-1][1]) == dest:
            return -5.0
    moved = replace_unit(u, hex=dest, facing=m.facing, mode=m.mode)
    units = list(state.units)
    units[u.uid] = moved
    trial = replace_battle(state, units=tuple(units))
    return position_value(trial, cat, moved, stakes_of(state, u.side))


def grown_volley(state: Battle, cat: Catalogue, side: int, stakes_of: StakesOf) -> OrderAction | None:
    """One more target for a volley this side has ordered, when the whole volley is then
    worth more (each extra target costs every throw -1 to hit): the best such, else None.
    The AI grows a volley a target at a time, as a player picks it (bounded: one value per
    candidate target)."""
    best, best_gain = None, 0.01
    for o in state.orders:
        if state.units[o.unit].side != side or not is_volley(cat, state, o):
            continue
        nexts = grown_by_one(state, cat, o)
        if not nexts:
            continue
        without = replace_battle(state, orders=tuple(x for x in state.orders if x.unit != o.unit))
        now = _order_value(without, cat, o, stakes_of)
        for e in nexts:
            gain = _order_value(without, cat, e, stakes_of) - now
            if gain > best_gain:
                best, best_gain = e, gain
    return best


def candidates(state: Battle, cat: Catalogue, side: int, stakes_of: StakesOf | None = None,
               reach: ReachMemo | None = None) -> list:
    """One more target for a volley already ordered when that pays (with `stakes_of`), else the
    orders of this side's next unordered ninja (pruned), or Submit when all have one."""
    if side not in to_act(state):
        return []
    if stakes_of is not None and state.phase == "action":
        grown = grown_volley(state, cat, side, stakes_of)
        if grown is not None:
            return [grown]
    todo = unordered(state, side)
    if not todo:
        return [Submit(side)]
    uid = todo[0]
    if state.phase == "action":
        return unit_action_orders(state, cat, uid)
    return candidates_for(state, cat, uid, reach)


def candidates_for(state: Battle, cat: Catalogue, uid: int, reach: ReachMemo | None = None) -> list[OrderMove]:
    """One unit's movement orders, pruned: standing still, and per (mode, hex) one facing
    (towards the nearest enemy when it can, else the cheapest)."""
    u = state.units[uid]
    side = u.side
    enemies = [e for e in state.units if e.hp > 0 and e.side != side]
    best: dict[tuple, tuple] = {}
    for mode, h, f, cost, steps in move_options(state, cat, u, reach):
        if mode == "stand":
            continue
        near = min(enemies, key=lambda e: (distance(h, e.hex), e.uid)) if enemies else None
        aims = near is not None and (distance(h, near.hex) < 2 or in_arc(h, f, near.hex))
        key = (mode, h)
        rank = (0 if aims else 1, cost)
        if key not in best or rank < best[key][0]:
            best[key] = (rank, OrderMove(side, uid, mode, h[0], h[1], f, steps))
    out = [OrderMove(side, uid, "stand", u.hex[0], u.hex[1], u.facing)]
    out.extend(v[1] for _, v in sorted(best.items(), key=lambda kv: (kv[0][0], kv[0][1][1], kv[0][1][0])))
    return out


def material(state: Battle, side: int, st: Stakes) -> float:
    """The worth of the side's ninja against its rivals', each rival's weighed by its stakes
    (in a two-army battle: own worth minus the enemy's)."""
    total = [0.0] * state.sides
    for u in state.units:
        total[u.side] += worth(u)
    return st.caution * total[side] - sum(st.weight[s] * total[s] for s in range(state.sides) if s != side)
