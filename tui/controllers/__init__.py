"""Controllers turn the cursor and keys into a ruleset's actions, strictly from legal_actions.

`controller_for(ruleset)` picks the ruleset's own controller if it has one,
else the generic one, which reads the action records' fields (the acting unit,
the cell or unit aimed at) and works for any ruleset that follows the house
conventions.
"""

from __future__ import annotations

from tui.controllers.base import Controller


def controller_for(ruleset) -> Controller:
    name = getattr(ruleset, "name", "")
    if name == "statwar":
        from tui.controllers.statwar import StatwarController

        return StatwarController(ruleset)
    if name == "ninja":
        from tui.controllers.ninja import NinjaController

        return NinjaController(ruleset)
    if name == "commanders":
        from tui.controllers.commanders import CommandersController

        return CommandersController(ruleset)
    return Controller(ruleset)
