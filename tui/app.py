"""The Skirmish app: settings, keymap, themes, the too-small guard, navigation and the entry point.

Screens live on one stack: the main menu at the bottom, then whatever the
player opened. `run()` is what the command line calls.

Navigation: a screen that leads to another part of the game (a battle, a
builder, the builders' hub) asks the app (`app.open_battle`, `app.show_battle`,
`app.battle_with`, `app.open_builder`, `app.open_builders`, `app.build_army`),
and the app imports that screen's module when it is opened. Screens import only
the dialogs and sub-screens they own, so no screen imports one that leads back
to it (tests/test_import_cycles.py).
"""

from __future__ import annotations

import os
import pathlib
import time
from typing import Any, Callable

from textual import events
from textual.app import App

from tui import keymap, settings as settings_mod, spans, themes
from tui.dialogs.confirm import ConfirmDialog
from tui.dialogs.help import HelpDialog, rows_for
from tui.dialogs.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallDialog

# An AI seat: anything with choose(ruleset, state, side) -> action.
AiFactory = Callable[[str, int], Any]


def default_ai(level: str, seed: int) -> Any:
    from core.ai import Player

    return Player(level, seed)


class SkirmishApp(App[int]):
    """The whole game. `play` starts a battle at once; `replay` opens a replay file (a run file:
    the list of its battles, or battle `replay_battle` of it)."""

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
        replay_battle: int | None = None,
        ai_factory: AiFactory = default_ai,
        hosted: Any = None,
    ) -> None:
        super().__init__()
        spans.install()  # partial repaints write only the changed span of a line
        self.hosted = hosted  # hosted play: who is at this terminal (tui.host.session.Identity)
        self.saves_dir = pathlib.Path(saves_dir)
        self.config_dir = config_dir or settings_mod.config_dir()
        self.start_play = play
        self.start_replay = replay
        self.start_replay_battle = replay_battle
        self.ai_factory = ai_factory
        self.crashed: BaseException | None = None
        self._last_toast: tuple[tuple[str, str, Any], float] | None = None  # (what, until when) of the newest toast
        self.settings, self.settings_problems = settings_mod.load(self.config_dir)
        self.keymap_problems: list[str] = []
        self.register_theme(themes.HIGH_CONTRAST)
        self.register_theme(themes.MONOCHROME)
        self.apply_settings(self.settings)

    # --- notifications -----------------------------------------------------
    def notify(self, message: str, *, title: str = "", severity: Any = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """App.notify, but a message already on screen is not stacked again: a key pressed
        again and again ("Bear has nothing to do now.") would fill the side of an 80x24
        terminal with copies of one toast, over the panels."""
        shown = (message, title, severity)
        now = time.monotonic()
        if self._last_toast is not None and self._last_toast[0] == shown and now < self._last_toast[1]:
            return
        wait = self.NOTIFICATION_TIMEOUT if timeout is None else timeout
        self._last_toast = (shown, now + wait)
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

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

        self.clean_stale_temps()
        if self.hosted is not None:  # over SSH from `skirmish host`: the lobby is the first screen
            from tui.screens.lobby import LobbyScreen

            self.push_screen(LobbyScreen(self.hosted))
            self.check_size()
            return
        self.push_screen(MainMenu())
        if self.start_play is not None:
            from tui.screens.new_battle import start_battle_from_options

            start_battle_from_options(self, self.start_play)
        elif self.start_replay is not None:
            from core.runfile import is_run_file

            if is_run_file(self.start_replay):
                from tui.screens.run_replays import open_run

                open_run(self, pathlib.Path(self.start_replay), self.start_replay_battle)
            else:
                from tui.screens.replay import open_replay

                open_replay(self, pathlib.Path(self.start_replay))
        self.check_size()

    def clean_stale_temps(self) -> None:
        """Remove the temporary files that killed saves left in the saves folder and the
        player's folders (core.files.write_atomic); never stops the start."""
        from core.files import clean_stale_temps
        from tui.folders import player_root

        try:
            clean_stale_temps(self.saves_dir, player_root(self.saves_dir))
        except OSError:
            pass

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

    def _handle_exception(self, error: Exception) -> None:
        """A crash: keep every battle under way in its autosave, then let Textual end the app
        (exit code 1, the error on stderr)."""
        self.crashed = error
        try:
            self.autosave_battles()
        except Exception:  # the crash is what must be reported, not this
            pass
        super()._handle_exception(error)

    def autosave_battles(self) -> list[pathlib.Path]:
        """Autosave each battle on the screen stack (what a crash must not lose)."""
        from tui import saving
        from tui.screens.battle import BattleScreen

        written = []
        for screen in list(self.screen_stack):
            if isinstance(screen, BattleScreen):
                keep = getattr(screen, "crash_save", None)  # a run's battle keeps itself beside its run file
                path = keep() if keep is not None else saving.autosave(self, screen.match, screen.meta)
                if path is not None:
                    written.append(path)
        return written

    def back_to_menu(self) -> None:
        """Close every screen above the first one, the main menu or, over SSH, the lobby (what
        a finished battle's "Main menu" does, wherever the battle was opened from: New battle,
        Load, a replay, the lobby)."""
        while len(self.screen_stack) > 2 and not getattr(self.screen, "HOME_WORDS", None):
            self.pop_screen()

    @property
    def home_words(self) -> str:
        """How the screens name the first screen, where back_to_menu leads: "the main menu",
        or "the lobby" over SSH."""
        home = self.screen_stack[1] if len(self.screen_stack) > 1 else self.screen
        return getattr(home, "HOME_WORDS", "the main menu")

    def show_error(self, title: str, body: str) -> None:
        from tui.dialogs.message import MessageDialog

        self.push_screen(MessageDialog(title, body, error=True))

    # --- navigation: the app opens battles and builders (see the module's docstring) ---
    def open_battle(self, ruleset: Any, scenario: str, seed: int, opponent: str,
                    armies: dict[int, tuple[Any, str]] | None = None, failure: str = "", undo: str = "fair") -> None:
        """Build a battle of `scenario`, with `armies` ({side: (army, source)}) in place of the
        scenario's own, and push the battle screen; errors are shown, never raised."""
        from core.match import Match
        from tui import battles
        from tui.screens.battle import BattleScreen

        try:
            state = battles.first_state(ruleset, scenario, seed, armies)
        except Exception as exc:  # content errors name file and field; show them
            self.show_error(failure or f"Cannot start {ruleset.name} / {scenario}", str(exc))
            return
        sides = len(ruleset.side_names(state))
        meta = {"scenario": scenario, "seed": seed, "name": f"{ruleset.name}-{scenario}-{seed}",
                "armies": {side: army for side, (army, _source) in (armies or {}).items()}}  # a save records its setup
        try:
            screen = BattleScreen(Match(ruleset, state, undo), battles.seats_for(opponent, sides), meta)
        except ImportError as exc:  # this ruleset's battle screen is not installed
            self.show_error(f"No battle screen for {ruleset.name} yet", str(exc))
            return
        self.push_screen(screen)

    def show_battle(self, match: Any, seats: dict[Any, str], meta: dict[str, Any]) -> None:
        """Push the battle screen on a battle already under way (a loaded save, a replay taken over)."""
        from tui.screens.battle import BattleScreen

        self.push_screen(BattleScreen(match, seats, meta))

    def battle_with(self, ruleset_name: str, army: Any, what: str, source: str = "") -> None:
        """Ask for a scenario and an opponent, then open the battle with `army` on side 1.

        Whether the army fits is the ruleset's `with_army` rule (the same one New
        battle's armies step uses); a misfit is listed with its reasons. `source`
        names the army in those reasons (its file, else its name).
        """
        from core import registry
        from tui import battles
        from tui.dialogs.builder_pick import PickDialog

        ruleset = registry.get(ruleset_name)
        scenarios, refused = battles.scenarios_for(ruleset, army, what, source)

        def opponent_chosen(scenario: str, opponent: str | None) -> None:
            if opponent is not None:
                self.open_battle(ruleset, scenario, battles.fresh_seed(), opponent, {0: (army, source)},
                                 failure=f"Cannot start {ruleset.name} / {scenario} with this army")

        def scenario_chosen(scenario: str | None) -> None:
            if scenario is None:
                return
            self.push_screen(
                PickDialog("Who plays side 2?", [(k, t, "") for k, t in battles.OPPONENTS]),
                lambda opponent: opponent_chosen(scenario, opponent),
            )

        self.push_screen(PickDialog(f"Battle with your {what}: choose a scenario", scenarios, refused=refused),
                         scenario_chosen)

    def open_builders(self, only: str | None = None, done: Callable[[Any], None] | None = None) -> None:
        """The builders' hub: every plug-in's builders, or only ruleset `only`'s when it has some."""
        from tui.screens.builders import BuildersScreen

        self.push_screen(BuildersScreen(only=only), done)

    def open_builder(self, key: str, done: Callable[[Any], None] | None = None) -> None:
        """Push the builder called `key` (a tui.rulesets.Builder's key); `done` runs when the player leaves it."""
        from tui import rulesets

        self.push_screen(rulesets.builder(key).screen(), done)

    def build_army(self, ruleset_name: str, done: Callable[[Any], None] | None = None) -> None:
        """Where New battle's "Build a new ..." leads: the ruleset's one builder, or the hub of its several."""
        from tui import rulesets

        builders = rulesets.get(ruleset_name).builders
        if len(builders) == 1:
            self.open_builder(builders[0].key, done)
        else:
            self.open_builders(only=ruleset_name, done=done)


def run(
    saves_dir: pathlib.Path,
    mouse: bool = False,
    play: dict | None = None,
    replay: pathlib.Path | None = None,
    replay_battle: int | None = None,
) -> int:
    """Run the game until the player quits; returns the process exit code."""
    import sys

    app = SkirmishApp(saves_dir, play=play, replay=replay, replay_battle=replay_battle)
    result = app.run(mouse=mouse)
    if app.crashed is not None:  # Textual printed the traceback; a last line says what it was
        print(f"skirmish: the game stopped on an error: {type(app.crashed).__name__}: {app.crashed}", file=sys.stderr)
        return int(app.return_code or 1)
    if app.return_code not in (None, 0):
        return int(app.return_code)
    return int(result or 0)
