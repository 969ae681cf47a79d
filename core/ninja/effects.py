"""Status effects on units (poison, blind, hamstrung, disarmed, frozen, entangled,
invincible, improved dodge, dodging, covered) and their durations.

An effect's `rounds` counts the rounds it still affects, this one included: it
drops by one at every end of round and is gone at zero. So a 3-round poison
laid in round 1 bites at the ends of rounds 1, 2 and 3.
"""

from __future__ import annotations

import attrs

from core.ninja.events import EffectApplied, EffectEnded
from core.ninja.state import Battle, Effect, replace_battle, replace_unit
from core.words import count

#: How the map and the unit panel name each effect (short flag, long words).
LABELS = {
    "poison": ("psn", "poisoned"),
    "blind": ("bld", "blinded (-2 to hit)"),
    "hamstrung": ("ham", "hamstrung (walk 4, no run or jump)"),
    "disarmed": ("dis", "disarmed (no melee)"),
    "frozen": ("frz", "frozen (half movement)"),
    "entangled": ("ent", "entangled (cannot move)"),
    "invincible": ("inv", "invincible (ignores damage)"),
    "improved_dodge": ("dg+", "improved dodge"),
    "dodging": ("dge", "dodging"),
    "covered": ("cov", "covered by a friend"),
}

STACKING = ("poison",)  # doses of poison add up; other effects refresh


def add_effect(state: Battle, uid: int, name: str, rounds: int, amount: int = 0, source: int = -1) -> tuple[Battle, list]:
    """Put `name` on unit `uid` for `rounds` rounds. Poison adds its strength to an
    existing dose (and takes the longer duration); any other effect is refreshed."""
    u = state.units[uid]
    old = u.effect(name)
    rest = tuple(e for e in u.effects if e.name != name)
    if old is not None and name in STACKING:
        new = Effect(name, max(old.rounds, rounds), old.amount + amount, source)
    elif old is not None:
        new = Effect(name, max(old.rounds, rounds), max(old.amount, amount), source)
    else:
        new = Effect(name, rounds, amount, source)
    units = list(state.units)
    units[uid] = replace_unit(u, effects=rest + (new,))
    return replace_battle(state, units=tuple(units)), [EffectApplied(uid, name, new.rounds, new.amount)]


def remove_effect(state: Battle, uid: int, name: str) -> tuple[Battle, list]:
    u = state.units[uid]
    if not u.has(name):
        return state, []
    units = list(state.units)
    units[uid] = replace_unit(u, effects=tuple(e for e in u.effects if e.name != name))
    return replace_battle(state, units=tuple(units)), [EffectEnded(uid, name)]


def tick_effects(state: Battle) -> tuple[Battle, list]:
    """End of round: every effect loses a round; those at zero end."""
    events: list = []
    units = list(state.units)
    for u in state.units:
        if not u.effects:
            continue
        kept = []
        for e in u.effects:
            if e.rounds > 1 and u.hp > 0:
                kept.append(attrs.evolve(e, rounds=e.rounds - 1))
            elif u.hp > 0:
                events.append(EffectEnded(u.uid, e.name))
        units[u.uid] = replace_unit(u, effects=tuple(kept))
    return replace_battle(state, units=tuple(units)), events


def flags(effects: tuple[Effect, ...]) -> tuple[str, ...]:
    return tuple(LABELS.get(e.name, (e.name, e.name))[0] for e in effects)


def describe(e: Effect) -> str:
    words = LABELS.get(e.name, (e.name, e.name))[1]
    strength = f", {e.amount} a round" if e.name == "poison" else ""
    return f"{words}{strength}, {count(e.rounds, 'round')} left"
