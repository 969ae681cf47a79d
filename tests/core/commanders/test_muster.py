"""A commander brought to a Commanders scenario: it takes its side's first place, or is refused."""

from __future__ import annotations

import attrs
import pytest

from core import registry
from core.commanders.setup import commanders_dir
from core.content import display_path
from core.errors import ContentError

RULESET = registry.get("commanders")


def premade(stem: str):
    path = commanders_dir() / f"{stem}.toml"
    return display_path(path), RULESET.load_army(path)


def test_every_premade_commander_is_listed():
    files = RULESET.army_files()
    assert "wizard" in [p.stem for p in files] and files == sorted(files)


@pytest.mark.parametrize("side", [0, 1])
def test_a_commander_takes_the_first_place_of_its_side(side):
    setup = RULESET.load_scenario("coastal_raid")  # two commanders a side
    source, wizard = premade("wizard")
    placed = RULESET.with_army(setup, side, wizard, source)
    index = next(i for i, p in enumerate(setup.scenario.commander) if p.side == side)
    assert placed.commanders[index] == wizard and placed.scenario.commander[index].troop_at == ()
    others = [i for i in range(len(setup.commanders)) if i != index]
    assert [placed.commanders[i] for i in others] == [setup.commanders[i] for i in others]
    assert RULESET.setup_armies(placed)[side] == wizard
    state = RULESET.new_battle(placed, 4)
    troop = sorted(u.kind for u in state.units if u.leader == index and u.role == "troop")
    assert troop == sorted(wizard.troop)


def test_a_troop_with_no_room_around_the_place_is_refused():
    setup = RULESET.load_scenario("duel_at_the_ford")
    source, knight = premade("knight")
    host = attrs.evolve(knight, troop=knight.troop * 200)
    with pytest.raises(ContentError) as err:
        RULESET.with_army(setup, 0, host, source)
    (problem,) = err.value.problems
    assert problem.file.endswith("knight.toml") and problem.field == "troop"
    assert problem.reason.startswith(f"{len(host.troop)} troop units; only ")


def test_the_summary_names_class_level_and_troop():
    _, knight = premade("knight")
    assert RULESET.army_summary(knight).startswith(f"level {knight.level} {knight.class_name}; troop: ")
