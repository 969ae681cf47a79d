"""The StatWar actions: what a side may do on its turn. Every action carries `side`.

`ACTION_TYPES` lists them for the codec (core.ruleset.Ruleset.action_types).
"""

from __future__ import annotations

import attrs

from core.squaregrid import Square


@attrs.frozen(slots=True)
class Deploy:
    """Put the side's next listed unit down with its top-left square at `at`."""

    side: int
    unit: int
    at: Square


@attrs.frozen(slots=True)
class Withhold:
    """Leave the next listed unit off the field: only when no square can take it."""

    side: int
    unit: int


@attrs.frozen(slots=True)
class Activate:
    """The side's turn: move the next unit to `to` (None: stay), then attack `target` (None: no attack).

    A rider moving to `to` dismounts there; a rider with `to` None stays aboard.
    """

    side: int
    unit: int
    to: Square | None = None
    target: int | None = None


@attrs.frozen(slots=True)
class Mount:
    """The turn spent climbing aboard a friendly Ridable unit, then an optional attack from it."""

    side: int
    unit: int
    mount: int
    target: int | None = None


@attrs.frozen(slots=True)
class Detonate:
    """A Suicide Bomb unit moves to `to` (None: stays) and blows itself up."""

    side: int
    unit: int
    to: Square | None = None


ACTION_TYPES = (Deploy, Withhold, Activate, Mount, Detonate)


