"""The rules browser: the project's own docs (rules decisions, file formats, README).

A document is drawn as one Rich Markdown renderable in a Static, not with Textual's
Markdown widget: that widget lays its tables out as nested widgets whose widths
depend on the scroll bar, and at some terminal sizes the layout never settles (the
screen froze redrawing). One renderable is laid out once per width.
"""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.screen import Screen
from rich.markdown import Markdown
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option
from textual.containers import VerticalScroll

from tui.widgets.menu_list import MenuList
from tui import keymap

ROOT = Path(__file__).resolve().parents[2]
DOCS: tuple[tuple[str, str], ...] = (
    ("README.md", "Getting started"),
    ("docs/RULES.md", "Rules and decisions"),
    ("docs/FORMATS.md", "File formats"),
    ("docs/ARCHITECTURE.md", "How it is built"),
    ("docs/PERFORMANCE.md", "Performance"),
)


def available_docs(root: Path = ROOT) -> list[tuple[Path, str]]:
    return [(root / rel, title) for rel, title in DOCS if (root / rel).exists()]


class RulesScreen(Screen[None]):
    HELP_TITLE = "Rules"
    BINDINGS = [keymap.binding("menu.back", "back"), keymap.binding("menu.quit", "back")]

    def help_guide(self) -> str:
        return "Up/Down picks a document, Enter opens it, Tab moves to the text to scroll it."

    def __init__(self, root: Path = ROOT) -> None:
        super().__init__()
        self.docs = available_docs(root)

    def compose(self) -> ComposeResult:
        with Horizontal(id="rules-layout"):
            yield MenuList(*(Option(title, id=str(i)) for i, (_, title) in enumerate(self.docs)), id="rules-list")
            with VerticalScroll(id="rules-scroll"):
                yield Static(id="rules-text")
        yield Footer()

    def on_mount(self) -> None:
        if self.docs:
            self.show_doc(0)
        else:
            self.query_one("#rules-text", Static).update("No documents were found next to the game.")

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show_doc(int(event.option.id or 0))

    def show_doc(self, index: int) -> None:
        path, _ = self.docs[index]
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            text = f"Cannot read {path.name}: {exc}"
        self.query_one("#rules-text", Static).update(Markdown(text, hyperlinks=False))
        self.query_one("#rules-scroll").scroll_home(animate=False)

    def action_back(self) -> None:
        self.dismiss(None)
