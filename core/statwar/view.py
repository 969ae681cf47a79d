"""StatWar in words and on the map: log sentences, action names, explanations, board view."""

from __future__ import annotations

from core.squaregrid import ALL_EIGHT
from core.statwar.actions import Activate, Deploy, Detonate, Mount, Withhold
from core.statwar.combat import hit_damage
from core.statwar.events import (
    BattleEnded,
    BlastHit,
    BombExploded,
    CoinFlipped,
    DeploymentDone,
    RiderSetDown,
    UnitAttacked,
    UnitDeployed,
    UnitDied,
    UnitDismounted,
    UnitMounted,
    UnitMoved,
    UnitWaited,
    UnitWithheld,
)
from core.statwar.geometry import Search, cells, controlled, gap, reach, riders_of, standing
from core.statwar.specs import BLOCKED, NEUTRAL
from core.statwar.state import DEPLOY, NO_UNIT, OVER, Battle
from core.statwar.turn import active_unit, side_points
from core.view import BoardView, CellView, UnitView
from core.words import cell, count, place

TERRAIN_WORDS = {".": "open ground", BLOCKED: "blocked", NEUTRAL: "neutral zone"}
TERRAIN_KEYS = {".": "open", BLOCKED: "blocked", NEUTRAL: "neutral"}


def name(state: Battle, uid: int) -> str:
    u = state.units[uid]
    return f"{state.side_names[u.side]} {state.designs[u.design].name} #{uid}"


def describe_event(state: Battle, e) -> str:
    if isinstance(e, CoinFlipped):
        return f"The coin flip (d2 = {e.roll}) lets {state.side_names[e.first]} deploy first."
    if isinstance(e, UnitDeployed):
        return f"{name(state, e.unit)} is deployed at {cell(e.at.x, e.at.y)}."
    if isinstance(e, UnitWithheld):
        return f"{name(state, e.unit)} finds no room on its side and stays off the field."
    if isinstance(e, DeploymentDone):
        return (
            f"{state.side_names[e.last]} put down the last unit, so {state.side_names[e.first_mover]} moves first."
        )
    if isinstance(e, UnitMoved):
        text = f"{name(state, e.unit)} moves from {cell(e.start.x, e.start.y)} to {cell(e.end.x, e.end.y)} ({e.steps} of {count(e.allowed, 'square')})"
        if e.stopped_by != NO_UNIT:
            text += f"; the zone of {name(state, e.stopped_by)} ends its move"
        return text + "."
    if isinstance(e, UnitMounted):
        return f"{name(state, e.unit)} climbs aboard {name(state, e.mount)}."
    if isinstance(e, UnitDismounted):
        return f"{name(state, e.unit)} gets off {name(state, e.mount)}."
    if isinstance(e, UnitAttacked):
        return (
            f"{name(state, e.attacker)} attacks {name(state, e.target)} at range {e.distance} (reach {e.reach}): "
            f"{damage_words(e.damage, e.armor, e.dealt)}; Health {e.health_before} -> {e.health_after}."
        )
    if isinstance(e, BombExploded):
        why = "blows itself up" if e.on_purpose else "explodes as it dies"
        chain = f" (chain step {e.chain})" if e.chain else ""
        return f"{name(state, e.unit)} {why}{chain}: {e.damage} damage to every unit on and beside its squares."
    if isinstance(e, BlastHit):
        return (
            f"The blast of {name(state, e.bomb)} hits {name(state, e.target)}: "
            f"{damage_words(e.damage, e.armor, e.dealt)}; Health {e.health_before} -> {e.health_after}."
        )
    if isinstance(e, UnitDied):
        return f"{name(state, e.unit)} is destroyed and removed."
    if isinstance(e, RiderSetDown):
        return f"{name(state, e.unit)} is left standing at {cell(e.at.x, e.at.y)} where {name(state, e.mount)} fell."
    if isinstance(e, UnitWaited):
        return f"{name(state, e.unit)} holds its place."
    if isinstance(e, BattleEnded):
        if e.winner == -1:
            return f"The battle ends in a draw: {e.reason}."
        return f"{state.side_names[e.winner]} wins: {e.reason}."
    return repr(e)


def describe_action(state: Battle, a, here: tuple[int, int] | None = None) -> str:
    """The action's name in the log and menus; with `here`, a cell of it that is `here` is
    said "here" (core.words.place)."""
    if isinstance(a, Deploy):
        return f"Deploy {state.design_of(a.unit).name} {place('at', a.at.x, a.at.y, here)}"
    if isinstance(a, Withhold):
        return f"Keep {state.design_of(a.unit).name} off the field"
    if isinstance(a, Mount):
        text = f"{state.design_of(a.unit).name}: ride {name(state, a.mount)}"
        return text + (f", attack {name(state, a.target)}" if a.target is not None else "")
    if isinstance(a, Detonate):
        where = f" {place('at', a.to.x, a.to.y, here)}" if a.to is not None else ""
        return f"{state.design_of(a.unit).name}: detonate{where}"
    if isinstance(a, Activate):
        parts = []
        if a.to is not None:
            parts.append(f"move {place('to', a.to.x, a.to.y, here)}")
        if a.target is not None:
            parts.append(f"attack {name(state, a.target)}")
        return f"{state.design_of(a.unit).name}: " + (", ".join(parts) if parts else "wait")
    return repr(a)


def damage_words(damage: int, armor: int, dealt: int) -> str:
    """The sum of one hit, with the overkill said in words: "Damage 6 - Armor 0 = 6, 5 taken
    (all the Health left)" when the target had less Health than the hit."""
    full = hit_damage(damage, armor)
    line = f"Damage {damage} - Armor {armor} = {full}"
    if dealt < full:
        line += f", {dealt} taken (all the Health left)"
    return line


def answer_damage(state: Battle, attacker: int, target: int) -> int:
    """What the target would deal the attacker by attacking it on its own turn (seed 001:
    Damage - Armor; StatWar has no dice and no strike back within an attack)."""
    return hit_damage(state.design_of(target).damage, state.design_of(attacker).armor)


def explain_action(state: Battle, a, search: Search = reach) -> tuple[str, ...]:
    lines = [describe_action(state, a)]
    target = getattr(a, "target", None)
    if target is not None:
        att, tgt = state.design_of(a.unit), state.design_of(target)
        dealt = hit_damage(att.damage, tgt.armor)
        hp = state.units[target].health
        mine = state.units[a.unit].health
        lines.append(odds_summary(dealt, hp, answer_damage(state, a.unit, target) if dealt < hp else None, mine, att.max_health))
        lines.append(f"Damage {att.damage} - Armor {tgt.armor} = {dealt} (never below 0)")
        lines.append(f"Target Health {hp} -> {max(0, hp - dealt)}" + (" (destroyed)" if dealt >= hp else ""))
        lines.append("Hits for certain: no dice, no strike back")
        if dealt < hp:
            back = answer_damage(state, a.unit, target)
            mine = state.units[a.unit].health
            lines.append(f"Its answer on its turn, if it reaches you: Damage {tgt.damage} - Armor {att.armor} = {back}, "
                         f"your Health {mine} -> {max(0, mine - back)}")
    if isinstance(a, Detonate):
        spec = state.design_of(a.unit)
        u = state.units[a.unit]
        x, y, size = standing(state, u) if a.to is None else (a.to.x, a.to.y, spec.size)
        for t in state.units:
            if t.uid == a.unit or not t.on_board:
                continue
            t_spec = state.designs[t.design]
            if gap(x, y, size, t.x, t.y, t_spec.size) <= 1:
                dealt = hit_damage(spec.damage, t_spec.armor)
                lines.append(f"Blast on {name(state, t.uid)}: {spec.damage} - {t_spec.armor} = {dealt}, Health {t.health} -> {max(0, t.health - dealt)}")
    steps = _move_steps(state, a, search)
    if steps is not None:
        lines.append(f"Move: {steps} of {state.design_of(a.unit).move} steps")
    if isinstance(a, Activate) and a.to is not None:
        zone = controlled(state, a.side)
        spec = state.design_of(a.unit)
        stop = next((zone[c] for c in cells(a.to.x, a.to.y, spec.size) if c in zone), None)
        if stop is not None:
            lines.append(f"Enters the zone of {name(state, stop)}: the move ends there")
    return tuple(lines)


def odds_summary(dealt: int, hp: int, back: int | None, mine: int, most: int) -> str:
    """The attack in one line, for the top of a narrow odds panel: a sure hit's damage and
    what it leaves, the target's answer on its turn (None: destroyed, no answer) and the
    attacker's own Health. The lines after it give the sums."""
    after = "destroyed" if dealt >= hp else f"Health {hp} -> {hp - dealt}"
    answer = "no answer" if back is None else f"its answer {back} on its turn"
    return f"Sure hit, damage {dealt} ({after}); {answer}; you: Health {mine}/{most}"


def _move_steps(state: Battle, a, search: Search) -> int | None:
    """Steps a move spends (fewest the search finds), or None when the action moves nothing."""
    to = getattr(a, "to", None)
    if not isinstance(a, (Activate, Detonate)) or to is None or state.phase == OVER:
        return None
    return search(state, a.unit).steps.get((to.x, to.y))


def move_path(state: Battle, a, search: Search = reach) -> tuple[tuple[int, int], ...]:
    """The top-left squares a move passes through, start to end: one fewer step each time back.

    Backtracks the breadth-first search from the destination, taking the first
    neighbour (in the fixed eight-neighbour order) one step nearer that the move
    could pass through (a square in an enemy Defender's zone ends a move there)."""
    left = _move_steps(state, a, search)
    if not left:
        return ()
    r = search(state, a.unit)
    here = (a.to.x, a.to.y)
    path = [here]
    while left > 0:
        left -= 1
        x, y = here
        here = next(
            p for p in ((x + dx, y + dy) for dx, dy in ALL_EIGHT) if r.steps.get(p) == left and p not in r.stopped_by
        )
        path.append(here)
    return tuple(reversed(path))


def board_view(state: Battle) -> BoardView:
    board = state.board
    cells_out = tuple(
        CellView(TERRAIN_KEYS[t], {".": ".", BLOCKED: "#", NEUTRAL: "~"}[t]) for t in board.terrain
    )
    units = []
    for u in state.units:
        if not u.on_board:
            continue
        spec = state.designs[u.design]
        mark = spec.mark.upper() if u.side == 0 else spec.mark.lower()
        flags = []
        carried = riders_of(state, u.uid)
        if carried:
            flags.append("carrying " + ", ".join(f"{state.design_of(r).name} #{r}" for r in carried))
        if state.phase != OVER and active_unit(state, u.side) == u.uid:
            flags.append("next")
        units.append(
            UnitView(u.uid, u.side, spec.name, mark, cells(u.x, u.y, spec.size), u.health, spec.max_health, None, tuple(flags))
        )
    zones = [("neutral", tuple((x, y) for y in range(board.height) for x in range(board.width) if board.terrain_at(x, y) == NEUTRAL))]
    for side in (0, 1):
        zone = controlled(state, 1 - side)
        zones.append((f"defended by {state.side_names[side]}", tuple(sorted(zone, key=lambda c: (c[1], c[0])))))
    return BoardView("square", board.width, board.height, cells_out, tuple(units), tuple(zones))


def describe_cell(state: Battle, col: int, row: int) -> str:
    board = state.board
    if not board.inside(col, row):
        return "Off the board."
    words = [f"{cell(col, row)}: {TERRAIN_WORDS[board.terrain_at(col, row)]}"]
    owner = board.owner_at(col, row)
    if owner >= 0 and state.phase == DEPLOY:  # whose ground it is matters only while deploying
        words.append(f"{state.side_names[owner]} deploys here")
    for u in state.units:
        if u.on_board and (col, row) in cells(u.x, u.y, state.designs[u.design].size):
            spec = state.designs[u.design]
            words.append(f"{name(state, u.uid)} (Health {u.health}/{spec.max_health})")
    for side in (0, 1):
        zone = controlled(state, side)
        if (col, row) in zone:
            words.append(f"controlled by {name(state, zone[(col, row)])}")
    return "; ".join(words) + "."


def unit_details(state: Battle, uid: int) -> tuple[str, ...]:
    u = state.units[uid]
    s = state.designs[u.design]
    lines = [
        f"{s.name} #{uid} ({state.side_names[u.side]}), {count(s.cost, 'point')}",
        f"Health {u.health}/{s.max_health}",
        f"Damage {s.damage}  Range {s.range} (reach {s.reach})  Armor {s.armor}  Move {s.move}",
        f"Footprint {s.size}x{s.size} ({count(s.squares, 'square')})",
    ]
    if s.specials():
        lines.append("Specials: " + ", ".join(s.specials()))
    if s.ridable:
        lines.append(f"Carries up to {s.rider_capacity} (by levels and squares)")
    if u.riding != NO_UNIT:
        lines.append(f"Riding {name(state, u.riding)}: cannot be attacked")
    elif not u.placed:
        lines.append("Not yet deployed")
    elif u.health <= 0:
        lines.append("Destroyed")
    else:
        lines.append(f"At {cell(u.x, u.y)}")
    if u.damage_dealt:
        lines.append(f"Damage dealt so far {u.damage_dealt}")
    lines.append(s.description)
    return tuple(lines)


def points_line(state: Battle) -> str:
    pts = side_points(state)
    return f"Points alive: {state.side_names[0]} {pts[0]}, {state.side_names[1]} {pts[1]}"
