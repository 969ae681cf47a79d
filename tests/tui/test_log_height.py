"""A taller terminal gives its extra rows to the battle log: the map and the side panels keep
what they have at 80x24, the log takes the rest (at 80x24 the layout is as it always was)."""

from __future__ import annotations

import random

from core import registry
from core.match import Match
from tests.tui.conftest import make_app, settle
from tui.screens.battle import BattleScreen
from tui.widgets.panels import BattleLog


def played_raid(steps: int) -> Match:
    """Commanders' coastal raid (an 18-square map: whole at 80 columns), played at random."""
    ruleset = registry.get("commanders")
    match = Match(ruleset, ruleset.new_battle(ruleset.load_scenario("coastal_raid"), 5))
    rng = random.Random(1)
    for _ in range(steps):
        match.apply(rng.choice(match.legal_actions(match.to_act()[0])))
    return match


def shown(screen) -> tuple[int, int, int]:
    """(log lines on screen, map rows on screen, the map's rows) of the battle screen."""
    log = screen.query_one(BattleLog)
    battle_map = screen.map
    return (min(len(log.lines), log.scrollable_content_region.height),
            battle_map.viewport.height, battle_map.view.height)


async def test_the_log_takes_the_rows_a_taller_screen_adds(tmp_path):
    match = played_raid(60)
    side = match.to_act()[0]
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BattleScreen(match, {side: "human", 1 - side: "human"}, {"scenario": "coastal_raid", "seed": 5})
        app.push_screen(screen)
        await settle(pilot, screen)
        await pilot.pause()
        small = shown(screen)
        side_rows = screen.query_one("#battle-side").size.height
        assert len(screen.query_one(BattleLog).lines) > 30, "enough story to fill a tall log"
        await pilot.resize_terminal(80, 40)
        for _ in range(20):
            await pilot.pause()
            if shown(screen)[0] != small[0]:
                break
        tall = shown(screen)
        assert small[0] == 4, "80x24 keeps its 4 lines of log"
        assert tall[0] == small[0] + 16, "every row the taller screen adds goes to the log"
        assert small[1] >= small[2] and tall[1] >= tall[2], "the map shows all its rows at both sizes"
        assert not screen.map.scrolls
        assert screen.query_one("#battle-side").size.height == side_rows, "the side panels keep their rows"
