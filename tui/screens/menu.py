"""The main menu: the first screen, and the one every other screen returns to."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.widgets.footer import Footer
from tui.widgets.menu_list import MenuList
from tui import keymap
from tui.folders import run_files

BANNER = "S K I R M I S H"
ENTRIES: tuple[tuple[str, str], ...] = (
    ("new", "New battle"),
    ("continue", "Continue (latest autosave)"),
    ("run", "New run"),
    ("load", "Load a saved battle"),
    ("replays", "Replays"),
    ("builder", "Army builder"),
    ("quiz", "Commander quiz"),
    ("rules", "Rules"),
    ("options", "Options"),
    ("quit", "Quit"),
)


#: Seconds from the menu's mount to importing the Markdown parser (`warm_markdown`).
WARM_AFTER = 1.0


def warm_markdown() -> None:
    import rich.markdown  # noqa: F401


class MainMenu(Screen[None]):
    HELP_TITLE = "Main menu"
    #: The screen "back to the menu" returns to, named as the end screen says it.
    HOME_WORDS = "the main menu"
    BINDINGS = [keymap.binding("menu.quit", "quit_game")]

    def help_guide(self) -> str:
        return (
            "Up/Down (or Home/End) picks an entry, Enter opens it; Esc goes back anywhere.\n"
            "Skirmish hosts three rule systems: statwar (squares, point-buy units),\n"
            "ninja (hexes, sealed simultaneous orders) and commanders (squares,\n"
            "initiative, spells). New to the game? Rules opens on How to play, a page for\n"
            "each ruleset. Then start with New battle."
        )

    def compose(self) -> ComposeResult:
        with Vertical(id="menu-box"):
            yield Static(BANNER, id="menu-banner")
            yield Static("tactics in the terminal: statwar, ninja, commanders", id="menu-sub")
            with Center():
                yield MenuList(*(Option(label, id=key) for key, label in self.entries()), id="menu-list")
        yield Footer()

    def entries(self) -> list[tuple[str, str]]:
        """ENTRIES, with "Continue run" under "New run" while a run file is waiting."""
        out = list(ENTRIES)
        if not run_files(self.app.saves_dir):  # reading run files loads the rules: only when there are some
            return out
        from tui.runs import waiting

        found = waiting(self.app.saves_dir)
        if found:
            label = found[0].label if len(found) == 1 else f"Continue run ({len(found)} runs waiting)"
            out.insert([key for key, _ in out].index("run") + 1, ("run_continue", label))
        return out

    def on_screen_resume(self) -> None:
        """A run may have begun or ended meanwhile: Continue run comes and goes with its file."""
        menu = self.query_one("#menu-list", MenuList)
        shown = [(menu.get_option_at_index(i).id, str(menu.get_option_at_index(i).prompt)) for i in range(menu.option_count)]
        entries = self.entries()
        if shown != entries:
            current = menu.highlighted
            menu.clear_options()
            menu.add_options([Option(label, id=key) for key, label in entries])
            menu.highlighted = min(current or 0, menu.option_count - 1)

    def on_mount(self) -> None:
        # the Markdown parser takes a third of a second to import: done while the player reads
        # the menu, so the Rules screen's first page shows as it opens; begun a while after the
        # menu is drawn, so neither the first frame nor the first keys share the processor with it
        self.schedule_warm_up(WARM_AFTER)

    def schedule_warm_up(self, delay: float) -> None:
        """Import the Markdown parser in a thread `delay` seconds from now. The timer and the
        worker are the app's, not the menu's: a timer's tick and a worker's state changes go
        to the node that made them, and a screen under the current one that handles a message
        has the current screen repainted whole at its next update (a battle opened within the
        second, `skirmish play` straight from the shell, was drawn again at its first moves)."""
        self.app.set_timer(delay, lambda: self.app.run_worker(warm_markdown, thread=True, group="warm"))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.open_entry(event.option.id or "")

    def open_entry(self, key: str) -> None:
        app = self.app
        if key == "quit":
            self.action_quit_game()
        elif key == "rules":
            from tui.screens.rules import RulesScreen

            app.push_screen(RulesScreen())
        elif key == "options":
            from tui.screens.options import OptionsScreen

            app.push_screen(OptionsScreen())
        elif key in ("builder", "quiz"):
            if key == "quiz":
                app.open_builder("quiz")
            else:
                app.open_builders()
        elif key == "new":
            from tui.screens.new_battle import NewBattleScreen

            app.push_screen(NewBattleScreen())
        elif key in ("run", "run_continue"):
            from tui.screens.run import continue_run, new_run

            (new_run if key == "run" else continue_run)(app)
        elif key == "continue":
            from tui.screens.saves import continue_latest

            continue_latest(app)
        elif key in ("load", "replays"):
            from tui.screens.saves import SavesScreen

            app.push_screen(SavesScreen(replays=key == "replays"))

    def action_quit_game(self) -> None:
        self.app.action_request_quit()
