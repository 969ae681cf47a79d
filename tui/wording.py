"""The battle screen's words that belong to one ruleset: the one-line prompt and the units legend.

One `Wording` record per ruleset, found by the name the ruleset declares
(`Ruleset.name`); a ruleset without one gets the generic words, which fit any
ruleset that is picked on the map. The prompt tells the player what to do next
from the selection and the number of cells picked so far (the stage).
"""

from __future__ import annotations

from typing import Any, Callable

import attrs

Prompt = Callable[[Any, "int | None", "int | None", int], str]


def generic_prompt(state: Any, side: int | None, selected: int | None, stage: int) -> str:
    if selected is None:
        return "Enter on a unit of yours selects it (or a marked cell acts there); a lists every action."
    if stage == 0:
        return "Enter on a marked cell picks it; Enter on the unit itself stays put; Esc cancels."
    return "Enter on a target > < picks it; Enter on the unit itself does without; Esc steps back."


@attrs.frozen
class Wording:
    """units_legend: what the unit glyphs mean, for the help's map legend; prompt(state, side,
    selected, stage): the line under "Next" telling the player what to do now."""

    units_legend: str = "Units show the first letter of their type; the unit panel names them."
    prompt: Prompt = generic_prompt


def statwar_prompt(state: Any, side: int | None, selected: int | None, stage: int) -> str:
    if selected is None:
        return ("Deployment: Enter on a marked square puts your next unit there "
                "(a: every choice, incl. withholding).")
    if stage == 0:
        return ("Your next unit is selected. Enter on a ( ) square moves it, on itself it stays; "
                "> < marks a unit to ride or attack. a lists all, incl. Detonate.")
    return "Enter on an enemy > < attacks it; Enter on your unit's square: no attack. Esc steps back."


def ninja_prompt(state: Any, side: int | None, selected: int | None, stage: int) -> str:
    phase = state.phase
    if selected is None:
        return (f"{phase.capitalize()} phase: Enter on a ninja of yours to give its order; "
                "Tab finds the next one; when done, a then 'seals its orders'.")
    if phase == "movement":
        if stage == 0:
            return "Enter on a ( ) hex to move there (on the ninja itself to stay). Esc cancels."
        return "Enter on a neighbouring hex to face it; then pick walk, run or jump. Esc steps back."
    return "Enter on a target > <, or on the ninja itself to rest, dodge or use a jutsu on itself."


def commanders_prompt(state: Any, side: int | None, selected: int | None, stage: int) -> str:
    if selected is None:
        return ("Enter on a unit of the acting troop (marked) to order it; "
                "on the commander to cast or rally; a lists every action, incl. End turn.")
    if stage == 0:
        return "Enter on a ( ) square to move (the unit itself: stay), or on a spell's target > <."
    return "Enter on an enemy > < to attack; on the unit itself: no attack. Esc steps back."


WORDING: dict[str, Wording] = {
    "statwar": Wording(prompt=statwar_prompt),
    "ninja": Wording(
        units_legend=("Ninja show the letter of their school; the arrow beside it is the way they face "
                      "(missiles fly into the arc ahead)."),
        prompt=ninja_prompt,
    ),
    "commanders": Wording(
        units_legend=("@ is your commander, & an enemy commander; each kind of troop has its own letter, "
                      "the first of its name that is free in this battle (Merman M, Mermaid E), capitals "
                      "for side 1; the unit panel names the unit under the cursor."),
        prompt=commanders_prompt,
    ),
}


def wording_for(ruleset: Any) -> Wording:
    """The wording of `ruleset`, by the name it declares; the generic words when it has none."""
    return WORDING.get(ruleset.name, Wording())
