"""Initiative (seed 002 "Initiative").

Every commander throws a d20 once, at the start of the battle. The highest
roll moves first, then the highest of the other side, then the second highest
of the first side, and so on; when one side runs out, the rest of the other
side follow in their order. Ties, which the seed leaves to the referee, are
decided so: inside one side, the commander listed first in the scenario goes
first; when the two sides' best rolls tie, both re-throw (a fresh d20 each)
until they differ, and the re-throw only orders the sides.
"""

from __future__ import annotations

from core.rng import Dice


def initiative_queue(sides: tuple[int, ...], rolls: tuple[int, ...], dice: Dice, die: int = 20) -> tuple[tuple[int, ...], Dice]:
    """The leader indices in turn order, given each leader's side and roll."""
    by_side: dict[int, list[int]] = {}
    for index, side in enumerate(sides):
        by_side.setdefault(side, []).append(index)
    for side in by_side:
        by_side[side].sort(key=lambda i: (-rolls[i], i))
    order = sorted(by_side, key=lambda s: (-rolls[by_side[s][0]], s))
    if len(order) > 1 and rolls[by_side[order[0]][0]] == rolls[by_side[order[1]][0]]:
        tied = [s for s in order if rolls[by_side[s][0]] == rolls[by_side[order[0]][0]]]
        while True:
            throws = []
            for side in tied:
                value, dice = dice.roll(die)
                throws.append((value, side))
            throws.sort(key=lambda t: (-t[0], t[1]))
            if len(throws) == 1 or throws[0][0] != throws[1][0]:
                break
        rest = [s for s in order if s not in tied]
        order = [s for _, s in throws] + rest
    queue: list[int] = []
    depth = 0
    while len(queue) < len(sides):
        for side in order:
            members = by_side[side]
            if depth < len(members):
                queue.append(members[depth])
        depth += 1
    return tuple(queue), dice
