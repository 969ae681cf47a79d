"""A seeded monkey: 5,000 random keys across every screen must raise nothing."""

from __future__ import annotations

import random

from textual import events

from core import registry
from core.match import Match
from tests.tui.conftest import duel_match, settle
from tests.tui.duel import Duel
from tui.dialogs.too_small import TooSmallDialog
from tui.screens.battle import BattleScreen
from tui.screens.menu import MainMenu
from tui.screens.new_battle import NewBattleScreen

CHARS = {"question_mark": "?", "left_square_bracket": "[", "right_square_bracket": "]", "plus": "+",
         "minus": "-", "period": ".", "comma": ",", "space": " "}
KEYS = (
    "up down left right h j k l y u b n 1 2 3 4 6 7 8 9 home end pageup pagedown enter space escape "
    "tab shift+tab a z x s q question_mark left_square_bracket right_square_bracket r t p plus minus "
    "period comma g G y n backspace"
).split()


def battle(burst: int) -> Match:
    """Duel on squares or hexes, or a real ruleset's first scenario, by turns."""
    kind = burst % 4
    if kind < 2:
        return duel_match(seed=burst, grid="hex" if kind else "square")
    ruleset = registry.get(registry.available()[burst % len(registry.available())])
    return Match(ruleset, ruleset.new_battle(ruleset.load_scenario(ruleset.scenarios()[0].name), burst))


async def test_five_thousand_random_keys(app):
    rng = random.Random(20261130)
    quits: list = []
    sent = 0
    async with app.run_test(size=(80, 24)) as pilot:
        real_exit = app.exit
        app.exit = lambda *args, **kwargs: quits.append(args)  # confirmed quits are counted, not obeyed
        for burst in range(50):
            # keep every screen in play: reopen a battle or the wizard now and then
            if isinstance(app.screen, MainMenu) and burst % 3 == 0:
                app.push_screen(BattleScreen(battle(burst), {0: "human", 1: "easy" if burst % 4 else "human"},
                                             {"seed": burst}))
            elif isinstance(app.screen, MainMenu) and burst % 3 == 1:
                app.push_screen(NewBattleScreen([Duel()]))
            if burst == 25:
                await pilot.resize_terminal(60, 20)
            if burst == 26:
                await pilot.resize_terminal(80, 24)
            for i in range(100):
                key = rng.choice(KEYS)
                if key == "q" and rng.random() < 0.7:
                    key = "escape"
                # straight into the driver's queue, as a fast typist would; settle every few keys
                event = events.Key(key, CHARS.get(key, key if len(key) == 1 else None))
                event.set_sender(app)
                app._driver.send_message(event)
                sent += 1
                if i % 50 == 49:
                    await pilot.pause()
            await settle(pilot)
        assert app.is_running and sent == 5000
        assert not isinstance(app.screen, TooSmallDialog)
        app.exit = real_exit
