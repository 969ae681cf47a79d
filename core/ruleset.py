"""The one protocol every ruleset speaks, whatever its turn structure.

- ninja: every side submits sealed orders; `to_act` names every side still to
  submit, and resolution happens inside `apply` when the last one is in.
- statwar: one side at a time activates its next unit; `to_act` names one side.
- commanders: an initiative queue of commanders; `to_act` names the owner of
  the commander whose turn it is.

The AI, the command line, saves and the TUI talk only to this class.
Actions and events are frozen attrs records holding ids and numbers. Each
ruleset lists its action and event classes so saves and logs can tag them by
class name (the JSON key is "kind"; no attrs field is ever called `type`).
"""

from __future__ import annotations

import abc
from pathlib import Path
from typing import Any, ClassVar

import attrs

from core.content import display_path
from core.errors import ContentError, Problem
from core.records import replacer
from core.rng import Dice
from core.serial import Codec
from core.view import ActionPicks, BoardView


@attrs.frozen(slots=True)
class Outcome:
    """How a battle ended. `winner` is a side index, or None for a draw."""

    winner: int | None
    reason: str
    scores: tuple[float, ...] = ()


@attrs.frozen
class Sheet:
    """A character sheet: what `skirmish sheet` prints, with every derived number.

    `lines` is the text form; `data` the same facts as JSON-ready values.
    """

    title: str
    lines: tuple[str, ...]
    data: dict[str, Any] = attrs.field(factory=dict)


@attrs.frozen(slots=True)
class ScenarioInfo:
    """One bundled or user scenario, as `skirmish scenarios` lists it."""

    name: str
    ruleset: str
    title: str
    summary: str
    sides: int
    path: str
    #: why the scenario is meant to be uneven (a siege, a counter's lesson), with its measured
    #: odds; empty for a scenario meant to be even, which the balance lab holds to 40%-60%
    uneven: str = ""


@attrs.frozen(slots=True)
class Played:
    """What one action did: the next state, its events, and how many dice it rolled."""

    state: Any
    events: tuple[Any, ...]
    rolled: int


@attrs.frozen
class Budget:
    """How much work one AI decision may do, counted in work, never in time (`Ruleset.ai_budget`)."""

    samples: int = 1  # dice streams averaged per action value (1 for dice-free rules)
    easy_pool: int = 4  # easy picks among this many best actions
    hard_candidates: int = 6  # hard looks deeper at this many of normal's best
    hard_reply_plies: int = 2  # actions of other sides simulated after each candidate
    max_candidates: int = 600  # beyond this, candidates are thinned evenly (stable order)
    #: Normal picks by its own dice among the actions valued within this much of the best
    #: (0: always the best). Rules without dice use it so that one battle is not played
    #: the same way every time; the battle's own dice vary games in the others.
    normal_spread: float = 0.0


class Ruleset(abc.ABC):
    """A rule system: build a battle, say who acts, list and apply actions, judge the end."""

    name: ClassVar[str]
    title: ClassVar[str]
    rules_version: ClassVar[int]
    grid: ClassVar[str]  # "hex" or "square": how the TUI draws the board
    #: True when a side's actions are secret until they resolve (ninja's sealed orders):
    #: their log lines are withheld, and players at one keyboard hand over between sides.
    sealed_orders: ClassVar[bool] = False
    state_type: ClassVar[type]
    action_types: ClassVar[tuple[type, ...]]
    event_types: ClassVar[tuple[type, ...]]

    # --- building a battle -------------------------------------------------
    @abc.abstractmethod
    def scenarios(self) -> list[ScenarioInfo]:
        """The bundled scenarios of this ruleset, in a stable order."""

    @abc.abstractmethod
    def load_scenario(self, name_or_path: str | Path) -> Any:
        """A scenario (setup) by bundled name or by file path; raises ContentError."""

    @abc.abstractmethod
    def set_up(self, setup: Any, seed: int) -> Any:
        """The rules of building a battle's first state from a scenario; its dice come
        from `seed` (read in order while setting up). Callers use `new_battle`."""

    def new_battle(self, setup: Any, seed: int) -> Any:
        """The initial state of a battle; all later randomness comes from `seed`, per action."""
        state = self.set_up(setup, seed)
        return attrs.evolve(state, dice=Dice.for_battle(state.dice))

    @abc.abstractmethod
    def load_document(self, path: Path, data: dict[str, Any]) -> Any:
        """Validate any TOML file of this ruleset (its top-level `kind` says what it is:
        "scenario", "army", "unit", "commander", ...); raises ContentError with every problem."""

    @abc.abstractmethod
    def sheet(self, document: Any) -> Sheet:
        """The character sheet of a loaded document (army, unit, commander)."""

    # --- the turn ----------------------------------------------------------
    @abc.abstractmethod
    def to_act(self, state: Any) -> tuple[int, ...]:
        """The sides that must decide now (several at once for sealed orders); () when over."""

    @abc.abstractmethod
    def legal_actions(self, state: Any, side: int) -> list[Any]:
        """Every action `side` may take now, in a stable order. The single source of truth."""

    @abc.abstractmethod
    def resolve(self, state: Any, action: Any) -> tuple[Any, tuple[Any, ...]]:
        """The rules of one action: the next state and the events that explain it.

        Dice come from `state.dice`, read in order (every state has a `dice: Dice`);
        raises IllegalAction, never mutates. Callers use `apply`, which hands each
        action its own dice."""

    def apply(self, state: Any, action: Any) -> tuple[Any, tuple[Any, ...]]:
        """The next state and the events that explain it; raises IllegalAction, never mutates."""
        played = self.play(state, action)
        return played.state, played.events

    def play(self, state: Any, action: Any) -> Played:
        """`apply`, also telling how many dice the action rolled (fair undo stops at a roll).

        With per-action dice (core.rng) the action rolls from a stream keyed to the
        battle's seed, the step and the action's canonical encoding, and the state
        moves on one step; with one-stream dice (older saves, the AI's imagined
        futures) it reads the stream in order."""
        dice: Dice = state.dice
        if not dice.per_action:
            after, events = self.resolve(state, action)
            return Played(after, events, after.dice.counter - dice.counter)
        if self.rolls_no_dice(action):
            stepped = dice.next_step()
            recorded = self.record(state, action, stepped)
            if recorded is not None:
                return Played(recorded[0], recorded[1], 0)
            after, events = self.resolve(state, action)
            if after.dice is dice:  # as promised: the action's own stream would go unread
                return Played(replacer(type(after))(after, dice=stepped), events, 0)
        own = dice.for_action(self.codec().action_key(action))
        after, events = self.resolve(replacer(type(state))(state, dice=own), action)
        return Played(replacer(type(after))(after, dice=dice.next_step()), events, after.dice.counter)

    def record(self, state: Any, action: Any, dice: Dice) -> tuple[Any, tuple[Any, ...]] | None:
        """For an action `rolls_no_dice` names, a ruleset may resolve it with `dice` (the
        battle's dice one step on) set in the one new state it makes, sparing `play` a second
        new state to step the dice in; it must then never read `state.dice`. None (the
        default): `play` resolves the action and steps the dice itself."""
        return None

    def rolls_no_dice(self, action: Any) -> bool:
        """Whether `action` is of a kind that never rolls (a sealed order that only records):
        `play` then skips working out the action's own dice stream, which would go unread.
        The result is the same either way; should such an action change the dice after all,
        `play` plays it again the full way. Default: any action may roll."""
        return False

    def forget(self) -> None:
        """Drop every memo this ruleset keeps of the positions it has searched (a move
        search, an AI judge). They are keyed by value, so an equal position copied into new
        objects still finds them: the benchmarks forget them to time a position never seen,
        as a replay meets each of its positions. Default: nothing is kept."""

    @abc.abstractmethod
    def outcome(self, state: Any) -> Outcome | None:
        """The result once the battle is over, else None."""

    def action_side(self, action: Any) -> int:
        """The side that took `action` (every action record carries `side`)."""
        return action.side

    # --- what each seat may know --------------------------------------------
    def seat_view(self, state: Any, side: int | None) -> Any:
        """`state` as `side` may know it (None: a spectator): another side's sealed and
        unresolved orders left out. Rulesets without secrets show everything (the default).
        Screens, logs, files and the AI read a battle through this (core.seats)."""
        return state

    def has_order(self, state: Any, uid: int) -> bool:
        """Whether unit `uid` already has an order this turn or phase that it may still add to
        or change (a sealed order): ending the turn does not ask about it as unordered.
        Default: no unit keeps an order open (a unit that has acted has no action left)."""
        return False

    def phase_of(self, state: Any) -> Any:
        """What changes when sealed orders resolve: an order given in one phase stays
        secret from other sides until the phase differs (only read when sealed_orders)."""
        return self.round_number(state)

    # --- for the AI --------------------------------------------------------
    @abc.abstractmethod
    def evaluate(self, state: Any, side: int) -> float:
        """How good `state` is for `side` (higher is better); used by the AI levels."""

    def ai_candidates(self, state: Any, side: int) -> list[Any]:
        """The actions the AI weighs for `side`: every legal action unless the ruleset prunes
        (it must keep at least one legal action whenever there is one)."""
        return self.legal_actions(state, side)

    def ai_budget(self) -> Budget:
        """How much work each AI decision may do in this ruleset."""
        return Budget()

    def action_value(self, state: Any, action: Any, side: int, samples: int = 1) -> float:
        """Expected evaluation for `side` after `action`: the mean over `samples` dice streams.

        Rulesets whose actions do not change the board at once (sealed orders)
        override this with their own estimate. Every sample runs on a reseeded
        copy: the AI must never see the battle's own next dice.
        """
        total = 0.0
        for i in range(samples):
            after, _ = self.apply(self.reseed(state, i + 1), action)
            total += self.evaluate(after, side)
        return total / samples

    def reseed(self, state: Any, salt: int) -> Any:
        """A copy of `state` whose future dice are a different stream (AI sampling only, never play).

        The new stream is derived from the current one and `salt`, so the AI stays
        deterministic, but what it samples tells it nothing about the real next rolls.
        """
        dice: Dice = state.dice
        return attrs.evolve(state, dice=Dice.from_seed(dice.seed ^ (salt * 0x9E3779B97F4A7C15) ^ dice.counter))

    # --- for people --------------------------------------------------------
    @abc.abstractmethod
    def describe_event(self, state: Any, event: Any) -> str:
        """One log line that explains `event` in words and numbers."""

    @abc.abstractmethod
    def describe_action(self, state: Any, action: Any) -> str:
        """A short human name for `action`, as the log and menus show it."""

    def describe_action_here(self, state: Any, action: Any, here: tuple[int, int]) -> str:
        """`describe_action` as a panel about the map cell `here` (column, row) says it: a
        square of the action that is `here` is said "here" (core.words.place), since the
        panel stands beside the line that names the cell. Default: `describe_action`."""
        return self.describe_action(state, action)

    @abc.abstractmethod
    def explain_action(self, state: Any, action: Any) -> tuple[str, ...]:
        """Before committing: the odds, damage range and every modifier, one line each."""

    def move_path(self, state: Any, action: Any) -> tuple[tuple[int, int], ...]:
        """The map cells (column, row, as CellView and UnitView use) a move passes through.

        Start to end, both included, one cell after another: the path the rules
        themselves find for the move, so the TUI can draw what will happen before
        the player commits. () for an action that moves nothing (the default).
        """
        return ()

    @abc.abstractmethod
    def action_picks(self, state: Any, action: Any) -> ActionPicks:
        """How a player picks `action` on the map: the unit that acts (None for an action of
        no unit on the map: deploy, end turn, seal orders) and, stage by stage, the cells
        any of which picks that stage (destination, facing, target, spell area). Every
        legal action has picks; two actions with the same picks are told apart in a menu."""

    @abc.abstractmethod
    def board_view(self, state: Any) -> BoardView:
        """The map as the TUI draws it (terrain, effects, units); see core.view."""

    @abc.abstractmethod
    def describe_cell(self, state: Any, col: int, row: int) -> str:
        """The info line for the cell under the cursor, in words."""

    @abc.abstractmethod
    def unit_details(self, state: Any, uid: int) -> tuple[str, ...]:
        """Every stat and status of one unit, one line each, for the unit panel."""

    def side_names(self, state: Any) -> tuple[str, ...]:
        return tuple(state.side_names)

    def round_number(self, state: Any) -> int:
        return int(getattr(state, "round", 0))

    def limit_points(self, state: Any) -> tuple[int, ...] | None:
        """Where a battle that reaches its round limit is decided by points (then health), the
        points each side would score if it were decided now; None where it is not."""
        return None

    def round_limit(self, state: Any) -> int | None:
        """The last round the battle may run to (it is decided there), or None if it has no limit."""
        limit = getattr(state, "round_limit", None)
        return None if limit is None else int(limit)

    @abc.abstractmethod
    def unit_stats(self, state: Any) -> list[dict[str, Any]]:
        """One dict per unit that took the field, for batch reports:
        {"type": str, "side": int, "survived": bool, "damage_dealt": int}, and optionally
        "name": the unit's own name, as its unit panel shows it, when it has one."""

    # --- armies: who brings what to a scenario --------------------------------
    # A scenario names an army for every side; New battle and the builders swap
    # one for a premade or player-made army. The rule of what fits lives here,
    # once per ruleset, so every screen refuses the same armies for the same reasons.
    # The defaults describe a ruleset whose scenarios fix their armies.

    def army_files(self) -> list[Path]:
        """The premade armies this ruleset bundles (commanders: the premade commanders), in a stable order."""
        return []

    def load_army(self, path: Path) -> Any:
        """One army file, bundled or a player's, loaded on its own; raises ContentError naming file and field.

        Whether it fits a given battle is `with_army`'s question, not this one's."""
        raise ContentError([Problem(display_path(path), "(file)", f"{self.title} battles bring the armies their scenario names")])

    def setup_armies(self, setup: Any) -> tuple[Any, ...]:
        """The army each side brings in `setup` (index = side); () when the scenario fixes them."""
        return ()

    def army_label(self, army: Any) -> str:
        """The army's name as lists show it."""
        return str(getattr(army, "name", army))

    def army_summary(self, army: Any) -> str:
        """One line of what the army is: its points and units."""
        return ""

    def with_army(self, setup: Any, side: int, army: Any, source: str = "") -> Any:
        """`setup` with `army` in `side`'s place instead of the scenario's own army.

        Raises ContentError with one Problem per reason the army does not fit this
        battle (points, rule set, deployment room, ...); each names `source` (the
        army's file, else its name) and the field at fault. `setup` is never changed.
        """
        raise ContentError([Problem(source or self.army_label(army), "(army)", f"{self.title} battles bring the armies their scenario names")])

    def army_document(self, army: Any) -> Any:
        """`army` as JSON-ready data, as a save records it in its setup (since format 3), so
        `verify` can put the same army in the scenario again (`army_from_document`)."""
        return self.codec().converter.unstructure(army)

    def army_from_document(self, data: Any, where: str) -> Any:
        """An army a save recorded, checked by the same content rules as an army file
        (each stat within the caps a file may buy); raises ContentError naming `where`
        and the field. Whether it fits the battle is `with_army`'s question, as ever.
        The default: this ruleset's scenarios fix their armies, so a save brings none."""
        raise ContentError([Problem(where, "(army)", f"{self.title} battles bring the armies their scenario names")])

    # --- generated battles (core/<ruleset>/generate.py) -----------------------------
    # Pure functions of a seed and parameters: the same arguments give the same map or
    # army in every process. `load_scenario` also understands the name of a generated
    # battle, `generated:SEED:WxH[:BUDGET]` (core.generate.GeneratedName), so a battle on
    # a generated map saves and verifies as a bundled one does. The defaults describe a
    # ruleset that generates nothing.

    def generation(self) -> Any:
        """The bounds of this ruleset's generators (a core.generate.Generation), or None."""
        return None

    def generate_map(self, seed: int, size: tuple[int, int] | None = None, mix: Any = None) -> Any:
        """A battlefield of `size` (width, height; None: the default) from `seed`: the record a
        map file of this ruleset loads into, so it can be written with core.content.dump_toml
        and read back equal. It keeps every promise `map_problems` checks. `mix` is the
        ruleset's terrain mix (the `Mix` of core/<ruleset>/generate.py; None: its default)."""
        raise ContentError([Problem(self.name, "(map)", f"{self.title} generates no battlefields")])

    def map_problems(self, spec: Any) -> list[str]:
        """Why a generated map breaks a promise of the generator (a movement mode cannot reach
        every square, a side has no room to deploy, ...), one sentence each; [] when it keeps them."""
        return [f"{self.title} generates no battlefields"]

    def map_sheet(self, spec: Any) -> Sheet:
        """A map in text, as `skirmish map` prints it."""
        raise ContentError([Problem(self.name, "(map)", f"{self.title} generates no battlefields")])

    def generate_army(self, seed: int, budget: int) -> Any:
        """An army from `seed` worth at most `budget` (points, or a commander's level: see
        `generation().budget_word`), built from the content catalogue under the rules a
        player's army is; the record `load_army` returns, passing the same checks."""
        raise ContentError([Problem(self.name, "(army)", f"{self.title} generates no armies")])

    # --- runs (core/run.py) ----------------------------------------------------------
    def run_hooks(self) -> Any:
        """What this ruleset adds to the shared run engine (a core.run.RunHooks: the warband
        as an army, wounds, what a camp sells), or None: this ruleset has no runs."""
        return None

    # --- files -------------------------------------------------------------
    def configure_converter(self, converter: Any) -> None:
        """Register hooks for this ruleset's own unions (status effects, orders, ...)."""

    def codec(self) -> Codec:
        """The JSON codec of this ruleset's states, actions and events (built once)."""
        cached = self.__dict__.get("_codec")
        if cached is None:
            cached = Codec(self.state_type, self.action_types, self.event_types, self.configure_converter)
            self.__dict__["_codec"] = cached
        return cached

    def content_dir(self) -> Path:
        from core.content import scenarios_root

        return scenarios_root() / self.name
