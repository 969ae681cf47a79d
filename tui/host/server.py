"""`skirmish host`: an SSH server (asyncssh) that gives each connection the whole game.

Each connection that asks for a terminal gets a game process of its own
(tui.host.session) on a fresh pseudo-terminal: the SSH channel's bytes go to the
terminal, the game's output comes back, and a window change is set on the
terminal (TIOCSWINSZ), which tells the game (SIGWINCH) as a local terminal
would. Why a process per connection and not several apps in this one:
docs/ARCHITECTURE.md, "Hosted play".

Who may connect: the keys in the authorized keys file; with guests on, any key.
A player is their key's SHA-256 fingerprint; the login name is only shown.
The host also keeps the per-turn time limits of every running match.
"""

from __future__ import annotations

import asyncio
import codecs
import fcntl
import logging
import os
import secrets
import signal
import struct
import sys
import termios
from pathlib import Path
from typing import Any

import asyncssh
import attrs

from core.content import printable, repo_root
from core.words import count
from tui.host import matches
from tui.host.capacity import default_max_players
from tui.host.session import player_folder
from tui.host.store import Store

HOST_KEY = "host_key"
AUTHORIZED_KEYS = "authorized_keys"
#: Window sizes are held within these bounds before the game sees them: below 80x24 the game
#: shows its too-small notice anyway, and some of its dialogs cannot be laid out in fewer
#: than a few columns (a 1x1 window stopped the game with an error).
MIN_COLS, MIN_ROWS = 60, 5
MAX_COLS, MAX_ROWS = 1000, 400
#: Output waiting for a client that does not read: past this, the game's output is held back.
HIGH_WATER = 256 * 1024
#: How often the host checks the time limits, in seconds.
REFEREE_EVERY = 1.0
NEEDS_TERMINAL = b"Skirmish is a terminal game: connect with a terminal (ssh -t).\r\n"

log = logging.getLogger("skirmish.host")


class HostSetupError(Exception):
    """The host cannot start as asked (one line for the person starting it)."""


@attrs.frozen
class HostConfig:
    data: Path
    listen: str = "127.0.0.1"
    port: int = 2222
    authorized_keys: Path | None = None  # default: DATA/authorized_keys
    guests: bool = False
    #: players connected at once; one more is told the host is full and let go
    max_players: int = attrs.field(factory=default_max_players)
    #: the game process of one connection; its options are added after these words
    game: tuple[str, ...] = (sys.executable, "-m", "tui.host.session")


def host_key(data: Path) -> asyncssh.SSHKey:
    """The host's key, made on the first start and kept in the data folder (owner-only)."""
    path = Path(data) / HOST_KEY
    if path.exists():
        try:
            return asyncssh.read_private_key(str(path))
        except (OSError, ValueError, asyncssh.KeyImportError) as exc:
            raise HostSetupError(f"{path}: not a readable host key ({exc}); move it away to make a new one") from None
    key = asyncssh.generate_private_key("ssh-ed25519")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(str(path), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(key.export_private_key())
    return key


def authorized(config: HostConfig) -> asyncssh.SSHAuthorizedKeys | None:
    """The authorized keys (None in guest mode without a file); HostSetupError when none can be read."""
    path = config.authorized_keys or Path(config.data) / AUTHORIZED_KEYS
    if not path.exists():
        if config.guests:
            return None
        raise HostSetupError(
            f"{path}: no authorized keys file; put the players' public keys in it (one a line, as in "
            "~/.ssh/authorized_keys), name another with --authorized-keys, or let anyone in with --guests")
    try:
        return asyncssh.read_authorized_keys(str(path))
    except (OSError, ValueError, asyncssh.KeyImportError) as exc:
        raise HostSetupError(f"{path}: cannot be read as authorized keys: {exc}") from None


def display_name(username: str) -> str:
    """The login name as others see it: printable, at most 20 characters."""
    name = printable(username or "player").replace("\\", "")[:20].strip()
    return name or "player"


def set_window(fd: int, cols: int, rows: int) -> tuple[int, int]:
    """Set the terminal's size (held within MIN_COLS..MAX_COLS x MIN_ROWS..MAX_ROWS); the size set."""
    cols, rows = max(MIN_COLS, min(MAX_COLS, int(cols))), max(MIN_ROWS, min(MAX_ROWS, int(rows)))
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    return cols, rows


class Host:
    """The SSH server, its connections' game processes and the time-limit referee."""

    def __init__(self, config: HostConfig) -> None:
        self.config = config
        self.data = Path(config.data)
        self.keys = authorized(config)  # refused before anything is written in the folder
        self.data.mkdir(parents=True, exist_ok=True)
        self.key = host_key(self.data)
        self.store = Store.in_folder(self.data)
        self.server: asyncssh.SSHAcceptor | None = None
        self.games: dict[str, asyncio.subprocess.Process] = {}
        self.held_back = 0  # how often a game's output waited for a client that was not reading
        self._serving: set[asyncio.Task] = set()  # the connections being served
        self._referee: asyncio.Task | None = None
        self._cache: dict[int, Any] = {}

    @property
    def port(self) -> int:
        assert self.server is not None
        return int(self.server.get_port())

    async def start(self) -> int:
        """Listen; the port listened on (a free one when the config asks for port 0)."""
        self.server = await asyncssh.create_server(
            lambda: _Connection(self), self.config.listen, self.config.port,
            server_host_keys=[self.key], process_factory=self.serve, encoding=None,
            allow_scp=False, agent_forwarding=False, x11_forwarding=False, line_editor=False,
        )
        self._referee = asyncio.create_task(self.referee())
        return self.port

    async def stop(self) -> None:
        if self._referee is not None:
            self._referee.cancel()
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()
        for game in list(self.games.values()):
            await _end(game)
        if self._serving:  # let each connection free its seats before the store closes
            await asyncio.wait(list(self._serving), timeout=5)
        self.store.close()

    def allows(self, key: asyncssh.SSHKey, host: str, addr: str) -> bool:
        if self.keys is not None and self.keys.validate(key, host, addr) is not None:
            return True
        return self.config.guests

    async def referee(self) -> None:
        """End the matches whose side to act has run out of time, once a second."""
        while True:
            try:
                ended = await asyncio.to_thread(matches.enforce_time_limits, self.store, self._cache)
                for match_id in ended:
                    log.info("match %s ended on time", match_id)
            except Exception:  # a damaged match must not stop the referee for the others
                log.exception("time limits")
            await asyncio.sleep(REFEREE_EVERY)

    # --- one connection -------------------------------------------------------
    async def serve(self, process: asyncssh.SSHServerProcess) -> None:
        """Run the game for one SSH session and pipe its terminal through the channel."""
        task = asyncio.current_task()
        if task is not None:
            self._serving.add(task)
            task.add_done_callback(self._serving.discard)
        term = process.get_terminal_type()
        if term is None:
            process.stderr.write(NEEDS_TERMINAL)
            process.exit(1)
            return
        if len(self.games) >= self.config.max_players:
            log.info("full: refused a connection (%d players)", len(self.games))
            process.stderr.write(
                f"The host is full: it takes {count(self.config.max_players, 'player')} at once. "
                "Try again in a while.\r\n".encode())
            process.exit(1)
            return
        conn = process.channel.get_connection()
        player = conn.get_extra_info("skirmish_player")
        name = display_name(process.get_extra_info("username") or "")
        session = secrets.token_hex(8)
        await asyncio.to_thread(self.store.remember_player, player, name)
        folder = player_folder(self.data, player)
        (folder / "saves").mkdir(parents=True, exist_ok=True)
        master, slave = os.openpty()
        cols, rows, _, _ = process.get_terminal_size()
        set_window(master, cols or 80, rows or 24)
        # COLUMNS and LINES would pin the game's idea of its size (Python reads them before the
        # terminal), so a player's window changes would never reach it: the pty alone says
        env = {key: value for key, value in os.environ.items()
               if not key.startswith("SSH_") and key not in ("COLUMNS", "LINES")}
        env.update(TERM=term, PYTHONPATH=str(repo_root()) + os.pathsep + env.get("PYTHONPATH", ""))
        try:
            game = await asyncio.create_subprocess_exec(
                *self.config.game, "--data", str(self.data), "--player", player, "--name", name, "--session", session,
                stdin=slave, stdout=slave, stderr=slave, env=env, cwd=str(repo_root()), start_new_session=True,
            )
        except OSError as exc:
            os.close(master)
            os.close(slave)
            process.stderr.write(f"The host cannot start the game: {exc}\r\n".encode())
            process.exit(1)
            return
        os.close(slave)
        self.games[session] = game
        try:
            await self._pipe(process, master, game)
        finally:
            self.games.pop(session, None)
            await _end(game)
            os.close(master)
            await asyncio.to_thread(self.store.release, session)
            if not process.is_closing():
                process.exit(game.returncode or 0)

    async def _pipe(self, process: asyncssh.SSHServerProcess, master: int, game: asyncio.subprocess.Process) -> None:
        loop = asyncio.get_running_loop()
        os.set_blocking(master, False)
        output_done = loop.create_future()
        channel = process.channel

        def readable() -> None:
            try:
                data = os.read(master, 65536)
            except BlockingIOError:
                return
            except OSError:  # EIO: the game closed its terminal
                data = b""
            if not data:
                loop.remove_reader(master)
                if not output_done.done():
                    output_done.set_result(None)
                return
            if process.is_closing():
                return
            process.stdout.write(data)
            if channel.get_write_buffer_size() > HIGH_WATER:  # a client that does not read: wait for it
                self.held_back += 1
                loop.remove_reader(master)
                loop.create_task(resume())

        async def resume() -> None:
            try:
                await process.stdout.drain()
            except (ConnectionError, asyncssh.Error, BrokenPipeError):
                return
            if not output_done.done():
                loop.add_reader(master, readable)

        # the game reads UTF-8 and stops on a byte that is not: such bytes become U+FFFD here
        decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")

        async def forward_input() -> None:
            while True:
                try:
                    data = await process.stdin.read(4096)
                except asyncssh.TerminalSizeChanged as change:
                    set_window(master, change.width, change.height)
                    continue
                except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                    continue
                except (ConnectionError, asyncssh.Error):
                    return
                if not data:
                    return
                data = decoder.decode(data).encode()
                while data:
                    try:
                        written = os.write(master, data)
                    except BlockingIOError:  # the game is busy: hold the client back until it reads
                        await asyncio.sleep(0.01)
                        continue
                    except OSError:
                        return
                    data = data[written:]

        loop.add_reader(master, readable)
        reader = asyncio.create_task(forward_input())
        waiter = asyncio.create_task(game.wait())
        try:
            await asyncio.wait([output_done, reader, waiter], return_when=asyncio.FIRST_COMPLETED)
            if waiter.done() and not output_done.done():
                # the game has ended: let its last frame (restoring the terminal) through
                await asyncio.wait([output_done], timeout=1.0)
        finally:
            loop.remove_reader(master)
            reader.cancel()
            waiter.cancel()


async def _end(game: asyncio.subprocess.Process) -> None:
    """Stop a game process: hang up its terminal, then kill it if it lingers."""
    if game.returncode is not None:
        return
    try:
        os.killpg(game.pid, signal.SIGHUP)
    except ProcessLookupError:
        return
    try:
        await asyncio.wait_for(game.wait(), 3.0)
    except asyncio.TimeoutError:
        try:
            os.killpg(game.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        await game.wait()


class _Connection(asyncssh.SSHServer):
    """One SSH connection's authentication: a public key, checked against the host's list."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.conn: asyncssh.SSHServerConnection | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn

    def begin_auth(self, username: str) -> bool:
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        assert self.conn is not None
        peer = self.conn.get_extra_info("peername") or ("", 0)
        if not self.host.allows(key, str(peer[0]), str(peer[0])):
            log.info("refused key %s for %r", key.get_fingerprint("sha256"), username)
            return False
        self.conn.set_extra_info(skirmish_player=key.get_fingerprint("sha256"))
        return True


async def serve_forever(config: HostConfig, announce=print) -> None:
    """Start the host and run until interrupted."""
    host = Host(config)
    port = await host.start()
    guests = " (guests welcome)" if config.guests else ""
    announce(f"skirmish host: listening on {config.listen} port {port}{guests}; data in {host.data}")
    announce(f"players connect with: ssh -p {port} NAME@{config.listen}")
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        announce("skirmish host: stopping; every match is kept in the data folder")
        await host.stop()

