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


def test_a_brought_commander_is_set_down_only_where_it_can_stand():
    # coastal_raid's first Blue place (13, 4) is the sea square of the Pirate, a navy class;
    # a mounted Chevalier may not be set down in water: it stands on the nearest sand, (11, 4)
    setup = RULESET.load_scenario("coastal_raid")
    assert setup.board.terrain_at((13, 4)) == "water"
    source, chevalier = premade("chevalier")
    state = RULESET.new_battle(RULESET.with_army(setup, 0, chevalier, source), 4)
    mine = [u for u in state.units if u.leader == 0]
    assert tuple(mine[0].pos) == (11, 4) and mine[0].role == "commander"
    assert all(state.board.terrain_at(u.pos) != "water" for u in mine)
    # a navy class keeps the sea place
    source, wyrm = premade("wyrm_rider")
    state = RULESET.new_battle(RULESET.with_army(setup, 0, wyrm, source), 4)
    assert tuple(state.units[0].pos) == (13, 4)


def test_a_commander_with_nowhere_to_stand_is_refused_with_the_reason():
    setup = RULESET.load_scenario("coastal_raid")
    sea = attrs.evolve(setup, board=attrs.evolve(setup.board, terrain=("water",) * len(setup.board.terrain)))
    source, chevalier = premade("chevalier")
    with pytest.raises(ContentError) as err:
        RULESET.with_army(sea, 0, chevalier, source)
    (problem,) = err.value.problems
    assert problem.reason == "a Chevalier cannot stand on the water at (13, 4), and no square within 5 where it can is free"
