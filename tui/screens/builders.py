"""The builders' hub: one entry per builder that the rulesets' plug-ins bring (tui.rulesets).

Each builder saves player files (tui/screens/builder_files.py) that `skirmish
check` and `skirmish sheet` read; a builder's "play it" is `app.battle_with`,
which puts a built army (or a commander) in side 1's place of a bundled scenario.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui import keymap, rulesets
from tui.widgets.footer import Footer
from tui.widgets.menu_list import AnySizeOptionList


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

    def entries(self) -> list[rulesets.Builder]:
        """The builders of ruleset `only`; every plug-in's when none is given or it has none."""
        own = rulesets.get(self.only).builders if self.only else ()
        return list(own) if own else [b for plugin in rulesets.plugins() for b in plugin.builders]

    def compose(self) -> ComposeResult:
        with Vertical(id="builders-box"):
            yield Static("Army builders", classes="screen-title")
            with Center():
                yield AnySizeOptionList(*(Option(Text(b.label), id=b.key) for b in self.entries()), id="builders-list")
            yield Static("", id="builders-about", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#builders-list", OptionList).focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        about = {b.key: b.about for b in self.entries()}.get(event.option.id or "", "")
        self.query_one("#builders-about", Static).update(about)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.app.open_builder(event.option.id or "")

    def action_back(self) -> None:
        self.dismiss(None)

