"""A cursor move repaints the side panels and lays nothing out again: the panels have fixed
heights at a terminal size and their text scrolls inside them (tui.widgets.panels.ScrollPanel),
so a text of another length changes no widget's size."""

from __future__ import annotations

import pytest

from core import registry
from core.match import Match
from tests.tui.conftest import make_app, settle
from tests.tui.test_fit import BATTLES
from tui.screens.battle import BattleScreen
from tui.widgets.panels import OddsPanel, UnitPanel


@pytest.mark.parametrize("name", sorted(BATTLES))
async def test_cursor_moves_over_units_and_odds_lay_nothing_out(tmp_path, name):
    ruleset = registry.get(name)
    scenario, seed = BATTLES[name]
    match = Match(ruleset, ruleset.new_battle(ruleset.load_scenario(scenario), seed))
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BattleScreen(match, {0: "human", 1: "easy"}, {"scenario": scenario, "seed": seed})
        app.push_screen(screen)
        await settle(pilot, screen)
        await pilot.press("enter")  # the unit under the cursor selected: its moves have odds
        await pilot.pause(0.05)
        layouts = []
        lay_out = screen._refresh_layout
        screen._refresh_layout = lambda *a, **k: (layouts.append(1), lay_out(*a, **k))[1]
        texts = set()
        for key in ["right"] * 6 + ["left"] * 6 + ["down"] * 3 + ["up"] * 3:
            await pilot.press(key)
            await pilot.pause()
            texts.add((screen.query_one(UnitPanel)._shown[1].count("\n"), screen.query_one(OddsPanel)._shown[1].count("\n")))
        assert len(texts) > 1, "the panels' line counts changed on the way"
        assert layouts == [], f"{len(layouts)} layouts in 18 cursor moves"


def boxed_panel(css: str):
    """An app of one UnitPanel in its PanelBox, styled by `css`."""
    from textual.app import App

    from tui.widgets.panels import PanelBox

    class Boxed(App):
        CSS = css

        def compose(self):
            with PanelBox(id="unit-box"):
                yield UnitPanel(id="unit-panel")

    return Boxed()


async def test_a_long_title_is_cut_to_its_frame_and_refitted_when_the_frame_widens():
    from tui.widgets.panels import PanelBox

    name = "Nerissa Tide the Mer Lord (Blue)"
    app = boxed_panel("PanelBox { border: round white; height: 6; }")
    async with app.run_test(size=(30, 10)) as pilot:
        box, panel = app.query_one(PanelBox), app.query_one(UnitPanel)
        panel.show(name, ["a line"])
        await pilot.pause()
        room = box.outer_size.width - PanelBox.TITLE_MARGIN
        assert box.border_title == name[: room - 1].rstrip() + "…" and len(box.border_title) <= room
        await pilot.resize_terminal(60, 10)
        for _ in range(100):  # the layout and the frame's Resize event land some frames later
            await pilot.pause()
            if box.outer_size.width == 60 and box.border_title == name:
                break
        assert box.outer_size.width == 60
        assert box.border_title == name
        panel.show(name, ["another line"])  # the same title: nothing to refit
        assert box.border_title == name


async def test_a_new_unit_repaints_the_titles_stretch_of_the_border_and_the_lines_that_changed(monkeypatch):
    """Another unit under the cursor: the frame's top line from its corner to the end of the
    longer title, and the sheet's changed characters; never the whole frame."""
    from textual.geometry import Region
    from textual.widget import Widget

    from tui.widgets.panels import TITLE_LEAD, PanelBox

    app = boxed_panel("PanelBox { border: round white; height: 6; width: 40; padding: 0 0 0 1; }")
    async with app.run_test(size=(50, 10)) as pilot:
        box, panel = app.query_one(PanelBox), app.query_one(UnitPanel)
        panel.show("Gale Veteran", ["health 13/13, chi 5/5", "at (1,4) facing E"])
        await pilot.pause()
        calls = []
        refresh = Widget.refresh
        monkeypatch.setattr(Widget, "refresh", lambda self, *r, **k: (calls.append((self, r, k)), refresh(self, *r, **k))[1])
        panel.show("Ash Master", ["health 13/13, chi 6/6", "at (0,4) facing E"])
        left, top = box.content_offset
        frame = [(r, k) for w, r, k in calls if w is box]
        assert frame == [((Region(-left, -top, TITLE_LEAD + len("Gale Veteran"), 1),), {"repaint": True, "layout": False, "recompose": False})]
        sheet = [r for w, r, k in calls if w is panel]
        assert sheet and all(len(r) >= 1 and all(region.height == 1 for region in r) for r in sheet), sheet
        assert {region.y for r in sheet for region in r} == {0, 1}  # "5/5" -> "6/6", "(1,4)" -> "(0,4)"
        await pilot.pause()
        assert box.border_title == "Ash Master"


async def test_another_unit_shows_its_sheet_from_the_first_line():
    """A sheet read down to its end: the same unit keeps the view where it is, another unit
    starts at its first line; a sheet already at its top asks for no scroll."""
    app = boxed_panel("PanelBox { border: round white; height: 6; }")
    async with app.run_test(size=(40, 12)) as pilot:
        panel = app.query_one(UnitPanel)
        panel.show("Gale", [f"gale {i}" for i in range(12)])
        await pilot.pause()
        panel.scroll_end(animate=False, immediate=True)
        await pilot.pause()
        bottom = panel.scroll_y
        assert bottom > 0
        panel.show("Gale", [f"gale {i}" for i in range(12)] + ["poisoned"])  # the same unit
        await pilot.pause()
        assert panel.scroll_y == bottom
        panel.show("Ash", [f"ash {i}" for i in range(12)])
        await pilot.pause()
        assert panel.scroll_y == 0 and panel.render_line(0).text.startswith("ash 0")
        asked: list = []
        panel.scroll_to = lambda *a, **k: asked.append(k)
        panel.show("Mist", [f"mist {i}" for i in range(12)])
        assert asked == [] and panel.render_line(0).text.startswith("mist 0")


async def test_the_sheet_draws_in_the_new_colours_after_its_style_changes():
    """The sheet keeps its style between moves (ScrollPanel.base_style); a change of the
    stylesheet (a theme, a class) draws its rows in the new one."""
    app = boxed_panel("PanelBox { border: round white; height: 6; } UnitPanel { background: #102030; color: #c0c0c0; }"
                      " UnitPanel.lit { background: #304050; }")
    async with app.run_test(size=(40, 10)) as pilot:
        panel = app.query_one(UnitPanel)
        panel.show("Gale Veteran", ["health 13/13"])
        await pilot.pause()
        before = panel.render_line(0)
        assert before.text.startswith("health 13/13")
        panel.add_class("lit")
        await pilot.pause()
        after = panel.render_line(0)
        assert panel.base_style == panel.rich_style
        assert [s.style.bgcolor for s in after if s.text] != [s.style.bgcolor for s in before if s.text]
        assert {s.style.bgcolor.triplet.hex for s in after if s.text and s.style.bgcolor} == {"#304050"}


async def test_the_info_line_after_a_playback_keeps_its_height_and_lays_nothing_out():
    """A playback holds the info line's rows and gives them back (hold(None)); the stylesheet's
    fixed height then stands, so a text that wraps onto its second line is a repaint."""
    from textual.app import App
    from textual.widget import Widget

    from tui.widgets.panels import InfoLine

    class Lined(App):
        CSS = "InfoLine { height: 2; }"

        def compose(self):
            yield InfoLine(id="info-line")

    app = Lined()
    async with app.run_test(size=(30, 6)) as pilot:
        info = app.query_one(InfoLine)
        info.show_text("(3,4) open")
        info.hold(3)
        await pilot.pause()
        info.hold(None)
        await pilot.pause()
        assert info.sized and info.size.height == 2
        layouts = []
        refresh = info.refresh
        info.refresh = lambda *r, **k: (layouts.append(k.get("layout")), refresh(*r, **k))[1]
        info.show_text("(13,4) water, height 0; leaving costs 3 extra")  # two lines now
        info.show_text("(12,4) open")
        assert layouts and not any(layouts)
