"""Whole matches over SSH, with the keys a player presses: a StatWar match to its end under a
spectator's eyes, and a ninja round with real sealed orders to its resolution.

Each seat picks its move from the actions menu (`a`, the move's name typed as the filter,
Enter), as a player who knows the game would; which move is the AI's choice on that seat's
own view, so the match goes somewhere. The test keeps the match as the store has it and checks
every screen against it.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest

from core import registry
from core.ai import Player as AIPlayer
from core.ai import candidates, rank
from core.seats import seat_state
from tests.host.sshterm import Player, authorize, make_key, open_match, player_id
from tui import rulesets, settings
from tui.cli import main as cli_main
from tui.dialogs.actions import matches as filter_keeps
from tui.dialogs.actions import plain_words
from tui.host import matches
from tui.host.server import Host, HostConfig
from tui.host.session import player_folder
from tui.host.store import Store


class Hosting:
    """A host on a free port with three players' keys (alice and bob hold match #1's seats,
    carol none); `restart` stops it and starts another on the same data folder."""

    def __init__(self, data: Path, ruleset: str, scenario: str, seed: int) -> None:
        self.data = data
        self.keys = {"alice": make_key(), "bob": make_key(), "carol": make_key()}
        authorize(data, *self.keys.values())
        for key in self.keys.values():  # no playback (a player's choice in Options): a key is never spent
            # skipping one, and no round summary waits for a key (tests/tui/test_lobby.py plays them)
            settings.save(settings.Settings(playback="off"), player_folder(data, player_id(key)) / "config")
        open_match(data, (self.keys["alice"], "alice"), (self.keys["bob"], "bob"), ruleset=ruleset, scenario=scenario, seed=seed)
        self.server = Host(HostConfig(data, port=0))

    @property
    def port(self) -> int:
        return self.server.port

    async def restart(self) -> None:
        await self.server.stop()
        self.server = Host(HostConfig(self.data, port=0))
        await self.server.start()


async def seat(hosting: Hosting, name: str, title: str) -> Player:
    """Connect as `name` and go from the lobby to the seat of the match titled `title`."""
    player = await Player.connect(hosting.port, hosting.keys[name], name)
    await player.wait_for(title)
    player.send("\r")
    await player.wait_for("To act:")
    return player


def standing(data: Path, match_id: int = 1) -> Any:
    """The match as the store has it now (a HostedMatch)."""
    store = Store.in_folder(data)
    try:
        return matches.load(store, match_id)[1]
    finally:
        store.close()


async def committed(data: Path, player: Player, steps: int) -> Any:
    """Wait until the store holds `steps` actions and `player`'s screen has drawn the last (its
    status counts the steps); the match as the store has it."""
    await player.wait_until(lambda: standing(data).match.steps >= steps, f"step {steps} never reached the store")
    match = standing(data).match
    if match.outcome() is None:
        await player.wait_for(f"step {steps} ")
    return match


def last_told(match: Any) -> str:
    """The log's words for the last event of the match's last step."""
    ruleset, step = match.ruleset, match.steps
    return ruleset.describe_event(match.state_at(step - 1), match.events_at(step)[-1])


def pick(ruleset: Any, state: Any, side: int, ai: AIPlayer, done: tuple[str, ...] = ()) -> tuple[Any, str, int]:
    """The move `side` makes (the AI's choice on the seat's view; with `done`, its best order
    for a unit not named there), the words to type in the actions menu's filter, and how many
    Down presses then reach it (the menu lists the moves the filter keeps grouped by kind, each
    group in the order the rules list them)."""
    view = seat_state(ruleset, state, side)
    kind = rulesets.get(ruleset.name).action_kind
    legal = ruleset.legal_actions(view, side)
    if done:
        def unit_free(action: Any) -> bool:
            words = ruleset.describe_action(view, action)
            return ":" in words and words.split(":")[0] not in done

        fresh = [a for a in candidates(ruleset, view, side) if unit_free(a)] or [a for a in legal if unit_free(a)]
        wanted = rank(ruleset, view, side, fresh, ruleset.ai_budget().samples)[0][1]
    else:
        wanted = ai.choose(ruleset, state, side)
    label = ruleset.describe_action(view, wanted)
    groups: dict[str, list[Any]] = {}
    for action in legal:
        if filter_keeps(plain_words(label), ruleset.describe_action(view, action), kind(action)):
            groups.setdefault(kind(action), []).append(action)
    shown = [action for group in groups.values() for action in group]
    return wanted, label, shown.index(wanted)


async def order(player: Player, label: str, downs: int = 0) -> None:
    """Take a move from the actions menu: type `label` as the filter, go `downs` moves down, Enter."""
    player.send("a")
    await player.wait_for("Type to filter")
    player.send(" ".join(plain_words(label)))
    await player.wait_for(label[-20:])
    player.send("\x1b[B" * downs + "\r")
    await player.wait_for("Type to filter", gone=True)


def unit_shown(player: Player) -> str | None:
    """The unit the side panel shows (its box's title), if any."""
    found = re.search(r"╭─ (.+?) ─", player.text())
    return found.group(1) if found else None


async def select_unit(player: Player, name: str) -> None:
    """Tab through the seat's units to `name` and select it (Enter), as a player would (Esc
    first: the unit given the last order may still be selected)."""
    player.send("\x1b")
    await asyncio.sleep(0.3)  # a lone Esc: a key sent right after it would read as Alt+key
    for _ in range(12):
        if unit_shown(player) == name:
            player.send("\r")
            return
        shown = unit_shown(player)
        player.send("\t")
        await player.wait_until(lambda: unit_shown(player) != shown, "Tab did not move to another unit")
    raise AssertionError(f"Tab never reached {name}")


@pytest.fixture
async def statwar_host(tmp_path):
    hosting = Hosting(tmp_path, "statwar", "duel_25", seed=1)
    await hosting.server.start()
    yield hosting
    await hosting.server.stop()


async def test_a_statwar_match_is_played_to_its_end_over_ssh_while_a_spectator_watches(statwar_host, tmp_path):
    """Two seats and a spectator; halfway the host restarts, everyone connects again and the
    match goes on from the same step."""
    hosting = statwar_host
    title = "#1 statwar / duel_25"

    async def everyone_in(steps: int) -> tuple[Player, Player, Player]:
        alice, bob = await asyncio.gather(seat(hosting, "alice", title), seat(hosting, "bob", title))
        carol = await Player.connect(hosting.port, hosting.keys["carol"], "carol")
        await carol.wait_for("Being played")
        carol.send("w")
        await carol.wait_for(f"Watching #1: {steps}/{steps}")
        return alice, bob, carol

    alice, bob, carol = await everyone_in(0)
    seats = {0: alice, 1: bob}
    ais = {0: AIPlayer("normal", 1), 1: AIPlayer("normal", 2)}
    ruleset = registry.get("statwar")
    steps = 0
    while True:
        hosted = standing(tmp_path)
        state = hosted.match.state
        if ruleset.outcome(state) is not None:
            break
        (side,) = ruleset.to_act(state)
        mover, other = seats[side], seats[1 - side]
        action, label, downs = pick(ruleset, state, side, ais[side])
        await mover.wait_for("To act: you")
        await order(mover, label, downs)
        steps += 1
        # the move is in the store as it was chosen, the other seat's screen shows it, and so does the spectator's
        now = await committed(tmp_path, mover, steps)
        assert now.steps == steps and now.actions[-1] == action
        if now.outcome() is None:
            await other.wait_for(f"step {steps} ")
            await other.wait_for(last_told(now)[:40])
        else:
            await other.wait_for("Battle over")
        await carol.wait_for(f"Watching #1: {steps}/{steps}")
        assert steps < 60, "the duel should have ended long ago"
        if steps == 5:  # the host stops mid-match and starts again on the same data folder
            await hosting.restart()
            await asyncio.gather(*(player.close() for player in (alice, bob, carol)))
            alice, bob, carol = await everyone_in(steps)
            seats = {0: alice, 1: bob}
            await alice.wait_for(f"step {steps} ")
    outcome = ruleset.outcome(state)
    winner = ruleset.side_names(state)[outcome.winner]
    for player in (alice, bob):
        await player.wait_for("Battle over")
        await player.wait_for(f"{winner} wins")
        # the screen arrives in pieces over the link: wait for the hint's line, not only the headline
        await player.wait_for("returns to the lobby")
    # leaving the end screen goes back to the lobby, where the match is listed as finished
    alice.send("q")
    await alice.wait_for("Skirmish lobby")
    await alice.wait_for("over: you won" if outcome.winner == 0 else "over: bob won")
    # the host exports it as an ordinary save, which verify accepts
    store = Store.in_folder(tmp_path)
    saved = matches.export(store, 1, tmp_path / "duel.json")
    store.close()
    assert cli_main(["verify", str(saved)]) == 0
    for player in (alice, bob, carol):
        await player.close()


@pytest.fixture
async def ninja_host(tmp_path):
    hosting = Hosting(tmp_path, "ninja", "ash_vs_vine", seed=3)
    await hosting.server.start()
    yield hosting
    await hosting.server.stop()


async def test_a_ninja_round_of_sealed_orders_resolves_over_ssh_and_no_seat_sees_the_others_orders_first(ninja_host, tmp_path):
    title = "#1 ninja / ash_vs_vine"
    alice, bob = await asyncio.gather(seat(ninja_host, "alice", title), seat(ninja_host, "bob", title))
    seats = {0: alice, 1: bob}
    ais = {0: AIPlayer("normal", 1), 1: AIPlayer("normal", 2)}
    ruleset = registry.get("ninja")
    sealed: dict[int, list[str]] = {0: [], 1: []}  # the orders each side gave and that have not resolved
    leaks: list[str] = []
    steps = 0

    def watch_for_leaks(side: int):
        def observe(screen: str) -> None:
            leaks.extend(f"side {side} saw {label!r}" for label in sealed[1 - side] if label in screen)
        return observe

    for side, player in seats.items():
        player.observers.append(watch_for_leaks(side))
    for phase in ("movement", "action"):
        assert ruleset.phase_of(standing(tmp_path).match.state) == (1, phase)
        for side in (0, 1):
            player = seats[side]
            for _ in range(2):
                state = standing(tmp_path).match.state
                ordered = tuple(label.split(":")[0] for label in sealed[side])
                action, label, downs = pick(ruleset, state, side, ais[side], ordered or ("",))
                await select_unit(player, label.split(":")[0])
                await order(player, label, downs)
                sealed[side].append(label)
                steps += 1
                assert (await committed(tmp_path, player, steps)).actions[-1] == action
            player.send("e")
            await player.wait_for("with no orders yet")
            player.send("y")
            steps += 1
            await committed(tmp_path, player, steps)
            if side == 0:
                await bob.wait_for("sealed orders for 2 ninja and submitted")
        # both seats' orders resolve together: each screen ends on what happened last
        match = standing(tmp_path).match
        told = [ruleset.describe_event(match.state_at(steps - 1), event) for event in match.events_at(steps)]
        assert any(" attacks " in line or " runs " in line for line in told), told
        sealed = {0: [], 1: []}  # resolved: no longer secret
        for player in (alice, bob):
            await player.wait_for(last_told(match)[:40])
    await bob.wait_for("#1 round 2/10 ")  # ash_vs_vine is decided at round 10
    assert not leaks
    for player in (alice, bob):
        await player.close()
