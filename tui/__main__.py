"""`python3 -m tui`: the same as the `skirmish` command."""

import sys

from tui.cli import main

sys.exit(main())
