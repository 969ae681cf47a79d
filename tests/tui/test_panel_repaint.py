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


async def test_a_long_title_is_cut_to_its_frame_and_refitted_when_the_frame_widens():
    from textual.app import App

    from tui.widgets.panels import PanelBox

    name = "Nerissa Tide the Mer Lord (Blue)"

    class Boxed(App):
        CSS = "PanelBox { border: round white; height: 6; }"

        def compose(self):
            with PanelBox(id="unit-box"):
                yield UnitPanel(id="unit-panel")

    app = Boxed()
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
