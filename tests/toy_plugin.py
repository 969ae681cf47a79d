"""The TUI plug-in of the tests' toy ruleset (tests/toy_ruleset.py), registered as a fourth
ruleset's would be: `tui.rulesets.register("toy", "tests.toy_plugin")`.

It words the battle screen its own way and adds an after-battle extra (where each
runner finished, and the human sides' runners saved to a small text file), so the
end screen's plug-in path is exercised by a ruleset that is not built in.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tui.rulesets import AfterBattle, Plugin

PODIUM_FILE = "toy-podium.txt"


def prompt(state: Any, side: int | None, selected: int | None, stage: int) -> str:
    return "Enter on a runner of yours to dash or trip; a lists every action."


def podium(match: Any, seats: Mapping[Any, str]) -> str:
    names = match.ruleset.side_names(match.state)
    rows = ["Where they finished"]
    rows.extend(f"{r.name}, {names[r.side]}: square {r.position}" for r in match.state.runners)
    return "\n".join(rows)


def human_runners(match: Any, seats: Mapping[Any, str]) -> tuple[str, ...]:
    humans = {int(side) for side, seat in seats.items() if seat == "human"}
    return tuple(r.name for r in match.state.runners if r.side in humans)


def save_runners(app: Any, runners: tuple[str, ...]) -> str | None:
    path = app.saves_dir / PODIUM_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(runners) + "\n", encoding="utf-8")
    return f"Saved {len(runners)} runners to {PODIUM_FILE}."


PLUGIN = Plugin(
    name="toy",
    army_word="team",
    units_legend="Runners show their lane's letter; the unit panel names them.",
    prompt=prompt,
    after_battle=AfterBattle(
        text=podium,
        to_save=human_runners,
        save=save_runners,
        save_label="Save runners",
        save_hint="Your runners were saved. ",
    ),
)
