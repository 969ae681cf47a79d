"""Menus keep working at any size, down to none."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets.option_list import Option

from tui.widgets.menu_list import MenuList


class OneMenu(App):
    CSS = "MenuList { height: 1fr; }"

    def compose(self) -> ComposeResult:
        yield MenuList(*(Option(f"Choice {i}", id=str(i)) for i in range(30)), id="menu")


async def test_page_keys_on_a_list_squeezed_to_nothing_do_nothing_and_work_again_with_room():
    app = OneMenu()
    async with app.run_test(size=(40, 2)) as pilot:  # opened in a sliver: no room for a line
        menu = app.query_one(MenuList)
        menu.focus()
        await pilot.pause()
        assert not menu.scrollable_content_region
        await pilot.press("pageup", "pagedown")  # raised KeyError inside Textual before
        await pilot.pause()
        assert menu.highlighted == 0
        await pilot.resize_terminal(40, 12)
        await pilot.pause()
        await pilot.press("pagedown")
        await pilot.pause()
        assert menu.highlighted > 0


def test_every_option_list_the_game_builds_is_safe_at_any_size():
    """Each list the screens and dialogs build is an AnySizeOptionList (MenuList is one), not
    Textual's bare OptionList, whose page keys raise in a sliver of a terminal."""
    import ast
    from pathlib import Path

    bare = []
    for path in sorted((Path(__file__).resolve().parents[2] / "tui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == "OptionList":
                bare.append(f"{path}:{node.lineno}")
    assert bare == []
