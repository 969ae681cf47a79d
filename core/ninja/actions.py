"""The ninja orders (actions): sealed one unit at a time, then submitted for the phase.

Frozen data only; what an order may be and what it does are core.ninja.turn's.
"""

from __future__ import annotations

import attrs

#: What an action order may be (OrderAction.act).
ACTS = ("melee", "missile", "jutsu", "rest", "dodge")


@attrs.frozen(slots=True)
class OrderMove:
    """Seal a movement order: go to (q, r) and end facing `facing`, by `mode`.

    `steps` is the route, one (q, r, facing) a step as resolution moves along it (the
    listing names the cheapest route to each end, the one the move preview shows); any
    legal route within the mode's points may be named (docs/RULES.md, "Movement
    search"). Empty: the cheapest route, found by the rules' search when the order is
    recorded (orders of ninja rules version 2 name none). An empty route is left out of
    the order's JSON, so such orders encode as they did before routes were named."""

    side: int
    unit: int
    mode: str
    q: int
    r: int
    facing: int
    steps: tuple[tuple[int, int, int], ...] = ()


@attrs.frozen(slots=True)
class OrderAction:
    """Seal an action order: melee (one target), missile (targets), jutsu, rest or dodge."""

    side: int
    unit: int
    act: str
    targets: tuple[int, ...] = ()
    jutsu: str = ""
    place: tuple[int, ...] = ()  # (q, r) for jutsu aimed at a hex


@attrs.frozen(slots=True)
class Submit:
    """Seal every order of `side` for this phase; units without one stand still or wait."""

    side: int


ACTION_TYPES = (OrderMove, OrderAction, Submit)
