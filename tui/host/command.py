"""`skirmish host`: serve the game over SSH, list the host's matches, export one as a save.

    skirmish host [--listen ADDR] [--port N] [--authorized-keys FILE] [--data DIR] [--guests] [--max-players N]
    skirmish host list [--data DIR]
    skirmish host export MATCH FILE [--data DIR]

asyncssh is imported only when the server starts (docs/COMMANDS.md).
"""

from __future__ import annotations

import argparse
import os
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from tui.host.capacity import MAX_PLAYERS, PLAYERS_PER_CORE, default_max_players

DEFAULT_PORT = 2222


def default_data() -> Path:
    """$SKIRMISH_HOST_DATA, else host-data/ in the current folder."""
    env = os.environ.get("SKIRMISH_HOST_DATA")
    return Path(env) if env else Path("host-data")


def port_arg(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a port (0 to 65535; 0 picks a free one)")
    return port


def players_arg(text: str) -> int:
    try:
        players = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of players") from None
    if not 1 <= players <= MAX_PLAYERS:
        raise argparse.ArgumentTypeError(f"{players} players: give 1 to {MAX_PLAYERS}")
    return players


def match_arg(text: str) -> int:
    try:
        return int(text.lstrip("#"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a match number (see `skirmish host list`)") from None


def add_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    data = argparse.ArgumentParser(add_help=False)
    data.add_argument("--data", type=Path, metavar="DIR", default=None,
                      help="the host's folder: host key, match store, players' files "
                           "(default: $SKIRMISH_HOST_DATA, else host-data/)")
    p = sub.add_parser("host", parents=[common, data], help="host games over SSH; list or export hosted matches")
    p.add_argument("--listen", default="127.0.0.1", metavar="ADDR", help="address to listen on (default: 127.0.0.1)")
    p.add_argument("--port", type=port_arg, default=DEFAULT_PORT, metavar="N", help=f"port (default: {DEFAULT_PORT})")
    p.add_argument("--authorized-keys", type=Path, metavar="FILE",
                   help="public keys allowed in, one a line (default: DATA/authorized_keys)")
    p.add_argument("--guests", action="store_true", help="let any SSH key in (a guest is still known by its key)")
    p.add_argument("--max-players", type=players_arg, default=None, metavar="N",
                   help=f"players connected at once (default: {PLAYERS_PER_CORE} a core, here {default_max_players()})")
    again = argparse.ArgumentParser(add_help=False)  # --data after the action too, without resetting it
    again.add_argument("--data", type=Path, metavar="DIR", default=argparse.SUPPRESS, help="as above")
    host_sub = p.add_subparsers(dest="host_command", metavar="ACTION")
    host_sub.add_parser("list", parents=[again], help="the host's matches")
    e = host_sub.add_parser("export", parents=[again], help="write a hosted match as an ordinary save")
    e.add_argument("match", type=match_arg, metavar="MATCH")
    e.add_argument("file", type=Path, metavar="FILE")


def data_folder(args: argparse.Namespace) -> Path:
    return args.data if getattr(args, "data", None) is not None else default_data()


def open_store(args: argparse.Namespace):
    from tui.host.store import DB_NAME, Store

    folder = data_folder(args)
    if not (folder / DB_NAME).is_file():
        raise ValueError(f"{folder}: no match store here (start `skirmish host --data {folder}` first)")
    return Store.in_folder(folder)


def cmd_host(args: argparse.Namespace) -> int:
    action = getattr(args, "host_command", None)
    if action == "list":
        return host_list(args)
    if action == "export":
        return host_export(args)
    return host_serve(args)


def host_serve(args: argparse.Namespace) -> int:
    import asyncio
    import logging

    from tui.host.server import HostConfig, HostSetupError, serve_forever

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    config = HostConfig(data_folder(args), args.listen, args.port, args.authorized_keys, args.guests,
                        max_players=args.max_players or default_max_players())
    try:
        asyncio.run(serve_forever(config, announce=lambda line: print(line, flush=True)))
    except HostSetupError as exc:
        raise ValueError(str(exc)) from None
    except OSError as exc:
        raise ValueError(f"cannot listen on {args.listen} port {args.port}: {exc.strerror or exc}") from None
    return 0


def host_list(args: argparse.Namespace) -> int:
    from core.hosting import limit_words
    from tui.host.matches import match_title

    store = open_store(args)
    records = store.matches()
    if not records:
        print("No matches yet.")
    for record in records:
        names = " v ".join(record.names.get(s, "(free)") for s in sorted(record.seats))
        created = datetime.fromtimestamp(record.created, timezone.utc).strftime("%Y-%m-%d %H:%M")
        result = f": {record.result.get('reason')}" if record.result else ""
        print(f"{match_title(record):<32} {names:<30} {record.status}{result}, {record.steps} rows, "
              f"{record.undo} undo, {limit_words(record.time_limit)}, opened {created}")
    store.close()
    return 0


def host_export(args: argparse.Namespace) -> int:
    from tui.host.matches import export

    from core.seats import sealed_sides
    from tui.host.matches import load

    store = open_store(args)
    try:
        path = export(store, args.match, args.file)
        _, hosted = load(store, args.match)
    finally:
        store.close()
    print(f"Match #{args.match} written to {path}")
    sides = sealed_sides(hosted.match)
    if sides:
        names = hosted.match.ruleset.side_names(hosted.match.state)
        print(f"It holds the orders {' and '.join(names[s] for s in sides)} sealed this phase: "
              "whoever reads the file can see them.")
    return 0
