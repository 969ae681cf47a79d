"""The end of a Commanders battle: each commander's experience is shown and the player's is saved."""

from __future__ import annotations

import attrs

from core import registry
from core.ai import Player
from core.commanders.ruleset import RULESET
from core.commanders.commander import load_commander
from core.commanders.experience import carry_over, experience_lines, starting_commanders
from core.commanders.setup import commanders_dir
from tests.tui.conftest import make_app, perform, settle
from tui.screens.battle import BattleScreen
from tui.screens.builder_files import player_folder, slug
from tui.screens.end import EndScreen


async def test_a_won_battle_saves_the_players_commander_with_its_experience(tmp_path):
    app = make_app(tmp_path)  # side 2 is the passive stub AI: it only ends its turns
    ruleset = registry.get("commanders")
    premade = load_commander(commanders_dir() / "warrior.toml", cat=RULESET.catalogue)
    chooser = Player("easy", 1)
    async with app.run_test(size=(80, 24)) as pilot:
        # the roster's hand-over: the premade warrior takes side 1's place
        app.open_battle(ruleset, "sky_duel", 2, "easy", {0: (premade, "")})
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        await settle(pilot, screen)
        for _ in range(120):
            if isinstance(app.screen, EndScreen):
                break
            match = screen.match
            assert tuple(match.to_act()) == (0,)
            await perform(pilot, screen, chooser.choose(ruleset, match.state, 0))
            await settle(pilot, screen)
        end = app.screen
        assert isinstance(end, EndScreen)
        final = screen.match.state
        assert ruleset.outcome(final).winner == 0
        gained, why = experience_lines(final)[0]
        assert gained > 0 and why
        shown = str(end.query_one("#end-experience").render())
        assert f"{premade.name}, " in shown and f"+{gained} (now {premade.experience + gained})" in shown
        assert why[0] in shown
        await pilot.press("c")
        await pilot.pause()
        path = player_folder(app.saves_dir, "commanders", "commander") / f"{slug(premade.name)}.toml"
        saved = load_commander(path, cat=RULESET.catalogue)
        expected = carry_over(final, starting_commanders(screen.match.initial))[0]
        assert saved == expected
        assert saved.experience == premade.experience + gained
        assert attrs.evolve(saved, experience=premade.experience) == premade  # only the experience changed

