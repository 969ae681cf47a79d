"""Options: keymap preset, theme, animations and playback pace, saved to the settings file at once."""

from __future__ import annotations

import dataclasses

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.widgets.footer import Footer
from tui.widgets.menu_list import MenuList
from tui import keymap, settings as settings_mod

CHOICES: tuple[tuple[str, str, tuple], ...] = (
    ("keymap_preset", "Movement keys", settings_mod.PRESETS),
    ("theme", "Theme", settings_mod.THEMES),
    ("animations", "Animations", (True, False)),
    ("playback", "Playback", settings_mod.PACES),
)
PRESET_TEXT = {
    "vi": "h j k l, y u b n diagonals (and arrows)",
    "arrows": "arrows, Home PgUp End PgDn diagonals",
    "numpad": "keypad digits 1-9 (and arrows)",
}

PLAYBACK_TEXT = {"playback": "  (events shown on the map; any key skips)"}


class OptionsScreen(Screen[None]):
    HELP_TITLE = "Options"
    BINDINGS = [
        keymap.binding("menu.back", "back"),
        keymap.binding("menu.quit", "back"),
        Binding("right,l", "cycle(1)", "Next value", id="options.next"),
        Binding("left,h", "cycle(-1)", "Previous value", id="options.previous"),
    ]

    def help_guide(self) -> str:
        return (
            "Up/Down picks a setting, Enter or Right changes it, Left changes it back.\n"
            "Changes apply and are saved at once."
        )

    def compose(self) -> ComposeResult:
        with Vertical(id="options-box"):
            yield Static("Options", classes="screen-title")
            yield MenuList(id="options-list")
            yield Static(id="options-notes", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_rows()

    def refresh_rows(self) -> None:
        s = self.app.settings
        rows = []
        for field, label, _ in CHOICES:
            value = getattr(s, field)
            shown = ("on" if value else "off") if isinstance(value, bool) else str(value)
            extra = f"  ({PRESET_TEXT[value]})" if field == "keymap_preset" else PLAYBACK_TEXT.get(field, "")
            rows.append(Option(f"{label:<14} < {shown} >{extra}", id=field))
        option_list = self.query_one("#options-list", OptionList)
        highlighted = option_list.highlighted or 0
        option_list.clear_options()
        option_list.add_options(rows)
        option_list.highlighted = highlighted
        folder = self.app.config_dir
        notes = [
            f"Settings file: {folder / settings_mod.SETTINGS_FILE}",
            f"Keymap file:   {folder / settings_mod.KEYMAP_FILE} "
            + ("(in use)" if (folder / settings_mod.KEYMAP_FILE).exists() else "(not present)"),
            "  A keymap file remaps any key, e.g.  [battle]  undo = \"z,ctrl+z\"",
        ]
        notes += self.app.settings_problems + self.app.keymap_problems
        self.query_one("#options-notes", Static).update("\n".join(notes))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_cycle(1)

    def action_cycle(self, step: int) -> None:
        option_list = self.query_one("#options-list", OptionList)
        index = option_list.highlighted
        if index is None:
            return
        field, _, values = CHOICES[index]
        current = getattr(self.app.settings, field)
        new_value = values[(values.index(current) + step) % len(values)]
        self.app.save_settings(dataclasses.replace(self.app.settings, **{field: new_value}))
        self.refresh_rows()

    def action_back(self) -> None:
        self.dismiss(None)
