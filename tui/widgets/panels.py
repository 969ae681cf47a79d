"""Small read-only panels of the battle screen. They show what the owner hands them
and hold no game facts of their own.

The cursor panels change on every cursor move, so they repaint only the characters
whose text changed, and ask for a layout pass only when their size may change: each
character not repainted is bytes not sent down an SSH link.
"""

from __future__ import annotations

import functools
from typing import Callable, Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.containers import Vertical
from textual.scroll_view import ScrollView
from textual.scrollbar import ScrollBar, ScrollBarRender
from textual.widget import Widget
from textual.visual import Visual, VisualType, visualize
from textual.widgets import RichLog, Static

from tui.widgets.kept_style import KeptStyle

#: the side column's width by terminal width: (narrower than, columns), the last for any wider;
#: 26 at 80 columns leaves 54 to the map, so an 18-square Commanders map never scrolls there
SIDE_WIDTHS = ((100, 26), (160, 38), (10_000, 52))


def side_width(terminal_width: int) -> int:
    """The panels' column: narrow terminals give the map every column they can spare, wide
    ones give the panels room for a unit's whole sheet and the odds in full."""
    return next(width for limit, width in SIDE_WIDTHS if terminal_width < limit)


def fit_name(name: str, width: int) -> str:
    """A name in at most `width` columns: cut with an ellipsis when longer (names only: a
    number or a key hint is never cut this way)."""
    if cell_len(name) <= width:
        return name
    out = ""
    for char in name:
        if cell_len(out + char) > width - 1:
            break
        out += char
    return out.rstrip() + "…"


#: the widest the side column grows to when a small map leaves columns over
SIDE_MOST = 90


def fit_side(terminal_width: int, map_width: int) -> int:
    """The side column's width: at least side_width, and every column a small map leaves over
    (the map keeps its width and one column for a scroll bar), up to SIDE_MOST."""
    least = side_width(terminal_width)
    return max(least, min(SIDE_MOST, terminal_width - map_width - 1))


#: rows of the line under the map (#info-line in app.tcss: a fixed height, so a cursor move
#: is a repaint and never a new layout)
INFO_ROWS = 2
#: rows the map and side panels keep at the least: what they have at 80x24 (24 less the
#: footer, the info line and the 4-line log), so a taller screen never shrinks them
TOP_LEAST = 24 - 1 - INFO_ROWS - 4


def log_rows(terminal_height: int) -> int:
    """The log's rows in the layout of a small screen: a fifth of the height, 4 at the least."""
    return max(4, terminal_height // 5)


def fit_top(terminal_height: int, map_rows: int) -> int | None:
    """The height of the map and side panels' row when the log should take the rest, or None
    when it should not (the log keeps its fifth of the height, as at 80x24).

    The row takes what the map needs to show whole (`map_rows`, with its scroll bar and the
    line under it) and no less than TOP_LEAST; the log then gets more rows than its fifth,
    and keeps at least its fifth even while a playback holds the info line a row taller."""
    top = max(TOP_LEAST, map_rows)
    below = 1 + INFO_ROWS  # the footer and the info line
    if terminal_height - below - top <= log_rows(terminal_height):
        return None
    return min(top, terminal_height - below - 1 - log_rows(terminal_height))


#: columns of a border line before and after its title: the corner, a line and a space, a space and a line
TITLE_LEAD = 5


class PanelBox(Vertical, can_focus=False):
    """A bordered frame of a fixed height around one ScrollPanel, whose title goes in this
    frame's border, cut to the frame's width with an ellipsis when it is longer (a unit's
    whole name is the first line of its sheet)."""

    #: columns of the border a title never takes: a corner, a line and a space either side
    TITLE_MARGIN = 6

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.full_title: str | None = None
        self._title_only = 0  # while a title changes: the columns of the top border it takes

    def set_title(self, title: str) -> bool:
        """Show `title` in the border; returns whether it is another title than before."""
        if title == self.full_title:
            return False
        self.full_title = title
        self._fit_title()
        return True

    def _fit_title(self) -> None:
        if self.full_title is None:
            return
        width = self.outer_size.width
        fitted = fit_name(self.full_title, width - self.TITLE_MARGIN) if width > self.TITLE_MARGIN else self.full_title
        before = self.border_title
        if fitted != before:
            # the border line changes from its corner to the end of the longer title
            self._title_only = TITLE_LEAD + max(cell_len(before or ""), cell_len(fitted))
            try:
                self.border_title = fitted
            finally:
                self._title_only = 0

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False):
        """Widget.refresh; the whole-frame repaint that setting a border title asks for is
        narrowed to the stretch of the top line the old and new titles take (the panel
        inside repaints what changed in it on its own). Titles sit on the left (the
        stylesheet's default border-title-align)."""
        if self._title_only and not regions and repaint and not (layout or recompose):
            left, top = self.content_offset  # regions are given from the content's corner
            regions = (Region(-left, -top, min(self._title_only, self.outer_size.width), 1),)
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def on_resize(self) -> None:
        self._fit_title()


class TextPanel(Static):
    """A Static for text that changes often: `show_text` repaints only the characters that
    changed (a cell name's coordinates, one line of odds), none when nothing changed, and
    asks for a layout pass only when the panel's height may change.

    `sized` says the stylesheet fixes the panel's height; otherwise (height: auto) a
    different number of lines resizes it.

    Its text is plain, never markup: it holds names from the army, unit and scenario files
    and from the players, and a name like "Bear [elite]" must show as written (as markup
    "[elite]" is a style and vanishes, and "[/]" is an error).
    """

    sized = True
    #: texts laid out kept for when they come back (the cell line as the cursor goes back and forth)
    LAID_OUT_KEPT = 32

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("markup", False)
        super().__init__(*args, **kwargs)
        self._shown: tuple[str | None, str] | None = None
        self._text_visual: Visual | None = None
        self._strips: tuple[Size, list[Strip]] | None = None  # as last drawn, for the next diff
        self._laid_out: dict[tuple, list[Strip]] = {}  # (text, size, height, style) -> its lines, oldest first

    def render(self) -> VisualType:
        return self._text_visual if self._text_visual is not None else super().render()

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        """Static's update (any content): forget what show_text showed."""
        self._shown = None
        self._text_visual = None
        self._strips = None
        super().update(content, layout=layout)

    def show_text(self, text: str, title: str | None = None) -> bool:
        """Show `text` (and `title` in the border, if given); returns whether anything changed."""
        if self._shown == (title, text):
            return False
        self._shown = (title, text)
        before = self._strips
        self._text_visual = visualize(self, text, markup=self._render_markup)
        self._strips = None
        frame = self.parent
        if title is not None:
            if isinstance(frame, PanelBox):
                if frame.set_title(title):
                    before = None
            elif title != self.border_title:
                self.border_title = title  # repaints the whole frame, border included
                before = None
        after = self._lines()
        if before is None or after is None or before[0] != after[0]:
            self.refresh(layout=not self.sized)
            return True
        old, new = before[1], after[1]
        if len(old) != len(new):
            if not self.sized:
                self.refresh(layout=True)  # its height follows the text
                return True
            empty = Strip([], 0)  # a fixed height: a line the text no longer reaches is blank
            old = old + [empty] * (len(new) - len(old))
            new = new + [empty] * (len(old) - len(new))
        regions = [region for y, (a, b) in enumerate(zip(old, new)) if a != b for region in changed_spans(y, a, b)]
        if regions:
            self.refresh(*regions)
        return True

    def render_line(self, y: int) -> Strip:
        """A line as show_text drew it to find what changed: the same strips Static's
        render makes (the same text, size and style), so a sized panel's text is laid out
        once a change, not once to compare and again to draw."""
        drawn = self._strips
        if drawn is not None and self.sized and drawn[0] == self.size and self.text_selection is None:
            lines = drawn[1]
            return lines[y] if y < len(lines) else Strip.blank(self.size.width, self.visual_style.rich_style)
        return super().render_line(y)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._strips = None  # drawn in the old style: draw again (and compare with nothing)
        self._laid_out.clear()

    def _lines(self) -> tuple[Size, list[Strip]] | None:
        """The panel's text as Textual draws it at the current size (None before layout);
        a text shown again at the same size and style is laid out once."""
        size = self.size
        if size.width <= 0 or self._text_visual is None or self._shown is None:
            return None
        height = size.height if self.sized else None
        style = self.visual_style
        visual = self._text_visual
        lines = kept(self._laid_out, self.LAID_OUT_KEPT, (self._shown[1], size, height, style),
                     lambda: Visual.to_strips(self, visual, size.width, height, style))
        self._strips = (size, lines)
        return self._strips


def kept(table: dict, most: int, key: object, make: Callable[[], list[Strip]]) -> list[Strip]:
    """`table[key]`, made by `make` and put there when absent; the table holds at most `most`
    entries, the oldest dropped first (a panel's laid-out texts)."""
    found = table.get(key)
    if found is None:
        if len(table) >= most:
            table.pop(next(iter(table)))
        found = table[key] = make()
    return found


#: Unchanged cells between two changes of a line worth a jump of the terminal's cursor
#: instead of writing them again: a jump (ESC [ row ; column H) costs up to 10 bytes.
SPLIT_GAP = 12


def changed_spans(y: int, old: Strip, new: Strip) -> list[Region]:
    """The regions of line y whose characters or styles differ, each from a differing
    column to a differing column; two changes with SPLIT_GAP or more unchanged columns
    between them are two regions (the cell line of another unit: its coordinate and its
    name change, the terrain between them does not). The whole line when a character is
    wider than one cell. Columns are compared in place: "(8,4)" becoming "(10,4)" changes
    everything after the "(", not two digits."""
    columns = _columns(old, new)
    if columns is None:
        return [Region(0, y, max(old.cell_length, new.cell_length), 1)]
    a, b = columns
    changed = [x for x, (p, q) in enumerate(zip(a, b)) if p != q]
    if not changed:
        return []
    spans = []
    start = last = changed[0]
    for x in changed[1:]:
        if x - last - 1 >= SPLIT_GAP:
            spans.append(Region(start, y, last + 1 - start, 1))
            start = x
        last = x
    spans.append(Region(start, y, last + 1 - start, 1))
    return spans


def changed_span(y: int, old: Strip, new: Strip) -> Region | None:
    """The region of line y from the first to the last column that differs (changed_spans
    taken together), or None."""
    spans = changed_spans(y, old, new)
    return Region(spans[0].x, y, spans[-1].right - spans[0].x, 1) if spans else None


def _columns(old: Strip, new: Strip) -> tuple[Sequence, Sequence] | None:
    """The two lines as equally long sequences of what each column shows, or None when a
    character is not one cell wide. Two lines of the same runs of styles are their texts
    (same_runs); otherwise (character, look) pairs, the shorter line padded with None."""
    same = same_runs(old, new)
    if same is not None:  # the same styles over the same stretches: only characters differ
        return same
    a = cells_shown(old)
    b = cells_shown(new)
    if a is None or b is None:
        return None
    width = max(len(a), len(b))
    if len(a) < width:
        a += [None] * (width - len(a))
    elif len(b) < width:
        b += [None] * (width - len(b))
    return a, b


def same_runs(old: Strip, new: Strip) -> tuple[str, str] | None:
    """The two lines' texts when they are runs of the same styles over the same stretches
    and every character is one cell wide (a cell name's digit changed, say): then a column
    differs exactly where its character does. None otherwise (cells_shown compares them)."""
    a_segments, b_segments = list(old), list(new)
    if len(a_segments) != len(b_segments):
        return None
    for (a_text, a_style, _), (b_text, b_style, _) in zip(a_segments, b_segments):
        if len(a_text) != len(b_text) or a_style != b_style:
            return None
    a, b = old.text, new.text
    if cell_len(a) != len(a) or cell_len(b) != len(b):
        return None
    return a, b


def cells_shown(strip: Strip) -> list[tuple[str, object]] | None:
    """(character, what of its style shows) for each character of `strip`, or None when a
    character is not one cell wide. A style's meta (where the line starts in its text,
    which moves when the text wraps elsewhere) never shows, and a space shows only what
    colours or lines its cell (not its foreground colour, boldness or italics), so a line
    padded or wrapped differently than before but looking the same is not sent again."""
    out: list[tuple[str, object]] = []
    extend = out.extend
    for text, style, _ in strip:
        if cell_len(text) != len(text):
            return None
        if style is None:
            extend((char, None) for char in text)
            continue
        looks = (style.color, style.bgcolor, style.bold, style.dim, style.italic, style.reverse,
                 style.underline, style.strike, style.overline, style.blink, style.link)
        if " " not in text:
            extend(zip(text, [looks] * len(text)))
            continue
        blank = (style.bgcolor, style.color if style.reverse else None, style.reverse,
                 style.underline, style.strike, style.overline)
        extend((char, blank if char == " " else looks) for char in text)
    return out


class ScrollPanel(KeptStyle, ScrollView, can_focus=False):
    """Wrapped text that fills a frame of fixed height and scrolls when it is taller (its
    scroll bar always stands, with a thumb only when there is more than is in view): text
    is never cut off out of reach.

    `show_text` repaints only the characters that changed, and a text of another length
    changes only the scrolled size: with no widget resized, a cursor move is a repaint,
    never a new layout of the screen.
    """

    DEFAULT_CSS = "ScrollPanel { overflow-y: scroll; overflow-x: hidden; }"
    #: wrapped texts kept for when they come back (a unit's sheet as the cursor returns to it)
    WRAPPED_KEPT = 32

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._shown: tuple[str | None, str] | None = None
        self._strips: list[Strip] = []
        self._wrapped_for = 0
        self._wrapped: dict[tuple, list[Strip]] = {}  # (text, width, style) -> its lines, oldest first

    def show_text(self, text: str, title: str | None = None) -> bool:
        """Show `text` (and `title` in the frame's border, if given); returns whether anything changed."""
        if self._shown == (title, text):
            return False
        before = self._strips
        self._shown = (title, text)
        was_top = int(self.scroll_y)
        new_title = title is not None and isinstance(self.parent, PanelBox) and self.parent.set_title(title)
        if new_title and self.scroll_y:
            self.scroll_to(y=0, animate=False, immediate=True)  # another unit: from its first line
        top = int(self.scroll_y)
        self._wrap()
        if was_top != top or top != int(self.scroll_y):
            self.refresh()
            return True
        # the rows in view before and after: only what differs is sent, each row compared as
        # render_line draws it (padded to the width in the panel's style, a row past the text
        # blank), so a short line after a blank row, or a blank row after a short line, is
        # sent up to the end of its text, not across the panel's padding
        width, style = self.scrollable_content_region.width, self.base_style
        regions = [
            region for y in range(top, top + self.size.height)
            if (before[y] if y < len(before) else None) != (self._strips[y] if y < len(self._strips) else None)
            for region in changed_spans(y - top, _drawn(before, y, width, style), _drawn(self._strips, y, width, style))
        ]
        if regions:
            self.refresh(*regions)
        return True

    @property
    def text(self) -> str:
        return self._shown[1] if self._shown else ""

    def notify_style_update(self) -> None:
        super().notify_style_update()  # KeptStyle: base_style worked out again
        if self._strips:  # wrapped in the old style (a theme, a class): wrapped again in the new
            self._wrap()

    def render(self) -> Text:
        """The whole text (the screen draws it line by line, render_line; this is for reading)."""
        return Text(self.text)

    def _wrap(self) -> None:
        """Wrap the text to the panel's width; the scrolled size follows, with no layout."""
        width = self.scrollable_content_region.width
        self._wrapped_for = width
        if width <= 0 or self._shown is None:
            self._strips = []
            return
        text, style = self._shown[1], self.visual_style
        # texts come back as the cursor goes back and forth: wrap each once
        self._strips = kept(self._wrapped, self.WRAPPED_KEPT, (text, width, style),
                            lambda: Visual.to_strips(self, visualize(self, text, markup=False), width, None, style))
        self._fit_scrolled_size()

    def _fit_scrolled_size(self) -> None:
        """The scrolled size: the text's lines, and never fewer than the rows in view. Any
        text that fits draws the same empty bar, so one that fits after another leaves the
        scroll bar alone.

        The scroll bar is told the new size without being redrawn, and redrawn only when
        its drawing changes: two units' sheets of 12 and 13 lines in a view of 3 draw the
        same thumb, and Textual would draw it again for each new size (a third of the lines
        a ninja cursor move rendered, and a cursor jump and a cell for each of its rows in
        the bytes the move sent)."""
        size = Size(self._wrapped_for, max(len(self._strips), self.scrollable_content_region.height))
        if size == self.virtual_size:
            return
        self.set_reactive(Widget.virtual_size, size)  # a scrolled size: no layout of the screen
        self._refresh_scrollbars()
        if self.show_vertical_scrollbar and self.styles.scrollbar_size_vertical:
            bar = self.vertical_scrollbar
            window = self.container_size.height - self.scrollbar_size_horizontal
            drawn = self._bar_drawing(bar, bar.window_virtual_size, bar.window_size)
            bar.set_reactive(ScrollBar.window_virtual_size, size.height)
            bar.set_reactive(ScrollBar.window_size, window)
            if self._bar_drawing(bar, size.height, window) != drawn:
                bar.refresh()
        self.scroll_y = self.validate_scroll_y(self.scroll_y)  # a move of the thumb redraws it

    @staticmethod
    def _bar_drawing(bar: ScrollBar, scrolled: int, window: int) -> tuple:
        """The cells `bar` draws for a scrolled size and a view of `window` rows, at its
        position (its colours aside, which a new text leaves as they are)."""
        return _bar_cells(bar.size.height, scrolled, window, bar.position)

    def on_resize(self) -> None:
        if self.scrollable_content_region.width != self._wrapped_for:
            self._wrap()
            self.refresh()
        else:
            self._fit_scrolled_size()

    def render_line(self, y: int) -> Strip:
        return _drawn(self._strips, y + int(self.scroll_y), self.scrollable_content_region.width, self.base_style)


def _drawn(strips: list[Strip], row: int, width: int, style) -> Strip:
    """Row `row` of a scroll panel's wrapped text as it is drawn: padded to `width` in the
    panel's `style`, a row past the text blank."""
    if 0 <= row < len(strips):
        return strips[row].crop_extend(0, width, style)
    return Strip.blank(width, style)


@functools.lru_cache(maxsize=64)
def _bar_cells(size: int, scrolled: int, window: int, position: float) -> tuple:
    """A vertical scroll bar's cells (ScrollPanel._bar_drawing), kept: the sizes come back
    as the cursor goes from unit to unit."""
    return tuple(ScrollBarRender.render_bar(size=size, virtual_size=scrolled, window_size=window,
                                            position=position, vertical=True).segments)


class UnitPanel(ScrollPanel):
    """Every stat and status of the unit under the cursor (ruleset.unit_details), in a
    PanelBox; scrolls when the column is too short for all of it."""

    def show(self, title: str, lines: tuple[str, ...] | list[str]) -> None:
        self.show_text("\n".join(lines) if lines else "No unit here.", title)


class OddsPanel(ScrollPanel):
    """The odds preview: what the highlighted action would do (ruleset.explain_action)."""

    def show(self, title: str, lines: tuple[str, ...] | list[str]) -> None:
        self.show_text("\n".join(lines), title)


class InfoLine(TextPanel):
    """The cell under the cursor in words (ruleset.describe_cell); wraps onto a second line,
    which it always keeps (a fixed height: a cursor move is a repaint, not a new layout)."""

    def hold(self, rows: int | None) -> None:
        """Keep `rows` rows whatever the text, so a new text repaints the characters that
        changed and never asks for a layout pass (a playback's lines); None: the height
        follows the stylesheet again (sized if that fixes it: a cursor move is then still a
        repaint)."""
        self.styles.height = rows
        height = self.styles.height
        self.sized = height is not None and height.is_cells

    def rows_for(self, texts: list[str]) -> int:
        """The rows the tallest of these texts needs at the line's width (its most rows at
        the most: max-height in the stylesheet)."""
        width = self.content_region.width
        if width <= 0:
            return 1
        rows = max((len(Text(text).wrap(self.app.console, width)) for text in texts), default=1)
        most = self.styles.max_height
        return min(rows, int(most.value)) if most is not None and most.is_cells else rows


class Radar(TextPanel):
    """One line under the map, shown while the map is larger than its viewport: how many
    units of each side lie off screen, and in which direction."""


class StatusLine(TextPanel):
    """Round, who acts, and whether the AI is thinking."""

    sized = False  # height: auto: a long side name wraps onto another line


class BattleLog(RichLog):
    """The battle log: one line per event, explaining every roll (ruleset.describe_event).

    Long sentences wrap (with an indent kept) instead of running off an 80-column screen.
    """

    def __init__(self, **kwargs) -> None:
        # min_width: RichLog wraps at 78 columns at the least by default, wider than the log's column
        super().__init__(max_lines=2000, wrap=True, min_width=20, highlight=False, markup=False, **kwargs)
        self.can_focus = False
        self.written: list[str] = []  # every line as written, for show_lines
        self._starts: list[tuple[int, int] | None] = []  # (strip index, trimmed lines) of each

    def write_line(self, line: str) -> None:
        """Add a line; the log follows it only when it was at its bottom (a player reading
        back is not pulled away, and is followed again once back at the bottom)."""
        follow = self.scroll_y >= self.max_scroll_y
        self._starts.append((len(self.lines), self._start_line) if self._size_known else None)
        self.written.append(line)
        width = self.scrollable_content_region.width if self._size_known else 0
        # the log's own width: RichLog would otherwise measure against the console's
        self.write(Text(line), width=width if width > 0 else None, scroll_end=follow)

    def show_lines(self, lines: list[str]) -> None:
        """Make the log read `lines`: the lines it shares with what is written stay, the rest
        are taken back and written anew (a folded line that grew is one line rewritten)."""
        keep = 0
        for old, new in zip(self.written, lines):
            if old != new:
                break
            keep += 1
        if keep < len(self.written):
            self._take_back(keep)
        for line in lines[keep:]:
            self.write_line(line)

    def _take_back(self, keep: int) -> None:
        follow = self.scroll_y >= self.max_scroll_y
        start = self._starts[keep]
        gone = len(self.written) - keep
        if not self._size_known and len(self._deferred_renders) >= gone:
            for _ in range(gone):
                self._deferred_renders.pop()
        elif start is not None and start[0] - (self._start_line - start[1]) >= 0:
            del self.lines[start[0] - (self._start_line - start[1]):]
            self._line_cache.clear()
            self.virtual_size = Size(self._widest_line_width, len(self.lines))
            self.refresh()
        else:  # written before the log had a size, or trimmed since: write it all again
            kept = self.written[:keep]
            self.clear()
            self.written, self._starts = [], []
            for line in kept:
                self.write_line(line)
        del self.written[keep:]
        del self._starts[keep:]
        if follow:
            self.scroll_end(animate=False, immediate=False, x_axis=False)

    def clear(self):
        self.written, self._starts = [], []
        return super().clear()

    def on_resize(self, event) -> None:
        """Wrap every line again for the new width: lines are wrapped as they are written,
        and the log's column changes width with the terminal and the side panels."""
        width = self.scrollable_content_region.width
        if not self._size_known or width <= 0 or width == getattr(self, "_wrapped_for", width):
            self._wrapped_for = width
            return
        self._wrapped_for = width
        follow = self.scroll_y >= self.max_scroll_y
        kept = list(self.written)
        self.clear()
        for line in kept:
            self.write_line(line)
        if follow:
            self.scroll_end(animate=False, immediate=False, x_axis=False)

    @property
    def line_count(self) -> int:
        return len(self.lines)
