"""The odds of an attack order in full, for the preview (seed 000 "Health and Attacking"):
each roll's chance with its modifiers, the damage range and expected damage, a guard
taking the attack, and what the target could answer with in melee this phase. Pure: the
same modifiers, needed rolls and damage the resolution uses (core.ninja.attacks).
"""

from __future__ import annotations

import attrs

from core.hexgrid import distance
from core.ninja.attacks import guard_of, hit_chance, melee_weapons, missile_extra, modifiers, needed
from core.ninja.content import Catalogue
from core.ninja.state import Battle


@attrs.frozen(slots=True)
class RollOdds:
    """One attack roll before it is made."""

    weapon: str
    target: int
    needed: int
    chance: float
    damage: int
    poison: int = 0
    modifiers: tuple[tuple[str, int], ...] = ()


def melee_odds(state: Battle, cat: Catalogue, uid: int, target: int, bonus_damage: int = 0, to_hit: int = 0) -> tuple[RollOdds, ...]:
    """One roll per melee weapon that reaches the target (attacks.melee), all at one target."""
    u, t = state.units[uid], state.units[target]
    if u.has("disarmed"):
        return ()
    dist = distance(u.hex, t.hex)
    base = cat.melee_damage(u.school, u.points)
    extra = (("jutsu focus", to_hit),) if to_hit else ()
    out = []
    for w in melee_weapons(cat, u.school):
        spec = cat.weapons[w]
        if spec.reach < dist:
            continue
        mods = modifiers(state, cat, uid, target, extra)
        need = needed(cat, mods)
        out.append(RollOdds(spec.name, target, need, hit_chance(cat, need), base + spec.damage_bonus + bonus_damage, spec.poison, mods))
    return tuple(out)


def missile_odds(state: Battle, cat: Catalogue, uid: int, targets: tuple[int, ...], bonus_damage: int = 0, to_hit: int = 0) -> tuple[RollOdds, ...]:
    """One throw per target (attacks.volley), each with the volley's extra-target and range modifiers."""
    u = state.units[uid]
    weapon = cat.weapons[cat.schools[u.school].missile]
    base = cat.missile_damage(u.school, u.points)
    out = []
    for t in targets[: max(0, u.ammo)]:
        extra = missile_extra(cat, u.school, distance(u.hex, state.units[t].hex), len(targets))
        if to_hit:
            extra = extra + (("jutsu focus", to_hit),)
        mods = modifiers(state, cat, uid, t, extra)
        need = needed(cat, mods)
        out.append(RollOdds(weapon.name, t, need, hit_chance(cat, need), base + weapon.damage_bonus + bonus_damage, weapon.poison, mods))
    return tuple(out)


def bolt_odds(state: Battle, cat: Catalogue, uid: int, target: int, damage: int, to_hit: int, name: str) -> tuple[RollOdds, ...]:
    extra = (("jutsu focus", to_hit),) if to_hit else ()
    mods = modifiers(state, cat, uid, target, extra)
    need = needed(cat, mods)
    return (RollOdds(name, target, need, hit_chance(cat, need), damage, 0, mods),)


def damage_range(rolls: tuple[RollOdds, ...]) -> tuple[int, int]:
    """The least and most damage of the rolls: a natural miss can fail any roll."""
    sure = sum(r.damage for r in rolls if r.chance >= 1)
    return sure, sum(r.damage for r in rolls)


def expected_damage(rolls: tuple[RollOdds, ...]) -> float:
    return sum(r.chance * r.damage for r in rolls)


def answer_odds(state: Battle, cat: Catalogue, attacker: int, target: int) -> tuple[RollOdds, ...]:
    """The melee the target could strike the attacker with from where both stand now, should
    its own (sealed) order this phase be a melee attack on it."""
    t = state.units[target]
    if t.hp <= 0:
        return ()
    return melee_odds(state, cat, target, attacker)


def guard_taking(state: Battle, target: int) -> int:
    """The guard who takes an attack on `target` in its place (Tortoise Cover), or -1."""
    return guard_of(state, target)
