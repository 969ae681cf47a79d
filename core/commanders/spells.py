"""Casting spells (seed 002 "Casting spells" and the spell list).

A spell is cast instead of moving. Its cost is paid first; level 1 is open to
everyone, levels 2-4 need basic/advanced/expert magic of its school. The caster
rolls one die per point of Willpower, less the target's Knowledge when the
target is an enemy (decided: never fewer than one die). Damage and healing take
the highest die; other spells need a number of d10 at or above a value. Areas:
"1" one unit, a number a diamond of that width around a square, "P" the whole
party of a commander (cast on commanders only), "nS" n selected squares.
Multiple targets share one pool of rolls; each uses as many of them as it faces.
"""

from __future__ import annotations

import attrs

from core.commanders.catalogue import Catalogue, SpellLevel, SpellSpec, catalogue
from core.commanders.combat import in_reach, resolve_attack
from core.commanders.derived import (
    NEGATIVE_STATUSES, POSITIVE_STATUSES, in_command, max_spell_level, spec_of, spell_cost,
)
from core.commanders.effects import add_status, damage, heal, put, remove_status, set_leader
from core.commanders.events import BurnPlaced, SpellCast, SpellResult, UnitMoved, UnitPlaced, UnitSummoned
from core.commanders.movement import can_enter, reachable
from core.commanders.state import Battle, Cast, Status, Unit
from core.errors import IllegalAction
from core.squaregrid import Square, manhattan, neighbours4

FRIENDLY: tuple[str, ...] = (
    "defence_bonus", "attack_bonus", "haste", "wind_shield", "resist", "heal", "cleanse_one", "teleport", "return",
)
HOSTILE_STATUS: dict[str, str] = {
    "thorns": "thorns", "poison": "poison", "sleep": "sleep", "silence": "silence", "decline": "decline",
}
FRIENDLY_STATUS: dict[str, str] = {
    "defence_bonus": "defence", "attack_bonus": "attack", "haste": "haste", "wind_shield": "wind_shield", "resist": "resist",
}


# --- who may cast what --------------------------------------------------------------


def known_spells(state: Battle, caster: Unit, cat: Catalogue | None = None) -> list[tuple[str, int]]:
    """(spell, highest level) the unit may cast now, in catalogue order."""
    cat = cat or catalogue()
    if caster.hp <= 0 or caster.status("silence") or caster.status("sleep"):
        return []
    out = []
    if caster.role == "commander":
        commander = state.leaders[caster.leader].commander
        for name in cat.spells:
            if name in commander.spells:
                spell = cat.spells[name]
                out.append((name, max_spell_level(commander, spell.school, cat)))
    elif caster.role == "summon":
        for s in spec_of(caster, cat).spells:
            out.append((s.name, s.max_level))
    return out


def cost_of(state: Battle, caster: Unit, spell: SpellSpec, level: SpellLevel, cat: Catalogue | None = None) -> int:
    commander = state.leaders[caster.leader].commander if caster.role == "commander" else None
    return spell_cost(commander, spell.school, level.mp, cat)


def mp_of(state: Battle, caster: Unit) -> int:
    return state.leaders[caster.leader].mp if caster.role == "commander" else caster.mp


def spell_range(state: Battle, caster: Unit, level: SpellLevel) -> int:
    bonus = state.leaders[caster.leader].commander.buffs.spell_range if caster.role == "commander" else 0
    return level.range + bonus


def hostile(spell: SpellSpec) -> bool:
    return spell.effect not in FRIENDLY and spell.effect not in ("summon", "restore")


# --- dice ---------------------------------------------------------------------------


def dice_against(state: Battle, caster: Unit, target: Unit, cat: Catalogue | None = None) -> int:
    """Seed 002: Willpower dice, less the target's Knowledge for enemies; advanced Resistance
    takes one more off a troop, Decline adds one; at least the decided minimum."""
    cat = cat or catalogue()
    willpower = state.leaders[caster.leader].commander.attributes.willpower
    n = willpower
    if target.side != caster.side:
        tl = state.leaders[target.leader]
        if target.role == "commander" or in_command(state, target, cat):
            n -= tl.commander.attributes.knowledge
        if target.role != "commander" and tl.commander.skill_tier("Resistance") >= 2:
            n -= 1
        decline = target.status("decline")
        if decline is not None:
            n += decline.amount
    return max(cat.rules.min_spell_dice, n)


def spell_damage_taken(state: Battle, target: Unit, amount: int) -> int:
    """Resist status and the Resistance skill (2 for the commander at basic, 2 for the troop at expert)."""
    amount -= target.status("resist").amount if target.status("resist") else 0
    tier = state.leaders[target.leader].commander.skill_tier("Resistance")
    if target.role == "commander" and tier >= 1:
        amount -= 2
    if target.role != "commander" and tier >= 3:
        amount -= 2
    return max(0, amount)


# --- targets ------------------------------------------------------------------------


def party(state: Battle, commander_uid: int) -> tuple[Unit, ...]:
    return state.troop_of(state.units[commander_uid].leader)


def area_units(state: Battle, centre: tuple[int, int], radius: int) -> tuple[Unit, ...]:
    return tuple(u for u in state.living() if manhattan(u.pos, centre) <= radius)


def _placement(state: Battle, movers: tuple[Unit, ...], centre: tuple[int, int], cat: Catalogue) -> list[tuple[Unit, Square]] | None:
    """Seed 002 Teleport/Return: the party regroups inside the 3x3 square around `centre`."""
    ids = {u.uid for u in movers}
    blocked = {(u.pos[0], u.pos[1]) for u in state.living() if u.uid not in ids}
    squares = [(centre[0], centre[1])] + [(centre[0] + dx, centre[1] + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy]
    out = []
    for unit in movers:
        spot = next((s for s in squares if s not in blocked and can_enter(state, unit, s, cat)), None)
        if spot is None:
            return None
        blocked.add(spot)
        out.append((unit, Square(*spot)))
    return out


def check_cast(state: Battle, action: Cast, cat: Catalogue | None = None) -> tuple[Unit, SpellSpec, SpellLevel, int, tuple[Unit, ...]]:
    """Every rule of a cast; IllegalAction with the reason, else (caster, spell, level, cost, targets)."""
    cat = cat or catalogue()
    if not 0 <= action.caster < len(state.units):
        raise IllegalAction("no such caster")
    caster = state.units[action.caster]
    if caster.leader != state.leader_now.index or caster.hp <= 0:
        raise IllegalAction("only the commander whose turn it is (or its summoned creature) may cast")
    if state.mode:
        raise IllegalAction("a spell is cast instead of moving; units have already acted this turn")
    if caster.status("silence"):
        raise IllegalAction("the caster is silenced")
    spell = cat.spells.get(action.spell)
    if spell is None:
        raise IllegalAction(f"unknown spell {action.spell!r}")
    known = dict(known_spells(state, caster, cat))
    if action.spell not in known:
        raise IllegalAction(f"{caster.kind} cannot cast {action.spell}")
    level = spell.at(action.level)
    if level is None:
        raise IllegalAction(f"{action.spell} has no level {action.level}")
    if action.level > known[action.spell]:
        raise IllegalAction(f"level {action.level} of {action.spell} needs a higher {spell.school} magic skill")
    cost = cost_of(state, caster, spell, level, cat)
    if mp_of(state, caster) < cost:
        raise IllegalAction(f"{action.spell} level {action.level} costs {cost} MP; only {mp_of(state, caster)} left")
    reach_ = spell_range(state, caster, level)
    targets = _targets(state, caster, spell, level, action, reach_, cat)
    return caster, spell, level, cost, targets


def _unit_target(state: Battle, action: Cast) -> Unit:
    if not 0 <= action.target < len(state.units) or state.units[action.target].hp <= 0:
        raise IllegalAction("the spell needs a living target unit")
    return state.units[action.target]


def _targets(state: Battle, caster: Unit, spell: SpellSpec, level: SpellLevel, action: Cast, reach_: int, cat: Catalogue) -> tuple[Unit, ...]:
    effect = spell.effect
    if effect == "summon":
        sq = action.square
        if caster.role != "commander":
            raise IllegalAction("only a commander summons")
        if state.leaders[caster.leader].summon >= 0:
            raise IllegalAction("a commander controls only one summoned creature at a time")
        if manhattan(caster.pos, sq) > reach_ or not state.board.inside(sq) or state.unit_at(sq) is not None:
            raise IllegalAction("the summoning square must be free and within range")
        probe = Unit(-1, caster.side, caster.leader, level.summon, "summon", sq, 1, 1)
        if not can_enter(state, probe, sq, cat):
            raise IllegalAction(f"a {level.summon} cannot stand there")
        return ()
    if effect == "burn":
        squares = tuple(action.squares)
        if len(squares) != level.selected or len(set(squares)) != len(squares):
            raise IllegalAction(f"Burn at level {level.level} selects {level.selected} different squares")
        for sq in squares:
            if not state.board.inside(sq) or manhattan(caster.pos, sq) > reach_:
                raise IllegalAction("every Burn square must be on the map and within range")
        if not _connected(squares):
            raise IllegalAction("the Burn squares must touch each other (4 directions)")
        return ()
    if effect == "chain":
        squares = tuple(action.squares)
        if not 1 <= len(squares) <= level.selected:
            raise IllegalAction(f"Chain Lightning strikes 1 to {level.selected} targets")
        chain: list[Unit] = []
        prev = caster.pos
        for i, sq in enumerate(squares):
            unit = state.unit_at(sq)
            if unit is None or unit in chain:
                raise IllegalAction("each link of the chain is a different unit")
            limit = reach_ if i == 0 else level.hop
            if manhattan(prev, sq) > limit:
                raise IllegalAction(f"link {i + 1} is more than {limit} squares from the previous one")
            chain.append(unit)
            prev = sq
        return tuple(chain)
    if effect in ("teleport", "return"):
        target = _unit_target(state, action)
        if target.role != "commander" or target.side != caster.side:
            raise IllegalAction(f"{spell.name} is cast on an allied commander")
        if manhattan(caster.pos, target.pos) > reach_:
            raise IllegalAction(f"the commander is out of range ({reach_})")
        limit = reach_ if effect == "teleport" else level.hop
        if not state.board.inside(action.square) or manhattan(caster.pos, action.square) > limit:
            raise IllegalAction(f"the destination must be within {limit} squares of the caster")
        units = party(state, target.uid)
        if _placement(state, units, action.square, cat) is None:
            raise IllegalAction("the party does not fit into the 3x3 square at the destination")
        return units
    if level.party or level.area == "1":
        target = _unit_target(state, action)
        if manhattan(caster.pos, target.pos) > reach_:
            raise IllegalAction(f"the target is {manhattan(caster.pos, target.pos)} squares away; range is {reach_}")
        if level.party and target.role != "commander":
            raise IllegalAction("a party spell is cast on a commander")
        enemy = target.side != caster.side
        if effect == "restore":
            if enemy and not level.enemy_need_count:
                raise IllegalAction(f"{spell.name} at level {level.level} helps allies only")
        elif hostile(spell) and not enemy and effect != "holy_blaze":
            raise IllegalAction(f"{spell.name} is cast on enemies")
        elif effect == "holy_blaze" and not enemy:
            raise IllegalAction("Holy Blaze is cast on enemies")
        elif effect in FRIENDLY and enemy:
            raise IllegalAction(f"{spell.name} is cast on allies")
        if effect == "mp_drain" and target.role != "commander" and not spec_of(target, cat).max_mp:
            raise IllegalAction("only a unit with MP can be drained")
        return party(state, target.uid) if level.party else (target,)
    # numeric areas around a square
    sq = action.square
    if not state.board.inside(sq) or manhattan(caster.pos, sq) > reach_:
        raise IllegalAction(f"the centre must be on the map within {reach_} squares")
    inside = area_units(state, sq, level.radius)
    if effect == "damage":
        return inside
    if effect == "holy_blaze":
        return inside
    if effect == "restore":
        # decided: the unit at the centre says whether Restore helps allies or strips enemies
        centre = state.unit_at(sq)
        side_wanted = centre.side if centre is not None else caster.side
        return tuple(u for u in inside if u.side == side_wanted)
    if effect in FRIENDLY:
        return tuple(u for u in inside if u.side == caster.side)
    return tuple(u for u in inside if u.side != caster.side)


def _connected(squares: tuple[Square, ...]) -> bool:
    if not squares:
        return False
    todo, seen = [squares[0]], {squares[0]}
    members = set(squares)
    while todo:
        sq = todo.pop()
        for n in neighbours4(sq):
            if n in members and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(members)


# --- resolving ----------------------------------------------------------------------


def cast(state: Battle, action: Cast, events: list, cat: Catalogue | None = None) -> Battle:
    cat = cat or catalogue()
    caster, spell, level, cost, targets = check_cast(state, action, cat)
    state = _pay(state, caster, cost)
    caster = state.units[caster.uid]
    need_count, need_min = level.need_count, level.need_min
    counts = {u.uid: (dice_against(state, caster, u, cat)) for u in targets}
    if spell.effect == "restore" and targets and targets[0].side != caster.side:
        need_count, need_min = level.enemy_need_count, level.enemy_need_min
    if not counts:
        counts_max = dice_against(state, caster, caster, cat)
    else:
        counts_max = max(counts.values())
    sides = level.dice or (10 if (need_count or spell.effect == "mp_drain") else 0)
    rolls: tuple[int, ...] = ()
    if sides:
        rolls, dice = state.dice.rolls(counts_max, sides)
        state = attrs.evolve(state, dice=dice)
    events.append(SpellCast(caster.uid, spell.name, level.level, cost, counts_max if sides else 0, rolls, need_count, need_min))
    handler = _HANDLERS[spell.effect]
    return handler(state, caster, spell, level, action, targets, counts, rolls, (need_count, need_min), events, cat)


def _pay(state: Battle, caster: Unit, cost: int) -> Battle:
    if caster.role == "commander":
        leader = state.leaders[caster.leader]
        return set_leader(state, attrs.evolve(leader, mp=leader.mp - cost))
    return put(state, attrs.evolve(caster, mp=caster.mp - cost))


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
        st = add_status(st, unit.uid, Status(name, amount, level.duration, caster.leader))
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
            st = set_leader(st, attrs.evolve(tl, mp=tl.mp - taken))
        else:
            taken = min(wanted, unit.mp)
            st = put(st, attrs.evolve(unit, mp=unit.mp - taken))
        cl = st.leaders[caster.leader]
        st = set_leader(st, attrs.evolve(cl, mp=min(cl.mp_max, cl.mp + taken)))
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
            mover = attrs.evolve(unit, pos=dest)
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
            st = put(st, attrs.evolve(unit, pos=dest))
        return resolve_attack(st, unit.uid, victim, events, cat)

    return _each(state, caster, spell, level, targets, counts, rolls, need, events, cat, True, one)


def _summon(state, caster, spell, level, action, targets, counts, rolls, need, events, cat):
    spec = cat.units[level.summon]
    uid = len(state.units)
    hp = cat.rules.unit_health
    unit = Unit(uid, caster.side, caster.leader, spec.name, "summon", Square(*action.square), hp, hp, mp=spec.max_mp)
    state = attrs.evolve(state, units=state.units + (unit,))
    leader = state.leaders[caster.leader]
    state = set_leader(state, attrs.evolve(leader, summon=uid))
    events.append(UnitSummoned(uid, caster.leader, unit.pos))
    return state


def _burn(state, caster, spell, level, action, targets, counts, rolls, need, events, cat):
    leader = state.leaders[caster.leader]
    squares = tuple(sorted((Square(*s) for s in action.squares), key=lambda s: (s.y, s.x)))
    state = set_leader(state, attrs.evolve(leader, burn=squares, burn_turns=level.duration, burn_amount=level.amount))
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
        moved.append(attrs.evolve(unit, pos=spot))
    from core.commanders.effects import put_many

    return put_many(state, moved)


_HANDLERS = {
    "damage": _damage_spell, "holy_blaze": _damage_spell, "chain": _chain, "heal": _heal_spell,
    "thorns": _status_spell, "poison": _status_spell, "sleep": _status_spell, "silence": _status_spell,
    "decline": _status_spell, "defence_bonus": _status_spell, "attack_bonus": _status_spell,
    "haste": _status_spell, "wind_shield": _status_spell, "resist": _status_spell,
    "cleanse_one": _cleanse, "restore": _cleanse, "mp_drain": _mp_drain, "confuse": _confuse,
    "summon": _summon, "burn": _burn, "teleport": _transport, "return": _transport,
}
