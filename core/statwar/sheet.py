"""Character sheets: seed 001's "Trade character sheets with your opponent so you both
know what ... everything is." Every derived number is printed: cost by item,
Health with its Big bonus, footprint, rider capacity, reach, Defender zone."""

from __future__ import annotations

from typing import Any

from core.ruleset import Sheet
from core.statwar.setup import Setup, build_board
from core.statwar.specs import BASE_HEALTH, Army, BoardSpec, UnitSpec
from core.words import count, plural


def unit_facts(u: UnitSpec) -> dict[str, Any]:
    return {
        "name": u.name,
        "description": u.description,
        "cost": u.cost,
        "cost_items": {label: pts for label, pts in u.cost_lines()},
        "damage": u.damage,
        "range": u.range,
        "reach": u.reach,
        "armor": u.armor,
        "move": u.move,
        "health": u.max_health,
        "health_base": BASE_HEALTH,
        "health_bonus": u.squares - 1,
        "footprint": f"{u.size}x{u.size}",
        "squares": u.squares,
        "suicide_bomb": u.suicide_bomb,
        "big": u.big,
        "ridable": u.ridable,
        "rider_capacity": u.rider_capacity,
        "defender": u.defender,
        "defender_zone_squares": _zone_squares(u),
    }


def _zone_squares(u: UnitSpec) -> int:
    side = u.size + 2 * u.defender
    return side * side - u.squares if u.defender else 0


def unit_lines(u: UnitSpec) -> list[str]:
    costs = " + ".join(f"{label} {pts}" for label, pts in u.cost_lines()) or "nothing bought"
    lines = [
        f"{u.name} - {count(u.cost, 'point')} ({costs})",
        f"  {u.description}",
        f"  Damage {u.damage}  Range {u.range} (reach {u.reach})  Armor {u.armor}  Move {u.move}",
        f"  Health {u.max_health} = {BASE_HEALTH} base + {u.squares - 1} for a {u.size}x{u.size} footprint ({count(u.squares, 'square')})",
    ]
    if u.specials():
        lines.append("  Specials: " + ", ".join(u.specials()))
    if u.suicide_bomb:
        lines.append(f"  Blast: {u.damage} damage to every unit on or beside its squares when it dies; may detonate on purpose")
    if u.ridable:
        wasted = u.ridable - u.rider_capacity
        extra = f"; {count(wasted, 'level')} cannot be used on {count(u.squares, 'square')}" if wasted > 0 else ""
        lines.append(f"  Carries up to {count(u.rider_capacity, 'rider')}, all fitting on its {count(u.squares, 'square')}{extra}")
    if u.defender:
        lines.append(f"  Defender zone: {count(u.defender, 'ring')} around it, {count(_zone_squares(u), 'square')}")
    if u.health is not None:
        lines.append(f"  (file states Health {u.health}, matching the rules)")
    if u.big:
        lines.append(f"  (Health cannot be bought or written in: Big {u.big} always gives {u.max_health})")
    return lines


def unit_sheet(u: UnitSpec) -> Sheet:
    return Sheet(f"{u.name} ({count(u.cost, 'point')})", tuple(unit_lines(u)), {"kind": "unit", "unit": unit_facts(u)})


def army_sheet(army: Army) -> Sheet:
    lines = [f"Army: {army.name} - {army.cost} of {army.points} points ({army.points - army.cost} unspent)"]
    lines.append("Activation order (write Health beside each):")
    for i, u in enumerate(army.units, 1):
        lines.append(f"  {i:2}. {u.name:<22} Health {u.max_health:>2}  {u.cost:>2} {plural(u.cost, 'point')}")
    lines.append("")
    seen: list[UnitSpec] = []
    for u in army.units:
        if u not in seen:
            seen.append(u)
            lines.extend(unit_lines(u))
    data = {
        "kind": "army",
        "name": army.name,
        "points": army.points,
        "cost": army.cost,
        "unspent": army.points - army.cost,
        "health_total": sum(u.max_health for u in army.units),
        "order": [u.name for u in army.units],
        "units": [unit_facts(u) for u in army.units],
    }
    lines.insert(1, f"Units {len(army.units)}, total Health {data['health_total']}")
    return Sheet(f"{army.name} ({army.cost}/{army.points} points)", tuple(lines), data)


def board_sheet(spec: BoardSpec) -> Sheet:
    board = build_board(spec)
    counts = {t: board.terrain.count(t) for t in (".", "#", "~")}
    lines = [
        f"Board: {spec.name} - {board.width} x {board.height}, sides split {spec.split}",
        f"  {spec.description}",
        f"  Open {counts['.']}, blocked {counts['#']}, neutral {counts['~']}",
        f"  Deployment squares: {len(board.deploy_squares(0))} a side",
        *("  " + row for row in spec.rows),
    ]
    data = {"kind": "board", "name": spec.name, "width": board.width, "height": board.height,
            "deploy_squares": len(board.deploy_squares(0)), "blocked": counts["#"], "neutral": counts["~"]}
    return Sheet(f"Board {spec.name}", tuple(lines), data)


def scenario_sheet(setup: Setup) -> Sheet:
    lines = [f"Scenario: {setup.title} on {setup.board.name}, round limit {setup.round_limit}", ""]
    data: dict[str, Any] = {"kind": "scenario", "title": setup.title, "round_limit": setup.round_limit, "armies": []}
    for side, army in zip(setup.side_names, setup.armies):
        sub = army_sheet(army)
        lines.append(f"{side}:")
        lines.extend(sub.lines)
        lines.append("")
        data["armies"].append(sub.data)
    return Sheet(setup.title, tuple(lines), data)


def sheet(document: Any) -> Sheet:
    if isinstance(document, UnitSpec):
        return unit_sheet(document)
    if isinstance(document, Army):
        return army_sheet(document)
    if isinstance(document, BoardSpec):
        return board_sheet(document)
    if isinstance(document, Setup):
        return scenario_sheet(document)
    raise TypeError(f"no StatWar sheet for {type(document).__name__}")
