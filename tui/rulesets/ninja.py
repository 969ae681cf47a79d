"""Ninja in the terminal: the army builder, its player files and its battle wording.

Movement phase, OrderMove(unit, mode, q, r, facing): pick the destination hex,
then the neighbouring hex to face; walk, run or jump to the same hex and facing
are told apart in a short menu. Action phase, OrderAction(unit, act, targets,
jutsu, place): pick a target; rest, dodge and self jutsu are picked on the unit
itself. Submit seals the side's orders: the end key (e) or the action list (a).
"""

from __future__ import annotations

from typing import Any

from tui.rulesets import Builder, Plugin


def army_screen() -> Any:
    from tui.screens.builder_ninja import NinjaArmyScreen

    return NinjaArmyScreen()


def ends_turn(action: Any) -> bool:
    from core.ninja.actions import Submit

    return isinstance(action, Submit)


def action_kind(action: Any) -> str:
    """Movement orders by their mode (stand, walk, run, jump, a jutsu's vanishing), action
    orders by what they do (melee, missile, jutsu, rest, dodge); sealing under its own heading."""
    from core.ninja.actions import OrderAction, OrderMove

    if isinstance(action, OrderMove):
        return "Teleport" if action.mode == "jutsu" else action.mode.capitalize()
    if isinstance(action, OrderAction):
        return "Jutsu" if action.act == "jutsu" else action.act.capitalize()
    return "Seal orders"


def prompt(state: Any, side: int | None, selected: int | None, stage: int) -> str:
    """The phase, then the destination and facing (movement) or the target (action)."""
    phase = state.phase
    if selected is None:
        return (f"{phase.capitalize()} phase: Enter on a ninja of yours to give its order; "
                "Tab finds the next one; e seals the phase's orders.")
    if phase == "movement":
        if stage == 0:
            return "Enter on a ( ) hex to move there (on the ninja itself to stay). Esc cancels."
        return ("Enter on a neighbouring hex to face it (at the map's edge, the direction key "
                "faces off the map); then pick walk, run or jump. Esc steps back.")
    return "Enter on a target > <, or on the ninja itself to rest, dodge or use a jutsu on itself."


PLUGIN = Plugin(
    name="ninja",
    builders=(
        Builder("ninja", "Ninja: army builder",
                "Ninja of nine schools, 1 to 4 points each, with their jutsu, under one of four army rule sets.",
                army_screen),
    ),
    builders_words="the ninja army builder",
    player_kind="army",
    army_word="army",
    folders={"army": "ninja/armies"},
    units_legend=("Ninja show the letter of their school; the arrow beside it is the way they face "
                  "(missiles fly into the arc ahead)."),
    prompt=prompt,
    ends_turn=ends_turn,
    end_words="seal the orders (those without one stand still or wait)",
    end_label="Seal orders",
    action_kind=action_kind,
)
