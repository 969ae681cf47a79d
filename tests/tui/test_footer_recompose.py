"""The footer composes its keys again only when what it shows changes (tui.widgets.footer):
the main menu draws its footer once at start, a refresh that changes nothing rebuilds
nothing, and a change of keys, labels or enabled state shows at once."""

from __future__ import annotations

import dataclasses

from tests.tui.conftest import make_app
from tests.tui.fit import screen_lines
from tests.tui.test_battle_footer import open_battle
from tui.widgets.footer import Footer


def count_composes(monkeypatch) -> list[Footer]:
    composed: list[Footer] = []
    original = Footer.compose

    def counting(self):
        if self._bindings_ready:
            composed.append(self)
        yield from original(self)

    monkeypatch.setattr(Footer, "compose", counting)
    return composed


async def test_the_menu_footer_is_composed_once_and_not_again_for_the_same_keys(tmp_path, monkeypatch):
    composed = count_composes(monkeypatch)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        assert "⏎ Choose" in screen_lines(app)[-1] and "q Quit" in screen_lines(app)[-1]
        assert len(composed) == 1
        app.screen.refresh_bindings()  # nothing changed: nothing to compose
        await pilot.pause(0.1)
        assert len(composed) == 1


async def test_a_footer_whose_keys_change_is_composed_again(tmp_path, monkeypatch):
    composed = count_composes(monkeypatch)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_battle(pilot, app, "statwar")
        before = len(composed)
        bottom = screen_lines(app)[-1]
        assert "s Save" in bottom
        keys = screen._bindings.key_to_bindings  # relabel one key in place, as footer_fit does
        for key, bindings in keys.items():
            keys[key] = [dataclasses.replace(b, description="Keep") if b.id == "battle.save" else b for b in bindings]
        screen.refresh_bindings()
        await pilot.pause(0.1)
        assert len(composed) == before + 1
        assert "s Keep" in screen_lines(app)[-1] and "s Save" not in screen_lines(app)[-1]
