"""The battle state of Commanders: frozen records, tuples, dice inside.

The line between a commander and its troop: every commander is itself a unit
on the board (role "commander") and owns one `Leader` record (its file, MP,
initiative, summon, Burn field). Troop units (role "troop") and a summoned
creature (role "summon") point at their leader by index. Attribute bonuses
reach troop units only, and only inside the leader's command range.
"""

from __future__ import annotations

import attrs

from core.commanders.commander import Commander
from core.commanders.temperament import TemperamentModifiers
from core.records import replacer
from core.rng import Dice
from core.squaregrid import Square

ROLES: tuple[str, ...] = ("commander", "troop", "summon")


@attrs.frozen(slots=True, cache_hash=True)
class Board:
    """The static map, shared by every state of a battle: terrain names and elevation, row-major.

    Its hash is kept (it is part of the movement memo's key and never changes)."""

    name: str
    width: int
    height: int
    terrain: tuple[str, ...]
    elevation: tuple[int, ...]

    def inside(self, sq: tuple[int, int]) -> bool:
        return 0 <= sq[0] < self.width and 0 <= sq[1] < self.height

    def terrain_at(self, sq: tuple[int, int]) -> str:
        return self.terrain[sq[1] * self.width + sq[0]]

    def height_at(self, sq: tuple[int, int]) -> int:
        return self.elevation[sq[1] * self.width + sq[0]]


@attrs.frozen(slots=True)
class Status:
    """A spell's lasting effect on one unit.

    name: sleep, silence, poison, thorns, defence, attack, haste, wind_shield, resist, decline.
    `turns` counts the affected leader's turns still to come (poison: rounds).
    """

    name: str
    amount: int
    turns: int
    caster: int  # leader index of the caster


@attrs.frozen(slots=True)
class Unit:
    uid: int
    side: int
    leader: int  # index into Battle.leaders
    kind: str  # unit name, or the class name for a commander
    role: str  # commander, troop or summon
    pos: Square
    hp: int
    hp_max: int
    mp: int = 0  # summoned casters only; a commander's MP lives on its Leader
    statuses: tuple[Status, ...] = ()
    damage_dealt: int = 0

    @property
    def alive(self) -> bool:
        return self.hp > 0

    def status(self, name: str) -> Status | None:
        for s in self.statuses:
            if s.name == name:
                return s
        return None


@attrs.frozen(slots=True)
class Leader:
    """A commander's battle record: its file, MP, initiative roll, summon and Burn field."""

    index: int
    side: int
    uid: int  # the commander's own unit
    commander: Commander
    mp: int
    mp_max: int
    initiative: int = 0
    summon: int = -1  # uid of the living summoned creature, -1 when none
    burn: tuple[Square, ...] = ()
    burn_turns: int = 0
    burn_amount: int = 0
    temper: TemperamentModifiers = TemperamentModifiers()  # all 0 unless the scenario turns Temperament on
    units_defeated: int = 0  # enemy troop units and summons its troop (or the commander) defeated
    commanders_defeated: int = 0  # enemy commanders its troop (or the commander) defeated


@attrs.frozen(slots=True)
class Battle:
    """The root state."""

    board: Board
    units: tuple[Unit, ...]
    leaders: tuple[Leader, ...]
    queue: tuple[int, ...]  # leader indices in initiative order
    turn: int  # position in queue of the leader acting now
    dice: Dice
    round: int = 1
    side_names: tuple[str, ...] = ("Blue", "Red")
    mode: str = ""  # "": nothing done yet this turn; "move": units acting; "regroup"
    acted: tuple[int, ...] = ()  # uids that have taken their order this turn
    hit_troops: tuple[tuple[int, int], ...] = ()  # (uid, enemy leader index) attacks made this turn
    regroup: tuple[int, ...] = ()  # uids still allowed a regroup step
    max_rounds: int = 40
    scenario: str = ""
    temperament: bool = False  # the optional Temperament rule (scenario option)

    @property
    def leader_now(self) -> Leader:
        return self.leaders[self.queue[self.turn]]

    def living(self):
        return (u for u in self.units if u.hp > 0)

    def unit_at(self, sq: tuple[int, int]) -> Unit | None:
        for u in self.units:
            if u.hp > 0 and u.pos[0] == sq[0] and u.pos[1] == sq[1]:
                return u
        return None

    def troop_of(self, leader: int) -> tuple[Unit, ...]:
        """The living units a leader commands, the commander first."""
        return tuple(u for u in self.units if u.hp > 0 and u.leader == leader)


battle_with = replacer(Battle)
unit_with = replacer(Unit)
leader_with = replacer(Leader)
