"""The commander quiz: one question a screen, in the quiz file's words, branches as it says.

The walk itself is core.commanders.quiz (pure): this screen shows the question
the replies lead to, takes an answer by its letter or by Up/Down and Enter,
and goes back with Backspace (or Left) to change an earlier answer; answers
still on the new path are kept and shown highlighted when their question
comes round again. A complete quiz opens the result screen.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, ProgressBar, Static
from textual.widgets.option_list import Option

from core.commanders import quiz as q
from core.commanders.ruleset import RULESET
from tui.widgets.footer import Footer
from tui.widgets.menu_list import AnySizeOptionList

LETTERS = "abcdefg"


def number_of(qid: str) -> int:
    """A question's number: "2" for 2, 2a and 2b (the parts and branches of question 2)."""
    digits = "".join(ch for ch in qid if ch.isdigit())
    return int(digits) if digits else 0


def numbered(quiz: q.Quiz) -> int:
    """How many numbered questions the quiz has, whatever path the answers take: the counter's
    total, the same on every screen (branches and parts share their question's number)."""
    return len({number_of(question.id) for question in quiz.questions})


class QuizScreen(Screen[None]):
    HELP_TITLE = "Commander quiz"
    DEFAULT_CSS = """
    #quiz-box { padding: 0 2; height: 1fr; }
    #quiz-progress-text { height: 1; color: $text-muted; }
    #quiz-bar { height: 1; }
    #quiz-heading { height: 1; color: $text-muted; padding-top: 0; }
    #quiz-text { height: auto; text-style: bold; padding: 1 0; }
    #quiz-answers { height: auto; max-height: 12; }
    #quiz-note { height: auto; color: $text-muted; padding-top: 1; }
    """
    BINDINGS = [
        *(Binding(ch, f"letter('{ch.upper()}')", ch.upper(), show=False, id=f"quiz.{ch}") for ch in LETTERS),
        Binding("backspace,left", "back", "Previous question", id="quiz.back"),
        Binding("right", "forward", "Next answered", show=False, id="quiz.forward"),
        Binding("escape", "leave", "Leave quiz", id="quiz.leave"),
    ]

    def __init__(self, replies: q.Replies = ()) -> None:
        super().__init__()
        self.quiz = RULESET.quiz
        self.replies: q.Replies = replies
        nxt = q.next_question(self.quiz, replies)
        self.qid = nxt.id if nxt is not None else q.walk(self.quiz, replies)[-1]

    def help_guide(self) -> str:
        return ("Answer with the answer's letter (a, b, c ...) or with Up/Down and Enter. Some\n"
                "answers lead to a different next question. Backspace or Left goes back to change an\n"
                "earlier answer: later answers that still apply are kept and shown highlighted; press\n"
                "Enter to keep them. Right skips ahead over questions already answered.")

    def compose(self) -> ComposeResult:
        with Vertical(id="quiz-box"):
            yield Static("", id="quiz-progress-text", markup=False)
            yield ProgressBar(total=1, show_eta=False, show_percentage=False, id="quiz-bar")
            yield Static("", id="quiz-heading", markup=False)
            yield Static("", id="quiz-text", markup=False)
            yield AnySizeOptionList(id="quiz-answers")
            yield Static("", id="quiz-note", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.show_question()

    # --- drawing -----------------------------------------------------------------
    def show_question(self) -> None:
        question = self.quiz.question(self.qid)
        path = q.walk(self.quiz, self.replies)
        total = numbered(self.quiz)
        number = number_of(self.qid)
        position = path.index(self.qid) + 1
        self.query_one("#quiz-progress-text", Static).update(f"Question {number} of {total}")
        bar = self.query_one("#quiz-bar", ProgressBar)
        bar.update(total=total, progress=number - 1)
        self.query_one("#quiz-heading", Static).update(f"{question.id}) {question.heading}")
        self.query_one("#quiz-text", Static).update(question.text)
        allowed = q.allowed_letters(self.quiz, self.replies, self.qid)
        given = {r.question: r.letter for r in self.replies}
        options = self.query_one("#quiz-answers", OptionList)
        options.clear_options()
        for ans in question.answers:
            note = f"  ({ans.note})" if ans.note else ""
            taken = "" if ans.letter in allowed else f"  - already the answer to {question.not_same_as}"
            options.add_option(Option(Text(f"{ans.letter}> {ans.text}{note}{taken}"), id=ans.letter, disabled=ans.letter not in allowed))
        letters = [a.letter for a in question.answers]
        chosen = given.get(self.qid)
        options.highlighted = letters.index(chosen) if chosen in letters else letters.index(allowed[0])
        options.focus()
        note = "Answer with a letter, or Up/Down and Enter."
        if chosen:
            note = f"Your answer so far: {chosen}. Enter keeps it; another letter changes it."
        if position > 1:
            note += "\nBackspace: previous question."
        self.query_one("#quiz-note", Static).update(note)

    # --- answering ----------------------------------------------------------------
    def choose(self, letter: str) -> None:
        if letter not in q.allowed_letters(self.quiz, self.replies, self.qid):
            other = self.quiz.question(self.qid).not_same_as
            self.notify(f"{letter} is already the answer to question {other}; choose another.", severity="warning")
            return
        self.replies = q.answer(self.quiz, self.replies, self.qid, letter)
        path = q.walk(self.quiz, self.replies)
        index = path.index(self.qid)
        if index + 1 < len(path):
            self.qid = path[index + 1]
            self.show_question()
        elif q.is_complete(self.quiz, self.replies):
            self.finish()

    def finish(self) -> None:
        from tui.screens.quiz_outcome import QuizOutcomeScreen

        self.app.push_screen(QuizOutcomeScreen(self.replies), self.after_result)

    def after_result(self, back: bool | None) -> None:
        """The result screen closed: back to the questions, or out of the quiz (asked there)."""
        if back:  # the player went back from the result to change answers
            self.qid = q.walk(self.quiz, self.replies)[-1]
            self.show_question()
        else:
            self.dismiss(None)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.choose(event.option.id)

    def action_letter(self, letter: str) -> None:
        if letter in [a.letter for a in self.quiz.question(self.qid).answers]:
            self.choose(letter)

    def action_back(self) -> None:
        before = q.previous_question(self.quiz, self.replies, self.qid)
        if before is not None:
            self.qid = before
            self.show_question()

    def action_forward(self) -> None:
        given = {r.question for r in self.replies}
        if self.qid not in given:
            return
        path = q.walk(self.quiz, self.replies)
        index = path.index(self.qid)
        if index + 1 < len(path):
            self.qid = path[index + 1]
            self.show_question()
        elif q.is_complete(self.quiz, self.replies):
            self.finish()

    def action_leave(self) -> None:
        """Esc: leave at once before any answer, else after a question (the answers are lost)."""
        if not self.replies:
            self.dismiss(None)
            return
        from tui.dialogs.confirm import ConfirmDialog

        self.app.push_screen(
            ConfirmDialog(f"Leave the quiz? Your {len(self.replies)} answers will be lost.", yes="Leave", no="Stay"),
            lambda yes: self.dismiss(None) if yes else None)
