"""Army builder and commander quiz entries: until their screens exist, say how to do it with files.

Armies, units and commanders are TOML documents (docs/FORMATS.md); `skirmish check`
validates one and `skirmish sheet` prints its character sheet.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from tui import keymap

TEXT = {
    "builder": (
        "Army builder",
        "Armies and units are TOML files you can write in any text editor.\n\n"
        "  - Every file starts with  ruleset = \"statwar\" | \"ninja\" | \"commanders\"\n"
        "    and  kind = \"army\" | \"unit\" | ...  (see docs/FORMATS.md, one section\n"
        "    per ruleset, each with an example).\n"
        "  - The bundled armies under scenarios/<ruleset>/ are good starting points:\n"
        "    copy one and change it.\n"
        "  - skirmish check FILE   lists every problem with its field and reason.\n"
        "  - skirmish sheet FILE   prints the character sheet with derived numbers.\n\n"
        "The in-game builder screens (point buy, live validation) are the next step\n"
        "of the game; the file formats they will save are the ones described above.",
    ),
    "quiz": (
        "Commander quiz",
        "A commander is a TOML file (ruleset = \"commanders\", kind = \"commander\"),\n"
        "documented in the Commanders section of docs/FORMATS.md.\n\n"
        "  - Bundled commanders live under scenarios/commanders/.\n"
        "  - skirmish check FILE   validates a commander you wrote.\n"
        "  - skirmish sheet FILE   shows its attributes, class, skills and spells.\n\n"
        "The quiz screen, which asks the personality questions one at a time and\n"
        "builds the commander from your answers, is the next step of the game.",
    ),
}


class BuilderInfoScreen(Screen[None]):
    HELP_TITLE = "Army builder / quiz"
    BINDINGS = [keymap.binding("menu.back", "back"), keymap.binding("menu.quit", "back")]

    def __init__(self, which: str) -> None:
        super().__init__()
        self.which = which

    def compose(self) -> ComposeResult:
        title, body = TEXT[self.which]
        with VerticalScroll(id="info-body"):
            yield Static(title, classes="screen-title")
            yield Static(body, markup=False)
        yield Footer()

    def action_back(self) -> None:
        self.dismiss(None)
