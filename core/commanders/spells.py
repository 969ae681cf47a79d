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

from core.commanders.actions import Cast
from core.commanders.content import Catalogue, SpellLevel, SpellSpec
from core.commanders.derived import in_command, max_spell_level, spec_of, spell_cost
from core.commanders.movement import can_enter
from core.commanders.state import Battle, Unit
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


def known_spells(state: Battle, caster: Unit, cat: Catalogue) -> list[tuple[str, int]]:
    """(spell, highest level) the unit may cast now, in catalogue order."""
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


def cost_of(state: Battle, caster: Unit, spell: SpellSpec, level: SpellLevel, cat: Catalogue) -> int:
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


def temper_dice(state: Battle, caster: Unit, target: Unit, spell: SpellSpec | None, cat: Catalogue) -> tuple[int, int, int]:
    """Temperament rule (all 0 when it is off): (Heed, Recognition, Constraint) dice for one target.

    Heed adds dice to a commander's spells at allies; Recognition to its spells at
    enemies whose effect is no attack; Constraint removes dice from enemy spells
    (any caster) at the units of its own troop, the commander included."""
    if not state.temperament:
        return 0, 0, 0
    heed = recognition = constraint = 0
    if target.side == caster.side:
        if caster.role == "commander":
            heed = state.leaders[caster.leader].temper.ally_spell_dice
        return heed, 0, 0
    if caster.role == "commander" and spell is not None and spell.effect not in cat.attack_effects:
        recognition = state.leaders[caster.leader].temper.debuff_spell_dice
    constraint = state.leaders[target.leader].temper.dice_against_troop
    return heed, recognition, constraint


def dice_against(state: Battle, caster: Unit, target: Unit, cat: Catalogue,
                 spell: SpellSpec | None = None) -> int:
    """Seed 002: Willpower dice, less the target's Knowledge for enemies; advanced Resistance
    takes one more off a troop, Decline adds one; the Temperament rule's Heed, Recognition
    and Constraint (see `temper_dice`); at least the decided minimum."""
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
    heed, recognition, constraint = temper_dice(state, caster, target, spell, cat)
    n += heed + recognition - constraint
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
    """The living units within `radius` squares (Manhattan) of `centre`, in unit order."""
    cx, cy = centre[0], centre[1]
    return tuple(u for u in state.units if u.hp > 0 and abs(u.pos[0] - cx) + abs(u.pos[1] - cy) <= radius)


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


def check_cast(state: Battle, action: Cast, cat: Catalogue) -> tuple[Unit, SpellSpec, SpellLevel, int, tuple[Unit, ...]]:
    """Every rule of a cast; IllegalAction with the reason, else (caster, spell, level, cost, targets)."""
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
