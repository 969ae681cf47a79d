"""How the AI judges StatWar: material, the next attacks in list order, range and approach.

StatWar has no dice after the coin flip, so one sample is exact. The activation
order is known (list order), so the evaluation looks at who acts next: the
enemy's next unit threatens before ours does. Floats are fine here (AI only).
"""

from __future__ import annotations

from core.statwar.geometry import Reach, controlled, gap, occupancy, reach, targets_from
from core.statwar.combat import hit_damage
from core.statwar.rules import active_unit, deploy_spots, legal_actions, mount_options
from core.statwar.state import BATTLE, DEPLOY, NO_UNIT, OVER, Activate, Battle, Detonate, Mount, Withhold, Deploy
from core.squaregrid import Square

WIN = 10_000.0
#: Weight of the enemy's next unit's best hit (it acts right after us).
THEIR_NEXT = 0.9
#: Weight of our own next unit's best hit (it acts after theirs, so less certain).
OUR_NEXT = 0.35
#: Weight of every other threat on the board (units that act later).
LATER = 0.15
#: Value of one square of approach toward the nearest enemy the unit can hurt.
APPROACH = 0.12
MAX_DEPLOY_CANDIDATES = 24
MOVE_CANDIDATES = 6


def unit_value(cost: int, health: int, max_health: int) -> float:
    """A unit is worth half its points for being alive and half in proportion to its Health,
    so finishing a wounded unit is worth more than spreading damage (focus fire)."""
    if health <= 0:
        return 0.0
    return (cost + 5) * (0.5 + 0.5 * health / max_health)


def hit_value(state: Battle, attacker: int, target: int) -> float:
    a = state.design_of(attacker)
    t = state.units[target]
    ts = state.designs[t.design]
    dealt = min(t.health, hit_damage(a.damage, ts.armor))
    if dealt <= 0:
        return 0.0
    return unit_value(ts.cost, t.health, ts.max_health) - unit_value(ts.cost, t.health - dealt, ts.max_health)


def best_threat(state: Battle, uid: int, spare: int = 0) -> float:
    """The most value `uid` could take with one attack if it moved straight in (obstacles ignored)."""
    u = state.units[uid]
    if u.health <= 0 or not u.placed:
        return 0.0
    s = state.designs[u.design]
    if s.damage <= 0:
        return 0.0
    if u.riding != NO_UNIT:
        m = state.units[u.riding]
        x, y, size = m.x, m.y, state.designs[m.design].size
    else:
        x, y, size = u.x, u.y, s.size
    reach_sq = s.move + s.reach + spare
    best = 0.0
    for t in state.units:
        if t.side == u.side or not t.on_board:
            continue
        if gap(x, y, size, t.x, t.y, state.designs[t.design].size) <= reach_sq:
            v = hit_value(state, uid, t.uid)
            if v > best:
                best = v
    return best


def evaluate(state: Battle, side: int) -> float:
    if state.phase == OVER:
        if state.winner == -1:
            return 0.0
        return WIN if state.winner == side else -WIN
    score = 0.0
    for u in state.units:
        if u.health > 0:
            s = state.designs[u.design]
            v = unit_value(s.cost, u.health, s.max_health)
            score += v if u.side == side else -v
    if state.phase != BATTLE:
        return score + _position(state, side)
    enemy = 1 - side
    nxt_theirs = active_unit(state, enemy)
    nxt_ours = active_unit(state, side)
    for u in state.units:
        if not (u.health > 0 and u.placed):
            continue
        threat = best_threat(state, u.uid)
        if u.uid == nxt_theirs and state.to_move == enemy:
            score -= THEIR_NEXT * threat
        elif u.uid == nxt_ours:
            score += OUR_NEXT * threat
        else:
            score += LATER * threat if u.side == side else -LATER * threat
    return score + _position(state, side)


def _position(state: Battle, side: int) -> float:
    """Approach: every unit that can hurt someone wants to be within reach of its nearest victim."""
    score = 0.0
    for u in state.units:
        if not u.on_board:
            continue
        s = state.designs[u.design]
        if s.damage <= 0:
            continue
        nearest = None
        for t in state.units:
            if t.side == u.side or not t.on_board:
                continue
            ts = state.designs[t.design]
            if hit_damage(s.damage, ts.armor) <= 0:
                continue
            d = gap(u.x, u.y, s.size, t.x, t.y, ts.size)
            if nearest is None or d < nearest:
                nearest = d
        if nearest is None:
            continue
        away = max(0, nearest - s.reach)
        v = APPROACH * min(away, 30)
        score += -v if u.side == side else v
    return score


def _danger(state: Battle, side: int, x: int, y: int, size: int, armor: int) -> int:
    """How much enemy damage could land on a footprint next turn (enemies moving straight in)."""
    total = 0
    for e in state.units:
        if e.side == side or not e.on_board:
            continue
        es = state.designs[e.design]
        if gap(x, y, size, e.x, e.y, es.size) <= es.move + es.reach:
            total += hit_damage(es.damage, armor)
    return total


def _nearest(state: Battle, side: int, x: int, y: int, size: int) -> int:
    best = 999
    for e in state.units:
        if e.side != side and e.on_board:
            best = min(best, gap(x, y, size, e.x, e.y, state.designs[e.design].size))
    return best


def candidates(state: Battle, side: int) -> list:
    """A pruned, stable list: every attack (from the safest spots), the best approach moves,
    mounting, and detonations ranked by the blast's worth."""
    if state.phase == OVER or side != state.to_move:
        return []
    if state.phase == DEPLOY:
        acts = legal_actions(state, side)
        if len(acts) <= MAX_DEPLOY_CANDIDATES:
            return acts
        step = len(acts) / MAX_DEPLOY_CANDIDATES
        return [acts[int(i * step)] for i in range(MAX_DEPLOY_CANDIDATES)] + [acts[-1]]
    uid = active_unit(state, side)
    unit = state.units[uid]
    spec = state.designs[unit.design]
    r = reach(state, uid)
    out: list = [Activate(side, uid, None, None)]
    if unit.riding != NO_UNIT:
        m = state.units[unit.riding]
        here = (m.x, m.y, state.designs[m.design].size)
    else:
        here = (unit.x, unit.y, spec.size)
    out.extend(Activate(side, uid, None, t) for t in targets_from(state, uid, *here))
    scored = []
    by_target: dict[int, list] = {}
    for pos in r.ends:
        danger = _danger(state, side, pos[0], pos[1], spec.size, spec.armor)
        near = _nearest(state, side, pos[0], pos[1], spec.size)
        scored.append((abs(near - spec.reach) + (2 if pos in r.stopped_by else 0), danger, pos))
        for t in targets_from(state, uid, pos[0], pos[1], spec.size):
            by_target.setdefault(t, []).append((danger, -near, pos))
    for t in sorted(by_target):
        spots = sorted(by_target[t])[:2]
        out.extend(Activate(side, uid, Square(*p), t) for _, _, p in spots)
    scored.sort()
    for _, _, pos in scored[:MOVE_CANDIDATES]:
        out.append(Activate(side, uid, Square(*pos), None))
    for _, _, pos in sorted(scored, key=lambda t: (t[1], t[0]))[:2]:
        out.append(Activate(side, uid, Square(*pos), None))
    for m in mount_options(state, uid, r):
        out.append(Mount(side, uid, m, None))
    if spec.suicide_bomb:
        blasts = [(-_blast_worth(state, uid, *here), None)]
        for pos in r.ends:
            blasts.append((-_blast_worth(state, uid, pos[0], pos[1], spec.size), pos))
        blasts.sort(key=lambda b: (b[0], b[1] is not None, b[1] or (0, 0)))
        for _, pos in blasts[:3]:
            out.append(Detonate(side, uid, None if pos is None else Square(*pos)))
    seen = set()
    unique = []
    for a in out:
        if a not in seen:
            seen.add(a)
            unique.append(a)
    return unique


def _blast_worth(state: Battle, uid: int, x: int, y: int, size: int) -> float:
    u = state.units[uid]
    s = state.designs[u.design]
    worth = -unit_value(s.cost, u.health, s.max_health)
    for t in state.units:
        if t.uid == uid or not t.on_board:
            continue
        ts = state.designs[t.design]
        if gap(x, y, size, t.x, t.y, ts.size) <= 1:
            dealt = min(t.health, hit_damage(s.damage, ts.armor))
            v = unit_value(ts.cost, t.health, ts.max_health) - unit_value(ts.cost, t.health - dealt, ts.max_health)
            worth += v if t.side != u.side else -v
    return worth
