"""A text-fit check of a rendered screen: every panel's whole text is on screen or reachable
by scrolling (a scroll bar shows there is more); no title and no footer key hint is cut.

It inspects the widgets as Textual laid them out, not pixels: for each text widget the
height its text needs at its width against the rows it is given and the rows its
containers let through, and each border title against its frame's width.
"""

from __future__ import annotations

from rich.cells import cell_len
from textual.widget import Widget
from textual.widgets import Footer, OptionList, Static


def screen_lines(app) -> list[str]:
    """The screen as text, one string a row."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def _scrolls(widget: Widget) -> bool:
    """Whether the widget or a container of it scrolls vertically with a scroll bar shown."""
    node = widget
    while isinstance(node, Widget):
        if node.show_vertical_scrollbar and node.max_scroll_y > 0:
            return True
        node = node.parent
    return False


def _visible_rows(screen, widget: Widget) -> int:
    """Rows of the widget's content that its containers let through."""
    try:
        geometry = screen._compositor.find_widget(widget)
    except Exception:  # not on screen at all
        return 0
    return geometry.region.intersection(geometry.clip).height


def _hidden(widget: Widget) -> bool:
    return any(not node.display for node in widget.ancestors if isinstance(node, Widget))


def cut_text(app) -> list[str]:
    """What the screen cuts off out of reach: one line per problem, empty when all fits."""
    screen = app.screen
    problems: list[str] = []
    for widget in screen.query(Static):
        if not widget.display or not widget.visible or widget.size.width <= 0:
            continue
        if _hidden(widget):
            continue
        width = widget.content_region.width
        text_rows = widget.get_content_height(screen.size, screen.size, width)
        shown = min(widget.content_region.height, max(0, _visible_rows(screen, widget) - widget.gutter.height))
        if text_rows > shown and not _scrolls(widget):
            problems.append(f"{widget.id or type(widget).__name__}: {text_rows} rows of text, {shown} shown: "
                            f"{str(widget.render())[:60]!r}")
    for widget in screen.query(Widget):  # a frame cut by its container (its last rows out of reach)
        if not widget.display or widget.size.height <= 0 or _hidden(widget):
            continue
        rows = _visible_rows(screen, widget)
        if 0 < rows < widget.outer_size.height and not _scrolls(widget.parent):
            problems.append(f"{widget.id or type(widget).__name__}: {widget.outer_size.height} rows, {rows} on screen")
    for widget in screen.query(Widget):
        title = widget.border_title
        if not title or not widget.display or widget.size.width <= 0 or not widget.styles.border_top[0]:
            continue
        room = widget.outer_size.width - 6  # a corner, a line and a space either side
        if cell_len(str(title)) > room:
            problems.append(f"{widget.id}: title {str(title)!r} is cut to {room} columns")
    for options in screen.query(OptionList):  # an entry's line wrapped splits a field (a date) in two
        if not options.display or _hidden(options):
            continue
        width = options.scrollable_content_region.width - 2  # the option's own padding
        for option in options.options:
            for line in str(option.prompt).split("\n"):
                if cell_len(line) > width:
                    problems.append(f"{options.id}: {line!r} is wider than its {width} columns")
    for footer in screen.query(Footer):
        bottom = screen_lines(app)[footer.region.y]
        for hint in footer_hints(screen):
            if hint not in bottom:
                problems.append(f"footer: {hint!r} is cut from {bottom!r}")
    return problems


def footer_hints(screen) -> list[str]:
    """The key hints a screen's footer must keep at any width: help and quit."""
    hints = set()
    for active in screen.active_bindings.values():
        binding = active.binding
        if binding.show and binding.action.split(".")[-1] in ("help", "quit"):
            hints.add(binding.description)
    return sorted(hints)


def visible_text(app, widget: Widget) -> str:
    """The words of a widget's content as they are on screen now, without scrolling: the rows
    its containers let through, within its content columns (a scroll bar's column is not
    content), joined by spaces (a wrapped line reads as one again)."""
    geometry = app.screen._compositor.find_widget(widget)
    shown = geometry.region.intersection(geometry.clip)
    content = widget.scrollable_content_region
    rows = screen_lines(app)[shown.y:shown.bottom]
    return " ".join(" ".join(row[content.x:content.right].split()) for row in rows).strip()


async def cut_text_settled(pilot, app, tries: int = 20) -> list[str]:
    """`cut_text` once the screen has painted: on a loaded machine the footer can still be
    blank when the pilot first reports idle, which reads as cut. A real cut stays; each try
    waits for the app again, and the last check's problems are returned."""
    problems = cut_text(app)
    for _ in range(tries):
        if not problems:
            break
        await pilot.pause(0.05)
        problems = cut_text(app)
    return problems
