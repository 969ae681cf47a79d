"""The end of a Commanders battle: each commander's experience is shown and the player's is saved."""

from __future__ import annotations

import attrs

from core import registry
from core.ai import Player
from core.commanders.ruleset import RULESET
from core.commanders.commander import load_commander, save_commander
from core.match import Match
from core.commanders.experience import carry_over, experience_lines, starting_commanders
from core.commanders.setup import commanders_dir
from tests.tui.conftest import make_app, perform, settle
from tui.screens.battle import BattleScreen
from tui.screens.builder_files import player_folder, slug
from tui.screens.end import EndScreen


def close_sky_duel(folder) -> str:
    """sky_duel's armies and map with the two commanders two squares apart, so a battle against
    the passive stub is won in the first turn (the bundled start keeps them at the pass's two
    ends, and a careful commander closes in slowly). A user scenario file, as a designer would
    write one."""
    path = folder / "close_sky_duel.toml"
    path.write_text(
        'ruleset = "commanders"\nkind = "scenario"\nname = "close_sky_duel"\ntitle = "Wings at Close Quarters"\n'
        'summary = "sky_duel with the commanders two squares apart."\nmap = "mountain_pass"\nsides = ["Blue", "Red"]\n\n'
        '[[commander]]\nfile = "pegasus_knight"\nside = 0\nat = [6, 6]\n\n'
        '[[commander]]\nfile = "beast_flier"\nside = 1\nat = [6, 8]\n', encoding="utf-8")
    return str(path)


async def test_a_won_battle_saves_the_players_commander_with_its_experience(tmp_path):
    app = make_app(tmp_path)  # side 2 is the passive stub AI: it only ends its turns
    ruleset = registry.get("commanders")
    premade = load_commander(commanders_dir() / "warrior.toml", cat=RULESET.catalogue)
    chooser = Player("easy", 1)
    async with app.run_test(size=(80, 24)) as pilot:
        # the roster's hand-over: the premade warrior takes side 1's place
        app.open_battle(ruleset, close_sky_duel(tmp_path), 2, "easy", {0: (premade, "")})
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
        assert f"{premade.name}, " in shown and f"+{gained} (now {premade.experience + gained}; level " in shown
        assert why[0] in shown
        await pilot.press("c")
        await pilot.pause()
        path = player_folder(app.saves_dir, "commanders", "commander") / f"{slug(premade.name)}.toml"
        saved = load_commander(path, cat=RULESET.catalogue)
        expected = carry_over(final, starting_commanders(screen.match.initial))[0]
        assert saved == expected
        assert saved.experience == premade.experience + gained
        assert attrs.evolve(saved, experience=premade.experience) == premade  # only the experience changed



async def _finish_sky_duel(pilot, app, commander):
    """Open the close sky duel with `commander` on side 1 and play it to its end screen."""
    ruleset = registry.get("commanders")
    chooser = Player("easy", 1)
    app.open_battle(ruleset, close_sky_duel(app.saves_dir), 2, "easy", {0: (commander, "")})
    await pilot.pause()
    screen = app.screen
    await settle(pilot, screen)
    for _ in range(120):
        if isinstance(app.screen, EndScreen):
            break
        await perform(pilot, screen, chooser.choose(ruleset, screen.match.state, 0))
        await settle(pilot, screen)
    assert isinstance(app.screen, EndScreen)
    return screen


async def test_finishing_an_old_battle_adds_its_experience_to_the_rosters_newer_commander(tmp_path):
    """Issue 19, finding 15: the roster's levelled-up copy is never replaced by the battle's older
    one; the experience is saved as the end screen opens, so q loses nothing."""
    app = make_app(tmp_path)
    premade = load_commander(commanders_dir() / "warrior.toml", cat=RULESET.catalogue)
    async with app.run_test(size=(80, 24)) as pilot:
        path = player_folder(app.saves_dir, "commanders", "commander") / f"{slug(premade.name)}.toml"
        path.parent.mkdir(parents=True)
        newer = attrs.evolve(premade, experience=premade.experience + 40, notes="levelled since")
        save_commander(newer, path, RULESET.catalogue)
        screen = await _finish_sky_duel(pilot, app, premade)  # the battle began with the older copy
        gained = experience_lines(screen.match.state)[0][0]
        assert gained > 0
        # the notice gives the roster's total, not the older copy's the battle began with
        said = " ".join(str(n.message) for n in app._notifications)
        assert f"{premade.name} ({newer.experience + gained} experience, in {path.name})" in said
        await pilot.press("q")
        await pilot.pause()
    saved = load_commander(path, cat=RULESET.catalogue)
    assert saved.experience == newer.experience + gained and saved.notes == "levelled since"
    assert len(list(path.parent.glob("*.toml"))) == 1


async def test_a_different_commander_of_the_same_name_is_not_overwritten(tmp_path):
    app = make_app(tmp_path)
    premade = load_commander(commanders_dir() / "warrior.toml", cat=RULESET.catalogue)
    async with app.run_test(size=(80, 24)) as pilot:
        folder = player_folder(app.saves_dir, "commanders", "commander")
        folder.mkdir(parents=True)
        other = attrs.evolve(premade, skill_curve=2 if premade.skill_curve != 2 else 4)
        save_commander(other, folder / f"{slug(premade.name)}.toml", RULESET.catalogue)
        await _finish_sky_duel(pilot, app, premade)
    assert load_commander(folder / f"{slug(premade.name)}.toml", cat=RULESET.catalogue) == other
    second = load_commander(folder / f"{slug(premade.name)}_2.toml", cat=RULESET.catalogue)
    assert second.experience > premade.experience


def test_only_the_players_own_commander_enters_the_roster_not_the_premade_ally():
    from tui.rulesets.commanders import experience_text, players_commanders

    ruleset = registry.get("commanders")
    match = Match(ruleset, ruleset.new_battle(ruleset.load_scenario("coastal_raid"), 1))
    side_one = [leader for leader in match.state.leaders if leader.side == 0]
    assert len(side_one) == 2  # the player's commander and a premade ally
    earned = players_commanders(match, {0: "human", 1: "easy"})
    assert [e.start.name for e in earned] == [side_one[0].commander.name]
    assert experience_text(match, {0: "human", 1: "easy"}).count("(yours)") == 1
