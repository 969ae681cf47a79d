"""Small state edits shared by attacks, spells and skills: damage, defeat, healing, statuses.

Seed 002 "Defeating enemy commanders": when a commander falls, every unit of
its troop perishes too (its summon as well).
"""

from __future__ import annotations

from core.commanders.events import CommanderDefeated, DamageTaken, StatusEnded, UnitDefeated
from core.commanders.state import Battle, Status, Unit, battle_with, leader_with, unit_with


def put(state: Battle, unit: Unit, **fields) -> Battle:
    """The state with `unit` in its place (and any other Battle `fields` set, in the same
    new state)."""
    units = list(state.units)
    units[unit.uid] = unit
    return battle_with(state, units=tuple(units), **fields)


def put_many(state: Battle, changed: list[Unit], **fields) -> Battle:
    """The state with each unit of `changed` in its place (and any Battle `fields` set)."""
    units = list(state.units)
    for u in changed:
        units[u.uid] = u
    return battle_with(state, units=tuple(units), **fields)


def damage(state: Battle, uid: int, amount: int, cause: str, events: list, by: int = -1, credit: int = -1,
           **fields) -> Battle:
    """Take `amount` hit points from a unit; a fallen commander takes its troop with it.

    `by` is the unit that dealt the damage (credited in the battle statistics); `credit`
    the leader a defeat counts for when no unit struck (poison, Burn). The defeat is
    counted on that leader (experience between battles) when the victim is an enemy.
    `fields`: other Battle fields to set in the same new state (the dice a blow was rolled
    with), set whether or not any damage is dealt."""
    unit = state.units[uid]
    if amount <= 0 or unit.hp <= 0:
        return battle_with(state, **fields) if fields else state
    dealt = min(amount, unit.hp)
    changed = {uid: unit_with(unit, hp=unit.hp - dealt)}
    if by >= 0:  # the striker's tally in the same new state
        striker = changed.get(by, state.units[by])
        changed[by] = unit_with(striker, damage_dealt=striker.damage_dealt + dealt)
    unit = changed[uid]
    state = put_many(state, list(changed.values()), **fields)
    events.append(DamageTaken(uid, dealt, unit.hp, cause))
    if unit.hp <= 0:
        events.append(UnitDefeated(uid, "killed"))
        state = _count_defeat(state, unit, state.units[by].leader if by >= 0 else credit)
        if unit.role == "commander":
            state = _commander_falls(state, unit, events, cause)
        elif unit.role == "summon":
            leader = state.leaders[unit.leader]
            if leader.summon == uid:
                state = set_leader(state, leader_with(leader, summon=-1))
    return state


def _count_defeat(state: Battle, victim: Unit, leader: int) -> Battle:
    """Credit an enemy unit or commander defeated to `leader` (units perishing with their
    commander are not counted: the commander's defeat stands for them)."""
    if leader < 0 or state.leaders[leader].side == victim.side:
        return state
    credited = state.leaders[leader]
    if victim.role == "commander":
        credited = leader_with(credited, commanders_defeated=credited.commanders_defeated + 1)
    else:
        credited = leader_with(credited, units_defeated=credited.units_defeated + 1)
    return set_leader(state, credited)


def _commander_falls(state: Battle, commander: Unit, events: list, cause: str) -> Battle:
    leader = state.leaders[commander.leader]
    fallen = [unit_with(u, hp=0) for u in state.units if u.hp > 0 and u.leader == leader.index]
    for u in fallen:
        events.append(UnitDefeated(u.uid, "commander fell"))
    state = put_many(state, fallen)
    state = set_leader(state, leader_with(leader, summon=-1, burn=(), burn_turns=0))
    regroup: tuple[int, ...] = ()
    acting = state.leader_now
    if cause in ("strikes", "annihilation") and acting.side != leader.side and state.units[acting.uid].hp > 0:
        hitters = sorted({uid for uid, victim in state.hit_troops if victim == leader.index and state.units[uid].hp > 0})
        regroup = tuple(sorted(set(hitters) | {acting.uid}))
    events.append(CommanderDefeated(leader.index, regroup))
    if regroup:
        state = battle_with(state, regroup=tuple(sorted(set(state.regroup) | set(regroup))))
    return state


def set_leader(state: Battle, leader) -> Battle:
    leaders = list(state.leaders)
    leaders[leader.index] = leader
    return battle_with(state, leaders=tuple(leaders))


def heal(state: Battle, uid: int, amount: int) -> tuple[Battle, int]:
    unit = state.units[uid]
    gained = max(0, min(amount, unit.hp_max - unit.hp))
    if gained and unit.hp > 0:
        state = put(state, unit_with(unit, hp=unit.hp + gained))
    return state, gained


def add_status(state: Battle, uid: int, status: Status) -> Battle:
    """A new status replaces one of the same name (durations never stack)."""
    unit = state.units[uid]
    kept = tuple(s for s in unit.statuses if s.name != status.name)
    return put(state, unit_with(unit, statuses=kept + (status,)))


def remove_status(state: Battle, uid: int, name: str, reason: str, events: list) -> Battle:
    unit = state.units[uid]
    if unit.status(name) is None:
        return state
    events.append(StatusEnded(uid, name, reason))
    return put(state, unit_with(unit, statuses=tuple(s for s in unit.statuses if s.name != name)))
