"""AI decisions, scaling with the number of units, and the memory of the undo history.

AI and scaling figures use positions built from bundled content
(bench_positions.py); memory replays seeded random battles into a Match.
"""

from __future__ import annotations

import gc
import tracemalloc
from typing import Any

from bench_engine import action_unit, cold_apply, event_kinds, rulesets, spread
from run import Budget, Report, time_each

AI_BUDGETS = {"normal": Budget(0.050, text="<= 50 ms"), "hard": Budget(1.0, text="<= 1 s")}
SCALING_BUDGET = Budget(2.2, text="<= 2.2x")
UNDO_BUDGET = Budget(2048, text="<= 2 KiB")


# --- AI --------------------------------------------------------------------------------


def decision_states(ruleset: Any, state: Any, count: int) -> list[tuple[Any, int]]:
    """`count` positions to decide in: the given one and the next ones under a normal AI."""
    from core.ai import Player

    out = []
    player = Player("normal", 5)
    while len(out) < count and ruleset.outcome(state) is None:
        movers = ruleset.to_act(state)
        if not movers:
            break
        out.append((state, movers[0]))
        action = player.choose(ruleset, state, movers[0])
        state, _ = ruleset.apply(state, action)
    return out


def ai_decision(ruleset: Any, positions: list[tuple[Any, int]], level: str, repeats: int) -> float:
    """Mean time of a `level` decision on each of `positions`, taken in the order a battle
    meets them, each repeat after the ruleset has forgotten its memos (Ruleset.forget): a
    decision finds there only what the decisions before it in the battle left, as in play.
    Timed again on positions its memos have seen, a decision would time their answers
    instead (StatWar's step fields answered a large map's decisions in 4.6 ms at 16 a side,
    where a battle meets them in 70 to 290 ms)."""
    from core.ai import Player

    fns = [lambda s=s, d=d: Player(level, 3).choose(ruleset, s, d) for s, d in positions]
    return time_each(fns, repeats=repeats, before=ruleset.forget).median


def run_ai(report: Report) -> None:
    import bench_positions as positions

    for name, ruleset in rulesets(report, "ai"):
        suite = f"ai {name}"
        for units in (8, 16):
            try:
                state = positions.build(name, ruleset, units, "medium")
            except positions.NoPosition as exc:
                report.skip(suite, str(exc))
                break
            spots = decision_states(ruleset, state, 2 if report.quick else 4)
            for level in ("easy", "normal", "hard"):
                repeats = 1 if report.quick or level == "hard" else 3
                t = ai_decision(ruleset, spots, level, repeats)
                budget = AI_BUDGETS.get(level) if units == 16 else None
                report.add(suite, f"{level}: one decision, {units} units a side", t, budget=budget,
                           note=f"{len(spots)} positions", positions=len(spots))


# --- scaling --------------------------------------------------------------------------


def first_move(ruleset: Any, state: Any, side: int) -> Any:
    """A legal action that only moves (by its events), else the first legal action."""
    actions = ruleset.legal_actions(state, side)
    for action in spread(actions, 60):
        _, events = ruleset.apply(state, action)
        move, attack = event_kinds(tuple(events))
        if move and not attack:
            return action
    return actions[0]


def sealed_movement(ruleset: Any, state: Any) -> tuple[Any, Any]:
    """(state, action) where the action is the last seal of a movement phase with every unit ordered.

    Every unit of both sides gets the middle one of its legal move orders (a
    stable, varied choice); side 0 seals; the timed action is side 1's seal,
    which resolves the whole phase.
    """
    from core.errors import IllegalAction

    seal = None
    for side in range(len(state.side_names)):
        by_unit: dict[Any, list[Any]] = {}
        for action in ruleset.legal_actions(state, side):
            kind = type(action).__name__
            if kind == "OrderMove":
                by_unit.setdefault(action_unit(action), []).append(action)
            elif kind == "Submit":
                seal = action
        for uid in sorted(by_unit, key=repr):
            options = by_unit[uid]
            try:
                state, _ = ruleset.apply(state, options[len(options) // 2])
            except IllegalAction:
                continue
        if side < len(state.side_names) - 1 and seal is not None:
            state, _ = ruleset.apply(state, seal)
    return state, seal


#: Rulesets whose moves only take effect when the last side seals (ninja): scaling times that seal.
RESOLUTION = {"ninja": sealed_movement}


def run_scaling(report: Report) -> None:
    import bench_positions as positions

    sizes = (8, 16, 32, 64)
    for name, ruleset in rulesets(report, "scaling"):
        suite = f"scaling {name}"
        if name not in positions.BUILDERS:
            report.skip(suite, f"no position builder for {name} yet")
            continue
        for board in ("small", "large"):
            prev_apply = prev_ai = None
            for units in sizes:
                try:
                    state = positions.build(name, ruleset, units, board)
                except positions.NoPosition as exc:
                    report.skip(suite, f"{units} units, {board} map: {exc}")
                    prev_apply = prev_ai = None
                    continue
                side = ruleset.to_act(state)[0]
                at, action = state, first_move(ruleset, state, side)
                label = "apply: a move"
                if name in RESOLUTION:
                    at, action = RESOLUTION[name](ruleset, state)
                    label = "apply: last seal, movement resolved"
                t = cold_apply(ruleset, at, action, 10 if report.quick else 30, 3 if report.quick else 7)
                fa = report.add(suite, f"{label}, {units} units a side, {board} map", t, note="state never seen")
                # As many decisions as units a side: the same share of the battle's opening at
                # every size, so each doubling is timed over the same kinds of decision (the
                # first six fell to other leaders, with other spells, at every size).
                spots = decision_states(ruleset, state, units // 4 if report.quick else units)
                # The median of three runs over them (quick: one): a ratio is of two figures, and
                # one run alone read 13.0 ms at 32 a side where the next full run read 8.4 ms,
                # a doubling of 2.20x against 1.46x.
                repeats = 1 if report.quick else 3
                ai_t = ai_decision(ruleset, spots, "normal", repeats)
                fai = report.add(suite, f"normal AI: one decision, {units} a side, {board} map", ai_t,
                                 note=f"mean of the first {len(spots)} decisions, median of {repeats}",
                                 positions=len(spots))
                if prev_apply is not None:
                    report.add_ratio(suite, f"apply x{units}/{units // 2} units, {board} map", fa, prev_apply, SCALING_BUDGET)
                    report.add_ratio(suite, f"AI x{units}/{units // 2} units, {board} map", fai, prev_ai, SCALING_BUDGET)
                prev_apply, prev_ai = fa, fai


# --- undo memory --------------------------------------------------------------------


def battle_actions(ruleset: Any, steps_wanted: int) -> list[tuple[Any, list[Any]]]:
    """(initial state, actions) of enough seeded random battles to total `steps_wanted` steps."""
    from core.ai import play_out, Player

    out, total, seed = [], 0, 0
    infos = ruleset.scenarios()
    while total < steps_wanted and seed < 200:
        setup = ruleset.load_scenario(infos[seed % len(infos)].name)
        initial = ruleset.new_battle(setup, seed)
        players = {side: Player("random", seed * 7 + side) for side in range(len(initial.side_names))}
        _, actions = play_out(ruleset, initial, players, max_actions=steps_wanted - total)
        out.append((initial, actions))
        total += len(actions)
        seed += 1
    return out


def run_memory(report: Report) -> None:
    from core.match import Match

    steps_wanted = 1000
    for name, ruleset in rulesets(report, "memory"):
        suite = f"memory {name}"
        try:
            battles = battle_actions(ruleset, steps_wanted)
        except Exception as exc:
            report.skip(suite, f"no battle: {type(exc).__name__}: {exc}")
            continue
        gc.collect()
        tracemalloc.start()
        base = tracemalloc.get_traced_memory()[0]
        matches = []
        for initial, actions in battles:
            match = Match(ruleset, initial)
            for action in actions:
                match.apply(action)
            matches.append(match)
        gc.collect()
        used = tracemalloc.get_traced_memory()[0] - base
        steps = sum(m.steps for m in matches)
        del matches, match
        gc.collect()
        kept = tracemalloc.get_traced_memory()[0] - base  # what outlives the Match: caches in the ruleset
        tracemalloc.stop()
        per_step = max(1, steps)
        report.add(suite, f"undo history: per state over {steps} steps", used / per_step, "B/state",
                   UNDO_BUDGET, note=f"{len(battles)} battles", steps=steps, bytes=used)
        report.add(suite, "of which still held after the Match is gone", kept / per_step, "B/state",
                   note="held by module-level caches", bytes=kept)
