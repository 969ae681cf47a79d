"""Attacks (seed 002 "Attacking", "Advantage and First Strike", "Retaliation and annihilation").

- Strikes: one d10 per hit point (commanders by their table), +3 with an advantage.
- A strike succeeds when its roll is at most attack - defence (0: all miss, 10+: all hit).
- Damage = successes, at most the maximum damage: 10 (decided), less terrain (forest 2,
  crater 1, wall 4, navy on water 3, higher ground 1) and less 2 when a ground
  non-archer strikes a flyer. Wind Shield takes 2 off ranged damage afterwards.
- Advantage: grunt > spear > mounted > grunt; anti-air and archers > flyers (not the
  Winged Serpent for archers). The side with the advantage strikes first and its
  damage lands before the other strikes back.
- Retaliation: the defender strikes back when the attacker is within its own reach;
  both roll, then both apply damage.
- Annihilation: attack - defence of 10+, and both the strikes (one success each) and
  the terrain-only maximum damage cover the defender's health: it is destroyed at once and rolls revenge strikes, 1 damage per 10.
"""

from __future__ import annotations

from core.commanders.content import Catalogue
from core.commanders.derived import (
    attack_of, attack_range, defence_of, magic_attack, on_water, spec_of, strike_dice, tags_of,
)
from core.commanders.effects import damage
from core.commanders.events import Annihilation, StrikesRolled
from core.commanders.state import Battle, Unit
from core.rng import Dice
from core.squaregrid import manhattan

TRIANGLE: tuple[tuple[str, str], ...] = (("grunt", "spear"), ("spear", "mounted"), ("mounted", "grunt"))


def advantage(state: Battle, striker: Unit, target: Unit, cat: Catalogue) -> bool:
    """Seed 002: grunt beats spear, spear beats mounted, mounted beats grunt; anti-air and archers beat flyers."""
    mine, theirs = tags_of(striker, cat), tags_of(target, cat)
    for strong, weak in TRIANGLE:
        if strong in mine and weak in theirs:
            return True
    if "air" in theirs:
        if "anti_air" in mine:
            return True
        if "archer" in mine and not getattr(spec_of(target, cat), "no_bow_weakness", False):
            return True
    return False


def success_needed(attack: int, defence: int) -> int:
    """The highest d10 roll that succeeds: attack - defence, clipped to 0..10."""
    return max(0, min(10, attack - defence))


def terrain_cap(state: Battle, striker: Unit, target: Unit, cat: Catalogue) -> tuple[int, tuple[str, ...]]:
    """Maximum damage after terrain only (the annihilation check uses this one)."""
    cap = cat.rules.base_max_damage
    reasons = []
    terrain = cat.terrain[state.board.terrain_at(target.pos)]
    if terrain.cap_reduction:
        cap -= terrain.cap_reduction
        reasons.append(f"{terrain.name} -{terrain.cap_reduction}")
    if terrain.navy_cap_reduction and "navy" in tags_of(target, cat):
        if not ("navy" in tags_of(striker, cat) and on_water(state, striker)):
            cap -= terrain.navy_cap_reduction
            reasons.append(f"navy in water -{terrain.navy_cap_reduction}")
    if state.board.height_at(target.pos) > state.board.height_at(striker.pos):
        cap -= cat.rules.elevation_cap_reduction
        reasons.append(f"higher ground -{cat.rules.elevation_cap_reduction}")
    return max(0, cap), tuple(reasons)


def damage_cap(state: Battle, striker: Unit, target: Unit, cat: Catalogue,
               terrain: tuple[int, tuple[str, ...]] | None = None) -> tuple[int, tuple[str, ...]]:
    """Terrain cap (`terrain`, when already worked out), less 2 when a ground unit that is
    no archer strikes a flyer."""
    cap, reasons = terrain if terrain is not None else terrain_cap(state, striker, target, cat)
    mine = tags_of(striker, cat)
    if "air" in tags_of(target, cat) and "air" not in mine and "archer" not in mine:
        cap -= cat.rules.air_cap_reduction
        reasons = reasons + (f"striking a flyer -{cat.rules.air_cap_reduction}",)
    return max(0, cap), reasons


def reach(state: Battle, unit: Unit, cat: Catalogue) -> tuple[int, int]:
    """(range, attack penalty) of the unit from where it stands."""
    return attack_range(state, unit, cat)


def in_reach(state: Battle, unit: Unit, frm: tuple[int, int], target_pos: tuple[int, int], cat: Catalogue) -> bool:
    """Whether `unit`, standing at `frm`, reaches `target_pos`: at least a square away and within
    its range there (which only the square's being water or not changes: `attack_range`)."""
    rng = attack_range(state, unit, cat, water=state.board.terrain_at(frm) == "water")[0]
    d = manhattan(frm, target_pos)
    return 1 <= d <= rng


def strike_numbers(state: Battle, striker: Unit, target: Unit, cat: Catalogue, adv: bool | None = None) -> dict:
    """Everything a strike uses, before rolling (for the preview and for the roll), and the
    terrain-only cap the annihilation check compares; `adv`: the striker's advantage over
    the target, when already worked out."""
    magic = magic_attack(striker, cat)
    att = attack_of(state, striker, cat)
    distance = manhattan(striker.pos, target.pos)
    rng, penalty = reach(state, striker, cat)
    if distance > 1 and penalty:
        att -= penalty
    dfn = defence_of(state, target, cat, magic)
    if adv is None:
        adv = advantage(state, striker, target, cat)
    terrain = terrain_cap(state, striker, target, cat)
    cap, reasons = damage_cap(state, striker, target, cat, terrain)
    # Temperament rule, Judgement: a commander striking (or striking back) with an advantage
    judgement = state.leaders[striker.leader].temper.advantage_strikes if (adv and striker.role == "commander" and state.temperament) else 0
    shield = target.status("wind_shield")
    reduction = shield.amount if (shield and distance > 1) else 0
    return {
        "attack": att, "defence": dfn, "needed": success_needed(att, dfn), "magic": magic,
        "dice": strike_dice(striker, cat) + (cat.rules.advantage_strikes if adv else 0) + judgement,
        "advantage": cat.rules.advantage_strikes if adv else 0, "cap": cap, "reasons": reasons,
        "reduction": reduction, "judgement": judgement, "terrain_cap": terrain[0],
    }


def strikes(dice: Dice, striker: Unit, target: Unit, retaliation: bool, first: bool, n: dict) -> tuple[Dice, StrikesRolled]:
    """The striker's strikes at the target rolled with `dice`, by its strike_numbers `n`:
    the dice after them, and the roll."""
    rolls, dice = dice.rolls(n["dice"], 10)
    successes = sum(1 for r in rolls if r <= n["needed"])
    dealt = max(0, min(successes, n["cap"]) - n["reduction"])
    event = StrikesRolled(
        striker.uid, target.uid, rolls, n["attack"], n["defence"], n["needed"], n["advantage"], successes,
        n["cap"], dealt, n["reduction"], retaliation, first, n["magic"], n["judgement"],
    )
    return dice, event


def can_retaliate(state: Battle, defender: Unit, attacker: Unit, cat: Catalogue) -> bool:
    if defender.hp <= 0 or attacker.hp <= 0 or defender.status("sleep") is not None:
        return False
    return in_reach(state, defender, defender.pos, attacker.pos, cat)


def annihilates(state: Battle, attacker: Unit, defender: Unit, cat: Catalogue, n: dict | None = None) -> bool:
    """Seed 002: attack 10 more than defence "and the damage is enough to destroy the enemy unit".

    The damage an attack can do is its strikes (one a hit point, commanders by their
    table, + advantage strikes), each success 1, at most the terrain-only maximum.
    `n`: the attacker's strike_numbers on this state, when already worked out.
    """
    if n is None:
        n = strike_numbers(state, attacker, defender, cat)
    return (n["attack"] - n["defence"] >= cat.rules.annihilation_difference
            and min(n["terrain_cap"], n["dice"]) >= defender.hp)


def resolve_attack(state: Battle, attacker_uid: int, defender_uid: int, events: list, cat: Catalogue) -> Battle:
    """One attack with retaliation, first strike or annihilation; returns the state after damage.

    A new battle is made a blow, not a roll: the attack's mark (hit_troops) and the dice each
    roll leaves go into the state the blow's damage makes. Nothing read between a roll and
    its damage (numbers, reach, advantage) looks at either."""
    attacker, defender = state.units[attacker_uid], state.units[defender_uid]
    mark = {"hit_troops": state.hit_troops + ((attacker_uid, defender.leader),)}
    # Worked out once: the advantages (they read the two units' types alone), and each side's
    # numbers while it is unhurt (a unit's strikes follow its hit points, so a striker hurt
    # first has its numbers worked out again).
    att_adv = advantage(state, attacker, defender, cat)
    def_adv = advantage(state, defender, attacker, cat)
    n_att = strike_numbers(state, attacker, defender, cat, att_adv)
    if annihilates(state, attacker, defender, cat, n_att):
        adv = cat.rules.advantage_strikes if def_adv else 0
        rolls, dice = state.dice.rolls(strike_dice(defender, cat) + adv, 10)
        revenge = sum(1 for r in rolls if r >= cat.rules.revenge_face)
        events.append(Annihilation(attacker_uid, defender_uid, rolls, revenge))
        state = damage(state, defender_uid, defender.hp, "annihilation", events, by=attacker_uid, dice=dice, **mark)
        return damage(state, attacker_uid, revenge, "revenge", events, by=defender_uid)
    answer = can_retaliate(state, defender, attacker, cat)
    if def_adv and not att_adv and answer:
        dice, ev = strikes(state.dice, defender, attacker, True, True, strike_numbers(state, defender, attacker, cat, def_adv))
        events.append(ev)
        state = damage(state, attacker_uid, ev.damage, "strikes", events, by=defender_uid, dice=dice, **mark)
        attacker = state.units[attacker_uid]
        if attacker.hp > 0:
            defender = state.units[defender_uid]
            dice, ev = strikes(dice, attacker, defender, False, False, strike_numbers(state, attacker, defender, cat, att_adv))
            events.append(ev)
            state = damage(state, defender_uid, ev.damage, "strikes", events, by=attacker_uid, dice=dice)
        return state
    if att_adv and not def_adv:
        dice, ev = strikes(state.dice, attacker, defender, False, True, n_att)
        events.append(ev)
        state = damage(state, defender_uid, ev.damage, "strikes", events, by=attacker_uid, dice=dice, **mark)
        defender = state.units[defender_uid]
        if answer and defender.hp > 0:
            attacker = state.units[attacker_uid]
            dice, ev = strikes(dice, defender, attacker, True, False, strike_numbers(state, defender, attacker, cat, def_adv))
            events.append(ev)
            state = damage(state, attacker_uid, ev.damage, "strikes", events, by=defender_uid, dice=dice)
        return state
    dice, first = strikes(state.dice, attacker, defender, False, False, n_att)
    events.append(first)
    second = None
    if answer:
        dice, second = strikes(dice, defender, attacker, True, False, strike_numbers(state, defender, attacker, cat, def_adv))
        events.append(second)
    state = damage(state, defender_uid, first.damage, "strikes", events, by=attacker_uid, dice=dice, **mark)
    if second is not None:
        state = damage(state, attacker_uid, second.damage, "strikes", events, by=defender_uid)
    return state
