"""Attack rolls, damage, melee and missiles (seed 000 "Health and Attacking", "Actions").

A d10 read 0-9 (rules.toml [dice]): the attack hits when the roll is at least
`needed` = base 5 minus the sum of the modifiers (positive ones help the
attacker). Every modifier is reported by name with the roll.
"""

from __future__ import annotations

from core.hexgrid import distance, in_arc
from core.ninja.content import Catalogue
from core.ninja.effects import add_effect
from core.ninja.events import ActionFailed, AttackRedirected, AttackRolled, DamageDealt, DamagePrevented, UnitDied
from core.ninja.state import Battle, Unit, replace_battle, replace_unit
from core.ninja.terrain import clear_line, smoky
from core import words


def modifiers(state: Battle, cat: Catalogue, attacker: int, target: int, extra: tuple[tuple[str, int], ...] = ()) -> tuple[tuple[str, int], ...]:
    """Every named modifier to the attacker's roll (positive helps the attacker)."""
    rules = cat.rules
    a, t = state.units[attacker], state.units[target]
    out: list[tuple[str, int]] = []
    a_school, t_school = cat.schools[a.school], cat.schools[t.school]
    if rules.classes[a_school.style].to_hit:
        out.append((f"{a_school.style} attacker", rules.classes[a_school.style].to_hit))
    mode_hit = rules.modes[a.mode].to_hit
    if a.mode == "jump" and not a_school.jump_attack_penalty:
        mode_hit = 0  # seed 000: Gale "do not receive a penalty to attack when jumping"
    if mode_hit:
        out.append((f"attacker {a.mode}", mode_hit))
    if smoky(state, a.hex):
        out.append(("attacker in smoke", rules.combat.smoke_to_hit))
    if a.has("blind"):
        out.append(("attacker blind", rules.combat.blind_to_hit))
    if rules.classes[t_school.style].to_be_hit:
        out.append((f"{t_school.style} target", rules.classes[t_school.style].to_be_hit))
    if t_school.extra_defence:
        out.append((f"{t_school.name} armour", -t_school.extra_defence))
    if rules.modes[t.mode].to_be_hit:
        out.append((f"target {t.mode}", rules.modes[t.mode].to_be_hit))
    if t.has("improved_dodge"):
        out.append(("target dodging (improved)", rules.combat.improved_dodge))
    elif t.has("dodging"):
        out.append(("target dodging", rules.combat.dodge))
    if smoky(state, t.hex):
        out.append(("target in smoke", rules.combat.smoke_to_be_hit))
    out.extend(extra)
    return tuple(out)


def needed(cat: Catalogue, mods: tuple[tuple[str, int], ...]) -> int:
    return cat.rules.dice.base_needed - sum(v for _, v in mods)


def hit_chance(cat: Catalogue, need: int) -> float:
    """Chance a d10 (faces lowest..lowest+9) meets `need`, with the natural miss and hit."""
    d = cat.rules.dice
    faces = range(d.lowest, d.lowest + d.sides)
    wins = sum(1 for f in faces if f != d.always_miss and (f == d.always_hit or f >= need))
    return wins / d.sides


def roll_attack(state: Battle, cat: Catalogue, attacker: int, target: int, source: str, extra=()) -> tuple[Battle, AttackRolled]:
    d = cat.rules.dice
    mods = modifiers(state, cat, attacker, target, tuple(extra))
    need = needed(cat, mods)
    value, dice = state.dice.roll(d.sides)
    roll = value - 1 + d.lowest
    hit = roll != d.always_miss and (roll == d.always_hit or roll >= need)
    return replace_battle(state, dice=dice), AttackRolled(attacker, target, source, roll, need, mods, hit)


def deal_damage(state: Battle, uid: int, amount: int, cause: str, by: int = -1) -> tuple[Battle, list]:
    """Take `amount` health from `uid` (Iron Shell stops it); reports death."""
    u = state.units[uid]
    if amount <= 0 or u.hp <= 0:
        return state, []
    if u.has("invincible"):
        return state, [DamagePrevented(uid, amount, cause)]
    hp = max(0, u.hp - amount)
    units = list(state.units)
    units[uid] = replace_unit(u, hp=hp)
    if by >= 0 and state.units[by].side != u.side:
        b = units[by]
        units[by] = replace_unit(b, damage_dealt=b.damage_dealt + (u.hp - hp))
    events: list = [DamageDealt(uid, amount, u.hp, hp, cause)]
    if hp == 0:
        events.append(UnitDied(uid))
    return replace_battle(state, units=tuple(units)), events


def guard_of(state: Battle, target: int) -> int:
    """Seed 000 Tortoise "Cover": the adjacent living guard covering `target`, or -1."""
    e = state.units[target].effect("covered")
    if e is None:
        return -1
    g = state.units[e.source]
    if g.hp > 0 and distance(g.hex, state.units[target].hex) == 1:
        return g.uid
    return -1


def strike(state: Battle, cat: Catalogue, attacker: int, target: int, source: str, damage: int,
           extra=(), poison: int = 0, poison_rounds: int = 0) -> tuple[Battle, list]:
    """One attack: redirect to a covering guard, roll, then damage and poison on a hit."""
    events: list = []
    guard = guard_of(state, target)
    if guard >= 0 and guard != attacker:
        events.append(AttackRedirected(target, guard))
        target = guard
    state, roll = roll_attack(state, cat, attacker, target, source, extra)
    events.append(roll)
    if roll.hit:
        state, evs = deal_damage(state, target, damage, source, attacker)
        events.extend(evs)
        if poison and state.units[target].hp > 0:
            state, evs = add_effect(state, target, "poison", poison_rounds or cat.rules.combat.poison_rounds, poison, attacker)
            events.extend(evs)
    return state, events


# --- melee ---------------------------------------------------------------------


def melee_weapons(cat: Catalogue, school: str) -> tuple[str, ...]:
    return cat.schools[school].melee


def melee_reach(cat: Catalogue, school: str) -> int:
    return max(cat.weapons[w].reach for w in melee_weapons(cat, school))


def melee_targets(state: Battle, cat: Catalogue, uid: int) -> list[int]:
    """Enemies within reach of at least one melee weapon (none while disarmed)."""
    u = state.units[uid]
    if u.has("disarmed"):
        return []
    reach = melee_reach(cat, u.school)
    return [t.uid for t in state.units if t.hp > 0 and t.side != u.side and distance(u.hex, t.hex) <= reach]


def melee(state: Battle, cat: Catalogue, uid: int, target: int, source_suffix: str = "",
          bonus_damage: int = 0, to_hit: int = 0, poison: int = 0, poison_rounds: int = 0) -> tuple[Battle, list]:
    """Seed 000: one attack per weapon wielded, all against one target; the weapons that reach."""
    u = state.units[uid]
    events: list = []
    dist = distance(u.hex, state.units[target].hex)
    base = cat.melee_damage(u.school, u.points)
    extra = (("jutsu focus", to_hit),) if to_hit else ()
    for w in melee_weapons(cat, u.school):
        spec = cat.weapons[w]
        if spec.reach < dist or state.units[uid].hp <= 0 or state.units[target].hp <= 0:
            continue
        state, evs = strike(state, cat, uid, target, spec.name.lower() + source_suffix, base + spec.damage_bonus + bonus_damage,
                            extra, poison + spec.poison, poison_rounds)
        events.extend(evs)
    return state, events


# --- missiles ------------------------------------------------------------------


def missile_range(cat: Catalogue, school: str) -> tuple[int, int]:
    """(base range, longest range) of the school's missile weapon."""
    w = cat.weapons[cat.schools[school].missile]
    return w.reach, w.reach * cat.rules.combat.max_range_factor


def missile_candidates(state: Battle, cat: Catalogue, uid: int) -> list[int]:
    """Enemies a volley may include: ahead in the 60-degree arc of the thrower's facing,
    not adjacent, within the longest range, with a clear line."""
    u = state.units[uid]
    if u.ammo <= 0:
        return []
    _, longest = missile_range(cat, u.school)
    return [t.uid for t in state.units if _throwable(state, cat, u, t, longest)]


def _throwable(state: Battle, cat: Catalogue, u: Unit, t: Unit, longest: int) -> bool:
    if t.hp <= 0 or t.side == u.side:
        return False
    d = distance(u.hex, t.hex)
    return 2 <= d <= longest and in_arc(u.hex, u.facing, t.hex) and clear_line(state, cat, u.hex, t.hex)


def is_volley_start(state: Battle, cat: Catalogue, uid: int, target: int) -> bool:
    """Whether `(target,)` is in `volleys(state, cat, uid)`, judging that one target only
    (recording a missile order need not trace a line to every other enemy)."""
    u = state.units[uid]
    if u.ammo <= 0:
        return False
    _, longest = missile_range(cat, u.school)
    return any(t.uid == target and _throwable(state, cat, u, t, longest) for t in state.units)


def volleys(state: Battle, cat: Catalogue, uid: int) -> list[tuple[int, ...]]:
    """The first target of a volley: one missile at any candidate (with ammunition left).

    Seed 000: missile attacks "are not restricted in the amount": a volley may go on
    to every candidate, one missile each, while ammunition lasts. It is ordered a
    target at a time (`volley_extensions`), so the orders on offer stay few."""
    if state.units[uid].ammo <= 0:
        return []
    return [(t,) for t in missile_candidates(state, cat, uid)]


def volley_extensions(state: Battle, cat: Catalogue, uid: int, targets: tuple[int, ...]) -> list[tuple[int, ...]]:
    """A volley at `targets` with one more target: every candidate not yet aimed at,
    while the ammunition covers one missile each."""
    if len(targets) >= state.units[uid].ammo:
        return []
    return [targets + (t,) for t in missile_candidates(state, cat, uid) if t not in targets]


def extends_volley(state: Battle, cat: Catalogue, uid: int, targets: tuple[int, ...], grown: tuple[int, ...]) -> bool:
    """Whether `grown` is in `volley_extensions(state, cat, uid, targets)`, judging its one
    new target only (growing a volley need not trace a line to every other enemy)."""
    if len(grown) != len(targets) + 1 or tuple(grown[:-1]) != tuple(targets) or len(targets) >= state.units[uid].ammo:
        return False
    new = grown[-1]
    return new not in targets and is_volley_start(state, cat, uid, new)


def missile_extra(cat: Catalogue, school: str, dist: int, count: int) -> tuple[tuple[str, int], ...]:
    base, _ = missile_range(cat, school)
    out = []
    if count > 1:
        out.append((f"{words.count(count - 1, 'extra target')}", cat.rules.combat.extra_target * (count - 1)))
    if dist > base:
        out.append((f"{words.count(dist - base, 'hex')} beyond range", cat.rules.combat.beyond_range * (dist - base)))
    return tuple(out)


def volley(state: Battle, cat: Catalogue, uid: int, targets: tuple[int, ...], source_suffix: str = "",
           bonus_damage: int = 0, to_hit: int = 0) -> tuple[Battle, list]:
    """Throw one missile at each target still valid; each costs one piece of ammunition."""
    events: list = []
    u = state.units[uid]
    school = cat.schools[u.school]
    weapon = cat.weapons[school.missile]
    valid = set(missile_candidates(state, cat, uid))
    base = cat.missile_damage(u.school, u.points)
    for t in targets:
        u = state.units[uid]
        if u.hp <= 0:
            break
        if t not in valid or state.units[t].hp <= 0 or u.ammo <= 0:
            events.append(ActionFailed(uid, f"no clear throw at unit {t} any more"))
            continue
        units = list(state.units)
        units[uid] = replace_unit(u, ammo=u.ammo - 1)
        state = replace_battle(state, units=tuple(units))
        dist = distance(u.hex, state.units[t].hex)
        extra = missile_extra(cat, u.school, dist, len(targets))
        if to_hit:
            extra = extra + (("jutsu focus", to_hit),)
        state, evs = strike(state, cat, uid, t, weapon.name.lower() + source_suffix, base + weapon.damage_bonus + bonus_damage,
                            extra, weapon.poison)
        events.extend(evs)
    return state, events
