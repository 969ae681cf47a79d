"""How many players a host takes at once (`skirmish host --max-players`), apart from the
server so the command line can name the default without loading asyncssh."""

from __future__ import annotations

import os

#: Players at once for each core, unless the host is started with --max-players: each player is
#: a game process, and on the 2-core bench machine 8 players kept key-to-repaint under 100 ms
#: where 16 did not (docs/PERFORMANCE.md, "Hosted play over SSH").
PLAYERS_PER_CORE = 4
#: The most players a host may be told to take (each is a process of about 50 MB).
MAX_PLAYERS = 1000


def default_max_players() -> int:
    return PLAYERS_PER_CORE * (os.cpu_count() or 1)
