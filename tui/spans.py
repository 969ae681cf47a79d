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

The replacement is installed only for the Textual versions it was written
against (`SUPPORTED`): `ChopsUpdate` is Textual's internal class, so a newer
Textual keeps its own method until this module is checked against it.
"""

from __future__ import annotations

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
    """Make partial repaints write only their changed spans; True if installed.

    Idempotent; a Textual outside SUPPORTED is left as it is.
    """
    from textual._compositor import ChopsUpdate

    global replaced
    if not supported(textual_version()):
        return False
    if ChopsUpdate.render_segments is not render_segments:
        replaced = ChopsUpdate.render_segments
        ChopsUpdate.render_segments = render_segments  # type: ignore[method-assign]
    return True


#: Textual's own ChopsUpdate.render_segments, once install() replaced it (tests compare the two)
replaced: Any = None


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
    `self.chop_ends[y]` holds where each of those strips ends.
    """
    from rich.control import Control

    color_system = console._color_system or ColorSystem.TRUECOLOR  # as Strip.render does
    sequences: list[str] = []
    append = sequences.append
    move_to = Control.move_to
    chops = self.chops
    chop_ends = self.chop_ends
    last_y = self.spans[-1][0]
    for y, x1, x2 in self.spans:
        line = chops[y]
        ends = chop_ends[y]
        for end, (x, strip) in zip(ends, line.items()):
            if strip is None or x >= x2 or end <= x1:
                continue
            if x >= x1 and end <= x2:  # the whole strip changed
                append(move_to(x, y).segment.text)
                append(render_runs(strip, color_system))
                continue
            start, stop = cell_bounds(strip, max(x1 - x, 0), min(end, x2) - x)
            append(move_to(x + start, y).segment.text)
            append(render_runs(strip.crop(start, stop), color_system))
        if y != last_y:
            append("\n")
    return "".join(sequences)


def render_runs(segments: Any, color_system: ColorSystem) -> str:
    """Segments as terminal text, the style changed only where it changes, by what changes.

    Strip.render wraps every segment in its whole style and a reset, so neighbours of one
    style (a border's corner, its line and its title) repeat the same sequence, and a map
    cell of three colours pays three full styles and three resets. Here a run of one
    style is opened once, and a change of style sends only the attributes that differ
    (bold off and a new foreground, say), or a reset and the whole new style when that is
    shorter. A segment with a link is written as Strip.render writes it.
    """
    from textual.strip import Strip

    out: list[str] = []
    append = out.append
    current = _PLAIN  # what is in force: nothing at the start, as after Strip.render's reset
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
    if current is not _PLAIN:
        append("\x1b[0m")
    return "".join(out)


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
