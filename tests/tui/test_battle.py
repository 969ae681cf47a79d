"""Playing a battle through the keyboard: deployment to victory, undo/redo, menus, hotseat."""

from __future__ import annotations

from core.squaregrid import chebyshev
from tests.tui.conftest import cursor_to, duel_match, perform, settle
from tests.tui.duel import Deploy, EndTurn, Move, Strike
from tui.screens.battle import BattleScreen
from tui.screens.end import EndScreen


def plan(screen) -> object:
    """A simple player: strike if possible, else walk the first ready unit toward the enemy, else end."""
    legal = screen.legal()
    state = screen.match.state
    for kind in (Deploy, Strike):
        found = [a for a in legal if isinstance(a, kind)]
        if found:
            return found[0]
    moves = [a for a in legal if isinstance(a, Move)]
    if moves:
        enemies = [f.pos for f in state.fighters if f.side == 1 and f.hp > 0 and f.pos is not None]
        uid = moves[0].uid
        return min((a for a in moves if a.uid == uid), key=lambda a: min(chebyshev(a.to, e) for e in enemies))
    return next(a for a in legal if isinstance(a, EndTurn))


async def test_duel_from_deployment_to_victory(app):
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BattleScreen(duel_match(per_side=1), {0: "human", 1: "easy"}, {"scenario": "meadow", "seed": 7})
        app.push_screen(screen)
        await settle(pilot, screen)
        for _ in range(200):
            if isinstance(app.screen, EndScreen):
                break
            assert app.screen is screen, type(app.screen)
            action = plan(screen)
            before = screen.match.cursor
            await perform(pilot, screen, action)
            await settle(pilot, screen)
            assert screen.match.cursor > before
            assert screen.match.all_actions[before] == action
        assert isinstance(app.screen, EndScreen)
        assert screen.match.outcome().winner == 0
        text = "\n".join(str(w.render()) for w in app.screen.query("Static"))
        assert "Blue wins" in text and "strength" in text and "Best unit" in text
        await pilot.press("enter", "enter")  # a repeated Enter from the last order keeps the summary up
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        assert any("q returns to the main menu" in str(n.message) for n in app._notifications)
        await pilot.press("q")
        assert not isinstance(app.screen, (EndScreen, BattleScreen))


async def test_practice_undo_redo_skip_the_ai_and_keep_the_dice(app):
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BattleScreen(duel_match(undo="practice"), {0: "human", 1: "easy"}, {"seed": 7})
        app.push_screen(screen)
        await settle(pilot, screen)
        await pilot.press("enter")  # deploy at (0, 0)
        await settle(pilot, screen)
        assert screen.match.cursor == 2  # the AI deployed too
        state_after = screen.match.state
        await pilot.press("z")
        await settle(pilot, screen)
        assert screen.match.cursor == 0 and screen.human_side() == 0
        await pilot.press("x")
        await settle(pilot, screen)
        assert screen.match.cursor == 2 and screen.match.state == state_after
        await pilot.press("z", "z")
        await settle(pilot, screen)
        assert screen.match.cursor == 0


async def test_fair_undo_refuses_past_the_ais_move_and_says_why(app):
    """Against the AI the last move is the AI's: fair undo refuses in one line and the log
    gains no 'undone' line, however often z is pressed."""
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BattleScreen(duel_match(), {0: "human", 1: "easy"}, {"seed": 7})
        app.push_screen(screen)
        await settle(pilot, screen)
        await pilot.press("enter")  # deploy at (0, 0); the AI deploys too
        await settle(pilot, screen)
        assert screen.match.cursor == 2
        log_before = list(screen.query_one("#battle-log").lines)
        await pilot.press("z", "z", "z")
        await settle(pilot, screen)
        assert screen.match.cursor == 2
        assert list(screen.query_one("#battle-log").lines) == log_before
        said = [n.message for n in app._notifications]
        assert "The last action was Red's: fair undo never takes back another side's action." in said


async def test_fair_undo_takes_back_a_move_that_revealed_nothing(app):
    """Hotseat: Blue moves (no die), Blue may take it back; once Blue strikes (a die), not."""
    match = duel_match(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BattleScreen(match, {0: "human", 1: "human"}, {"seed": 5})
        app.push_screen(screen)
        await settle(pilot, screen)
        while match.state.fighters[-1].pos is None:  # deploy everyone from the action lists
            side = match.to_act()[0]
            screen.commit(match.legal_actions(side)[0])
        await settle(pilot, screen)
        side = match.to_act()[0]
        move = next(a for a in match.legal_actions(side) if type(a).__name__ == "Move")
        screen.commit(move)
        await settle(pilot, screen)
        steps = match.cursor
        screen.action_undo()
        await settle(pilot, screen)
        assert match.cursor == steps - 1


async def test_ironman_refuses_every_undo(app):
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BattleScreen(duel_match(undo="ironman"), {0: "human", 1: "human"}, {"seed": 7})
        app.push_screen(screen)
        await settle(pilot, screen)
        await pilot.press("enter")
        await settle(pilot, screen)
        for handover in [s for s in app.screen_stack if type(s).__name__ == "HandOverDialog"]:
            handover.dismiss(None)
        await settle(pilot, screen)
        screen.action_undo()
        await settle(pilot, screen)
        assert screen.match.cursor == 1
        assert "This is an ironman battle: nothing can be undone." in [n.message for n in app._notifications]


async def test_escape_drops_selection_and_illegal_cells_do_nothing(app):
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BattleScreen(duel_match(), {0: "human", 1: "human"}, {"seed": 7})
        app.push_screen(screen)
        await settle(pilot, screen)
        await cursor_to(pilot, screen, (5, 5))  # water, outside the deployment zone
        await pilot.press("enter")
        assert screen.match.cursor == 0
        await cursor_to(pilot, screen, (1, 3))
        assert "Deploy" in str(screen.query_one("#odds-panel").render())
        await pilot.press("enter")
        assert screen.match.cursor == 1


async def test_help_lists_the_battle_keys(app):
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BattleScreen(duel_match(), {0: "human", 1: "easy"}, {"seed": 7})
        app.push_screen(screen)
        await settle(pilot, screen)
        await pilot.press("question_mark")
        body = "\n".join(str(w.render()) for w in app.screen.query("Static"))
        for words in ("Undo", "Redo", "Save", "Actions", "Next unit", "Select/commit", "Quit", "up-left"):
            assert words in body
        await pilot.press("escape")
        assert app.screen is screen


async def test_quit_asks_first(app):
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BattleScreen(duel_match(), {0: "human", 1: "easy"}, {"seed": 7})
        app.push_screen(screen)
        await settle(pilot, screen)
        await pilot.press("q", "n")
        assert app.screen is screen
        await pilot.press("q", "y")
        assert app.screen is not screen


async def test_hex_board_cursor_diagonals_follow_hex_neighbours(app):
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BattleScreen(duel_match(grid="hex"), {0: "human", 1: "easy"}, {"seed": 7})
        app.push_screen(screen)
        await settle(pilot, screen)
        await cursor_to(pilot, screen, (3, 2))
        await pilot.press("n")  # even row: SE neighbour is (3, 3)
        assert screen.map.cursor == (3, 3)
        await pilot.press("n")  # odd row: SE neighbour is (4, 4)
        assert screen.map.cursor == (4, 4)
        await pilot.press("y")  # even row: NW neighbour is (3, 3)
        assert screen.map.cursor == (3, 3)


async def test_monochrome_theme_reaches_an_open_map(app):
    import dataclasses

    async with app.run_test(size=(80, 24)) as pilot:
        screen = BattleScreen(duel_match(), {0: "human", 1: "easy"}, {"seed": 7})
        app.push_screen(screen)
        await settle(pilot, screen)
        assert screen.map.colour
        app.save_settings(dataclasses.replace(app.settings, theme="monochrome"))
        await pilot.pause()
        assert not screen.map.colour and app.theme == "skirmish-monochrome"
        from rich.color import Color

        from tui.widgets.map import TERRAIN_COLOURS

        terrain = {Color.parse(c) for c in TERRAIN_COLOURS.values()}
        for row in range(screen.map.view.height):
            for seg in screen.map._build_row(row):
                assert seg.style is None or seg.style.color not in terrain


async def test_leaving_while_the_ai_thinks_drops_its_late_answer(tmp_path):
    import threading

    from tests.tui.conftest import PassiveAI, make_app

    release = threading.Event()

    class SlowAI(PassiveAI):
        def choose(self, ruleset, state, side):
            release.wait(10)
            return super().choose(ruleset, state, side)

    app = make_app(tmp_path, ai_factory=SlowAI)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BattleScreen(duel_match(), {0: "human", 1: "easy"}, {"seed": 7})
        app.push_screen(screen)
        await pilot.pause()
        await pilot.press("enter")  # deploy: now the AI thinks, and waits
        await pilot.pause()
        assert screen.ai_busy
        await pilot.press("q", "y")  # leave the battle meanwhile
        await pilot.pause()
        assert screen not in app.screen_stack
        release.set()  # the answer arrives after the screen has gone
        for _ in range(5):
            await pilot.pause()
        assert app.is_running and screen.match.cursor == 1  # nothing applied, nothing raised
