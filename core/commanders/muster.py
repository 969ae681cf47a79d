"""Who leads which side: the premade commanders, and putting a commander on a side of a scenario.

A Commanders side is its commanders, each with a troop (seed 002: a commander
"leads" its units). A commander brought in takes the first commander place of
its side, or the nearest free square within 5 where it can stand (a mounted
commander is not set down in the sea place of a navy one); its troop stands on
the nearest free squares around it, since the squares the scenario lists are
for the troop of the commander it replaces. The commander and its troop must
find room there, or the commander is refused.
"""

from __future__ import annotations

from pathlib import Path

import attrs

from core.commanders.commander import Commander
from core.commanders.content import Catalogue
from core.commanders.setup import Setup, commanders_dir, new_battle, standing_square
from core.errors import ContentError, Problem


def army_files() -> list[Path]:
    """The bundled commanders, by file name."""
    return sorted(commanders_dir().glob("*.toml"))


def army_summary(commander: Commander) -> str:
    troop = ", ".join(commander.troop) or "no troop"
    return f"level {commander.level} {commander.class_name}; troop: {troop}"


def side_place(setup: Setup, side: int) -> int | None:
    """The index of `side`'s first commander place, None if the side has none."""
    return next((i for i, p in enumerate(setup.scenario.commander) if p.side == side), None)


def setup_armies(setup: Setup) -> tuple[Commander, ...]:
    """The commander in each side's first place (the one a brought commander replaces)."""
    out = []
    for side in range(len(setup.scenario.sides)):
        index = side_place(setup, side)
        if index is not None:
            out.append(setup.commanders[index])
    return tuple(out)


def with_army(setup: Setup, side: int, commander: Commander, cat: Catalogue, source: str = "") -> Setup:
    source = source or commander.name
    index = side_place(setup, side)
    if index is None:
        raise ContentError([Problem(source, "(side)", f"side {side + 1} has no commander place in this battle")])
    places = list(setup.scenario.commander)
    place = places[index]
    spec = cat.classes[commander.class_name]
    taken = {tuple(p.at) for i, p in enumerate(places) if i != index}
    taken |= {tuple(s) for i, p in enumerate(places) if i != index for s in p.troop_at}
    at = standing_square(setup.board, spec, tuple(place.at), taken, cat)
    if at is None:
        where = setup.board.terrain_at(tuple(place.at))
        raise ContentError([Problem(source, "(class)", f"a {commander.class_name} cannot stand on the {where} at {tuple(place.at)}, and no square within 5 where it can is free")])
    places[index] = attrs.evolve(place, at=at, troop_at=())
    commanders = list(setup.commanders)
    commanders[index] = commander
    placed = attrs.evolve(setup, scenario=attrs.evolve(setup.scenario, commander=tuple(places)), commanders=tuple(commanders))
    state, _ = new_battle(placed, 0, cat)
    standing = sum(1 for u in state.units if u.leader == index and u.role == "troop")
    if standing < len(commander.troop):
        raise ContentError([Problem(source, "troop", f"{len(commander.troop)} troop units; only {standing} free squares near side {side + 1}'s commander place")])
    return placed
