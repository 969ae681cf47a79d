"""What players read: the board view, cell and unit panels, log lines and order names."""

from __future__ import annotations

from core.hexgrid import FACING_NAMES, Hex, direction_between, distance, hex_to_offset, offset_to_hex
from core.ninja.actions import OrderAction, OrderMove, Submit
from core.ninja.attacks import hit_chance, missile_range, modifiers, needed
from core.ninja.content import Catalogue
from core.ninja.effects import describe as describe_effect
from core.ninja.effects import flags
from core.ninja.events import (
    ActionFailed,
    AttackRedirected,
    AttackRolled,
    BattleEnded,
    ChiRegained,
    DamageDealt,
    DamagePrevented,
    Dodging,
    EffectApplied,
    EffectEnded,
    JutsuCast,
    MoveBlocked,
    OrderSealed,
    PhaseResolved,
    Rested,
    SideSubmitted,
    SmokeSpread,
    TerrainChanged,
    UnitDied,
    UnitMoved,
    UnitPushed,
)
from core.ninja.movement import mode_points, plan
from core.ninja.odds import answer_odds, bolt_odds, damage_range, expected_damage, guard_taking, melee_odds, missile_odds
from core.ninja.state import Battle
from core.ninja.terrain import elevation_at, occupant, smoky, terrain_at
from core.view import BoardView, CellView, UnitView
from core.words import cell, count, place


def where(h: Hex) -> str:
    col, row = hex_to_offset(h)
    return cell(col, row)


def board_view(state: Battle, cat: Catalogue) -> BoardView:
    cells = []
    for row in range(state.board.height):
        for col in range(state.board.width):
            h = offset_to_hex(col, row)
            key = terrain_at(state, h)
            effects = ("smoke",) if smoky(state, h) else ()
            cells.append(CellView(key, cat.rules.terrain[key].glyph, elevation_at(state, h), effects))
    units = []
    for u in state.units:
        if u.hp <= 0:
            continue
        glyph = cat.schools[u.school].glyph
        glyph = glyph.upper() if u.side % 2 else glyph
        extra = (("smk",) if smoky(state, u.hex) else ()) + (() if u.mode == "stand" else (u.mode,))
        units.append(UnitView(u.uid, u.side, u.name, glyph, (hex_to_offset(u.hex),), u.hp, u.hp_max, u.facing, flags(u.effects) + extra))
    return BoardView("hex", state.board.width, state.board.height, tuple(cells), tuple(units))


def describe_cell(state: Battle, cat: Catalogue, col: int, row: int) -> str:
    h = offset_to_hex(col, row)
    if not state.board.contains(h):
        return "off the map"
    key = terrain_at(state, h)
    parts = [f"{cell(col, row)} {key}, elevation {elevation_at(state, h)}"]
    if smoky(state, h):
        s = next(s for s in state.smoke if s.hex == h)
        parts.append(f"smoke for {count(s.rounds, 'round')}")
    uid = occupant(state, h)
    if uid >= 0:
        u = state.units[uid]
        parts.append(f"{u.name} of {state.side_names[u.side]} ({u.hp}/{u.hp_max} health)")
    return "; ".join(parts)


def unit_details(state: Battle, cat: Catalogue, uid: int) -> tuple[str, ...]:
    u = state.units[uid]
    school = cat.schools[u.school]
    # the numbers a decision needs first: a narrow panel shows them before it must scroll
    lines = [
        f"health {u.hp}/{u.hp_max}, chi {u.chi}/{u.chi_max}",
        f"at {where(u.hex)} facing {FACING_NAMES[u.facing]}, this round: {u.mode}",
        f"melee damage {cat.melee_damage(u.school, u.points)}: {', '.join(cat.weapons[w].name for w in school.melee)}",
        f"missile damage {cat.missile_damage(u.school, u.points)}, range {missile_range(cat, u.school)[0]}, "
        f"{u.ammo} left: {cat.weapons[school.missile].name}",
        f"{school.name} school ({school.style}), {count(u.points, 'point')}, {state.side_names[u.side]}",
    ]
    for key in u.jutsu:
        j = school.jutsu[key]
        lines.append(f"jutsu {j.name} ({j.cost}{j.kind}): {j.text}")
    for e in u.effects:
        lines.append(describe_effect(e))
    for cloud in state.smoke:
        if cloud.hex == u.hex:
            lines.append(f"in smoke (-1 to hit, -2 to be hit), {count(cloud.rounds, 'round')} left")
    if u.hp <= 0:
        lines.append("fallen")
    return tuple(lines)


def _name(state: Battle, uid: int) -> str:
    return state.units[uid].name if 0 <= uid < len(state.units) else f"unit {uid}"


def describe_action(state: Battle, cat: Catalogue, action, here: tuple[int, int] | None = None) -> str:
    """The action's name in the log and menus; with `here` (a map cell, column and row), a
    hex of it on that cell is said "here" (core.words.place)."""
    if isinstance(action, Submit):
        return f"{state.side_names[action.side]} seals its orders"
    if isinstance(action, OrderMove):
        to = place("to", *hex_to_offset(Hex(action.q, action.r)), here)
        return f"{_name(state, action.unit)}: {action.mode} {to} facing {FACING_NAMES[action.facing]}"
    if isinstance(action, OrderAction):
        who = _name(state, action.unit)
        targets = ", ".join(_name(state, t) for t in action.targets)
        if action.act == "melee":
            return f"{who}: melee {targets}"
        if action.act == "missile":
            return f"{who}: throw at {targets}"
        if action.act == "jutsu":
            j = cat.schools[state.units[action.unit].school].jutsu[action.jutsu]
            at = f" at {targets}" if targets else (f" {place('at', *hex_to_offset(Hex(*action.place)), here)}" if action.place else "")
            return f"{who}: {j.name}{at}"
        return f"{who}: {action.act}"
    return repr(action)


def _plan_of(state: Battle, cat: Catalogue, action):
    """The plan resolution will follow for a movement order (None for anything else)."""
    if not isinstance(action, OrderMove) or action.mode == "stand":
        return None
    return plan(state, cat, state.units[action.unit], action.mode, Hex(action.q, action.r), action.facing, route=action.steps)


def _plural(n: int, word: str) -> str:
    return count(n, word)


def move_cost_line(state: Battle, cat: Catalogue, action) -> str | None:
    """The points a movement order spends out of its mode's allowance, with what they buy.

    Seed 000: a turn of one hex-side costs 1 (free when jumping), a backward step 2 a
    terrain point, a jump 1 more per level climbed. E.g. "walk: 4 of 5 movement points
    (3 hexes, 1 turn)"; a turn on the spot "walk: 1 of 5 movement points (1 turn)"."""
    p = _plan_of(state, cat, action)
    if p is None:
        return None
    u = state.units[action.unit]
    hexes = turns = backward = climbs = 0
    here, facing = u.hex, u.facing
    for q, r, f in p.steps:
        h = Hex(q, r)
        if h != here:
            hexes += 1
            if p.mode == "walk" and direction_between(here, h) == (facing + 3) % 6:
                backward += 1
            if p.mode == "jump":
                climbs += max(0, elevation_at(state, h) - elevation_at(state, here))
        elif f != facing and p.mode != "jump":
            turns += 1
        here, facing = h, f
    parts = [_plural(hexes, "hex")] if hexes else []
    if turns:
        parts.append(_plural(turns, "turn"))
    if backward:
        parts.append(f"{backward} backward")
    if climbs:
        parts.append(f"{_plural(climbs, 'level')} climbed")
    points = mode_points(cat, u, p.mode)
    return f"{p.mode}: {p.cost} of {points} movement points ({', '.join(parts)})"


def move_path(state: Battle, cat: Catalogue, action) -> tuple[tuple[int, int], ...]:
    """The map cells of a movement order's plan, start to end (the steps resolution takes)."""
    p = _plan_of(state, cat, action)
    if p is None or not p.steps:
        return ()
    cells = [hex_to_offset(state.units[action.unit].hex)]
    for q, r, _ in p.steps:
        cell = hex_to_offset(Hex(q, r))
        if cell != cells[-1]:
            cells.append(cell)
    return tuple(cells) if len(cells) > 1 else ()


def explain_action(state: Battle, cat: Catalogue, action) -> tuple[str, ...]:
    """The odds of each attack in an order, with every modifier known now (movement of the
    coming phase aside, which nobody knows until resolution); a movement order's cost."""
    if isinstance(action, OrderMove):
        line = move_cost_line(state, cat, action)
        return (describe_action(state, cat, action),) + ((line,) if line else ())
    if not isinstance(action, OrderAction) or action.act not in ("melee", "missile", "jutsu"):
        return (describe_action(state, cat, action),)
    u = state.units[action.unit]
    lines = [describe_action(state, cat, action)]
    if action.act == "jutsu":
        spec = cat.schools[u.school].jutsu[action.jutsu]
        lines.append(f"{spec.name} ({spec.cost}{spec.kind}, {u.chi} chi left): {spec.text}")
        if not spec.offensive or spec.target not in ("enemy", "melee", "missile"):
            return tuple(lines)
        if spec.effect == "weapon_melee":
            rolls = melee_odds(state, cat, action.unit, action.targets[0], spec.damage, spec.to_hit) if action.targets else ()
        elif spec.effect == "weapon_missile":
            rolls = missile_odds(state, cat, action.unit, action.targets, spec.damage, spec.to_hit)
        elif spec.effect == "bolt" and action.targets:
            rolls = bolt_odds(state, cat, action.unit, action.targets[0], spec.damage, spec.to_hit, spec.name)
        else:  # an offensive jutsu that rolls no attack of its own: the chance to hit each target
            rolls = ()
            for t in action.targets:
                mods = modifiers(state, cat, action.unit, t, ())
                need = needed(cat, mods)
                words = ", ".join(f"{n} {v:+d}" for n, v in mods) or "no modifiers"
                lines.append(f"vs {_name(state, t)}: needs {need}+ on a d10 read 0-9 ({hit_chance(cat, need):.0%}); {words}")
            return tuple(lines)
    elif action.act == "melee":
        rolls = melee_odds(state, cat, action.unit, action.targets[0]) if action.targets else ()
    else:
        rolls = missile_odds(state, cat, action.unit, action.targets)
    lines.insert(1, odds_summary(state, cat, action.unit, rolls))
    return tuple(lines) + attack_odds_lines(state, cat, action.unit, rolls, melee=action.act == "melee" or (
        action.act == "jutsu" and cat.schools[u.school].jutsu[action.jutsu].effect == "weapon_melee"))


def odds_summary(state: Battle, cat: Catalogue, uid: int, rolls) -> str:
    """The attack in one line, for the top of a narrow odds panel: each roll's chance, the
    damage range and expected damage, the melee the target could answer with this phase,
    and the attacker's own health, chi and ammunition. The lines after it name every
    modifier."""
    u = state.units[uid]
    low, high = damage_range(rolls)
    hits = "/".join(f"{r.chance:.0%}" for r in rolls) or "no roll"
    words = [f"{hits} to hit, damage {low}-{high}, expected {expected_damage(rolls):.1f}"]
    answers = [a for t in dict.fromkeys(r.target for r in rolls) for a in answer_odds(state, cat, uid, t)]
    if answers:
        back_low, back_high = damage_range(answers)
        words.append(f"melee back {'/'.join(f'{a.chance:.0%}' for a in answers)}, damage {back_low}-{back_high}, "
                     f"expected {expected_damage(answers):.1f}")
    else:
        words.append("no melee back")
    words.append(f"you: health {u.hp}/{u.hp_max}, chi {u.chi}/{u.chi_max}, ammo {u.ammo}")
    return "; ".join(words)


def attack_odds_lines(state: Battle, cat: Catalogue, uid: int, rolls, melee: bool) -> tuple[str, ...]:
    """Per target: the roll needed with every modifier, each weapon's chance and damage, the
    damage range and expected damage, a guard taking the attack, and the melee answer."""
    lines: list[str] = []
    for t in dict.fromkeys(r.target for r in rolls):
        mine = tuple(r for r in rolls if r.target == t)
        target = state.units[t]
        need = mine[0].needed
        words = ", ".join(f"{n} {v:+d}" for n, v in mine[0].modifiers) or "no modifiers"
        lines.append(f"vs {_name(state, t)} ({target.hp}/{target.hp_max} health): needs {need}+ on a d10 read 0-9 "
                     f"({hit_chance(cat, need):.0%}); {words}")
        for r in mine:
            poison = f" and poison {r.poison}" if r.poison else ""
            lines.append(f"{r.weapon}: {r.chance:.0%} to hit for {r.damage} damage{poison}")
        low, high = damage_range(mine)
        lines.append(f"damage {low}-{high}, expected {expected_damage(mine):.1f}")
        guard = guard_taking(state, t)
        if guard >= 0 and guard != uid:
            lines.append(f"{_name(state, guard)} covers {_name(state, t)}: the attack goes to {_name(state, guard)}")
        if melee:
            answer = answer_odds(state, cat, uid, t)
            if answer:
                low, high = damage_range(answer)
                lines.append(f"if {_name(state, t)} melees back this phase: {_plural(len(answer), 'roll')} at "
                             + ", ".join(f"{r.chance:.0%}" for r in answer)
                             + f", damage {low}-{high}, expected {expected_damage(answer):.1f} of {state.units[uid].hp} health")
            else:
                lines.append(f"{_name(state, t)} cannot reach back in melee from where it stands")
    return tuple(lines)


def describe_event(state: Battle, cat: Catalogue, ev) -> str:
    n = lambda uid: _name(state, uid)  # noqa: E731
    if isinstance(ev, OrderSealed):
        return f"{state.side_names[ev.side]} gives {n(ev.unit)} a sealed order"
    if isinstance(ev, SideSubmitted):
        return f"{state.side_names[ev.side]} has sealed its orders"
    if isinstance(ev, UnitMoved):
        spent = f" ({ev.cost}/{count(ev.points, 'point')})" if ev.points else ""
        if ev.start == ev.end:
            return f"{n(ev.unit)} stays at {where(ev.end)} and turns to face {FACING_NAMES[ev.facing]}" + spent
        how = "vanishes and reappears" if ev.mode == "jutsu" else f"{ev.mode}s"
        return f"{n(ev.unit)} {how} from {where(ev.start)} to {where(ev.end)}, facing {FACING_NAMES[ev.facing]}" + spent
    if isinstance(ev, MoveBlocked):
        return f"{n(ev.unit)} is blocked by {n(ev.blocker)} at {where(ev.wanted)} and stops at {where(ev.at)}"
    if isinstance(ev, AttackRolled):
        mods = ", ".join(f"{m} {v:+d}" for m, v in ev.modifiers) or "no modifiers"
        verdict = "hits" if ev.hit else "misses"
        return f"{n(ev.attacker)} attacks {n(ev.target)} with {ev.source}: rolled {ev.roll}, needed {ev.needed} ({mods}): {verdict}"
    if isinstance(ev, DamageDealt):
        return f"{n(ev.unit)} takes {ev.amount} from {ev.cause}: health {ev.hp_before} -> {ev.hp_after}"
    if isinstance(ev, DamagePrevented):
        return f"{n(ev.unit)} is invincible: {ev.amount} damage from {ev.cause} ignored"
    if isinstance(ev, AttackRedirected):
        return f"{n(ev.guard)} covers {n(ev.target)} and takes the attack instead"
    if isinstance(ev, UnitDied):
        return f"{n(ev.unit)} falls"
    if isinstance(ev, JutsuCast):
        j = cat.schools[state.units[ev.unit].school].jutsu[ev.jutsu]
        burned = f" and burns {ev.hp_burned} health" if ev.hp_burned else ""
        return f"{n(ev.unit)} casts {j.name} for {ev.chi_spent} chi{burned}"
    if isinstance(ev, ActionFailed):
        return f"{n(ev.unit)}: {ev.reason}"
    if isinstance(ev, EffectApplied):
        return f"{n(ev.unit)} is {ev.effect} for {count(ev.rounds, 'round')}" + (f" (strength {ev.amount})" if ev.amount else "")
    if isinstance(ev, EffectEnded):
        return f"{n(ev.unit)} is no longer {ev.effect}"
    if isinstance(ev, TerrainChanged):
        return f"the {ev.before} at {where(ev.at)} becomes {ev.after}"
    if isinstance(ev, SmokeSpread):
        return f"{n(ev.unit)} fills {count(ev.hexes, 'hex')} with smoke for {count(ev.rounds, 'round')}"
    if isinstance(ev, UnitPushed):
        return f"{n(ev.unit)} is blown from {where(ev.start)} to {where(ev.end)}"
    if isinstance(ev, Rested):
        return f"{n(ev.unit)} rests: +{ev.chi_gained} chi, +{ev.hp_gained} health"
    if isinstance(ev, Dodging):
        return f"{n(ev.unit)} dodges ({ev.modifier:+d} to be hit this round)"
    if isinstance(ev, ChiRegained):
        return f"{n(ev.unit)} regains {ev.amount} chi"
    if isinstance(ev, PhaseResolved):
        return f"round {ev.round}: {ev.phase} resolved"
    if isinstance(ev, BattleEnded):
        who = state.side_names[ev.winner] if ev.winner >= 0 else "nobody"
        return f"the battle is over: {who} wins ({ev.reason})"
    return repr(ev)
