"""New battle's armies step: each side may bring another premade army, a saved one or a new one."""

from __future__ import annotations

from pathlib import Path

import pytest

from core import registry
from core.content import display_path
from core.statwar import content
from tests.tui.conftest import make_app
from tests.tui.test_builders_helpers import stub_battle_screen
from tui.dialogs.builder_pick import PickDialog
from tui.screens.builder_files import player_folder
from tui.screens.builder_statwar import StatWarArmyScreen
from tui.screens.new_battle import NewBattleScreen

STATWAR = registry.get("statwar")
SEED = 1234


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.delenv("SKIRMISH_ARMIES", raising=False)
    monkeypatch.setattr("tui.screens.new_battle.fresh_seed", lambda: SEED)
    return make_app(tmp_path)


def premade(stem: str) -> Path:
    return content.bundled_root() / "armies" / f"{stem}.toml"


async def highlight(pilot, list_id: str, option_id: str) -> None:
    """Move the highlight of list `list_id` to `option_id` with Up/Down, as a player would."""
    options = pilot.app.screen.query_one(list_id)
    ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
    assert option_id in ids, (option_id, ids)
    while options.highlighted != ids.index(option_id):
        await pilot.press("down" if options.highlighted < ids.index(option_id) else "up")


async def to_armies_step(pilot, scenario: str) -> NewBattleScreen:
    pilot.app.push_screen(NewBattleScreen([STATWAR]))
    await pilot.pause()
    await pilot.press("enter")  # StatWar
    await pilot.pause()
    await highlight(pilot, "#new-list", f"scenario:{scenario}")
    await pilot.press("enter")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, NewBattleScreen) and screen.step == 2
    return screen


async def choose_for_side(pilot, side: int, key: str) -> None:
    await highlight(pilot, "#new-list", f"armies:side:{side}")
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(pilot.app.screen, PickDialog)
    await highlight(pilot, "#pick-list", key)
    await pilot.press("enter")
    await pilot.pause()


def side_lines(screen: NewBattleScreen) -> list[str]:
    options = screen.query_one("#new-list")
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


async def to_battle(pilot) -> None:
    await highlight(pilot, "#new-list", "armies:continue")
    await pilot.press("enter", "enter", "enter")  # Continue, AI easy, fair undo
    await pilot.pause()
    await pilot.press("enter")  # keep the seed
    await pilot.pause()


async def test_each_side_takes_another_premade_army_into_the_battle(app, monkeypatch):
    opened = stub_battle_screen(monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await to_armies_step(pilot, "goblin_ford_50")
        assert side_lines(screen) == [
            "Side 1 (you): Goblin Horde\n(premade, the scenario's)",
            "Side 2 (AI): Goblin Horde\n(premade, the scenario's)",
            "Continue",
        ]
        await choose_for_side(pilot, 0, str(premade("knights_50")))
        await choose_for_side(pilot, 1, str(premade("dorf_and_bear_50")))
        assert side_lines(screen)[:2] == ["Side 1 (you): Knightly Order\n(premade)", "Side 2 (AI): Dorf and Bear\n(premade)"]
        summary = str(screen.query_one("#new-summary").render())
        assert "Side 1, West Goblins (you): Knightly Order\n(premade) 44 of 50 points, 3 units" in summary and "Side 2, East Goblins (AI): Dorf and Bear\n" in summary
        await to_battle(pilot)
    setup = STATWAR.load_scenario("goblin_ford_50")
    setup = STATWAR.with_army(setup, 0, STATWAR.load_army(premade("knights_50")))
    setup = STATWAR.with_army(setup, 1, STATWAR.load_army(premade("dorf_and_bear_50")))
    assert opened and opened[0].match.initial == STATWAR.new_battle(setup, SEED)


async def test_a_saved_player_army_is_offered_and_taken(app, tmp_path, monkeypatch):
    opened = stub_battle_screen(monkeypatch)
    folder = player_folder(app.saves_dir, "statwar", "army")
    folder.mkdir(parents=True)
    mine = folder / "my_knights.toml"
    mine.write_text(premade("knights_50").read_text().replace('name = "Knightly Order"', 'name = "My Knights"'))
    (folder / "broken.toml").write_text('ruleset = "statwar"\nkind = "army"\nname = 3\n')
    async with app.run_test(size=(80, 24)) as pilot:
        await to_armies_step(pilot, "border_50")
        await highlight(pilot, "#new-list", "armies:side:0")
        await pilot.press("enter")
        await pilot.pause()
        picker = pilot.app.screen
        labels = {key: label for key, label, _ in picker.entries}
        assert labels[str(mine)] == "yours: My Knights, 44 of 50 points, 3 units"
        # a bad file is listed with its error and cannot be taken
        broken = str(folder / "broken.toml")
        assert labels[broken] == "yours: broken.toml  (cannot be read)" and "broken.toml" in picker.refused[broken]
        await highlight(pilot, "#pick-list", str(mine))
        await pilot.press("enter")
        await pilot.pause()
        await to_battle(pilot)
    setup = STATWAR.with_army(STATWAR.load_scenario("border_50"), 0, STATWAR.load_army(mine), display_path(mine))
    assert opened[0].match.initial == STATWAR.new_battle(setup, SEED)


async def test_an_army_that_does_not_fit_shows_why_and_is_not_taken(app):
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await to_armies_step(pilot, "duel_25")
        await choose_for_side(pilot, 0, str(premade("warband_200")))
        picker = pilot.app.screen
        assert isinstance(picker, PickDialog), "a misfit is not taken"
        about = str(picker.query_one("#pick-about").render())
        assert "Not taken: points: the army costs" in about and "25 a side" in about
        label = str(picker.query_one("#pick-list").get_option_at_index(picker.query_one("#pick-list").highlighted).prompt)
        assert label.endswith("(does not fit)")
        await pilot.press("escape")
        await pilot.pause()
        assert pilot.app.screen is screen and screen.armies == {}
        assert side_lines(screen)[0] == "Side 1 (you): Rangers\n(premade, the scenario's)"


async def test_escape_from_the_opponent_step_keeps_the_armies(app):
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await to_armies_step(pilot, "border_50")
        await choose_for_side(pilot, 1, str(premade("goblin_horde_50")))
        await highlight(pilot, "#new-list", "armies:continue")
        await pilot.press("enter")
        await pilot.pause()
        assert screen.step == 3
        await pilot.press("escape")
        await pilot.pause()
        assert screen.step == 2 and screen.armies[1].name == "Goblin Horde"
        assert side_lines(screen)[1] == "Side 2 (AI): Goblin Horde\n(premade)"
        # back to the scenario and the same one again: still kept; another scenario starts afresh
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert screen.step == 2 and screen.armies[1].name == "Goblin Horde"
        await pilot.press("escape")
        await highlight(pilot, "#new-list", "scenario:duel_25")
        await pilot.press("enter")
        await pilot.pause()
        assert screen.armies == {}


async def test_build_a_new_army_opens_the_builder_and_lists_what_was_saved(app):
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await to_armies_step(pilot, "duel_25")
        await choose_for_side(pilot, 0, "build")
        builder = pilot.app.screen
        assert isinstance(builder, StatWarArmyScreen)
        builder.name_text, builder.description, builder.points = "Two Militia", "Two militia with spears.", 25
        builder.keys = ["militia", "militia"]
        await pilot.press("s")
        await pilot.pause()
        assert builder.saved_path is not None
        await pilot.press("escape")
        await pilot.pause()
        picker = pilot.app.screen
        assert isinstance(picker, PickDialog), "back from the builder, the side's list opens again"
        options = picker.query_one("#pick-list")
        assert options.get_option_at_index(options.highlighted).id == str(builder.saved_path)
        await pilot.press("enter")
        await pilot.pause()
        assert pilot.app.screen is screen and screen.armies[0].name == "Two Militia"


async def test_skirmish_play_army_puts_the_file_on_side_1(app, monkeypatch):
    from tui.screens.new_battle import start_battle_from_options

    opened = stub_battle_screen(monkeypatch)
    knights = premade("knights_50")
    async with app.run_test(size=(80, 24)) as pilot:
        start_battle_from_options(app, {"ruleset": "statwar", "scenario": "border_50", "seed": 3, "opponent": "easy", "army": str(knights)})
        await pilot.pause()
    setup = STATWAR.with_army(STATWAR.load_scenario("border_50"), 0, STATWAR.load_army(knights))
    assert opened[0].match.initial == STATWAR.new_battle(setup, 3)


async def test_a_builders_battle_marks_the_scenarios_the_army_does_not_fit(app):
    warband = premade("warband_200")
    async with app.run_test(size=(80, 24)) as pilot:
        app.battle_with("statwar", STATWAR.load_army(warband), "army", "warband_200.toml")
        await pilot.pause()
        picker = pilot.app.screen
        assert isinstance(picker, PickDialog)
        assert "warband_200.toml: points: the army costs 194 points; this battle is fought at 25 a side" in picker.refused["duel_25"]
        assert "hordes_200" not in picker.refused
        await highlight(pilot, "#pick-list", "duel_25")
        await pilot.press("enter")
        await pilot.pause()
        assert pilot.app.screen is picker, "a scenario the army does not fit is not taken"


@pytest.mark.parametrize("name", ["statwar", "ninja", "commanders"])
async def test_the_scenario_step_offers_a_generated_battlefield(tmp_path, monkeypatch, name):
    """After the bundled scenarios, a battlefield made from a map seed, named as saves name it;
    the battle it starts saves and verifies."""
    from core import saves
    from core.match import Match

    monkeypatch.setattr("tui.screens.new_battle.fresh_seed", lambda: SEED)
    ruleset = registry.get(name)
    width, height = ruleset.generation().default_size
    generated = f"generated:{SEED}:{width}x{height}"
    opened = stub_battle_screen(monkeypatch)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(NewBattleScreen([ruleset]))
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await highlight(pilot, "#new-list", f"scenario:{generated}")
        await pilot.pause()
        assert f"Generated {width}x{height}, map seed {SEED}" in str(app.screen.query_one("#new-summary").render())
        await pilot.press("enter")
        await pilot.pause()
        await to_battle(pilot)
    assert len(opened) == 1 and opened[0].meta["scenario"] == generated
    match: Match = opened[0].match
    match.apply(match.legal_actions(match.to_act()[0])[0])
    path = saves.write_save(tmp_path / "g.json", match, created="", players=["human"] * 2, scenario=generated, seed=SEED)
    assert saves.load_match(path).state == match.state
