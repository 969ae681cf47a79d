"""The route a move order takes and what it costs, for previews (seed 002 "Tiles and movement").

The route is traced back through core.commanders.movement's own cheapest-cost
search (its `parents` record), so the preview draws the route the cost was
counted along.
"""

from __future__ import annotations

from core.commanders.actions import Order
from core.commanders.content import Catalogue
from core.commanders.derived import speeds
from core.commanders.movement import ReachMemo, leave_cost, reachable, search
from core.commanders.state import Battle

Cell = tuple[int, int]


def route(state: Battle, action, cat: Catalogue, memo: ReachMemo | None = None) -> tuple[Cell, ...]:
    """Squares from the unit to an Order's destination, both included; () when it stays or cannot go."""
    if not isinstance(action, Order):
        return ()
    unit = state.units[action.uid]
    dest = (action.dest[0], action.dest[1])
    if dest == (unit.pos[0], unit.pos[1]) or reachable(state, unit, cat, memo).get(action.dest) is None:
        return ()
    parents: dict = {}
    search(state, unit, cat, parents)
    # the cheapest way in (a navy unit may reach a square with more or less land used)
    node = min((n for n in parents if n[0] == dest), key=lambda n: (parents[n][1], n[1]))
    out = []
    while node is not None:
        out.append(node[0])
        node = parents[node][0]
    return tuple(reversed(out))


def cost_line(state: Battle, action, cat: Catalogue) -> str | None:
    """E.g. "5 of 7 movement (leaving forest +1)": the route's cost, its allowance, each extra."""
    path = route(state, action, cat)
    if not path:
        return None
    unit = state.units[action.uid]
    total = 0
    extras: list[str] = []
    for a, b in zip(path, path[1:]):
        step = leave_cost(state, unit, a, b, cat)
        total += step
        if step > 1:
            extras.append(f"leaving {cat.terrain[state.board.terrain_at(a)].name} +{step - 1}")
    move, _ = speeds(state, unit, cat)
    return f"{total} of {move} movement (" + (", ".join(extras) if extras else "1 a square") + ")"
