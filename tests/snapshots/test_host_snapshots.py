"""Snapshots of hosted play at 80x24: the lobby, a seat at a ninja match after the other side
sealed its orders, and a spectator watching (fixed seeds, players and times)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ["TEXTUAL_ANIMATIONS"] = "none"

from core.ninja.actions import Submit  # noqa: E402
from tests.tui.conftest import PassiveAI  # noqa: E402
from tui.app import SkirmishApp  # noqa: E402
from tui.host import matches  # noqa: E402
from tui.host.session import Identity  # noqa: E402
from tui.host.store import Store  # noqa: E402

ALICE, BOB, CAROL = "SHA256:alice", "SHA256:bob", "SHA256:carol"


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    store = Store.in_folder(Path("data"))
    for player, name in ((ALICE, "alice"), (BOB, "bob"), (CAROL, "carol")):
        store.remember_player(player, name, now=1.0)

    def match(owner: str, ruleset: str, scenario: str, join: str | None = None, limit: int | None = None) -> int:
        match_id = store.open_match(ruleset=ruleset, scenario=scenario, seed=3, armies=[], undo="fair",
                                    time_limit=limit, sides=2, player=owner, now=10.0)
        if join:
            store.join(match_id, join, now=20.0)
        return match_id

    match(ALICE, "statwar", "duel_25")
    ninja = match(ALICE, "ninja", "ash_vs_vine", join=BOB)
    match(CAROL, "commanders", "pass_duel", limit=180)
    watched = match(ALICE, "statwar", "duel_25", join=CAROL)
    _, hosted = matches.load(store, ninja)
    matches.commit(store, ninja, hosted, 0, "action", Submit(0), now=30.0)
    _, other = matches.load(store, watched)
    for step in range(3):
        side = other.match.to_act()[0]
        matches.commit(store, watched, other, side, "action", other.match.legal_actions(side)[-1], now=40.0 + step)
    store.close()
    return SkirmishApp(Path("saves"), config_dir=Path("config"), ai_factory=PassiveAI,
                       hosted=Identity(Path("data"), BOB, "bob", "s-bob"))


async def settle(pilot) -> None:
    for _ in range(5):
        await pilot.pause()
    await pilot.pause(0.2)


def test_lobby(snap_compare, app):
    assert snap_compare(app, run_before=settle, terminal_size=(80, 24))


def test_hosted_seat(snap_compare, app):
    async def run_before(pilot):
        await settle(pilot)
        await pilot.press("enter")  # bob's match: the ninja one, alice has sealed her orders
        await settle(pilot)

    assert snap_compare(app, run_before=run_before, terminal_size=(80, 24))


def test_watching(snap_compare, app):
    async def run_before(pilot):
        await settle(pilot)
        await pilot.press("down", "down", "down", "enter")  # past the two open ones: alice v carol
        await settle(pilot)

    assert snap_compare(app, run_before=run_before, terminal_size=(80, 24))
