"""Answer what a camp's offer asks before it is bought (core.run.RunHooks.questions): a
Commanders class change asks the unit the new class brings and the spell it learns.

One list a question, each with the highlighted pick described under it, and a last line
saying what the answers buy. Up/Down (or j/k) moves in a list; Tab, Left/Right (or h/l)
go to another list; Enter goes on to the next list and, on the last, takes the answers;
Esc goes back to the camp without buying.
"""

from __future__ import annotations

from typing import Callable, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from core.run import Question
from tui.widgets.menu_list import MenuList


class QuestionsDialog(ModalScreen[tuple[str, ...] | None]):
    """Returns each question's answer (its pick's key), in order; None on Esc."""

    DEFAULT_CSS = """
    QuestionsDialog { align: center middle; }
    #questions-box { width: 78; max-width: 100%; height: auto; max-height: 100%; border: thick $primary; background: $surface; padding: 0 1; }
    #questions-title { text-style: bold; }
    .questions-heading { text-style: bold; }
    .questions-list { height: auto; max-height: 7; border: none; border-left: blank; }
    .questions-list:focus { border: none; border-left: tall $accent; }
    .questions-about { height: auto; max-height: 3; color: $text-muted; }
    #questions-summary { height: auto; color: $success; }
    #questions-hint { color: $text-muted; }
    """
    BINDINGS = [
        Binding("escape", "cancel", "Back to the camp", id="questions.cancel"),
        Binding("tab,right,l", "switch(1)", "Next list", show=False, id="questions.next"),
        Binding("shift+tab,left,h", "switch(-1)", "Previous list", show=False, id="questions.previous"),
    ]

    def __init__(self, title: str, questions: Sequence[Question], summary: Callable[[tuple[str, ...]], str]) -> None:
        super().__init__()
        self.title_text = title
        self.questions = tuple(questions)
        self.summary = summary

    def compose(self) -> ComposeResult:
        with Vertical(id="questions-box"):
            yield Static(self.title_text, id="questions-title", markup=False)
            for i, question in enumerate(self.questions):
                yield Static("", id=f"questions-heading-{i}", classes="questions-heading", markup=False)
                yield MenuList(*(Option(Text(p.label), id=str(n)) for n, p in enumerate(question.picks)),
                               id=f"questions-list-{i}", classes="questions-list")
                yield Static("", id=f"questions-about-{i}", classes="questions-about", markup=False)
            yield Static("", id="questions-summary", markup=False)
            yield Static("Up/Down (j/k) picks; Tab or Left/Right (h/l) goes to another list.\n"
                         "Enter goes on to the next list, on the last takes it all; Esc: back.", id="questions-hint")

    def lists(self) -> list[MenuList]:
        return [self.query_one(f"#questions-list-{i}", MenuList) for i in range(len(self.questions))]

    def on_mount(self) -> None:
        for options in self.lists():
            options.highlighted = 0
        first = next((i for i, q in enumerate(self.questions) if len(q.picks) > 1), 0)
        if self.questions:
            self.lists()[first].focus()
        self.redraw()

    def answers(self) -> tuple[str, ...]:
        return tuple(q.picks[o.highlighted or 0].key for q, o in zip(self.questions, self.lists()))

    def redraw(self) -> None:
        """Each heading (the list in use marked), each highlighted pick's words, what the answers buy."""
        for i, (question, options) in enumerate(zip(self.questions, self.lists())):
            mark = ">" if options.has_focus else " "
            count = f"{(options.highlighted or 0) + 1} of {len(question.picks)}"
            self.query_one(f"#questions-heading-{i}", Static).update(f"{mark} {question.title} ({count})")
            self.query_one(f"#questions-about-{i}", Static).update(question.picks[options.highlighted or 0].about)
        bought = self.summary(self.answers())
        self.query_one("#questions-summary", Static).update(f"Chosen: {bought}" if bought else "")

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.redraw()

    def on_descendant_focus(self) -> None:
        self.redraw()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        lists = self.lists()
        at = lists.index(event.option_list) if event.option_list in lists else len(lists) - 1
        if at < len(lists) - 1:
            lists[at + 1].focus()
        else:
            self.dismiss(self.answers())

    def action_switch(self, step: int) -> None:
        lists = self.lists()
        if not lists:
            return
        at = next((i for i, o in enumerate(lists) if o.has_focus), 0)
        lists[(at + step) % len(lists)].focus()

    def action_cancel(self) -> None:
        self.dismiss(None)
