"""New battle, step by step: ruleset -> scenario (map preview) -> armies -> opponent -> seed -> battle.

The armies step lists every side of the scenario with the army it brings: the
scenario's own until the player picks another for that side, from the other
premade armies, their saved ones (tui/screens/army_choices.py) or one they
build there and then. Whether an army fits is the ruleset's rule
(Ruleset.with_army): armies that do not fit stay listed with the reason.
Esc goes back one step and keeps the later choices that still hold.
`start_battle_from_options` is the same path without questions, for `skirmish play`.
What "Build a new army..." opens is the ruleset's plug-in's (tui.rulesets); the
battle itself is opened by the app (`app.open_battle`).
"""

from __future__ import annotations

import time
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from core import registry
from core.content import display_path
from core.match import DEFAULT_UNDO
from core.rng import parse_seed, seed_problem
from tui.battles import OPPONENTS, fresh_seed, scenario_choices
from tui.widgets.footer import Footer
from tui.widgets.menu_list import MenuList
from tui import keymap, rulesets as plugins
from tui.screens.army_choices import ArmyChoice, army_word, choices, player_files, scenario_choice
from tui.widgets.map import BattleMap

#: The undo modes New battle offers (core.match), with what each means to a player.
UNDO_CHOICES: tuple[tuple[str, str], ...] = (
    ("fair", "Fair: take back your own moves that revealed nothing"),
    ("practice", "Practice: undo anything (marked as practice)"),
    ("ironman", "Ironman: no undo at all"),
)
UNDO_ABOUT = {
    "fair": ("Fair undo: z takes back your own latest moves while they have revealed nothing: "
             "no die rolled, your turn not ended, your orders not sealed. It never takes back "
             "another side's move."),
    "practice": ("Practice: z undoes anything, dice and the other side's moves included. "
                 "The battle is marked as practice in its save, on the end screen and in the replay list."),
    "ironman": "Ironman: every move stands. There is no undo, the roguelike way.",
}

STEPS = ("ruleset", "scenario", "armies", "opponent", "undo", "seed")


def start_battle_from_options(app: Any, play: dict) -> None:
    """`skirmish play RULESET [--scenario S] [--seed N] [--opponent ...] [--army FILE]`."""
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
    armies = {}
    if play.get("army"):
        try:
            armies[0] = (ruleset.load_army(play["army"]), display_path(play["army"]))
        except Exception as exc:  # a bad army file: show why, start nothing
            app.show_error(f"Cannot read the army {play['army']}", str(exc))
            return
    if seed is not None and seed_problem(seed) is not None:
        app.show_error("Bad seed", f"{seed_problem(seed)}, not {seed}.")
        return
    app.open_battle(ruleset, scenario, fresh_seed() if seed is None else seed, play.get("opponent") or "normal", armies,
                    undo=play.get("undo") or DEFAULT_UNDO)


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
        self.setup: Any = None
        self.armies: dict[int, ArmyChoice] = {}  # sides whose army is not the scenario's own
        self.building: tuple[int, float] | None = None  # (side, start time) while a builder is open
        self.opponent: str | None = None
        self.undo: str = DEFAULT_UNDO
        self.seed = fresh_seed()
        self.map_seed = fresh_seed()  # the generated battlefield the scenario step offers

    def help_guide(self) -> str:
        return ("Steps: ruleset, scenario, armies, opponent, undo, seed. Up/Down chooses, Enter\n"
                "confirms; Esc goes back a step and keeps later choices that still hold.\n"
                "Armies: Enter on a side lists what it may bring: the scenario's own army, the\n"
                "other premade ones, your saved ones and 'Build a new army...'. An army that\n"
                "does not fit this battle is marked and says why. Continue goes on.\n"
                "b opens the army builders of the chosen ruleset.")

    def action_builders(self) -> None:
        self.app.open_builders(only=None if self.ruleset is None else self.ruleset.name)

    def compose(self) -> ComposeResult:
        yield Static(id="new-title", classes="screen-title", markup=False)
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
    def show_step(self, highlight: str | None = None) -> None:
        step = STEPS[self.step]
        option_list = self.query_one("#new-list", OptionList)
        seed_input = self.query_one("#new-seed", Input)
        option_list.clear_options()
        seed_input.display = step == "seed"
        option_list.display = step != "seed"
        title = self.query_one("#new-title", Static)
        chosen = " / ".join(x for x in (None if self.ruleset is None else self.ruleset.name, self.scenario if self.step > 1 else None,
                                        self.opponent if self.step > 3 else None, self.undo if self.step > 4 else None) if x)
        title.update(f"New battle, step {self.step + 1} of {len(STEPS)}: {step}" + (f"   [{chosen}]" if chosen else ""))
        current = None
        if step == "ruleset":
            if not self.rulesets:
                option_list.add_option(Option("No ruleset is installed.", disabled=True))
            option_list.add_options(Option(f"{r.title} ({r.name})", id=f"ruleset:{i}") for i, r in enumerate(self.rulesets))
            current = f"ruleset:{self.rulesets.index(self.ruleset)}" if self.ruleset in self.rulesets else None
        elif step == "scenario":
            infos = scenario_choices(self.ruleset, self.map_seed)
            option_list.add_options(Option(f"{info.title}", id=f"scenario:{info.name}") for info in infos)
            if not infos:
                option_list.add_option(Option("This ruleset has no scenario yet.", disabled=True))
            current = f"scenario:{self.scenario}" if self.scenario else None
        elif step == "armies":
            self.list_sides(option_list)
            current = "armies:continue"
        elif step == "opponent":
            option_list.add_options(Option(text, id=f"opponent:{key}") for key, text in OPPONENTS)
            current = f"opponent:{self.opponent}" if self.opponent else None
        elif step == "undo":
            option_list.add_options(Option(text, id=f"undo:{key}") for key, text in UNDO_CHOICES)
            current = f"undo:{self.undo}"
        else:
            seed_input.value = str(self.seed)
            seed_input.focus()
            self.show_summary(
                "The seed fixes every die of the battle: the same seed and the same moves "
                "replay the same battle. Keep this one or type your own, then press Enter."
            )
            return
        ids = [option_list.get_option_at_index(i).id for i in range(option_list.option_count)]
        wanted = highlight or current
        option_list.highlighted = ids.index(wanted) if wanted in ids else (0 if option_list.option_count else None)
        option_list.focus()
        self.preview()

    # --- the armies step ---------------------------------------------------------
    def seat(self, side: int) -> str:
        if side == 0:
            return "you"
        return f"player {side + 1}" if self.opponent == "hotseat" else "AI"

    def army_of(self, side: int) -> ArmyChoice:
        chosen = self.armies.get(side)
        if chosen is not None:
            return chosen
        return scenario_choice(self.ruleset, self.setup, side)

    def side_count(self) -> int:
        return len(self.ruleset.setup_armies(self.setup)) if self.setup is not None else 0

    def list_sides(self, option_list: OptionList) -> None:
        if not self.side_count():
            option_list.add_option(Option("This ruleset's scenarios set the armies.", disabled=True))
        for side in range(self.side_count()):
            choice = self.army_of(side)
            option_list.add_option(Option(Text(f"Side {side + 1} ({self.seat(side)}): {choice.name}\n({choice.origin_words()})"),
                                          id=f"armies:side:{side}"))
        option_list.add_option(None)
        option_list.add_option(Option("Continue", id="armies:continue"))

    def armies_text(self) -> str:
        lines = []
        names = self.side_names()
        for side in range(self.side_count()):
            choice = self.army_of(side)
            name = f", {names[side]}" if side < len(names) and names[side] != choice.name else ""
            lines.append(f"Side {side + 1}{name} ({self.seat(side)}): {choice.name}\n({choice.origin_words()}) {choice.summary}")
        return "\n\n".join(lines)

    def side_names(self) -> tuple[str, ...]:
        """The sides' names in the battle these armies make (ninja names a side after its army)."""
        try:
            setup = self.setup
            for side, choice in sorted(self.armies.items()):
                setup = self.ruleset.with_army(setup, side, choice.army, choice.source)
            return tuple(self.ruleset.side_names(self.ruleset.new_battle(setup, self.seed)))
        except Exception:  # names are a nicety here; the battle itself reports a bad set-up
            return ()

    def pick_army(self, side: int, current: str | None = None) -> None:
        """The picker for one side: every army it may bring, misfits marked with their reason."""
        from tui.dialogs.builder_pick import PickDialog

        offered = choices(self.ruleset, self.setup, side, self.app.saves_dir)
        entries, refused = [], {}
        for choice in offered:
            if choice.army is None:
                label = f"{choice.origin}: {choice.name}  (cannot be read)"
            else:
                label = f"{choice.origin}: {choice.name}, {choice.summary}" + ("" if choice.problem is None else "  (does not fit)")
            about = choice.summary + ("" if choice.problem is None else f"\nDoes not fit: {choice.problem}")
            entries.append((choice.key, label, about))
            if choice.problem is not None:
                refused[choice.key] = choice.problem
        word = army_word(self.ruleset)
        plugin = plugins.get(self.ruleset.name)
        if plugin.builders:
            entries.append(("build", f"Build a new {word}...",
                            f"Opens {plugin.builders_words}; what you save there is listed here when you come back."))
        if current is None:
            current = self.army_of(side).key
        by_key = {c.key: c for c in offered}

        def chosen(key: str | None) -> None:
            if key == "build":
                self.building = (side, time.time())
                self.app.build_army(self.ruleset.name, self.built)
            elif key is not None and key in by_key:
                if key == "scenario":
                    self.armies.pop(side, None)
                else:
                    self.armies[side] = by_key[key]
                self.show_step(highlight=f"armies:side:{side}")

        self.app.push_screen(PickDialog(f"Side {side + 1} ({self.seat(side)}): choose its {word}", entries, current, refused), chosen)

    def built(self, _result: Any = None) -> None:
        """Back from a builder: list the side's armies again, the one just saved highlighted."""
        if self.building is None or STEPS[self.step] != "armies":
            return
        side, since = self.building
        self.building = None
        fresh = [p for p in player_files(self.ruleset, self.app.saves_dir) if p.stat().st_mtime >= since - 1]
        newest = max(fresh, key=lambda p: p.stat().st_mtime) if fresh else None
        self.pick_army(side, str(newest) if newest else None)

    # --- preview and choice -----------------------------------------------------
    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.preview()

    def preview(self) -> None:
        option_list = self.query_one("#new-list", OptionList)
        previews = list(self.query("#new-preview").results(BattleMap))
        step = STEPS[self.step]
        for old in previews:
            old.display = step == "scenario"
        if option_list.highlighted is None or option_list.option_count == 0:
            self.show_summary(self.armies_text() if step == "armies" else "")
            return
        option = option_list.get_option_at_index(option_list.highlighted)
        value = self._value(option.id)
        if step == "ruleset" and value is not None:
            r = self.rulesets[int(value)]
            count = len(r.scenarios())
            self.show_summary(f"{r.title}\n{count} scenario{'s' if count != 1 else ''}; {r.grid} map.")
        elif step == "scenario" and value is not None:
            info = next(i for i in scenario_choices(self.ruleset, self.map_seed) if i.name == value)
            text = f"{info.title}\n{info.summary}\n{info.sides} sides; the next step shows their armies."
            if info.uneven:  # its reason's first sentence; the odds that follow are for designers
                text += f"\nUneven by design: {info.uneven.split('. ')[0].rstrip('.')}."
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
        elif step == "armies":
            hint = ("Enter: choose another army for this side." if value and value.startswith("side:")
                    else "Enter: go on to the opponent with these armies.")
            self.show_summary(f"{self.armies_text()}\n\n{hint}")
        elif step == "opponent":
            self.show_summary("Side 1 is yours; the AI plays side 2.\nHotseat: both sides at this keyboard.\n\n" + self.armies_text())
        elif step == "undo" and value is not None:
            self.show_summary(UNDO_ABOUT[value])

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
            if self.ruleset is not self.rulesets[int(value)]:
                self.ruleset, self.scenario, self.setup, self.armies = self.rulesets[int(value)], None, None, {}
        elif step == "scenario":
            if not self.choose_scenario(value):
                return
        elif step == "armies":
            if value.startswith("side:"):
                self.pick_army(int(value.split(":", 1)[1]))
                return
        elif step == "opponent":
            self.opponent = value
        elif step == "undo":
            self.undo = value
        self.step += 1
        self.show_step()

    def choose_scenario(self, name: str) -> bool:
        """Load the chosen scenario; a different one than before drops the armies picked for it."""
        if name == self.scenario and self.setup is not None:
            return True
        try:
            setup = self.ruleset.load_scenario(name)
        except Exception as exc:  # a broken scenario file: say why and stay
            self.app.show_error(f"Cannot load {self.ruleset.name} / {name}", str(exc))
            return False
        self.scenario, self.setup, self.armies = name, setup, {}
        return True

    def on_input_submitted(self, event: Input.Submitted) -> None:
        try:
            self.seed = parse_seed(event.value)
        except ValueError as exc:  # one range everywhere: 0 to 2**64 - 1
            self.notify(f"{str(exc)[:1].upper()}{str(exc)[1:]}.", severity="warning")
            return
        self.dismiss(None)
        armies = {side: (c.army, c.source) for side, c in self.armies.items()}
        self.app.open_battle(self.ruleset, self.scenario or "", self.seed, self.opponent or "normal", armies,
                             undo=self.undo)

    def action_back(self) -> None:
        if self.step == 0:
            self.dismiss(None)
            return
        self.step -= 1
        self.show_step()
