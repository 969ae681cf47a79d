"""The Skirmish app: settings, keymap, themes, the too-small guard and the entry point.

Screens live on one stack: the main menu at the bottom, then whatever the
player opened. `run()` is what the command line calls.
"""

from __future__ import annotations

import os
import pathlib
from typing import Any, Callable

from textual import events
from textual.app import App

from tui import keymap, settings as settings_mod, themes
from tui.dialogs.confirm import ConfirmDialog
from tui.dialogs.help import HelpDialog, rows_for
from tui.dialogs.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallDialog

# An AI seat: anything with choose(ruleset, state, side) -> action.
AiFactory = Callable[[str, int], Any]


def default_ai(level: str, seed: int) -> Any:
    from core.ai import Player

    return Player(level, seed)


class SkirmishApp(App[int]):
    """The whole game. `play` starts a battle at once; `replay` opens a replay file."""

    CSS_PATH = "app.tcss"
    ENABLE_COMMAND_PALETTE = False
    TITLE = "Skirmish"
    BINDINGS = [
        keymap.binding("app.help", "help"),
        keymap.binding("app.quit", "request_quit", priority=True),
    ]

    def __init__(
        self,
        saves_dir: pathlib.Path,
        play: dict | None = None,
        replay: pathlib.Path | None = None,
        config_dir: pathlib.Path | None = None,
        ai_factory: AiFactory = default_ai,
    ) -> None:
        super().__init__()
        self.saves_dir = pathlib.Path(saves_dir)
        self.config_dir = config_dir or settings_mod.config_dir()
        self.start_play = play
        self.start_replay = replay
        self.ai_factory = ai_factory
        self.settings, self.settings_problems = settings_mod.load(self.config_dir)
        self.keymap_problems: list[str] = []
        self.register_theme(themes.HIGH_CONTRAST)
        self.register_theme(themes.MONOCHROME)
        self.apply_settings(self.settings)

    # --- settings ----------------------------------------------------------
    def apply_settings(self, new: settings_mod.Settings) -> None:
        """Put settings in force: theme, animations and keymap (preset + keymap file)."""
        self.settings = new
        self.theme = themes.THEME_NAMES.get(new.theme, "textual-dark")
        if not os.environ.get("TEXTUAL_ANIMATIONS"):
            self.animation_level = "full" if new.animations else "none"
        overrides, self.keymap_problems = keymap.read_keymap_file(self.config_dir / settings_mod.KEYMAP_FILE)
        self.set_keymap(keymap.build_keymap(new.keymap_preset, overrides))
        if self.is_running:
            self.refresh_bindings()
            for screen in self.screen_stack:
                screen.refresh(recompose=False)
                for widget in screen.query("BattleMap"):
                    widget.side_styles = self.side_styles
                    widget.colour = new.theme != "monochrome"
                    widget.restyle()

    def save_settings(self, new: settings_mod.Settings) -> pathlib.Path:
        self.apply_settings(new)
        return settings_mod.save(new, self.config_dir)

    @property
    def side_styles(self) -> tuple[str, ...]:
        return themes.SIDE_COLOURS.get(self.settings.theme, themes.SIDE_COLOURS["dark"])

    # --- start-up ----------------------------------------------------------
    def on_mount(self) -> None:
        from tui.screens.menu import MainMenu

        self.push_screen(MainMenu())
        if self.start_play is not None:
            from tui.screens.new_battle import start_battle_from_options

            start_battle_from_options(self, self.start_play)
        elif self.start_replay is not None:
            from tui.screens.replay import open_replay

            open_replay(self, pathlib.Path(self.start_replay))
        self.check_size()

    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size.width, event.size.height)

    def check_size(self, w: int | None = None, h: int | None = None) -> None:
        """Show or remove the too-small notice; the screens underneath stay as they were."""
        if w is None or h is None:
            w, h = self.size
        small = w < MIN_WIDTH or h < MIN_HEIGHT
        on_top = isinstance(self.screen, TooSmallDialog)
        if small and not on_top:
            self.push_screen(TooSmallDialog())
        elif not small and on_top:
            self.pop_screen()

    # --- app-wide actions ----------------------------------------------------
    def action_help(self) -> None:
        screen = self.screen
        if isinstance(screen, (HelpDialog, TooSmallDialog)):
            return
        title = getattr(screen, "HELP_TITLE", type(screen).__name__)
        guide = getattr(screen, "help_guide", lambda: "")()
        self.push_screen(HelpDialog(title, rows_for(screen), guide))

    def action_request_quit(self) -> None:
        if isinstance(self.screen, (ConfirmDialog, TooSmallDialog)):
            return
        self.push_screen(ConfirmDialog("Quit Skirmish?", yes="Quit", no="Stay"), self._quit_answer)

    def _quit_answer(self, yes: bool | None) -> None:
        if yes:
            self.exit(0)

    def show_error(self, title: str, body: str) -> None:
        from tui.dialogs.message import MessageDialog

        self.push_screen(MessageDialog(title, body, error=True))


def run(
    saves_dir: pathlib.Path,
    mouse: bool = False,
    play: dict | None = None,
    replay: pathlib.Path | None = None,
) -> int:
    """Run the game until the player quits; returns the process exit code."""
    app = SkirmishApp(saves_dir, play=play, replay=replay)
    result = app.run(mouse=mouse)
    if app.return_code not in (None, 0):
        return int(app.return_code)
    return int(result or 0)
