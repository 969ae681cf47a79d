"""StatWar in the terminal: the unit designer and army list, its player files and its battle wording.

Activate(unit, to, target) is two picks - the square to move to (the unit's
own square to stay), then the enemy to attack (the unit itself for none);
Mount(unit, mount, target) picks the friendly Ridable unit, then the target;
Detonate(unit, to) shares the destination pick and is offered in a short menu
next to "move there without attacking". Withhold has no cell: it is in the
action list (a). The prompt below says so to the player.
"""

from __future__ import annotations

from typing import Any

from tui.rulesets import Builder, Plugin, kind_by_type


def army_screen() -> Any:
    from tui.screens.builder_statwar import StatWarArmyScreen

    return StatWarArmyScreen()


def action_kind(action: Any) -> str:
    from core.statwar.actions import Activate

    if isinstance(action, Activate):
        if action.target is not None:
            return "Attack"
        return "Wait" if action.to is None else "Move"
    return kind_by_type(action)


def prompt(state: Any, side: int | None, selected: int | None, stage: int) -> str:
    """Deployment until a unit is selected, then its move and its attack."""
    if selected is None:
        if state.phase == "deploy":
            return ("Deployment: Enter on a marked square puts your next unit there "
                    "(a: every choice, incl. withholding).")
        return "Enter on your unit marked ‹ › (Tab puts the cursor on it) to select it; a lists its actions."
    if stage == 0:
        bomb = state.designs[state.units[selected].design].suicide_bomb if 0 <= selected < len(state.units) else False
        return ("Enter on > < attacks (or rides) from here; Enter on a ( ) square moves there first, "
                "on itself stays. " + ("a lists all, incl. Detonate." if bomb else "a lists all."))
    return "Enter on an enemy > < attacks it; Enter on your unit's square: no attack. Esc steps back."


PLUGIN = Plugin(
    name="statwar",
    builders=(
        Builder("statwar", "StatWar: unit designer and army list",
                "Buy Damage, Range, Armor and Move a point each, specials five a level; list the army in move order.",
                army_screen),
    ),
    builders_words="the StatWar army list",
    player_kind="army",
    army_word="army",
    folders={"army": "statwar/armies", "unit": "statwar/units"},
    prompt=prompt,
    action_kind=action_kind,
)
