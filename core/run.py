"""Runs: a campaign of generated battles fought by one warband (docs/RULES.md, "Runs").

A run is a pure function of its seed, its settings (`RunConfig`, from
scenarios/runs/<ruleset>.toml) and the player's steps. The seed makes the node map
(`node_map`: layers of battles, elite battles, camps and events, ending in one final
battle) and every encounter along it (its battlefield, its opponent, the opponent's AI
level); the player's steps are the choices (where to go, what to buy at a camp) and
the actions of every battle. Replaying the same steps from the same seed makes the
same run, which is what a run file holds (core.runfile).

One engine serves every ruleset; what differs (how a warband becomes an army, what a
wound is, what a camp sells) is the ruleset's `RunHooks` (`Ruleset.run_hooks`,
core/<ruleset>/run.py). Side 0 of every battle is the warband, side 1 the opponent.

The engine, for a screen or a test:
- `new_run(ruleset, seed, config)` -> `Run` (stage "choose": pick the first node).
- `options(run)`: what may be chosen now (`Option`s: the nodes ahead, or a camp's offers).
- `choose(run, key)`: take one option (IllegalAction when it is not offered).
- `RunHooks.questions(run, key)`: what a camp's offer asks first (its unit, its spell); the
  answers make the key to choose (`answered`).
- `encounter(run)` / `start_battle(run)`: the battle waiting at the current node.
- `finish_battle(run, actions)`: the battle fought to its end with those actions.
- `ahead(run)`: every node still reachable, for a run map; `run.path` is the way so far.
"""

from __future__ import annotations

import abc
from pathlib import Path
from typing import Any, ClassVar

import attrs

from core import registry, words
from core.ai import LEVELS, Player
from core.content import display_path, load, scenarios_root, structure
from core.errors import ContentError, IllegalAction, Problem
from core.generate import Draw, GeneratedName, derive
from core.rng import splitmix64
from core.ruleset import Sheet

KINDS: tuple[str, ...] = ("battle", "elite", "camp", "event", "final")
#: The bounds a run's settings must keep (a run file carries its settings, so they are checked).
DEPTH_BOUNDS = (2, 15)
WIDTH_BOUNDS = (1, 5)
#: What a stage of a run waits for.
STAGES: tuple[str, ...] = ("choose", "battle", "camp", "over")
LEAVE = "leave"
REST = "rest"
#: The step a run records for a battle fought (its actions are the battle's).
BATTLE = "battle"
#: Most retreats a run's settings may allow.
MAX_RETREATS = 10
#: What a list of a run's battles adds to a battle the warband fell back from.
FELL_BACK = "the warband fell back"
#: A battle node's kind as the end of a run names it ("lost the elite battle of layer 4").
KIND_PHRASES = {"battle": "a battle", "elite": "the elite battle", "final": "the final battle"}


# --- settings ---------------------------------------------------------------------------------
@attrs.frozen
class AiStep:
    """From `from_percent` of the way through the run on, opponents play at `level`."""

    from_percent: int
    level: str


@attrs.frozen
class RunEvent:
    """What an event node may hold: points found, a share of every wound healed, or nothing."""

    name: str
    text: str
    points: int = 0
    heal_percent: int = 0


@attrs.frozen
class RunConfig:
    """A run's settings (scenarios/runs/<ruleset>.toml); every number a designer may tune."""

    ruleset: str
    kind: str
    depth: tuple[int, int]
    width: tuple[int, int]
    branch_percent: int
    size: tuple[int, int]
    warband: int
    budget: tuple[int, int]
    elite_percent: int
    final_percent: int
    reward_battle: int
    reward_elite: int
    heal_percent: int
    max_units: int
    weights: dict[str, int]
    prices: dict[str, int]
    ai: tuple[AiStep, ...]
    events: tuple[RunEvent, ...]
    #: Lost battles the warband may fall back from before a loss ends the run (0: the first does).
    retreats: int = 0
    #: The share of its health a unit carried from the field of a lost battle keeps (a retreat).
    retreat_health_percent: int = 50

    def problems(self) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        if self.kind != "run":
            out.append(("kind", f"{self.kind!r}; a run's settings have kind \"run\""))
        for field, (low, high), (lo, hi) in (("depth", self.depth, DEPTH_BOUNDS), ("width", self.width, WIDTH_BOUNDS)):
            if not lo <= low <= high <= hi:
                out.append((field, f"{low} to {high}; it must lie within {lo} to {hi}, the first no more than the second"))
        for field in ("branch_percent", "heal_percent", "retreat_health_percent"):
            if not 0 <= getattr(self, field) <= 100:
                out.append((field, f"{getattr(self, field)}; use 0 to 100"))
        for field in ("elite_percent", "final_percent"):
            if not 50 <= getattr(self, field) <= 400:
                out.append((field, f"{getattr(self, field)}; use 50 to 400"))
        for field in ("warband", "reward_battle", "reward_elite", "max_units"):
            if not 0 <= getattr(self, field) <= 10_000:
                out.append((field, f"{getattr(self, field)}; use 0 to 10000"))
        if not 0 <= self.retreats <= MAX_RETREATS:
            out.append(("retreats", f"{self.retreats}; use 0 to {MAX_RETREATS}"))
        if not 1 <= self.budget[0] <= self.budget[1] <= 10_000:
            out.append(("budget", f"{list(self.budget)}; two budgets, 1 to 10000, the first no more than the second"))
        if not 1 <= self.max_units:
            out.append(("max_units", "a warband holds at least one unit"))
        for key in self.weights:
            if key not in KINDS[:4]:
                out.append((f"weights.{key}", f"not a kind of node ({', '.join(KINDS[:4])})"))
        if any(w < 0 or w > 1000 for w in self.weights.values()) or sum(self.weights.get(k, 0) for k in KINDS[:4]) < 1:
            out.append(("weights", "weights are 0 to 1000 and at least one is above 0"))
        for key, price in self.prices.items():
            if not 0 <= price <= 10_000:
                out.append((f"prices.{key}", f"{price}; use 0 to 10000"))
        if not self.ai or self.ai[0].from_percent != 0:
            out.append(("ai", "the first step starts at from_percent 0"))
        for i, step in enumerate(self.ai):
            if step.level not in LEVELS:
                out.append((f"ai[{i}].level", f"{step.level!r} is not an AI level ({', '.join(LEVELS)})"))
            if i and not self.ai[i - 1].from_percent < step.from_percent <= 100:
                out.append((f"ai[{i}].from_percent", "steps rise, each after the one before, up to 100"))
        if not self.events:
            out.append(("events", "an event node needs at least one event"))
        for i, event in enumerate(self.events):
            if not (0 <= event.points <= 10_000 and 0 <= event.heal_percent <= 100):
                out.append((f"events[{i}]", "points 0 to 10000, heal_percent 0 to 100"))
            if len(event.name) > 80 or len(event.text) > 300:
                out.append((f"events[{i}]", "a name of at most 80 characters, a text of at most 300"))
        if len(self.events) > 100 or len(self.ai) > 20 or len(self.prices) > 20:
            out.append(("(file)", "at most 100 events, 20 AI steps and 20 prices"))
        return out


def config_path(ruleset: str) -> Path:
    return scenarios_root() / "runs" / f"{ruleset}.toml"


def load_config(ruleset: str) -> RunConfig:
    """The bundled settings of a run in `ruleset`; ContentError naming file and field."""
    path = config_path(ruleset)
    config = load(path, RunConfig)
    check_config(ruleset, config, display_path(path))
    return config


def check_config(ruleset: str, config: RunConfig, where: str) -> None:
    """Settings fit for a run of `ruleset` (their bounds, their ruleset, the prices its camps
    use); ContentError naming `where` and every field at fault."""
    found = list(config.problems())
    if config.ruleset != ruleset:
        found.append(("ruleset", f"{config.ruleset!r}; these settings are for {ruleset!r}"))
    names = hooks_for(ruleset).price_names
    if sorted(config.prices) != sorted(names):
        found.append(("prices", f"{ruleset} runs price exactly {', '.join(names) or 'nothing'}"))
    bounds = registry.get(ruleset).generation()
    (w0, h0), (w1, h1), (b0, b1) = bounds.size_min, bounds.size_max, bounds.budget_range
    if not (w0 <= config.size[0] <= w1 and h0 <= config.size[1] <= h1):
        found.append(("size", f"{config.size[0]}x{config.size[1]}; {ruleset} battlefields are {w0}x{h0} to {w1}x{h1}"))
    if not b0 <= config.warband <= b1:
        found.append(("warband", f"{config.warband}; a {ruleset} army's budget is {b0} to {b1} ({bounds.budget_word})"))
    if found:
        raise ContentError([Problem(where, field, reason) for field, reason in found])


def settings_document(ruleset: str, path: str | Path, data: dict[str, Any]) -> RunConfig:
    """A run settings file as `Ruleset.load_document` reads it (kind "run"): shapes and bounds
    checked, every problem named with the file and the field (`skirmish check`)."""
    file = display_path(path)
    config = structure(data, RunConfig, file)
    check_config(ruleset, config, file)
    return config


def settings_sheet(config: RunConfig) -> Sheet:
    """Run settings in words, as `skirmish sheet` prints them."""
    lines = (
        f"A {config.ruleset} run: {config.depth[0]} to {config.depth[1]} layers of {config.width[0]} to {config.width[1]} nodes",
        f"Battlefields {config.size[0]}x{config.size[1]}; the warband starts with a budget of {config.warband}",
        f"Opponents from {config.budget[0]} to {config.budget[1]}; elite {config.elite_percent}%, final {config.final_percent}%",
        "AI: " + ", ".join(f"{step.level} from {step.from_percent}%" for step in config.ai),
        f"Rewards: battle {config.reward_battle}, elite {config.reward_elite}; resting heals {config.heal_percent}%",
        "Prices: " + (", ".join(f"{key} {value}" for key, value in sorted(config.prices.items())) or "none"),
        "Events: " + ", ".join(event.name for event in config.events),
    )
    return Sheet(f"{config.ruleset} run settings", lines, {"kind": "run", "ruleset": config.ruleset})


# --- the node map -----------------------------------------------------------------------------
@attrs.frozen
class Node:
    """One place on the run map: its layer (`depth`, 0 first), its lane in the layer, its kind
    and the nodes of the next layer it leads to."""

    id: int
    depth: int
    lane: int
    kind: str
    next: tuple[int, ...]


@attrs.frozen
class NodeMap:
    """Layers of nodes; every node of layer 0 is open at the start, the last layer is the final battle."""

    depth: int
    nodes: tuple[Node, ...]

    def layer(self, depth: int) -> tuple[Node, ...]:
        return tuple(n for n in self.nodes if n.depth == depth)

    def starts(self) -> tuple[int, ...]:
        return tuple(n.id for n in self.layer(0))

    @property
    def final(self) -> int:
        return self.nodes[-1].id


def node_map(seed: int, config: RunConfig) -> NodeMap:
    """The run map of `seed`: `config.depth` layers deep (drawn), each of `config.width` nodes
    (drawn) but the last, which is the one final battle. The first layer is battles; the layer
    before the final battle is camps; the others are drawn by `config.weights`. Each node leads
    to the lane nearest its own in the next layer, every node of the next layer is led to, and
    with `branch_percent` a node also leads to a neighbouring lane."""
    draw = Draw(derive(seed, 1))
    depth = draw.between(*config.depth)
    counts = [1 if d == depth - 1 else draw.between(*config.width) for d in range(depth)]
    weights = [(kind, config.weights.get(kind, 0)) for kind in KINDS[:4]]
    ids: list[list[int]] = []
    kinds: list[str] = []
    for d, count in enumerate(counts):
        ids.append(list(range(len(kinds), len(kinds) + count)))
        for _ in range(count):
            if d == depth - 1:
                kinds.append("final")
            elif d == 0:
                kinds.append("battle")
            elif d == depth - 2:
                kinds.append("camp")
            else:
                kinds.append(draw.weighted(weights))
    links: dict[int, set[int]] = {i: set() for i in range(len(kinds))}
    for d in range(depth - 1):
        here, there = ids[d], ids[d + 1]
        a, b = len(here), len(there)

        def near(i: int, n: int, m: int) -> int:
            return 0 if n == 1 else round(i * (m - 1) / (n - 1))

        for i, node in enumerate(here):
            links[node].add(there[near(i, a, b)])
        for j, node in enumerate(there):
            if not any(node in links[h] for h in here):
                links[here[near(j, b, a)]].add(node)
        for i, node in enumerate(here):
            if b > 1 and draw.below(100) < config.branch_percent:
                j = near(i, a, b) + draw.pick((-1, 1))
                if 0 <= j < b:
                    links[node].add(there[j])
    nodes = tuple(
        Node(i, d, lane, kinds[i], tuple(sorted(links[i]))) for d, layer in enumerate(ids) for lane, i in enumerate(layer)
    )
    return NodeMap(depth, nodes)


# --- the warband ------------------------------------------------------------------------------
@attrs.frozen
class Member:
    """One unit of the warband: its name, the ruleset's record of it (a StatWar design, a
    ninja roster entry, a commander or a troop unit's kind), the health it has lost, and
    what it has done."""

    name: str
    unit: Any
    wounds: int = 0
    battles: int = 0
    damage: int = 0
    history: tuple[str, ...] = ()
    fell: str = ""  # where it died ("" while alive)


@attrs.frozen
class Condition:
    """A warband unit at the end of a battle (side 0, in warband order)."""

    hp: int
    hp_max: int
    damage: int


@attrs.frozen
class Option:
    """Something the player may choose now: `key` is what `choose` takes and a run file records."""

    key: str
    label: str
    cost: int = 0


@attrs.frozen
class Pick:
    """One answer to a Question: `key` is what it adds to the offer's key, `label` its line
    in a list, `about` the words a player decides on."""

    key: str
    label: str
    about: str = ""


@attrs.frozen
class Question:
    """Something an offer asks before it is bought (RunHooks.questions): one of `picks`."""

    title: str
    picks: tuple[Pick, ...]


def answered(key: str, answers: tuple[str, ...] | list[str]) -> str:
    """The choice key of the offer `key` with its questions answered, in their order: each
    answer's key after a colon. `choose` takes it through RunHooks.custom."""
    return ":".join((key, *answers))


@attrs.frozen
class Encounter:
    """The battle at a node: its generated battlefield, dice seed, opponent and AI level."""

    node: int
    kind: str
    name: GeneratedName
    seed: int
    budget: int
    ai: str


@attrs.frozen
class BattleRecord:
    """One battle of the run: where, against what, every action, and how it ended."""

    node: int
    kind: str
    scenario: str
    seed: int
    opponent: str
    ai: str
    actions: tuple[Any, ...]
    winner: int | None
    reason: str
    rounds: int
    final_hash: str
    lost: tuple[str, ...]
    points: int
    retreat: bool = False  # lost (or its vital unit fell), and the warband fell back from it

    @property
    def result(self) -> str:
        """The battle's result for the warband (side 0): won, lost or drawn."""
        return battle_result(self.winner)


def battle_result(winner: int | None) -> str:
    """A run battle's result for the warband (side 0) from its winner: won, lost or drawn."""
    return "won" if winner == 0 else ("drawn" if winner is None else "lost")


class RunHooks(abc.ABC):
    """What a ruleset adds to the shared run engine (core/<ruleset>/run.py)."""

    #: The prices a run's settings give for this ruleset (RunConfig.prices keys).
    price_names: ClassVar[tuple[str, ...]] = ()

    def __init__(self, ruleset: Any) -> None:
        self.ruleset = ruleset

    @abc.abstractmethod
    def start(self, seed: int, config: RunConfig) -> tuple[Member, ...]:
        """The starting warband, generated from `seed` with `config.warband` as its budget."""

    @abc.abstractmethod
    def opponent(self, seed: int, budget: int, config: RunConfig) -> Any:
        """The opponent's army (the record `generate_army` returns) for a budget."""

    @abc.abstractmethod
    def setup(self, name: GeneratedName, members: tuple[Member, ...], opponent: Any) -> Any:
        """The battle `name` stands for with the warband as side 0 and `opponent` as side 1."""

    @abc.abstractmethod
    def condition(self, state: Any) -> tuple[Condition, ...]:
        """Side 0's units that came from the warband, in warband order."""

    @abc.abstractmethod
    def wound(self, state: Any, wounds: tuple[int, ...]) -> Any:
        """The first state with each warband unit's wounds taken off its health."""

    def after(self, members: tuple[Member, ...], initial: Any, final: Any) -> tuple[Member, ...]:
        """What the ruleset carries out of a battle besides deaths and wounds (experience)."""
        return members

    def fatal(self, member: Member) -> str:
        """Why the run ends when `member` dies ("": it does not)."""
        return ""

    @abc.abstractmethod
    def offers(self, run: Run) -> list[Option]:
        """What a camp sells this warband (every option, affordable or not: `cost` says)."""

    def custom(self, run: Run, key: str) -> Option | None:
        """An offer too open to list (a unit the player designs): the Option `key` stands for
        when the camp accepts it, priced, else None. `take` then buys it as any offer."""
        return None

    def questions(self, run: Run, key: str) -> tuple[Question, ...]:
        """What the listed offer `key` asks before it is bought (a Commanders class change: the
        unit the class brings, the spell it learns), each answered by one of its picks; the
        key `answered` makes of the answers is one `custom` accepts. Empty (the default): the
        offer is bought as listed."""
        return ()

    @abc.abstractmethod
    def take(self, run: Run, key: str) -> tuple[tuple[Member, ...], str]:
        """The warband after buying `key`, and a line for its history; IllegalAction if not offered."""

    @abc.abstractmethod
    def describe(self, member: Member) -> str:
        """The unit in a few words, for the run screens and the morgue."""


def hooks_for(ruleset: str) -> RunHooks:
    """The run hooks of `ruleset`, made once per Ruleset instance (they hold no run's state)."""
    owner = registry.get(ruleset)
    hooks = owner.__dict__.get("_run_hooks")
    if hooks is None:
        hooks = owner.run_hooks()
        if hooks is None:
            raise ContentError([Problem(ruleset, "(run)", f"{owner.title} has no runs")])
        owner.__dict__["_run_hooks"] = hooks
    return hooks


# --- the run ----------------------------------------------------------------------------------
@attrs.frozen
class Run:
    """A run in progress or ended. `steps` holds every choice key and "battle" for each battle
    fought, in order: with the seed, the settings and the battles' actions, the whole run."""

    ruleset: str
    seed: int
    config: RunConfig
    nodes: NodeMap
    members: tuple[Member, ...]
    at: int = -1
    path: tuple[int, ...] = ()
    stage: str = "choose"
    points: int = 0
    fallen: tuple[Member, ...] = ()
    battles: tuple[BattleRecord, ...] = ()
    rested: bool = False
    steps: tuple[str, ...] = ()
    end: str = ""
    won: bool = False
    log: tuple[str, ...] = ()
    retreated: int = 0  # retreats taken (RunConfig.retreats allows so many)

    @property
    def retreats_left(self) -> int:
        return max(0, self.config.retreats - self.retreated)

    @property
    def over(self) -> bool:
        return self.stage == "over"

    @property
    def node(self) -> Node | None:
        return None if self.at < 0 else self.nodes.nodes[self.at]


def new_run(ruleset: str, seed: int, config: RunConfig | None = None) -> Run:
    """A run of `ruleset` from `seed`: its map, its starting warband, nothing chosen yet."""
    if config is None:
        config = load_config(ruleset)
    else:
        check_config(ruleset, config, "(run settings)")
    hooks = hooks_for(ruleset)
    members = tuple(attrs.evolve(m, history=("joined at the start",)) for m in hooks.start(derive(seed, 2), config))
    return Run(ruleset, seed, config, node_map(seed, config), members, log=(f"Run {seed} begins with {len(members)} units.",))


def ahead(run: Run) -> set[int]:
    """Every node the run may still reach from where it stands (after the battle or the camp
    it is at, if any); empty once the run is over."""
    if run.over:
        return set()
    todo = list(run.nodes.starts() if run.at < 0 else run.nodes.nodes[run.at].next)
    seen: set[int] = set()
    while todo:
        node = todo.pop()
        if node not in seen:
            seen.add(node)
            todo.extend(run.nodes.nodes[node].next)
    return seen


def options_nodes(run: Run) -> tuple[int, ...]:
    if run.stage != "choose":
        return ()
    return run.nodes.starts() if run.at < 0 else run.nodes.nodes[run.at].next


def options(run: Run) -> list[Option]:
    """What may be chosen now: the next nodes (stage choose) or a camp's options (stage camp)."""
    if run.stage == "choose":
        return [Option(str(i), f"{run.nodes.nodes[i].kind} (layer {run.nodes.nodes[i].depth + 1})") for i in options_nodes(run)]
    if run.stage != "camp":
        return []
    out = []
    if not run.rested and any(m.wounds for m in run.members):
        out.append(Option(REST, f"rest: heal {run.config.heal_percent}% of every wound"))
    out += [o for o in hooks_for(run.ruleset).offers(run) if o.cost <= run.points]
    out.append(Option(LEAVE, "break camp"))
    return out


def choose(run: Run, key: str) -> Run:
    """Take the option `key`; IllegalAction (the run unchanged) when it is not offered now."""
    offered = {o.key: o for o in options(run)}
    custom = hooks_for(run.ruleset).custom(run, key) if run.stage == "camp" and key not in offered else None
    if custom is not None and custom.cost <= run.points:
        offered[key] = custom
    if key not in offered:
        raise IllegalAction(f"{key!r} is not a choice now ({', '.join(offered) or 'nothing to choose'})")
    after = _camp(run, key, offered[key]) if run.stage == "camp" else _arrive(run, run.nodes.nodes[int(key)])
    return attrs.evolve(after, steps=run.steps + (key,))


def _arrive(run: Run, node: Node) -> Run:
    run = attrs.evolve(run, at=node.id, path=run.path + (node.id,), rested=False)
    if node.kind in ("battle", "elite", "final"):
        words = {"battle": "a battle", "elite": "an elite battle", "final": "the final battle"}[node.kind]
        return attrs.evolve(run, stage="battle", log=run.log + (f"Layer {node.depth + 1}: {words}.",))
    if node.kind == "camp":
        return attrs.evolve(run, stage="camp", log=run.log + (f"Layer {node.depth + 1}: camp.",))
    return _event(run, node)


def _heal(members: tuple[Member, ...], percent: int, where: str) -> tuple[Member, ...]:
    out = []
    for m in members:
        healed = (m.wounds * percent + 99) // 100
        out.append(attrs.evolve(m, wounds=m.wounds - healed, history=m.history + (f"healed {healed} {where}",)) if healed else m)
    return tuple(out)


def _camp(run: Run, key: str, option: Option) -> Run:
    depth = run.nodes.nodes[run.at].depth + 1
    if key == LEAVE:
        return attrs.evolve(run, stage="choose", log=run.log + ("Camp broken.",))
    if key == REST:
        members = _heal(run.members, run.config.heal_percent, f"at the camp of layer {depth}")
        return attrs.evolve(run, members=members, rested=True, log=run.log + ("The warband rests.",))
    members, line = hooks_for(run.ruleset).take(run, key)
    return attrs.evolve(run, members=members, points=run.points - option.cost, log=run.log + (line,))


def _event(run: Run, node: Node) -> Run:
    event = Draw(derive(run.seed, 5, node.id)).pick(run.config.events)
    members, points = run.members, run.points + event.points
    if event.heal_percent:
        members = _heal(members, event.heal_percent, f"by {event.name} (layer {node.depth + 1})")
    words = f"Layer {node.depth + 1}: {event.name}. {event.text}" + (f" (+{event.points} points)" if event.points else "")
    return attrs.evolve(run, members=members, points=points, stage="choose", log=run.log + (words,))


# --- battles ------------------------------------------------------------------------------------
def budget_at(config: RunConfig, depth: int, total: int, kind: str) -> int:
    """An opponent's budget at layer `depth` of `total`: from the first budget to the last in
    even steps, raised by the elite or final percentage."""
    low, high = config.budget
    base = low + ((high - low) * depth) // max(1, total - 1)
    percent = {"elite": config.elite_percent, "final": config.final_percent}.get(kind, 100)
    return max(1, (base * percent) // 100)


def ai_at(config: RunConfig, depth: int, total: int) -> str:
    """The opponent's AI level at layer `depth` of `total` (the last step reached)."""
    reached = (100 * depth) // max(1, total - 1)
    level = config.ai[0].level
    for step in config.ai:
        if step.from_percent <= reached:
            level = step.level
    return level


def encounter(run: Run) -> Encounter:
    """The battle at the current node (stage battle)."""
    node = run.node
    if run.stage != "battle" or node is None:
        raise IllegalAction("there is no battle to fight now")
    return encounter_at(run, node.id)


def encounter_at(run: Run, node_id: int) -> Encounter:
    """The battle waiting at a battle node, whether or not the run has reached it (so a run
    map can show what lies ahead: its budget and its AI level); IllegalAction for other nodes."""
    node = run.nodes.nodes[node_id]
    if node.kind not in ("battle", "elite", "final"):
        raise IllegalAction(f"node {node_id} is a {node.kind}, not a battle")
    ruleset = registry.get(run.ruleset)
    bounds = ruleset.generation()
    budget = budget_at(run.config, node.depth, run.nodes.depth, node.kind)
    budget = min(max(budget, bounds.budget_range[0]), bounds.budget_range[1])
    width, height = run.config.size
    name = GeneratedName(derive(run.seed, 3, node.id) >> 1, width, height, budget)
    return Encounter(node.id, node.kind, name, derive(run.seed, 4, node.id) >> 1, budget,
                     ai_at(run.config, node.depth, run.nodes.depth))


def opponent_of(run: Run, found: Encounter) -> Any:
    return hooks_for(run.ruleset).opponent(derive(run.seed, 6, found.node), found.budget, run.config)


def start_battle(run: Run) -> tuple[Encounter, Any, Any]:
    """The encounter, its setup and its first state (the warband's wounds already taken)."""
    found = encounter(run)
    hooks = hooks_for(run.ruleset)
    ruleset = registry.get(run.ruleset)
    setup = hooks.setup(found.name, run.members, opponent_of(run, found))
    state = ruleset.new_battle(setup, found.seed)
    return found, setup, hooks.wound(state, tuple(m.wounds for m in run.members))


def finish_battle(run: Run, actions: tuple[Any, ...] | list[Any]) -> Run:
    """The run after the battle at its node was fought with `actions` (every one legal, the last
    ending the battle): the dead leave the warband for good, the living keep their wounds, a win
    earns points, a loss or the death of the one the run needs ends the run, unless a retreat is
    left (`RunConfig.retreats`, never at the final battle): then that unit is carried off the
    field with `retreat_health_percent` of its health and the run goes on."""
    found, setup, state = start_battle(run)
    ruleset = registry.get(run.ruleset)
    hooks = hooks_for(run.ruleset)
    initial = state
    for action in actions:
        state, _ = ruleset.apply(state, action)
    result = ruleset.outcome(state)
    if result is None:
        raise IllegalAction("the battle has not ended: a run records only finished battles")
    node = run.nodes.nodes[found.node]
    members = hooks.after(run.members, initial, state)
    conditions = hooks.condition(state)
    endings = [hooks.fatal(m) for m, c in zip(members, conditions) if c.hp <= 0 and hooks.fatal(m)]
    beaten = result.winner not in (0, None)
    retreat = (beaten or bool(endings)) and node.kind != "final" and run.retreated < run.config.retreats
    stamp = f"layer {node.depth + 1} ({node.kind})"
    living, fallen, lost = [], list(run.fallen), []
    for member, cond in zip(members, conditions):
        fought = attrs.evolve(member, battles=member.battles + 1, damage=member.damage + cond.damage)
        if cond.hp <= 0 and retreat and hooks.fatal(member):
            # carried from the field: the run needs this unit, and the warband falls back with it
            kept = max(1, (cond.hp_max * run.config.retreat_health_percent) // 100)
            living.append(attrs.evolve(fought, wounds=cond.hp_max - kept,
                                       history=member.history + (f"carried from the field at {stamp}",)))
        elif cond.hp <= 0:
            fallen.append(attrs.evolve(fought, wounds=member.wounds, fell=stamp, history=member.history + (f"fell at {stamp}",)))
            lost.append(member.name)
        else:
            wounds = cond.hp_max - cond.hp
            line = f"fought at {stamp}" + (f", {words.count(wounds, 'wound')}" if wounds else "")
            living.append(attrs.evolve(fought, wounds=wounds, history=member.history + (line,)))
    won = result.winner == 0
    reward = {"battle": run.config.reward_battle, "elite": run.config.reward_elite}.get(node.kind, 0) if won else 0
    retreat = retreat and bool(living)
    record = BattleRecord(
        found.node, node.kind, str(found.name), found.seed, ruleset.army_label(ruleset.setup_armies(setup)[1]), found.ai,
        tuple(actions), result.winner, result.reason, ruleset.round_number(state), ruleset.codec().state_hash(state),
        tuple(lost), reward, retreat,
    )
    line = f"Battle {record.result} ({result.reason})" + (f"; fallen: {', '.join(lost)}" if lost else "") + (f"; +{reward} points" if reward else "")
    if retreat:
        left = run.config.retreats - run.retreated - 1
        line += f"; the warband falls back ({words.count(left, 'retreat')} left)"
    run = attrs.evolve(run, members=tuple(living), fallen=tuple(fallen), battles=run.battles + (record,), points=run.points + reward,
                       steps=run.steps + (BATTLE,), log=run.log + (line,), retreated=run.retreated + retreat)
    if retreat:
        return attrs.evolve(run, stage="choose")
    if endings:
        return attrs.evolve(run, stage="over", end=endings[0])
    if not living:
        return attrs.evolve(run, stage="over", end="the whole warband fell")
    if beaten:
        return attrs.evolve(run, stage="over", end=f"lost {KIND_PHRASES[node.kind]} of layer {node.depth + 1}")
    if node.kind == "final":
        if won:
            return attrs.evolve(run, stage="over", won=True, end="won the final battle")
        return attrs.evolve(run, stage="over", end="the final battle ended without a winner")
    return attrs.evolve(run, stage="choose")


# --- the AI plays a run (tests, simulations) ----------------------------------------------------
def auto_choice(run: Run, salt: int = 0) -> str:
    """The choice a computer makes for the warband: rest when wounded, then the first thing a
    camp sells it can afford (drawn), then leave; on the map, a node drawn among those open."""
    offered = options(run)
    keys = [o.key for o in offered]
    if run.stage == "camp":
        if REST in keys:
            return REST
        buys = [k for k in keys if k not in (REST, LEAVE)]
        draw = Draw(derive(run.seed, 7, len(run.steps), salt))
        return draw.pick(buys) if buys and draw.chance(0.75) else LEAVE
    return Draw(derive(run.seed, 8, len(run.steps), salt)).pick(keys)


def auto_battle(run: Run, level: str = "easy", max_actions: int = 20_000) -> tuple[Any, ...]:
    """The actions of the battle at the current node with `level` playing the warband and the
    encounter's level the opponent (each seat's own dice from the battle seed)."""
    from core.ai import play_out

    found, _, state = start_battle(run)
    players = {0: Player(level, splitmix64(found.seed, 1)), 1: Player(found.ai, splitmix64(found.seed, 2))}
    _, actions = play_out(registry.get(run.ruleset), state, players, max_actions)
    return tuple(actions)


def auto_run(ruleset: str, seed: int, config: RunConfig | None = None, level: str = "easy", salt: int = 0) -> Run:
    """A whole run played by the computer: every choice by `auto_choice`, every battle by `level`."""
    run = new_run(ruleset, seed, config)
    while not run.over:
        if run.stage == "battle":
            run = finish_battle(run, auto_battle(run, level))
        else:
            run = choose(run, auto_choice(run, salt))
    return run


# --- what a run comes to ----------------------------------------------------------------------
def summary(run: Run) -> dict[str, Any]:
    """The run as plain data: seed, path, every battle, the warband with its history, the end.
    A run file's final hash covers it, and the morgue shows it."""
    hooks = hooks_for(run.ruleset)

    def unit(m: Member) -> dict[str, Any]:
        return {"name": m.name, "unit": hooks.describe(m), "wounds": m.wounds, "battles": m.battles, "damage": m.damage,
                "history": list(m.history), "fell": m.fell}

    return {
        "ruleset": run.ruleset, "seed": run.seed, "depth": run.nodes.depth, "path": list(run.path),
        "kinds": [run.nodes.nodes[i].kind for i in run.path], "stage": run.stage, "points": run.points,
        "battles": [{"node": b.node, "kind": b.kind, "scenario": b.scenario, "opponent": b.opponent, "ai": b.ai,
                     "winner": b.winner, "reason": b.reason, "rounds": b.rounds, "actions": len(b.actions),
                     "lost": list(b.lost), "points": b.points, "retreat": b.retreat} for b in run.battles],
        "warband": [unit(m) for m in run.members], "fallen": [unit(m) for m in run.fallen],
        "won": run.won, "end": run.end, "retreats": run.retreated,
    }


__all__ = [
    "AiStep", "BATTLE", "BattleRecord", "Condition", "Encounter", "KINDS", "LEAVE", "Member", "Node", "NodeMap", "Option", "Pick", "Question", "REST",
    "Run", "RunConfig", "RunEvent", "RunHooks", "ahead", "FELL_BACK", "battle_result", "ai_at", "answered", "auto_battle", "auto_choice", "auto_run", "budget_at",
    "check_config", "choose", "encounter", "encounter_at", "finish_battle", "settings_document", "settings_sheet", "hooks_for", "load_config", "new_run", "node_map", "options", "start_battle",
    "summary",
]
