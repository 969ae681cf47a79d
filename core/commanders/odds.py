"""The odds of an attack in full, for the preview (seed 002 "Attacking", "Retaliation and
annihilation"): the attack and defence by their named parts, the chance per die, the damage
range and expected damage, and the defender's answer. Pure: the numbers the roll uses
(combat.strike_numbers), with the binomial spread of the successes on top.
"""

from __future__ import annotations

from math import comb

import attrs

from core.commanders.combat import advantage, annihilates, can_retaliate, strike_numbers
from core.commanders.content import Catalogue
from core.commanders.derived import (
    attack_range, command_range, commander_attack, commander_defence, in_command, spec_of,
)
from core.commanders.state import Battle, Unit
from core.squaregrid import manhattan
from core.words import count


@attrs.frozen(slots=True)
class StrikeOdds:
    """One side's strikes in an exchange, before rolling."""

    striker: int
    target: int
    dice: int  # d10s rolled
    needed: int  # a die of 1..needed succeeds
    cap: int  # maximum damage
    reduction: int  # taken off afterwards (Wind Shield against ranged strikes)
    first: bool  # lands before the other side strikes

    @property
    def chance(self) -> float:
        """Chance one die succeeds."""
        return self.needed / 10

    def damage(self, successes: int) -> int:
        return max(0, min(successes, self.cap) - self.reduction)

    @property
    def low(self) -> int:
        return self.damage(self.dice if self.needed >= 10 else 0)

    @property
    def high(self) -> int:
        return self.damage(self.dice if self.needed > 0 else 0)

    @property
    def expected(self) -> float:
        """Expected damage: the successes' binomial spread through the cap and the reduction."""
        p = self.chance
        return sum(comb(self.dice, k) * p**k * (1 - p) ** (self.dice - k) * self.damage(k) for k in range(self.dice + 1))


def attack_parts(state: Battle, unit: Unit, cat: Catalogue) -> tuple[tuple[str, int], ...]:
    """The unit's attack by named parts (they sum to derived.attack_of), with the command
    bonus it lacks named at 0 when outside its commander's range."""
    leader = state.leaders[unit.leader]
    if unit.role == "commander":
        parts = [(f"{unit.kind} attack", commander_attack(leader.commander, cat))]
    else:
        parts = [(f"{unit.kind} attack", spec_of(unit, cat).attack)]
        bonus = leader.commander.attributes.offence
        if in_command(state, unit, cat):
            parts.append(("commander's Offence (in command range)", bonus))
        elif bonus:
            parts.append((f"no Offence +{bonus}: outside command range {command_range(leader.commander, cat)}", 0))
    parts += [(f"{s.name} spell", s.amount) for s in unit.statuses if s.name == "attack"]
    return tuple(parts)


def defence_parts(state: Battle, unit: Unit, cat: Catalogue, magic: bool = False) -> tuple[tuple[str, int], ...]:
    """The unit's defence by named parts (they sum to derived.defence_of)."""
    leader = state.leaders[unit.leader]
    if unit.role == "commander":
        parts = [(f"{unit.kind} defence", commander_defence(leader.commander, cat))]
    else:
        parts = [(f"{unit.kind} defence", spec_of(unit, cat).defence)]
        attributes = leader.commander.attributes
        bonus, word = (attributes.knowledge, "Knowledge") if magic else (attributes.armour, "Armour")
        if in_command(state, unit, cat):
            parts.append((f"commander's {word} (in command range)", bonus))
        elif bonus:
            parts.append((f"no {word} +{bonus}: outside command range {command_range(leader.commander, cat)}", 0))
    parts += [(f"{s.name} spell", s.amount) for s in unit.statuses if s.name == "defence"]
    return tuple(parts)


def sum_words(parts) -> str:
    """Named parts as a sum: "Bowman attack 8 +2 commander's Offence (in command range)"; a
    part worth nothing is a note in brackets ("(no Offence +2: outside command range 3)")."""
    words = []
    for i, (what, value) in enumerate(parts):
        if i == 0:
            words.append(f"{what} {value}")
        elif value:
            words.append(f"{value:+d} {what}")
        else:
            words.append(f"({what})")
    return " ".join(words)


def strike_odds(state: Battle, striker: Unit, target: Unit, cat: Catalogue, first: bool) -> StrikeOdds:
    n = strike_numbers(state, striker, target, cat)
    return StrikeOdds(striker.uid, target.uid, n["dice"], n["needed"], n["cap"], n["reduction"], first)


def exchange(state: Battle, attacker: Unit, defender: Unit, cat: Catalogue) -> tuple[StrikeOdds, StrikeOdds | None]:
    """The attack's strikes and the defender's answer (None when it cannot strike back), each
    marked when it lands first (combat.resolve_attack's order). `attacker` stands where it
    will strike from."""
    att_adv = advantage(state, attacker, defender, cat)
    def_adv = advantage(state, defender, attacker, cat)
    answer = can_retaliate(state, defender, attacker, cat)
    defender_first = def_adv and not att_adv and answer
    attack = strike_odds(state, attacker, defender, cat, att_adv and not def_adv)
    back = strike_odds(state, defender, attacker, cat, defender_first) if answer else None
    return attack, back


def hits_on(needed: int) -> str:
    """Which d10 rolls succeed, in words: "hits on 1-6"; none when attack does not exceed defence."""
    return f"hits on 1-{needed}" if needed > 0 else "no roll can hit"


def attack_lines(state: Battle, attacker: Unit, defender: Unit, cat: Catalogue, name) -> tuple[str, ...]:
    """The preview of an attack in words: every number the decision needs, every modifier named."""
    n = strike_numbers(state, attacker, defender, cat)
    attack, back = exchange(state, attacker, defender, cat)
    lines = [f"{count(attack.dice, 'strike')} (d10), {hits_on(attack.needed)} ({attack.needed * 10}% each): "
             f"attack {n['attack']} - defence {n['defence']}"]
    parts = list(attack_parts(state, attacker, cat))
    rng, penalty = attack_range(state, attacker, cat)
    if penalty and manhattan(attacker.pos, defender.pos) > 1:
        parts.append((f"ranged strike at reach {rng}", -penalty))
    lines.append(f"attack {n['attack']} = {sum_words(parts)}")
    lines.append(f"defence {n['defence']} = {sum_words(defence_parts(state, defender, cat, n['magic']))}")
    cap = f"maximum damage {n['cap']}" + (f" ({', '.join(n['reasons'])})" if n["reasons"] else "")
    if n["reduction"]:
        cap += f", then -{n['reduction']} (wind shield)"
    lines.append(cap)
    if annihilates(state, attacker, defender, cat):
        lines.append(f"annihilation: {name(defender.uid)} is destroyed at once, then rolls revenge strikes (1 damage per 10)")
        return tuple(lines)
    lines.append(f"damage {attack.low}-{attack.high}, expected {attack.expected:.1f} of {name(defender.uid)}'s {defender.hp} HP"
                 + (" (strikes first)" if attack.first else ""))
    if back is None:
        lines.append(f"no strike back: {name(defender.uid)} cannot reach this square")
    elif back.needed == 0:
        lines.append(f"strike back: {back.dice} d10, none can hit (attack not above defence)")
    else:
        dice = f"at most {back.dice} d10 (1 fewer per damage taken first)" if attack.first else f"{back.dice} d10"
        lines.append(f"strike back: {dice}, each hits on 1-{back.needed} ({back.needed * 10}%), damage {back.low}-{back.high}, "
                     f"expected {back.expected:.1f} of {attacker.hp} HP" + (" (strikes first)" if back.first else ""))
    return tuple(lines)


def summary_line(state: Battle, attacker: Unit, defender: Unit, cat: Catalogue) -> str:
    """The attack in one line, for the top of a narrow odds panel: dice and the chance per
    die, the damage range and expected damage, the strike back in the same terms, and the
    attacker's own HP. attack_lines name every modifier after it."""
    you = f"you: {attacker.hp}/{attacker.hp_max} HP"
    if annihilates(state, attacker, defender, cat):
        return f"annihilation: destroyed at once, then revenge strikes; {you}"
    attack, back = exchange(state, attacker, defender, cat)
    words = [f"{attack.dice} d10 at {attack.needed * 10}%, damage {attack.low}-{attack.high}, expected {attack.expected:.1f}"]
    if back is None:
        words.append("no strike back")
    else:
        most = "at most " if attack.first else ""
        when = "back first" if back.first else "back"  # the answer lands before the attack
        words.append(f"{when} {most}{back.dice} d10 at {back.needed * 10}%, damage {back.low}-{back.high}, "
                     f"expected {back.expected:.1f}")
    return "; ".join(words + [you])
