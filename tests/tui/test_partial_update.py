"""tui.spans.render_partial_update renders only the widgets a change touches: on real
battle screens it must write, for every partial repaint, exactly what Textual's own
render_partial_update makes the writer write, while rendering fewer widgets."""

from __future__ import annotations

import pytest
from rich.console import Console
from textual._compositor import Compositor

from tests.tui.conftest import make_app
from tui import spans
from tui.screens.battle import BattleScreen

KEYS = ["right", "right", "down", "l", "l", "j", "left", "up", "k", "h", "tab", "right", "down", "i", "escape", "right"]


def compare_updates(monkeypatch) -> list[tuple[str, str, int, int]]:
    """From now on every partial update is made both ways, and Textual's is shown: (what ours
    writes, what Textual's writes, widgets ours rendered, widgets Textual's rendered) each."""
    assert spans.install(), "the Textual this suite pins is one tui.spans supports"
    ours_fn, theirs_fn = spans.render_partial_update, spans.replaced_update
    seen: list[tuple[str, str, int, int]] = []
    console = Console(color_system="256", force_terminal=True, width=200, height=60)

    def counted(fn, compositor):
        rendered = []
        widgets = compositor.visible_widgets
        originals = {w: w.render_lines for w in widgets}
        for w in widgets:
            w.render_lines = (lambda w: lambda crop: rendered.append(w) or originals[w](crop))(w)
        try:
            return fn(compositor), len(set(rendered))
        finally:
            for w in widgets:
                del w.render_lines

    def both(compositor):
        changed = set(compositor._dirty_regions)
        ours, n_ours = counted(ours_fn, compositor)
        compositor._dirty_regions.update(changed)
        theirs, n_theirs = counted(theirs_fn, compositor)
        if ours is None or theirs is None:
            assert ours is None and theirs is None
            return theirs
        seen.append((spans.render_segments(ours, console), spans.render_segments(theirs, console), n_ours, n_theirs))
        return theirs

    monkeypatch.setattr(Compositor, "render_partial_update", both)
    return seen


@pytest.mark.parametrize("ruleset", ["statwar", "ninja", "commanders"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_partial_updates_write_what_textuals_own_would(tmp_path, monkeypatch, ruleset, size):
    app = make_app(tmp_path, play={"ruleset": ruleset, "scenario": None, "seed": 1, "opponent": "normal"})
    compared = compare_updates(monkeypatch)
    async with app.run_test(size=size) as pilot:
        for _ in range(10):
            await pilot.pause()
        assert isinstance(app.screen, BattleScreen)
        for key in KEYS:
            await pilot.press(key)
            await pilot.pause()
    assert len(compared) >= len(KEYS) // 2, "the keys made partial repaints"
    for ours, theirs, _, _ in compared:
        assert ours == theirs
    # a cursor move touches the map and two lines of the panels, not everything between them
    assert sum(n for _, _, n, _ in compared) < sum(n for _, _, _, n in compared)
