"""The StatWar unit designer: seed 001's point buy with the live cost, Health and every problem.

Name, description and glyph are typed; Damage, Range, Armor, Move and the
specials are rows changed with Left/Right (or - and +). The panel on the
right is the unit's character sheet and the list of broken design rules from
`UnitSpec.problems()`, redrawn at every change. Saving writes the unit file
to the player's folder and hands the design back to the army list.
"""

from __future__ import annotations

from pathlib import Path

import attrs
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from core.statwar.sheet import unit_lines
from core.statwar.specs import MAX_BIG, POINTS_PER_SPECIAL, POINTS_PER_STAT, UnitSpec
from core.files import write_atomic
from core.words import count
from tui.screens.builder_files import slug, toml_text, unprintable
from tui.widgets.footer import Footer
from tui.widgets.menu_list import AnySizeOptionList

# (field, label, what one step costs)
ROWS: tuple[tuple[str, str, str], ...] = (
    ("damage", "Damage", f"{POINTS_PER_STAT} pt each"),
    ("range", "Range", f"{POINTS_PER_STAT} pt each"),
    ("armor", "Armor", f"{POINTS_PER_STAT} pt, <= Health"),
    ("move", "Move", f"{POINTS_PER_STAT} pt each"),
    ("suicide_bomb", "Suicide Bomb", f"{POINTS_PER_SPECIAL} pts"),
    ("big", "Big", f"{POINTS_PER_SPECIAL} pts/level <={MAX_BIG}"),
    ("ridable", "Ridable", f"{POINTS_PER_SPECIAL} pts/level"),
    ("defender", "Defender", f"{POINTS_PER_SPECIAL} pts/level"),
)


def design_problems(spec: UnitSpec) -> list[str]:
    """Every broken rule as 'field: reason', plus the seed's Ridable capacity rule."""
    out = [f"{field}: {reason}" for field, reason in spec.problems()]
    if spec.ridable > spec.squares:
        # seed 001: "Units with multiple levels of Ridable must have enough squares to actually fit all of the units"
        out.append(f"ridable: {count(spec.ridable, 'level')} but only {count(spec.squares, 'square')} to carry riders on; "
                   f"{count(spec.ridable - spec.squares, 'level')} paid for and not usable (add Big)")
    return out


def unit_data(spec: UnitSpec) -> dict:
    """The unit file's keys, in the order docs/FORMATS.md shows them."""
    data: dict = {"ruleset": "statwar", "kind": "unit", "name": spec.name, "description": spec.description}
    if spec.glyph:
        data["glyph"] = spec.glyph
    for field, _, _ in ROWS:
        value = getattr(spec, field)
        if value:
            data[field] = value
    data["points"] = spec.cost
    data["health"] = spec.max_health
    return data


def save_unit(spec: UnitSpec, folder: Path) -> tuple[str, Path]:
    key = slug(spec.name)
    path = write_atomic(folder / f"{key}.toml", toml_text(unit_data(spec)))
    return key, path


class UnitDesignerScreen(Screen[tuple[str, UnitSpec] | None]):
    HELP_TITLE = "StatWar unit designer"
    DEFAULT_CSS = """
    #design-title { height: 1; }
    #design-layout { height: 1fr; }
    #design-left { width: 40; height: 1fr; }
    #design-fields Input { height: 1; border: none; padding: 0 1; margin: 0; }
    #design-fields Input:focus { background: $boost; }
    #design-fields Static { height: 1; color: $text-muted; }
    #design-fields { height: auto; }
    #design-rows { height: auto; border: none; padding: 0; }
    #design-hint { height: auto; color: $text-muted; padding-top: 1; }
    #design-rows:focus { border: none; }
    #design-right { width: 1fr; height: 1fr; padding: 0 1; }
    #design-problems { height: auto; color: $error; }
    #design-problems.ok { color: $success; }
    #design-cost { height: auto; text-style: bold; }
    """
    BINDINGS = [
        Binding("ctrl+s", "save", "Save unit", priority=True, id="design.save"),
        Binding("escape", "cancel", "Back", id="design.cancel"),
        Binding("left,minus", "change(-1)", "-1", id="design.less"),
        Binding("right,plus,equals_sign", "change(1)", "+1", id="design.more"),
        Binding("space", "change(1)", "+1", show=False, id="design.more_space"),
        Binding("pagedown", "scroll_side(1)", "Scroll sheet", show=False, priority=True, id="design.page_down"),
        Binding("pageup", "scroll_side(-1)", "Scroll sheet back", show=False, priority=True, id="design.page_up"),
    ]

    def __init__(self, spec: UnitSpec, folder: Path, title: str = "New unit") -> None:
        super().__init__()
        # the file's stated points and health are checks of a finished design: recomputed on save
        self.spec = attrs.evolve(spec, points=None, health=None)
        self.kept = self.spec  # leaving asks when the design differs from what it opened with
        self.folder = Path(folder)
        self.title_text = title

    def help_guide(self) -> str:
        return ("The cursor starts on the name. Tab moves on to the description and glyph lines\n"
                "and the list of stats.\n"
                "In the list, Up/Down choose a stat and Left/Right (or - and +) change it; the cost,\n"
                "Health and every broken rule update at once. Ctrl+S saves the unit to your\n"
                "armies folder and puts it in the army; Esc goes back without saving.")

    def compose(self) -> ComposeResult:
        yield Static(self.title_text, id="design-title", classes="screen-title", markup=False)
        with Horizontal(id="design-layout"):
            with Vertical(id="design-left"):
                with Vertical(id="design-fields"):
                    yield Static("Name")
                    yield Input(self.spec.name, id="design-name", placeholder="unit name")
                    yield Static("Description (required)")
                    yield Input(self.spec.description, id="design-description", placeholder="what it is")
                    yield Static("Glyph (one letter on the map)")
                    yield Input(self.spec.glyph, id="design-glyph", max_length=1)
                yield AnySizeOptionList(*(Option(Text(self.row_label(f)), id=f) for f, _, _ in ROWS), id="design-rows")
                yield Static("Tab: name, description, glyph, stats\nUp/Down pick, Left/Right change", id="design-hint")
            with VerticalScroll(id="design-right"):
                yield Static("", id="design-cost", markup=False)
                yield Static("", id="design-problems", markup=False)
                yield Static("", id="design-sheet", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#design-right").can_focus = False  # Tab cycles fields and stats; PgUp/PgDn scroll it
        rows = self.query_one("#design-rows", OptionList)
        rows.highlighted = 0
        self.query_one("#design-name", Input).focus()  # a new unit starts with its name
        self.refresh_panel()

    # --- the design ------------------------------------------------------------
    def row_label(self, field: str) -> str:
        label, note = next((lab, n) for f, lab, n in ROWS if f == field)
        value = getattr(self.spec, field)
        shown = ("yes" if value else "no") if isinstance(value, bool) else str(value)
        return f"{label:<13}{shown:>3}  ({note})"

    def set_field(self, field: str, value) -> None:
        self.spec = attrs.evolve(self.spec, **{field: value})
        if field in dict((f, 0) for f, _, _ in ROWS):
            rows = self.query_one("#design-rows", OptionList)
            index = [f for f, _, _ in ROWS].index(field)
            rows.replace_option_prompt_at_index(index, Text(self.row_label(field)))
        self.refresh_panel()

    def refresh_panel(self) -> None:
        spec = self.spec
        health = f"Health {spec.max_health} (5 base + {spec.squares - 1} for {count(spec.squares, 'square')})"
        self.query_one("#design-cost", Static).update(f"Cost {count(spec.cost, 'point')}   {health}")
        problems = design_problems(spec)
        self.query_one("#design-problems", Static).set_class(not problems, "ok")
        self.query_one("#design-problems", Static).update(
            "Problems:\n" + "\n".join(f"  - {p}" for p in problems) if problems else "No problems: the design is legal.")
        self.query_one("#design-sheet", Static).update("\n".join(unit_lines(spec)) if spec.name else "")

    def on_input_changed(self, event: Input.Changed) -> None:
        field = (event.input.id or "").removeprefix("design-")
        if field in ("name", "description", "glyph") and getattr(self.spec, field) != event.value:
            self.set_field(field, event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.focus_next()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_change(1)

    def action_change(self, step: int) -> None:
        rows = self.query_one("#design-rows", OptionList)
        if self.focused is not rows or rows.highlighted is None:
            return
        field = ROWS[rows.highlighted][0]
        value = getattr(self.spec, field)
        if isinstance(value, bool):
            self.set_field(field, not value)
        else:
            self.set_field(field, max(0, value + step))

    def action_save(self) -> None:
        spec = attrs.evolve(self.spec, name=self.spec.name.strip(), description=self.spec.description.strip(),
                            points=self.spec.cost, health=self.spec.max_health)
        problems = [p for p in design_problems(spec) if not p.startswith("ridable:")] + unprintable(unit_data(spec))
        if problems:
            self.app.show_error("The unit cannot be saved yet", "\n".join(problems))
            return
        key, path = save_unit(spec, self.folder)
        self.notify(f"Saved {path.name}")
        self.dismiss((key, spec))

    def action_scroll_side(self, pages: int) -> None:
        side = self.query_one("#design-right")
        if pages > 0:
            side.scroll_page_down()
        else:
            side.scroll_page_up()

    def action_cancel(self) -> None:
        if self.spec == self.kept:
            self.dismiss(None)
            return
        from tui.dialogs.confirm import ConfirmDialog

        self.app.push_screen(ConfirmDialog("Leave the unit designer? This design is not saved (Ctrl+S saves it).",
                                           yes="Leave", no="Stay"),
                             lambda yes: self.dismiss(None) if yes else None)
