"""Duel: a tiny two-side ruleset for the TUI's tests, independent of the real rulesets.

Each side deploys its units one at a time in its home columns, then on its turn
moves each unit up to 3 squares (Manhattan, not into trees or water) and strikes
an adjacent enemy: a d6 of 3 or more hits for 2 damage. EndTurn passes play.
It speaks the whole core.ruleset protocol, so the battle screen, saves and
replays can be tested before and besides the real rulesets. grid="hex" draws the
same board as hexes (positions are offset cells either way).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs

from core.errors import IllegalAction
from core.rng import Dice
from core.ruleset import Outcome, Ruleset, ScenarioInfo, Sheet
from core.squaregrid import Square, manhattan
from core.view import ActionPicks, BoardView, CellView, PickStage, UnitView

WIDTH, HEIGHT = 12, 8
TERRAIN = {(5, 2): "trees", (6, 2): "trees", (5, 5): "water", (6, 5): "water"}
GLYPHS = {"open": ".", "trees": "T", "water": "~"}


@attrs.frozen(slots=True)
class Fighter:
    uid: int
    side: int
    name: str
    glyph: str
    pos: Square | None
    hp: int
    moved: bool = False
    struck: bool = False
    damage_dealt: int = 0


@attrs.frozen(slots=True)
class DuelState:
    dice: Dice
    round: int
    side_names: tuple[str, ...]
    fighters: tuple[Fighter, ...]
    active: int = 0


@attrs.frozen(slots=True)
class Deploy:
    side: int
    uid: int
    to: Square


@attrs.frozen(slots=True)
class Move:
    side: int
    uid: int
    to: Square


@attrs.frozen(slots=True)
class Strike:
    side: int
    uid: int
    target: int


@attrs.frozen(slots=True)
class EndTurn:
    side: int


@attrs.frozen(slots=True)
class Deployed:
    uid: int
    to: Square


@attrs.frozen(slots=True)
class Moved:
    uid: int
    to: Square
    cost: int


@attrs.frozen(slots=True)
class StrikeRolled:
    uid: int
    target: int
    roll: int
    needed: int
    damage: int
    hp_after: int


@attrs.frozen(slots=True)
class TurnEnded:
    side: int
    round: int


class Duel(Ruleset):
    name = "duel"
    title = "Duel"
    rules_version = 1
    state_type = DuelState
    action_types = (Deploy, Move, Strike, EndTurn)
    event_types = (Deployed, Moved, StrikeRolled, TurnEnded)

    def __init__(self, grid: str = "square", per_side: int = 2) -> None:
        self.grid = grid
        self.per_side = per_side

    def scenarios(self) -> list[ScenarioInfo]:
        return [ScenarioInfo("meadow", "duel", "Meadow", "Two pairs meet in a meadow.", 2, "meadow")]

    def load_scenario(self, name_or_path: str | Path) -> Any:
        return str(name_or_path)

    def new_battle(self, setup: Any, seed: int) -> DuelState:
        fighters = []
        for side in (0, 1):
            for i in range(self.per_side):
                uid = len(fighters)
                fighters.append(Fighter(uid, side, f"Swordsman {uid + 1}", "s", None, 4))
        return DuelState(Dice.from_seed(seed), 1, ("Blue", "Red"), tuple(fighters))

    def load_document(self, path: Path, data: dict[str, Any]) -> Any:
        return data

    def sheet(self, document: Any) -> Sheet:
        return Sheet("Duel", ())

    # --- rules ---------------------------------------------------------------
    def _deploying(self, state: DuelState) -> Fighter | None:
        return next((f for f in state.fighters if f.pos is None and f.hp > 0 and f.side == state.active), None)

    def _occupied(self, state: DuelState) -> set[tuple[int, int]]:
        return {tuple(f.pos) for f in state.fighters if f.pos is not None and f.hp > 0}

    def to_act(self, state: DuelState) -> tuple[int, ...]:
        return () if self.outcome(state) is not None else (state.active,)

    def legal_actions(self, state: DuelState, side: int) -> list[Any]:
        if side not in self.to_act(state):
            return []
        occupied = self._occupied(state)
        deploying = self._deploying(state)
        if deploying is not None:
            cols = (0, 1) if side == 0 else (WIDTH - 2, WIDTH - 1)
            return [
                Deploy(side, deploying.uid, Square(x, y))
                for y in range(HEIGHT) for x in cols
                if (x, y) not in occupied and (x, y) not in TERRAIN
            ]
        out: list[Any] = []
        for f in state.fighters:
            if f.side != side or f.hp <= 0 or f.pos is None:
                continue
            if not f.moved:
                for y in range(HEIGHT):
                    for x in range(WIDTH):
                        d = manhattan(f.pos, (x, y))
                        if 0 < d <= 3 and (x, y) not in occupied and (x, y) not in TERRAIN:
                            out.append(Move(side, f.uid, Square(x, y)))
            if not f.struck:
                for e in state.fighters:
                    if e.side != side and e.hp > 0 and e.pos is not None and max(abs(e.pos.x - f.pos.x), abs(e.pos.y - f.pos.y)) == 1:
                        out.append(Strike(side, f.uid, e.uid))
        out.append(EndTurn(side))
        return out

    def action_picks(self, state: DuelState, action: Any) -> ActionPicks:
        """Deploying and moving pick the square; a strike picks its target; EndTurn is in the menu."""
        if isinstance(action, Deploy):
            return ActionPicks(None, (PickStage("move", ((action.to.x, action.to.y),)),))
        if isinstance(action, Move):
            return ActionPicks(action.uid, (PickStage("move", ((action.to.x, action.to.y),)),))
        if isinstance(action, Strike):
            target = state.fighters[action.target].pos
            cells = () if target is None else ((target.x, target.y),)
            return ActionPicks(action.uid, (PickStage("target", cells),))
        return ActionPicks(None)

    def apply(self, state: DuelState, action: Any) -> tuple[DuelState, tuple[Any, ...]]:
        if action not in self.legal_actions(state, getattr(action, "side", -1)):
            raise IllegalAction(f"{self.describe_action(state, action)} is not allowed now")
        fighters = list(state.fighters)
        if isinstance(action, Deploy):
            fighters[action.uid] = attrs.evolve(fighters[action.uid], pos=action.to)
            state = attrs.evolve(state, fighters=tuple(fighters))
            other = 1 - action.side
            if any(f.pos is None and f.side == other for f in fighters):
                state = attrs.evolve(state, active=other)
            elif not any(f.pos is None and f.side == action.side for f in fighters):
                state = attrs.evolve(state, active=0)
            return state, (Deployed(action.uid, action.to),)
        if isinstance(action, Move):
            f = fighters[action.uid]
            fighters[action.uid] = attrs.evolve(f, pos=action.to, moved=True)
            return attrs.evolve(state, fighters=tuple(fighters)), (Moved(action.uid, action.to, manhattan(f.pos, action.to)),)
        if isinstance(action, Strike):
            roll, dice = state.dice.roll(6)
            damage = 2 if roll >= 3 else 0
            target = fighters[action.target]
            hp_after = max(target.hp - damage, 0)
            fighters[action.target] = attrs.evolve(target, hp=hp_after)
            attacker = fighters[action.uid]
            fighters[action.uid] = attrs.evolve(attacker, struck=True, moved=True, damage_dealt=attacker.damage_dealt + damage)
            return (
                attrs.evolve(state, dice=dice, fighters=tuple(fighters)),
                (StrikeRolled(action.uid, action.target, roll, 3, damage, hp_after),),
            )
        fighters = [attrs.evolve(f, moved=False, struck=False) for f in fighters]
        next_round = state.round + (1 if action.side == 1 else 0)
        return (
            attrs.evolve(state, fighters=tuple(fighters), active=1 - action.side, round=next_round),
            (TurnEnded(action.side, next_round),),
        )

    def outcome(self, state: DuelState) -> Outcome | None:
        if any(f.pos is None for f in state.fighters if f.hp > 0):
            return None
        alive = {f.side for f in state.fighters if f.hp > 0}
        if len(alive) == 1:
            winner = alive.pop()
            return Outcome(winner, f"{state.side_names[1 - winner]} has no fighter left")
        return None

    def evaluate(self, state: DuelState, side: int) -> float:
        return float(sum(f.hp if f.side == side else -f.hp for f in state.fighters))

    # --- words ---------------------------------------------------------------
    def describe_event(self, state: DuelState, event: Any) -> str:
        if isinstance(event, Deployed):
            return f"{state.fighters[event.uid].name} takes the field at {tuple(event.to)}."
        if isinstance(event, Moved):
            return f"{state.fighters[event.uid].name} moves to {tuple(event.to)} ({event.cost} squares)."
        if isinstance(event, StrikeRolled):
            a, t = state.fighters[event.uid].name, state.fighters[event.target].name
            verdict = f"hit for {event.damage}, {t} has {event.hp_after} left" if event.damage else "miss"
            return f"{a} strikes {t}: rolled {event.roll} on d6, needed {event.needed}+: {verdict}."
        return f"{state.side_names[event.side]} ends the turn."

    def describe_action(self, state: DuelState, action: Any) -> str:
        if isinstance(action, Deploy):
            return f"Deploy {state.fighters[action.uid].name} at {tuple(action.to)}"
        if isinstance(action, Move):
            return f"Move {state.fighters[action.uid].name} to {tuple(action.to)}"
        if isinstance(action, Strike):
            return f"{state.fighters[action.uid].name} strikes {state.fighters[action.target].name}"
        return "End turn"

    def explain_action(self, state: DuelState, action: Any) -> tuple[str, ...]:
        if isinstance(action, Strike):
            return ("Hit on 3+ on a d6: 4 in 6 (67%)", "Damage 2 on a hit, no armour")
        if isinstance(action, Move):
            return (f"Cost {manhattan(state.fighters[action.uid].pos, action.to)} of 3 squares",)
        return ()

    def board_view(self, state: DuelState) -> BoardView:
        cells = tuple(
            CellView(TERRAIN.get((x, y), "open"), GLYPHS[TERRAIN.get((x, y), "open")])
            for y in range(HEIGHT) for x in range(WIDTH)
        )
        units = tuple(
            UnitView(f.uid, f.side, f.name, f.glyph, (tuple(f.pos),), f.hp, 4,
                     facing=(0 if f.side == 0 else 3) if self.grid == "hex" else None)
            for f in state.fighters if f.pos is not None and f.hp > 0
        )
        return BoardView(self.grid, WIDTH, HEIGHT, cells, units, zones=(("home", ((0, 0),)),))

    def describe_cell(self, state: DuelState, col: int, row: int) -> str:
        terrain = TERRAIN.get((col, row), "open")
        who = next((f for f in state.fighters if f.pos is not None and f.hp > 0 and tuple(f.pos) == (col, row)), None)
        return f"{terrain} ground" + (f"; {who.name} of {state.side_names[who.side]}" if who else "")

    def unit_details(self, state: DuelState, uid: int) -> tuple[str, ...]:
        f = state.fighters[uid]
        return (f"Health {f.hp}/4", "Move 3, strike d6 3+ for 2",
                "moved" if f.moved else "ready to move", "struck" if f.struck else "ready to strike")

    def unit_stats(self, state: DuelState) -> list[dict[str, Any]]:
        return [{"type": f.name, "side": f.side, "survived": f.hp > 0, "damage_dealt": f.damage_dealt}
                for f in state.fighters]


RULESET = Duel()
