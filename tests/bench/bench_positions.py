"""Test positions with N units a side on a small, medium or large map, built from bundled content.

Each ruleset has one builder: it takes a bundled scenario, copies the units of
its armies until each side has `units` of them, places them on a board big
enough for them, and returns a state where the first decision is a battle
decision (deployment done). Everything is deterministic: the same arguments
give the same state.
"""

from __future__ import annotations

from typing import Any, Callable


class NoPosition(LookupError):
    """This ruleset has no position builder (or cannot hold that many units)."""


BUILDERS: dict[str, Callable[[Any, int, str], Any]] = {}


def builder(name: str):
    def register(fn):
        BUILDERS[name] = fn
        return fn

    return register


def build(name: str, ruleset: Any, units: int, board: str) -> Any:
    """A state with `units` units a side on a `board` map ("small", "medium", "large")."""
    make = BUILDERS.get(name)
    if make is None:
        raise NoPosition(f"no position builder for {name} yet")
    return make(ruleset, units, board)


def deploy_randomly(ruleset: Any, state: Any, seed: int) -> Any:
    """Play a deployment phase with seeded random choices until the first battle decision."""
    from core.ai import Player

    players: dict[int, Any] = {}
    while getattr(state, "phase", "") == "deploy" and ruleset.outcome(state) is None:
        side = ruleset.to_act(state)[0]
        player = players.setdefault(side, Player("random", seed * 13 + side))
        state, _ = ruleset.apply(state, player.choose(ruleset, state, side))
    return state


def board_shape(need: int, board: str, max_side: int) -> tuple[int, int]:
    """(width, depth of each side's deployment zone) holding `need` squares a side.

    small: room for twice the units' squares; medium: four times; large: the largest board.
    """
    if board == "large":
        return max_side, (max_side - 1) // 2
    area = need * (2 if board == "small" else 4)
    width = max(8, min(max_side, int((2 * area) ** 0.5) + 1))
    depth = max(3, -(-area // width))
    if 2 * depth + 1 > max_side:
        raise NoPosition(f"{need} squares a side do not fit a {board} board")
    return width, depth


@builder("statwar")
def statwar_position(ruleset: Any, units: int, board: str) -> Any:
    """The armies of the largest bundled battle, repeated to `units` a side, on an open board.

    The board is open ground with a neutral middle row; deployment is played with
    seeded random choices, so the state returned is the first battle decision.
    """
    import attrs

    from core.statwar.board import MAX_SIDE, BoardSpec, build_board

    setup = ruleset.load_scenario("hordes_200")
    armies = []
    for army in setup.armies:
        specs = tuple(army.units[i % len(army.units)] for i in range(units))
        armies.append(attrs.evolve(army, units=specs, points=sum(s.cost for s in specs)))
    need = max(sum(s.squares for s in a.units) for a in armies)
    width, depth = board_shape(need, board, MAX_SIDE)
    rows = tuple(["." * width] * depth + ["~" * width] + ["." * width] * depth)
    spec = BoardSpec(name=f"bench {board}", description="open ground for the benchmarks", rows=rows)
    grid = build_board(spec)
    setup = attrs.evolve(setup, board=grid, armies=tuple(armies), round_limit=200)
    return deploy_randomly(ruleset, ruleset.new_battle(setup, 11), 11)
