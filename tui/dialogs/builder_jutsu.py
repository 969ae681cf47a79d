"""Choose a ninja's jutsu within seed 000's rules, each with its description.

seed 000: "Individual ninja may only know one jutsu from this list for every
point of chi they possess. It is not possible for a ninja to learn jutsu of
higher cost than their own point value." Enter or Space learns or forgets the
highlighted jutsu; a jutsu the rules forbid is refused with the reason.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from core.ninja.specs import SchoolSpec
from tui.widgets.menu_list import AnySizeOptionList


class JutsuDialog(ModalScreen[tuple[str, ...] | None]):
    DEFAULT_CSS = """
    JutsuDialog { align: center middle; }
    #jutsu-box { width: 76; max-width: 98%; height: auto; max-height: 96%; border: thick $primary; background: $surface; padding: 0 1; }
    #jutsu-head { text-style: bold; }
    #jutsu-list { height: auto; max-height: 9; }
    #jutsu-about { height: auto; max-height: 5; }
    #jutsu-hint { color: $text-muted; }
    """
    BINDINGS = [
        Binding("space", "toggle", "Learn/forget", id="jutsu.toggle"),
        Binding("d,ctrl+s", "done", "Done", id="jutsu.done"),
        Binding("escape", "cancel", "Cancel", id="jutsu.cancel"),
    ]

    def __init__(self, unit_name: str, school: SchoolSpec, points: int, chi: int, known: tuple[str, ...]) -> None:
        super().__init__()
        self.unit_name = unit_name
        self.school = school
        self.points = points
        self.chi = chi
        self.known = list(known)
        self.keys = list(school.jutsu)

    def compose(self) -> ComposeResult:
        with Vertical(id="jutsu-box"):
            yield Static("", id="jutsu-head", markup=False)
            yield AnySizeOptionList(*(Option(Text(self.label(k)), id=k) for k in self.keys), id="jutsu-list")
            yield Static("", id="jutsu-about", markup=False)
            yield Static("Enter/Space learns or forgets; d keeps the choice, Esc cancels.", id="jutsu-hint")

    def on_mount(self) -> None:
        options = self.query_one("#jutsu-list", OptionList)
        options.highlighted = 0
        options.focus()
        self.redraw()

    def label(self, key: str) -> str:
        j = self.school.jutsu[key]
        mark = "[x]" if key in self.known else "[ ]"
        locked = "  (needs a %d-point ninja)" % j.cost if j.cost > self.points else ""
        kind = "offensive" if j.kind == "O" else "defensive"
        return f"{mark} {j.name:<20} {j.cost} chi, {kind}{locked}"

    def redraw(self) -> None:
        self.query_one("#jutsu-head", Static).update(
            f"{self.unit_name}: {self.school.name} {self.points}-point ninja, {self.chi} chi - "
            f"knows {len(self.known)} of at most {self.chi} jutsu")
        options = self.query_one("#jutsu-list", OptionList)
        for i, key in enumerate(self.keys):
            options.replace_option_prompt_at_index(i, Text(self.label(key)))
        self.describe()

    def describe(self) -> None:
        options = self.query_one("#jutsu-list", OptionList)
        if options.highlighted is None:
            return
        j = self.school.jutsu[self.keys[options.highlighted]]
        self.query_one("#jutsu-about", Static).update(f"{j.name}: {j.text}")

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.describe()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_toggle()

    def action_toggle(self) -> None:
        options = self.query_one("#jutsu-list", OptionList)
        if options.highlighted is None:
            return
        key = self.keys[options.highlighted]
        j = self.school.jutsu[key]
        if key in self.known:
            self.known.remove(key)
        elif j.cost > self.points:
            self.notify(f"{j.name} costs {j.cost} chi; a {self.points}-point ninja may only learn jutsu costing up to {self.points}.",
                        severity="warning")
            return
        elif len(self.known) >= self.chi:
            self.notify(f"A {self.points}-point ninja has {self.chi} chi and knows at most {self.chi} jutsu; forget one first.",
                        severity="warning")
            return
        else:
            self.known.append(key)
        self.redraw()

    def action_done(self) -> None:
        self.dismiss(tuple(k for k in self.keys if k in self.known))

    def action_cancel(self) -> None:
        self.dismiss(None)
