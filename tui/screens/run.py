"""A run's screens: New run, the run map, the camp and the run's end (docs/RULES.md, "Runs").

The run itself is core.run; these screens show it and take the player's steps,
each written at once to the run's file (tui.runs). The run map sits on the main
menu; a battle (tui.screens.run_battle) and the camp open on top of it and come
back to it; the end replaces it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from core import registry, run as runs
from core.words import count
from core.errors import ContentError, IllegalAction, SaveError
from tui import runs as run_files
from tui.widgets.footer import Footer
from tui.widgets.menu_list import MenuList

#: A node's kind as one letter on the run map (readable without colour).
KIND_LETTERS = {"battle": "B", "elite": "E", "camp": "C", "event": "?", "final": "F"}
MAP_LEGEND = "B battle E elite C camp ? event F final | @ here * been > next · out of reach"
FIGHT_WORDS = {"battle": "the battle", "elite": "the elite battle", "final": "the final battle"}
RUN_CSS = """
.run-title { text-style: bold; color: $primary; padding: 0 1; height: 1; }
.run-map { padding: 0 1; height: auto; }
.run-body { height: 1fr; }
.run-left { width: 1fr; padding: 0 1; }
.run-heading { text-style: bold; height: 1; }
.run-list { height: auto; max-height: 8; }
.run-about { height: auto; color: $text-muted; }
.run-warband { width: 38; padding: 0 1; border-left: vkey $primary; }
#camp-choices { max-height: 16; }
#camp-warband { width: 30; }
"""


# --- words -------------------------------------------------------------------------------------
def map_lines(run: runs.Run) -> list[str]:
    """The node map as text, a column a layer and a row a lane: each node its kind's letter
    after a mark of where the run stands (MAP_LEGEND)."""
    nodes = run.nodes
    reach = runs.ahead(run)
    choices = set(runs.options_nodes(run))
    lanes = max(len(nodes.layer(d)) for d in range(nodes.depth))
    lines = ["Layer " + "".join(f"{d + 1:>3}" for d in range(nodes.depth))]
    for lane in range(lanes):
        row = []
        for d in range(nodes.depth):
            layer = nodes.layer(d)
            if lane >= len(layer):
                row.append("   ")
                continue
            node = layer[lane]
            if node.id == run.at:
                mark = "@"
            elif node.id in run.path:
                mark = "*"
            elif node.id in choices:
                mark = ">"
            elif node.id in reach:
                mark = " "
            else:
                mark = "·"
            row.append(f" {mark}{KIND_LETTERS[node.kind]}")
        lines.append("      " + "".join(row))
    return lines


def warband_lines(run: runs.Run) -> list[str]:
    """The warband, its points and its fallen, in the words of the run's ruleset."""
    hooks = runs.hooks_for(run.ruleset)
    lines = [f"Warband: {count(len(run.members), 'unit')}", f"Points to spend: {run.points}"]
    if run.config.retreats:
        lines.append(f"Retreats left: {run.retreats_left} of {run.config.retreats}")
    lines.append("")
    for member in run.members:
        health = count(member.wounds, 'wound') if member.wounds else "unhurt"
        lines.append(f"{member.name}: {health}, {count(member.battles, 'battle')}")
        lines.append(f"  {hooks.describe(member)}")
    if run.fallen:
        lines += ["", "Fallen: " + ", ".join(f"{m.name} ({m.fell})" for m in run.fallen)]
    return lines


def node_about(run: runs.Run, node_id: int) -> str:
    """What waits at a node, as much as the player may know before going there."""
    node = run.nodes.nodes[node_id]
    where = f"Layer {node.depth + 1} of {run.nodes.depth}, row {node.lane + 1}: {run_files.KIND_WORDS[node.kind]}."
    if node.kind in ("battle", "elite", "final"):
        found = runs.encounter_at(run, node_id)
        bounds = registry.get(run.ruleset).generation()
        width, height = run.config.size
        text = (f"{where}\nOpponent: {bounds.budget_word} {found.budget}, AI {found.ai}; "
                f"battlefield {width}x{height}.")
        reward = {"battle": run.config.reward_battle, "elite": run.config.reward_elite}.get(node.kind, 0)
        text += f" A win earns {reward} points." if reward else " Win it and the run is won."
        text += " " + loss_words(run, node.kind)
    elif node.kind == "camp":
        prices = ", ".join(f"{k} {v}" for k, v in sorted(run.config.prices.items()))
        text = f"{where}\nRest (heals {run.config.heal_percent}% of every wound), then buy with points ({prices})."
    else:
        text = f"{where}\nSomething happens on the way: it may bring points, healing or nothing."
    if node.next:
        text += "\nLeads to: " + ", ".join(run_files.KIND_WORDS[run.nodes.nodes[n].kind] for n in node.next) + "."
    return text


def loss_words(run: runs.Run, kind: str) -> str:
    """What losing the battle at a node of `kind` costs, as the run stands (docs/RULES.md, "Runs")."""
    if kind == "final" or not run.retreats_left:
        return "A loss ends the run."
    hooks = runs.hooks_for(run.ruleset)
    vital = [m.name for m in run.members if hooks.fatal(m)]
    carried = f", carrying {' and '.join(vital)} off the field" if vital else ""
    return f"A loss: the warband falls back{carried} ({count(run.retreats_left, 'retreat')} left)."


def title_line(run: runs.Run, where: str) -> str:
    return f"Run: {run.ruleset}, seed {run.seed}  |  {where}  |  {run.points} points"


# --- New run and Continue run ---------------------------------------------------------------------
def new_run(app: Any) -> None:
    """Ask for a ruleset and a seed, then open the new run's map."""
    from tui.dialogs.builder_pick import PickDialog

    names = run_files.ruleset_names()
    entries = []
    for name in names:
        config = run_files.config_for(name)
        entries.append((name, registry.get(name).title,
                        f"{config.depth[0]} to {config.depth[1]} layers of battles, camps and events; "
                        f"one warband, and the dead stay dead."))

    def ruleset_chosen(name: str | None) -> None:
        if name is None:
            return
        choices = run_files.seed_choices()
        makers = {key: maker for key, _, _, maker in choices}

        def seed_kind(key: str | None) -> None:
            if key is None:
                return
            seed = makers[key]()
            if seed is None:
                ask_seed(app, name)
            else:
                begin(app, name, seed)

        app.push_screen(PickDialog(f"A {name} run: which seed?", [(k, label, about) for k, label, about, _ in choices]),
                        seed_kind)

    app.push_screen(PickDialog("New run: choose a ruleset", entries), ruleset_chosen)


def ask_seed(app: Any, ruleset: str) -> None:
    from tui.dialogs.builder_ask import AskDialog

    def typed(text: str | None) -> None:
        if text is None:
            return
        problem = run_files.seed_problem(text)
        if problem is not None:
            app.show_error("Not a seed", problem)
            return
        begin(app, ruleset, int(text.strip()))

    app.push_screen(AskDialog("The run's seed (a whole number)", number=True), typed)


def begin(app: Any, ruleset: str, seed: int) -> None:
    """Start the run, asking first when a run of the same ruleset and seed is waiting."""
    from tui.dialogs.confirm import ConfirmDialog

    path = run_files.runs_folder(app.saves_dir) / f"run-{ruleset}-{seed}.json"

    def go(yes: bool | None = True) -> None:
        if not yes:
            return
        from tui.saving import now_text

        try:
            session = run_files.start(app.saves_dir, ruleset, seed, now_text())
        except (ContentError, OSError) as exc:
            app.show_error(f"Cannot start a {ruleset} run", str(exc))
            return
        app.push_screen(RunMapScreen(session))

    if path.exists():
        app.push_screen(ConfirmDialog(f"A {ruleset} run with seed {seed} is waiting. Start it again from the beginning?",
                                      yes="Start again", no="Keep it"), go)
    else:
        go()


def continue_run(app: Any) -> None:
    """Continue the run waiting in the saves folder (or pick one of several)."""
    from tui.dialogs.builder_pick import PickDialog

    found = run_files.waiting(app.saves_dir)
    if not found:
        app.show_error("No run to continue", "No run file is waiting in the saves folder's runs/.")
        return
    if len(found) == 1:
        resume(app, found[0].path)
        return
    entries = [(str(w.path), w.label.removeprefix("Continue run "), str(w.path.name)) for w in found]
    app.push_screen(PickDialog("Continue which run?", entries), lambda key: resume(app, Path(key)) if key else None)


def resume(app: Any, path: Path) -> None:
    try:
        session = run_files.resume(path)
    except SaveError as exc:
        app.show_error("Cannot continue this run", f"{exc}\nThe file stays where it is: {path}")
        return
    app.push_screen(RunMapScreen(session))


# --- the run's screens -------------------------------------------------------------------------
class RunScreen(Screen):
    """A screen of a run being played: its session (the run and its file), and the run's look."""

    DEFAULT_CSS = RUN_CSS

    def __init__(self, session: run_files.RunSession) -> None:
        super().__init__()
        self.session = session

    @property
    def run(self) -> runs.Run:
        return self.session.run

    def choose(self, key: str) -> bool:
        """Take the choice `key` and write the run at once; False (and why, said) when the run
        refuses it. A failed write is said and the run goes on: the next step writes again."""
        try:
            self.session.step(runs.choose(self.run, key))
        except IllegalAction as exc:
            self.notify(exc.reason, severity="warning")
            return False
        except OSError as exc:
            self.app.show_error("Could not write the run file", str(exc))
        return True


# --- the run map ----------------------------------------------------------------------------------
class RunMapScreen(RunScreen):
    """The path so far and the choices ahead; a battle, the camp or the end follows a choice."""

    HELP_TITLE = "Run map"
    BINDINGS = [
        Binding("q,escape", "leave", "Leave (run kept)", id="run.leave"),
        Binding("question_mark", "app.help", "Help", id="run.help"),
    ]

    def help_guide(self) -> str:
        return (
            "A run is one warband's road through a map of layers, left to right: battles (B),\n"
            "elite battles (E, stronger opponents, more points), camps (C: rest, recruit,\n"
            "promote), events (?) and the final battle (F). Up/Down (or j/k) picks one of the\n"
            "next nodes (marked >), Enter goes there. The map marks where you are @ and\n"
            "where you have been *. Units that fall stay dead; wounds heal at camps. A win\n"
            "earns points to spend at camps. A loss ends the run unless the warband has a\n"
            "retreat left (Commanders): the panel on the right counts them, and each\n"
            "battle's line below the list says what a loss there would cost.\n"
            "The run is saved after every step: q leaves it,\n"
            "and Continue run on the main menu picks it up where you left it.\n\n" + MAP_LEGEND
        )

    def compose(self) -> ComposeResult:
        yield Static("", id="run-title", classes="run-title", markup=False)
        yield Static("", id="run-map", classes="run-map", markup=False)
        with Horizontal(classes="run-body"):
            with Vertical(classes="run-left"):
                yield Static("", id="run-heading", classes="run-heading", markup=False)
                yield MenuList(id="run-choices", classes="run-list")
                yield Static("", id="run-about", classes="run-about", markup=False)
            with VerticalScroll(id="run-warband", classes="run-warband"):
                yield Static("", id="run-warband-text", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.show()
        self.call_after_refresh(self.proceed)

    def show(self) -> None:
        run = self.run
        node = run.node
        where = "at the start" if node is None else f"layer {node.depth + 1} of {run.nodes.depth}"
        self.query_one("#run-title", Static).update(title_line(run, where))
        self.query_one("#run-map", Static).update("\n".join(map_lines(run) + [MAP_LEGEND]))
        self.query_one("#run-warband-text", Static).update("\n".join(warband_lines(run)))
        choices = self.query_one("#run-choices", MenuList)
        choices.clear_options()
        if run.stage == "choose":
            self.query_one("#run-heading", Static).update("Where next?")
            for i in runs.options_nodes(run):
                n = run.nodes.nodes[i]
                choices.add_option(Option(Text(f"{run_files.KIND_WORDS[n.kind].capitalize()} (layer {n.depth + 1}, row {n.lane + 1})"), id=str(i)))
        elif run.stage == "battle" and node is not None:
            self.query_one("#run-heading", Static).update("A battle waits.")
            choices.add_option(Option(Text(f"Fight {FIGHT_WORDS[node.kind]} of layer {node.depth + 1}"), id="fight"))
        elif run.stage == "camp":
            self.query_one("#run-heading", Static).update("The warband is in camp.")
            choices.add_option(Option(Text("Back to the camp"), id="camp"))
        if choices.option_count:
            choices.highlighted = 0
        choices.focus()
        self.show_about()

    def show_about(self, key: str | None = None) -> None:
        choices = self.query_one("#run-choices", MenuList)
        if key is None and choices.highlighted is not None:
            key = choices.get_option_at_index(choices.highlighted).id
        if key is not None and key.isdigit():
            text = node_about(self.run, int(key))
        elif self.run.node is not None:
            text = node_about(self.run, self.run.node.id)
        else:
            text = ""
        self.query_one("#run-about", Static).update(text)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show_about(event.option.id)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        key = event.option.id or ""
        if key == "fight":
            self.open_battle()
        elif key == "camp":
            self.open_camp()
        elif key.isdigit():
            self.go(key)

    def go(self, key: str) -> None:
        """Take the next node: write the run, then open what waits there."""
        if not self.choose(key):
            return
        self.show()
        node = self.run.node
        if node is not None and node.kind == "event":
            from tui.dialogs.message import MessageDialog

            self.app.push_screen(MessageDialog("On the way", self.run.log[-1]))
            return
        self.proceed()

    def proceed(self) -> None:
        """Open what the run's stage waits for: a battle, the camp, or the end."""
        if not self.is_current:
            return
        if self.run.stage == "battle":
            self.open_battle()
        elif self.run.stage == "camp":
            self.open_camp()
        elif self.run.over:
            self.app.switch_screen(RunEndScreen(self.session))

    def open_battle(self) -> None:
        from tui.screens.run_battle import battle_screen

        try:
            screen, problem = battle_screen(self.session)
        except Exception as exc:  # content errors name file and field; shown, never raised
            self.app.show_error("Cannot start this battle", str(exc))
            return
        self.app.push_screen(screen, self.after_battle)
        if problem:
            self.notify(problem, severity="warning")

    def after_battle(self, recorded: bool | None) -> None:
        self.show()
        if recorded:
            self.call_after_refresh(self.proceed)

    def open_camp(self) -> None:
        self.app.push_screen(CampScreen(self.session), self.after_camp)

    def after_camp(self, left: bool | None) -> None:
        self.show()

    def action_leave(self) -> None:
        self.dismiss(None)


# --- the camp -------------------------------------------------------------------------------------
class CampScreen(RunScreen):
    """A camp's offers with their prices: rest, what the ruleset sells, break camp."""

    HELP_TITLE = "Camp"
    BINDINGS = [
        Binding("q,escape", "back", "Run map", id="camp.back"),
        Binding("question_mark", "app.help", "Help", id="camp.help"),
    ]

    def __init__(self, session: run_files.RunSession) -> None:
        super().__init__(session)
        self.refused: dict[str, str] = {}

    def help_guide(self) -> str:
        return (
            "At a camp the warband may rest once (each wound heals by the share shown), and\n"
            "spend the points its wins earned: new units, promotions, levels. An offer the\n"
            "points do not cover is listed with what it lacks. An offer with choices of its\n"
            "own (a Commanders class change: the new unit and the spell) asks them first;\n"
            "Esc there buys nothing. Break camp goes on to the next layer. Every choice is\n"
            "saved at once; q goes back to the run map and the camp waits there."
        )

    def compose(self) -> ComposeResult:
        yield Static("", id="camp-title", classes="run-title", markup=False)
        with Horizontal(classes="run-body"):
            with Vertical(classes="run-left"):
                yield Static("What will the warband do?", classes="run-heading")
                yield MenuList(id="camp-choices", classes="run-list")
                yield Static("", id="camp-about", classes="run-about", markup=False)
            with VerticalScroll(id="camp-warband", classes="run-warband"):
                yield Static("", id="camp-warband-text", markup=False)
        yield Footer()

    def entries(self) -> list[tuple[str, str, str]]:
        """(key, label, about) for every offer; the ones the points do not cover go to `refused`."""
        run = self.run
        allowed = {o.key: o for o in runs.options(run)}
        self.refused = {}
        out = []
        if runs.REST in allowed:
            out.append((runs.REST, f"{'free':<7}Rest: heal {run.config.heal_percent}% of every wound",
                        "Rest once at this camp: every wound heals by that share."))
        hooks = runs.hooks_for(run.ruleset)
        for offer in hooks.offers(run):
            price = f"{offer.cost} pts" if offer.cost else "free"
            words = offer.label[:1].upper() + offer.label[1:]
            if offer.key in allowed:
                asks = [q.title[:1].lower() + q.title[1:] for q in hooks.questions(run, offer.key) if len(q.picks) > 1]
                then = f" Enter chooses {' and '.join(asks)}." if asks else ""
                out.append((offer.key, f"{price:<7}{words}", f"{words}: {price}.{then}"))
            else:
                self.refused[offer.key] = f"Not enough points: {offer.label} costs {offer.cost}, the warband has {run.points}."
                out.append((offer.key, f"{price:<7}{words} (needs {offer.cost - run.points} more)", self.refused[offer.key]))
        if run.ruleset in DESIGNERS:
            out.append((DESIGN, f"{'':<7}{DESIGNERS[run.ruleset][0]}", DESIGNERS[run.ruleset][1]))
        out.append((runs.LEAVE, f"{'':<7}Break camp and go on", "Leave the camp for the next layer of the map."))
        return out

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        run = self.run
        node = run.node
        depth = node.depth + 1 if node is not None else 0
        self.query_one("#camp-title", Static).update(title_line(run, f"camp, layer {depth} of {run.nodes.depth}"))
        self.query_one("#camp-warband-text", Static).update("\n".join(warband_lines(run)))
        choices = self.query_one("#camp-choices", MenuList)
        before = choices.highlighted
        choices.clear_options()
        self.abouts = {}
        for key, label, about in self.entries():
            choices.add_option(Option(Text(label), id=key))
            self.abouts[key] = about
        choices.highlighted = min(before or 0, choices.option_count - 1)
        choices.focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.query_one("#camp-about", Static).update(self.abouts.get(event.option.id or "", ""))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        key = event.option.id or ""
        if key in self.refused:
            self.notify(self.refused[key], severity="warning")
            return
        if key == DESIGN:
            DESIGNERS[self.run.ruleset][2](self)
            return
        questions = runs.hooks_for(self.run.ruleset).questions(self.run, key)
        if any(len(q.picks) > 1 for q in questions):
            self.ask(key, questions)
            return
        self.take(key)

    def ask(self, key: str, questions: tuple[runs.Question, ...]) -> None:
        """What the offer `key` asks first (a class change's unit and spell), in a dialog; its
        answers make the key bought (core.run.answered), Esc buys nothing."""
        from tui.dialogs.offer_questions import QuestionsDialog

        hooks = runs.hooks_for(self.run.ruleset)
        label = next(o.label for o in hooks.offers(self.run) if o.key == key)

        def bought(answers: tuple[str, ...]) -> str:
            option = hooks.custom(self.run, runs.answered(key, answers))
            return "" if option is None else option.label

        def answered(answers: tuple[str, ...] | None) -> None:
            if answers is not None:
                self.take(runs.answered(key, answers))

        self.app.push_screen(QuestionsDialog(label[:1].upper() + label[1:], questions, bought), answered)

    def take(self, key: str) -> None:
        """Buy `key` (an offer, or a design of the player's own): the run moves on and is written."""
        if not self.choose(key):
            return
        if key == runs.LEAVE:
            self.dismiss(True)
            return
        self.notify(self.run.log[-1])
        self.show()

    def take_custom(self, key: str) -> None:
        """Buy an offer too open to list (core.run.RunHooks.custom), or say why the camp cannot."""
        option = runs.hooks_for(self.run.ruleset).custom(self.run, key)
        if option is None:
            self.app.show_error("The warband cannot take it",
                                "It needs a name of letters, digits, spaces, - or ' (at most 30), a design that keeps "
                                "every rule, and room in the warband: units, and squares to deploy on.")
        elif option.cost > self.run.points:
            self.app.show_error("Not enough points", f"{option.label} costs {option.cost}; the warband has {self.run.points}.")
        else:
            self.take(key)

    def action_back(self) -> None:
        self.dismiss(False)


def design_statwar_unit(camp: CampScreen) -> None:
    """Open the StatWar unit designer; the design it saves joins the warband at its cost."""
    from core.statwar.run import design_key
    from core.statwar.specs import UnitSpec
    from tui.screens.builder_files import player_folder
    from tui.screens.builder_statwar_unit import UnitDesignerScreen

    def done(result: Any) -> None:
        if result is not None:
            camp.take_custom(design_key(result[1]))

    folder = player_folder(camp.app.saves_dir, "statwar", "unit")
    camp.app.push_screen(UnitDesignerScreen(UnitSpec(name="", description=""), folder, "A new unit for the warband"), done)


DESIGN = "design"
#: Camps whose ruleset lets the player design what it buys: (label, about, how to design one).
DESIGNERS = {
    "statwar": ("Design a new unit...", "Design a unit of your own (it is saved with your units too); it joins "
                "the warband at its cost in points.", design_statwar_unit),
}


# --- the end ---------------------------------------------------------------------------------------
def end_lines(summary: dict[str, Any]) -> list[str]:
    """The run's summary (core.run.summary) in words: path, battles, warband, the fallen."""
    lines = ["Path: " + " > ".join(f"{i + 1} {kind}" for i, kind in enumerate(summary["kinds"])), ""]
    lines.append(f"Battles ({len(summary['battles'])}):")
    for battle in summary["battles"]:
        result = runs.battle_result(battle["winner"])
        lost = (f"; {runs.FELL_BACK}" if battle["retreat"] else "") + (f"; fallen: {', '.join(battle['lost'])}" if battle["lost"] else "")
        points = f"; +{battle['points']} points" if battle["points"] else ""
        lines.append(f"- {battle['kind']} vs {battle['opponent']} (AI {battle['ai']}): {result} in "
                     f"{count(battle['rounds'], 'round')}, {battle['reason']}{lost}{points}")
    for title, units in (("The warband at the end", summary["warband"]), ("The fallen", summary["fallen"])):
        lines += ["", f"{title} ({len(units)}):"]
        for unit in units:
            lines.append(f"- {unit['name']}: {unit['unit']}; {count(unit['battles'], 'battle')}, {unit['damage']} damage"
                         + (f", fell at {unit['fell']}" if unit["fell"] else ""))
            lines += [f"    {line}" for line in unit["history"]]
    return lines


class RunEndScreen(RunScreen):
    """The run is over: how it ended, and all it came to (core.run.summary)."""

    HELP_TITLE = "Run over"
    DEFAULT_CSS = RUN_CSS + """
    #end-run-body { height: 1fr; padding: 0 1; }
    """
    BINDINGS = [
        Binding("q,escape,enter", "leave", "Main menu", id="runend.leave"),
        Binding("question_mark", "app.help", "Help", id="runend.help"),
    ]

    def __init__(self, session: run_files.RunSession) -> None:
        super().__init__(session)
        self.summary = runs.summary(session.run)

    def help_guide(self) -> str:
        return ("The run is over: its story is written to the morgue folder (text and JSON) and its score to\n"
                "the high-score table (`skirmish runs`); its file is gone. Up/Down scrolls the record;\n"
                "q returns to the main menu.")

    def compose(self) -> ComposeResult:
        run = self.session.run
        verdict = "Run won" if run.won else "Run over"
        yield Static(f"{verdict}: {run.end}.  ({run.ruleset}, seed {run.seed}, {count(len(run.battles), 'battle')})",
                     classes="run-title", markup=False)
        with VerticalScroll(id="end-run-body"):
            yield Static("\n".join(end_lines(self.summary)), markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#end-run-body").focus()
        self.record_end()

    def record_end(self) -> None:
        """Say where the run is kept: its morgue and high-score entry were written as its last
        step ended it (tui.runs.RunSession.save); after a failed write, try again here."""
        if self.session.morgue is None:
            try:
                self.session.save()
            except (OSError, SaveError) as exc:
                self.app.show_error("Could not write the run's morgue", f"{exc}\nThe run file is kept.")
                return
        if self.session.morgue is not None:
            self.notify(f"The run's story is in {self.session.morgue.with_suffix('.txt')}; "
                        "skirmish runs lists the best runs.")

    def action_leave(self) -> None:
        self.app.back_to_menu()
