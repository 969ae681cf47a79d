"""A cursor move does only the work its repaint needs: the key goes straight to the screen's
binding, only the widgets and lines a change is on are rendered, the map draws again only
the cells that changed, the info line lays a text out once (and keeps it for when the
cursor comes back), and a text that fits after another, or any text that draws the same
thumb, leaves a panel's scroll bar alone.
Where a drawing is kept, the test checks it is what drawing afresh gives. The text panels
show names as written (plain text, no markup)."""

from __future__ import annotations

import pytest
from textual.geometry import Region
from textual.message_pump import MessagePump
from textual.visual import Visual
from textual.widget import Widget

from tests.tui.conftest import make_app
from tests.tui.test_battle_footer import open_battle as open_footer_battle
from tests.tui.test_fit import BATTLES
from tests.tui.test_panel_repaint import boxed_panel
from tui import spans
from tui.screens.battle import BattleScreen
from tui.widgets.map import BattleMap
from tui.widgets.panels import InfoLine, UnitPanel


async def open_battle(pilot, app, name: str) -> BattleScreen:
    screen = await open_footer_battle(pilot, app, name)
    # no toast (the AI's "sealed orders") may time out during a measured key: its going
    # repaints the map's rows and the containers under it
    app.clear_notifications()
    for _ in range(100):  # nor a playback of the AI's last action still running (a key would skip it)
        if not screen.playing:
            break
        await pilot.pause(0.05)
    for _ in range(10):  # the screens under the pushed one settle
        await pilot.pause()
    return screen


async def until_nothing_is_drawn(pilot, rendered: list) -> None:
    """Pause until a pause draws nothing (a loaded machine draws a battle's opening late);
    `rendered` is what a spy on Widget.render_lines records, and is left empty if it settled."""
    for _ in range(50):
        rendered.clear()
        await pilot.pause(0.02)
        if not rendered:
            return


@pytest.mark.parametrize("name", sorted(BATTLES))
async def test_a_move_key_goes_to_the_screen_without_passing_through_the_widgets(tmp_path, monkeypatch, name):
    reached: list[str] = []
    dispatch = MessagePump._dispatch_message

    async def recorded(self, message):
        if type(message).__name__ == "Key":
            reached.append(type(self).__name__)
        return await dispatch(self, message)

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_battle(pilot, app, name)
        before = screen.map.cursor
        monkeypatch.setattr(MessagePump, "_dispatch_message", recorded)
        await pilot.press("right")
        await pilot.pause()
        assert screen.map.cursor != before
        assert reached == ["SkirmishApp"], reached  # not the map, its containers, then the screen


@pytest.mark.parametrize("name", sorted(BATTLES))
async def test_a_cursor_move_renders_only_the_widgets_and_lines_it_changed(tmp_path, monkeypatch, name):
    assert spans.install(), "the Textual this suite pins is one tui.spans supports"
    rendered: list[tuple[str, int]] = []
    render_lines = Widget.render_lines

    def recorded(self, crop: Region):
        rendered.append((type(self).__name__, crop.height))
        return render_lines(self, crop)

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_battle(pilot, app, name)
        await pilot.press("right")  # the first key still finds the pushed screen settling: a full repaint
        monkeypatch.setattr(Widget, "render_lines", recorded)
        await until_nothing_is_drawn(pilot, rendered)
        assert not rendered, f"the screen never settled: {rendered}"
        await pilot.press("right")
        await pilot.pause()
        monkeypatch.setattr(Widget, "render_lines", render_lines)
        kinds = {kind for kind, _ in rendered}
        assert "BattleMap" in kinds
        # the containers' stretches of the changed lines are covered by the widgets in them
        assert not kinds & {"BattleScreen", "Horizontal", "Vertical"}, rendered
        assert [height for kind, height in rendered if kind == "BattleMap"] == [1], rendered  # the cursor's row


@pytest.mark.parametrize("name", sorted(BATTLES))
async def test_a_cursor_move_draws_the_cells_it_changed_and_the_map_looks_as_drawn_afresh(tmp_path, monkeypatch, name):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_battle(pilot, app, name)
        battle_map = screen.map
        drawn: list[tuple[int, int]] = []
        cell_segments = BattleMap._cell_segments
        monkeypatch.setattr(BattleMap, "_cell_segments", lambda self, col, row: drawn.append((col, row)) or cell_segments(self, col, row))
        for key in ["right", "right", "down", "left", "up"]:
            before = battle_map.cursor
            drawn.clear()
            await pilot.press(key)
            await pilot.pause()
            assert before in drawn and battle_map.cursor in drawn
            assert len(drawn) < battle_map.view.width, f"{len(drawn)} cells drawn for one cursor move"
        shown = [battle_map.render_line(y) for y in range(battle_map.size.height)]
        battle_map._cells.clear()
        battle_map._rows.clear()
        assert shown == [battle_map.render_line(y) for y in range(battle_map.size.height)]


async def test_the_info_line_lays_a_text_out_once(tmp_path, monkeypatch):
    laid_out: list[str] = []
    to_strips = Visual.to_strips

    def recorded(widget, *args, **kwargs):
        laid_out.append(type(widget).__name__)
        return to_strips(widget, *args, **kwargs)

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_battle(pilot, app, "statwar")
        info = screen.query_one(InfoLine)
        before = str(info.render())
        monkeypatch.setattr(Visual, "to_strips", staticmethod(recorded))
        await pilot.press("right")
        await pilot.pause()
        monkeypatch.setattr(Visual, "to_strips", staticmethod(to_strips))
        assert str(info.render()) != before
        assert laid_out.count("InfoLine") == 1
        shown = [info.render_line(y) for y in range(info.size.height)]
        info._strips = None  # Static's own drawing of the same text
        assert shown == [info.render_line(y) for y in range(info.size.height)]
        after = str(info.render())
        await pilot.press("left")
        await pilot.pause()
        laid_out.clear()
        monkeypatch.setattr(Visual, "to_strips", staticmethod(recorded))
        await pilot.press("right")  # back to a cell whose line was laid out: it is kept
        await pilot.pause()
        monkeypatch.setattr(Visual, "to_strips", staticmethod(to_strips))
        assert str(info.render()) == after and "InfoLine" not in laid_out
        shown = [info.render_line(y) for y in range(info.size.height)]
        info._strips = None
        assert shown == [info.render_line(y) for y in range(info.size.height)]


async def test_a_text_that_fits_leaves_the_scroll_bar_alone(monkeypatch):
    app = boxed_panel("#unit-box { height: 8; width: 30; }")
    async with app.run_test(size=(40, 12)) as pilot:
        panel = app.query_one(UnitPanel)
        panel.show("Gale", ["health 5/5"])
        await pilot.pause()
        rows = panel.scrollable_content_region.height
        assert panel.virtual_size.height == rows
        bar = panel.vertical_scrollbar
        redrawn: list[int] = []
        refresh = Widget.refresh
        monkeypatch.setattr(bar, "refresh", lambda *a, **k: redrawn.append(1) or refresh(bar, *a, **k))
        panel.show("Gale", ["health 4/5", "chi 2/3", "poisoned"])  # longer, and still fits
        await pilot.pause()
        assert panel.virtual_size.height == rows and redrawn == []
        panel.show("Gale", [f"line {i}" for i in range(rows + 3)])  # more than the view: a thumb
        await pilot.pause()
        assert panel.virtual_size.height == rows + 3 and redrawn


def bar_lines(bar) -> list:
    """The scroll bar's lines as drawn afresh."""
    bar.refresh()
    return list(bar.render_lines(Region(0, 0, bar.size.width, bar.size.height)))


async def test_a_longer_text_that_draws_the_same_thumb_leaves_the_scroll_bar_alone(monkeypatch):
    app = boxed_panel("#unit-box { height: 8; width: 30; }")
    async with app.run_test(size=(40, 12)) as pilot:
        panel = app.query_one(UnitPanel)
        rows = panel.scrollable_content_region.height
        many = rows * rows + 4  # a thumb of one cell (the view a tenth of the text or less)
        panel.show("Gale", [f"line {i}" for i in range(many)])
        await pilot.pause()
        bar = panel.vertical_scrollbar
        shown = bar_lines(bar)
        await pilot.pause()
        redrawn: list[int] = []
        refresh = Widget.refresh
        monkeypatch.setattr(bar, "refresh", lambda *a, **k: redrawn.append(1) or refresh(bar, *a, **k))
        panel.show("Ash", [f"line {i}" for i in range(many + 1)])  # another unit, one line more
        await pilot.pause()
        assert panel.virtual_size.height == many + 1 and bar.window_virtual_size == many + 1
        assert redrawn == []
        assert bar_lines(bar) == shown  # what the screen still shows is what the bar draws now
        redrawn.clear()
        panel.show("Mist", [f"line {i}" for i in range(rows + 1)])  # a thumb of most of the bar
        await pilot.pause()
        assert redrawn and bar_lines(bar) != shown
        panel.show("Mist", [f"line {i}" for i in range(many)])
        panel.scroll_end(animate=False, immediate=True)  # read down to the end (the wheel does it)
        await pilot.pause()
        redrawn.clear()
        panel.show("Mist", [f"line {i}" for i in range(rows + 2)])  # the same unit, a shorter sheet
        await pilot.pause()
        assert panel.scroll_y == panel.max_scroll_y == 2 and bar.position == 2
        assert redrawn  # the thumb moved up with the view


async def test_a_sheet_line_is_sent_up_to_its_text_not_across_the_panel(monkeypatch):
    """A short line where a blank row was (and a blank row where a short line was) changes
    the cells of its text alone: the rest of the row is the panel's padding before and
    after. Compared unpadded, the whole row was sent (86 spaces a row at 200x50)."""
    app = boxed_panel("#unit-box { height: 8; width: 60; }")
    async with app.run_test(size=(70, 12)) as pilot:
        panel = app.query_one(UnitPanel)
        panel.show("Jory", ["Jory Brine"])
        await pilot.pause()
        asked: list = []
        refresh = Widget.refresh
        monkeypatch.setattr(panel, "refresh", lambda *regions, **k: asked.extend(regions) or refresh(panel, *regions, **k))
        panel.show("Jory", ["Jory Brine", "commander"])  # row 1 was blank
        assert [(r.y, r.x, r.width) for r in asked] == [(1, 0, len("commander"))]
        asked.clear()
        panel.show("Jory", ["Jory Brine"])  # and is blank again
        assert [(r.y, r.x, r.width) for r in asked] == [(1, 0, len("commander"))]
        await pilot.pause()
        shown = [panel.render_line(y) for y in range(panel.size.height)]
        panel.refresh()
        assert shown == [panel.render_line(y) for y in range(panel.size.height)]


async def test_the_line_under_the_map_shows_names_as_written(tmp_path):
    from textual.app import App

    from tui.widgets.panels import StatusLine

    class Lines(App):
        def compose(self):
            yield InfoLine(id="info-line")
            yield StatusLine(id="battle-status")

    app = Lines()
    async with app.run_test(size=(60, 6)) as pilot:
        info, status = app.query_one(InfoLine), app.query_one(StatusLine)
        info.show_text("(3,4): open ground; Bear [elite] of Hill Folk [/] (5/5 health)")
        status.show_text("To act: [b]Order[/b]")
        await pilot.pause()
        assert "Bear [elite] of Hill Folk [/]" in info.render_line(0).text
        assert status.render_line(0).text.startswith("To act: [b]Order[/b]")


def test_changes_far_apart_on_a_line_are_sent_as_two_spans():
    """Another unit's cell line: the coordinate and the name change, the terrain between
    does not, and is not sent again. Each span runs from a changed column to a changed
    column; changes nearer than SPLIT_GAP unchanged columns stay one span."""
    import random

    from rich.segment import Segment
    from rich.style import Style
    from textual.strip import Strip

    from tui.widgets.panels import SPLIT_GAP, cells_shown, changed_spans

    def line(text: str) -> Strip:
        return Strip([Segment(text, Style(color="grey82", bgcolor="grey7"))])

    old = line("(0,4) open, elevation 2; Ash Master of Mist Alliance 20 (13/13 health)")
    new = line("(1,4) open, elevation 2; Gale Veteran of Mist Alliance 20 (13/13 health)")
    assert [(r.x, r.right) for r in changed_spans(7, old, new)] == [(1, 2), (25, 72)]
    assert all(r.y == 7 for r in changed_spans(7, old, new))
    near = line("(1,4) open, elevation 3; Ash Master of Mist Alliance 20 (13/13 health)")
    assert [(r.x, r.right) for r in changed_spans(0, old, near)] == [(1, 2), (22, 23)]  # 20 columns apart
    assert changed_spans(0, old, old) == []

    styles = [Style(color="grey82", bgcolor="grey7"), Style(bold=True, color="white"), None]
    rng = random.Random(11)
    for _ in range(300):
        old = Strip([Segment("".join(rng.choice("ab (),7 ") for _ in range(rng.randint(1, 30))), rng.choice(styles))
                     for _ in range(rng.randint(1, 4))])
        new = Strip([Segment("".join(rng.choice("ab (),7 ") for _ in range(rng.randint(1, 30))), rng.choice(styles))
                     for _ in range(rng.randint(1, 4))])
        a, b = cells_shown(old), cells_shown(new)
        width = max(len(a), len(b))
        a, b = a + [None] * (width - len(a)), b + [None] * (width - len(b))
        changed = {x for x in range(width) if a[x] != b[x]}
        spans = changed_spans(0, old, new)
        covered = {x for r in spans for x in range(r.x, r.right)}
        assert changed <= covered  # every changed column is sent
        for r in spans:
            assert r.x in changed and r.right - 1 in changed  # from a change to a change
            inside = [x for x in sorted(changed) if r.x <= x < r.right]
            assert all(q - p - 1 < SPLIT_GAP for p, q in zip(inside, inside[1:]))  # near changes stay together
        for r, s in zip(spans, spans[1:]):
            assert s.x - r.right >= SPLIT_GAP  # and far ones are apart


def test_a_changed_span_found_from_the_texts_alone_is_the_one_the_cells_give():
    """changed_span compares two lines of the same runs of styles by their texts
    (same_runs); the columns it names are those a cell-by-cell comparison names."""
    import random

    from rich.segment import Segment
    from rich.style import Style
    from textual.strip import Strip

    from tui.widgets.panels import cells_shown, changed_span, same_runs

    def by_cells(old: Strip, new: Strip):
        a, b = cells_shown(old), cells_shown(new)
        width = max(len(a), len(b))
        a, b = a + [None] * (width - len(a)), b + [None] * (width - len(b))
        changed = [x for x in range(width) if a[x] != b[x]]
        return (changed[0], changed[-1] + 1) if changed else None

    styles = [Style(color="grey82", bgcolor="grey7"), Style(bold=True, color="white"), Style(underline=True), None]
    rng = random.Random(5)
    fast = 0
    for _ in range(400):
        runs = [(rng.choice(styles), rng.randint(1, 6)) for _ in range(rng.randint(1, 5))]
        old = Strip([Segment("".join(rng.choice("ab (),7 ") for _ in range(n)), style) for style, n in runs])
        keep = rng.random() < 0.7  # most pairs keep the runs, as a cell name's digit changing does
        new_runs = runs if keep else [(rng.choice(styles), n) for _, n in runs]
        new = Strip([Segment("".join(rng.choice("ab (),7 ") for _ in range(n)), style) for style, n in new_runs])
        fast += same_runs(old, new) is not None
        region = changed_span(0, old, new)
        assert (None if region is None else (region.x, region.right)) == by_cells(old, new)
    assert fast > 200  # the texts alone answered most of them


async def test_the_menus_warm_up_leaves_a_battle_opened_over_it_alone(tmp_path, monkeypatch):
    """The menu imports the Markdown parser a second after it is drawn. A battle opened over
    it within that second (as `skirmish play` does) is not drawn again when the timer ticks
    or that work starts or ends: only the widgets a change is on are ever rendered."""
    import tui.screens.menu as menu

    monkeypatch.setattr(menu, "WARM_AFTER", 1000.0)  # scheduled by hand below, once the battle is quiet
    warmed: list[bool] = []
    warm = menu.warm_markdown
    monkeypatch.setattr(menu, "warm_markdown", lambda: warmed.append(True) or warm())
    rendered: list[str] = []
    render_lines = Widget.render_lines

    def recorded(self, crop: Region):
        rendered.append(type(self).__name__)
        return render_lines(self, crop)

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_battle(pilot, app, "statwar")
        await pilot.press("right")
        monkeypatch.setattr(Widget, "render_lines", recorded)
        await until_nothing_is_drawn(pilot, rendered)
        below = next(s for s in app.screen_stack if isinstance(s, menu.MainMenu))
        assert app.screen is screen and below is not screen
        below.schedule_warm_up(0.05)
        await pilot.pause(0.1)
        for _ in range(100):
            await pilot.pause(0.02)
            if all(w.is_finished for w in app.workers if w.group == "warm"):
                break
        await pilot.pause(0.05)
        assert [w.group for w in app.workers if w.group == "warm" and not w.is_finished] == []
        assert warmed == [True]  # the work did run, from the timer
        assert rendered == [], rendered
