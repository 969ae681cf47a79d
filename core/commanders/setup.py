"""Map and scenario files, and building the first state of a battle from them.

A scenario names a map and places commanders (commander files) on it; each
commander's troop stands on the squares given, or on the nearest free squares.
"""

from __future__ import annotations

from pathlib import Path

import attrs

from core.commanders import temperament
from core.commanders.commander import Commander, load_commander
from core.commanders.content import Catalogue, checked
from core.commanders.derived import max_mp
from core.commanders.events import InitiativeRolled
from core.commanders.initiative import initiative_queue
from core.commanders.state import Battle, Board, Leader, Unit
from core.commanders.temperament import TemperamentModifiers
from core.content import RefusedReference, display_path, find_reference, load, scenarios_root, short, structure
from core.errors import ContentError, Problem
from core.rng import Dice
from core.serial import new_converter
from core.squaregrid import Square, neighbours4

CONVERTER = new_converter()


@attrs.frozen
class MapFile:
    ruleset: str
    kind: str
    name: str
    title: str
    rows: tuple[str, ...]
    heights: tuple[str, ...] = ()

    def problems_with(self, cat: Catalogue) -> list[tuple[str, str]]:
        """Rule checks against the catalogue's terrain symbols (field path, reason)."""
        symbols = cat.terrain_by_symbol()
        out = []
        if self.kind != "map":
            out.append(("kind", "expected 'map'"))
        if not self.rows:
            out.append(("rows", "a map needs at least one row"))
            return out
        width = len(self.rows[0])
        for y, row in enumerate(self.rows):
            if len(row) != width:
                out.append((f"rows[{y}]", f"{len(row)} squares; the first row has {width}"))
            for x, ch in enumerate(row):
                if ch not in symbols:
                    out.append((f"rows[{y}]", f"column {x}: {ch!r} is no terrain symbol ({''.join(symbols)})"))
        if self.heights:
            if len(self.heights) != len(self.rows):
                out.append(("heights", "one row of heights per row of terrain"))
            for y, row in enumerate(self.heights):
                if len(row) != width or not row.isdigit():
                    out.append((f"heights[{y}]", f"{width} digits 0-9"))
        return out

    def board(self, cat: Catalogue) -> Board:
        symbols = cat.terrain_by_symbol()
        terrain = tuple(symbols[ch].name for row in self.rows for ch in row)
        heights = tuple(int(ch) for row in self.heights for ch in row) if self.heights else (0,) * len(terrain)
        return Board(self.name, len(self.rows[0]), len(self.rows), terrain, heights)


@attrs.frozen
class Placement:
    file: str
    side: int
    at: tuple[int, int]
    troop_at: tuple[tuple[int, int], ...] = ()


@attrs.frozen
class ScenarioFile:
    ruleset: str
    kind: str
    name: str
    title: str
    summary: str
    map: str
    commander: tuple[Placement, ...]
    sides: tuple[str, ...] = ("Blue", "Red")
    max_rounds: int = 0  # 0: the rules' default
    temperament: bool = False  # the optional Temperament rule
    uneven: str = ""  # why it is meant to be uneven, with its measured odds (core.ruleset.ScenarioInfo)

    def problems(self) -> list[tuple[str, str]]:
        out = []
        if self.kind != "scenario":
            out.append(("kind", "expected 'scenario'"))
        if len(self.sides) != 2:
            out.append(("sides", "a battle has two sides"))
        for i, p in enumerate(self.commander):
            if not 0 <= p.side < len(self.sides):
                out.append((f"commander[{i}].side", f"0 to {len(self.sides) - 1}"))
        for s in range(len(self.sides)):
            if not any(p.side == s for p in self.commander):
                out.append(("commander", f"side {s} has no commander"))
        return out


@attrs.frozen
class Setup:
    """A loaded scenario: its file, board and commander records, ready for new_battle."""

    scenario: ScenarioFile
    board: Board
    commanders: tuple[Commander, ...]


def maps_dir() -> Path:
    return scenarios_root() / "commanders" / "maps"


def commanders_dir() -> Path:
    return scenarios_root() / "commanders" / "commanders"


def battles_dir() -> Path:
    return scenarios_root() / "commanders" / "battles"


def _resolve(ref: str, folder: Path, near: Path, field: str) -> Path:
    """A reference: a bare name is `folder/ref.toml`; a name ending in `.toml` is a path below
    the referring file's folder. Nothing else: an absolute path, `..`, an over-long name or
    control characters are a ContentError naming the scenario and `field`."""
    places = [near.parent] if ref.endswith(".toml") else [folder]
    try:
        found = find_reference(ref, places, exclude=near)
    except RefusedReference as exc:
        raise ContentError([Problem(display_path(near), field, f"the reference {short(ref)} {exc}")]) from None
    if found is None:
        raise ContentError([Problem(display_path(near), field, f"no file {short(ref)} in {display_path(places[0])}")])
    return found


def load_map(path: Path, cat: Catalogue) -> MapFile:
    return checked(load(path, MapFile, CONVERTER), cat, display_path(path))


def load_setup(path: Path, cat: Catalogue) -> Setup:
    scen = load(path, ScenarioFile, CONVERTER)
    name = display_path(path)
    problems: list[Problem] = []
    board = None
    try:
        board = load_map(_resolve(scen.map, maps_dir(), path, "map"), cat).board(cat)
    except ContentError as exc:
        problems.extend(exc.problems)
    commanders = []
    for i, p in enumerate(scen.commander):
        try:
            commanders.append(load_commander(_resolve(p.file, commanders_dir(), path, f"commander[{i}].file"), cat))
        except ContentError as exc:
            problems.extend(exc.problems)
    if board is not None and not problems:
        taken: set[tuple[int, int]] = set()
        for i, (p, c) in enumerate(zip(scen.commander, commanders)):
            squares = [tuple(p.at)] + [tuple(s) for s in p.troop_at]
            if p.troop_at and len(p.troop_at) != len(c.troop):
                problems.append(Problem(name, f"commander[{i}].troop_at", f"{len(c.troop)} troop units need {len(c.troop)} squares"))
            for sq in squares:
                if not board.inside(sq):
                    problems.append(Problem(name, f"commander[{i}]", f"{sq} is off the map"))
                elif not cat.terrain[board.terrain_at(sq)].passable:
                    problems.append(Problem(name, f"commander[{i}]", f"{sq} is {board.terrain_at(sq)}, where no unit stands"))
                elif sq in taken:
                    problems.append(Problem(name, f"commander[{i}]", f"{sq} is taken twice"))
                taken.add(sq)
    if problems:
        raise ContentError(problems)
    return Setup(scen, board, tuple(commanders))


def can_stand(board: Board, spec, sq: tuple[int, int], cat: Catalogue) -> bool:
    """Where a unit of this class or kind may be set down: on the map, on terrain it may enter
    (fissures only for flyers), and in water only when it swims or flies."""
    if not board.inside(sq):
        return False
    terrain = cat.terrain[board.terrain_at(sq)]
    if not (terrain.passable or (terrain.air_passable and spec.flying)):
        return False
    return terrain.name != "water" or spec.navy or spec.flying


def standing_square(board: Board, spec, start: tuple[int, int], taken: set, cat: Catalogue,
                    reach: int = 5) -> tuple[int, int] | None:
    """`start` when a unit of `spec` can stand there, else the nearest free square within `reach`
    where it can (by Manhattan distance, then reading order); None when there is none."""
    if start not in taken and can_stand(board, spec, start, cat):
        return start
    free = [(abs(x - start[0]) + abs(y - start[1]), y, x) for y in range(board.height) for x in range(board.width)
            if (x, y) not in taken and abs(x - start[0]) + abs(y - start[1]) <= reach
            and can_stand(board, spec, (x, y), cat)]
    if not free:
        return None
    _, y, x = min(free)
    return (x, y)


def _deploy(board: Board, start: tuple[int, int], count: int, taken: set, cat: Catalogue) -> list[Square]:
    """The `count` nearest free, passable squares around `start` (breadth first, stable order)."""
    out: list[Square] = []
    seen = {start}
    todo = [start]
    while todo and len(out) < count:
        sq = todo.pop(0)
        for n in neighbours4(sq):
            n = (n[0], n[1])
            if n in seen or not board.inside(n):
                continue
            seen.add(n)
            if not cat.terrain[board.terrain_at(n)].passable:
                continue
            todo.append(n)
            if n not in taken and board.terrain_at(n) != "water" and len(out) < count:
                out.append(Square(*n))
                taken.add(n)
    return out


def new_battle(setup: Setup, seed: int, cat: Catalogue) -> tuple[Battle, tuple]:
    """The first state, and the initiative events that made its queue."""
    board = setup.board
    units: list[Unit] = []
    leaders: list[Leader] = []
    taken = {tuple(p.at) for p in setup.scenario.commander} | {tuple(s) for p in setup.scenario.commander for s in p.troop_at}
    for index, (place, commander) in enumerate(zip(setup.scenario.commander, setup.commanders)):
        temper = TemperamentModifiers()
        if setup.scenario.temperament:
            # the optional Temperament rule: attack, defence and movement become buffs,
            # the other effects are read from the leader's `temper` during the battle
            temper = temperament.battle_modifiers(commander, cat.temperament_thresholds)
            commander = temperament.with_temperament(commander, cat.temperament_thresholds)
        hp = cat.rules.commander_health
        uid = len(units)
        units.append(Unit(uid, place.side, index, commander.class_name, "commander", Square(*place.at), hp, hp))
        mp = max_mp(commander, cat)
        leaders.append(Leader(index, place.side, uid, commander, mp, mp, temper=temper))
        squares = [Square(*s) for s in place.troop_at] or _deploy(board, tuple(place.at), len(commander.troop), taken, cat)
        for name, sq in zip(commander.troop, squares):
            hp = cat.rules.unit_health
            units.append(Unit(len(units), place.side, index, name, "troop", sq, hp, hp))
    dice = Dice.from_seed(seed)
    rolls = []
    for _ in leaders:
        value, dice = dice.roll(cat.rules.initiative_die)
        rolls.append(value)
    queue, dice = initiative_queue(tuple(l.side for l in leaders), tuple(rolls), dice, cat.rules.initiative_die)
    leaders = [attrs.evolve(l, initiative=rolls[l.index]) for l in leaders]
    state = Battle(
        board=board, units=tuple(units), leaders=tuple(leaders), queue=queue, turn=0, dice=dice,
        side_names=tuple(setup.scenario.sides), max_rounds=setup.scenario.max_rounds or cat.rules.max_rounds,
        scenario=setup.scenario.name, temperament=setup.scenario.temperament,
    )
    events = tuple(InitiativeRolled(i, rolls[i], queue.index(i)) for i in range(len(leaders)))
    return state, events


def structure_map(data: dict, file: str, cat: Catalogue) -> MapFile:
    return checked(structure(data, MapFile, file, CONVERTER), cat, file)


def structure_scenario(data: dict, file: str) -> ScenarioFile:
    return structure(data, ScenarioFile, file, CONVERTER)
