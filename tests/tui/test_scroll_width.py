"""Issue 19, finding 13: a scroll area's width flipped between two values and the screen
froze redrawing. The mechanism: a scroll bar that appears only when the text overflows
narrows the text, which re-wraps it, which changes whether it overflows. Every scroll area
of wrapped text (a VerticalScroll) keeps its gutter (`scrollbar-gutter: stable`), so the text's width never depends on its length."""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.widgets import Static

from tests.tui.conftest import make_app
from tests.tui.test_monkey import SCREENS, back_to_menu, idle, write_replay


async def test_every_scroll_area_keeps_its_gutter(tmp_path):
    app = make_app(tmp_path)
    write_replay(app.saves_dir)
    unstable: list[str] = []
    seen = 0
    async with app.run_test(size=(80, 24)) as pilot:
        app.exit = lambda *args, **kwargs: None
        for name, open_screen in SCREENS.items():
            await back_to_menu(app, pilot)
            open_screen(app)
            await idle(pilot, f"opening {name}")
            for area in app.screen.query(VerticalScroll):
                if area.styles.overflow_y != "auto":
                    continue
                seen += 1
                if area.styles.scrollbar_gutter != "stable":
                    unstable.append(f"{name}: #{area.id or type(area).__name__}")
    assert seen >= 3  # the builders' sheets at least
    assert unstable == []


async def test_a_sheet_is_as_wide_when_it_overflows_as_when_it_fits(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(82, 24)) as pilot:
        app.open_builder(next(iter(SCREENS_BUILDER_KEYS)))
        await idle(pilot, "opening a builder")
        sheet = app.screen.query_one(f"#{app.screen.SHEET_PREFIX}-side").query_one(Static)
        sheet.update("one short line")
        await idle(pilot, "a short sheet")
        fits = sheet.size.width
        sheet.update("\n".join(f"line {i} of a long sheet that overflows the screen" for i in range(200)))
        await idle(pilot, "a long sheet")
        assert sheet.size.width == fits


SCREENS_BUILDER_KEYS = [name.removeprefix("builder ") for name in SCREENS if name.startswith("builder ")]
