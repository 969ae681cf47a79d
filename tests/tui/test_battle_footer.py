"""The battle footer at 80 columns: the keys that matter, whole, in every ruleset, chosen by
priority (tui.footer_fit); the end key named in the ruleset's own word; the rest in the help."""

from __future__ import annotations

import pytest

from core import registry
from core.match import Match
from tests.tui.conftest import make_app, settle
from tests.tui.fit import screen_lines
from tests.tui.test_fit import BATTLES
from tui import rulesets
from tui.dialogs.help import rows_for
from tui.screens.battle import BattleScreen

NEEDED = ["? Help", "q Quit", "⏎ Select", "a Actions", "z Undo", "x Redo", "s Save"]
END = {"ninja": "e Seal orders", "commanders": "e End turn", "statwar": None}


async def open_battle(pilot, app, name: str) -> BattleScreen:
    ruleset = registry.get(name)
    scenario, seed = BATTLES[name]
    match = Match(ruleset, ruleset.new_battle(ruleset.load_scenario(scenario), seed))
    screen = BattleScreen(match, {0: "human", 1: "easy"}, {"scenario": scenario, "seed": seed})
    app.push_screen(screen)
    await settle(pilot, screen)
    await pilot.pause(0.05)
    return screen


@pytest.mark.parametrize("name", sorted(BATTLES))
async def test_the_keys_that_matter_are_whole_in_the_footer_at_80_columns(tmp_path, name):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_battle(pilot, app, name)
        bottom = screen_lines(app)[-1]
        missing = [hint for hint in NEEDED + [END[name]] if hint and hint not in bottom]
        assert not missing, f"{missing} not in {bottom!r}"
        assert "End turn" not in bottom or END[name] == "e End turn"
        if END[name] is None:
            assert " e " not in f" {bottom} ", "StatWar has no turn to end"
        help_rows = dict((words, keys) for keys, words in rows_for(screen))
        for hidden in ("Next unit", "Messages"):  # not in the footer at 80 columns, in the help
            assert hidden not in bottom and hidden in help_rows
        if END[name]:
            assert help_rows[rulesets.get(name).end_label] == "e"


async def test_a_wide_terminal_shows_more_keys_and_the_end_key_says_seal_in_ninja(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await open_battle(pilot, app, "ninja")
        bottom = screen_lines(app)[-1]
        assert "e Seal orders" in bottom and "End turn" not in bottom
        assert "esc Cancel" in bottom and "tab Next unit" in bottom and "i Sheet" in bottom
