"""Commanders through the keyboard: troop orders, a spell at a square and at a unit, end turn."""

from __future__ import annotations

import random

from core import registry
from core.match import Match
from tests.tui.conftest import make_app, perform, settle
from tui.screens.battle import BattleScreen


def match_with_a_spell_ready() -> tuple[Match, list]:
    """A coastal_raid battle (seed 5) played with seeded random moves until a commander can cast;
    a practice battle, so the test may undo a spell to try the other way of aiming it."""
    ruleset = registry.get("commanders")
    rng = random.Random(1)
    match = Match(ruleset, ruleset.new_battle(ruleset.load_scenario("coastal_raid"), 5), "practice")
    for _ in range(200):
        side = match.to_act()[0]
        legal = match.legal_actions(side)
        casts = [a for a in legal if type(a).__name__ == "Cast"]
        if casts:
            return match, casts
        match.apply(rng.choice(legal))
    raise AssertionError("no spell became castable")


async def test_a_commanders_turn_with_a_spell(tmp_path):
    app = make_app(tmp_path)
    match, casts = match_with_a_spell_ready()
    ruleset = match.ruleset
    at_square = next(a for a in casts if a.target < 0 and a.square.x >= 0)
    at_unit = next(a for a in casts if a.target >= 0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BattleScreen(match, {0: "human", 1: "human"}, {"scenario": "coastal_raid", "seed": 5})
        app.push_screen(screen)
        await settle(pilot, screen)
        start = match.cursor
        for spell in (at_square, at_unit):
            await perform(pilot, screen, spell)
            await settle(pilot, screen)
            assert match.all_actions[start] == spell
            assert "casts" in ruleset.describe_action(match.state_at(start), spell)
            await pilot.press("z")  # undo, to try the other way of aiming
            await settle(pilot, screen)
            assert match.cursor == start
        await pilot.press("x")
        await settle(pilot, screen)
        assert match.cursor == start + 1
        # the next commander: order one troop unit on the map, then End turn from the action list
        for step in range(2):
            legal = screen.legal()
            orders = [a for a in legal if type(a).__name__ == "Order"]
            ends = [a for a in legal if type(a).__name__ == "EndTurn"]
            action = orders[0] if step == 0 else ends[0]
            before = match.cursor
            await perform(pilot, screen, action)
            await settle(pilot, screen)
            assert match.all_actions[before] == action
        kinds = {type(a).__name__ for a in match.actions[start:]}
        assert {"Cast", "Order", "EndTurn"} <= kinds
