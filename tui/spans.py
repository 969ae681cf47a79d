"""Partial repaints that write only the changed span of a line.

When a widget refreshes part of a line (the two map cells a cursor move
touches, the few characters of the info line that changed), Textual 8's
`ChopsUpdate.render_segments` writes that line's stretch from the *widget's*
left edge up to the end of the changed span: a cursor in the middle of a map
row rewrites every cell to its left, each with its colour codes. Over SSH on a
slow link that is most of what a cursor move costs.

`install()` replaces that one method with `render_segments` below, which starts
each write at the changed span's first column (moved back to a character's
start when the span begins inside a wide character) and ends it at the span's
last, or at the end of the wide character it stops in. What reaches the screen
is the same; only fewer bytes carry it. tests/tui/test_spans.py compares the
screen both ways.

Before writing, Textual 8's `Compositor.render_partial_update` renders every
widget that the rectangle around *all* the changed regions crosses, each of them
whole: a cursor move changes two map cells near the top and a few characters of
the info line near the bottom, and that rectangle crosses most of the battle
screen (16 widgets a move). `install()` also replaces that method with
`render_partial_update` below, which renders only the widgets a changed region
touches and shows, and of each only the lines a change is on. The writer above then
reads exactly the strips it read before.

The replacements are installed only for the Textual versions they were written
against (`SUPPORTED`): `ChopsUpdate` and `Compositor` are Textual's internal
classes, so a newer Textual keeps its own methods until this module is checked
against it.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from pathlib import Path
from typing import Any, Iterable

from rich.cells import cell_len, get_character_cell_size
from rich.color import ColorSystem
from rich.segment import Segment

SUPPORTED = ("8.2.",)


def supported(version: str) -> bool:
    """Whether the Textual `version` has the ChopsUpdate this module was written against."""
    return version.startswith(SUPPORTED)


def textual_version() -> str:
    """The installed Textual's version, read from its distribution folder's name beside the
    package (`textual-8.2.8.dist-info`): `textual.__version__` imports importlib.metadata,
    and with it the email and csv modules, a tenth of the game's start-up. Falls back to
    `textual.__version__` when no single such folder is there."""
    import textual

    site = Path(textual.__file__).resolve().parent.parent
    found = [p.name[len("textual-"):-len(".dist-info")] for p in site.glob("textual-*.dist-info")]
    return found[0] if len(found) == 1 else textual.__version__


def install() -> bool:
    """Make partial repaints render only the widgets they touch and write only their
    changed spans; True if installed.

    Idempotent; a Textual outside SUPPORTED is left as it is.
    """
    from textual._compositor import ChopsUpdate, Compositor

    global replaced, replaced_update
    if not supported(textual_version()):
        return False
    if ChopsUpdate.render_segments is not render_segments:
        replaced = ChopsUpdate.render_segments
        ChopsUpdate.render_segments = render_segments  # type: ignore[method-assign]
    if Compositor.render_partial_update is not render_partial_update:
        replaced_update = Compositor.render_partial_update
        Compositor.render_partial_update = render_partial_update  # type: ignore[method-assign]
    return True


#: Textual's own ChopsUpdate.render_segments, once install() replaced it (tests compare the two)
replaced: Any = None
#: Textual's own Compositor.render_partial_update, once install() replaced it
replaced_update: Any = None


def render_partial_update(self: Any) -> Any:
    """Compositor.render_partial_update, rendering only what the changed regions touch.

    The update is the same ChopsUpdate Textual makes, read the same way: for each line with
    a changed span, `chops[y]` maps the first column of each widget's stretch of that line
    to the strip of the front-most widget there. Textual fills them from every widget the
    rectangle around all the changed regions crosses, rendering each whole. A stretch a
    span covers holds a changed cell, and every widget visible in it overlaps that cell's
    region; so the widgets that overlap a changed region, taken front to back as Textual
    takes them, fill every stretch the writer reads, each from the same widget. A widget
    is rendered only when a stretch of a changed line that it would fill is still empty
    (the containers behind the map and the panels never are), and only from its first to
    its last such line.
    """
    from textual._compositor import ChopsUpdate
    from textual.geometry import Region

    screen = self.size.region
    changed = self._dirty_regions.copy()
    self._dirty_regions.clear()
    if not changed:
        return None
    regions = [r for r in (region.intersection(screen) for region in changed) if r]
    spans = list(self._regions_to_spans(changed))
    if not regions or any(y >= len(self.cuts) for y, _, _ in spans):  # off screen: as Textual does
        self._dirty_regions.update(changed)
        return replaced_update(self)
    on_line: dict[int, list[tuple[int, int]]] = {}
    for y, x1, x2 in spans:
        on_line.setdefault(y, []).append((x1, x2))
    rows = sorted(on_line)
    cuts = self.cuts
    chops: list[dict[int, Any]] = [dict.fromkeys(cut_set[:-1]) for cut_set in cuts]
    boxes = [(r.x, r.y, r.x + r.width, r.y + r.height) for r in regions]
    for widget, (region, clip) in self.visible_widgets.items():
        # the part of the widget shown (region within clip), and whether a changed region
        # overlaps it: worked out on plain numbers, for the screen's dozens of widgets
        rx, ry, rw, rh = region
        cx, cy, cw, ch = clip
        left, top = max(rx, cx), max(ry, cy)
        right, bottom = min(rx + rw, cx + cw), min(ry + rh, cy + ch)
        if left >= right or top >= bottom:
            continue
        for bx, by, bx2, by2 in boxes:
            if bx < right and left < bx2 and by < bottom and top < by2:
                break
        else:
            continue
        wanted: dict[int, tuple[list[int], set[int]]] = {}  # line -> (its cuts, the stretches it fills)
        for y in rows:
            if not top <= y < bottom:
                continue
            chops_line = chops[y]
            line_spans = on_line[y]
            line_cuts = cuts[y]  # ascending
            final_cuts = line_cuts[bisect_left(line_cuts, left):bisect_right(line_cuts, right)]
            empty = {
                cut for cut, end in zip(final_cuts, final_cuts[1:])
                if chops_line[cut] is None and any(x1 < end and cut < x2 for x1, x2 in line_spans)
            }
            if empty:
                wanted[y] = (final_cuts, empty)
        if not wanted:  # every stretch a change is in is shown by a widget in front of it
            continue
        first, last = min(wanted), max(wanted)
        strips = widget.render_lines(Region(left - rx, first - ry, right - left, last - first + 1))
        for y, (final_cuts, empty) in wanted.items():
            chops_line = chops[y]
            pieces = strips[y - first].divide([cut - left for cut in final_cuts[1:]])
            for cut, piece in zip(final_cuts, pieces):
                if cut in empty:
                    chops_line[cut] = piece
    return ChopsUpdate(chops, spans, [cut_set[1:] for cut_set in cuts])


def cell_bounds(segments: Iterable[Segment], start: int, stop: int) -> tuple[int, int]:
    """(start, stop) in cells, widened so that neither cuts a wide character in two."""
    pos = 0
    new_start, new_stop = start, stop
    for segment in segments:
        if segment.control:
            continue
        text = segment.text
        width = cell_len(text)
        end = pos + width
        if width != len(text) and pos < stop and end > start:  # wide characters in the window
            at = pos
            for char in text:
                size = get_character_cell_size(char)
                if at < start < at + size:
                    new_start = at
                if at < stop < at + size:
                    new_stop = at + size
                at += size
        pos = end
        if pos >= stop:
            break
    return new_start, new_stop


def render_segments(self: Any, console: Any) -> str:
    """ChopsUpdate.render_segments, writing each span from its own first column.

    `self.spans` holds (y, x1, x2) per changed span in screen cells; `self.chops[y]`
    maps each widget's first column on line y to its strip there, and
    `self.chop_ends[y]` holds where each of those strips ends. Every span starts with a
    move to its own first column, so no newline is written between lines, and the style in
    force carries from one span to the next (moving the cursor leaves it as it is): the
    next span sends only what differs, and the update ends with one reset.
    """
    from rich.control import Control

    color_system = console._color_system or ColorSystem.TRUECOLOR  # as Strip.render does
    sequences: list[str] = []
    append = sequences.append
    move_to = Control.move_to
    chops = self.chops
    chop_ends = self.chop_ends
    current = _PLAIN
    for y, x1, x2 in self.spans:
        line = chops[y]
        ends = chop_ends[y]
        for end, (x, strip) in zip(ends, line.items()):
            if strip is None or x >= x2 or end <= x1:
                continue
            if x >= x1 and end <= x2:  # the whole strip changed
                append(move_to(x, y).segment.text)
                current = write_runs(append, strip, color_system, current)
                continue
            start, stop = cell_bounds(strip, max(x1 - x, 0), min(end, x2) - x)
            append(move_to(x + start, y).segment.text)
            current = write_runs(append, cropped(strip, start, stop), color_system, current)
    if current is not _PLAIN:
        append("\x1b[0m")
    return "".join(sequences)


def cropped(segments: Iterable[Segment], start: int, stop: int) -> list[Segment]:
    """The segments of a strip from cell `start` to cell `stop`, cut as Strip.crop cuts them,
    neither end inside a wide character (cell_bounds). A list, not a Strip: the writer reads
    each span's segments once, and a Strip's making (its eight caches) cost more than the
    cutting: a fifth of what writing a ninja cursor move took."""
    out: list[Segment] = []
    pos = 0
    for segment in segments:
        if pos >= stop:
            break
        end = pos + cell_len(segment.text)
        if end > start:
            if pos < start:
                segment = segment.split_cells(start - pos)[1]
            if end > stop:
                segment = segment.split_cells(stop - max(pos, start))[0]
            out.append(segment)
        pos = end
    return out


def render_runs(segments: Any, color_system: ColorSystem) -> str:
    """Segments as terminal text, the style changed only where it changes, by what changes,
    from no style to no style (write_runs)."""
    out: list[str] = []
    if write_runs(out.append, segments, color_system, _PLAIN) is not _PLAIN:
        out.append("\x1b[0m")
    return "".join(out)


def write_runs(append: Any, segments: Any, color_system: ColorSystem, current: Any) -> Any:
    """Append `segments` as terminal text, starting with the look `current` in force;
    returns the look in force after them.

    Strip.render wraps every segment in its whole style and a reset, so neighbours of one
    style (a border's corner, its line and its title) repeat the same sequence, and a map
    cell of three colours pays three full styles and three resets. Here a run of one
    style is opened once, and a change of style sends only the attributes that differ
    (bold off and a new foreground, say), or a reset and the whole new style when that is
    shorter. A segment with a link is written as Strip.render writes it.
    """
    from textual.strip import Strip

    for text, style, _ in segments:
        if not text:
            continue
        if style is None or style._link:
            if current is not _PLAIN:
                append("\x1b[0m")
                current = _PLAIN
            append(text if style is None else Strip.render_style(style, text, color_system))
            continue
        look = _look(style, color_system)
        if look != current:
            append(_change(current, look))
            current = look
        append(text)
    return current


#: SGR codes that turn attributes on, by Rich's attribute bit (textual.strip.SGR_STYLES)
_ON = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "21", "51", "52", "53")
#: SGR codes that turn attributes off, with the bits each turns off (22 ends bold and dim)
_OFF = (("22", 0b11), ("23", 0b100), ("24", 0b1000001000), ("25", 0b110000), ("27", 0b1000000),
        ("28", 0b10000000), ("29", 0b100000000), ("54", 0b110000000000), ("55", 0b1000000000000))


def _look(style: Any, color_system: ColorSystem) -> tuple[int, tuple[str, ...], tuple[str, ...], str]:
    """(attribute bits, foreground codes, background codes, the whole style's SGR) of a style."""
    key = (style, color_system)
    look = _LOOKS.get(key)
    if look is None:
        from textual.strip import Strip

        color, bgcolor = style._color, style._bgcolor
        look = (
            style._attributes & style._set_attributes,
            tuple(color.downgrade(color_system).get_ansi_codes()) if color is not None else (),
            tuple(bgcolor.downgrade(color_system).get_ansi_codes(False)) if bgcolor is not None else (),
            Strip.render_ansi(style, color_system),
        )
        if len(_LOOKS) > 4096:
            _LOOKS.clear()
        _LOOKS[key] = look
    return look


_LOOKS: dict[tuple[Any, ColorSystem], tuple[int, tuple[str, ...], tuple[str, ...], str]] = {}
_PLAIN = (0, (), (), "")


def _change(old: tuple[int, tuple[str, ...], tuple[str, ...], str], new: tuple[int, tuple[str, ...], tuple[str, ...], str]) -> str:
    """The shortest SGR sequence that turns the look `old` into `new`."""
    whole = f"\x1b[0;{new[3]}m" if new[3] else "\x1b[0m"
    if old is _PLAIN:
        return f"\x1b[{new[3]}m" if new[3] else ""
    codes: list[str] = []
    gone = old[0] & ~new[0]
    on = new[0] & ~old[0]
    for code, bits in _OFF:
        if gone & bits:
            codes.append(code)
            on |= new[0] & bits  # a shared off code (22: bold and dim) ends one that stays
    codes.extend(_ON[bit] for bit in range(on.bit_length()) if on & (1 << bit))
    if old[1] != new[1]:
        codes.extend(new[1] or ("39",))
    if old[2] != new[2]:
        codes.extend(new[2] or ("49",))
    delta = f"\x1b[{';'.join(codes)}m"
    return delta if len(delta) < len(whole) else whole
