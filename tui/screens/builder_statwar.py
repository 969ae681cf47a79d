"""The StatWar army list: units in move order, the point total against the agreed budget.

seed 001: "Agree on a point total. Make an army that costs that many points. Make
a list of your units in the order you want them to move in." Units come from
the pile of example units (scenarios/statwar/units) and from the player's own
designs; the army saves as the army file `skirmish check` reads, beside a
units/ folder holding the designs it uses.
"""

from __future__ import annotations

from pathlib import Path

import attrs
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.widgets.list_sheet import ListSheetScreen, compose_list_sheet, list_sheet_css

from core.content import display_path, read_toml
from core.errors import ContentError, Problem
from core.statwar import content
from core.statwar.specs import Army, ArmyEntry, ArmySpec
from core.statwar.sheet import army_sheet, unit_lines
from core.statwar.specs import UnitSpec
from core.files import write_atomic
from tui.screens.builder_files import list_files, player_folder, slug, toml_text, unprintable

BLANK = UnitSpec(name="", description="")


def unit_pile(user_units: Path) -> dict[str, UnitSpec]:
    """Every unit design by file stem: the bundled examples, then the player's (which win)."""
    out: dict[str, UnitSpec] = {}
    for path in list_files(content.bundled_root() / "units") + list_files(user_units):
        try:
            out[path.stem] = content.load_unit(path)
        except ContentError:
            continue
    return out


def army_data(name: str, description: str, points: int, keys: list[str]) -> dict:
    """The army file: consecutive copies of one unit become one line with a count."""
    rows: list[dict] = []
    for key in keys:
        if rows and rows[-1]["unit"] == key:
            rows[-1]["count"] = rows[-1].get("count", 1) + 1
        else:
            rows.append({"unit": key})
    return {"ruleset": "statwar", "kind": "army", "name": name, "description": description,
            "points": points, "units": rows}


def read_army_spec(path: Path) -> ArmySpec:
    spec = content.parse(path, read_toml(path))
    if not isinstance(spec, ArmySpec):
        raise ContentError([Problem(display_path(path), "kind", f"is {spec.kind!r}; expected an army file here")])
    return spec


def army_summary(path: Path) -> str:
    """One line about an army file for the open dialog, or why it cannot be read."""
    try:
        spec = read_army_spec(path)
    except ContentError as exc:
        return f"cannot read: {exc}"
    return f"{spec.name}, {spec.points} points: {spec.description}"


class StatWarArmyScreen(ListSheetScreen):
    HELP_TITLE = "StatWar army list"
    SHEET_PREFIX = "sw"
    DEFAULT_CSS = list_sheet_css("sw", list_width=36, status_lines=4, head_lines=3)
    BINDINGS = [
        Binding("a", "add", "Add unit", id="sw.add"),
        Binding("n", "new_design", "New design", id="sw.new"),
        Binding("e", "edit", "Edit design", show=False, id="sw.edit"),
        Binding("d,delete", "remove", "Remove", show=False, id="sw.remove"),
        Binding("K,shift+up", "shift(-1)", "Move up/down", show=False, id="sw.up"),
        Binding("J,shift+down", "shift(1)", "Move down", show=False, id="sw.down"),
        Binding("b", "budget", "Budget", show=False, id="sw.budget"),
        Binding("r", "rename", "Name", show=False, id="sw.rename"),
        Binding("c", "sheet", "Sheet", id="sw.sheet"),
        Binding("s", "save", "Save", id="sw.save"),
        Binding("o", "open", "Open", id="sw.open"),
        Binding("p", "play", "Battle", id="sw.play"),
        Binding("escape", "back", "Back", id="sw.back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.name_text = "My army"
        self.description = "An army built in the army builder."
        self.points = 50
        self.keys: list[str] = []
        self.pile: dict[str, UnitSpec] = {}
        self.saved_path: Path | None = None
        self.kept = self.army_file()  # the army as last saved or opened: leaving asks when it differs

    def army_file(self) -> dict:
        return army_data(self.name_text, self.description, self.points, list(self.keys))

    # --- folders -----------------------------------------------------------------
    @property
    def units_folder(self) -> Path:
        return player_folder(self.app.saves_dir, "statwar", "unit")

    @property
    def armies_folder(self) -> Path:
        return player_folder(self.app.saves_dir, "statwar", "army")

    def help_guide(self) -> str:
        return ("The list is the move order: units act in this order in battle. a adds a unit from\n"
                "the pile of examples and your designs, n designs a new unit (from a blank or an\n"
                "example), e or Enter edits the highlighted design, K/J (Shift+Up/Down) move it.\n"
                "b sets the agreed point total, r names the army, c shows the character sheet to\n"
                "trade with your opponent, s saves, o opens a saved or premade army, p battles.")

    def compose(self) -> ComposeResult:
        yield from compose_list_sheet("sw", Static("", id="sw-head", markup=False), "sw-unit")

    def on_mount(self) -> None:
        self.pile = unit_pile(self.units_folder)
        self.refresh_all()
        self.query_one("#sw-list", OptionList).focus()

    # --- the army ------------------------------------------------------------------
    def units(self) -> list[UnitSpec]:
        return [self.pile[k] for k in self.keys if k in self.pile]

    def cost(self) -> int:
        return sum(u.cost for u in self.units())

    def problems(self) -> list[str]:
        spec = ArmySpec(name=self.name_text, description=self.description, points=self.points,
                        units=tuple(ArmyEntry(unit=k) for k in self.keys))
        out = [f"{f}: {r}" for f, r in spec.problems()]
        if self.cost() > self.points:
            out.append(f"units: the army costs {self.cost()} points; the agreed total is {self.points}")
        return out

    def refresh_all(self, highlight: int | None = None) -> None:
        cost = self.cost()
        health = sum(u.max_health for u in self.units())
        where = f"  [{self.saved_path.name}]" if self.saved_path else "  [not saved]"
        self.query_one("#sw-head", Static).update(
            f"StatWar army: {self.name_text}{where}\n"
            f"{cost} of {self.points} points ({self.points - cost} unspent), {len(self.keys)} units, Health {health}\n"
            "Enter edit  d remove  K/J move up/down  b budget  r name  c sheet")
        options = self.query_one("#sw-list", OptionList)
        old = options.highlighted if highlight is None else highlight
        options.clear_options()
        for i, unit in enumerate(self.units(), 1):
            options.add_option(Option(Text(f"{i:2}. {unit.name[:18]:<18} H{unit.max_health:<3}{unit.cost:>3}p"), id=str(i - 1)))
        if self.keys:
            options.highlighted = min(max(0, old or 0), len(self.keys) - 1)
        else:
            options.add_option(Option(Text("(empty: press a to add a unit, n to design one)"), disabled=True))
        problems = self.problems()
        status = self.query_one("#sw-status", Static)
        status.set_class(not problems, "ok")
        status.update("\n".join(problems) if problems else "The army is legal: s saves it, p takes it to battle.")
        self.show_unit()

    def current(self) -> int | None:
        options = self.query_one("#sw-list", OptionList)
        if not self.keys or options.highlighted is None:
            return None
        return min(options.highlighted, len(self.keys) - 1)

    def show_unit(self) -> None:
        index = self.current()
        text = "\n".join(unit_lines(self.pile[self.keys[index]])) if index is not None else (
            "Build an army for the agreed point total, then list it in the order the units move.")
        self.query_one("#sw-unit", Static).update(text)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show_unit()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_edit()

    # --- actions ----------------------------------------------------------------------
    def pile_entries(self) -> list[tuple[str, str, str]]:
        return [(k, f"{u.name[:18]:<18} {u.cost:>3} pts  H{u.max_health:<3} {', '.join(u.specials())}", u.description)
                for k, u in sorted(self.pile.items(), key=lambda kv: (kv[1].cost, kv[1].name))]

    def action_add(self) -> None:
        from tui.dialogs.builder_pick import PickDialog

        def chosen(key: str | None) -> None:
            if key:
                at = (self.current() + 1) if self.keys and self.current() is not None else len(self.keys)
                self.keys.insert(at, key)
                self.refresh_all(at)

        self.app.push_screen(PickDialog("Add a unit (the pile of examples and your designs)", self.pile_entries()), chosen)

    def action_new_design(self) -> None:
        from tui.dialogs.builder_pick import PickDialog

        entries = [("", "(a blank unit)", "Every stat at 0, Health 5.")] + self.pile_entries()

        def chosen(key: str | None) -> None:
            if key is None:
                return
            start = attrs.evolve(self.pile[key], name=f"{self.pile[key].name} variant") if key else BLANK
            self.design(start, None, "New unit" + (f", from {self.pile[key].name}" if key else ""))

        self.app.push_screen(PickDialog("Start the design from", [(k or "", l, d) for k, l, d in entries]), chosen)

    def action_edit(self) -> None:
        index = self.current()
        if index is None:
            return
        spec = self.pile[self.keys[index]]
        self.design(spec, index, f"Edit {spec.name} (saving writes your own copy)")

    def design(self, spec: UnitSpec, index: int | None, title: str) -> None:
        from tui.screens.builder_statwar_unit import UnitDesignerScreen

        def done(result: tuple[str, UnitSpec] | None) -> None:
            if result is None:
                return
            key, new = result
            old_key = self.keys[index] if index is not None else None
            self.pile[key] = new
            if index is None:
                self.keys.append(key)
                self.refresh_all(len(self.keys) - 1)
            else:
                self.keys = [key if k == old_key else k for k in self.keys]
                self.refresh_all(index)

        self.app.push_screen(UnitDesignerScreen(spec, self.units_folder, title), done)

    def action_remove(self) -> None:
        index = self.current()
        if index is not None:
            del self.keys[index]
            self.refresh_all(index)

    def action_shift(self, step: int) -> None:
        index = self.current()
        if index is None or not 0 <= index + step < len(self.keys):
            return
        self.keys[index], self.keys[index + step] = self.keys[index + step], self.keys[index]
        self.refresh_all(index + step)

    def action_budget(self) -> None:
        from tui.dialogs.builder_ask import AskDialog

        def done(text: str | None) -> None:
            if text is not None:
                self.points = max(1, int(text))
                self.refresh_all()

        self.app.push_screen(AskDialog("The agreed point total", str(self.points), number=True), done)

    def action_rename(self) -> None:
        from tui.dialogs.builder_ask import AskDialog

        def done(text: str | None) -> None:
            if text is not None:
                self.name_text = text
                self.refresh_all()

        self.app.push_screen(AskDialog("Name of the army", self.name_text), done)

    def army(self) -> Army:
        return Army(self.name_text, self.points, tuple(self.units()))

    def action_sheet(self) -> None:
        from tui.dialogs.message import MessageDialog

        sheet = army_sheet(self.army())
        self.app.push_screen(MessageDialog(f"Character sheet: {sheet.title}", "\n".join(sheet.lines)))

    def write_units(self) -> None:
        """Every design the army uses goes beside it, so the army file is complete on its own."""
        from tui.screens.builder_statwar_unit import save_unit

        for key in dict.fromkeys(self.keys):
            spec = self.pile[key]
            if not (self.units_folder / f"{key}.toml").exists() and spec != _bundled(key):
                save_unit(spec, self.units_folder)

    def action_save(self) -> Path | None:
        problems = self.problems() + unprintable(army_data(self.name_text, self.description, self.points, self.keys))
        if problems:
            self.app.show_error("The army cannot be saved yet", "\n".join(problems))
            return None
        self.write_units()
        path = self.armies_folder / f"{slug(self.name_text)}.toml"
        write_atomic(path, toml_text(army_data(self.name_text, self.description, self.points, self.keys)))
        self.saved_path = path
        self.kept = self.army_file()
        self.notify(f"Saved {display_path(path)}")
        self.refresh_all()
        return path

    def action_open(self) -> None:
        from tui.dialogs.builder_pick import PickDialog

        entries = [(str(p), f"yours: {p.stem}", display_path(p)) for p in list_files(self.armies_folder)]
        entries += [(str(p), f"premade: {p.stem}", f"bundled: scenarios/statwar/armies/{p.name}")
                    for p in list_files(content.bundled_root() / "armies")]
        entries = [(key, label, army_summary(Path(key)) + "\n" + about) for key, label, about in entries]

        def chosen(path: str | None) -> None:
            if path:
                self.load_army(Path(path))

        self.app.push_screen(PickDialog("Open an army", entries), chosen)

    def load_army(self, path: Path) -> None:
        try:
            spec = read_army_spec(path)
            army = content.resolve_army(spec, path)
        except ContentError as exc:
            self.app.show_error(f"Cannot open {path.name}", str(exc))
            return
        keys = [e.unit for e in spec.units for _ in range(e.count)]
        for key, unit in zip(keys, army.units):
            self.pile.setdefault(key, unit)
            if self.pile[key] != unit:
                self.pile[key] = unit
        self.keys = keys
        self.name_text, self.description, self.points = spec.name, spec.description, spec.points
        self.saved_path = path if path.parent == self.armies_folder else None
        self.kept = self.army_file()
        self.refresh_all(0)

    def action_play(self) -> None:
        problems = self.problems()
        if problems:
            self.app.show_error("The army is not legal yet", "\n".join(problems))
            return
        self.app.battle_with("statwar", self.army(), "army", self.name_text)

    def action_back(self) -> None:
        if self.army_file() == self.kept:
            self.dismiss(None)
            return
        from tui.dialogs.confirm import ConfirmDialog

        self.app.push_screen(ConfirmDialog("Leave the army list? Its changes are not saved (s saves them).",
                                           yes="Leave", no="Stay"),
                             lambda yes: self.dismiss(None) if yes else None)


def _bundled(key: str) -> UnitSpec | None:
    path = content.bundled_root() / "units" / f"{key}.toml"
    try:
        return content.load_unit(path) if path.is_file() else None
    except ContentError:
        return None
