"""The game process of one SSH connection: the whole game on the connection's terminal, in
hosted mode (the lobby first), as the player the connection's key names.

The host starts one per connection on a pseudo-terminal of its own
(tui.host.server): `python -m tui.host.session --data DIR --player ID --name NAME
--session TOKEN`. Each player gets a folder of their own in the data folder for
their settings and army files.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from functools import cached_property
from pathlib import Path
from typing import Sequence

import attrs

from tui.host.store import Store


def player_folder(data: Path, player: str) -> Path:
    """A player's own folder (settings, army files) in the data folder, named from their key."""
    return Path(data) / "players" / hashlib.sha256(player.encode()).hexdigest()[:16]


@attrs.define
class Identity:
    """Who is at this terminal: the host's data folder, the player's key fingerprint and the
    name they logged in with, and this connection's token (a newer one takes a seat over)."""

    data: Path
    player: str
    name: str
    session: str

    @cached_property
    def store(self) -> Store:
        return Store.in_folder(self.data)


def take_terminal() -> None:
    """Make the terminal on stdin this session's own, so a window change reaches the game
    (SIGWINCH). The host starts the game as a new session with the terminal on stdin."""
    import fcntl
    import termios

    try:
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    except OSError:  # not a session leader, or not a terminal: started some other way
        pass


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="skirmish-session", description="one hosted player's game (started by the host)")
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--player", required=True)
    parser.add_argument("--name", required=True)
    parser.add_argument("--session", required=True)
    args = parser.parse_args(argv)
    take_terminal()
    from tui.app import SkirmishApp

    identity = Identity(args.data, args.player, args.name, args.session)
    own = player_folder(args.data, args.player)
    app = SkirmishApp(own / "saves", config_dir=own / "config", hosted=identity)
    app.run(mouse=False)
    if app.crashed is not None:
        print(f"skirmish: the game stopped on an error: {type(app.crashed).__name__}: {app.crashed}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
