"""The app shell: menu, help, quit, too-small, options that persist, rules, builder notes."""

from __future__ import annotations

import json

from tests.tui.conftest import make_app
from tui.dialogs.confirm import ConfirmDialog
from tui.dialogs.help import HelpDialog
from tui.dialogs.too_small import TooSmallDialog
from tui.screens.builders import BuildersScreen
from tui.screens.quiz_questions import QuizScreen
from tui.screens.menu import ENTRIES, MainMenu
from tui.screens.options import OptionsScreen
from tui.screens.rules import RulesScreen


def entry_keys(name: str) -> list[str]:
    index = [k for k, _ in ENTRIES].index(name)
    return ["down"] * index + ["enter"]


async def test_menu_help_and_quit_confirmation(app):
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, MainMenu)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpDialog)
        await pilot.press("escape")
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")
        assert isinstance(app.screen, MainMenu)
        await pilot.press("q", "y")
        await pilot.pause()
    assert app.return_code == 0


async def test_too_small_shows_a_notice_and_recovers_without_losing_the_screen(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*entry_keys("options"))
        assert isinstance(app.screen, OptionsScreen)
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallDialog)
        await pilot.press("q")  # keys do not reach the screen underneath
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert isinstance(app.screen, OptionsScreen)


async def test_options_persist_across_runs(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*entry_keys("options"))
        await pilot.press("enter")  # movement keys: vi -> arrows
        await pilot.press("down", "right", "right")  # theme: dark -> light -> high-contrast
        await pilot.press("down", "enter")  # animations off
        await pilot.press("down", "enter", "enter")  # playback: off (the tests' default) -> fast -> normal
        assert app.theme == "skirmish-high-contrast"
    saved = json.loads((tmp_path / "config" / "settings.json").read_text())
    assert saved == {"keymap_preset": "arrows", "theme": "high-contrast", "animations": False, "playback": "normal"}
    again = make_app(tmp_path)
    async with again.run_test(size=(80, 24)):
        assert again.settings.keymap_preset == "arrows"
        assert again.theme == "skirmish-high-contrast"


async def test_keymap_file_remaps_keys_and_bad_entries_are_reported(tmp_path):
    config = tmp_path / "config"
    config.mkdir()
    (config / "keymap.toml").write_text('[menu]\nquit = "ctrl+x"\n[battle]\nfly = "f"\n')
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("q")
        assert isinstance(app.screen, MainMenu)
        await pilot.press("ctrl+x")
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")
        assert any("battle.fly" in p for p in app.keymap_problems)


async def test_broken_settings_file_falls_back_to_defaults(tmp_path):
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text('{"theme": "plaid", "extra": 1}')
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)):
        assert app.settings.theme == "dark"
        assert any("plaid" in p for p in app.settings_problems)
        assert any("extra" in p for p in app.settings_problems)


async def test_rules_browser_shows_the_projects_docs(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*entry_keys("rules"))
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        titles = [title for _, title in screen.docs]
        assert titles[:4] == ["How to play", "Ninja", "StatWar", "Commanders"], "the player's guide first"
        assert "Rules reference" in titles and "Performance" not in titles
        assert all("seeds" not in str(path) for path, _ in screen.docs)
        await pilot.press("escape")
        assert isinstance(app.screen, MainMenu)


async def test_builder_and_quiz_entries_open_their_screens(app):
    async with app.run_test(size=(80, 24)) as pilot:
        for name, screen in (("builder", BuildersScreen), ("quiz", QuizScreen)):
            await pilot.press("home", *entry_keys(name))
            assert isinstance(app.screen, screen)
            await pilot.press("escape")
            assert isinstance(app.screen, MainMenu)


def test_the_keymap_in_force_holds_only_what_differs_from_the_bindings():
    """Textual re-keys the focus chain's bindings by the keymap on every key press; entries
    that give a binding the keys it already has are left out, so the default preset with
    no keymap file puts none in force, and the other presets only their movement keys."""
    from tui import keymap

    assert keymap.build_keymap("vi", {}) == {}
    assert keymap.build_keymap("vi", {"battle.undo": "z,ctrl+z", "battle.redo": "r"}) == {"battle.redo": "r"}
    assert keymap.build_keymap("arrows", {}) == {"map.up_left": "home", "map.up_right": "pageup", "map.down_left": "end",
                                                 "map.down_right": "pagedown", "map.left": "left", "map.right": "right",
                                                 "map.up": "up", "map.down": "down"}
    assert keymap.build_keymap("numpad", {"map.left": "h,left"}) == {
        f"map.{m}": keys for m, keys in keymap.PRESET_MOVES["numpad"].items() if m != "left"
    }


async def test_every_movement_preset_moves_the_battle_cursor(tmp_path):
    import dataclasses

    from tests.tui.test_battle_footer import open_battle

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_battle(pilot, app, "statwar")
        for preset, right, left, wrong in (("vi", "l", "h", "6"), ("numpad", "6", "4", "l"), ("arrows", "right", "left", "l")):
            app.apply_settings(dataclasses.replace(app.settings, keymap_preset=preset))
            await pilot.pause()
            start = screen.map.cursor
            await pilot.press(right)
            assert screen.map.cursor == (start[0] + 1, start[1]), preset
            await pilot.press(wrong)
            assert screen.map.cursor == (start[0] + 1, start[1]), f"{wrong} moved the cursor under {preset}"
            await pilot.press(left)
            assert screen.map.cursor == start, preset
