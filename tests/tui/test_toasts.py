"""A message already on screen is not stacked again (tui.app.SkirmishApp.notify): a key pressed
again and again would otherwise cover an 80x24 screen's panels with copies of one toast."""

from __future__ import annotations

from tests.tui.conftest import make_app


def shown(app) -> int:
    """The notifications the app holds on screen (Textual's collection of them)."""
    return len(app._notifications)


async def test_the_same_message_is_shown_once_while_it_is_on_screen_and_others_stack(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(4):
            app.notify("Bear has nothing to do now.")
            await pilot.pause()
        assert shown(app) == 1
        app.notify("Not your turn.")
        app.notify("Bear has nothing to do now.", severity="warning")  # another severity: another toast
        await pilot.pause()
        assert shown(app) == 3


async def test_the_same_message_shows_again_once_its_toast_is_gone(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.notify("Saved.", timeout=1)  # long enough to be seen on a busy machine
        await pilot.pause()
        assert shown(app) == 1
        for _ in range(100):  # gone once its second is up (the pauses take longer under load)
            if shown(app) == 0:
                break
            await pilot.pause(0.05)
        assert shown(app) == 0
        app.notify("Saved.", timeout=5)
        await pilot.pause()
        assert shown(app) == 1
