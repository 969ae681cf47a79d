"""Loading StatWar files: units, armies, boards and scenarios, with every problem named.

Bundled content lives under scenarios/statwar/ in units/, armies/, maps/ (board files) and
battles/. A file refers to another by its name without `.toml`; the name is
looked up near the referring file first (the sibling folder of that kind,
then the file's own folder), then in the bundled folder, so a player's own army can
use both their own units and the bundled ones.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from core.content import RefusedReference, display_path, short, find_reference, read_toml, scenarios_root, structure
from core.errors import ContentError, Problem
from core.statwar.setup import Setup, build_board
from core.statwar.specs import RULESET_NAME, Army, ArmySpec, BoardSpec, ScenarioSpec, UnitSpec

FOLDERS = {"unit": "units", "army": "armies", "board": "maps", "scenario": "battles"}
KINDS = {"unit": UnitSpec, "army": ArmySpec, "board": BoardSpec, "scenario": ScenarioSpec}


def bundled_root() -> Path:
    return scenarios_root() / RULESET_NAME


def find(kind: str, name: str, near: Path | None) -> Path | None:
    """The file a reference names: in the sibling folder of its kind, beside the referring file, or bundled.

    Only inside those folders: a name that is absolute, climbs out with `..`, is too long
    or holds control characters raises RefusedReference (core.content.find_reference)."""
    folder = FOLDERS[kind]
    places = []
    if near is not None:
        places += [near.parent.parent / folder, near.parent]
    places.append(bundled_root() / folder)
    return find_reference(name, places, exclude=near)


def _refer(kind: str, name: str, path: Path, field: str, problems: list[Problem]) -> Path | None:
    """find(), with a missing or refused reference added to `problems` as `file: field: reason`."""
    try:
        found = find(kind, name, path)
    except RefusedReference as exc:
        problems.append(Problem(display_path(path), field, f"the {kind} reference {short(name)} {exc}"))
        return None
    if found is None:
        problems.append(Problem(display_path(path), field, f"no {kind} file named {name!r}"))
    return found


def parse(path: Path, data: dict[str, Any]) -> Any:
    """Structure one file by its `kind`, checking the ruleset key first."""
    name = display_path(path)
    if not isinstance(data, dict):
        raise ContentError([Problem(name, "(top level)", "expected a table of keys")])
    if data.get("ruleset") != RULESET_NAME:
        raise ContentError([Problem(name, "ruleset", f"must be {RULESET_NAME!r}, not {data.get('ruleset')!r}")])
    kind = data.get("kind")
    if kind not in KINDS:
        raise ContentError([Problem(name, "kind", f"is {kind!r}; a StatWar file is one of {', '.join(KINDS)}")])
    return structure(data, KINDS[kind], name)


def load_unit(path: Path) -> UnitSpec:
    return _load_kind(path, "unit")


def _load_kind(path: Path, kind: str) -> Any:
    spec = parse(path, read_toml(path))
    if spec.kind != kind:
        raise ContentError([Problem(display_path(path), "kind", f"is {spec.kind!r}; expected a {kind} file here")])
    return spec


def resolve_army(spec: ArmySpec, path: Path) -> Army:
    """The army's unit designs in list order; a missing or broken unit file or an overspent budget is named."""
    problems: list[Problem] = []
    units: list[UnitSpec] = []
    for i, entry in enumerate(spec.units):
        found = _refer("unit", entry.unit, path, f"units[{i}].unit", problems)
        if found is None:
            continue
        try:
            unit = load_unit(found)
        except ContentError as exc:
            problems.extend(exc.problems)
            continue
        units.extend([unit] * entry.count)
    if not problems:
        cost = sum(u.cost for u in units)
        # seed 001: "Make an army that costs that many points." Decision: at most that many.
        if cost > spec.points:
            problems.append(
                Problem(display_path(path), "units", f"the army costs {cost} points; the agreed total is {spec.points}")
            )
    if problems:
        raise ContentError(problems)
    return Army(spec.name, spec.points, tuple(units))


def load_army(path: Path) -> Army:
    return resolve_army(_load_kind(path, "army"), path)


def load_board(path: Path) -> BoardSpec:
    return _load_kind(path, "board")


def resolve_scenario(spec: ScenarioSpec, path: Path) -> Setup:
    problems: list[Problem] = []
    board = None
    found = _refer("board", spec.board, path, "board", problems)
    if found is not None:
        try:
            board = build_board(load_board(found))
        except ContentError as exc:
            problems.extend(exc.problems)
    armies = []
    for i, name in enumerate(spec.armies):
        found = _refer("army", name, path, f"armies[{i}]", problems)
        if found is None:
            continue
        try:
            armies.append(load_army(found))
        except ContentError as exc:
            problems.extend(exc.problems)
    if board is not None and len(armies) == 2:
        for side, army in enumerate(armies):
            room = len(board.deploy_squares(side))
            need = sum(u.squares for u in army.units)
            if need > room:
                problems.append(
                    Problem(display_path(path), f"armies[{side}]", f"needs {need} squares to deploy; its side has {room}")
                )
    if problems:
        raise ContentError(problems)
    return Setup(spec.title, board, tuple(armies), tuple(spec.side_names), spec.round_limit)


def load_scenario(path: Path) -> Setup:
    return resolve_scenario(_load_kind(path, "scenario"), path)


def load_document(path: Path, data: dict[str, Any]) -> Any:
    """Any StatWar file, resolved: a UnitSpec, an Army, a BoardSpec or a scenario Setup."""
    spec = parse(path, data)
    if isinstance(spec, ArmySpec):
        return resolve_army(spec, path)
    if isinstance(spec, ScenarioSpec):
        return resolve_scenario(spec, path)
    if isinstance(spec, BoardSpec):
        build_board(spec)
    return spec


def scenario_files() -> list[Path]:
    return sorted((bundled_root() / FOLDERS["scenario"]).glob("*.toml"))


def bundled_files() -> list[Path]:
    """Every bundled StatWar data file, for checks and the content fingerprint."""
    return sorted(p for folder in FOLDERS.values() for p in (bundled_root() / folder).glob("*.toml"))
