"""Fair play on screen and in files: the cheats of the fair-play issue, tried as a player would.

1. The AI's sealed orders were in the autosave, and `skirmish log` printed them.
2. In hotseat, z right after the other side sealed undid their seal and showed their orders.
Each fails on the code before seats and undo modes.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

from core import registry
from core.match import Match
from core.ninja.actions import OrderAction, OrderMove, Submit
from tests.tui.conftest import make_app, settle
from tui import saving
from tui.cli import main as cli
from tui.dialogs.hand_over import HandOverDialog
from tui.screens.battle import BattleScreen

NINJA = registry.get("ninja")


def ninja_match(seed: int = 3, undo: str = "fair") -> Match:
    return Match(NINJA, NINJA.new_battle(NINJA.load_scenario("ash_vs_vine"), seed), undo)


def give_orders(match: Match, side: int, count: int, rng: random.Random) -> list[str]:
    """`count` orders for `side` (moves or actions), then its seal; the words of each order."""
    words = []
    for _ in range(count):
        orders = [a for a in match.legal_actions(side) if isinstance(a, (OrderMove, OrderAction))]
        if not orders:
            break
        order = rng.choice(orders)
        words.append(NINJA.describe_action(match.state, order))
        match.apply(order)
    match.apply(Submit(side))
    return words


def screen_text(screen: BattleScreen) -> str:
    """Everything the battle screen shows in words: log, status, panels and the cell line."""
    parts = [str(line) for line in screen.query_one("#battle-log").lines]
    for selector in ("#battle-status", "#unit-panel", "#odds-panel", "#info-line"):
        parts.append(str(screen.query_one(selector).render()))
    return "\n".join(parts)


def test_the_autosave_waits_until_sealed_orders_resolve(tmp_path, capsys):
    """Cheat 1: the AI (side 2) seals its orders first; no autosave is written until the phase
    resolves, and the one written then holds no order still sealed."""
    app = SimpleNamespace(saves_dir=tmp_path)
    match = ninja_match()
    rng = random.Random(1)
    secret = give_orders(match, 1, 3, rng)
    assert secret
    assert saving.autosave(app, match, {"scenario": "ash_vs_vine", "seed": 3}) is None
    assert not list(tmp_path.glob("*.json"))
    give_orders(match, 0, 2, rng)  # the player seals: the phase resolves
    path = saving.autosave(app, match, {"scenario": "ash_vs_vine", "seed": 3})
    assert path is not None and path.is_file()
    capsys.readouterr()
    assert cli(["log", str(path)]) == 0
    out = capsys.readouterr().out
    assert all(words in out for words in secret)  # resolved now: public


def test_a_mid_phase_save_says_whose_orders_it_holds_and_log_hides_them(tmp_path, capsys):
    from core import saves

    match = ninja_match()
    rng = random.Random(2)
    secret = give_orders(match, 1, 3, rng)
    names = NINJA.side_names(match.state)
    assert saving.sealed_warning(match) == (
        f"It holds the orders {names[1]} sealed this phase: whoever reads the file can see them.")
    path = saves.write_save(tmp_path / "hotseat.json", match, created="", players=["human", "human"],
                            scenario="ash_vs_vine", seed=3)
    capsys.readouterr()
    assert cli(["log", str(path)]) == 0  # the public view
    public = capsys.readouterr().out
    assert not any(words in public for words in secret) and "a sealed order" in public
    assert cli(["log", str(path), "--seat", "1"]) == 0  # side 1's own view: its own orders, not the other's
    out = capsys.readouterr().out
    assert not any(words in out for words in secret)
    assert cli(["log", str(path), "--seat", "2"]) == 0  # the side that sealed them reads them
    out = capsys.readouterr().out
    assert all(words in out for words in secret)
    assert cli(["log", str(path), "--seat", "3"]) == 1


async def test_hotseat_undo_stops_at_the_other_sides_seal_and_the_screen_never_shows_it(tmp_path):
    """Cheat 2: after Ash seals, Vine's z cannot take back the seal, and nothing Ash ordered
    appears on Vine's screen: map panels, log, status."""
    app = make_app(tmp_path)
    match = ninja_match()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BattleScreen(match, {0: "human", 1: "human"}, {"seed": 3})
        app.push_screen(screen)
        await settle(pilot, screen)
        while isinstance(app.screen, HandOverDialog):
            await pilot.press("enter")
        rng = random.Random(4)
        secret = []
        for _ in range(3):
            order = rng.choice([a for a in screen.legal() if isinstance(a, (OrderMove, OrderAction))])
            secret.append(NINJA.describe_action(match.state, order))
            screen.commit(order)
        screen.commit(Submit(0))
        await settle(pilot)
        assert isinstance(app.screen, HandOverDialog)
        names = NINJA.side_names(match.state)
        assert f"Orders are sealed: {names[0]} has given this phase's orders" in app.screen.text()
        await pilot.press("enter")
        await settle(pilot, screen)
        assert screen.human_side() == 1
        steps = match.cursor
        await pilot.press("z")
        await settle(pilot, screen)
        assert match.cursor == steps and screen.human_side() == 1
        assert any("fair undo never takes back another side's action" in n.message for n in app._notifications)
        for cell in [(c, r) for r in range(0, 9, 2) for c in range(0, 16, 3)]:
            screen.map.set_cursor(cell)
            screen.update_cursor_panels()
            text = screen_text(screen)
            assert not any(words in text for words in secret), cell


async def test_the_first_hand_over_says_nothing_is_sealed_yet(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = BattleScreen(ninja_match(), {0: "human", 1: "human"}, {"seed": 3})
        app.push_screen(screen)
        await settle(pilot, screen)
        assert isinstance(app.screen, HandOverDialog)
        text = app.screen.text()
        assert "Orders are sealed" not in text and text.startswith(f"{NINJA.side_names(screen.match.state)[0]} to play.")
