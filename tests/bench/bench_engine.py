"""Rules-engine figures per ruleset: apply() and legal actions, from recorded play.

Samples come from real play: a battle of a bundled scenario is played by seeded
AI players, every (state, action, events) is recorded, and the figures time the
recorded moves again. A "move" is an action whose events include a movement
and no attack; a "move with an attack" has both (or, where a ruleset moves and
attacks in separate actions, an attack alone). The helpers here (which
rulesets, recording play, timing apply on a never-seen state) serve bench_ai.py too.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from typing import Any

from run import Budget, Report, time_call

#: Ruleset names given with --only (empty: every ruleset).
ONLY_RULESETS: set[str] = set()

ATTACK_WORDS = ("attack", "strike", "hit", "miss", "damage", "wound", "shot", "shoot", "missile", "melee", "retaliat", "kill", "slain", "annihilat")
MOVE_WORDS = ("move", "walk", "jump", "march")  # not "turn": TurnBegan/TurnEnded move nobody

#: apply() on a state never seen (issue "Speed at the floor"): a move, a move with an
#: attack; a ninja order records without resolving; a ninja seal that resolves a phase
#: is judged per unit it resolves.
MOVE_BUDGET = Budget(1000, in_c=True)
ATTACK_BUDGET = Budget(2000, in_c=True)
ORDER_BUDGET = Budget(500, in_c=True)
SEAL_PER_UNIT_BUDGET = Budget(3000, in_c=True)
PER_STATE_BUDGET = Budget(30, in_c=True)


# --- which rulesets --------------------------------------------------------------


def rulesets(report: Report, suite: str) -> list[tuple[str, Any]]:
    """The rulesets to measure; a ruleset whose module does not import yet is named and skipped."""
    from core import registry

    out = []
    for name in registry.names():
        if ONLY_RULESETS and name not in ONLY_RULESETS:
            continue
        try:
            out.append((name, registry.get(name)))
        except ImportError:
            report.skip(f"{suite} {name}", "not available yet")
    return out


# --- classifying and recording play ------------------------------------------------


def event_kinds(events: tuple[Any, ...]) -> tuple[bool, bool]:
    """(has a movement, has an attack) judged from the event class names."""
    names = [type(e).__name__.lower() for e in events]
    attack = any(w in n for n in names for w in ATTACK_WORDS)
    move = any(w in n for n in names for w in MOVE_WORDS)
    return move, attack


def action_unit(action: Any) -> Any:
    """The unit (or commander) an action is for, when the action names one."""
    for attr in ("uid", "unit", "unit_id", "actor", "commander", "cid"):
        if hasattr(action, attr):
            return getattr(action, attr)
    return None


@dataclass
class Step:
    state: Any
    action: Any
    events: tuple[Any, ...]
    after: Any


def record_play(ruleset: Any, state: Any, level: str = "easy", seed: int = 1, max_actions: int = 400) -> list[Step]:
    """Play a battle with seeded AI players of `level`, keeping every step."""
    from core.ai import Player

    players: dict[int, Player] = {}
    steps: list[Step] = []
    while ruleset.outcome(state) is None and len(steps) < max_actions:
        movers = ruleset.to_act(state)
        if not movers:
            break
        side = movers[0]
        player = players.setdefault(side, Player(level, seed * 31 + side))
        action = player.choose(ruleset, state, side)
        after, events = ruleset.apply(state, action)
        steps.append(Step(state, action, tuple(events), after))
        state = after
    return steps


def scenario_state(ruleset: Any, seed: int = 7) -> Any:
    """The initial state of the first bundled scenario (stable order)."""
    infos = ruleset.scenarios()
    if not infos:
        raise LookupError("no bundled scenario")
    return ruleset.new_battle(ruleset.load_scenario(infos[0].name), seed)


def classify(steps: list[Step]) -> dict[str, list[Step]]:
    out: dict[str, list[Step]] = {"move": [], "move+attack": [], "attack": []}
    for step in steps:
        move, attack = event_kinds(step.events)
        if move and attack:
            out["move+attack"].append(step)
        elif attack:
            out["attack"].append(step)
        elif move:
            out["move"].append(step)
    return out


def spread(items: list[Any], k: int) -> list[Any]:
    """Up to k items taken evenly across the list (deterministic)."""
    if len(items) <= k:
        return list(items)
    return [items[int(i * len(items) / k)] for i in range(k)]


def median_apply(ruleset: Any, steps: list[Step], quick: bool, seen: str = "same") -> tuple[float, int]:
    """Median over the sample steps of the best time of apply(state, action).

    `seen` "same": the same state object again, as in play, where the TUI and the AI list
    the legal actions of a state and then apply one (rulesets remember the search they did
    for that state; the listing is made first here too). "equal": every call gets a state
    object (and units tuple) it has never seen, equal in value to the one listed, so the
    rulesets' memos, keyed by value, still answer. "never": new objects too, and the ruleset
    forgets its memos before each call (Ruleset.forget): a position never seen, as each of a
    replay's positions is (an apply then searches towards its own destination only; a ninja
    order follows the route it names, as a replay's and the listing's do).
    """
    bests = []
    for step in spread(steps, 5 if quick else 15):
        if seen != "never":
            listed(ruleset, step.state)
        if seen != "same":
            bests.append(cold_apply(ruleset, step.state, step.action, 20 if quick else 50, 3 if quick else 7,
                                    forget=seen == "never"))
        else:
            t = time_call(lambda s=step: ruleset.apply(s.state, s.action), repeats=3 if quick else 7, min_time=0.005 if quick else 0.02)
            bests.append(t.best)
    return statistics.median(bests), len(bests)


def listed(ruleset: Any, state: Any) -> None:
    """List the legal actions of `state` for the side to act, as the screen and the AI do
    before they apply one (which leaves the position's move searches in the memos)."""
    movers = ruleset.to_act(state)
    if movers:
        ruleset.legal_actions(state, movers[0])


def living_units(state: Any) -> int:
    """The units still on the field (a seal resolves the orders of each of them)."""
    return sum(1 for u in state.units if getattr(u, "hp", 1) > 0)


def fresh_copy(state: Any) -> Any:
    """An equal state that is a new object with a new units tuple (no memo keyed on identity knows it)."""
    import attrs

    if hasattr(state, "units"):
        return attrs.evolve(state, units=tuple(list(state.units)))
    return attrs.evolve(state)


def cold_apply(ruleset: Any, state: Any, action: Any, copies: int, repeats: int, forget: bool = True) -> float:
    """Best over `repeats` of the mean CPU time of apply() on `copies` copies of `state` that
    are new objects. With `forget` (a position never seen) the ruleset forgets its memos
    before each call, and the time of as many forget() calls alone is taken off; without,
    the memos keyed by value answer every copy after the first."""
    from run import CPU

    samples = []
    for _ in range(repeats):
        fresh = [fresh_copy(state) for _ in range(copies)]
        start = CPU()
        for s in fresh:
            if forget:
                ruleset.forget()
            ruleset.apply(s, action)
        middle = CPU()
        if forget:
            for _ in fresh:
                ruleset.forget()
        samples.append(((middle - start) - (CPU() - middle)) / copies)
    return min(samples)


def round_spans(ruleset: Any, steps: list[Step]) -> list[tuple[int, int]]:
    """(start, end) index ranges of the steps of every complete round."""
    spans, start = [], None
    for i, step in enumerate(steps):
        r_before, r_after = ruleset.round_number(step.state), ruleset.round_number(step.after)
        if start is None and i > 0 and ruleset.round_number(steps[i - 1].after) != ruleset.round_number(steps[i - 1].state):
            start = i
        if start is not None and r_after != r_before:
            spans.append((start, i + 1))
            start = i + 1
    return spans


# --- the engine suite --------------------------------------------------------------


def event_groups(steps: list[Step]) -> list[tuple[str, list[Step], Budget | None]]:
    """The default samples: moves, and moves with an attack (or attacks alone), by their events."""
    kinds = classify(steps)
    attack_label = "apply: a move with an attack" if kinds["move+attack"] else "apply: an attack"
    return [
        ("apply: a move", kinds["move"], MOVE_BUDGET),
        (attack_label, kinds["move+attack"] or kinds["attack"], ATTACK_BUDGET),
    ]


def order_groups(steps: list[Step]) -> list[tuple[str, list[Step], Budget | None]]:
    """Sealed orders (ninja): an order is cheap to record; the last seal of a phase resolves it."""
    def name(step: Step) -> str:
        return type(step.action).__name__

    def acts(step: Step) -> str:
        return getattr(step.action, "act", "")

    resolving = [s for s in steps if name(s) == "Submit" and len(s.events) > 2]
    return [
        ("apply: a move order", [s for s in steps if name(s) == "OrderMove"], ORDER_BUDGET),
        ("apply: an attack order", [s for s in steps if name(s) == "OrderAction" and acts(s) in ("melee", "missile")], ORDER_BUDGET),
        ("apply: last seal, movement resolved", [s for s in resolving if classify([s])["move"] or classify([s])["move+attack"]], SEAL_PER_UNIT_BUDGET),
        ("apply: last seal, actions resolved", [s for s in resolving if classify([s])["attack"]], SEAL_PER_UNIT_BUDGET),
    ]


#: How each ruleset's recorded steps are sorted into timed samples (default: by events).
GROUPS = {"ninja": order_groups}


def round_position(name: str, ruleset: Any, initial: Any) -> tuple[Any, str]:
    """The position a whole round is timed from: 8 units a side when a builder exists."""
    import bench_positions as positions

    try:
        return positions.build(name, ruleset, 8, "medium"), "8 units a side"
    except positions.NoPosition:
        return initial, "bundled scenario"


def run_engine(report: Report) -> None:
    for name, ruleset in rulesets(report, "engine"):
        suite = f"engine {name}"
        try:
            initial = scenario_state(ruleset)
        except Exception as exc:
            report.skip(suite, f"no battle to measure: {type(exc).__name__}: {exc}")
            continue
        steps = record_play(ruleset, initial, "easy", seed=1, max_actions=300 if report.quick else 600)
        for label, sample, budget in GROUPS.get(name, event_groups)(steps):
            if not sample:
                report.skip(suite, f"{label}: none seen in play")
                continue
            t, n = median_apply(ruleset, sample, report.quick)
            report.add(suite, label, t, note=f"median of {n}, state seen before", samples=n)
            t, n = median_apply(ruleset, sample, report.quick, seen="equal")
            report.add(suite, label + ", an equal state in new objects", t, samples=n,
                       note=f"median of {n}; the memos, keyed by value, answer")
            def never_seen(sample=sample) -> float:
                return median_apply(ruleset, sample, report.quick, seen="never")[0]

            t, n = median_apply(ruleset, sample, report.quick, seen="never")
            if budget is SEAL_PER_UNIT_BUDGET:
                report.add(suite, label + ", state never seen", t, note=f"median of {n}", samples=n)
                units = statistics.median(living_units(s.state) for s in spread(sample, 5 if report.quick else 15))
                report.add(suite, label + ", state never seen, per unit", t / units, budget=budget,
                           note=f"median of {n}, {units:g} units resolved", samples=n,
                           retake=lambda units=units: never_seen() / units)
            else:
                report.add(suite, label + ", state never seen", t, budget=budget, note=f"median of {n}", samples=n,
                           retake=never_seen)
        whole_round(report, suite, name, ruleset, initial)
        legal_figures(report, suite, ruleset, steps)


def whole_round(report: Report, suite: str, name: str, ruleset: Any, initial: Any) -> None:
    """apply() of every action of one complete round, played by easy AI players."""
    start_state, where = round_position(name, ruleset, initial)
    steps = record_play(ruleset, start_state, "easy", seed=2, max_actions=400)
    spans = round_spans(ruleset, steps)
    if not spans:
        report.skip(suite, f"whole round: no complete round in play ({where})")
        return
    a, b = spans[0]
    seq = [s.action for s in steps[a:b]]
    start = steps[a].state

    def play_round(start=start, seq=seq):
        state = start
        for action in seq:
            state, _ = ruleset.apply(state, action)

    t = time_call(play_round, repeats=3 if report.quick else 7, min_time=0.01 if report.quick else 0.05)
    report.add(suite, f"apply: a whole round, {where}", t.best, note=f"{len(seq)} actions", actions=len(seq))


def legal_timings(ruleset: Any, sample: list[Step], quick: bool) -> tuple[list[float], list[float], list[float], list[int]]:
    """legal_actions timed on each sampled state that has any: (per call, per unit it
    covers, per action it returns, actions a call)."""
    per_call, per_unit, per_action, counts = [], [], [], []
    for step in sample:
        side = ruleset.to_act(step.state)[0]
        actions = ruleset.legal_actions(step.state, side)
        if not actions:
            continue
        t = time_call(lambda s=step.state, d=side: ruleset.legal_actions(s, d), repeats=3 if quick else 5, min_time=0.005 if quick else 0.02)
        units = len({repr(action_unit(a)) for a in actions}) or 1
        per_call.append(t.best)
        per_unit.append(t.best / units)
        per_action.append(t.best / len(actions))
        counts.append(len(actions))
    return per_call, per_unit, per_action, counts


def legal_figures(report: Report, suite: str, ruleset: Any, steps: list[Step]) -> None:
    """legal_actions per call, per unit it covers, and per action it returns (reachable state)."""
    sample = spread([s for s in steps if ruleset.to_act(s.state)], 8 if report.quick else 24)
    per_call, per_unit, per_action, counts = legal_timings(ruleset, sample, report.quick)
    if not per_call:
        report.skip(suite, "no state with legal actions")
        return
    med = statistics.median
    report.add(suite, "legal actions: one call", med(per_call), note=f"median over {len(per_call)} states", actions=med(counts))
    report.add(suite, "legal actions: one unit", med(per_unit))
    report.add(suite, "legal actions: per reachable state", med(per_action), budget=PER_STATE_BUDGET,
               note=f"{med(counts):.0f} actions a call (median)",
               retake=lambda: med(legal_timings(ruleset, sample, report.quick)[2]))
