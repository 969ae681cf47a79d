"""Dice Race: a tiny but complete ruleset the kernel tests play.

Two to four sides race runners down their lanes. On its turn a side picks one
action for one runner: dash (a d6 decides whether it moves its speed or one
more), trip an enemy runner level with it or one square away (a d6 of 4 or
more knocks off 1 of its 2 health; at 0 it is down), or rest. The first runner
to reach the finish line wins; a side with no runner standing is out; when the
rounds run out the battle is a draw.

It has everything the Ruleset protocol asks for (dice in the state, events with
their numbers, content documents with a sheet, bundled scenarios, an AI
evaluation), so saves, the simulator, the AI and the command line can be tested
without depending on the real rulesets.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs

from core.content import display_path, read_toml, structure
from core.errors import ContentError, IllegalAction, Problem
from core.rng import Dice
from core.ruleset import Outcome, Ruleset, ScenarioInfo, Sheet
from core.view import ActionPicks, BoardView, CellView, PickStage, UnitView

NAME = "toy"
SIDE_NAMES = ("Red", "Blue", "Green", "Gold")
HEALTH = 2
TRIP_NEEDED = 4
KINDS = ("runner", "sprinter", "jogger")


# --- content -------------------------------------------------------------------
@attrs.frozen
class RaceSpec:
    """A scenario: the track and how many runners each side fields."""

    title: str
    summary: str
    length: int
    runners: int = 1
    sides: int = 2
    max_rounds: int = 12

    def problems(self) -> list[tuple[str, str]]:
        out = []
        if not 3 <= self.length <= 30:
            out.append(("length", f"must be 3 to 30, not {self.length}"))
        if not 1 <= self.runners <= len(KINDS):
            out.append(("runners", f"must be 1 to {len(KINDS)}, not {self.runners}"))
        if not 2 <= self.sides <= len(SIDE_NAMES):
            out.append(("sides", f"must be 2 to {len(SIDE_NAMES)}, not {self.sides}"))
        if self.max_rounds < 1:
            out.append(("max_rounds", "must be at least 1"))
        return out


@attrs.frozen
class RunnerSpec:
    """A runner design: a name, a speed (1 to 3) and a description."""

    name: str
    speed: int
    description: str

    def problems(self) -> list[tuple[str, str]]:
        out = []
        if not 1 <= self.speed <= 3:
            out.append(("speed", f"must be 1 to 3, not {self.speed}"))
        if not self.description.strip():
            out.append(("description", "is required"))
        return out


BUNDLED: dict[str, RaceSpec] = {
    "sprint": RaceSpec("Sprint", "One runner each on a short track.", length=6),
    "relay": RaceSpec("Relay", "Two runners each on a longer track.", length=8, runners=2, max_rounds=14),
    "three-way": RaceSpec("Three-way", "Three sides, one runner each.", length=7, sides=3),
}


# --- state -----------------------------------------------------------------------
@attrs.frozen(slots=True)
class Track:
    length: int
    max_rounds: int


@attrs.frozen(slots=True)
class Runner:
    uid: int
    side: int
    name: str
    speed: int
    position: int
    hp: int


@attrs.frozen(slots=True)
class RaceState:
    track: Track
    runners: tuple[Runner, ...]
    active: int
    round: int
    dice: Dice
    side_names: tuple[str, ...]
    damage_dealt: tuple[int, ...]


# --- actions and events ---------------------------------------------------------
@attrs.frozen(slots=True)
class Dash:
    side: int
    uid: int


@attrs.frozen(slots=True)
class Trip:
    side: int
    uid: int
    target: int


@attrs.frozen(slots=True)
class Rest:
    side: int


@attrs.frozen(slots=True)
class DashRolled:
    uid: int
    roll: int
    steps: int
    start: int
    end: int


@attrs.frozen(slots=True)
class TripRolled:
    uid: int
    target: int
    roll: int
    needed: int
    hit: bool
    hp_before: int
    hp_after: int


@attrs.frozen(slots=True)
class RunnerDown:
    uid: int


@attrs.frozen(slots=True)
class Rested:
    side: int


class DiceRace(Ruleset):
    name = NAME
    title = "Dice Race"
    rules_version = 1
    grid = "square"
    state_type = RaceState
    action_types = (Dash, Trip, Rest)
    event_types = (DashRolled, TripRolled, RunnerDown, Rested)

    # --- building a battle ------------------------------------------------------
    def scenarios(self) -> list[ScenarioInfo]:
        return [ScenarioInfo(n, NAME, s.title, s.summary, s.sides, f"<bundled {n}>") for n, s in BUNDLED.items()]

    def load_scenario(self, name_or_path: str | Path) -> RaceSpec:
        if str(name_or_path) in BUNDLED:
            return BUNDLED[str(name_or_path)]
        path = Path(name_or_path)
        if path.suffix != ".toml":
            raise ContentError([Problem(str(name_or_path), "(scenario)", f"no bundled scenario of that name; known: {', '.join(BUNDLED)}")])
        doc = self.load_document(path, read_toml(path))
        if not isinstance(doc, RaceSpec):
            raise ContentError([Problem(display_path(path), "kind", "is not a scenario")])
        return doc

    def load_document(self, path: Path, data: dict[str, Any]) -> Any:
        file = display_path(path)
        rest = {k: v for k, v in data.items() if k not in ("ruleset", "kind")}
        kind = data.get("kind")
        if data.get("ruleset") != NAME:
            raise ContentError([Problem(file, "ruleset", f"must be {NAME!r}")])
        if kind == "scenario":
            return structure(rest, RaceSpec, file)
        if kind == "runner":
            return structure(rest, RunnerSpec, file)
        raise ContentError([Problem(file, "kind", f"unknown kind {kind!r}; expected 'scenario' or 'runner'")])

    def sheet(self, document: Any) -> Sheet:
        if isinstance(document, RunnerSpec):
            cost = document.speed * 5
            lines = (f"Speed {document.speed}", f"Cost {cost} points", document.description)
            return Sheet(document.name, lines, {"name": document.name, "speed": document.speed, "cost": cost})
        lines = (f"Track {document.length} squares", f"{document.runners} runner(s) a side", f"{document.sides} sides")
        return Sheet(document.title, lines, {"length": document.length, "runners": document.runners, "sides": document.sides})

    def set_up(self, setup: RaceSpec, seed: int) -> RaceState:
        runners = tuple(
            Runner(side * setup.runners + i, side, KINDS[i], i + 1, 0, HEALTH)
            for side in range(setup.sides)
            for i in range(setup.runners)
        )
        return RaceState(
            Track(setup.length, setup.max_rounds), runners, 0, 1, Dice.from_seed(seed),
            SIDE_NAMES[: setup.sides], (0,) * len(runners),
        )

    # --- the turn ---------------------------------------------------------------
    def to_act(self, state: RaceState) -> tuple[int, ...]:
        return () if self.outcome(state) is not None else (state.active,)

    def legal_actions(self, state: RaceState, side: int) -> list[Any]:
        if side not in self.to_act(state):
            return []
        out: list[Any] = []
        for r in state.runners:
            if r.side != side or r.hp <= 0:
                continue
            out.append(Dash(side, r.uid))
            for t in state.runners:
                if t.side != side and t.hp > 0 and abs(t.position - r.position) <= 1:
                    out.append(Trip(side, r.uid, t.uid))
        out.append(Rest(side))
        return out

    def _check(self, state: RaceState, action: Any) -> None:
        if not isinstance(action, self.action_types):
            raise IllegalAction(f"{type(action).__name__} is not a Dice Race action")
        if self.outcome(state) is not None:
            raise IllegalAction("the race is over")
        if action.side != state.active:
            raise IllegalAction(f"it is {state.side_names[state.active]}'s turn")
        if isinstance(action, Rest):
            return
        if not 0 <= action.uid < len(state.runners) or state.runners[action.uid].side != action.side:
            raise IllegalAction(f"runner {action.uid} is not yours")
        if state.runners[action.uid].hp <= 0:
            raise IllegalAction("that runner is down")
        if action not in self.legal_actions(state, action.side):
            raise IllegalAction("the target is not an enemy runner within one square")

    def resolve(self, state: RaceState, action: Any) -> tuple[RaceState, tuple[Any, ...]]:
        self._check(state, action)
        runners, damage, dice = list(state.runners), list(state.damage_dealt), state.dice
        events: list[Any] = []
        if isinstance(action, Dash):
            r = runners[action.uid]
            roll, dice = dice.roll(6)
            steps = r.speed + (1 if roll >= 4 else 0)
            end = min(r.position + steps, state.track.length - 1)
            runners[r.uid] = attrs.evolve(r, position=end)
            events.append(DashRolled(r.uid, roll, steps, r.position, end))
        elif isinstance(action, Trip):
            t = runners[action.target]
            roll, dice = dice.roll(6)
            hit = roll >= TRIP_NEEDED
            after = t.hp - 1 if hit else t.hp
            runners[t.uid] = attrs.evolve(t, hp=after)
            damage[action.uid] += t.hp - after
            events.append(TripRolled(action.uid, t.uid, roll, TRIP_NEEDED, hit, t.hp, after))
            if after == 0:
                events.append(RunnerDown(t.uid))
        else:
            events.append(Rested(action.side))
        sides = len(state.side_names)
        active, rnd = state.active, state.round
        for _ in range(sides):
            active = (active + 1) % sides
            if active == 0:
                rnd += 1
            if any(r.side == active and r.hp > 0 for r in runners):
                break
        new = RaceState(state.track, tuple(runners), active, rnd, dice, state.side_names, tuple(damage))
        return new, tuple(events)

    def outcome(self, state: RaceState) -> Outcome | None:
        finish = state.track.length - 1
        for r in state.runners:
            if r.hp > 0 and r.position >= finish:
                return Outcome(r.side, f"{state.side_names[r.side]} crossed the finish line")
        standing = sorted({r.side for r in state.runners if r.hp > 0})
        if not standing:
            return Outcome(None, "every runner is down")
        if len(standing) == 1:
            return Outcome(standing[0], f"{state.side_names[standing[0]]} is the last side standing")
        if state.round > state.track.max_rounds:
            return Outcome(None, "the rounds ran out")
        return None

    # --- for the AI -------------------------------------------------------------
    def evaluate(self, state: RaceState, side: int) -> float:
        result = self.outcome(state)
        if result is not None:
            return 0.0 if result.winner is None else (100.0 if result.winner == side else -100.0)
        mine = max((r.position + r.hp for r in state.runners if r.side == side and r.hp > 0), default=0)
        theirs = max((r.position + r.hp for r in state.runners if r.side != side and r.hp > 0), default=0)
        return float(mine - theirs)

    # --- for people ---------------------------------------------------------------
    def describe_action(self, state: RaceState, action: Any) -> str:
        side = state.side_names[action.side]
        if isinstance(action, Dash):
            return f"{side} {state.runners[action.uid].name} dashes"
        if isinstance(action, Trip):
            return f"{side} {state.runners[action.uid].name} trips {state.runners[action.target].name}"
        return f"{side} rests"

    def describe_event(self, state: RaceState, event: Any) -> str:
        if isinstance(event, DashRolled):
            return f"{state.runners[event.uid].name} rolls {event.roll} and runs {event.steps} ({event.start} -> {event.end})"
        if isinstance(event, TripRolled):
            verdict = "hits" if event.hit else "misses"
            return f"trip roll {event.roll}, needed {event.needed}: {verdict} (health {event.hp_before} -> {event.hp_after})"
        if isinstance(event, RunnerDown):
            return f"{state.runners[event.uid].name} is down"
        return f"{state.side_names[event.side]} rests"

    def explain_action(self, state: RaceState, action: Any) -> tuple[str, ...]:
        if isinstance(action, Dash):
            speed = state.runners[action.uid].speed
            return (f"moves {speed}, or {speed + 1} on a roll of 4 to 6",)
        if isinstance(action, Trip):
            return (f"hits on {TRIP_NEEDED}+ on a d6 (50%)", "1 damage")
        return ("does nothing",)

    def _row(self, state: RaceState, r: Runner) -> int:
        per_side = len(state.runners) // len(state.side_names)
        return r.side * per_side + r.uid % per_side

    def board_view(self, state: RaceState) -> BoardView:
        width, height = state.track.length, len(state.runners)
        cells = tuple(
            CellView("finish", "|") if col == width - 1 else CellView("open", ".")
            for _row in range(height)
            for col in range(width)
        )
        units = tuple(
            UnitView(r.uid, r.side, r.name, r.name[0].upper() if r.side == 0 else r.name[0],
                     ((r.position, self._row(state, r)),), r.hp, HEALTH, flags=() if r.hp > 0 else ("down",))
            for r in state.runners
        )
        return BoardView("square", width, height, cells, units)

    def action_picks(self, state: RaceState, action: Any) -> ActionPicks:
        """A dash is picked on the runner itself, a trip on the runner tripped; resting is in the menu."""
        if isinstance(action, Rest):
            return ActionPicks(None)
        runner = state.runners[action.uid]
        if isinstance(action, Trip):
            target = state.runners[action.target]
            return ActionPicks(runner.uid, (PickStage("target", ((target.position, self._row(state, target)),)),))
        return ActionPicks(runner.uid, (PickStage("self", ((runner.position, self._row(state, runner)),)),))

    def describe_cell(self, state: RaceState, col: int, row: int) -> str:
        for r in state.runners:
            if r.position == col and self._row(state, r) == row:
                return f"{state.side_names[r.side]} {r.name}, health {r.hp}"
        return "finish line" if col == state.track.length - 1 else "open track"

    def unit_details(self, state: RaceState, uid: int) -> tuple[str, ...]:
        r = state.runners[uid]
        return (r.name, f"side {state.side_names[r.side]}", f"speed {r.speed}", f"health {r.hp}/{HEALTH}", f"square {r.position}")

    def unit_stats(self, state: RaceState) -> list[dict[str, Any]]:
        return [
            {"type": r.name, "side": r.side, "survived": r.hp > 0, "damage_dealt": state.damage_dealt[r.uid]}
            for r in state.runners
        ]

    def content_dir(self) -> Path:
        return Path(__file__).resolve().parent / "toy_content"


RULESET = DiceRace()
