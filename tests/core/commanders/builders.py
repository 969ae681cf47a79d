"""Build small Commanders battles by hand for rule tests."""

from __future__ import annotations

import attrs

from core.commanders.ruleset import RULESET
from core.commanders.commander import Attributes, Buffs, Commander, SkillRank
from core.commanders.derived import max_mp
from core.commanders.state import Battle, Board, Leader, Unit
from core.rng import Dice
from core.squaregrid import Square

CAT = RULESET.catalogue  # the catalogue every rule test reads


def make_commander(class_name: str = "Warrior", skills: dict | None = None, spells=(), troop=(), attributes=(0, 0, 0, 0), **kw) -> Commander:
    cls = CAT.classes[class_name]
    kw.setdefault("major_attribute", "offence")
    kw.setdefault("minor_attribute", "armour")
    recruitable = tuple(dict.fromkeys(cls.units + tuple(troop)))
    return Commander(
        "commanders", "commander", f"Test {class_name}", class_name, Attributes(*attributes),
        skills=tuple(SkillRank(n, t) for n, t in (skills or {}).items()), spells=tuple(spells),
        recruitable=recruitable, troop=tuple(troop), **kw,
    )


def make_board(rows: list[str], heights: list[str] | None = None) -> Board:
    symbols = CAT.terrain_by_symbol()
    terrain = tuple(symbols[ch].name for row in rows for ch in row)
    elev = tuple(int(ch) for row in heights for ch in row) if heights else (0,) * len(terrain)
    return Board("test", len(rows[0]), len(rows), terrain, elev)


def make_battle(rows: list[str], placements: list[tuple], seed: int = 7, heights=None) -> Battle:
    """placements: (commander, side, (x, y), [(unit name, (x, y)), ...]); the first acts first."""
    units: list[Unit] = []
    leaders: list[Leader] = []
    for index, (commander, side, at, troop) in enumerate(placements):
        uid = len(units)
        hp = CAT.rules.commander_health
        units.append(Unit(uid, side, index, commander.class_name, "commander", Square(*at), hp, hp))
        mp = max_mp(commander, cat=CAT)
        leaders.append(Leader(index, side, uid, commander, mp, mp))
        for name, pos in troop:
            hp = CAT.rules.unit_health
            units.append(Unit(len(units), side, index, name, "troop", Square(*pos), hp, hp, mp=CAT.units[name].max_mp))
    return Battle(board=make_board(rows, heights), units=tuple(units), leaders=tuple(leaders),
                  queue=tuple(range(len(leaders))), turn=0, dice=Dice.from_seed(seed))


def with_unit(state: Battle, uid: int, **changes) -> Battle:
    units = list(state.units)
    units[uid] = attrs.evolve(units[uid], **changes)
    return attrs.evolve(state, units=tuple(units))


def with_leader(state: Battle, index: int, **changes) -> Battle:
    leaders = list(state.leaders)
    leaders[index] = attrs.evolve(leaders[index], **changes)
    return attrs.evolve(state, leaders=tuple(leaders))


OPEN = ["." * 12] * 8

__all__ = ["CAT", "make_commander", "make_board", "make_battle", "with_unit", "with_leader", "OPEN", "Buffs"]
