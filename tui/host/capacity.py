"""How many players a host takes at once (`skirmish host --max-players`), apart from the
server so the command line can name the default without loading asyncssh."""

from __future__ import annotations

import os

#: Players at once for each core, unless the host is started with --max-players. Each player is
#: a game process of about 55 MB: the first measures on the 2-core bench machine kept 8 players
#: under 100 ms key-to-repaint and not 16; since the repaint work fell, 16 players hold there at
#: about 10 ms (docs/PERFORMANCE.md, "Hosted play over SSH"), so memory is what the default
#: guards now: 4 a core is about 220 MB a core. A bigger machine is given more with the option.
PLAYERS_PER_CORE = 4
#: The most players a host may be told to take (each is a process of about 55 MB).
MAX_PLAYERS = 1000


def default_max_players() -> int:
    return PLAYERS_PER_CORE * (os.cpu_count() or 1)
