"""Hits, deaths, riders set down and Suicide Bomb chains.

Works on a mutable list copy of the units inside one `apply` call; the caller
turns it back into a tuple. Every change emits the event that explains it.
"""

from __future__ import annotations

from collections import deque

from core.squaregrid import Square
from core.statwar.events import BlastHit, BombExploded, RiderSetDown, UnitAttacked, UnitDied
from core.statwar.geometry import gap
from core.statwar.specs import UnitSpec, fits
from core.statwar.state import NO_UNIT, Unit, unit_with


def hit_damage(damage: int, armor: int) -> int:
    """seed 001: "attacker Damage - defender Armor damage"; three against three or more does none."""
    return max(0, damage - armor)


class Fight:
    """The units being changed by one action, the events so far, and the pending blasts."""

    def __init__(self, units: tuple[Unit, ...], designs: tuple[UnitSpec, ...]) -> None:
        self.units = list(units)
        self.designs = designs
        self.events: list = []
        # (bomb, x, y, size, chain, on_purpose): chain 0 is the first blast of the action
        self.blasts: deque[tuple[int, int, int, int, int, bool]] = deque()

    def spec(self, uid: int) -> UnitSpec:
        return self.designs[self.units[uid].design]

    def credit(self, uid: int, dealt: int) -> None:
        u = self.units[uid]
        self.units[uid] = unit_with(u, damage_dealt=u.damage_dealt + dealt)

    def attack(self, attacker: int, target: int, distance: int) -> None:
        a_spec, t_spec = self.spec(attacker), self.spec(target)
        t = self.units[target]
        dealt = min(t.health, hit_damage(a_spec.damage, t_spec.armor))
        after = t.health - dealt
        self.events.append(
            UnitAttacked(attacker, target, a_spec.damage, t_spec.armor, dealt, t.health, after, distance, a_spec.reach)
        )
        self.units[target] = unit_with(t, health=after)
        self.credit(attacker, dealt)
        if after == 0:
            self.die(target, attacker)
        self.run_blasts()

    def detonate(self, bomb: int) -> None:
        """seed 001: "Units with Suicide Bomb can die intentionally"."""
        u = self.units[bomb]
        self.units[bomb] = unit_with(u, health=0)
        self.die(bomb, NO_UNIT, on_purpose=True)
        self.run_blasts()

    def die(self, uid: int, killer: int, on_purpose: bool = False, chain: int = 0) -> None:
        """Remove a unit at 0 Health: set its riders down, then queue its blast if it carries a bomb."""
        self.events.append(UnitDied(uid, killer))
        dead = self.units[uid]
        spec = self.spec(uid)
        x, y, size = dead.x, dead.y, spec.size
        if dead.riding != NO_UNIT:
            mount = self.units[dead.riding]
            x, y, size = mount.x, mount.y, self.spec(mount.uid).size
        self.set_riders_down(uid)
        if spec.suicide_bomb:
            self.blasts.append((uid, x, y, size, chain, on_purpose))

    def set_riders_down(self, mount: int) -> None:
        """Decision (docs/RULES.md): riders of a dead mount stand where it stood, packed as they rode."""
        m = self.units[mount]
        riders = [u.uid for u in self.units if u.riding == mount and u.health > 0]
        if not riders:
            return
        offsets = fits(self.spec(mount).size, tuple(self.spec(r).size for r in riders))
        if offsets is None:  # capacity is checked when mounting, so riders always fit
            offsets = tuple((0, 0) for _ in riders)
        for r, (ox, oy) in zip(riders, offsets):
            at = Square(m.x + ox, m.y + oy)
            self.units[r] = unit_with(self.units[r], riding=NO_UNIT, x=at.x, y=at.y)
            self.events.append(RiderSetDown(r, mount, at))

    def run_blasts(self) -> None:
        """Resolve queued blasts first in, first out; a bomb killed by a blast joins the end of the queue.

        seed 001: "Does its damage to all units on its square and adjacent squares
        upon death." Friends are hit too; riders are not (they cannot be attacked).
        Within one blast, units are hit in id order.
        """
        while self.blasts:
            bomb, x, y, size, chain, on_purpose = self.blasts.popleft()
            damage = self.spec(bomb).damage
            self.events.append(BombExploded(bomb, damage, on_purpose, chain))
            for t in list(self.units):
                if t.uid == bomb or not (t.health > 0 and t.placed and t.riding == NO_UNIT):
                    continue
                t_spec = self.designs[t.design]
                if gap(x, y, size, t.x, t.y, t_spec.size) > 1:
                    continue
                dealt = min(t.health, hit_damage(damage, t_spec.armor))
                after = t.health - dealt
                self.events.append(BlastHit(bomb, t.uid, damage, t_spec.armor, dealt, t.health, after))
                self.units[t.uid] = unit_with(t, health=after)
                self.credit(bomb, dealt)
                if after == 0:
                    self.die(t.uid, bomb, chain=chain + 1)
