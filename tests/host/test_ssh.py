"""`skirmish host` end to end on the loopback address: two players with terminals over SSH.

The host runs in this process on a free port; each connection gets its own game
process, as in real use. Screens are read as a terminal draws them (pyte).
"""

from __future__ import annotations

import asyncio

import asyncssh
import pytest

from tests.host.sshterm import Player, authorize, make_key, open_match
from tui.host.server import Host, HostConfig, HostSetupError, host_key


@pytest.fixture
async def host(tmp_path):
    keys = {"alice": make_key(), "bob": make_key(), "carol": make_key()}
    authorize(tmp_path, *keys.values())
    open_match(tmp_path, (keys["alice"], "alice"), (keys["bob"], "bob"))
    server = Host(HostConfig(tmp_path, port=0))
    await server.start()
    server.players = keys
    yield server
    await server.stop()


async def seat(host: Host, name: str) -> Player:
    """Connect as `name` and go from the lobby to the seat of the match."""
    player = await Player.connect(host.port, host.players[name], name)
    await player.wait_for("Your matches")
    await player.wait_for("#1 ninja / ash_vs_vine")
    player.send("\r")
    await player.wait_for("To act:")
    return player


async def lobby(host: Host, name: str, window: int) -> Player:
    player = await Player.connect(host.port, host.players[name], name, window=window)
    await player.wait_for("Your matches")
    return player


async def test_two_seats_over_ssh_see_each_other_leave_and_come_back(host, monkeypatch):
    monkeypatch.setattr("tui.host.server.HIGH_WATER", 8192)  # the same hold-back, reached with less output
    alice, bob, carol = await asyncio.gather(seat(host, "alice"), seat(host, "bob"), lobby(host, "carol", 16384))
    # Carol stops reading and keeps resizing her window: each size is a whole screen drawn
    # anew; her game's output waits for her, nobody else's does
    carol.stop_reading()
    for i in range(8):
        carol.process.change_terminal_size(*((160, 50) if i % 2 == 0 else (80, 24)))
        await asyncio.sleep(0.1)
    # Alice's screen counts Bob as there (whether he came before her screen opened, or after
    # and it said "(bob) is here"): the side to act is not marked away
    await alice.wait_until(lambda: "To act: you, Vine 9" in alice.text() and "(away)" not in alice.text(),
                           "bob never showed as there")
    # Alice seals her orders (e, and yes: her ninja have none): Bob's screen says so, and only so
    alice.send("e")
    await alice.wait_for("with no orders yet")
    alice.send("y")
    await bob.wait_for("has sealed its orders")
    await bob.wait_for("To act: you")
    # garbage and a 1x1 window on Bob's side do not disturb Alice, nor Bob once his window is back
    bob.send(b"\x1b[\x00\xff\xfe\x1b]0;\x07\x1b[999;999R~~\x1bO")
    bob.process.change_terminal_size(1, 1)  # the game sees the smallest size the host allows
    await bob.wait_for("Terminal too small: 60x5")
    bob.resize(120, 30)  # the game draws for the new size: the map and panels reach past column 80
    await bob.wait_until(lambda: any(line[80:].strip() for line in bob.screen.display), "no drawing past column 80")
    bob.resize(80, 24)
    await bob.wait_for("To act: you")
    # Bob drops: Alice is told; he comes back with the same key to the same seat and moment
    await bob.close()
    await alice.wait_for("(bob) has left the match")
    await alice.wait_for("(away)")  # her status line: the side to act is not there
    bob = await seat(host, "bob")
    await bob.wait_for("has sealed its orders")
    await bob.wait_for("To act: you")
    await alice.wait_for("(away)", gone=True)
    assert host.held_back >= 1  # Carol's output waited for her
    # Carol reads again: what her game drew meanwhile arrives, and it still answers her keys
    carol.start_reading()
    carol.send("?")
    await carol.wait_for("Lobby")
    for player in (alice, bob, carol):
        await player.close()


async def test_who_may_come_in(host, tmp_path):
    with pytest.raises(asyncssh.PermissionDenied):
        await asyncssh.connect("127.0.0.1", host.port, username="mallory", client_keys=[make_key()],
                               known_hosts=None, agent_path=None)
    # without a terminal the host says what it needs
    async with asyncssh.connect("127.0.0.1", host.port, username="alice", client_keys=[host.players["alice"]],
                                known_hosts=None, agent_path=None) as conn:
        result = await conn.run("play", encoding=None)
    assert result.exit_status == 1 and b"connect with a terminal" in result.stderr
    # the host key made on the first start is kept: a restart offers the same one
    assert host_key(tmp_path).export_public_key() == host.key.export_public_key()
    with pytest.raises(HostSetupError, match="no authorized keys file"):
        Host(HostConfig(tmp_path / "empty", port=0))


async def test_a_full_host_says_so_and_keeps_its_players(tmp_path):
    keys = {"alice": make_key(), "bob": make_key()}
    authorize(tmp_path, *keys.values())
    server = Host(HostConfig(tmp_path, port=0, max_players=1))
    await server.start()
    try:
        alice = await Player.connect(server.port, keys["alice"], "alice")
        await alice.wait_for("Your matches")
        async with asyncssh.connect("127.0.0.1", server.port, username="bob", client_keys=[keys["bob"]],
                                    known_hosts=None, agent_path=None) as conn:
            # (without a cap his game would start and the call would not return: the timeout guards that)
            result = await asyncio.wait_for(conn.run(term_type="xterm", term_size=(80, 24), encoding=None), 30)
        assert result.exit_status == 1
        assert b"The host is full: it takes 1 player at once." in result.stdout + result.stderr
        alice.send("?")  # the player inside is not disturbed
        await alice.wait_for("Lobby")
        await alice.close()
        # once she has gone, there is room again
        for _ in range(400):  # her game ends as her connection closes (hang-up, then at most 3 s)
            if not server.games:
                break
            await asyncio.sleep(0.025)
        assert not server.games
        bob = await Player.connect(server.port, keys["bob"], "bob")
        await bob.wait_for("Your matches")
        await bob.close()
    finally:
        await server.stop()
