"""Recruit a commander's troop within seed 002's rules.

"Your troop can hold up to 3 units, which have to be the same type of unit ...
However if you have at least advanced [Leadership] you can recruit mixed units."
Expert Leadership adds one more unit (core.commanders.commander.troop_limit).
A recruit the rules forbid is refused with the reason from troop_problems.
"""

from __future__ import annotations

import attrs
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from core.commanders.commander import TIER_NAMES, Commander, troop_limit, troop_problems
from core.commanders.ruleset import RULESET
from tui.widgets.menu_list import AnySizeOptionList


class TroopDialog(ModalScreen[tuple[str, ...] | None]):
    DEFAULT_CSS = """
    TroopDialog { align: center middle; }
    #troop-box { width: 74; max-width: 98%; height: auto; max-height: 96%; border: thick $primary; background: $surface; padding: 0 1; }
    #troop-head { height: auto; }
    #troop-list { height: auto; max-height: 7; }
    #troop-status { height: auto; color: $warning; }
    #troop-hint { color: $text-muted; }
    """
    BINDINGS = [
        Binding("a", "recruit", "Recruit", id="troop.recruit"),
        Binding("x,delete", "dismiss_unit", "Dismiss unit", id="troop.dismiss"),
        Binding("d,ctrl+s", "done", "Done", id="troop.done"),
        Binding("escape", "cancel", "Cancel", id="troop.cancel"),
    ]

    def __init__(self, commander: Commander) -> None:
        super().__init__()
        self.commander = commander
        self.troop = list(commander.troop)
        self.cat = RULESET.catalogue

    def compose(self) -> ComposeResult:
        with Vertical(id="troop-box"):
            yield Static("", id="troop-head", markup=False)
            yield AnySizeOptionList(id="troop-list")
            yield Static("", id="troop-status", markup=False)
            yield Static("a recruits, x dismisses the highlighted unit, d keeps the troop, Esc cancels.", id="troop-hint")

    def on_mount(self) -> None:
        self.redraw()
        self.query_one("#troop-list", OptionList).focus()

    def unit_text(self, name: str) -> str:
        u = self.cat.units[name]
        rng = f", range {u.range}" if u.range else ""
        return f"{name} [{', '.join(u.tags)}] {u.attack}/{u.defence}, move {u.move}{rng}"

    def redraw(self) -> None:
        c = self.commander
        tier = c.skill_tier("Leadership")
        leadership = f"Leadership {TIER_NAMES[tier - 1]}" if tier else "no Leadership"
        mixed = "mixed troops allowed" if tier >= 2 else "one kind of unit only (mixed needs advanced Leadership)"
        self.query_one("#troop-head", Static).update(
            f"Troop of {c.name}: {len(self.troop)} of {troop_limit(c, self.cat)} units; {leadership}: {mixed}\n"
            f"May recruit: {', '.join(c.recruitable)}")
        options = self.query_one("#troop-list", OptionList)
        old = options.highlighted
        options.clear_options()
        options.add_options(Option(Text(f"{i}. {self.unit_text(n)}"), id=str(i - 1)) for i, n in enumerate(self.troop, 1))
        if not self.troop:
            options.add_option(Option(Text("(no units: press a to recruit)"), disabled=True))
        else:
            options.highlighted = min(old or 0, len(self.troop) - 1)
        problems = troop_problems(attrs.evolve(c, troop=tuple(self.troop)), self.cat)
        self.query_one("#troop-status", Static).update("\n".join(f"{f}: {r}" for f, r in problems))

    def action_recruit(self) -> None:
        from tui.dialogs.builder_pick import PickDialog

        entries = [(n, self.unit_text(n), "") for n in self.commander.recruitable]
        self.app.push_screen(PickDialog("Recruit which unit?", entries), lambda name: name and self.recruit(name))

    def recruit(self, name: str) -> None:
        trial = attrs.evolve(self.commander, troop=tuple(self.troop) + (name,))
        problems = troop_problems(trial, self.cat)
        if problems:
            self.notify("Cannot recruit " + name + ": " + "; ".join(r for _, r in problems), severity="warning")
            return
        self.troop.append(name)
        self.redraw()

    def action_dismiss_unit(self) -> None:
        options = self.query_one("#troop-list", OptionList)
        if self.troop and options.highlighted is not None:
            del self.troop[min(options.highlighted, len(self.troop) - 1)]
            self.redraw()

    def action_done(self) -> None:
        self.dismiss(tuple(self.troop))

    def action_cancel(self) -> None:
        self.dismiss(None)
