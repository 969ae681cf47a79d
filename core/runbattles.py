"""The battles of a run file, to watch: the list of them, and any one of them as a Match.

A run file (core.runfile) holds every battle the run fought, finished. `battles(replay)`
proves the whole file (core.runfile.verify_run) and lists its battles; `battle_match`
plays the file again step by step (core.runfile.Replaying, the same code `verify_run`
uses) up to the battle asked for and rebuilds it as a core.match.Match: its first state
as the run fought it (core.run.start_battle on the run as it stood before the battle,
the warband's wounds already taken), then its actions, its last state checked against
the hash the file records. A step that does not reproduce is a SaveError naming the
file, the step and the battle ("steps[4] (battle 2): ...").
"""

from __future__ import annotations

import attrs

from core import registry, run as runs
from core.errors import SaveError
from core.match import Match
from core.runfile import Replaying, RunReplay, verify_run


@attrs.frozen
class RunBattle:
    """One battle of a run, as a list of them shows it: `number` counts from 1."""

    number: int
    layer: int
    kind: str
    opponent: str
    ai: str
    result: str
    reason: str
    rounds: int
    actions: int
    retreat: bool = False  # the warband fell back from it (docs/RULES.md, "Retreats")


def battle_rows(run: runs.Run) -> tuple[RunBattle, ...]:
    """The battles `run` has fought, in order."""
    return tuple(
        RunBattle(i, run.nodes.nodes[b.node].depth + 1, b.kind, b.opponent, b.ai, b.result, b.reason,
                  b.rounds, len(b.actions), b.retreat)
        for i, b in enumerate(run.battles, 1)
    )


def battles(replay: RunReplay) -> tuple[RunBattle, ...]:
    """Every battle of the run file, once the whole file is proved; SaveError says why not."""
    return battle_rows(verify_run(replay))


def battle_match(replay: RunReplay, number: int) -> Match:
    """Battle `number` (from 1) of the run file as a Match with every action recorded (ironman:
    it is a run's battle) and the cursor at its end; SaveError naming the battle when the file
    does not reproduce it, or has no such battle. Only the steps up to that battle are played."""
    count = sum(1 for step in replay.envelope.steps if step.choice == runs.BATTLE)
    if not 1 <= number <= count:
        held = f"battles 1 to {count}" if count else "no battles yet"
        raise SaveError(replay.file, f"battle {number}: the run holds {held}")
    playing = Replaying(replay)
    for taken in playing.steps():
        if taken.battle == number:
            break
    else:  # not reached: the count above said it is there
        raise SaveError(replay.file, f"battle {number}: not found")
    ruleset = registry.get(replay.envelope.ruleset)
    _, _, first = runs.start_battle(taken.before)
    try:
        match = Match.replay(ruleset, first, list(taken.after.battles[-1].actions), "ironman")
    except Exception as exc:  # the run took these actions; a Match must too, else say which battle
        raise SaveError(replay.file, f"{playing.where(taken.index, number)}: cannot be rebuilt: {exc}") from None
    if match.state_hash_at(match.steps) != replay.envelope.steps[taken.index].hash:
        raise SaveError(replay.file, f"{playing.where(taken.index, number)}: the battle ends in another state than the recording")
    return match


__all__ = ["RunBattle", "battle_match", "battle_rows", "battles"]
