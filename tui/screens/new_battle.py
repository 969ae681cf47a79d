"""New battle, step by step: ruleset -> scenario (map preview) -> opponent -> seed -> battle.

The armies are the ones the scenario file names (premade); the scenario step
lists them. Esc goes back one step. `start_battle_from_options` is the same
path without questions, for `skirmish play`.
"""

from __future__ import annotations

import random
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from core import registry
from core.match import Match
from tui.widgets.menu_list import MenuList
from tui import keymap
from tui.widgets.map import BattleMap

OPPONENTS: tuple[tuple[str, str], ...] = (
    ("easy", "AI, easy: sensible and beatable"),
    ("normal", "AI, normal: weighs every action"),
    ("hard", "AI, hard: looks a move ahead"),
    ("hotseat", "A friend at this keyboard (hotseat)"),
)
STEPS = ("ruleset", "scenario", "opponent", "seed")


def fresh_seed() -> int:
    return random.SystemRandom().randrange(1, 1_000_000)


def seats_for(opponent: str, sides: int) -> dict[int, str]:
    if opponent == "hotseat":
        return {side: "human" for side in range(sides)}
    return {side: ("human" if side == 0 else opponent) for side in range(sides)}


def open_battle(app: Any, ruleset: Any, scenario: str, seed: int, opponent: str) -> None:
    """Build the battle and push the battle screen; errors are shown, never raised."""
    from tui.screens.battle import BattleScreen

    try:
        setup = ruleset.load_scenario(scenario)
        state = ruleset.new_battle(setup, seed)
    except Exception as exc:  # content errors name file and field; show them
        app.show_error(f"Cannot start {ruleset.name} / {scenario}", str(exc))
        return
    sides = len(ruleset.side_names(state))
    meta = {"scenario": scenario, "seed": seed, "name": f"{ruleset.name}-{scenario}-{seed}"}
    app.push_screen(BattleScreen(Match(ruleset, state), seats_for(opponent, sides), meta))


def start_battle_from_options(app: Any, play: dict) -> None:
    """`skirmish play RULESET [--scenario S] [--seed N] [--opponent ...]`."""
    try:
        ruleset = registry.get(play["ruleset"])
    except (KeyError, ImportError) as exc:
        app.show_error("Unknown ruleset", str(exc))
        return
    scenario = play.get("scenario")
    if not scenario:
        infos = ruleset.scenarios()
        if not infos:
            app.show_error("No scenario", f"{ruleset.name} has no bundled scenario.")
            return
        scenario = infos[0].name
    seed = play.get("seed")
    open_battle(app, ruleset, scenario, fresh_seed() if seed is None else int(seed), play.get("opponent") or "normal")


class NewBattleScreen(Screen[None]):
    HELP_TITLE = "New battle"
    BINDINGS = [keymap.binding("menu.back", "back"), Binding("b", "builders", "Build an army", id="new.builders")]

    def __init__(self, rulesets: list[Any] | None = None) -> None:
        super().__init__()
        if rulesets is None:
            rulesets = [registry.get(name) for name in registry.available()]
        self.rulesets = rulesets
        self.step = 0
        self.ruleset: Any = None
        self.scenario: str | None = None
        self.opponent: str | None = None
        self.seed = fresh_seed()

    def help_guide(self) -> str:
        return ("Up/Down chooses, Enter confirms and goes to the next step, Esc goes back a step.\n"
                "b opens the army builders (for the chosen ruleset); each can take its army to a battle.")

    def action_builders(self) -> None:
        from tui.screens.builders import BuildersScreen

        self.app.push_screen(BuildersScreen(only=getattr(self.ruleset, "name", None)))

    def compose(self) -> ComposeResult:
        yield Static(id="new-title", classes="screen-title")
        with Horizontal(id="new-layout"):
            with Vertical(id="new-left"):
                yield MenuList(id="new-list")
                yield Input(id="new-seed", type="integer")
            with Vertical(id="new-right"):
                yield Static(id="new-summary", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.show_step()

    # --- steps ---------------------------------------------------------------
    def show_step(self) -> None:
        step = STEPS[self.step]
        option_list = self.query_one("#new-list", OptionList)
        seed_input = self.query_one("#new-seed", Input)
        option_list.clear_options()
        seed_input.display = step == "seed"
        option_list.display = step != "seed"
        title = self.query_one("#new-title", Static)
        chosen = " / ".join(x for x in (getattr(self.ruleset, "name", None), self.scenario, self.opponent) if x)
        title.update(f"New battle, step {self.step + 1} of {len(STEPS)}: {step}" + (f"   [{chosen}]" if chosen else ""))
        if step == "ruleset":
            if not self.rulesets:
                option_list.add_option(Option("No ruleset is installed.", disabled=True))
            option_list.add_options(Option(f"{r.title} ({r.name})", id=f"ruleset:{i}") for i, r in enumerate(self.rulesets))
        elif step == "scenario":
            infos = self.ruleset.scenarios()
            option_list.add_options(Option(f"{info.title}", id=f"scenario:{info.name}") for info in infos)
            if not infos:
                option_list.add_option(Option("This ruleset has no scenario yet.", disabled=True))
        elif step == "opponent":
            option_list.add_options(Option(text, id=f"opponent:{key}") for key, text in OPPONENTS)
        else:
            seed_input.value = str(self.seed)
            seed_input.focus()
            self.show_summary(
                "The seed fixes every die of the battle: the same seed and the same moves "
                "replay the same battle. Keep this one or type your own, then press Enter."
            )
            return
        option_list.highlighted = 0 if option_list.option_count else None
        option_list.focus()
        self.preview()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.preview()

    def preview(self) -> None:
        option_list = self.query_one("#new-list", OptionList)
        if option_list.highlighted is None or option_list.option_count == 0:
            self.show_summary("")
            return
        option = option_list.get_option_at_index(option_list.highlighted)
        step = STEPS[self.step]
        value = self._value(option.id)
        previews = list(self.query("#new-preview").results(BattleMap))
        for old in previews:
            old.display = step == "scenario"
        if step == "ruleset" and value is not None:
            r = self.rulesets[int(value)]
            count = len(r.scenarios())
            self.show_summary(f"{r.title}\n{count} scenario{'s' if count != 1 else ''}; {r.grid} map.")
        elif step == "scenario" and value is not None:
            info = next(i for i in self.ruleset.scenarios() if i.name == value)
            text = f"{info.title}\n{info.summary}\n{info.sides} sides; armies as the scenario sets them."
            try:
                state = self.ruleset.new_battle(self.ruleset.load_scenario(info.name), self.seed)
                view = self.ruleset.board_view(state)
                names = self.ruleset.side_names(state)
                text += "\nSides: " + ", ".join(names)
                self.show_summary(text)
                if previews:
                    previews[0].set_view(view)
                else:
                    preview = BattleMap(view, id="new-preview")
                    preview.can_focus = False
                    self.query_one("#new-right").mount(preview)
            except Exception as exc:  # a broken scenario file: show why
                self.show_summary(f"{text}\n\nCannot load: {exc}")
        elif step == "opponent":
            self.show_summary("Side 1 is yours; the AI plays side 2.\nHotseat: both sides at this keyboard.")

    def show_summary(self, text: str) -> None:
        self.query_one("#new-summary", Static).update(text)

    def _value(self, option_id: str | None) -> str | None:
        """The chosen value, if the option belongs to the current step (a late message from
        the previous step's list, after a fast double Enter, is ignored)."""
        if option_id is None or ":" not in option_id:
            return None
        step, value = option_id.split(":", 1)
        return value if step == STEPS[self.step] else None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        step = STEPS[self.step]
        value = self._value(event.option.id)
        if value is None:
            return
        if step == "ruleset":
            self.ruleset = self.rulesets[int(value)]
        elif step == "scenario":
            self.scenario = value
        elif step == "opponent":
            self.opponent = value
        self.step += 1
        self.show_step()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        try:
            self.seed = int(event.value)
        except ValueError:
            self.notify("A seed is a whole number.", severity="warning")
            return
        self.dismiss(None)
        open_battle(self.app, self.ruleset, self.scenario or "", self.seed, self.opponent or "normal")

    def action_back(self) -> None:
        if self.step == 0:
            self.dismiss(None)
            return
        self.step -= 1
        self.show_step()
