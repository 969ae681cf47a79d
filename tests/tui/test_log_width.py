"""The battle log wraps its lines to its own width, and again when the terminal is resized:
wide terminals get one line an event, narrow ones wrap instead of cutting."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tui.widgets.panels import BattleLog

LINE = "Ash Initiate 1 jumps from (2,10) to (0,8), facing SE (3/6 points) and lands on high ground"


async def lines_when_settled(pilot, log: BattleLog, want) -> int:
    """The log's line count once `want(count)` holds, or after 50 refreshes (a resize reaches
    the log on a later refresh when the machine is busy)."""
    for _ in range(50):
        await pilot.pause()
        if want(log.line_count):
            break
    return log.line_count


class LogApp(App[None]):
    def compose(self) -> ComposeResult:
        yield BattleLog(id="log")


async def test_the_log_wraps_to_its_width_and_again_after_a_resize():
    app = LogApp()
    async with app.run_test(size=(40, 12)) as pilot:
        log = app.query_one(BattleLog)
        log.write_line(LINE)
        narrow = await lines_when_settled(pilot, log, lambda n: n >= 3)
        assert narrow >= 3  # 91 characters in 40 columns, not cut at 78
        await pilot.resize_terminal(140, 12)
        assert await lines_when_settled(pilot, log, lambda n: n == 1) == 1 and log.written == [LINE]
        await pilot.resize_terminal(40, 12)
        assert await lines_when_settled(pilot, log, lambda n: n == narrow) == narrow
