"""Who brings which army: the premade armies, and putting an army on a side of a scenario.

seed 001: "Agree on a point total. Make an army that costs that many points."
A scenario is that agreement: its own army for a side states the side's point
total, so an army brought in instead may cost at most that many points, and it
must fit the side's deployment squares (every square of a Big unit counts).
"""

from __future__ import annotations

from pathlib import Path

import attrs

from core.errors import ContentError, Problem
from core.statwar import content
from core.statwar.setup import Setup
from core.statwar.specs import Army


def army_files() -> list[Path]:
    """The bundled armies, by file name."""
    return sorted((content.bundled_root() / content.FOLDERS["army"]).glob("*.toml"))


def army_summary(army: Army) -> str:
    count = len(army.units)
    return f"{army.cost} of {army.points} points, {count} unit{'s' if count != 1 else ''}"


def fit_problems(setup: Setup, side: int, army: Army, source: str) -> list[Problem]:
    """Every reason `army` cannot take `side`'s place in `setup`; [] when it fits."""
    if not 0 <= side < len(setup.armies):
        return [Problem(source, "(side)", f"this battle has sides 1 to {len(setup.armies)}, not {side + 1}")]
    out: list[Problem] = []
    total = setup.armies[side].points
    if army.cost > total:
        out.append(Problem(source, "points", f"the army costs {army.cost} points; this battle is fought at {total} a side"))
    need, room = sum(u.squares for u in army.units), len(setup.board.deploy_squares(side))
    if need > room:
        out.append(Problem(source, "units", f"needs {need} squares to deploy; side {side + 1} has {room}"))
    return out


def with_army(setup: Setup, side: int, army: Army, source: str = "") -> Setup:
    found = fit_problems(setup, side, army, source or army.name)
    if found:
        raise ContentError(found)
    armies = list(setup.armies)
    armies[side] = army
    return attrs.evolve(setup, armies=tuple(armies))


def army_from_document(data: object, where: str) -> Army:
    """An army as a save records it (its unit designs written out), checked by the rules an
    army file is: every design by its own design rules (stats within their caps), the cost
    within the army's points; raises ContentError naming `where` and the field."""
    from core.content import structure

    army = structure(data, Army, where)
    found = [
        Problem(where, f"units[{i}].{field}", reason) for i, unit in enumerate(army.units) for field, reason in unit.problems()
    ]
    if not found and army.cost > army.points:
        found.append(Problem(where, "units", f"the army costs {army.cost} points; the agreed total is {army.points}"))
    if found:
        raise ContentError(found)
    return army
