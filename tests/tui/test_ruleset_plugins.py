"""TUI plug-ins: every ruleset's record is found by name, a ruleset without one is still
playable with the default record, and a ruleset from outside (the tests' toy) is added
through the same `register` path as the core registry's and used by the generic screens."""

from __future__ import annotations

import attrs

import pytest

from core import registry
from core.ai import Player, play_out
from core.match import Match
from tests.tui.conftest import make_app
from tests.toy_plugin import PLUGIN as TOY_PLUGIN, PODIUM_FILE
from tui import rulesets
from tui.dialogs.help import rows_for
from tui.screens.army_choices import army_word, player_files
from tui.screens.end import EndScreen


@pytest.fixture
def toy_plugin(toy_registered):
    rulesets.register("toy", "tests.toy_plugin")
    yield TOY_PLUGIN
    rulesets.unregister("toy")


def finished_toy_match() -> Match:
    ruleset = registry.get("toy")
    state = ruleset.new_battle(ruleset.load_scenario(ruleset.scenarios()[0].name), 5)
    sides = len(ruleset.side_names(state))
    _, actions = play_out(ruleset, state, {side: Player("easy", side) for side in range(sides)})
    match = Match.replay(ruleset, state, actions)
    assert match.outcome() is not None
    return match


@pytest.mark.parametrize("name", ["statwar", "ninja", "commanders"])
def test_each_built_in_ruleset_has_its_own_plugin(name):
    plugin = rulesets.get(name)
    assert plugin.name == name and plugin.builders and plugin.player_kind in plugin.folders
    assert rulesets.get(name) is plugin  # loaded once


def test_builder_keys_are_unique_and_found_by_key():
    keys = [b.key for p in rulesets.plugins() for b in p.builders]
    assert len(keys) == len(set(keys))
    assert all(rulesets.builder(k).key == k for k in keys)


def test_a_ruleset_without_a_plugin_gets_the_default_record(toy_registered, tmp_path):
    plugin = rulesets.get("toy")
    assert plugin == rulesets.Plugin("toy")
    assert plugin.builders == () and plugin.after_battle is None
    assert plugin.prompt(None, 0, None, 0) == rulesets.generic_prompt(None, 0, None, 0)
    toy = registry.get("toy")
    assert army_word(toy) == "army" and player_files(toy, tmp_path) == []


def test_the_toy_plugin_registers_through_the_same_path(toy_plugin):
    assert rulesets.get("toy") is toy_plugin
    assert "toy" in registry.names()
    assert army_word(registry.get("toy")) == "team"


async def test_the_end_screen_shows_and_saves_the_toy_plugins_extras(toy_plugin, tmp_path):
    app = make_app(tmp_path)
    match = finished_toy_match()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(EndScreen(match, match.outcome(), {"seats": {0: "human", 1: "easy"}}))
        await pilot.pause()
        end = app.screen
        assert "Where they finished" in str(end.query_one("#end-experience").render())
        assert "Your runners were saved." in str(end.query_one("#end-hint").render())
        # saved as the screen opened: nothing is left for the key (it comes back after a failed write)
        mine = [r.name for r in match.state.runners if r.side == 0]
        assert (app.saves_dir / PODIUM_FILE).read_text(encoding="utf-8").split() == mine
        assert not end.check_action("save_extras", ())
        (app.saves_dir / PODIUM_FILE).unlink()
        await pilot.press("c")  # once per battle: no second write
        await pilot.pause()
    assert not (app.saves_dir / PODIUM_FILE).exists()


async def test_a_failed_save_leaves_the_key_with_the_plugins_word(toy_plugin, tmp_path):
    app = make_app(tmp_path)
    match = finished_toy_match()
    calls = []
    real_save = toy_plugin.after_battle.save

    def flaky(app_, items):
        calls.append(items)
        return None if len(calls) == 1 else real_save(app_, items)

    async with app.run_test(size=(80, 24)) as pilot:
        end = EndScreen(match, match.outcome(), {"seats": {0: "human", 1: "easy"}})
        end.after_battle = attrs.evolve(toy_plugin.after_battle, save=flaky)
        app.push_screen(end)
        await pilot.pause()
        assert ("c", "Save runners") in rows_for(end)  # the footer's and help's word is the plug-in's
        await pilot.press("c")
        await pilot.pause()
        assert len(calls) == 2 and not end.check_action("save_extras", ())
    mine = [r.name for r in match.state.runners if r.side == 0]
    assert (app.saves_dir / PODIUM_FILE).read_text(encoding="utf-8").split() == mine


async def test_without_extras_the_end_screen_has_no_save_key(toy_registered, tmp_path):
    app = make_app(tmp_path)
    match = finished_toy_match()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(EndScreen(match, match.outcome(), {"seats": {0: "human", 1: "easy"}}))
        await pilot.pause()
        end = app.screen
        assert not end.query("#end-experience")
        assert not end.check_action("save_extras", ())
        await pilot.press("c")
        await pilot.pause()
    assert not (app.saves_dir / PODIUM_FILE).exists()
