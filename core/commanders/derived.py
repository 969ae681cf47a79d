"""Derived numbers: a unit's attack, defence, move and range in the battle, and a commander's MP.

Seed 002 "Attributes and command range": Offence adds to the troop's attack,
Armour to its defence against normal attacks, Knowledge to its defence against
magic attacks; only inside the command range (3, +1 basic Leadership, + buffs).
The commander itself fights with its class's numbers, Combat expertise and its
minor buffs: attributes reach the troop, not the commander (see docs/RULES.md).
"""

from __future__ import annotations

from core.commanders.commander import Commander
from core.commanders.content import Catalogue, ClassSpec, UnitSpec
from core.commanders.state import Battle, Leader, Unit
from core.squaregrid import manhattan

NEGATIVE_STATUSES: tuple[str, ...] = ("sleep", "silence", "poison", "thorns", "decline")
POSITIVE_STATUSES: tuple[str, ...] = ("defence", "attack", "haste", "wind_shield", "resist")


def command_range(commander: Commander, cat: Catalogue) -> int:
    return cat.rules.command_range + (1 if commander.skill_tier("Leadership") >= 1 else 0) + commander.buffs.command_range


def max_mp(commander: Commander, cat: Catalogue) -> int:
    """Decided base MP plus seed 002's +5 per Knowledge point, plus buffs."""
    return cat.rules.base_mp + cat.rules.mp_per_knowledge * commander.attributes.knowledge + commander.buffs.max_mp


def class_of(commander: Commander, cat: Catalogue) -> ClassSpec:
    return cat.classes[commander.class_name]


def commander_attack(commander: Commander, cat: Catalogue) -> int:
    return class_of(commander, cat).attack + commander.skill_tier("Combat expertise") + commander.buffs.attack


def commander_defence(commander: Commander, cat: Catalogue) -> int:
    return class_of(commander, cat).defence + commander.skill_tier("Combat expertise") + commander.buffs.defence


# the triangle's types (seed 002 "Advantage and First Strike") a commander takes from its class
COMMANDER_TYPES = ("grunt", "spear", "mounted")


def spec_of(unit: Unit, cat: Catalogue) -> UnitSpec | ClassSpec:
    return cat.classes[unit.kind] if unit.role == "commander" else cat.units[unit.kind]


def tags_of(unit: Unit, cat: Catalogue) -> tuple[str, ...]:
    """The unit's type tags. A commander is of the types its class is printed with in the
    triangle (seed 002: "[Knight] (Grunt/Mount type)" is grunt and mounted), air for
    flying classes and navy for sea classes; its other class tags describe what it leads."""
    spec = spec_of(unit, cat)
    if unit.role != "commander":
        return spec.tags
    out = [t for t in spec.tags if t in COMMANDER_TYPES]
    if spec.flying:
        out.append("air")
    if spec.navy:
        out.append("navy")
    return tuple(out)


def in_command(state: Battle, unit: Unit, cat: Catalogue) -> bool:
    """Troop units and summons inside their commander's command range receive its attribute bonuses."""
    if unit.role == "commander":
        return False
    leader = state.leaders[unit.leader]
    boss = state.units[leader.uid]
    if boss.hp <= 0:
        return False
    return manhattan(unit.pos, boss.pos) <= command_range(leader.commander, cat)


def status_amount(unit: Unit, name: str) -> int:
    s = unit.status(name)
    return s.amount if s else 0


def attack_of(state: Battle, unit: Unit, cat: Catalogue) -> int:
    leader = state.leaders[unit.leader]
    if unit.role == "commander":
        base = commander_attack(leader.commander, cat)
    else:
        base = spec_of(unit, cat).attack
        if in_command(state, unit, cat):
            base += leader.commander.attributes.offence
    return base + status_amount(unit, "attack")


def defence_of(state: Battle, unit: Unit, cat: Catalogue, magic: bool = False) -> int:
    """Defence against an attack; `magic` when the attacker has a magic attack (Knowledge, not Armour)."""
    leader = state.leaders[unit.leader]
    if unit.role == "commander":
        base = commander_defence(leader.commander, cat)
    else:
        base = spec_of(unit, cat).defence
        if in_command(state, unit, cat):
            attrs_ = leader.commander.attributes
            base += attrs_.knowledge if magic else attrs_.armour
    return base + status_amount(unit, "defence")


def magic_attack(unit: Unit, cat: Catalogue) -> bool:
    return bool(spec_of(unit, cat).magic_attack)


def on_water(state: Battle, unit: Unit) -> bool:
    return state.board.terrain_at(unit.pos) == "water"


def speeds(state: Battle, unit: Unit, cat: Catalogue) -> tuple[int, int]:
    """(move, land move): land move equals move except for navy units (seed 002 "Special movement")."""
    spec = spec_of(unit, cat)
    extra = status_amount(unit, "haste") - status_amount(unit, "thorns")
    if unit.role == "commander":
        extra += state.leaders[unit.leader].commander.buffs.movement
    move = max(0, spec.move + extra)
    land = max(0, spec.land_move + extra) if spec.land_move else move
    return move, min(land, move)


def attack_range(state: Battle, unit: Unit, cat: Catalogue, water: bool | None = None) -> tuple[int, int]:
    """(range, attack penalty). 1 is melee. Archery expertise lengthens troop shots; at expert
    a melee troop unit may shoot at range 4 with attack -4 (seed 002 skills). Where the unit
    stands matters only by whether it is water: `water` says so for another square than the
    unit's own (the range it would have there)."""
    spec = spec_of(unit, cat)
    if unit.role == "commander":
        return 1, 0
    base = spec.range
    if water is None:
        water = on_water(state, unit)
    if spec.land_range and not water:
        base = spec.land_range
    tier = state.leaders[unit.leader].commander.skill_tier("Archery expertise")
    if base > 0:
        return base + min(tier, 2), 0
    if tier >= 3:
        return cat.rules.expert_archery_range, cat.rules.expert_archery_penalty
    return 1, 0


def strike_dice(unit: Unit, cat: Catalogue) -> int:
    """Seed 002: one d10 per hit point; commanders by their own table (10 HP -> 10 dice ... 1 HP -> 5)."""
    if unit.hp <= 0:
        return 0
    if unit.role == "commander":
        table = cat.rules.commander_strike_dice
        return table[min(unit.hp, len(table)) - 1]
    return unit.hp


def leader_of(state: Battle, unit: Unit) -> Leader:
    return state.leaders[unit.leader]


def spell_cost(commander: Commander | None, school: str, mp: int, cat: Catalogue) -> int:
    """Seed 002: each magic skill tier takes 1 MP off its school's spells (decided: never below 1)."""
    if commander is None:
        return mp
    tier = commander.skill_tier(cat.magic_skill(school))
    return max(1, mp - tier)


def max_spell_level(commander: Commander, school: str, cat: Catalogue) -> int:
    """Level 1 for everyone; levels 2, 3, 4 need basic, advanced, expert magic of the school."""
    return 1 + commander.skill_tier(cat.magic_skill(school))
