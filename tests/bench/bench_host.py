"""Hosted play over loopback SSH: how fast a commit reaches the other seat, what a cursor move
costs on the wire (with and without compression), memory per player, and how many players
one host holds with key-to-repaint under 100 ms.

The host runs in this process (port 0); players are asyncssh clients whose screens
pyte draws, as in tests/host. Wire bytes are counted by a small TCP relay between
client and host, so they are what an SSH link carries, compressed or not.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from run import Budget, Report

from core.ninja.actions import OrderMove
from tests.host.sshterm import Player, authorize, make_key, open_match
from tui.host import matches
from tui.host.server import Host, HostConfig
from tui.host.store import Store

RIGHT, LEFT = b"\x1b[C", b"\x1b[D"
LATENCY_BUDGET = Budget(0.1, text="<= 100 ms")


class Relay:
    """A TCP relay that counts the bytes going from the host to the client."""

    def __init__(self, target: int) -> None:
        self.target = target
        self.down = 0
        self.server: asyncio.AbstractServer | None = None

    async def start(self) -> int:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        return self.server.sockets[0].getsockname()[1]

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter, count: bool) -> None:
            try:
                while data := await src.read(65536):
                    if count:
                        self.down += len(data)
                    dst.write(data)
                    await dst.drain()
            except ConnectionError:
                pass
            finally:
                dst.close()

        await asyncio.gather(pipe(reader, up_writer, False), pipe(up_reader, writer, True))

    def close(self) -> None:
        if self.server is not None:
            self.server.close()


async def seated(port: int, key, name: str, compression: bool = False) -> Player:
    player = await Player.connect(port, key, name, compression=compression)
    await player.wait_for("Your matches", 90)  # a busy machine starts many games slowly
    await player.wait_for("#", 90)
    player.send("\r")
    await player.wait_for("To act:", 90)
    await asyncio.sleep(0.3)
    return player


async def settle(player: Player, quiet: float = 0.15) -> None:
    """Wait until the screen has not changed for `quiet` seconds."""
    while True:
        player.changed.clear()
        try:
            await asyncio.wait_for(player.changed.wait(), quiet)
        except asyncio.TimeoutError:
            return


async def cursor_move(player: Player, key: bytes) -> tuple[float, int]:
    """Seconds from the key to the first byte of its repaint, and the bytes of the repaint."""
    await settle(player)
    before = player.received
    player.changed.clear()
    start = time.perf_counter()
    player.send(key)
    await asyncio.wait_for(player.changed.wait(), 5)
    latency = time.perf_counter() - start
    await settle(player)
    return latency, player.received - before


def rss_kib(pid: int) -> tuple[int, int]:
    """Resident and proportional set size of a process, in KiB (Linux /proc)."""
    rss = pss = 0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            rss = int(line.split()[1])
    rollup = Path(f"/proc/{pid}/smaps_rollup")
    if rollup.exists():
        for line in rollup.read_text().splitlines():
            if line.startswith("Pss:"):
                pss = int(line.split()[1])
    return rss, pss


async def measure(report: Report) -> None:
    suite = "host"
    rounds = 8 if report.quick else 25
    counts = (2, 4) if report.quick else (2, 4, 8, 16)  # players at once, step 4
    with tempfile.TemporaryDirectory(prefix="skirmish-host-bench-") as folder:
        data = Path(folder)
        keys = [make_key() for _ in range(18)]
        authorize(data, *keys)
        first = open_match(data, (keys[0], "p0"), (keys[1], "p1"))
        # the bench finds how many players this machine holds, so the host's own cap (4 a
        # core: a 2-core machine turns away the 9th player) must not stop it first; two
        # more for the sessions of the earlier steps, which may still be closing
        host = Host(HostConfig(data, port=0, max_players=max(counts) + 2))
        await host.start()
        try:
            # 1. a commit by one seat to the other seat's repaint
            alice, bob = await asyncio.gather(seated(host.port, keys[0], "p0"), seated(host.port, keys[1], "p1"))
            writer = Store.in_folder(data)
            _, hosted = matches.load(writer, first)
            lags = []
            rng = random.Random(1)
            for i in range(rounds):
                await settle(bob)
                order = rng.choice([a for a in hosted.match.legal_actions(0) if isinstance(a, OrderMove)])
                bob.changed.clear()
                start = time.perf_counter()
                matches.commit(writer, first, hosted, 0, "action", order)
                await asyncio.wait_for(bob.changed.wait(), 5)  # the first byte of the repaint
                lags.append(time.perf_counter() - start)
                matches.commit(writer, first, hosted, 0, "undo")
            report.add(suite, "commit to the other seat's repaint", statistics.median(lags), budget=LATENCY_BUDGET,
                       note=f"median of {rounds}; p90 {sorted(lags)[int(0.9 * (rounds - 1))] * 1000:.0f} ms; loopback SSH")
            # 2. a cursor move over SSH: key to repaint, and the bytes on the wire
            moves = [await cursor_move(bob, RIGHT if i % 2 == 0 else LEFT) for i in range(rounds)]
            report.add(suite, "cursor move: key to repaint over SSH", statistics.median(m[0] for m in moves),
                       budget=LATENCY_BUDGET, note=f"median of {rounds}")
            report.add(suite, "cursor move: bytes of the repaint", statistics.median(m[1] for m in moves), unit="B",
                       note="terminal bytes, before SSH")
            for compression in (False, True):
                relay = Relay(host.port)
                port = await relay.start()
                watcher = await seated(port, keys[1], "p1", compression)
                wire = []
                for i in range(rounds):
                    await settle(watcher)
                    before = relay.down
                    await cursor_move(watcher, RIGHT if i % 2 == 0 else LEFT)
                    await asyncio.sleep(0.05)
                    wire.append(relay.down - before)
                label = "with ssh -C (zlib)" if compression else "without compression"
                report.add(suite, f"cursor move: bytes on the wire, {label}", statistics.median(wire), unit="B",
                           note=f"median of {rounds}, SSH framing and MAC included")
                await watcher.close()
                relay.close()
            # 3. memory per connected player: the game process of one seat
            await asyncio.sleep(0.5)
            sizes = [rss_kib(game.pid) for game in host.games.values()]
            report.add(suite, "memory per player: RSS of its game process", statistics.median(s[0] for s in sizes) * 1024,
                       unit="B", note=f"median of {len(sizes)}; PSS {statistics.median(s[1] for s in sizes) / 1024:.0f} MiB")
            await alice.close()
            await bob.close()
            # 4. players at once: everyone moves their cursor, one of them is timed
            players: list[Player] = []
            holds = 0
            for count in counts:
                while len(players) < count:
                    pair = len(players)
                    open_match(data, (keys[pair], f"p{pair}"), (keys[pair + 1], f"p{pair + 1}"))
                    players.extend(await asyncio.gather(
                        seated(host.port, keys[pair], f"p{pair}"), seated(host.port, keys[pair + 1], f"p{pair + 1}")))
                stop = asyncio.Event()

                async def fidget(player: Player) -> None:
                    i = 0
                    while not stop.is_set():
                        player.send(RIGHT if i % 2 == 0 else LEFT)
                        i += 1
                        await asyncio.sleep(0.25)

                others = [asyncio.create_task(fidget(p)) for p in players[1:]]
                timed = [(await cursor_move(players[0], RIGHT if i % 2 == 0 else LEFT))[0] for i in range(rounds)]
                stop.set()
                await asyncio.gather(*others)
                median = statistics.median(timed)
                report.add(suite, f"key to repaint with {count} players moving", median, budget=LATENCY_BUDGET,
                           note=f"median of {rounds}; every other player moves 4 times a second")
                if median < 0.1:
                    holds = count
            report.add(suite, "players held with key-to-repaint under 100 ms", holds, unit="players",
                       note=f"the most of {', '.join(map(str, counts))} tried on this machine")
            for player in players:
                await player.close()
        finally:
            await host.stop()


def run_host(report: Report) -> None:
    asyncio.run(measure(report))
