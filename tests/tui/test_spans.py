"""Partial repaints write only the changed span (tui.spans), and a terminal shows the same
screen as with Textual's own writer: frames drawn on a terminal emulator (pyte), then a
partial update of the spans that changed, both ways, compared cell by cell."""

from __future__ import annotations

import random

import pyte
import pytest
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from textual._compositor import ChopsUpdate
from textual.strip import Strip

from tui import spans

WIDTH, HEIGHT = 60, 6
CUTS = [0, 17, 40, WIDTH]  # three widgets side by side on every line
STYLES = [
    Style(color="grey50"),
    Style(color="white", bgcolor="dark_cyan", bold=True),
    Style(color="grey50", bgcolor="dark_cyan"),
    Style(color="yellow", bgcolor="dark_cyan", bold=True, reverse=True),
    Style(color="red", bold=True, underline=True),
    Style(color="red", dim=True),
    Style(bgcolor="navy_blue"),
    Style(color="white", bold=True, dim=True, italic=True, strike=True),
    Style(),
    None,
]


@pytest.fixture(autouse=True)
def installed():
    assert spans.install(), "the Textual this suite pins is one tui.spans supports"
    return spans.replaced


def console() -> Console:
    return Console(color_system="256", force_terminal=True, width=WIDTH, height=HEIGHT)


def random_strip(rng: random.Random, width: int) -> Strip:
    segments, used = [], 0
    while used < width:
        style = rng.choice(STYLES)
        if width - used >= 2 and rng.random() < 0.15:
            text = "城"  # a wide character: two cells
        else:
            text = "".join(rng.choice(".#~ab ") for _ in range(min(width - used, rng.randint(1, 5))))
        segments.append(Segment(text, style))
        used += Strip([segments[-1]]).cell_length
    return Strip(segments, width)


def frame(rng: random.Random) -> list[dict[int, Strip]]:
    return [{a: random_strip(rng, b - a) for a, b in zip(CUTS, CUTS[1:])} for _ in range(HEIGHT)]


def changed(rng: random.Random, old: list[dict[int, Strip]]) -> tuple[list[dict[int, Strip]], list[tuple[int, int, int]]]:
    """A new frame with some stretches of `old` redrawn, and on each line the span from the
    first to the last cell that changed (as a widget's refresh region covers them)."""
    new = [dict(line) for line in old]
    for y in sorted(rng.sample(range(HEIGHT), 3)):
        x1 = rng.randrange(0, WIDTH - 1)
        x2 = rng.randint(x1 + 1, min(WIDTH, x1 + 12))
        for a, b in zip(CUTS, CUTS[1:]):  # redraw the part of each widget the stretch covers
            lo, hi = max(a, x1), min(b, x2)
            if lo >= hi:
                continue
            strip = old[y][a]
            middle = random_strip(rng, hi - lo)
            new[y][a] = Strip.join([strip.crop(0, lo - a), middle, strip.crop(hi - a, b - a)])
    before, after = cells(drawn(old)), cells(drawn(new))
    spans_ = []
    for y in range(HEIGHT):
        differ = [x for x in range(WIDTH) if before[y][x] != after[y][x]]
        if differ:
            spans_.append((y, differ[0], differ[-1] + 1))
    return new, spans_


def drawn(lines: list[dict[int, Strip]]) -> pyte.Screen:
    screen = pyte.Screen(WIDTH, HEIGHT)
    whole = ChopsUpdate(lines, [(y, 0, WIDTH) for y in range(HEIGHT)], [CUTS[1:]] * HEIGHT)
    pyte.Stream(screen).feed(spans.replaced(whole, console()))
    return screen


def terminal_after(first: list[dict[int, Strip]], update: ChopsUpdate, writer) -> pyte.Screen:
    screen = pyte.Screen(WIDTH, HEIGHT)
    stream = pyte.Stream(screen)
    full = ChopsUpdate(first, [(y, 0, WIDTH) for y in range(HEIGHT)], [CUTS[1:]] * HEIGHT)
    stream.feed(writer(full, console()))
    stream.feed(writer(update, console()))
    return screen


def cells(screen: pyte.Screen) -> list[list[tuple]]:
    return [[tuple(screen.buffer[y][x]) for x in range(WIDTH)] for y in range(HEIGHT)]


@pytest.mark.parametrize("seed", range(40))
def test_a_partial_update_shows_what_textuals_own_writer_shows(installed, seed):
    rng = random.Random(seed)
    old = frame(rng)
    new, changed_spans = changed(rng, old)
    update = ChopsUpdate(new, changed_spans, [CUTS[1:]] * HEIGHT)
    assert changed_spans, "the frames differ somewhere"
    ours = cells(terminal_after(old, update, spans.render_segments))
    assert ours == cells(drawn(new))
    assert ours == cells(terminal_after(old, update, installed))


def test_a_span_in_the_middle_of_a_widget_is_written_from_its_own_first_column(installed):
    rng = random.Random(3)
    old = frame(rng)
    new = [dict(line) for line in old]
    row = [Style(color="grey50")] * 23
    line = Strip([Segment(".", s) for s in row], 23)
    new[2][17] = line
    update = ChopsUpdate(new, [(2, 30, 33)], [CUTS[1:]] * HEIGHT)
    ours = spans.render_segments(update, console())
    assert ours.startswith("\x1b[3;31H")  # row 2, column 30, 1-based
    assert len(ours) < len(installed(update, console()))


def test_the_style_carries_from_one_span_to_the_next_and_no_newline_is_written(installed):
    panel = Style(color="grey82", bgcolor="grey7")
    line = Strip([Segment("health 12/12", panel)], 23)
    new = [{17: line} for _ in range(HEIGHT)]
    update = ChopsUpdate(new, [(1, 24, 26), (3, 24, 26)], [[40]] * HEIGHT)
    ours = spans.render_segments(update, console())
    assert "\n" not in ours
    assert ours.count("\x1b[0m") == 1 and ours.endswith("\x1b[0m")  # one reset, at the end
    assert ours.count("\x1b[38;5;252;48;5;233m") == 1  # the second span's look is already in force
    assert len(ours) < len(installed(update, console()))


def test_one_style_run_is_one_sequence_and_a_change_sends_only_what_differs():
    border = Style(color="blue", bgcolor="grey11")
    run = spans.render_runs([Segment("╭", border), Segment("─", border), Segment(" Gale ", border)], console()._color_system)
    assert run.count("\x1b[") == 2 and run.endswith("\x1b[0m")  # one style opened, one reset
    bold = Style(color="white", bgcolor="dark_cyan", bold=True)
    grey = Style(color="grey50", bgcolor="dark_cyan")
    cell = spans.render_runs([Segment("(", bold), Segment(".", grey), Segment(")", bold)], console()._color_system)
    assert "\x1b[22;38;5;244m." in cell  # bold off and a new foreground; the background stays
    faded, plain = Style(color="red", bold=True, dim=True), Style(color="red", bold=True)
    assert "\x1b[22;1my" in spans.render_runs([Segment("x", faded), Segment("y", plain)], console()._color_system)


def test_a_cut_inside_a_wide_character_moves_to_its_edges():
    strip = [Segment("ab"), Segment("城城"), Segment("c")]
    assert spans.cell_bounds(strip, 3, 5) == (2, 6)  # column 3 and 5 are second halves
    assert spans.cell_bounds(strip, 2, 4) == (2, 4)


def test_only_the_textual_it_was_written_against_is_changed():
    assert spans.supported("8.2.8") and not spans.supported("9.0.0") and not spans.supported("8.3.0")


def test_the_textual_version_is_read_from_its_distribution_folder_as_importlib_reads_it(tmp_path, monkeypatch):
    import textual

    assert spans.textual_version() == textual.__version__
    (tmp_path / "textual").mkdir()
    for version in ("8.2.8", "7.0.0"):  # two folders: which one is in use is not known from names
        (tmp_path / f"textual-{version}.dist-info").mkdir()
    monkeypatch.setattr(textual, "__file__", str(tmp_path / "textual" / "__init__.py"))
    assert spans.textual_version() == textual.__version__  # the metadata's answer, not a guess
    (tmp_path / "textual-7.0.0.dist-info").rmdir()
    (tmp_path / "textual-8.2.8.dist-info").rename(tmp_path / "textual-8.2.9.dist-info")
    assert spans.textual_version() == "8.2.9"  # one folder: its name


@pytest.mark.parametrize("seed", range(20))
def test_a_span_is_cut_from_its_line_as_strip_crop_cuts_it(seed):
    rng = random.Random(seed)
    strip = random_strip(rng, WIDTH)
    for _ in range(30):
        a = rng.randrange(0, WIDTH)
        start, stop = spans.cell_bounds(strip, a, rng.randint(a + 1, WIDTH))
        assert spans.cropped(strip, start, stop) == list(strip.crop(start, stop))
