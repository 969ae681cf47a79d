"""Shared key-driving helpers for the builder tests (this module holds no tests of its own)."""

from __future__ import annotations


async def type_text(pilot, text: str) -> None:
    """Type into the focused input, one key per character as a player would."""
    names = {" ": "space", ".": "full_stop", ",": "comma", "-": "minus", "'": "apostrophe"}
    for ch in text:
        await pilot.press(names.get(ch, ch))
    await pilot.pause()


async def open_from_menu(pilot, key: str) -> None:
    """Walk the main menu to the entry `key` and open it with Enter."""
    await pilot.pause()
    menu = pilot.app.screen.query_one("#menu-list")
    menu.focus()
    while menu.get_option_at_index(menu.highlighted).id != key:
        await pilot.press("down")
    await pilot.press("enter")
    await pilot.pause()


async def clear_input(pilot) -> None:
    """Empty the focused input with End and Backspace."""
    await pilot.pause()
    value = getattr(pilot.app.focused, "value", "")
    await pilot.press("end", *["backspace"] * len(value))


def run_cli(*argv: str) -> tuple[int, str]:
    """`skirmish ARGS` through tui.cli.main, with what it printed (the app captures stdout in tests)."""
    import contextlib
    import io

    from tui import cli

    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        code = cli.main(list(argv))
    return code, buffer.getvalue()


def stub_battle_screen(monkeypatch) -> list:
    """Replace the battle screen by a plain one that records the Match it was given.

    The builders hand a Match to tui.screens.battle.BattleScreen; the battle
    screens of each ruleset are tested on their own, so here only the hand-over is.
    """
    from textual.screen import Screen
    from textual.widgets import Static

    import tui.screens.battle as battle

    opened: list = []

    class RecordingBattle(Screen[None]):
        def __init__(self, match, seats, meta=None) -> None:
            super().__init__()
            self.match, self.seats, self.meta = match, seats, meta
            opened.append(self)

        def compose(self):
            yield Static(f"battle: {self.match.ruleset.name}")

    monkeypatch.setattr(battle, "BattleScreen", RecordingBattle)
    return opened


async def pick(pilot, wanted) -> None:
    """In an open PickDialog, walk to the entry whose id satisfies `wanted` (an id or a test) and take it."""
    await pilot.pause()
    test = wanted if callable(wanted) else (lambda key: key == wanted)
    options = pilot.app.screen.query_one("#pick-list")
    for _ in range(options.option_count):
        if test(options.get_option_at_index(options.highlighted).id or ""):
            break
        await pilot.press("down")
    assert test(options.get_option_at_index(options.highlighted).id or ""), f"no entry matches {wanted!r}"
    await pilot.press("enter")
    await pilot.pause()
