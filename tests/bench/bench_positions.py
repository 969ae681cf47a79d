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

    from core.statwar.setup import build_board
    from core.statwar.specs import MAX_SIDE, BoardSpec

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


@builder("ninja")
def ninja_position(ruleset: Any, units: int, board: str) -> Any:
    """The ninja of two bundled armies repeated to `units` a side, facing each other across open ground.

    Each side deploys in a block of columns at its own edge (no deployment phase
    in ninja: new_battle places them); the gap between the blocks is a few
    hexes on the small map and most of the map on the large one.
    """
    import attrs

    setup = ruleset.load_scenario(ninja_scenario(ruleset))
    armies = []
    for army in setup.armies[:2]:
        entries = tuple(army.units[i % len(army.units)] for i in range(units))
        armies.append(attrs.evolve(army, units=entries, points=sum(e.points for e in entries)))
    height = max(6, int((units * (1 if board == "small" else 2)) ** 0.5 * 2))
    depth = -(-units // height)  # columns of each deployment block
    gap = {"small": 4, "medium": 8}.get(board, 30)
    width = 2 * depth + gap
    if board == "large":
        height = max(height, 30)
    terrain = tuple("." * width for _ in range(height))
    elevation = tuple("0" * width for _ in range(height))
    zone_type = type(setup.map.zones[0])
    zones = (zone_type((0, 0, depth - 1, height - 1), 0), zone_type((width - depth, 0, width - 1, height - 1), 3))
    mp = attrs.evolve(setup.map, name=f"bench {board}", terrain=terrain, elevation=elevation, zones=zones)
    scenario = attrs.evolve(setup.scenario, zones=(0, 1), round_limit=200)
    setup = attrs.evolve(setup, scenario=scenario, map=mp, armies=tuple(armies))
    return ruleset.new_battle(setup, 11)


def ninja_scenario(ruleset: Any) -> str:
    """The first bundled two-army scenario."""
    for info in ruleset.scenarios():
        if info.sides == 2:
            return info.name
    raise NoPosition("no two-army ninja scenario")


@builder("commanders")
def commanders_position(ruleset: Any, units: int, board: str) -> Any:
    """The commanders of the largest bundled battle, repeated until each side fields `units` units.

    A unit is a commander or one of its troop; commanders stand in a grid at
    their own edge of an open plain, three squares apart, and their troops
    gather around them as new_battle places them. The last commander of a
    side leads a shortened troop when the count asks for it.
    """
    import attrs

    setup = ruleset.load_scenario(largest_scenario(ruleset))
    pools = {side: [c for p, c in zip(setup.scenario.commander, setup.commanders) if p.side == side] for side in (0, 1)}
    per_side: dict[int, list[Any]] = {0: [], 1: []}
    for side, pool in pools.items():
        made, i = 0, 0
        while made < units:
            leader = pool[i % len(pool)]
            troop = leader.troop[: max(0, units - made - 1)]
            per_side[side].append(attrs.evolve(leader, troop=troop))
            made += 1 + len(troop)
            i += 1
    count = max(len(v) for v in per_side.values())
    side_length = max(7, 3 * int(count ** 0.5 + 0.999) + 1)
    height = side_length if board != "large" else max(side_length, 40)
    per_column = (height - 1) // 3
    columns = -(-count // per_column)
    width = 2 * 3 * columns + (4 if board == "small" else 10)
    if board == "large":
        width = max(width, 60)
    place_type = type(setup.scenario.commander[0])
    placements, leaders = [], []
    for side in (0, 1):
        for i, leader in enumerate(per_side[side]):
            col, row = divmod(i, per_column)
            x = 1 + 3 * col if side == 0 else width - 2 - 3 * col
            placements.append(place_type(file=f"bench-{side}-{i}", side=side, at=(x, 1 + 3 * row)))
            leaders.append(leader)
    plain = ruleset.catalogue.terrain_by_symbol()["."].name
    grid = type(setup.board)(f"bench {board}", width, height, (plain,) * (width * height), (0,) * (width * height))
    scenario = attrs.evolve(setup.scenario, commander=tuple(placements), max_rounds=200)
    return ruleset.new_battle(attrs.evolve(setup, scenario=scenario, board=grid, commanders=tuple(leaders)), 11)


def largest_scenario(ruleset: Any) -> str:
    """The bundled two-sided scenario with the most units (stable: the first of equals)."""
    best = None
    for info in ruleset.scenarios():
        if info.sides != 2:
            continue
        size = len(ruleset.new_battle(ruleset.load_scenario(info.name), 0).units)
        if best is None or size > best[0]:
            best = (size, info.name)
    if best is None:
        raise NoPosition("no two-sided scenario")
    return best[1]
