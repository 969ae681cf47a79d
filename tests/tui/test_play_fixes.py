"""What a new player met at 80x24: a map legend in the help, prompts that name the real menu entries."""

from __future__ import annotations

from core import registry
from core.match import Match
from tests.tui.conftest import make_app, settle
from tui.dialogs.help import HelpDialog
from tui.screens.battle import BattleScreen
from tui.widgets.map import terrain_symbol


async def test_the_battle_help_explains_every_map_glyph(tmp_path):
    app = make_app(tmp_path)
    ruleset = registry.get("commanders")
    match = Match(ruleset, ruleset.new_battle(ruleset.load_scenario("coastal_raid"), 5))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BattleScreen(match, {0: "human", 1: "easy"}, {"scenario": "coastal_raid", "seed": 5})
        app.push_screen(screen)
        await settle(pilot, screen)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpDialog)
        legend = screen.map_legend()
        for cell in ruleset.board_view(match.state).cells:  # as the map draws it: letters as symbols
            assert f"{terrain_symbol(cell.glyph)} {cell.terrain.replace('_', ' ')}" in legend
        assert "@ is your commander, & an enemy commander" in legend


def test_the_ninja_prompt_names_the_entry_that_seals_the_orders():
    ruleset = registry.get("ninja")
    state = ruleset.new_battle(ruleset.load_scenario("ash_vs_vine"), 3)
    from tui import rulesets

    prompt = rulesets.get(ruleset.name).prompt(state, 0, None, 0)
    submit = next(a for a in ruleset.legal_actions(state, 0) if type(a).__name__ == "Submit")
    entry = ruleset.describe_action(state, submit)  # "Ash 10 seals its orders"
    assert entry.endswith("seals its orders") and "e seals the phase's orders" in prompt
    from tui.keymap import ACTIONS

    assert ACTIONS["battle.end_turn"][0] == "e" and rulesets.get(ruleset.name).ends_turn(submit)
