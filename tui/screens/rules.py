"""The rules browser: the player's guide first, then the designers' reference.

It opens on "How to play" (docs/guide/), one page for the game and one per
ruleset, written for players. The designers' documents (every rule decision,
the file formats, the README) follow under their own titles; the developers'
notes (architecture, performance) are not listed: they live in the repository.

Opening is instant: the page is laid out once per width as lines of text (Rich's
Markdown rendered off the UI thread, then drawn line by line as it scrolls), and
kept, so going back to a page costs nothing. The Markdown widget is not used:
it lays tables out as nested widgets whose widths depend on the scroll bar, and
at some sizes that layout never settled. Rendering the whole of RULES.md into a
Static on every highlight was what made the screen take about a second.
"""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.segment import Segment
from textual import work
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.geometry import Size
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from tui import keymap
from tui.widgets.footer import Footer
from tui.widgets.menu_list import MenuList

ROOT = Path(__file__).resolve().parents[2]
GUIDE: tuple[tuple[str, str], ...] = (
    ("docs/guide/index.md", "How to play"),
    ("docs/guide/ninja.md", "Ninja"),
    ("docs/guide/statwar.md", "StatWar"),
    ("docs/guide/commanders.md", "Commanders"),
)
REFERENCE: tuple[tuple[str, str], ...] = (
    ("docs/RULES.md", "Rules reference"),
    ("docs/FORMATS.md", "File formats"),
    ("README.md", "About Skirmish"),
)
DOCS = GUIDE + REFERENCE
SMALL = 16 * 1024  # pages up to this size are laid out at once; longer ones by a worker


def available_docs(root: Path = ROOT) -> list[tuple[Path, str]]:
    return [(root / rel, title) for rel, title in DOCS if (root / rel).exists()]


def read_page(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        return f"Cannot read {path.name}: {exc}"


def render_markdown(text: str, width: int) -> list[Strip]:
    """`text` as Markdown laid out at `width` columns, one Strip a line (pure, thread-safe)."""
    from rich.markdown import Markdown

    console = Console(width=width, color_system="truecolor", force_terminal=True, legacy_windows=False)
    lines = console.render_lines(Markdown(text, hyperlinks=False), console.options.update_width(width), pad=False)
    return [Strip(Segment.simplify(line)) for line in lines]


class DocText(ScrollView, can_focus=True):
    """A page of text drawn a line at a time: only the lines on screen are drawn."""

    DEFAULT_CSS = "DocText { height: 1fr; }"

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.lines: list[Strip] = []

    def show(self, lines: list[Strip]) -> None:
        self.lines = lines
        width = max((line.cell_length for line in lines), default=0)
        self.virtual_size = Size(width, len(lines))
        self.scroll_to(0, 0, animate=False)
        self.refresh()

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        index = scroll_y + y
        width = self.scrollable_content_region.width
        if index >= len(self.lines) or index < 0:
            return Strip.blank(width, self.rich_style)
        return self.lines[index].crop_extend(scroll_x, scroll_x + width, self.rich_style)


class RulesScreen(Screen[None]):
    HELP_TITLE = "Rules"
    BINDINGS = [keymap.binding("menu.back", "back"), keymap.binding("menu.quit", "back")]

    def help_guide(self) -> str:
        return ("How to play comes first: the game's keys, then a page per ruleset with a worked\n"
                "example. The designers' reference follows. Up/Down picks a page, Tab moves to the\n"
                "text to scroll it with the arrows and PgUp/PgDn.")

    def __init__(self, root: Path = ROOT) -> None:
        super().__init__()
        self.docs = available_docs(root)
        self.shown: int | None = None
        self._laid_out: dict[tuple[int, int], list[Strip]] = {}  # (page, width) -> its lines

    def compose(self) -> ComposeResult:
        with Horizontal(id="rules-layout"):
            yield MenuList(*(Option(title, id=str(i)) for i, (_, title) in enumerate(self.docs)), id="rules-list")
            yield DocText(id="rules-scroll")
        yield Footer()

    @property
    def text(self) -> DocText:
        return self.query_one(DocText)

    def on_mount(self) -> None:
        if not self.docs:
            self.text.show(render_markdown("No documents were found next to the game.", 40))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show_doc(int(event.option.id or 0))

    def on_resize(self) -> None:
        if self.shown is not None:
            self.show_doc(self.shown)

    def page_width(self) -> int:
        return max(20, self.text.scrollable_content_region.width or self.size.width - 28)

    def show_doc(self, index: int) -> None:
        """Show page `index`: at once when it was laid out at this width, else once a worker has."""
        self.shown = index
        width = self.page_width()
        lines = self._laid_out.get((index, width))
        if lines is not None:
            self.text.show(lines)
            return
        path, _ = self.docs[index]
        try:
            small = path.stat().st_size <= SMALL
        except OSError:
            small = True
        if small:  # a guide page: a few hundredths of a second, drawn with the screen
            self._laid(index, width, render_markdown(read_page(path), width))
        else:
            self.lay_out(index, width)

    @work(thread=True, exclusive=True, group="rules-page")
    def lay_out(self, index: int, width: int) -> None:
        path, _ = self.docs[index]
        lines = render_markdown(read_page(path), width)
        self.app.call_from_thread(self._laid, index, width, lines)

    def _laid(self, index: int, width: int, lines: list[Strip]) -> None:
        self._laid_out[(index, width)] = lines
        if self.shown == index and self.page_width() == width:
            self.text.show(lines)

    def action_back(self) -> None:
        self.dismiss(None)
