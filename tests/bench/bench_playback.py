"""What a playback frame costs to draw: in-process, Textual's headless driver, 80x24.

Each ruleset's battle is opened just before its first death (tests/tui/story_cases.py,
both seats human), the deadly action is committed with the slowest pace held for ever
(the frames move on only when told), and each frame is then shown by hand. A frame's
cost is this thread's CPU time in asking for the frame (the map, the line under it, the
caption) and in the screen's updates that follow until the app is idle again (Textual's
Screen._on_timer_update: the layout pass if one is asked for, the compositor, the driver's
write); the last frame is the one that puts the live view back. Layout passes count the screen's full reflows
(Textual's Compositor.reflow) while the frames are drawn: a frame that only repaints
cells needs none.
"""

from __future__ import annotations

import statistics
import tempfile
from pathlib import Path

from run import CPU, Report, time_call

RULESETS = ("statwar", "ninja", "commanders")


async def _measure(name: str, home: Path) -> tuple[float, list[float], list[int]]:
    """(seconds to work out the frames, seconds per frame drawn, layout passes per frame)."""
    import dataclasses
    from textual._compositor import Compositor
    from textual.screen import Screen

    from tests.tui.story_cases import before_death
    from tui import playback, story
    from tui.app import SkirmishApp
    from tui.dialogs.hand_over import HandOverDialog
    from tui.screens.battle import BattleScreen

    playback.PACES["slow"] = 3600.0
    app = SkirmishApp(home / "saves", config_dir=home / "config")
    reflows = [0]
    real_reflow = Compositor.reflow

    def counting_reflow(self, parent, size):
        reflows[0] += 1
        return real_reflow(self, parent, size)

    updating = [0.0]
    real_update = Screen._on_timer_update

    def timed_update(self):
        start = CPU()
        try:
            return real_update(self)
        finally:
            updating[0] += CPU() - start

    async with app.run_test(size=(80, 24)) as pilot:
        app.apply_settings(dataclasses.replace(app.settings, playback="slow"))
        match, deadly = before_death(name)
        screen = BattleScreen(match, {0: "human", 1: "human"}, {"scenario": name, "seed": 0})
        app.push_screen(screen)
        for _ in range(5):
            await pilot.pause()
        if isinstance(app.screen, HandOverDialog):
            await pilot.press("enter")
            for _ in range(3):
                await pilot.pause()
        before = screen.ruleset.board_view(screen.shown_state())
        beats = story.beats(match.ruleset, match.state, match.ruleset.apply(match.state, deadly)[1])
        made = time_call(lambda: playback.frames(before, beats), repeats=3, min_time=0.01).median
        assert screen.commit(deadly)
        await pilot.pause()
        costs: list[float] = []
        passes: list[int] = []
        Compositor.reflow, Screen._on_timer_update = counting_reflow, timed_update
        try:
            while screen.playback.running:
                updating[0] = 0.0
                reflows[0] = 0
                start = CPU()
                screen.playback.player.advance()
                asked = CPU() - start
                await pilot.pause()
                costs.append(asked + updating[0])
                passes.append(reflows[0])
        finally:
            Compositor.reflow, Screen._on_timer_update = real_reflow, real_update
        return made, costs, passes


def run_playback(report: Report) -> None:
    import asyncio

    suite = "playback"
    for name in RULESETS:
        with tempfile.TemporaryDirectory(prefix="skirmish-bench-") as home:
            made, costs, passes = asyncio.run(_measure(name, Path(home)))
        shown, last = costs[:-1], costs[-1]
        report.add(suite, f"{name}: work out the frames of the step", made, note=f"{len(shown)} frames, median of 3")
        report.add(suite, f"{name}: draw a frame (median)", statistics.median(shown), note=f"of {len(shown)}, CPU")
        report.add(suite, f"{name}: draw a frame (most)", max(shown), note="the last frame apart")
        report.add(suite, f"{name}: the last frame (the live view back)", last)
        report.add(suite, f"{name}: layout passes in the frames but the last", sum(passes[:-1]), "", note=f"over {len(shown)} frames")
        report.add(suite, f"{name}: layout passes in the last frame", passes[-1], "")
