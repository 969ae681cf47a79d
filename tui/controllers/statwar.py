"""StatWar on the map: deploy, then activate the next unit in list order.

Activate(unit, to, target) is two picks - the square to move to (the unit's
own square to stay), then the enemy to attack (the unit itself for none);
Mount(unit, mount, target) picks the friendly Ridable unit, then the target;
Detonate(unit, to) shares the destination pick and is offered in a short menu
next to "move there without attacking". Withhold has no cell: it is in the
action list (a).
"""

from __future__ import annotations

from typing import Any

from tui.controllers.base import Controller


class StatwarController(Controller):
    def prompt(self, state: Any, side: int | None, selected: int | None, stage: int) -> str:
        if selected is None:
            return ("Deployment: Enter on a marked square puts your next unit there "
                    "(a: every choice, incl. withholding).")
        if stage == 0:
            return ("Your next unit is selected. Enter on a ( ) square moves it, on itself it stays; "
                    "> < marks a unit to ride or attack. a lists all, incl. Detonate.")
        return "Enter on an enemy > < attacks it; Enter on your unit's square: no attack. Esc steps back."
