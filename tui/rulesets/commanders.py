"""Commanders in the terminal: roster and quiz, commander files, battle wording, experience after.

Order(uid, dest, target): pick where a troop unit moves (its own square to stay),
then whom it attacks (itself: no attack). Cast: pick the unit or square the spell
is aimed at, then the spell and level in a short menu. Rally is picked on the
commander itself; EndTurn is in the action list (a).

After a battle the end screen shows what each commander earned and saves, as
soon as it opens, the player's own commanders with it: on each human side the
commander in the side's first place (the one a brought commander takes; the
side's other commanders are the scenario's allies and stay out of the roster).
The experience is merged by commander identity (name and the traits the quiz
fixed): when the roster holds that commander, this battle's experience is added
to the roster's copy, so finishing an old save never puts an older copy back
over a levelled-up one; otherwise the commander the battle began with
(core.commanders.experience.starting_commanders, the Temperament buffs taken
off) is saved with its experience. A different commander of the same name gets
a file of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from tui.rulesets import AfterBattle, Builder, Plugin, kind_by_type


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
                "on the commander to cast or rally; a lists every action; e ends the turn.")
    if stage == 0:
        unit = state.units[selected] if 0 <= selected < len(state.units) else None
        if unit is not None and unit.role != "troop":
            return ("Enter on a spell's target > < to cast (the spell and level follow); "
                    "on the commander itself: rally or a spell on itself.")
        return "Enter on a ( ) square to move there; on the unit itself to stay. Esc cancels."
    return "Enter on an enemy > < to attack; on the unit itself: no attack. Esc steps back."


def ends_turn(action: Any) -> bool:
    from core.commanders.actions import EndTurn

    return isinstance(action, EndTurn)


def action_kind(action: Any) -> str:
    from core.commanders.actions import Cast, Order

    if isinstance(action, Order):
        return "Attack" if action.target >= 0 else "Move"
    if isinstance(action, Cast):
        return "Spells"
    return kind_by_type(action)


def acting(state: Any, names: tuple[str, ...], side: int) -> str:
    """The commander whose turn it is, and its side."""
    leader = state.leader_now
    side_name = names[side] if side < len(names) else f"side {side + 1}"
    return f"{leader.commander.name} ({side_name})" if leader.side == side else side_name


def human_sides(seats: Mapping[Any, str]) -> set[int]:
    return {int(side) for side, seat in seats.items() if seat == "human"}


@attrs.frozen
class Earned:
    """One of the player's commanders after a battle: as it began, as it ends, and the tally."""

    start: Any  # core.commanders.commander.Commander
    after: Any
    tally: Any  # core.commanders.progression.BattleTally


def own_leaders(final: Any, seats: Mapping[Any, str]) -> list[Any]:
    """The leaders that are the player's own: the first commander of each human side."""
    humans = human_sides(seats)
    first: dict[int, Any] = {}
    for leader in sorted(final.leaders, key=lambda l: l.index):
        first.setdefault(leader.side, leader)
    return [leader for side, leader in sorted(first.items()) if side in humans]


def players_commanders(match: Any, seats: Mapping[Any, str]) -> tuple[Earned, ...]:
    """The player's own commanders with this battle's experience, in scenario order."""
    from core.commanders.experience import carry_over, starting_commanders, tallies

    final = match.state
    start = starting_commanders(match.initial)
    after = carry_over(final, start)
    counted = tallies(final)
    return tuple(Earned(start[l.index], after[l.index], counted[l.index]) for l in own_leaders(final, seats))


def identity(commander: Any) -> tuple[Any, ...]:
    """What makes a commander the same one across files and battles: its name and what the
    quiz fixed (levels, classes, experience and skills change; these do not)."""
    return (commander.name.strip().casefold(), commander.major_attribute, commander.minor_attribute,
            commander.attribute_curve, commander.skill_curve, commander.temperament)


def merged(earned: Earned, folder: Path) -> tuple[Any, Path]:
    """The commander to write and where: the roster's copy plus this battle's experience when
    the roster holds the same commander, else the battle's own copy in a free file name."""
    from core.commanders.commander import load_commander
    from core.commanders.progression import award
    from core.commanders.ruleset import RULESET
    from tui.screens.builder_files import slug

    stem = slug(earned.start.name)
    for n in range(1, 100):
        path = folder / (f"{stem}.toml" if n == 1 else f"{stem}_{n}.toml")
        if not path.exists():
            return earned.after, path
        try:
            kept = load_commander(path, RULESET.catalogue)
        except Exception:  # an unreadable file is left alone; the next name is tried
            continue
        if identity(kept) == identity(earned.start):
            return award(kept, earned.tally), path
    raise OSError(f"no free file name for {earned.start.name} in {folder}")


def experience_text(match: Any, seats: Mapping[Any, str]) -> str:
    """One block per commander: name, side, experience gained and where it came from."""
    from core.commanders.experience import experience_lines
    from core.commanders.progression import experience_for_level, levels_waiting

    final = match.state
    names = match.ruleset.side_names(final)
    own = {leader.index for leader in own_leaders(final, seats)}
    earned = experience_lines(final)
    rows = ["Experience earned"]
    for leader in final.leaders:
        gained, why = earned[leader.index]
        mine = " (yours)" if leader.index in own else ""
        commander = leader.commander
        total = commander.experience + gained
        after = attrs.evolve(commander, experience=total)
        waiting = levels_waiting(after)
        if waiting:
            step = f"level {commander.level + 1} is waiting"
        else:
            step = f"level {commander.level + 1} at {experience_for_level(commander.level + 1)}"
        rows.append(f"{commander.name}, {names[leader.side]}{mine}: +{gained} (now {total}; {step})")
        rows.extend(f"  {line}" for line in why)
    return "\n".join(rows)


def save_commanders(app: Any, earned: tuple[Earned, ...]) -> str | None:
    """Each of the player's commanders to the player's folder, merged with the roster's copy (see
    the module's docstring; a premade one becomes the player's own copy, as in the roster); the
    notice to show, or None when a file could not be written (the app showed why)."""
    from core.commanders.progression import levels_waiting
    from tui.screens.builder_files import player_folder
    from tui.screens.roster_commanders import write_commander

    folder = player_folder(app.saves_dir, "commanders", "commander")
    saved, levels = [], 0
    for item in earned:
        try:
            commander, path = merged(item, folder)
        except OSError as exc:
            app.show_error("The commander cannot be saved", str(exc))
            return None
        if write_commander(app, commander, path) is None:
            return None
        saved.append(f"{commander.name} ({commander.experience} experience, in {path.name})")
        levels += levels_waiting(commander)
    after = " A level is waiting: take it in Army builder > Commanders: roster." if levels else ""
    return f"Saved to your commanders: {', '.join(saved)}.{after}"


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
    ends_turn=ends_turn,
    acting=acting,
    action_kind=action_kind,
    after_battle=AfterBattle(
        text=experience_text,
        to_save=players_commanders,
        save=save_commanders,
        save_label="Save commanders",
        save_hint="Your commanders were saved to your roster with their new experience. ",
    ),
)
