"""Commanders after a battle: what each commander earned, and the player's commanders to save.

The battle's first state holds every commander as the battle began with it
(`Leader.commander`), whatever way the battle was started: a scenario, the
roster or the quiz putting the player's commander on side 1, a loaded save or a
replay taken over. With the optional Temperament rule the set-up folded the
temperament's attack, defence and movement into the commander's buffs and kept
them on `Leader.temper`; core.commanders.experience.starting_commanders takes them
back out, so the file saved is the commander as loaded plus its experience.
"""

from __future__ import annotations

from typing import Any

from core.commanders.commander import Commander
from core.commanders.experience import carry_over, experience_lines, starting_commanders
from core.match import Match


def human_sides(seats: dict[Any, str]) -> set[int]:
    return {int(side) for side, seat in seats.items() if seat == "human"}


def players_commanders(match: Match, seats: dict[Any, str]) -> tuple[Commander, ...]:
    """The commanders of the human sides with this battle's experience added, in scenario order."""
    final = match.state
    after = carry_over(final, starting_commanders(match.initial))
    humans = human_sides(seats)
    return tuple(c for leader, c in zip(final.leaders, after) if leader.side in humans)


def experience_text(match: Match, seats: dict[Any, str]) -> str:
    """One block per commander: name, side, experience gained and where it came from."""
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
