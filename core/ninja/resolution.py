"""Resolving the action phase and the end of a round (seed 000 "Actions", "Chi and Jutsu").

Defensive orders (dodge, rest, defensive jutsu) take hold first, in priority
order, so a dodge or a smoke cloud protects against every attack of the round;
then attacks and offensive jutsu go off in priority order, and a ninja killed
before its turn does nothing. The end of the round bites with poison, gives
back chi, counts down effects, smoke and tree walls, and checks for the end.
"""

from __future__ import annotations

import attrs

from core.ninja.actions import OrderAction
from core.ninja.attacks import deal_damage, melee, melee_targets, volley
from core.ninja.content import Catalogue
from core.ninja.effects import add_effect, tick_effects
from core.ninja.events import ActionFailed, BattleEnded, ChiRegained, Dodging, PhaseResolved, Rested, TerrainChanged
from core.ninja.jutsu import cast
from core.ninja.state import Battle, replace_battle, replace_unit


def _defensive(cat: Catalogue, state: Battle, o: OrderAction) -> bool:
    if o.act in ("dodge", "rest"):
        return True
    if o.act == "jutsu":
        u = state.units[o.unit]
        return not cat.schools[u.school].jutsu[o.jutsu].offensive
    return False


def resolve_actions(state: Battle, cat: Catalogue) -> tuple[Battle, list]:
    orders = {o.unit: o for o in state.orders}
    order = state.order or tuple(u.uid for u in state.units if u.hp > 0)
    events: list = []
    for defensive_pass in (True, False):
        for uid in order:
            o = orders.get(uid)
            if o is None or state.units[uid].hp <= 0 or _defensive(cat, state, o) != defensive_pass:
                continue
            state, evs = _carry_out(state, cat, o)
            events.extend(evs)
    state = replace_battle(state, orders=())
    state, evs = end_round(state, cat)
    return state, events + evs


def _carry_out(state: Battle, cat: Catalogue, o: OrderAction) -> tuple[Battle, list]:
    uid = o.unit
    if o.act == "dodge":
        state, evs = add_effect(state, uid, "dodging", 1, 0, uid)
        return state, [Dodging(uid, cat.rules.combat.dodge)]
    if o.act == "rest":
        units = list(state.units)
        units[uid] = replace_unit(units[uid], rested=True)
        return replace_battle(state, units=tuple(units)), []
    if o.act == "melee":
        if o.targets[0] not in melee_targets(state, cat, uid):
            return state, [ActionFailed(uid, "the melee target is out of reach")]
        return melee(state, cat, uid, o.targets[0])
    if o.act == "missile":
        return volley(state, cat, uid, o.targets)
    return cast(state, cat, uid, o.jutsu, o.targets, o.place)


def end_round(state: Battle, cat: Catalogue) -> tuple[Battle, list]:
    events: list = []
    # poison bites (seed 000 Flower: "1 point poison")
    for u in state.units:
        p = u.effect("poison")
        if u.hp > 0 and p is not None:
            state, evs = deal_damage(state, u.uid, p.amount, "poison", p.source)
            events.extend(evs)
    # chi: +1 without a jutsu; resting +2, or +1 health when already at full chi
    units = list(state.units)
    for u in state.units:
        if u.hp <= 0:
            units[u.uid] = replace_unit(u, cast=False, rested=False)
            continue
        chi, hp = u.chi, u.hp
        if u.rested:
            if u.chi >= u.chi_max:
                hp = min(u.hp_max, u.hp + cat.rules.chi.rest_heal)
            else:
                chi = min(u.chi_max, u.chi + cat.rules.chi.rest)
            events.append(Rested(u.uid, chi - u.chi, hp - u.hp))
        elif not u.cast and u.chi < u.chi_max:
            chi = min(u.chi_max, u.chi + cat.rules.chi.regen)
            events.append(ChiRegained(u.uid, chi - u.chi))
        units[u.uid] = replace_unit(u, chi=chi, hp=hp, cast=False, rested=False)
    state = replace_battle(state, units=tuple(units))
    state, evs = tick_effects(state)
    events.extend(evs)
    smoke = tuple(attrs.evolve(s, rounds=s.rounds - 1) for s in state.smoke if s.rounds > 1)
    changes = []
    for c in state.changes:
        if c.rounds == 0:
            changes.append(c)
        elif c.rounds > 1:
            changes.append(attrs.evolve(c, rounds=c.rounds - 1))
        else:
            events.append(TerrainChanged(c.hex, c.terrain, "trees" if c.terrain == "wall" else state.board.terrain[state.board.index(c.hex)]))
    events.append(PhaseResolved("end of round", state.round))
    state = replace_battle(
        state, smoke=smoke, changes=tuple(changes), round=state.round + 1, phase="movement",
        submitted=tuple(False for _ in state.side_names), order=(),
    )
    return check_end(state)


def living_sides(state: Battle) -> tuple[int, ...]:
    return tuple(sorted({u.side for u in state.units if u.hp > 0}))


def scores(state: Battle) -> tuple[int, ...]:
    """Round-limit scoring: the point values of each side's living ninja."""
    return tuple(sum(u.points for u in state.units if u.side == s and u.hp > 0) for s in range(state.sides))


def health_left(state: Battle) -> tuple[int, ...]:
    return tuple(sum(u.hp for u in state.units if u.side == s and u.hp > 0) for s in range(state.sides))


def winner(state: Battle) -> tuple[int, str]:
    """(winning side or -1 for a draw, reason) of a finished battle."""
    alive = living_sides(state)
    if len(alive) == 1:
        return alive[0], "last army standing"
    if not alive:
        return -1, "every army fell"
    pts, hp = scores(state), health_left(state)
    best = max((pts[s], hp[s]) for s in alive)
    top = [s for s in alive if (pts[s], hp[s]) == best]
    if len(top) == 1:
        return top[0], f"round limit: most points of ninja alive ({best[0]}, health {best[1]})"
    return -1, "round limit: level on points and health"


def check_end(state: Battle) -> tuple[Battle, list]:
    if len(living_sides(state)) <= 1 or state.round > state.round_limit:
        side, reason = winner(state)
        return replace_battle(state, over=True), [BattleEnded(side, reason)]
    return state, []
