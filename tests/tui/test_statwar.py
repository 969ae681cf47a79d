"""StatWar played through the keyboard, from deployment to victory, against a stubbed AI."""

from __future__ import annotations

from core import registry
from core.ai import Player
from core.match import Match
from tests.tui.conftest import perform, settle
from tui.screens.battle import BattleScreen
from tui.screens.end import EndScreen


class FirstChoiceAI:
    """Always the first legal action (it waits in place): instant and beatable."""

    def __init__(self, level: str, seed: int) -> None:
        pass

    def choose(self, ruleset, state, side):
        return ruleset.legal_actions(state, side)[0]


async def test_statwar_duel_from_deployment_to_victory(tmp_path):
    from tests.tui.conftest import make_app

    app = make_app(tmp_path, ai_factory=FirstChoiceAI)
    ruleset = registry.get("statwar")
    match = Match(ruleset, ruleset.new_battle(ruleset.load_scenario("duel_25"), 3))
    brain = Player("normal", 1)  # decides for the human; the keys carry it out
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BattleScreen(match, {0: "human", 1: "easy"}, {"scenario": "duel_25", "seed": 3})
        app.push_screen(screen)
        await settle(pilot, screen)
        kinds = set()
        for _ in range(120):
            if isinstance(app.screen, EndScreen):
                break
            side = screen.human_side()
            assert side == 0
            action = brain.choose(ruleset, screen.match.state, side)
            kinds.add(type(action).__name__)
            before = screen.match.cursor
            await perform(pilot, screen, action)
            await settle(pilot, screen)
            assert screen.match.all_actions[before] == action
        assert isinstance(app.screen, EndScreen)
        assert match.outcome().winner == 0
        assert {"Deploy", "Activate"} <= kinds
    assert len(list((tmp_path / "saves").glob("autosave-statwar-*.json"))) == 1
