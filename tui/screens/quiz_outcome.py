"""The quiz result: the commander, which answer shaped what, the choices left, name and save.

core.commanders.quiz_result.assess decides everything; this screen shows the
commander sheet and the explanation, lets the player pick among the options
the quiz leaves open (the class after question 2 D, the extra unit after 2 A,
the extra spell after 2 C, a class skill where the class offers a choice),
name the commander, save it to the roster and take it into a battle.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from core.commanders import quiz as q
from core.commanders.ruleset import RULESET
from core.commanders.commander import save_commander
from core.commanders.sheet import commander_sheet
from core.errors import ContentError, IllegalAction
from tui.screens.builder_files import player_folder, slug
from tui.widgets.footer import Footer
from tui.widgets.menu_list import AnySizeOptionList


class QuizOutcomeScreen(Screen[bool]):
    """Dismisses with True to go back to the questions, False when done."""

    HELP_TITLE = "Your commander"
    DEFAULT_CSS = """
    #outcome-title { height: 1; }
    #outcome-layout { height: 1fr; }
    #outcome-choices { width: 30; height: 1fr; }
    #outcome-side { width: 1fr; height: 1fr; padding: 0 1; }
    #outcome-why { color: $text-muted; padding-top: 1; }
    """
    BINDINGS = [
        Binding("n", "rename", "Name", id="outcome.name"),
        Binding("s", "save", "Save to roster", id="outcome.save"),
        Binding("p", "play", "Battle", id="outcome.play"),
        Binding("backspace", "questions", "Change answers", id="outcome.back"),
        Binding("pagedown", "scroll_side(1)", "Scroll sheet", show=False, priority=True, id="quiz_outcome.page_down"),
        Binding("pageup", "scroll_side(-1)", "Scroll sheet back", show=False, priority=True, id="quiz_outcome.page_up"),
        Binding("escape", "done", "Done", id="outcome.done"),
    ]

    def __init__(self, replies: q.Replies) -> None:
        super().__init__()
        self.replies = replies
        self.picks: dict[str, str] = {"name": "Commander"}
        self.outcome = RULESET.quiz_outcome(replies, **self.picks)
        self.saved_path: Path | None = None

    def help_guide(self) -> str:
        return ("The right side is your commander and, below it, which answer shaped what.\n"
                "The list on the left holds the choices the quiz leaves to you: Enter changes the\n"
                "highlighted one. n names the commander, s saves it to your roster (a commander file\n"
                "`skirmish check` reads), p takes it into a battle, Backspace returns to the questions.\n"
                "PgDn and PgUp scroll the sheet and the explanation.")

    def compose(self) -> ComposeResult:
        yield Static("Your commander", id="outcome-title", classes="screen-title")
        with Horizontal(id="outcome-layout"):
            yield AnySizeOptionList(id="outcome-choices")
            with VerticalScroll(id="outcome-side"):
                yield Static("", id="outcome-sheet", markup=False)
                yield Static("", id="outcome-why", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#outcome-side").can_focus = False  # PgUp/PgDn scroll it from the list
        self.redraw()
        self.query_one("#outcome-choices", OptionList).focus()

    # --- the choices ------------------------------------------------------------------
    def choices(self) -> list[tuple[str, str, tuple[str, ...]]]:
        """(pick key, label, options) for every choice still open, plus the actions."""
        o = self.outcome
        c = o.commander
        rows: list[tuple[str, str, tuple[str, ...]]] = [("name", f"Name: {c.name}", ())]
        if len(o.class_options) > 1:
            rows.append(("class_name", f"Class: {c.class_name} (of {len(o.class_options)})", o.class_options))
        if o.unit_options:
            rows.append(("unit", f"Extra unit: {self.picks.get('unit') or o.unit_options[0]}", o.unit_options))
        if o.spell_options:
            rows.append(("spell", f"Extra spell: {self.picks.get('spell') or o.spell_options[0]}", o.spell_options))
        for group in o.class_skill_options:
            have = next((s for s in group if c.skill_tier(s)), group[0])
            rows.append(("class_skill", f"Class skill: {have}", group))
        rows += [("save", "Save to the roster", ()), ("play", "Battle with this commander", ()),
                 ("questions", "Back to the questions", ())]
        return rows

    def redraw(self) -> None:
        o = self.outcome
        options = self.query_one("#outcome-choices", OptionList)
        old = options.highlighted
        options.clear_options()
        options.add_options(Option(Text(label), id=str(i)) for i, (_, label, _) in enumerate(self.choices()))
        options.highlighted = old if old is not None and old < options.option_count else 0
        sheet = commander_sheet(o.commander, RULESET.catalogue)
        where = f"\nSaved as {self.saved_path}" if self.saved_path else ""
        self.query_one("#outcome-sheet", Static).update("\n".join(sheet.lines) + where)
        self.query_one("#outcome-why", Static).update("How your answers shaped it:\n" + "\n".join(f"  {line}" for line in o.explanation))

    def pick(self, key: str, value: str) -> None:
        picks = dict(self.picks, **{key: value})
        try:
            self.outcome = RULESET.quiz_outcome(self.replies, **picks)
        except IllegalAction as exc:
            self.notify(str(exc), severity="warning")
            return
        self.picks = picks
        self.redraw()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        from tui.dialogs.builder_pick import PickDialog

        key, label, options = self.choices()[int(event.option.id or 0)]
        if key == "name":
            self.action_rename()
        elif key in ("save", "play", "questions"):
            getattr(self, f"action_{key}")()
        elif options:
            self.app.push_screen(
                PickDialog(label.split(":")[0], [(x, x, self.describe(key, x)) for x in options]),
                lambda value: value and self.pick(key, value),
            )

    def describe(self, key: str, value: str) -> str:
        cat = RULESET.catalogue
        if key == "class_name":
            cls = cat.classes[value]
            return f"{cls.title}; units {', '.join(cls.units)}; attack/defence {cls.attack}/{cls.defence}, move {cls.move}"
        if key == "unit":
            u = cat.units[value]
            return f"attack {u.attack}, defence {u.defence}, move {u.move} [{', '.join(u.tags)}]"
        if key == "spell":
            return f"{cat.spells[value].school} spell"
        if key == "class_skill":
            return "; ".join(cat.skills[value].text)
        return ""

    # --- actions ------------------------------------------------------------------------
    def action_rename(self) -> None:
        from tui.dialogs.builder_ask import AskDialog

        self.app.push_screen(AskDialog("Name your commander", self.outcome.commander.name),
                             lambda text: text and self.pick("name", text))

    def action_save(self) -> Path | None:
        folder = player_folder(self.app.saves_dir, "commanders", "commander")
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{slug(self.outcome.commander.name)}.toml"
        try:
            save_commander(self.outcome.commander, path, RULESET.catalogue)
        except ContentError as exc:
            self.app.show_error("The commander cannot be saved", str(exc))
            return None
        self.saved_path = path
        self.notify(f"Saved {path.name} to your roster")
        self.redraw()
        return path

    def action_play(self) -> None:
        self.app.battle_with("commanders", self.outcome.commander, "commander")

    def action_questions(self) -> None:
        self.dismiss(True)

    def action_scroll_side(self, pages: int) -> None:
        """PgDn/PgUp scroll the sheet on the right, whatever has the focus."""
        side = self.query_one("#outcome-side")
        if pages > 0:
            side.scroll_page_down()
        else:
            side.scroll_page_up()

    def action_done(self) -> None:
        """Esc: leave the quiz; a commander not saved to the roster is lost, so it asks first."""
        if self.saved_path is not None:
            self.dismiss(False)
            return
        from tui.dialogs.confirm import ConfirmDialog

        self.app.push_screen(
            ConfirmDialog(f"Leave without saving {self.outcome.commander.name}? The quiz's answers will be lost "
                          "(s saves the commander to your roster).", yes="Leave", no="Stay"),
            lambda yes: self.dismiss(False) if yes else None)
