"""Snapshots of every builder and quiz screen at 80x24, and one of each layout at 120x40.

Each case opens its screen from the app as a player would (premade files,
fixed answers; nothing random). Accepted pictures live in __snapshots__/;
regenerate with --snapshot-update and look at every changed SVG before
committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ["TEXTUAL_ANIMATIONS"] = "none"

from core.commanders import quiz as q  # noqa: E402
from tests.tui.conftest import PassiveAI  # noqa: E402
from tui.app import SkirmishApp  # noqa: E402

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SKIRMISH_ARMIES", raising=False)
    return SkirmishApp(Path("saves"), config_dir=Path("config"), ai_factory=PassiveAI)


async def walk_to(pilot, wanted) -> None:
    """In the open pick list, highlight the entry whose id ends with `wanted` and take it."""
    await pilot.pause()
    options = pilot.app.screen.query_one("#pick-list")
    while not (options.get_option_at_index(options.highlighted).id or "").endswith(wanted):
        await pilot.press("down")
    await pilot.press("enter")
    await pilot.pause()


def opener(key: str, *keys: str, pick: tuple[str, ...] = ()):
    """run_before: open builder `key`, press `keys`, then take `pick` entries in the dialogs that follow."""

    async def run_before(pilot) -> None:
        await pilot.pause()
        if key == "hub":
            pilot.app.open_builders()
        else:
            pilot.app.open_builder(key)
        await pilot.pause()
        for k in keys:
            if k.startswith("pick:"):
                await walk_to(pilot, k[5:])
            else:
                await pilot.press(k)
                await pilot.pause()

    return run_before


QUIZ_PATH = "1a:C 1b:B 2:D 2d:A 3:A 4:B 5a:A 6a:G 6b:B 7:B 8:A 9:A 10:C 11:A"
QUIZ_KEYS = tuple(r.letter.lower() for r in q.replies_from_text(QUIZ_PATH))

CASES = {
    "hub": opener("hub"),
    "statwar_army": opener("statwar", "o", "pick:dorf_and_bear_50.toml", "down"),
    "statwar_designer": opener("statwar", "o", "pick:dorf_and_bear_50.toml", "e", "down", "down", "right"),
    "statwar_designer_problems": opener("statwar", "n", "enter", "down", "down", *["right"] * 7),
    "statwar_pile": opener("statwar", "a"),
    "statwar_sheet": opener("statwar", "o", "pick:dorf_and_bear_50.toml", "c"),
    "ninja_army": opener("ninja", "o", "pick:ash_10.toml"),
    "ninja_violations": opener("ninja", "o", "pick:ash_10.toml", "a", "pick:vine", "pick:4"),
    "ninja_jutsu": opener("ninja", "o", "pick:ash_10.toml", "j"),
    "ninja_schools": opener("ninja", "a"),
    "quiz_first": opener("quiz"),
    "quiz_no_repeat": opener("quiz", "c"),
    "quiz_branch": opener("quiz", "c", "b", "d"),
    "quiz_result": opener("quiz", *QUIZ_KEYS),
    "quiz_class_choice": opener("quiz", *QUIZ_KEYS, "down", "enter"),
    "roster": opener("roster", *["down"] * 4),
    "roster_troop": opener("roster", *["down"] * 20, "t"),
    "roster_level_up": opener("roster", *["down"] * 4, "l"),
}


#: The screens also taken at 120x40: one of each builder's layouts (the rest are the same
#: columns, wider), so the suite keeps its time.
WIDE = ("hub", "ninja_army", "quiz_result", "roster", "statwar_designer", "statwar_army")


@pytest.mark.parametrize("case, size", [pytest.param(case, size.values[0], id=f"{case}-{size.id}")
                                        for case in sorted(CASES) for size in SIZES
                                        if size.id == "80x24" or case in WIDE])
def test_builder_screens(app, snap_compare, case, size):
    assert snap_compare(app, terminal_size=size, run_before=CASES[case])
