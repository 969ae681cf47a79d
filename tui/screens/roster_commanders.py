"""The commanders roster: your commanders and the premade ones, their troops and level-ups.

Commanders come from the quiz (saved to your folder), from the premade files
under scenarios/commanders/commanders, or carried over from earlier battles
with their experience. Here a troop is recruited (tui/dialogs/roster_troop.py),
skill points are spent and waiting levels are taken with the choices
core.commanders.progression offers: the attribute curve, a free point, a
class change every 5 levels with its new unit and spell.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import attrs
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.widgets.panels import fit_name
from tui.widgets.list_sheet import ListSheetScreen, compose_list_sheet, list_sheet_css

from core.commanders import progression as prog
from core.commanders.ruleset import RULESET
from core.commanders.commander import Commander, load_commander, save_commander
from core.commanders.setup import commanders_dir
from core.commanders.sheet import commander_sheet
from core.content import display_path
from core.errors import ContentError, IllegalAction
from tui.screens.builder_files import list_files, player_folder, slug


@attrs.define
class RosterEntry:
    commander: Commander
    path: Path | None  # the file it came from
    mine: bool  # in the player's folder (saving writes there)
    changed: bool = False


class RosterScreen(ListSheetScreen):
    HELP_TITLE = "Commanders roster"
    SHEET_PREFIX = "roster"
    DEFAULT_CSS = list_sheet_css("roster", list_width=34, status_lines=3)
    BINDINGS = [
        Binding("t", "troop", "Troop", id="roster.troop"),
        Binding("l", "level_up", "Level up", id="roster.level"),
        Binding("k", "skill", "Skill point", id="roster.skill"),
        Binding("n", "rename", "Name", show=False, id="roster.name"),
        Binding("s", "save", "Save", id="roster.save"),
        Binding("p", "play", "Battle", id="roster.play"),
        Binding("u", "quiz", "Quiz", id="roster.quiz"),
        Binding("escape", "back", "Back", id="roster.back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[RosterEntry] = []
        self.from_quiz = False

    @property
    def folder(self) -> Path:
        return player_folder(self.app.saves_dir, "commanders", "commander")

    def help_guide(self) -> str:
        return ("Up/Down chooses a commander: yours first (from the quiz or saved), then the premade\n"
                "ones. t recruits the troop, k spends a skill point, l takes a waiting level (curve,\n"
                "free point or class change), n renames, s saves to your folder (a premade commander\n"
                "is saved as your own copy), p takes the commander into a battle, u opens the quiz.")

    def compose(self) -> ComposeResult:
        yield from compose_list_sheet("roster", Static("Commanders roster   (Y yours, P premade, + a level waiting, * not saved)", classes="screen-title"), "roster-sheet")

    def on_mount(self) -> None:
        self.reload()
        self.query_one("#roster-list", OptionList).focus()

    def on_screen_resume(self) -> None:
        if self.from_quiz:  # back from the quiz: a new commander may be in the folder
            self.from_quiz = False
            self.reload()

    def reload(self) -> None:
        entries: list[RosterEntry] = []
        problems: list[str] = []
        for mine, folder in ((True, self.folder), (False, commanders_dir())):
            for path in list_files(folder):
                try:
                    entries.append(RosterEntry(load_commander(path, RULESET.catalogue), path, mine))
                except ContentError as exc:
                    problems.append(str(exc))
        self.entries = entries
        self.redraw(0)
        if problems:
            self.query_one("#roster-status", Static).update("Not loaded: " + "; ".join(problems))

    # --- drawing -------------------------------------------------------------------
    def current(self) -> RosterEntry | None:
        options = self.query_one("#roster-list", OptionList)
        if not self.entries or options.highlighted is None:
            return None
        return self.entries[min(options.highlighted, len(self.entries) - 1)]

    def redraw(self, highlight: int | None = None) -> None:
        options = self.query_one("#roster-list", OptionList)
        old = options.highlighted if highlight is None else highlight
        options.clear_options()
        for i, e in enumerate(self.entries):
            c = e.commander
            mark = "*" if e.changed else " "
            waiting = " +" if prog.can_level_up(c) else ""
            # two lines, so neither the name nor the class is cut at the list's 34 columns
            label = f"{mark}{'Y' if e.mine else 'P'} {fit_name(c.name, 29)}\n   {c.class_name} L{c.level}{waiting}"
            options.add_option(Option(Text(label), id=str(i)))
        if self.entries:
            options.highlighted = min(max(0, old or 0), len(self.entries) - 1)
        self.show()

    def show(self) -> None:
        e = self.current()
        if e is None:
            self.query_one("#roster-sheet", Static).update("No commanders yet: press u for the quiz.")
            return
        c = e.commander
        lines = list(commander_sheet(c, RULESET.catalogue).lines)
        waiting = prog.levels_waiting(c)
        lines.insert(1, f"Levels waiting: {waiting} (l takes the next)" if waiting else
                     f"Next level at {prog.experience_for_level(c.level + 1)} experience")
        self.query_one("#roster-sheet", Static).update("\n".join(lines))
        problems = c.problems_with(RULESET.catalogue)
        status = "; ".join(f"{f}: {r}" for f, r in problems)
        if e.changed:
            status = (status + "\n" if status else "") + "Changed: s saves it to your folder."
        self.query_one("#roster-status", Static).update(status)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_troop()

    def change(self, commander: Commander) -> None:
        e = self.current()
        if e is not None:
            e.commander = commander
            e.changed = True
            self.redraw()

    # --- troop, skills, levels -----------------------------------------------------------
    def action_troop(self) -> None:
        from tui.dialogs.roster_troop import TroopDialog

        e = self.current()
        if e is not None:
            self.app.push_screen(TroopDialog(e.commander),
                                 lambda troop: troop is not None and self.change(attrs.evolve(e.commander, troop=troop)))

    def action_skill(self) -> None:
        from tui.dialogs.builder_pick import PickDialog

        e = self.current()
        if e is None:
            return
        cat = RULESET.catalogue
        options = prog.skill_options(e.commander, cat)
        if not options:
            self.notify(f"{e.commander.name} has no skill point to spend.")
            return
        entries = [(o.name, o.label, cat.skills[o.name].text[o.tier - 1]) for o in options]

        def spend(name: str | None) -> None:
            if name:
                self.change(prog.spend_skill_point(e.commander, name, cat))

        self.app.push_screen(PickDialog(f"Spend a skill point ({e.commander.skill_points} left)", entries), spend)

    def action_level_up(self) -> None:
        e = self.current()
        if e is None:
            return
        try:
            offer = prog.offer(e.commander, RULESET.catalogue)
        except IllegalAction as exc:
            self.notify(str(exc))
            return
        level_up_flow(self.app, e.commander, offer, self.change)

    # --- files and battle -----------------------------------------------------------------
    def action_rename(self) -> None:
        from tui.dialogs.builder_ask import AskDialog

        e = self.current()
        if e is not None:
            self.app.push_screen(AskDialog("Name of the commander", e.commander.name),
                                 lambda text: text and self.change(attrs.evolve(e.commander, name=text)))

    def action_save(self) -> Path | None:
        e = self.current()
        if e is None:
            return None
        stem = e.path.stem if e.path is not None else slug(e.commander.name)
        path = e.path if e.mine and e.path is not None else self.folder / f"{stem}.toml"
        if write_commander(self.app, e.commander, path) is None:
            return None
        self.notify(f"Saved {path.name}")
        e.changed = False
        if not e.mine:  # a premade commander saved as the player's own copy
            self.entries.insert(0, RosterEntry(e.commander, path, True))
            e.commander = load_commander(e.path, RULESET.catalogue) if e.path else e.commander
            self.redraw(0)
        else:
            self.redraw()
        return path

    def action_play(self) -> None:
        e = self.current()
        if e is not None:
            self.app.battle_with("commanders", e.commander, "commander", display_path(e.path) if e.path else "")

    def action_quiz(self) -> None:
        self.from_quiz = True
        self.app.open_builder("quiz")

    def action_back(self) -> None:
        self.dismiss(None)


def write_commander(app: Any, commander: Commander, path: Path) -> Path | None:
    """Save a commander file into the player's folder; a reason is shown (and None returned) if it cannot be."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        save_commander(commander, path, RULESET.catalogue)
    except (ContentError, OSError) as exc:
        app.show_error("The commander cannot be saved", str(exc))
        return None
    return path


def level_up_flow(app: Any, commander: Commander, offer: prog.LevelUpOffer, done: Callable[[Commander], None]) -> None:
    """Ask what the offer needs, one PickDialog at a time, then take the level."""
    from tui.dialogs.builder_pick import PickDialog

    about = "\n".join(offer.lines)
    title = f"Level {offer.level} for {commander.name}"

    def finish(choice: prog.LevelUpChoice) -> None:
        try:
            done(prog.level_up(commander, RULESET.catalogue, choice))
        except IllegalAction as exc:
            app.show_error("The level cannot be taken", str(exc))

    def ask(what: str, entries: list[tuple[str, str, str]], then: Callable[[str], None]) -> None:
        app.push_screen(PickDialog(f"{title}: {what}", entries), lambda key: key is not None and then(key))

    attributes = [(a, a.capitalize(), "") for a in ("offence", "armour", "willpower", "knowledge")]
    if offer.classes:
        def class_chosen(name: str) -> None:
            option = next(c for c in offer.classes if c.name == name)

            def unit_chosen(unit: str) -> None:
                if offer.spells:
                    ask("one spell to learn", [(s, s, "") for s in offer.spells],
                        lambda spell: finish(prog.LevelUpChoice(new_class=name, unit=unit, spell=spell)))
                else:
                    finish(prog.LevelUpChoice(new_class=name, unit=unit))

            if option.units:
                ask(f"the new unit {name} brings", [(u, u, "") for u in option.units], unit_chosen)
            else:
                unit_chosen("")

        ask("class change (every 5 levels)", [(c.name, c.name, f"new units: {', '.join(c.units) or 'none'}") for c in offer.classes],
            class_chosen)
    elif offer.curves:
        def curve_chosen(index: str) -> None:
            option = offer.curves[int(index)]
            if option.plan[0]:
                finish(prog.LevelUpChoice(curve=int(index)))
            else:
                ask("the free attribute point", attributes,
                    lambda a: finish(prog.LevelUpChoice(curve=int(index), attribute=a)))

        ask("the attribute curve for this class", [(str(i), o.label, about) for i, o in enumerate(offer.curves)], curve_chosen)
    elif offer.free_attributes:
        ask("the free attribute point", [(a, a.capitalize(), about) for a in offer.free_attributes],
            lambda a: finish(prog.LevelUpChoice(attribute=a)))
    else:
        ask("take the level", [("yes", "Take it", about)], lambda _: finish(prog.LevelUpChoice()))
