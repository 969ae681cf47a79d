"""Ninja through the keyboard: a full round of sealed orders for every unit, and the hotseat hand-over."""

from __future__ import annotations

from core import registry
from core.match import Match
from tests.tui.conftest import make_app, perform, settle
from tui.dialogs.hand_over import HandOverDialog
from tui.screens.battle import BattleScreen


def ninja_match(seed: int = 3) -> Match:
    ruleset = registry.get("ninja")
    return Match(ruleset, ruleset.new_battle(ruleset.load_scenario("ash_vs_vine"), seed))


def pick(legal: list, turn: int):
    """A different kind of order each time (moves with facings, attacks, rest, dodge), Submit last."""
    orders = [a for a in legal if type(a).__name__ != "Submit"]
    if not orders:
        return legal[-1]
    kinds = sorted({(type(a).__name__, getattr(a, "act", getattr(a, "mode", ""))) for a in orders})
    kind = kinds[turn % len(kinds)]
    same = [a for a in orders if (type(a).__name__, getattr(a, "act", getattr(a, "mode", ""))) == kind]
    return same[(turn * 7) % len(same)]


async def test_a_ninja_round_with_orders_for_every_unit(tmp_path):
    app = make_app(tmp_path)
    match = ninja_match()
    ruleset = match.ruleset
    own = [u.uid for u in ruleset.board_view(match.state).units if u.side == 0]
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BattleScreen(match, {0: "human", 1: "easy"}, {"scenario": "ash_vs_vine", "seed": 3})
        app.push_screen(screen)
        await settle(pilot, screen)
        ordered: dict[str, set[int]] = {"movement": set(), "action": set()}
        turn = 0
        while ruleset.round_number(match.state) == 1:
            legal = screen.legal()
            assert legal, "the human side always has orders or Submit in its phase"
            action = pick(legal, turn)
            phase = match.state.phase
            if type(action).__name__ != "Submit":
                ordered[phase].add(action.unit)
            before = match.cursor
            await perform(pilot, screen, action)
            await settle(pilot, screen)
            assert match.all_actions[before] == action
            turn += 1
        assert ordered["movement"] == set(own) and ordered["action"] <= set(own)
        assert ordered["action"], "orders were given in the action phase too"


async def test_hotseat_hides_sealed_orders_between_players(tmp_path):
    app = make_app(tmp_path)
    match = ninja_match()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BattleScreen(match, {0: "human", 1: "human"}, {"seed": 3})
        app.push_screen(screen)
        await settle(pilot)
        assert isinstance(app.screen, HandOverDialog) and "Ash" in app.screen.side_name
        await pilot.press("enter")
        assert app.screen is screen
        submit = screen.legal()[-1]
        await perform(pilot, screen, submit)
        await settle(pilot)
        assert isinstance(app.screen, HandOverDialog) and "Vine" in app.screen.side_name
        await pilot.press("enter")
        assert screen.human_side() == 1


async def test_at_the_map_edge_a_ninja_faces_off_the_map_with_the_direction_key(tmp_path):
    # a facing is a direction, not a cell: Ash's ninja at the west edge (0, 4) of ash_vs_vine
    # turns to face west with h, though no hex lies there; the cursor stays on the map
    from core.hexgrid import hex_to_offset, offset_to_hex
    from tui.dialogs.actions import ActionMenu

    app = make_app(tmp_path)
    match = ninja_match()
    uid = next(u.uid for u in match.state.units if hex_to_offset(u.hex) == (0, 4))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BattleScreen(match, {0: "human", 1: "easy"}, {"scenario": "ash_vs_vine", "seed": 3})
        app.push_screen(screen)
        await settle(pilot, screen)
        from tests.tui.conftest import cursor_to
        await cursor_to(pilot, screen, (0, 4))
        await pilot.press("enter", "enter")  # the ninja, then its own hex (turn in place)
        assert screen.picker.stage == 1
        await pilot.press("h")
        await settle(pilot, screen)
        assert screen.map.cursor == (0, 4)
        if isinstance(app.screen, ActionMenu):
            await pilot.press("enter")
            await settle(pilot, screen)
        order = match.all_actions[-1]
        assert order.unit == uid and order.facing == 3 and (order.q, order.r) == tuple(offset_to_hex(0, 4))
        # a diagonal off the map leaves the cursor where it is (it used to slide to another hex)
        await cursor_to(pilot, screen, (15, 3))
        await pilot.press("u")
        assert screen.map.cursor == (15, 3)


async def test_the_status_line_gives_the_round_limit_the_battle_is_decided_at(tmp_path):
    """A ninja battle is nearly always decided at its round limit (points of ninja alive), so
    the status line counts the rounds against it: ash_vs_vine ends after round 10."""
    from tui.widgets.panels import StatusLine

    app = make_app(tmp_path)
    match = ninja_match()
    assert match.ruleset.round_limit(match.state) == match.state.round_limit == 10
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BattleScreen(match, {0: "human", 1: "easy"}, {"scenario": "ash_vs_vine", "seed": 3})
        app.push_screen(screen)
        await settle(pilot, screen)
        status = str(screen.query_one(StatusLine).render())
        assert status.startswith("Round 1/10  step ") and "To act: Ash 10" in status, status
