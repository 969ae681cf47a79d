"""The StatWar turn: coin flip, alternating deployment, then alternating activations in list order.

seed 001, Pregame: "Flip a coin to see who goes first. Take turns putting down
units in the order you listed them." Game: "Whoever put down the last unit ...
has to go second. Take turns with your opponent moving one unit. Move your units
in the order you listed them ... then attack one unit in range if you want to."
"""

from __future__ import annotations

from core.errors import IllegalAction
from core.ruleset import Outcome
from core.squaregrid import Square, square
from core.statwar.actions import Activate, Deploy, Detonate, Mount, Withhold
from core.statwar.combat import Fight
from core.statwar.events import (
    BattleEnded,
    CoinFlipped,
    DeploymentDone,
    UnitDeployed,
    UnitDismounted,
    UnitMounted,
    UnitMoved,
    UnitWaited,
    UnitWithheld,
)
from core.statwar.geometry import (
    Search,
    cells,
    gap,
    mount_positions,
    move_to,
    occupancy,
    reach,
    riders_of,
    standing,
    target_boxes,
    targets_from,
)
from core.statwar.specs import can_carry
from core.statwar.state import BATTLE, DEPLOY, NO_UNIT, OVER, Battle, battle_with, unit_with
from core.words import cell


def coin_flip(state: Battle) -> CoinFlipped:
    """The coin flip of the set-up, for the log of the first deployment: the side it made
    first deployer is the one to move before anyone has deployed (the d2 read 1 for the
    first side listed). Read from the state, not the dice, which by then may be an
    action's own stream."""
    first = state.to_move
    return CoinFlipped(first, 1 if first == 0 else 2)


# --- whose turn ------------------------------------------------------------------


def next_deployer(state: Battle, side: int) -> int | None:
    other = 1 - side
    if state.cursor[other] < len(state.rosters[other]):
        return other
    if state.cursor[side] < len(state.rosters[side]):
        return side
    return None


def active_unit(state: Battle, side: int) -> int | None:
    """The side's next living unit in list order, from its cursor (seed 001: "in the order you listed them")."""
    roster = state.rosters[side]
    n = len(roster)
    start = state.cursor[side]
    for i in range(n):
        uid = roster[(start + i) % n]
        if state.units[uid].health > 0:
            return uid
    return None


def to_act(state: Battle) -> tuple[int, ...]:
    return () if state.phase == OVER else (state.to_move,)


# --- legal actions -----------------------------------------------------------------


def deploy_spots(state: Battle, uid: int) -> list[Square]:
    """Top-left squares where the unit fits wholly on its own side's open ground, unoccupied."""
    unit = state.units[uid]
    size = state.designs[unit.design].size
    board = state.board
    occ = occupancy(state)
    out = []
    for y in range(board.height - size + 1):
        for x in range(board.width - size + 1):
            if all(board.owner_at(cx, cy) == unit.side and (cx, cy) not in occ for cx, cy in cells(x, y, size)):
                out.append(square((x, y)))
    return out


def mount_options(state: Battle, uid: int, r=None) -> list[int]:
    """Friendly mounts this unit can climb aboard this turn (capacity by levels and squares)."""
    unit = state.units[uid]
    spec = state.designs[unit.design]
    if unit.riding != NO_UNIT or spec.ridable or spec.move < 1:
        return []
    r = reach(state, uid) if r is None else r
    out = []
    for m in state.units:
        if m.side != unit.side or m.uid == uid or not (m.health > 0 and m.placed and m.riding == NO_UNIT):
            continue
        m_spec = state.designs[m.design]
        if not m_spec.ridable:
            continue
        aboard = tuple(state.design_of(r_) for r_ in riders_of(state, m.uid))
        if not can_carry(m_spec, aboard + (spec,)):
            continue
        if mount_positions(state, uid, m.uid, r):
            out.append(m.uid)
    return out


def legal_actions(state: Battle, side: int, search: Search = reach) -> list:
    """Every action `side` may take now; `search` finds the unit's moves (the ruleset passes its memo)."""
    if state.phase == OVER or side != state.to_move:
        return []
    if state.phase == DEPLOY:
        uid = state.rosters[side][state.cursor[side]]
        spots = deploy_spots(state, uid)
        if not spots:
            return [Withhold(side, uid)]
        return [Deploy(side, uid, s) for s in spots]
    uid = active_unit(state, side)
    if uid is None:
        return []
    unit = state.units[uid]
    spec = state.designs[unit.design]
    r = search(state, uid)
    out: list = []
    x, y, size = standing(state, unit)
    out.append(Activate(side, uid, None, None))
    out.extend(Activate(side, uid, None, t) for t in targets_from(state, uid, x, y, size))
    boxes = target_boxes(state, uid, spec.size)
    for to in r.ends:
        px, py = to
        out.append(Activate(side, uid, to, None))
        for x0, x1, y0, y1, t in boxes:
            if x0 <= px <= x1 and y0 <= py <= y1:
                out.append(Activate(side, uid, to, t))
    for m in mount_options(state, uid, r):
        mu = state.units[m]
        msize = state.designs[mu.design].size
        out.append(Mount(side, uid, m, None))
        out.extend(Mount(side, uid, m, t) for t in targets_from(state, uid, mu.x, mu.y, msize))
    if spec.suicide_bomb:
        out.append(Detonate(side, uid, None))
        out.extend(Detonate(side, uid, to) for to in r.ends)
    return out


# --- applying ------------------------------------------------------------------------


def apply(state: Battle, action, search: Search = reach) -> tuple[Battle, tuple]:
    if state.phase == OVER:
        raise IllegalAction("the battle is over")
    side = getattr(action, "side", None)
    if side not in (0, 1):
        raise IllegalAction(f"there is no side {side!r}")
    if side != state.to_move:
        raise IllegalAction(f"it is {state.side_names[state.to_move]}'s turn, not {state.side_names[side]}'s")
    if state.phase == DEPLOY:
        return _deploy(state, action)
    return _activate(state, action, search)


def _deploy(state: Battle, action) -> tuple[Battle, tuple]:
    side = action.side
    uid = state.rosters[side][state.cursor[side]]
    if not isinstance(action, (Deploy, Withhold)):
        raise IllegalAction("units are still being deployed")
    if action.unit != uid:
        raise IllegalAction(f"{_name(state, uid)} is next on the list to deploy")
    spots = deploy_spots(state, uid)
    units = list(state.units)
    if isinstance(action, Deploy):
        if action.at not in spots:
            raise IllegalAction(
                f"{_name(state, uid)} cannot be put down at {cell(*action.at)}: only on free open squares of your own side"
            )
        units[uid] = unit_with(units[uid], x=action.at.x, y=action.at.y, placed=True)
        events: list = [UnitDeployed(side, uid, Square(*action.at))]
    else:
        if spots:
            raise IllegalAction(f"{_name(state, uid)} fits on your side; it must be deployed")
        units[uid] = unit_with(units[uid], health=0)
        events = [UnitWithheld(side, uid)]
    if state.cursor == (0, 0):
        events.insert(0, coin_flip(state))
    cursor = list(state.cursor)
    cursor[side] += 1
    nxt = battle_with(state, units=tuple(units), cursor=tuple(cursor))
    following = next_deployer(nxt, side)
    if following is not None:
        return battle_with(nxt, to_move=following), tuple(events)
    # seed 001: "Whoever put down the last unit in the pregame section has to go second."
    first_mover = 1 - side
    events.append(DeploymentDone(side, first_mover))
    nxt = battle_with(nxt, phase=BATTLE, to_move=first_mover, cursor=(0, 0))
    return _finish(nxt, events)


def _activate(state: Battle, action, search: Search) -> tuple[Battle, tuple]:
    side = action.side
    uid = active_unit(state, side)
    if not isinstance(action, (Activate, Mount, Detonate)):
        raise IllegalAction("deployment is over; activate your next unit")
    if action.unit != uid:
        raise IllegalAction(f"{_name(state, uid)} is next on the list to act")
    unit = state.units[uid]
    spec = state.designs[unit.design]
    fight = Fight(state.units, state.designs)
    if isinstance(action, Mount):
        _mount(state, action, search(state, uid), fight)
    else:
        if isinstance(action, Detonate) and not spec.suicide_bomb:
            raise IllegalAction(f"{spec.name} has no Suicide Bomb")
        move = None
        if action.to is not None:
            pos = (action.to[0], action.to[1])
            move = move_to(state, uid, pos, search)
            if move is None:
                raise IllegalAction(f"{spec.name} cannot reach {pos}: too far, blocked or occupied")
        if isinstance(action, Activate) and action.target is not None:
            x, y, size = standing(state, unit) if action.to is None else (action.to[0], action.to[1], spec.size)
            _check_target(state, uid, action.target, x, y, size)
        if move is not None:
            _move(state, uid, (action.to[0], action.to[1]), move, fight)
        if isinstance(action, Detonate):
            fight.detonate(uid)
        elif action.target is not None:
            _strike(state, fight, uid, action.target)
        elif action.to is None:
            fight.events.append(UnitWaited(uid))
    return _after_activation(state, side, uid, fight)


def _check_target(state: Battle, uid: int, target: int, x: int, y: int, size: int) -> None:
    if not 0 <= target < len(state.units):
        raise IllegalAction(f"there is no unit {target}")
    t = state.units[target]
    if t.riding != NO_UNIT:
        raise IllegalAction(f"{_name(state, target)} is riding and cannot be attacked")
    if t.side == state.units[uid].side:
        raise IllegalAction("units attack enemies only")
    if not (t.health > 0 and t.placed):
        raise IllegalAction(f"{_name(state, target)} is not on the field")
    if target not in targets_from(state, uid, x, y, size):
        reach_sq = state.design_of(uid).reach
        raise IllegalAction(f"{_name(state, target)} is out of range (reach {reach_sq})")


def _move(state: Battle, uid: int, pos: tuple[int, int], move: tuple[int, int], fight: Fight) -> None:
    """Move the unit (and its riders) to `pos`; `move` is `move_to`'s (steps, stopping Defender)."""
    unit = fight.units[uid]
    spec = state.designs[unit.design]
    start = Square(*standing(state, unit)[:2])
    if unit.riding != NO_UNIT:
        fight.events.append(UnitDismounted(uid, unit.riding))
    fight.units[uid] = unit_with(unit, x=pos[0], y=pos[1], riding=NO_UNIT)
    fight.events.append(
        UnitMoved(uid, start, Square(*pos), move[0], spec.move, move[1])
    )
    # riders travel with their mount (seed 001: "Riding units will be moved with the ridable unit")
    for rider in riders_of(state, uid):
        fight.units[rider] = unit_with(fight.units[rider], x=pos[0], y=pos[1])


def _mount(state: Battle, action: Mount, r, fight: Fight) -> None:
    uid = action.unit
    if action.mount not in mount_options(state, uid, r):
        raise IllegalAction(f"{_name(state, uid)} cannot climb aboard unit {action.mount} this turn")
    m = state.units[action.mount]
    msize = state.designs[m.design].size
    if action.target is not None:
        _check_target(state, uid, action.target, m.x, m.y, msize)
    unit = fight.units[uid]
    fight.units[uid] = unit_with(unit, riding=action.mount, x=m.x, y=m.y)
    fight.events.append(UnitMounted(uid, action.mount))
    if action.target is not None:
        _strike(state, fight, uid, action.target)


def _strike(state: Battle, fight: Fight, uid: int, target: int) -> None:
    me = fight.units[uid]
    x, y, size = (
        (fight.units[me.riding].x, fight.units[me.riding].y, state.design_of(me.riding).size)
        if me.riding != NO_UNIT
        else (me.x, me.y, state.designs[me.design].size)
    )
    t = fight.units[target]
    fight.attack(uid, target, gap(x, y, size, t.x, t.y, state.designs[t.design].size))


def _after_activation(state: Battle, side: int, uid: int, fight: Fight) -> tuple[Battle, tuple]:
    roster = state.rosters[side]
    cursor = list(state.cursor)
    cursor[side] = (roster.index(uid) + 1) % len(roster)
    activations = state.activations + 1
    nxt = battle_with(
        state,
        units=tuple(fight.units),
        cursor=tuple(cursor),
        activations=activations,
        round=1 + activations // 2,
        to_move=1 - side,
    )
    return _finish(nxt, fight.events)


def side_points(state: Battle) -> tuple[int, int]:
    """Point cost of each side's living units (what decides a battle at the round limit)."""
    pts = [0, 0]
    for u in state.units:
        if u.health > 0:
            pts[u.side] += state.designs[u.design].cost
    return pts[0], pts[1]


def outcome(state: Battle) -> Outcome | None:
    """The result once the battle is over: the winner (None for a draw), why, and the surviving points."""
    if state.phase != OVER:
        return None
    pts = side_points(state)
    return Outcome(None if state.winner == -1 else state.winner, state.end_reason, (float(pts[0]), float(pts[1])))


def _finish(state: Battle, events: list) -> tuple[Battle, tuple]:
    """End the battle when a side has no units left, or at the round limit."""
    alive = [0, 0]
    for u in state.units:
        if u.health > 0:
            alive[u.side] += 1
    if state.phase == BATTLE:
        winner, reason = None, ""
        if alive[0] == 0 and alive[1] == 0:
            winner, reason = -1, "both sides ran out of units at once"
        elif alive[0] == 0 or alive[1] == 0:
            winner = 0 if alive[1] == 0 else 1
            reason = f"{state.side_names[1 - winner]} has no units left"
        elif state.activations >= 2 * state.round_limit:
            pts = side_points(state)
            winner = -1 if pts[0] == pts[1] else (0 if pts[0] > pts[1] else 1)
            reason = f"round limit {state.round_limit} reached; surviving points {pts[0]} to {pts[1]}"
        if winner is not None:
            events.append(BattleEnded(winner, reason, side_points(state)))
            state = battle_with(state, phase=OVER, winner=winner, end_reason=reason, round=min(state.round, state.round_limit))
    return state, tuple(events)


def _name(state: Battle, uid: int) -> str:
    return f"{state.design_of(uid).name} #{uid}"
