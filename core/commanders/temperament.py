"""The optional Temperament rule: seven personality scores and their small battle effects.

Seed 002 ends with a fragment naming seven personality stats and the role each
maps to. The project turns it into an optional rule (off by default, switched
on per scenario): the quiz answers raise the scores (each answer's
`temperament` list in scenarios/commanders/quiz.toml), and a score at or above
each threshold of `[temperament] thresholds` gives one step of its effect:

| score       | seed role              | one step gives the commander                                  |
| ----------- | ---------------------- | ------------------------------------------------------------- |
| Passion     | Aggression/Attack      | +1 attack                                                     |
| Sympathy    | Defensive/Tank         | +1 defence                                                    |
| Heed        | Buff/Support           | +1 magic die on spells cast at allies                         |
| Recognition | Debuff/Stall           | +1 magic die on spells without damage cast at enemies         |
| Constraint  | Resistance/Survival    | enemy spells cast at the commander's troop roll 1 die fewer   |
| Discretion  | Movement/Mobility      | +1 movement                                                   |
| Judgement   | Critical/Weak point    | +1 strike when attacking or retaliating with advantage        |

The effects are for the commander only (not its units): a small nudge, never
a class's worth of power.
"""

from __future__ import annotations

import attrs

NAMES = ("passion", "sympathy", "heed", "recognition", "constraint", "discretion", "judgement")
ROLES = (
    "Aggression/Attack",
    "Defensive/Tank",
    "Buff/Support",
    "Debuff/Stall",
    "Resistance/Survival",
    "Movement/Mobility",
    "Critical/Weak point",
)


@attrs.frozen
class Temperament:
    """The seven scores, in the seed's order."""

    passion: int = 0
    sympathy: int = 0
    heed: int = 0
    recognition: int = 0
    constraint: int = 0
    discretion: int = 0
    judgement: int = 0

    def scores(self) -> tuple[int, ...]:
        return tuple(getattr(self, name) for name in NAMES)


@attrs.frozen
class TemperamentModifiers:
    """What the battle engine adds for one commander when the Temperament rule is on."""

    attack: int = 0  # Passion: the commander's attack
    defence: int = 0  # Sympathy: the commander's defence
    ally_spell_dice: int = 0  # Heed: extra dice for the commander's spells at allies
    debuff_spell_dice: int = 0  # Recognition: extra dice for its non-damage spells at enemies
    dice_against_troop: int = 0  # Constraint: dice removed from enemy spells at its troop
    movement: int = 0  # Discretion: the commander's movement
    advantage_strikes: int = 0  # Judgement: extra strikes when it strikes with advantage


def steps(score: int, thresholds: tuple[int, ...]) -> int:
    """How many thresholds a score reaches."""
    return sum(1 for t in thresholds if score >= t)


def modifiers(temperament: Temperament, thresholds: tuple[int, ...]) -> TemperamentModifiers:
    """The battle modifiers of a commander's temperament (see the table in the module doc)."""
    s = [steps(v, thresholds) for v in temperament.scores()]
    return TemperamentModifiers(
        attack=s[0],
        defence=s[1],
        ally_spell_dice=s[2],
        debuff_spell_dice=s[3],
        dice_against_troop=s[4],
        movement=s[5],
        advantage_strikes=s[6],
    )


_EFFECT_WORDS = (
    "attack +{n}",
    "defence +{n}",
    "+{n} magic dice on spells at allies",
    "+{n} magic dice on non-damage spells at enemies",
    "enemy spells at the troop roll {n} fewer dice",
    "movement +{n}",
    "+{n} strikes with advantage",
)


def describe(temperament: Temperament, thresholds: tuple[int, ...]) -> tuple[str, ...]:
    """One line per score: its value, its role and the effect it gives."""
    out = []
    for name, role, value, words in zip(NAMES, ROLES, temperament.scores(), _EFFECT_WORDS):
        n = steps(value, thresholds)
        effect = words.format(n=n) if n else "no effect"
        out.append(f"{name.capitalize()} {value} ({role}): {effect}")
    return tuple(out)


def temperament_of(commander) -> Temperament:
    """The scores a Commander record carries (missing ones count 0; unknown names are ignored)."""
    given = {s.name: s.value for s in commander.temperament}
    return Temperament(**{name: given.get(name, 0) for name in NAMES})


def battle_modifiers(commander, thresholds: tuple[int, ...]) -> TemperamentModifiers:
    """What the battle engine applies for `commander` when the scenario turns Temperament on.

    `thresholds` are the quiz file's `[temperament] thresholds` (the catalogue carries them).
    """
    return modifiers(temperament_of(commander), thresholds)


def with_temperament(commander, thresholds: tuple[int, ...]):
    """The commander with its temperament's attack, defence and movement folded into its buffs.

    The battle set-up may call this for every commander when the scenario turns
    Temperament on: the engine already adds buffs to the commander's attack,
    defence and movement, so those three effects need no other change. The
    spell dice and advantage strikes still come from `battle_modifiers`.
    """
    m = battle_modifiers(commander, thresholds)
    b = commander.buffs
    buffs = attrs.evolve(b, attack=b.attack + m.attack, defence=b.defence + m.defence, movement=b.movement + m.movement)
    return attrs.evolve(commander, buffs=buffs)
