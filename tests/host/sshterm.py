"""An SSH player for the hosting tests and the bench: an asyncssh client with a terminal, whose
screen is drawn by pyte as a terminal would draw it."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import asyncssh
import pyte

from tui.host.server import AUTHORIZED_KEYS
from tui.host.store import Store


def make_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


def player_id(key: asyncssh.SSHKey) -> str:
    """The player a key makes (the host knows players by their key's fingerprint)."""
    return key.get_fingerprint("sha256")


def authorize(data: Path, *keys: asyncssh.SSHKey) -> None:
    data.mkdir(parents=True, exist_ok=True)
    (data / AUTHORIZED_KEYS).write_bytes(b"".join(k.export_public_key() for k in keys))


def open_match(data: Path, first: tuple[asyncssh.SSHKey, str], second: tuple[asyncssh.SSHKey, str],
               ruleset: str = "ninja", scenario: str = "ash_vs_vine", seed: int = 3, limit: int | None = None) -> int:
    """A running match with `first` at side 1 and `second` at side 2 ((key, name) each)."""
    store = Store.in_folder(data)
    for key, name in (first, second):
        store.remember_player(player_id(key), name)
    match_id = store.open_match(ruleset=ruleset, scenario=scenario, seed=seed, armies=[], undo="fair",
                                time_limit=limit, sides=2, player=player_id(first[0]))
    store.join(match_id, player_id(second[0]))
    store.close()
    return match_id


class Player:
    """One SSH connection with a terminal of `cols` x `rows`."""

    def __init__(self, conn: asyncssh.SSHClientConnection, process: asyncssh.SSHClientProcess, cols: int, rows: int) -> None:
        self.conn = conn
        self.process = process
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.received = 0
        self.changed = asyncio.Event()
        #: called with each screen as it is drawn (a check over every frame, not only the last)
        self.observers: list = []
        self.reader = asyncio.create_task(self._read())

    @classmethod
    async def connect(cls, port: int, key: asyncssh.SSHKey, name: str, cols: int = 80, rows: int = 24,
                      compression: bool = False, window: int = 2 * 1024 * 1024) -> Player:
        conn = await asyncssh.connect(
            "127.0.0.1", port, username=name, client_keys=[key], known_hosts=None, agent_path=None,
            compression_algs=["zlib@openssh.com", "zlib"] if compression else ["none"], window=window,
        )
        process = await conn.create_process(term_type="xterm-256color", term_size=(cols, rows), encoding=None)
        return cls(conn, process, cols, rows)

    async def _read(self) -> None:
        while True:
            try:
                data = await self.process.stdout.read(65536)
            except (asyncssh.Error, ConnectionError):  # the connection was closed under the reader
                return
            if not data:
                return
            self.received += len(data)
            self.stream.feed(data)
            for observe in self.observers:
                observe(self.text())
            self.changed.set()

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def wait_for(self, words: str, timeout: float = 60.0, gone: bool = False) -> float:
        """Wait until `words` show on the screen (with `gone`: until they no longer do); the
        seconds it took. TimeoutError says what showed. The timeout only guards a hung run."""
        return await self.wait_until(lambda: (words in self.text()) != gone,
                                     f"{words!r} {'stayed' if gone else 'never showed'}", timeout)

    async def wait_until(self, check, what: str = "the screen never changed as expected", timeout: float = 60.0) -> float:
        start = time.perf_counter()
        while not check():
            self.changed.clear()
            left = timeout - (time.perf_counter() - start)
            if left <= 0:
                raise TimeoutError(f"{what}; the screen:\n{self.text()}")
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except asyncio.TimeoutError:
                pass
        return time.perf_counter() - start

    def stop_reading(self) -> None:
        """Read nothing more until `start_reading` (a client that does not read)."""
        self.reader.cancel()

    def start_reading(self) -> None:
        self.reader = asyncio.create_task(self._read())

    def send(self, data: bytes | str) -> None:
        self.process.stdin.write(data.encode() if isinstance(data, str) else data)

    def resize(self, cols: int, rows: int) -> None:
        self.process.change_terminal_size(cols, rows)
        self.screen.resize(rows, cols)

    async def close(self) -> None:
        self.conn.close()
        await self.conn.wait_closed()
        self.reader.cancel()
