"""What is at stake for one army in a battle of two or more: whom to hurt, how much to risk.

The battle ends on the points of living ninja (seed 000 "last army standing";
the scenario's round limit, docs/RULES.md). In a two-army battle every blow
dealt counts as much as one taken. With three or four armies it does not: a
blow at one rival leaves the others untouched, and only the leading rival
stands between an army and the win, while every ninja an army loses counts in
full. So the AI weighs harm to each rival by how close that rival is to the
lead, and its own losses by how many rivals are watching; near the round limit
an army that is behind stops guarding its points and closes in.
Floats only: this is AI judgement, never a rule.
"""

from __future__ import annotations

from typing import Callable

import attrs

from core.ninja.state import Battle

#: Harm to the rival furthest behind is worth at least this much of harm to the leader ...
LEAST_WEIGHT = 0.35
#: ... and each point of standing a rival is behind the leader keeps this share of the rest.
BEHIND_DECAY = 0.7
#: Health counts in a side's standing as at most this many points (the round limit's tie-break).
HEALTH_IN_POINTS = 1.0
#: Own losses weigh 1 + this much per rival beyond the first.
CAUTION_PER_RIVAL = 0.5
#: With this many rounds left, an army that is not strictly ahead ...
LAST_ROUNDS = 5
#: ... stops guarding its points and closes in this much more strongly.
LATE_PUSH = 3.0


@attrs.frozen
class Stakes:
    weight: tuple[float, ...]  # per side: how much harm to that side's ninja is worth (own side 0)
    caution: float  # how much this army's own losses weigh against harm dealt
    push: float  # how strongly to close with the rivals that matter


#: Where the AI gets an army's stakes: `stakes` itself, or a ruleset's `StakesMemo`.
StakesOf = Callable[[Battle, int], Stakes]


def stakes(state: Battle, side: int) -> Stakes:
    """The stakes of `side` on this board."""
    n = state.sides
    pts = [0] * n
    hp = [0] * n
    full = [0] * n
    for u in state.units:
        full[u.side] += u.hp_max
        if u.hp > 0:
            pts[u.side] += u.points
            hp[u.side] += u.hp
    # standing at the round limit: points of living ninja, then health (worth at most HEALTH_IN_POINTS)
    score = [pts[s] + HEALTH_IN_POINTS * hp[s] / max(1, full[s]) for s in range(n)]
    rivals = [s for s in range(n) if s != side and pts[s] > 0]
    weight = [0.0] * n
    if len(rivals) <= 1:
        for s in rivals:
            weight[s] = 1.0
        return Stakes(tuple(weight), 1.0, 1.0)
    lead = max(score[s] for s in rivals)
    for s in rivals:
        weight[s] = LEAST_WEIGHT + (1.0 - LEAST_WEIGHT) * BEHIND_DECAY ** (lead - score[s])
    caution = 1.0 + CAUTION_PER_RIVAL * (len(rivals) - 1)
    push = 1.0
    left = state.round_limit - state.round + 1
    behind = score[side] <= lead
    if left <= LAST_ROUNDS and behind:
        caution, push = 1.0, LATE_PUSH
    return Stakes(tuple(weight), caution, push)


class StakesMemo:
    """`stakes` remembered for the last board asked about (the movement AI asks once per
    candidate hex), by value: the units, the side, the round and the round limit.

    One instance belongs to one ruleset. The entry is one tuple replaced in a single
    store, so the AI thread and the screen never pair one board's key with another
    board's stakes; losing a race only costs a recomputation.
    """

    def __init__(self) -> None:
        self._last: tuple = ((), None, None)

    def __call__(self, state: Battle, side: int) -> Stakes:
        key = (side, state.round, state.round_limit, state.sides)
        units, last_key, last = self._last
        if last_key == key and units == state.units:  # the same tuple compares unit by unit identity
            return last
        out = stakes(state, side)
        self._last = (state.units, key, out)
        return out
