"""Setting up a battle, without Textual: opponents, seeds, seats, armies put in a scenario.

New battle, `skirmish play` and the builders' "play it" all start battles; the
app's navigation (tui/app.py) opens the screen, this module says what goes in it.
"""

from __future__ import annotations

import random
from typing import Any

OPPONENTS: tuple[tuple[str, str], ...] = (
    ("easy", "AI, easy: sensible and beatable"),
    ("normal", "AI, normal: weighs every action"),
    ("hard", "AI, hard: looks a move ahead"),
    ("hotseat", "A friend at this keyboard (hotseat)"),
)


def fresh_seed() -> int:
    return random.SystemRandom().randrange(1, 1_000_000)


def seats_for(opponent: str, sides: int) -> dict[int, str]:
    """Side 1 is the player's; the others the AI level, or every side human in hotseat."""
    if opponent == "hotseat":
        return {side: "human" for side in range(sides)}
    return {side: ("human" if side == 0 else opponent) for side in range(sides)}


def first_state(ruleset: Any, scenario: str, seed: int, armies: dict[int, tuple[Any, str]] | None = None) -> Any:
    """The battle's first state, with `armies` ({side: (army, source)}) in place of the scenario's
    own; content errors (naming file and field) are raised for the caller to show."""
    setup = ruleset.load_scenario(scenario)
    for side, (army, source) in sorted((armies or {}).items()):
        setup = ruleset.with_army(setup, side, army, source)
    return ruleset.new_battle(setup, seed)


def scenario_choices(ruleset: Any, map_seed: int) -> list[Any]:
    """The ruleset's scenarios, then (when it generates battlefields) one generated from
    `map_seed` at the default size, named as saves name it (`generated:SEED:WxH`)."""
    from core.ruleset import ScenarioInfo

    infos = list(ruleset.scenarios())
    generation = ruleset.generation()
    if generation is not None:
        width, height = generation.default_size
        name = f"generated:{map_seed}:{width}x{height}"
        infos.append(ScenarioInfo(
            name, ruleset.name, f"Generated {width}x{height}, map seed {map_seed}",
            "A battlefield and two armies made from the map seed: connected for every way of "
            "moving, fair to both sides by measure (docs/RULES.md, Runs).", 2, "",
        ))
    return infos


def scenarios_for(ruleset: Any, army: Any, what: str, source: str = "") -> tuple[list[tuple[str, str, str]], dict[str, str]]:
    """Every scenario of the ruleset as a (name, title, about) pick for `army` on side 1, and the
    reasons of those it does not fit (the ruleset's `with_army` rule), by scenario name."""
    scenarios, refused = [], {}
    for info in ruleset.scenarios():
        about = f"{info.summary} Your {what} takes side 1's place."
        try:
            ruleset.with_army(ruleset.load_scenario(info.name), 0, army, source)
        except Exception as exc:  # ContentError says why it does not fit; a broken scenario says why too
            refused[info.name] = str(exc)
            scenarios.append((info.name, f"{info.title}  (does not fit)", f"{about}\nDoes not fit: {exc}"))
            continue
        scenarios.append((info.name, info.title, about))
    return scenarios, refused
