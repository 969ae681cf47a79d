"""Jutsu of the nine schools: who may cast what at whom, and what happens.

Seed 000: "Only one jutsu may be performed per turn, and jutsu cost chi."
Lacking chi, an offensive jutsu may be paid with 2 health per missing chi
point; a defensive one may not. Each jutsu's numbers are in its school file;
`effect` names the rule below that carries it out.
"""

from __future__ import annotations

from core.hexgrid import Hex, direction_between, distance, line, neighbour, neighbours, within
from core.ninja.attacks import deal_damage, melee, melee_targets, strike, volley, volleys
from core.ninja.content import Catalogue
from core.ninja.effects import add_effect, remove_effect
from core.ninja.events import ActionFailed, JutsuCast, SmokeSpread, TerrainChanged, UnitMoved, UnitPushed
from core.ninja.specs import JutsuSpec
from core.ninja.state import Battle, CellChange, Smoke, Unit, replace_battle, replace_unit
from core.ninja.terrain import clear_line, elevation_at, near_terrain, occupant, occupied, passable, terrain_at


def payment(cat: Catalogue, unit: Unit, spec: JutsuSpec) -> tuple[int, int] | None:
    """(chi spent, health burned) to cast `spec`, or None if the unit cannot pay.

    Burning health may never kill the caster: it must keep at least 1 health.
    """
    if unit.chi >= spec.cost:
        return spec.cost, 0
    if not spec.offensive:
        return None  # seed 000: health may not be burned for defensive jutsu
    burn = (spec.cost - unit.chi) * cat.rules.chi.burn_health_per_chi
    if unit.hp - burn < 1:
        return None
    return unit.chi, burn


def _water_reach(state: Battle, start: Hex, limit: int) -> set[Hex]:
    """Water hexes joined by water to a water hex in or next to `start`, within `limit`."""
    seeds = [h for h in (start, *neighbours(start)) if terrain_at(state, h) == "water"]
    seen = set(seeds)
    frontier = list(seeds)
    while frontier:
        h = frontier.pop()
        for n in neighbours(h):
            if n not in seen and terrain_at(state, n) == "water" and distance(start, n) <= limit:
                seen.add(n)
                frontier.append(n)
    return seen


def options(state: Battle, cat: Catalogue, uid: int, only: str | None = None) -> list[tuple[str, tuple[int, ...], tuple[int, ...]]]:
    """Every (jutsu, targets, place) the unit may order now, in a stable order; with `only`,
    those of that one jutsu (checking one order need not work out the others)."""
    u = state.units[uid]
    school = cat.schools[u.school]
    out: list[tuple[str, tuple[int, ...], tuple[int, ...]]] = []
    taken = occupied(state)
    for key in u.jutsu:
        if only is not None and key != only:
            continue
        spec = school.jutsu[key]
        if payment(cat, u, spec) is None:
            continue
        t = spec.target
        if t == "self":
            out.append((key, (), ()))
        elif t == "enemy":
            for e in state.units:
                if e.hp <= 0 or e.side == u.side:
                    continue
                if distance(u.hex, e.hex) > spec.range or not clear_line(state, cat, u.hex, e.hex):
                    continue
                if spec.near and not near_terrain(state, e.hex, spec.near):
                    continue
                out.append((key, (e.uid,), ()))
        elif t == "ally":
            for f in state.units:
                if f.hp <= 0 or f.side != u.side or distance(u.hex, f.hex) > spec.range:
                    continue
                if spec.effect == "cover" and f.uid == uid:
                    continue
                if spec.effect == "cure" and not f.has("poison"):
                    continue
                out.append((key, (f.uid,), ()))
        elif t == "tree":
            for h in within(u.hex, spec.range):
                if terrain_at(state, h) == "trees" and h not in taken and clear_line(state, cat, u.hex, h):
                    out.append((key, (), (h[0], h[1])))
        elif t == "hex":
            if spec.effect == "river_run":
                spots = sorted(_water_reach(state, u.hex, spec.range), key=lambda h: (h[1], h[0]))
            else:
                spots = [h for h in within(u.hex, spec.range) if passable(state, cat, h)]
            for h in spots:
                if h != u.hex and h not in taken:
                    out.append((key, (), (h[0], h[1])))
        elif t == "melee":
            for e in melee_targets(state, cat, uid):
                out.append((key, (e,), ()))
        elif t == "missile":
            for targets in volleys(state, cat, uid):
                out.append((key, targets, ()))
    return out


def _move(state: Battle, uid: int, dest: Hex) -> Battle:
    units = list(state.units)
    units[uid] = replace_unit(units[uid], hex=dest)
    return replace_battle(state, units=tuple(units))


def _push(state: Battle, cat: Catalogue, caster: int, target: int, steps: int) -> tuple[Battle, list]:
    """Blow `target` straight away from the caster; a blocked push deals 1 damage."""
    a, t = state.units[caster].hex, state.units[target].hex
    path = line(a, t)
    d = direction_between(path[-2], path[-1]) if len(path) >= 2 else 0
    start = here = t
    events: list = []
    for _ in range(steps):
        n = neighbour(here, d)
        if not passable(state, cat, n) or occupant(state, n) >= 0 or elevation_at(state, n) - elevation_at(state, here) > 1:
            state = _move(state, target, here)
            if here != start:
                events.append(UnitPushed(target, start, here))
            state, evs = deal_damage(state, target, 1, "slammed by the gust", caster)
            return state, events + evs
        here = n
    state = _move(state, target, here)
    return state, [UnitPushed(target, start, here)]


def cast(state: Battle, cat: Catalogue, uid: int, key: str, targets: tuple[int, ...], place: tuple[int, ...]) -> tuple[Battle, list]:
    """Resolve one jutsu order now: re-check it, pay, and carry out its effect."""
    u = state.units[uid]
    if key not in u.jutsu:
        return state, [ActionFailed(uid, f"does not know {key}")]
    spec = cat.schools[u.school].jutsu[key]
    if spec.target == "missile":
        valid = bool(volleys(state, cat, uid))
    elif spec.target == "melee":
        valid = bool(targets) and targets[0] in melee_targets(state, cat, uid)
    else:
        valid = (key, targets, place) in options(state, cat, uid, key)
    pay = payment(cat, u, spec)
    if not valid or pay is None:
        return state, [ActionFailed(uid, f"{spec.name} can no longer be cast as ordered")]
    chi, burn = pay
    units = list(state.units)
    units[uid] = replace_unit(u, chi=u.chi - chi, hp=u.hp - burn, cast=True)
    state = replace_battle(state, units=tuple(units))
    events: list = [JutsuCast(uid, key, chi, burn)]
    state, evs = _effect(state, cat, uid, spec, targets, place)
    return state, events + evs


def _effect(state: Battle, cat: Catalogue, uid: int, spec: JutsuSpec, targets: tuple[int, ...], place: tuple[int, ...]) -> tuple[Battle, list]:
    u = state.units[uid]
    e = spec.effect
    label = spec.name
    if e == "smoke":
        hexes = [h for k in range(spec.radius_min, spec.radius_max + 1) for h in within(u.hex, k) if distance(u.hex, h) == k]
        hexes = [h for h in hexes if state.board.contains(h)]
        kept = tuple(s for s in state.smoke if s.hex not in hexes)
        state = replace_battle(state, smoke=kept + tuple(Smoke(h, spec.rounds) for h in hexes))
        return state, [SmokeSpread(uid, len(hexes), spec.rounds)]
    if e == "weapon_melee":
        return melee(state, cat, uid, targets[0], f" ({label})", spec.damage, spec.to_hit, spec.amount, spec.rounds)
    if e == "weapon_missile":
        return volley(state, cat, uid, targets, f" ({label})", spec.damage, spec.to_hit)
    if e == "bolt":
        return strike(state, cat, uid, targets[0], label, spec.damage, (("jutsu focus", spec.to_hit),) if spec.to_hit else ())
    if e == "burn_tree":
        h = Hex(*place)
        state = replace_battle(state, changes=state.changes + (CellChange(h, "ash", 0),))
        return state, [TerrainChanged(h, "trees", "ash")]
    if e == "poison_cloud":
        events: list = []
        for other in state.units:
            if other.hp > 0 and other.uid != uid and 1 <= distance(u.hex, other.hex) <= spec.radius_max:
                state, evs = strike(state, cat, uid, other.uid, label, 0, (), spec.amount, spec.rounds)
                events.extend(evs)
        return state, events
    if e in ("teleport", "river_run"):
        dest = Hex(*place)
        state = _move(state, uid, dest)
        return state, [UnitMoved(uid, "jutsu", u.hex, dest, u.facing, 0, 0)]
    if e == "push":
        state, events = strike(state, cat, uid, targets[0], label, 0)
        if events[-1].hit and state.units[targets[0]].hp > 0:
            state, evs = _push(state, cat, uid, events[-1].target, spec.amount)
            events.extend(evs)
        return state, events
    if e == "cure":
        return remove_effect(state, targets[0], "poison")
    if e == "status":
        state, events = strike(state, cat, uid, targets[0], label, 0)
        roll = [ev for ev in events if hasattr(ev, "hit")][-1]
        if roll.hit and state.units[roll.target].hp > 0:
            state, evs = add_effect(state, roll.target, spec.status, spec.rounds, 0, uid)
            events.extend(evs)
        return state, events
    if e == "self_status":
        return add_effect(state, uid, spec.status, spec.rounds, 0, uid)
    if e == "cover":
        return add_effect(state, targets[0], "covered", spec.rounds, 0, uid)
    if e == "canopy":
        events = []
        for other in state.units:
            if other.hp > 0 and other.side != u.side and distance(u.hex, other.hex) <= spec.range and terrain_at(state, other.hex) == "trees":
                state, evs = strike(state, cat, uid, other.uid, label, spec.damage)
                events.extend(evs)
        return state, events
    if e == "tree_wall":
        centre = Hex(*place)
        taken = occupied(state)
        grown = [h for h in (centre, *neighbours(centre)) if terrain_at(state, h) == "trees" and h not in taken]
        state = replace_battle(state, changes=state.changes + tuple(CellChange(h, "wall", spec.rounds) for h in grown))
        return state, [TerrainChanged(h, "trees", "wall") for h in grown]
    raise ValueError(f"unknown jutsu effect {e!r}")  # specs.EFFECTS guards this at load time
