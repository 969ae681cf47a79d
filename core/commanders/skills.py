"""Skills that act in the battle: Rally and the end-of-turn MP regeneration (seed 002 "Skills").

Magic cost reductions and spell levels live in derived.py, Pathfinding in
movement.py, Resistance in spells.py, Archery and Combat expertise in derived.py,
Leadership in derived.py (command range) and commander.py (troop size and mix).
"""

from __future__ import annotations

from core.commanders.content import Catalogue
from core.commanders.derived import spec_of
from core.commanders.effects import heal, remove_status, set_leader
from core.commanders.events import MPRestored, Rallied
from core.commanders.state import Battle, Unit, leader_with


def can_rally(state: Battle, commander: Unit) -> bool:
    return state.leaders[commander.leader].commander.skill_tier("Rally") >= 1


def rally(state: Battle, commander: Unit, events: list, cat: Catalogue) -> Battle:
    """Basic: every troop unit heals up to 3; advanced: +2 MP; Rally also lifts silence (seed 002 Mute)."""
    leader = state.leaders[commander.leader]
    skill = cat.skills["Rally"]
    tier = leader.commander.skill_tier("Rally")
    healed = 0
    for unit in state.troop_of(leader.index):
        if unit.role != "commander":
            state, gained = heal(state, unit.uid, skill.amounts[0])
            healed += gained
    for unit in state.troop_of(leader.index):
        state = remove_status(state, unit.uid, "silence", "rallied", events)
    mp = 0
    if tier >= 2:
        leader = state.leaders[leader.index]
        mp = min(skill.amounts[1], leader.mp_max - leader.mp)
        state = set_leader(state, leader_with(leader, mp=leader.mp + mp))
    events.append(Rallied(leader.index, healed, mp))
    return state


def regen(state: Battle, leader_index: int, events: list, cat: Catalogue) -> Battle:
    """End of the commander's turn: Mysticism expertise 1/2/3 MP, and 1 MP per living manahoar unit."""
    leader = state.leaders[leader_index]
    mysticism = leader.commander.skill_tier("Mysticism expertise")
    if mysticism:
        gained = min(cat.skills["Mysticism expertise"].amounts[mysticism - 1], leader.mp_max - leader.mp)
        if gained:
            leader = leader_with(leader, mp=leader.mp + gained)
            events.append(MPRestored(leader.index, gained, "Mysticism expertise"))
    mana = sum(getattr(spec_of(u, cat), "mp_regen", 0) for u in state.troop_of(leader_index) if u.role != "commander")
    gained = min(mana, leader.mp_max - leader.mp)
    if gained:
        leader = leader_with(leader, mp=leader.mp + gained)
        events.append(MPRestored(leader.index, gained, "manahoar"))
    return state if leader is state.leaders[leader_index] else set_leader(state, leader)
