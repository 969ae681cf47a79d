"""The spell casts offered to a player: every castable spell and level with its sensible targets.

`apply` accepts any legal cast; this list offers the ones a menu can show:
single and party spells at every valid unit, numeric areas centred on units,
summons next to the caster, Burn as a line or block over an enemy, Chain
Lightning as a nearest-next chain from each enemy in range, Teleport next to an
enemy commander and Return beside the caster.
"""

from __future__ import annotations

from core.commanders.actions import Cast
from core.commanders.content import Catalogue
from core.commanders.spells import check_cast, cost_of, known_spells, mp_of, spell_range
from core.commanders.state import Battle, Unit
from core.errors import IllegalAction
from core.squaregrid import Square, manhattan

BURN_SHAPES: dict[int, tuple[tuple[tuple[int, int], ...], ...]] = {
    3: (((-1, 0), (0, 0), (1, 0)), ((0, -1), (0, 0), (0, 1))),
    6: (tuple((dx, dy) for dy in (0, 1) for dx in (-1, 0, 1)), tuple((dx, dy) for dy in (-1, 0, 1) for dx in (0, 1))),
    9: (tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)),),
}


def casters(state: Battle) -> list[Unit]:
    leader = state.leader_now
    out = [state.units[leader.uid]]
    if leader.summon >= 0 and state.units[leader.summon].hp > 0:
        out.append(state.units[leader.summon])
    return [u for u in out if u.hp > 0]


def cast_actions(state: Battle, cat: Catalogue, distinct: bool = False) -> list[Cast]:
    """Every cast offered. With `distinct` (the AI's list), of the casts of one spell level
    centred on different squares (`centred`) that reach the same units, only the first:
    such casts do the same to the battle (the centre only picks the units), so a player
    weighing them all would weigh one cast many times (61 Decline centres reached 2 sets
    of units at 64 a side)."""
    out: list[Cast] = []
    for caster in casters(state):
        for name, top in known_spells(state, caster, cat):
            spell = cat.spells[name]
            for level in spell.level:
                if level.level > top or cost_of(state, caster, spell, level, cat) > mp_of(state, caster):
                    continue
                reached: set | None = set() if distinct and centred(spell, level) else None
                for action in _candidates(state, caster, spell, level, cat):
                    try:
                        targets = check_cast(state, action, cat)[4]
                    except IllegalAction:
                        continue
                    if reached is not None:
                        uids = tuple(u.uid for u in targets)
                        if uids in reached:
                            continue
                        reached.add(uids)
                    out.append(action)
    return out


def centred(spell, level) -> bool:
    """Whether `level` of `spell` is cast around a centre square that only picks the units
    it reaches (a numeric area, the last kind `_candidates` offers)."""
    return (spell.effect not in ("summon", "burn", "chain", "teleport", "return")
            and not level.party and level.area != "1")


def _candidates(state: Battle, caster: Unit, spell, level, cat: Catalogue):
    side = caster.side
    reach = spell_range(state, caster, level)
    units = [u for u in state.living() if manhattan(u.pos, caster.pos) <= reach]
    base = dict(side=side, caster=caster.uid, spell=spell.name, level=level.level)
    effect = spell.effect
    if effect == "summon":
        free = [Square(caster.pos[0] + dx, caster.pos[1] + dy) for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))]
        return [Cast(**base, square=sq) for sq in free if state.board.inside(sq) and state.unit_at(sq) is None]
    if effect == "burn":
        out = []
        for enemy in units:
            if enemy.side == side:
                continue
            for shape in BURN_SHAPES.get(level.selected, ()):
                squares = tuple(Square(enemy.pos[0] + dx, enemy.pos[1] + dy) for dx, dy in shape)
                out.append(Cast(**base, squares=squares))
        return out
    if effect == "chain":
        out = []
        for first in units:
            if first.side == side:
                continue
            chain = [first]
            while len(chain) < level.selected:
                prev = chain[-1]
                nxt = sorted(
                    (u for u in state.living() if u.side != side and u not in chain and manhattan(u.pos, prev.pos) <= level.hop),
                    key=lambda u: (manhattan(u.pos, prev.pos), u.uid),
                )
                if not nxt:
                    break
                chain.append(nxt[0])
            out.append(Cast(**base, squares=tuple(Square(*u.pos) for u in chain)))
        return out
    if effect in ("teleport", "return"):
        out = []
        own = [u for u in units if u.role == "commander" and u.side == side]
        if effect == "teleport":
            spots = []
            for enemy in state.living():
                if enemy.role == "commander" and enemy.side != side:
                    spots.extend(Square(enemy.pos[0] + dx, enemy.pos[1] + dy) for dx, dy in ((0, -2), (2, 0), (0, 2), (-2, 0)))
        else:
            spots = [Square(caster.pos[0] + dx, caster.pos[1] + dy) for dx, dy in ((0, -2), (2, 0), (0, 2), (-2, 0))]
        for commander in own:
            out.extend(Cast(**base, target=commander.uid, square=sq) for sq in spots)
        return out
    if level.party:
        return [Cast(**base, target=u.uid) for u in units if u.role == "commander"]
    if level.area == "1":
        return [Cast(**base, target=u.uid) for u in units]
    return [Cast(**base, square=Square(*u.pos)) for u in units]
