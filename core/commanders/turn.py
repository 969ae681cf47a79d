"""The turn (seed 002 "Tiles and movement"): move and attack, or cast, or rally; then the turn ends.

On its turn a commander either orders its units one by one (each moves up to its
speed, then may attack something adjacent or in range), or casts one spell, or
uses Rally. After defeating an enemy commander, the victors regroup. The end of
a turn brings Burn damage, MP regeneration and status countdowns; the start of
a round brings poison.
"""

from __future__ import annotations

from typing import Iterator

import attrs

from core.commanders.actions import Cast, EndTurn, Order, Rally, Regroup
from core.commanders.combat import in_reach, resolve_attack
from core.commanders.content import Catalogue
from core.commanders.derived import attack_range, command_range
from core.commanders.effects import damage, put, remove_status, set_leader
from core.commanders.events import BattleEnded, StatusEnded, TurnBegan, TurnEnded, UnitMoved, UnitPlaced
from core.commanders.movement import ReachMemo, can_enter, cost_to, reachable
from core.commanders.skills import can_rally, rally, regen
from core.commanders.spell_effects import cast
from core.commanders.state import Battle, Unit, battle_with, leader_with, unit_with
from core.commanders.targets import cast_actions
from core.errors import IllegalAction
from core.ruleset import Outcome
from core.squaregrid import Square, manhattan, neighbours4, square
from core.words import cell


# --- the end ------------------------------------------------------------------------


def living_commanders(state: Battle, side: int) -> int:
    return sum(1 for l in state.leaders if l.side == side and state.units[l.uid].hp > 0)


def outcome(state: Battle) -> Outcome | None:
    """None while two or more sides have a living commander and rounds are left (the common
    case, found from the leaders alone); else who won and the hit points each side has left."""
    sides = range(len(state.side_names))
    units = state.units
    standing = {l.side for l in state.leaders if units[l.uid].hp > 0}
    if len(standing) > 1 and state.round <= state.max_rounds:
        return None
    alive = [living_commanders(state, s) > 0 for s in sides]
    scores = tuple(float(sum(u.hp for u in state.units if u.side == s and u.hp > 0)) for s in sides)
    if sum(alive) == 0:
        return Outcome(None, "every commander has fallen", scores)
    if sum(alive) == 1:
        winner = alive.index(True)
        return Outcome(winner, f"{state.side_names[winner]} has the last commanders standing", scores)
    if state.round > state.max_rounds:
        best = max(scores)
        leaders = [s for s in sides if scores[s] == best]
        if len(leaders) > 1:
            return Outcome(None, f"{state.max_rounds} rounds fought; the hit points left are even", scores)
        return Outcome(leaders[0], f"{state.max_rounds} rounds fought; {state.side_names[leaders[0]]} has more hit points left", scores)
    return None


def to_act(state: Battle) -> tuple[int, ...]:
    if outcome(state) is not None:
        return ()
    return (state.leader_now.side,)


# --- legal actions ------------------------------------------------------------------


def _acting(state: Battle) -> Iterator[Unit]:
    """The units of the leader whose turn it is that may still act (alive, not yet acted, not
    asleep), in the battle's order."""
    index, acted = state.leader_now.index, state.acted
    return (u for u in state.units if u.hp > 0 and u.leader == index and u.uid not in acted and u.status("sleep") is None)


def acting_units(state: Battle) -> list[Unit]:
    return list(_acting(state))


def order_actions(state: Battle, unit: Unit, cat: Catalogue, memo: ReachMemo | None = None) -> list[Order]:
    """Every destination, each followed by the attacks from there (`in_reach`). The unit's range
    where it would stand depends only on whether that square is water (`derived.attack_range`:
    land range off water), so it is found twice at most, and each enemy is one distance check.
    Every step costs at least 1, so no destination is farther from the unit than its dearest
    cost: an enemy farther from the unit than that plus its longest range is never in reach
    and is left out of the checks. Nor is a destination outside the box around those
    enemies widened by the longest range checked against each of them."""
    side, uid = unit.side, unit.uid
    costs = reachable(state, unit, cat, memo)
    board = state.board
    width, kinds = board.width, board.terrain
    on_land, on_water = attack_range(state, unit, cat, water=False)[0], attack_range(state, unit, cat, water=True)[0]
    sx, sy = unit.pos[0], unit.pos[1]
    longest = max(on_land, on_water)
    limit = max(costs.values()) + longest
    enemies = [(u.uid, u.pos[0], u.pos[1]) for u in state.units
               if u.hp > 0 and u.side != side and abs(u.pos[0] - sx) + abs(u.pos[1] - sy) <= limit]
    if not enemies:
        return [Order(side, uid, dest, -1) for dest in costs]
    out: list[Order] = []
    add = out.append
    # a square farther than `longest` across or down from every enemy is out of reach of all
    left, right = min(e[1] for e in enemies) - longest, max(e[1] for e in enemies) + longest
    top, bottom = min(e[2] for e in enemies) - longest, max(e[2] for e in enemies) + longest
    rng, water_differs = on_land, on_water != on_land
    for dest in costs:
        add(Order(side, uid, dest, -1))
        x, y = dest
        if x < left or x > right or y < top or y > bottom:
            continue
        if water_differs:
            rng = on_water if kinds[y * width + x] == "water" else on_land  # Board.terrain_at, on_water
        for target, ex, ey in enemies:  # 1 <= manhattan(dest, enemy) <= rng
            dx, dy = x - ex, y - ey
            d = (dx if dx >= 0 else -dx) + (dy if dy >= 0 else -dy)
            if 0 < d <= rng:
                add(Order(side, uid, dest, target))
    return out


def regroup_squares(state: Battle, unit: Unit, cat: Catalogue) -> list[Square]:
    """Seed 002: 2 squares in any direction (3 with expert Rally), staying in command range."""
    leader = state.leaders[unit.leader]
    steps = cat.rules.regroup_squares + (1 if leader.commander.skill_tier("Rally") >= 3 else 0)
    boss = state.units[leader.uid]
    rng = command_range(leader.commander, cat)
    occupied = {(u.pos[0], u.pos[1]): u.side for u in state.living() if u.uid != unit.uid}
    start = (unit.pos[0], unit.pos[1])
    seen = {start: 0}
    todo = [start]
    while todo:
        sq = todo.pop(0)
        if seen[sq] == steps:
            continue
        for n in neighbours4(sq):
            n = (n[0], n[1])
            if n in seen or not can_enter(state, unit, n, cat) or occupied.get(n, unit.side) != unit.side:
                continue
            seen[n] = seen[sq] + 1
            todo.append(n)
    out = []
    for sq in sorted(seen, key=lambda s: (s[1], s[0])):
        if sq != start and sq in occupied:
            continue
        if unit.role != "commander" and manhattan(sq, boss.pos) > rng:
            continue
        out.append(Square(*sq))
    return out


def legal_actions(state: Battle, side: int, cat: Catalogue, memo: ReachMemo | None = None,
                  distinct_casts: bool = False) -> list:
    """Every legal action of `side` (none when it is not to act); `distinct_casts`: casts
    that do the same to the battle offered once (`targets.cast_actions`, for the AI)."""
    if side not in to_act(state):
        return []
    if state.mode == "regroup":
        out: list = []
        for uid in state.regroup:
            unit = state.units[uid]
            out.extend(Regroup(side, uid, sq) for sq in regroup_squares(state, unit, cat))
        out.append(EndTurn(side))
        return out
    out = []
    for unit in acting_units(state):
        out.extend(order_actions(state, unit, cat, memo))
    if not state.mode:
        out.extend(cast_actions(state, cat, distinct_casts))
        boss = state.units[state.leader_now.uid]
        if can_rally(state, boss):
            out.append(Rally(side, boss.uid))
    out.append(EndTurn(side))
    return out


# --- applying -----------------------------------------------------------------------


def apply(state: Battle, action, cat: Catalogue, memo: ReachMemo | None = None) -> tuple[Battle, tuple]:
    if outcome(state) is not None:
        raise IllegalAction("the battle is over")
    side = getattr(action, "side", None)
    if side != state.leader_now.side:
        raise IllegalAction(f"it is {state.side_names[state.leader_now.side]}'s turn")
    events: list = []
    if isinstance(action, Order):
        state = _order(state, action, events, cat, memo)
    elif isinstance(action, Cast):
        state = cast(state, action, events, cat)
        state = end_turn(state, events, cat)
    elif isinstance(action, Rally):
        boss = state.units[state.leader_now.uid]
        if action.uid != boss.uid:
            raise IllegalAction("only the commander whose turn it is rallies")
        if state.mode:
            raise IllegalAction("Rally is used instead of moving; units have already acted")
        if not can_rally(state, boss):
            raise IllegalAction("this commander has no Rally skill")
        state = rally(state, boss, events, cat)
        state = end_turn(state, events, cat)
    elif isinstance(action, Regroup):
        state = _regroup(state, action, events, cat)
    elif isinstance(action, EndTurn):
        state = end_turn(state, events, cat)
    else:
        raise IllegalAction(f"unknown action {type(action).__name__}")
    return state, tuple(events)


def _order(state: Battle, action: Order, events: list, cat: Catalogue, memo: ReachMemo | None) -> Battle:
    if state.mode == "regroup":
        raise IllegalAction("finish regrouping first (or end the turn)")
    if not 0 <= action.uid < len(state.units):
        raise IllegalAction("no such unit")
    unit = state.units[action.uid]
    if unit.hp <= 0 or unit.leader != state.leader_now.index:
        raise IllegalAction("that unit does not belong to the commander whose turn it is")
    if unit.uid in state.acted:
        raise IllegalAction(f"{unit.kind} has already acted this turn")
    if unit.status("sleep") is not None:
        raise IllegalAction(f"{unit.kind} is asleep")
    dest = square(action.dest)
    cost = cost_to(state, unit, cat, dest, memo)
    if cost is None:
        raise IllegalAction(f"{unit.kind} cannot reach {cell(*dest)} this turn")
    target = None
    if action.target != -1:
        if not 0 <= action.target < len(state.units):
            raise IllegalAction("no such target")
        target = state.units[action.target]
        if target.hp <= 0 or target.side == unit.side:
            raise IllegalAction("the target must be a living enemy")
        if not in_reach(state, unit, dest, target.pos, cat):
            raise IllegalAction(f"the target is out of reach from {cell(*dest)}")
    if dest != unit.pos:
        events.append(UnitMoved(unit.uid, unit.pos, dest, cost))
        unit = unit_with(unit, pos=dest)
        state = put(state, unit, mode="move", acted=state.acted + (unit.uid,))
        state = _wake_neighbours(state, unit, events)
    else:
        state = battle_with(state, mode="move", acted=state.acted + (unit.uid,))
    if target is None:  # a move alone hurts nobody: the battle goes on, the leader stands
        return _after_move(state, events, cat)
    state = resolve_attack(state, unit.uid, target.uid, events, cat)
    return _after_order(state, events, cat)


def _wake_neighbours(state: Battle, unit: Unit, events: list) -> Battle:
    """Seed 002: an ally moving into melee range wakes a sleeping unit.

    The units on the four squares around (`Battle.unit_at` of each, in `neighbours4`'s order)
    are found in one pass over the units, made only when an ally of the mover sleeps."""
    side = unit.side
    for u in state.units:
        if u.statuses and u.side == side and u.hp > 0 and u.status("sleep") is not None:
            break
    else:
        return state
    x, y = unit.pos[0], unit.pos[1]
    around = {(x, y - 1): 0, (x + 1, y): 1, (x, y + 1): 2, (x - 1, y): 3}
    found: list[Unit | None] = [None, None, None, None]
    for u in state.units:
        if u.hp > 0:
            i = around.get(u.pos)  # a Square, equal to (x, y)
            if i is not None and found[i] is None:
                found[i] = u
    for other in found:
        if other is not None and other.side == unit.side and other.status("sleep") is not None:
            state = remove_status(state, other.uid, "sleep", "woken", events)
    return state


def _after_order(state: Battle, events: list, cat: Catalogue) -> Battle:
    if outcome(state) is not None:
        events.append(_ended(state))
        return state
    if state.units[state.leader_now.uid].hp <= 0:
        return end_turn(state, events, cat)
    return _after_move(state, events, cat)


def _after_move(state: Battle, events: list, cat: Catalogue) -> Battle:
    """`_after_order` once the battle is known to go on and the leader to stand."""
    if state.regroup:
        return battle_with(state, mode="regroup")
    if next(_acting(state), None) is None:
        return end_turn(state, events, cat)
    return state


def _regroup(state: Battle, action: Regroup, events: list, cat: Catalogue) -> Battle:
    if state.mode != "regroup" or action.uid not in state.regroup:
        raise IllegalAction("that unit may not regroup now")
    unit = state.units[action.uid]
    dest = Square(*action.dest)
    if dest not in regroup_squares(state, unit, cat):
        raise IllegalAction("regrouping moves 2 squares and stays within command range")
    if dest != unit.pos:
        events.append(UnitPlaced(unit.uid, unit.pos, dest))
        state = put(state, unit_with(unit, pos=dest))
    left = tuple(u for u in state.regroup if u != action.uid)
    state = battle_with(state, regroup=left, mode="regroup" if left else "move")
    if not left and not acting_units(state):
        return end_turn(state, events, cat)
    return state


def _ended(state: Battle) -> BattleEnded:
    result = outcome(state)
    return BattleEnded(-1 if result.winner is None else result.winner, result.reason)


def end_turn(state: Battle, events: list, cat: Catalogue) -> Battle:
    leader = state.leader_now
    burning: dict[tuple[int, int], tuple[int, int]] = {}  # square -> (amount, burning leader)
    for other in state.leaders:
        for sq in other.burn:
            key = (sq[0], sq[1])
            if other.burn_amount > burning.get(key, (0, -1))[0]:
                burning[key] = (other.burn_amount, other.index)
    if burning:
        for unit in state.troop_of(leader.index):
            amount, owner = burning.get((unit.pos[0], unit.pos[1]), (0, -1))
            if amount:
                state = damage(state, unit.uid, amount, "burn", events, credit=owner)
    if state.units[leader.uid].hp > 0:
        state = regen(state, leader.index, events, cat)
    for unit in state.troop_of(leader.index):
        if not unit.statuses:
            continue
        kept = []
        for s in unit.statuses:
            if s.name == "poison":
                kept.append(s)
            elif s.turns > 1:
                kept.append(attrs.evolve(s, turns=s.turns - 1))
            else:
                events.append(StatusEnded(unit.uid, s.name, "expired"))
        if len(kept) != len(unit.statuses) or kept != list(unit.statuses):
            state = put(state, unit_with(unit, statuses=tuple(kept)))
    leader = state.leaders[leader.index]
    if leader.burn:
        turns = leader.burn_turns - 1
        state = set_leader(state, leader_with(leader, burn_turns=turns, burn=leader.burn if turns > 0 else (), burn_amount=leader.burn_amount if turns > 0 else 0))
    events.append(TurnEnded(leader.index))
    cleared = {"mode": "", "acted": (), "hit_troops": (), "regroup": ()}  # the turn's own records
    if outcome(state) is not None:  # (which reads none of them)
        events.append(_ended(state))
        return battle_with(state, **cleared)
    return _next_turn(state, events, cleared)


def _next_turn(state: Battle, events: list, fields: dict | None = None) -> Battle:
    """The next living leader's turn (a new round after the last), with the Battle `fields`
    given set in the first new state made."""
    fields = fields or {}
    turn, rnd = state.turn, state.round
    for _ in range(len(state.queue) + 1):
        turn += 1
        if turn >= len(state.queue):
            turn = 0
            rnd += 1
            state = battle_with(state, round=rnd, **fields)
            fields = {}
            state = _round_start(state, events)
            if outcome(state) is not None:
                events.append(_ended(state))
                return battle_with(state, turn=turn)
        leader = state.leaders[state.queue[turn]]
        if state.units[leader.uid].hp > 0:
            state = battle_with(state, turn=turn, **fields)
            events.append(TurnBegan(leader.index, state.round))
            return state
    return battle_with(state, **fields) if fields else state


def _round_start(state: Battle, events: list) -> Battle:
    """Seed 002 Poison: 2 damage at the start of each round, 12 at most (6 rounds)."""
    for unit in list(state.units):
        if unit.hp <= 0:
            continue
        poison = unit.status("poison")
        if poison is None:
            continue
        state = damage(state, unit.uid, poison.amount, "poison", events, credit=poison.caster)
        unit = state.units[unit.uid]
        if unit.hp <= 0:
            continue
        rest = tuple(s for s in unit.statuses if s.name != "poison")
        if poison.turns > 1:
            rest = rest + (attrs.evolve(poison, turns=poison.turns - 1),)
        else:
            events.append(StatusEnded(unit.uid, "poison", "expired"))
        state = put(state, unit_with(unit, statuses=rest))
    return state
