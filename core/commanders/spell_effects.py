"""Resolving a cast spell (seed 002 spell list): pay, roll once, then each effect on each target.

The rules of who may cast what, where, and with how many dice are in spells.py;
this module turns a checked cast into state changes and events.
"""

from __future__ import annotations

import attrs

from core.commanders.combat import in_reach, resolve_attack
from core.commanders.content import Catalogue
from core.commanders.derived import NEGATIVE_STATUSES, POSITIVE_STATUSES, spec_of
from core.commanders.effects import add_status, damage, heal, put, put_many, remove_status, set_leader
from core.commanders.events import BurnPlaced, SpellCast, SpellResult, UnitMoved, UnitPlaced, UnitSummoned
from core.commanders.movement import reachable
from core.commanders.spells import (
    FRIENDLY_STATUS, HOSTILE_STATUS, _placement, check_cast, dice_against, spell_damage_taken, temper_dice,
)
from core.commanders.actions import Cast
from core.commanders.state import Battle, Status, Unit, battle_with, leader_with, unit_with
from core.squaregrid import Square


def cast(state: Battle, action: Cast, events: list, cat: Catalogue) -> Battle:
    caster, spell, level, cost, targets = check_cast(state, action, cat)
    state = _pay(state, caster, cost)
    caster = state.units[caster.uid]
    need_count, need_min = level.need_count, level.need_min
    counts = {u.uid: dice_against(state, caster, u, cat, spell) for u in targets}
    if spell.effect == "restore" and targets and targets[0].side != caster.side:
        need_count, need_min = level.enemy_need_count, level.enemy_need_min
    if not counts:
        counts_max = dice_against(state, caster, caster, cat, spell)
    else:
        counts_max = max(counts.values())
    sides = level.dice or (10 if (need_count or spell.effect == "mp_drain") else 0)
    rolls: tuple[int, ...] = ()
    if sides:
        rolls, dice = state.dice.rolls(counts_max, sides)
        state = battle_with(state, dice=dice)
    events.append(SpellCast(caster.uid, spell.name, level.level, cost, counts_max if sides else 0, rolls, need_count, need_min))
    handler = _HANDLERS[spell.effect]
    start = len(events)
    before = state
    state = handler(state, caster, spell, level, action, targets, counts, rolls, (need_count, need_min), events, cat)
    if before.temperament:
        _name_temper_dice(before, caster, spell, targets, events, start, cat)
    return state


def _name_temper_dice(state: Battle, caster: Unit, spell, targets, events: list, start: int, cat: Catalogue) -> None:
    """Temperament rule: each target's result names the Heed, Recognition and Constraint dice it faced."""
    by_uid = {u.uid: u for u in targets}
    for i in range(start, len(events)):
        e = events[i]
        if isinstance(e, SpellResult) and e.spell == spell.name and e.uid in by_uid:
            heed, recognition, constraint = temper_dice(state, caster, by_uid[e.uid], spell, cat)
            events[i] = attrs.evolve(e, heed=heed, recognition=recognition, constraint=constraint)


def _pay(state: Battle, caster: Unit, cost: int) -> Battle:
    if caster.role == "commander":
        leader = state.leaders[caster.leader]
        return set_leader(state, leader_with(leader, mp=leader.mp - cost))
    return put(state, unit_with(caster, mp=caster.mp - cost))


def _successes(rolls: tuple[int, ...], n: int, need_min: int) -> int:
    return sum(1 for r in rolls[:n] if r >= need_min)


def _blocked(unit: Unit, negative: bool, cat: Catalogue) -> bool:
    spec = spec_of(unit, cat)
    return bool(getattr(spec, "immune_magic", False)) or (negative and bool(getattr(spec, "immune_negative", False)))


def _each(state, caster, spell, level, targets, counts, rolls, need, events, cat, negative, apply_one):
    for unit in targets:
        unit = state.units[unit.uid]
        if unit.hp <= 0:
            continue
        n = counts[unit.uid]
        if _blocked(unit, negative, cat):
            events.append(SpellResult(unit.uid, spell.name, "immune", 0, n))
            continue
        got = _successes(rolls, n, need[1]) if need[0] else 0
        if need[0] and got < need[0]:
            events.append(SpellResult(unit.uid, spell.name, "failed", 0, n, got))
            continue
        state = apply_one(state, unit, n, got)
    return state


def _damage_spell(state, caster, spell, level, action, targets, counts, rolls, need, events, cat):
    def one(st, unit, n, got):
        raw = max(rolls[:n]) if n else 0
        if spell.effect == "holy_blaze" and unit.side == caster.side:
            if level.ally_heal:
                st, gained = heal(st, unit.uid, level.ally_heal)
                events.append(SpellResult(unit.uid, spell.name, "heal", gained, 0))
            return st
        amount = spell_damage_taken(st, unit, raw)
        events.append(SpellResult(unit.uid, spell.name, "damage", amount, n))
        return damage(st, unit.uid, amount, "spell", events, by=caster.uid)

    return _each(state, caster, spell, level, targets, counts, rolls, need, events, cat, False, one)


def _heal_spell(state, caster, spell, level, action, targets, counts, rolls, need, events, cat):
    def one(st, unit, n, got):
        st, gained = heal(st, unit.uid, max(rolls[:n]) if n else 0)
        events.append(SpellResult(unit.uid, spell.name, "heal", gained, n))
        return st

    return _each(state, caster, spell, level, targets, counts, rolls, need, events, cat, False, one)


def _status_spell(state, caster, spell, level, action, targets, counts, rolls, need, events, cat):
    name = HOSTILE_STATUS.get(spell.effect) or FRIENDLY_STATUS[spell.effect]
    negative = spell.effect in HOSTILE_STATUS

    def one(st, unit, n, got):
        amount = level.amount
        if spell.effect in ("defence_bonus", "attack_bonus"):
            amount = min(level.amount, got)  # "up to" N points: one per success
        if spell.effect == "thorns":
            amount = level.move_penalty
            taken = spell_damage_taken(st, unit, level.amount)
            events.append(SpellResult(unit.uid, spell.name, "damage", taken, n, got))
            st = damage(st, unit.uid, taken, "spell", events, by=caster.uid)
            if st.units[unit.uid].hp <= 0:
                return st
        if spell.effect == "sleep":
            st = remove_status(st, unit.uid, "silence", "slept", events)
        # a status counts the affected commander's turns after this one: the caster's own
        # troop is counted down at the end of this very turn, so it gets one more
        turns = level.duration + (1 if unit.leader == st.leader_now.index and name != "poison" else 0)
        st = add_status(st, unit.uid, Status(name, amount, turns, caster.leader))
        events.append(SpellResult(unit.uid, spell.name, name, amount, n, got))
        return st

    return _each(state, caster, spell, level, targets, counts, rolls, need, events, cat, negative, one)


def _cleanse(state, caster, spell, level, action, targets, counts, rolls, need, events, cat):
    only_one = spell.effect == "cleanse_one"

    def one(st, unit, n, got):
        if unit.side != caster.side:
            drop = [s.name for s in unit.statuses if s.name in POSITIVE_STATUSES]
        else:
            drop = [s.name for s in unit.statuses if s.name in NEGATIVE_STATUSES]
        if only_one:
            drop = drop[:1]
        for status in drop:
            st = remove_status(st, unit.uid, status, "removed", events)
        events.append(SpellResult(unit.uid, spell.name, "removed", len(drop), n, got))
        return st

    return _each(state, caster, spell, level, targets, counts, rolls, need, events, cat, False, one)


def _mp_drain(state, caster, spell, level, action, targets, counts, rolls, need, events, cat):
    def one(st, unit, n, got):
        # seed 002: 2 MP for each die of 6+, 1 MP for a 4 or 5, at most 10
        wanted = min(level.amount, sum(2 if r >= 6 else 1 if r >= 4 else 0 for r in rolls[:n]))
        if unit.role == "commander":
            tl = st.leaders[unit.leader]
            taken = min(wanted, tl.mp)
            st = set_leader(st, leader_with(tl, mp=tl.mp - taken))
        else:
            taken = min(wanted, unit.mp)
            st = put(st, unit_with(unit, mp=unit.mp - taken))
        cl = st.leaders[caster.leader]
        st = set_leader(st, leader_with(cl, mp=min(cl.mp_max, cl.mp + taken)))
        events.append(SpellResult(unit.uid, spell.name, "mp", taken, n))
        return st

    return _each(state, caster, spell, level, targets, counts, rolls, need, events, cat, True, one)


def _confuse(state, caster, spell, level, action, targets, counts, rolls, need, events, cat):
    """Decided: each confused victim at once moves and attacks the unit the caster designates:
    the weakest unit of the victim's own side that it could reach and attack this turn."""

    def one(st, unit, n, got):
        events.append(SpellResult(unit.uid, spell.name, "confused", 0, n, got))
        best = None
        for dest, _cost in reachable(st, unit, cat).items():
            mover = unit_with(unit, pos=dest)
            for other in st.living():
                if other.side == unit.side and other.uid != unit.uid and in_reach(st, mover, dest, other.pos, cat):
                    key = (other.hp, other.uid, dest[1], dest[0])
                    if best is None or key < best[0]:
                        best = (key, dest, other.uid)
        if best is None:
            return st
        _, dest, victim = best
        if dest != unit.pos:
            events.append(UnitMoved(unit.uid, unit.pos, dest, 0))
            st = put(st, unit_with(unit, pos=dest))
        return resolve_attack(st, unit.uid, victim, events, cat)

    return _each(state, caster, spell, level, targets, counts, rolls, need, events, cat, True, one)


def _summon(state, caster, spell, level, action, targets, counts, rolls, need, events, cat):
    spec = cat.units[level.summon]
    uid = len(state.units)
    hp = cat.rules.unit_health
    unit = Unit(uid, caster.side, caster.leader, spec.name, "summon", Square(*action.square), hp, hp, mp=spec.max_mp)
    state = battle_with(state, units=state.units + (unit,))
    leader = state.leaders[caster.leader]
    state = set_leader(state, leader_with(leader, summon=uid))
    events.append(UnitSummoned(uid, caster.leader, unit.pos))
    return state


def _burn(state, caster, spell, level, action, targets, counts, rolls, need, events, cat):
    leader = state.leaders[caster.leader]
    squares = tuple(sorted((Square(*s) for s in action.squares), key=lambda s: (s.y, s.x)))
    state = set_leader(state, leader_with(leader, burn=squares, burn_turns=level.duration, burn_amount=level.amount))
    events.append(BurnPlaced(caster.leader, squares, level.duration))
    return state


def _chain(state, caster, spell, level, action, targets, counts, rolls, need, events, cat):
    return _damage_spell(state, caster, spell, level, action, targets, counts, rolls, need, events, cat)


def _transport(state, caster, spell, level, action, targets, counts, rolls, need, events, cat):
    n = counts[targets[0].uid] if targets else 0
    got = _successes(rolls, n, need[1])
    if got < need[0]:
        events.append(SpellResult(targets[0].uid, spell.name, "failed", 0, n, got))
        return state
    plan = _placement(state, tuple(state.units[u.uid] for u in targets), action.square, cat) or []
    moved = []
    for unit, spot in plan:
        if spot != unit.pos:
            events.append(UnitPlaced(unit.uid, unit.pos, spot))
        moved.append(unit_with(unit, pos=spot))
    return put_many(state, moved)


_HANDLERS = {
    "damage": _damage_spell, "holy_blaze": _damage_spell, "chain": _chain, "heal": _heal_spell,
    "thorns": _status_spell, "poison": _status_spell, "sleep": _status_spell, "silence": _status_spell,
    "decline": _status_spell, "defence_bonus": _status_spell, "attack_bonus": _status_spell,
    "haste": _status_spell, "wind_shield": _status_spell, "resist": _status_spell,
    "cleanse_one": _cleanse, "restore": _cleanse, "mp_drain": _mp_drain, "confuse": _confuse,
    "summon": _summon, "burn": _burn, "teleport": _transport, "return": _transport,
}
