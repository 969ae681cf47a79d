"""The builders' hub: one entry per builder, and the way from a built army to a battle.

Each builder saves player files (tui/screens/builder_files.py) that `skirmish
check` and `skirmish sheet` read; `battle_with` puts a built army (or a
commander) in side 1's place of a bundled scenario and opens the battle.
"""

from __future__ import annotations

from typing import Any, Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from tui import keymap

ENTRIES: tuple[tuple[str, str, str], ...] = (
    ("statwar", "StatWar: unit designer and army list",
     "Buy Damage, Range, Armor and Move a point each, specials five a level; list the army in move order."),
    ("ninja", "Ninja: army builder",
     "Ninja of nine schools, 1 to 4 points each, with their jutsu, under one of four army rule sets."),
    ("roster", "Commanders: roster, troops and level-ups",
     "Your commanders and the premade ones: recruit a troop, spend skill points, take level-ups."),
    ("quiz", "Commanders: the commander quiz",
     "Eleven personality questions (some branch) make a commander; name it and save it to the roster."),
)


def open_builder(app: Any, key: str, done: Callable[[Any], None] | None = None) -> None:
    """Push the builder named `key` (one of ENTRIES, or "commanders" for the hub of the two
    commander builders); `done` is called when the player leaves it."""
    if key == "statwar":
        from tui.screens.builder_statwar import StatWarArmyScreen

        app.push_screen(StatWarArmyScreen(), done)
    elif key == "ninja":
        from tui.screens.builder_ninja import NinjaArmyScreen

        app.push_screen(NinjaArmyScreen(), done)
    elif key == "roster":
        from tui.screens.roster_commanders import RosterScreen

        app.push_screen(RosterScreen(), done)
    elif key == "quiz":
        from tui.screens.quiz_questions import QuizScreen

        app.push_screen(QuizScreen(), done)
    elif key == "commanders":
        app.push_screen(BuildersScreen(only="commanders"), done)


class BuildersScreen(Screen[None]):
    """Army builder entry from the main menu and from New battle; `only` limits it to one ruleset."""

    HELP_TITLE = "Army builders"
    DEFAULT_CSS = """
    #builders-box { padding: 1 2; }
    #builders-list { height: auto; max-height: 8; }
    #builders-about { color: $text-muted; padding-top: 1; }
    """
    BINDINGS = [keymap.binding("menu.back", "back"), keymap.binding("menu.quit", "back")]

    def __init__(self, only: str | None = None) -> None:
        super().__init__()
        self.only = only

    def help_guide(self) -> str:
        return ("Choose a builder with Up/Down and Enter. Every builder saves TOML files to your\n"
                "armies folder; `skirmish check FILE` and `skirmish sheet FILE` read them.")

    def entries(self) -> list[tuple[str, str, str]]:
        wanted = {"statwar": ("statwar",), "ninja": ("ninja",), "commanders": ("roster", "quiz")}.get(self.only or "")
        return [e for e in ENTRIES if wanted is None or e[0] in wanted]

    def compose(self) -> ComposeResult:
        with Vertical(id="builders-box"):
            yield Static("Army builders", classes="screen-title")
            with Center():
                yield OptionList(*(Option(Text(label), id=key) for key, label, _ in self.entries()), id="builders-list")
            yield Static("", id="builders-about", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#builders-list", OptionList).focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        about = {k: d for k, _, d in ENTRIES}.get(event.option.id or "", "")
        self.query_one("#builders-about", Static).update(about)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        open_builder(self.app, event.option.id or "")

    def action_back(self) -> None:
        self.dismiss(None)


def battle_with(app: Any, ruleset_name: str, army: Any, what: str, source: str = "") -> None:
    """Ask for a scenario and an opponent, then open the battle with `army` on side 1.

    Whether the army fits is the ruleset's `with_army` rule (the same one New
    battle's armies step uses); a misfit is shown with its reasons. `source` names
    the army in those reasons (its file, else its name).
    """
    from core import registry
    from tui.dialogs.builder_pick import PickDialog
    from tui.screens.new_battle import OPPONENTS

    ruleset = registry.get(ruleset_name)
    scenarios, refused = [], {}
    for info in ruleset.scenarios():
        about = f"{info.summary} Your {what} takes side 1's place."
        try:
            ruleset.with_army(ruleset.load_scenario(info.name), 0, army, source)
        except Exception as exc:  # ContentError says why it does not fit; a broken scenario says why too
            refused[info.name] = str(exc)
            scenarios.append((info.name, f"{info.title}  (does not fit)", f"{about}\nDoes not fit: {exc}"))
            continue
        scenarios.append((info.name, info.title, about))

    def opponent_chosen(scenario: str, opponent: str | None) -> None:
        if opponent is not None:
            start_battle(app, ruleset, scenario, opponent, army, source)

    def scenario_chosen(scenario: str | None) -> None:
        if scenario is None:
            return
        app.push_screen(
            PickDialog("Who plays side 2?", [(k, t, "") for k, t in OPPONENTS]),
            lambda opponent: opponent_chosen(scenario, opponent),
        )

    app.push_screen(PickDialog(f"Battle with your {what}: choose a scenario", scenarios, refused=refused), scenario_chosen)


def start_battle(app: Any, ruleset: Any, scenario: str, opponent: str, army: Any, source: str = "",
                 seed: int | None = None) -> None:
    """Put `army` on side 1 of `scenario` and push the battle screen; problems are shown, never raised."""
    from tui.screens.new_battle import fresh_seed, open_battle

    open_battle(app, ruleset, scenario, fresh_seed() if seed is None else seed, opponent, {0: (army, source)},
                failure=f"Cannot start {ruleset.name} / {scenario} with this army")
