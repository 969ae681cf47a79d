"""The end-of-battle summary: strength of each side over time, losses, damage, best unit.

Computed from the Match's recorded states through the ruleset's board view and
unit stats only; strength is the sum of remaining health of a side's units.
"""

from __future__ import annotations

from typing import Any

from core.match import Match

BARS = " ▁▂▃▄▅▆▇█"


def strength_over_time(match: Match) -> list[tuple[int, ...]]:
    """Per recorded step up to the cursor: total health of each side."""
    out = []
    sides = len(match.ruleset.side_names(match.initial))
    for step in range(match.cursor + 1):
        view = match.ruleset.board_view(match.state_at(step))
        totals = [0] * sides
        for unit in view.units:
            if unit.side < sides:
                totals[unit.side] += max(unit.hp, 0)
        out.append(tuple(totals))
    return out


def sparkline(values: list[int], width: int, top: int) -> str:
    """Values squeezed into `width` bar characters, scaled to `top` (text, so colour is not needed)."""
    if not values:
        return ""
    if len(values) > width:
        values = [values[int(i * len(values) / width)] for i in range(width)]
    top = max(top, 1)
    return "".join(BARS[min(len(BARS) - 1, round(v * (len(BARS) - 1) / top))] for v in values)


def summary_lines(match: Match, width: int = 50) -> list[str]:
    ruleset = match.ruleset
    state = match.state
    names = ruleset.side_names(state)
    series = strength_over_time(match)
    top = max((max(s) for s in series if s), default=1)
    stats: list[dict[str, Any]] = ruleset.unit_stats(state)
    lines = []
    for side, name in enumerate(names):
        mine = [s for s in stats if s.get("side") == side]
        lost = sum(1 for s in mine if not s.get("survived"))
        dealt = sum(int(s.get("damage_dealt", 0)) for s in mine)
        peak = max((s[side] for s in series), default=0)
        end = series[-1][side] if series else 0
        lines.append(f"{name}: lost {lost} of {len(mine)} units, dealt {dealt} damage, health {peak} at most, {end} at the end")
        lines.append(f"  strength {sparkline([s[side] for s in series], width, top)}")
    if stats:
        best = max(stats, key=lambda s: (int(s.get("damage_dealt", 0)), s.get("survived", False)))
        side = best.get("side", 0)
        kind = best.get("type", "?")
        name = best.get("name") or ""
        label = name if kind in name else (f"{name} ({kind})" if name else kind)
        lines.append(
            f"Best unit: {label} of {names[side] if side < len(names) else side}, "
            f"{best.get('damage_dealt', 0)} damage dealt{'' if best.get('survived') else ' (fell)'}"
        )
    lines.append(f"{match.cursor} actions over {ruleset.round_number(state)} rounds.")
    return lines
