"""Experience between battles: what each commander did in a finished battle, and its file after.

The battle state counts, on each `Leader`, the enemy units and enemy commanders
its troop (the commander and a summon included) defeated. `tallies` turns a final
state into one `progression.BattleTally` per commander, and `carry_over` adds
the experience they earn to the commander records the battle started from, so a
commander file can be saved back after the battle (levels are then taken with
`progression.level_up`). `starting_commanders` gives those records back from a
battle's first state, with the optional Temperament rule's buffs taken off.
"""

from __future__ import annotations

import attrs

from core.commanders.commander import Commander
from core.commanders.progression import RULES, BattleTally, ProgressionRules, award, experience_for
from core.commanders.state import Battle
from core.commanders.turn import outcome


def starting_commanders(initial_state: Battle) -> tuple[Commander, ...]:
    """The commanders a battle began with, in scenario order, as their files hold them.

    Each `Leader.commander` is the commander as the battle set it up; with the
    Temperament rule the set-up folded the temperament's attack, defence and
    movement into its buffs (and kept them on `Leader.temper`). They are taken back
    off here, so what `carry_over` returns saves as the loaded file plus experience.
    """
    out = []
    for leader in initial_state.leaders:
        commander = leader.commander
        if initial_state.temperament:
            b, t = commander.buffs, leader.temper
            buffs = attrs.evolve(b, attack=b.attack - t.attack, defence=b.defence - t.defence,
                                 movement=b.movement - t.movement)
            commander = attrs.evolve(commander, buffs=buffs)
        out.append(commander)
    return tuple(out)


def tallies(final_state: Battle) -> dict[int, BattleTally]:
    """One tally per commander, keyed by its index in the scenario (the leader index).

    `won` is true for the commanders of the winning side once the battle has an
    outcome; a battle stopped early (or drawn) wins nobody the victory bonus.
    """
    result = outcome(final_state)
    winner = result.winner if result is not None else None
    return {
        leader.index: BattleTally(
            units_defeated=leader.units_defeated,
            commanders_defeated=leader.commanders_defeated,
            won=winner is not None and leader.side == winner,
            took_part=True,
        )
        for leader in final_state.leaders
    }


def experience_lines(final_state: Battle, rules: ProgressionRules = RULES) -> dict[int, tuple[int, tuple[str, ...]]]:
    """For the end screen: each commander's experience gained and one line per source."""
    return {index: experience_for(tally, rules) for index, tally in tallies(final_state).items()}


def carry_over(final_state: Battle, commanders: tuple[Commander, ...] | list[Commander],
               rules: ProgressionRules = RULES) -> tuple[Commander, ...]:
    """The commanders (in scenario order, as loaded: not the battle's temperament-buffed copies)
    with the experience this battle earned them added."""
    if len(commanders) != len(final_state.leaders):
        raise ValueError(f"{len(final_state.leaders)} commanders fought; {len(commanders)} given")
    counted = tallies(final_state)
    return tuple(award(commander, counted[i], rules) for i, commander in enumerate(commanders))
