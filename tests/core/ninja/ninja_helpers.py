"""Small hand-built battles for rule tests: an open map and ninja placed by hand."""

from __future__ import annotations

import attrs

from core.hexgrid import Hex, offset_to_hex
from core.ninja.ruleset import RULESET
from core.ninja.state import Battle, Board, Unit
from core.rng import Dice

CAT = RULESET.cat


def board(rows: list[str] | None = None, elevation: list[str] | None = None, width: int = 12, height: int = 10) -> Board:
    rows = rows or ["." * width] * height
    elevation = elevation or ["0" * len(rows[0])] * len(rows)
    glyphs = CAT.glyph_terrain()
    return Board("test", len(rows[0]), len(rows), tuple(glyphs[c] for r in rows for c in r), tuple(int(c) for r in elevation for c in r))


def ninja(uid: int, side: int, school: str, points: int, at: tuple[int, int], facing: int = 0, **kw) -> Unit:
    hp = CAT.health(school, points)
    jutsu = kw.pop("jutsu", tuple(k for k, j in CAT.schools[school].jutsu.items() if j.cost <= points))
    return Unit(uid=uid, side=side, name=f"{school}{uid}", school=school, points=points, hex=offset_to_hex(*at), facing=facing,
                hp=hp, hp_max=hp, chi=CAT.chi(points), chi_max=CAT.chi(points), ammo=CAT.schools[school].ammo, jutsu=tuple(jutsu), **kw)


def battle(units: list[Unit], b: Board | None = None, seed: int = 7, phase: str = "movement", sides: int = 2) -> Battle:
    return Battle(Dice.from_seed(seed), 1, tuple(f"side {i}" for i in range(sides)), b or board(), tuple(units), 20,
                  phase=phase, submitted=tuple(False for _ in range(sides)))


def with_unit(state: Battle, uid: int, **changes) -> Battle:
    units = list(state.units)
    units[uid] = attrs.evolve(units[uid], **changes)
    return attrs.evolve(state, units=tuple(units))


def at(col: int, row: int) -> Hex:
    return offset_to_hex(col, row)


ROWS = ["..T.....~.", "..TT....~.", "....1...~.", ".......~..", "..T....~..", ".......~.."]


def small_battle(seed: int, sides: int = 2, round_limit: int = 4) -> Battle:
    """Two ninja a side (2 to 4 sides) on a 10x6 map with trees, a stream and a knoll."""
    rows = [r.replace("1", ".") for r in ROWS]
    elevation = ["0000110000", "0001210000", "0000110000", "0000000000", "0000000000", "0000000000"]
    spots = [((0, 0), (0, 2)), ((9, 5), (9, 3)), ((9, 0), (6, 0)), ((0, 5), (3, 5))]
    schools = [("ash", "tortoise"), ("vine", "marsh"), ("salt", "gale"), ("flower", "snowflake")]
    units = []
    for side in range(sides):
        for k in range(2):
            units.append(ninja(len(units), side, schools[side][k], 2 + k, spots[side][k], 0 if side % 2 == 0 else 3))
    s = battle(units, board(rows, elevation), seed=seed, sides=sides)
    return attrs.evolve(s, round_limit=round_limit)


