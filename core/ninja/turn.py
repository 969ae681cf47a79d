"""Sealed orders: what each side may order now, and taking an order or a submission.

Seed 000: "all turns are entered in and then calculated at the same time".
Every side with ninja alive orders each of them (at most once a phase) and
then submits; when the last side submits, the phase resolves inside `apply`.
"""

from __future__ import annotations

from core.errors import IllegalAction
from core.hexgrid import Hex
from core.ninja.actions import OrderAction, OrderMove, Submit
from core.ninja.attacks import extends_volley, is_volley_start, melee_targets, volley_extensions, volleys
from core.ninja.content import Catalogue
from core.ninja.events import OrderSealed, PhaseResolved, SideSubmitted
from core.ninja.jutsu import options as jutsu_options
from core.ninja.movement import ReachMemo, move_options, plan, resolve_movement
from core.ninja.resolution import resolve_actions
from core.ninja.state import Battle, replace_battle
from core.records import replacer

_order_with = replacer(OrderAction)


def to_act(state: Battle) -> tuple[int, ...]:
    if state.over:
        return ()
    alive = {u.side for u in state.units if u.hp > 0}
    return tuple(s for s in range(state.sides) if s in alive and not state.submitted[s])


def _has_living(state: Battle, side: int, uid: int) -> bool:
    """Whether `side` has a living ninja; asked of the unit an order names first (nearly
    always the answer), then of every unit."""
    units = state.units
    if isinstance(uid, int) and 0 <= uid < len(units) and units[uid].side == side and units[uid].hp > 0:
        return True
    return any(u.side == side and u.hp > 0 for u in units)


def ordered_units(state: Battle) -> set[int]:
    if state.phase == "movement":
        return {p.unit for p in state.moves}
    return {o.unit for o in state.orders}


def unordered(state: Battle, side: int) -> list[int]:
    done = ordered_units(state)
    return [u.uid for u in state.units if u.side == side and u.hp > 0 and u.uid not in done]


def unit_move_orders(state: Battle, cat: Catalogue, uid: int, reach: ReachMemo | None = None) -> list[OrderMove]:
    u = state.units[uid]
    if reach is not None:
        return list(reach.orders(state, cat, u))
    return [OrderMove(u.side, uid, mode, h[0], h[1], f, steps) for mode, h, f, _, steps in move_options(state, cat, u)]


def unit_action_orders(state: Battle, cat: Catalogue, uid: int) -> list[OrderAction]:
    u = state.units[uid]
    out = [OrderAction(u.side, uid, "melee", (t,)) for t in melee_targets(state, cat, uid)]
    out.extend(OrderAction(u.side, uid, "missile", ts) for ts in volleys(state, cat, uid))
    out.extend(OrderAction(u.side, uid, "jutsu", ts, key, place) for key, ts, place in jutsu_options(state, cat, uid))
    out.append(OrderAction(u.side, uid, "rest"))
    out.append(OrderAction(u.side, uid, "dodge"))
    return out


def is_volley(cat: Catalogue, state: Battle, order: OrderAction) -> bool:
    """A missile order, or a jutsu thrown as a volley (Focused Volley, Burning Shuriken)."""
    if order.act == "missile":
        return True
    if order.act == "jutsu":
        spec = cat.schools[state.units[order.unit].school].jutsu.get(order.jutsu)
        return spec is not None and spec.target == "missile"
    return False


def volley_orders(state: Battle, cat: Catalogue, side: int) -> list[OrderAction]:
    """One more target for each volley `side` has ordered this phase (a volley is picked a
    target at a time: seed 000 sets no limit on the number of missiles)."""
    out: list[OrderAction] = []
    for o in state.orders:
        if state.units[o.unit].side == side and is_volley(cat, state, o):
            out.extend(grown_by_one(state, cat, o))
    return out


def grows_volley(state: Battle, cat: Catalogue, side: int, action: OrderAction) -> bool:
    """Whether `action` is in `volley_orders(state, cat, side)`: only the volley of its own
    unit can be grown into it, so only that one is grown."""
    for o in state.orders:
        if o.unit == action.unit and state.units[o.unit].side == side and is_volley(cat, state, o):
            # `action in grown_by_one(state, cat, o)`, judging the one target it adds
            if _order_with(o, targets=action.targets) == action and extends_volley(state, cat, o.unit, o.targets, action.targets):
                return True
    return False


def grown_by_one(state: Battle, cat: Catalogue, order: OrderAction) -> list[OrderAction]:
    """The volley `order` with one more target, for every target it may still take."""
    return [_order_with(order, targets=ts) for ts in volley_extensions(state, cat, order.unit, order.targets)]


def unit_orders(state: Battle, cat: Catalogue, uid: int, reach: ReachMemo | None = None) -> list:
    """The orders ninja `uid` may be given in this phase (with `reach`, those of an equal
    position are not worked out again)."""
    if state.phase == "movement":
        return unit_move_orders(state, cat, uid, reach)
    if reach is not None:
        return list(reach.action_orders(state, cat, uid, unit_action_orders))
    return unit_action_orders(state, cat, uid)


def legal_actions(state: Battle, cat: Catalogue, side: int, reach: ReachMemo | None = None) -> list:
    if side not in to_act(state):
        return []
    out: list = []
    for uid in unordered(state, side):
        out.extend(unit_orders(state, cat, uid, reach))
    if state.phase == "action":
        out.extend(volley_orders(state, cat, side))
    out.append(Submit(side))
    return out


def is_action_order(state: Battle, cat: Catalogue, action: OrderAction) -> bool:
    """Whether `action` is in `unit_action_orders(state, cat, action.unit)`, for a unit of the
    action's side (`_check_unit`): only the kind of order it is gets listed and compared, so
    recording a melee order does not also work out every missile line and jutsu."""
    if type(action) is not OrderAction:
        return False  # never equal to an OrderAction
    uid, targets, act = action.unit, action.targets, action.act
    if act == "jutsu":
        return (action.jutsu, targets, action.place) in jutsu_options(state, cat, uid, action.jutsu)
    if action.jutsu != "" or action.place != ():
        return False
    if act == "melee" or act == "missile":
        if not isinstance(targets, tuple) or len(targets) != 1:
            return False
        if act == "melee":
            return targets[0] in melee_targets(state, cat, uid)
        return is_volley_start(state, cat, uid, targets[0])
    if act == "rest" or act == "dodge":
        return targets == ()
    return False


def _check_unit(state: Battle, side: int, uid: int) -> None:
    if not 0 <= uid < len(state.units):
        raise IllegalAction(f"there is no unit {uid}")
    u = state.units[uid]
    if u.side != side:
        raise IllegalAction(f"{u.name} is not in {state.side_names[side]}'s army")
    if u.hp <= 0:
        raise IllegalAction(f"{u.name} has fallen")
    if uid in ordered_units(state):
        raise IllegalAction(f"{u.name} already has an order this phase")


def _whole_volley(state: Battle, cat: Catalogue, action: OrderAction) -> bool:
    """A volley at several targets ordered in one go (as saves from before volleys were picked
    a target at a time hold them): legal when its first target is, and each further one is a
    legal next target."""
    if len(action.targets) < 2 or not is_volley(cat, state, action):
        return False
    if not is_action_order(state, cat, _order_with(action, targets=action.targets[:1])):
        return False
    for n in range(1, len(action.targets)):
        if not extends_volley(state, cat, action.unit, action.targets[:n], action.targets[: n + 1]):
            return False
    return True


def apply(state: Battle, cat: Catalogue, action, reach: ReachMemo | None = None, **fields) -> tuple[Battle, tuple]:
    """The next state and its events; `reach` (the ruleset's) spares a movement order the
    search already made for an equal position. `fields`: other Battle fields set in the new
    state an order makes (`Ruleset.record` hands an order the battle's dice a step on)."""
    side = getattr(action, "side", None)
    if state.over:
        raise IllegalAction("the battle is over")
    if not isinstance(side, int) or not 0 <= side < state.sides:
        raise IllegalAction(f"there is no side {side}")
    if state.submitted[side] or not _has_living(state, side, getattr(action, "unit", -1)):  # side not in to_act()
        raise IllegalAction(f"{state.side_names[side]} has already submitted, or has no ninja left")
    if isinstance(action, OrderMove):
        if state.phase != "movement":
            raise IllegalAction("movement orders are only given in the movement phase")
        _check_unit(state, side, action.unit)
        if not 0 <= action.facing < 6:
            raise IllegalAction("a facing is 0..5")
        p = plan(state, cat, state.units[action.unit], action.mode, Hex(action.q, action.r), action.facing, reach, action.steps)
        if p is None:
            way = "along that route" if action.steps else "to that hex and facing"
            raise IllegalAction(f"{state.units[action.unit].name} cannot {action.mode} {way} this round")
        return replace_battle(state, moves=state.moves + (p,), **fields), (OrderSealed(side, action.unit),)
    if isinstance(action, OrderAction):
        if state.phase != "action":
            raise IllegalAction("action orders are only given in the action phase")
        if action.unit in ordered_units(state) and grows_volley(state, cat, side, action):
            orders = tuple(action if o.unit == action.unit else o for o in state.orders)
            return replace_battle(state, orders=orders, **fields), (OrderSealed(side, action.unit),)
        _check_unit(state, side, action.unit)
        if not is_action_order(state, cat, action) and not _whole_volley(state, cat, action):
            raise IllegalAction(f"{state.units[action.unit].name} cannot do that now")
        return replace_battle(state, orders=state.orders + (action,), **fields), (OrderSealed(side, action.unit),)
    if isinstance(action, Submit):
        if fields:  # a seal may resolve a phase, which sets the dice itself
            raise ValueError("fields are set only in the state an order makes")
        submitted = tuple(True if s == side else v for s, v in enumerate(state.submitted))
        state = replace_battle(state, submitted=submitted)
        events: list = [SideSubmitted(side)]
        if to_act(state):
            return state, tuple(events)
        if state.phase == "movement":
            state, evs = resolve_movement(state, cat)
            events.extend(evs)
            events.append(PhaseResolved("movement", state.round))
            state = replace_battle(state, phase="action", submitted=tuple(False for _ in state.side_names))
        else:
            state, evs = resolve_actions(state, cat)
            events.extend(evs)
        return state, tuple(events)
    raise IllegalAction(f"not a ninja order: {type(action).__name__}")
