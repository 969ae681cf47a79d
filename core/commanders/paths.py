"""The route a move order takes and what it costs, for previews (seed 002 "Tiles and movement").

The same cheapest-cost search as core.commanders.movement.reachable (same entry
rules, same leave costs, the navy's land budget), keeping each square's parent
so the preview draws the route the cost was counted along.
"""

from __future__ import annotations

import heapq

from core.commanders.catalogue import Catalogue, catalogue
from core.commanders.derived import speeds, tags_of
from core.commanders.movement import can_enter, leave_cost, reachable
from core.commanders.state import Battle, Order
from core.squaregrid import neighbours4

Cell = tuple[int, int]


def route(state: Battle, action, cat: Catalogue | None = None) -> tuple[Cell, ...]:
    """Squares from the unit to an Order's destination, both included; () when it stays or cannot go."""
    cat = cat or catalogue()
    if not isinstance(action, Order):
        return ()
    unit = state.units[action.uid]
    dest = (action.dest[0], action.dest[1])
    start = (unit.pos[0], unit.pos[1])
    if dest == start or reachable(state, unit, cat).get(action.dest) is None:
        return ()
    move, land = speeds(state, unit, cat)
    navy = "navy" in tags_of(unit, cat)
    occupant = {(u.pos[0], u.pos[1]): u.side for u in state.units if u.hp > 0 and u.uid != unit.uid}
    seen: dict[tuple[Cell, int], int] = {(start, 0): 0}
    parent: dict[tuple[Cell, int], tuple[Cell, int] | None] = {(start, 0): None}
    frontier = [(0, 0, start)]
    while frontier:
        cost, used_so_far, sq = heapq.heappop(frontier)
        if seen.get((sq, used_so_far), 1 << 30) < cost:
            continue
        if sq == dest:  # the first pop of the destination is its cheapest cost
            node: tuple[Cell, int] | None = (sq, used_so_far)
            out = []
            while node is not None:
                out.append(node[0])
                node = parent[node]
            return tuple(reversed(out))
        for nxt in neighbours4(sq):
            nxt = (nxt[0], nxt[1])
            if not can_enter(state, unit, nxt, cat):
                continue
            side = occupant.get(nxt)
            if side is not None and side != unit.side:
                continue
            total = cost + leave_cost(state, unit, sq, nxt, cat)
            if total > move:
                continue
            used = used_so_far
            if navy and state.board.terrain_at(nxt) != "water":
                used += total - cost
                if used > land:
                    continue
            key = (nxt, used if navy else 0)
            if seen.get(key, 1 << 30) <= total:
                continue
            seen[key] = total
            parent[key] = (sq, used_so_far)
            heapq.heappush(frontier, (total, key[1], nxt))
    return ()


def cost_line(state: Battle, action, cat: Catalogue | None = None) -> str | None:
    """E.g. "5 of 7 movement (leaving forest +1)": the route's cost, its allowance, each extra."""
    cat = cat or catalogue()
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
