"""Start the game with some battle-screen panels held: their update does nothing.

A measurement aid for the terminal suite's cursor moves (bench_terminal.py,
`run_terminal_parts`): with the unit sheet held, a move costs what the map and the line
under it cost, and the difference from the game as it is, is what the sheet's update
costs. A held panel keeps what it showed when the battle opened, so a screen run this
way is for measuring only.

    python3 tests/bench/held_panels.py PANEL[,PANEL] play RULESET --seed 1

PANEL is one of PANELS' names: `sheet` (the unit sheet, `UnitPanel.show`) or `info`
(the line under the map, `InfoLine.show_text`); the rest is `skirmish`'s command line.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

USAGE = "usage: python3 tests/bench/held_panels.py PANEL[,PANEL] play RULESET --seed 1"

#: What each panel name holds: (module, class, the method that updates it)
PANELS = {
    "sheet": ("tui.widgets.panels", "UnitPanel", "show"),
    "info": ("tui.widgets.panels", "InfoLine", "show_text"),
}


def held(self: Any, *args: Any, **kwargs: Any) -> bool:
    """A held panel's update: nothing is shown, nothing changed (the methods' False)."""
    return False


def hold(names: list[str]) -> None:
    """Make the update of each named panel `held`; ValueError for a name not in PANELS."""
    unknown = [name for name in names if name not in PANELS]
    if unknown:
        raise ValueError(f"no panel {', '.join(unknown)}; choose from {', '.join(PANELS)}")
    for name in names:
        module, cls, method = PANELS[name]
        setattr(getattr(importlib.import_module(module), cls), method, held)


def main(argv: list[str]) -> int:
    if not argv:
        print(USAGE, file=sys.stderr)
        return 2
    try:
        hold([name for name in argv[0].split(",") if name])
    except ValueError as exc:
        print(f"held_panels: {exc}", file=sys.stderr)
        return 2
    from tui.cli import main as skirmish

    return skirmish(argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
