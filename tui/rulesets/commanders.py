"""Commanders in the terminal: roster and quiz, commander files, battle wording, experience after.

Order(uid, dest, target): pick where a troop unit moves (its own square to stay),
then whom it attacks (itself: no attack). Cast: pick the unit or square the spell
is aimed at, then the spell and level in a short menu. Rally is picked on the
commander itself; EndTurn is in the action list (a).

After a battle the end screen shows what each commander earned and saves the
human sides' commanders with it: the commanders the battle began with
(core.commanders.experience.starting_commanders, the Temperament buffs taken
off) plus this battle's experience (carry_over), so the file saved is the one
loaded plus its experience, whichever way the battle was started.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tui.rulesets import AfterBattle, Builder, Plugin


def roster_screen() -> Any:
    from tui.screens.roster_commanders import RosterScreen

    return RosterScreen()


def quiz_screen() -> Any:
    from tui.screens.quiz_questions import QuizScreen

    return QuizScreen()


def prompt(state: Any, side: int | None, selected: int | None, stage: int) -> str:
    """The acting troop until a unit is chosen, then its move or spell, then its attack."""
    if selected is None:
        return ("Enter on a unit of the acting troop (marked) to order it; "
                "on the commander to cast or rally; a lists every action, incl. End turn.")
    if stage == 0:
        return "Enter on a ( ) square to move (the unit itself: stay), or on a spell's target > <."
    return "Enter on an enemy > < to attack; on the unit itself: no attack. Esc steps back."


def human_sides(seats: Mapping[Any, str]) -> set[int]:
    return {int(side) for side, seat in seats.items() if seat == "human"}


def players_commanders(match: Any, seats: Mapping[Any, str]) -> tuple[Any, ...]:
    """The commanders of the human sides with this battle's experience added, in scenario order."""
    from core.commanders.experience import carry_over, starting_commanders

    final = match.state
    after = carry_over(final, starting_commanders(match.initial))
    humans = human_sides(seats)
    return tuple(c for leader, c in zip(final.leaders, after) if leader.side in humans)


def experience_text(match: Any, seats: Mapping[Any, str]) -> str:
    """One block per commander: name, side, experience gained and where it came from."""
    from core.commanders.experience import experience_lines

    final = match.state
    names = match.ruleset.side_names(final)
    humans = human_sides(seats)
    earned = experience_lines(final)
    rows = ["Experience earned"]
    for leader in final.leaders:
        gained, why = earned[leader.index]
        mine = " (yours)" if leader.side in humans else ""
        total = leader.commander.experience + gained
        rows.append(f"{leader.commander.name}, {names[leader.side]}{mine}: +{gained} (now {total})")
        rows.extend(f"  {line}" for line in why)
    return "\n".join(rows)


def save_commanders(app: Any, commanders: tuple[Any, ...]) -> str | None:
    """Each commander to the player's folder (a premade one becomes the player's own copy, as in
    the roster); the notice to show, or None when a file could not be written (the app showed why)."""
    from core.commanders.progression import levels_waiting
    from tui.screens.builder_files import player_folder, slug
    from tui.screens.roster_commanders import write_commander

    folder = player_folder(app.saves_dir, "commanders", "commander")
    saved, levels = [], 0
    for commander in commanders:
        path = write_commander(app, commander, folder / f"{slug(commander.name)}.toml")
        if path is None:
            return None
        saved.append(path.name)
        levels += levels_waiting(commander)
    after = " A level is waiting: take it in Army builder > Commanders: roster." if levels else ""
    return f"Saved {', '.join(saved)} to your commanders.{after}"


PLUGIN = Plugin(
    name="commanders",
    builders=(
        Builder("roster", "Commanders: roster, troops and level-ups",
                "Your commanders and the premade ones: recruit a troop, spend skill points, take level-ups.",
                roster_screen),
        Builder("quiz", "Commanders: the commander quiz",
                "Eleven personality questions (some branch) make a commander; name it and save it to the roster.",
                quiz_screen),
    ),
    builders_words="the commander roster and quiz",
    player_kind="commander",
    army_word="commander",
    folders={"commander": "commanders/commanders"},
    units_legend=("@ is your commander, & an enemy commander; each kind of troop has its own letter, "
                  "the first of its name that is free in this battle (Merman M, Mermaid E), capitals "
                  "for side 1; the unit panel names the unit under the cursor."),
    prompt=prompt,
    after_battle=AfterBattle(
        text=experience_text,
        to_save=players_commanders,
        save=save_commanders,
        save_label="Save commanders",
        save_hint="c saves your commanders with their new experience to your roster. ",
    ),
)
