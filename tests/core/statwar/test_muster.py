"""An army brought to a StatWar scenario: placed when it fits, refused with file, field and reason."""

from __future__ import annotations

import pytest

from core import registry
from core.content import display_path
from core.errors import ContentError
from core.statwar import content
from core.statwar.specs import Army

RULESET = registry.get("statwar")


def bundled_army(stem: str):
    path = content.bundled_root() / "armies" / f"{stem}.toml"
    return path, RULESET.load_army(path)


def test_every_premade_army_is_listed_and_loads():
    files = RULESET.army_files()
    assert [p.stem for p in files] == sorted(p.stem for p in files) and "knights_50" in [p.stem for p in files]
    for path in files:
        assert RULESET.load_army(path).units


@pytest.mark.parametrize("side", [0, 1])
def test_a_fitting_army_takes_the_side_and_the_other_stays(side):
    setup = RULESET.load_scenario("border_50")
    path, knights = bundled_army("knights_50")
    placed = RULESET.with_army(setup, side, knights, display_path(path))
    assert placed.armies[side] == knights and placed.armies[1 - side] == setup.armies[1 - side]
    assert RULESET.setup_armies(placed)[side].name == knights.name
    state = RULESET.new_battle(placed, 3)
    assert sorted(state.designs[u.design].name for u in state.units if u.side == side) == sorted(u.name for u in knights.units)


def test_an_army_over_the_battles_points_is_refused_naming_file_and_field():
    setup = RULESET.load_scenario("duel_25")
    path, warband = bundled_army("warband_200")
    with pytest.raises(ContentError) as err:
        RULESET.with_army(setup, 0, warband, display_path(path))
    (problem,) = err.value.problems
    assert problem.file.endswith("warband_200.toml") and problem.field == "points"
    assert f"costs {warband.cost} points" in problem.reason and "25 a side" in problem.reason
    assert setup == RULESET.load_scenario("duel_25"), "the scenario's set-up is never changed"


def test_an_army_too_big_for_the_deployment_squares_is_refused():
    # three Dragons (Big 2: nine squares each) need 27 squares; the arena gives a side 22
    dragon = content.load_unit(content.bundled_root() / "units" / "dragon.toml")
    army = Army("Dragon Flight", 120, (dragon,) * 3)
    with pytest.raises(ContentError) as err:
        RULESET.with_army(RULESET.load_scenario("duel_25"), 1, army)
    fields = {p.field: p for p in err.value.problems}
    assert fields["units"].file == "Dragon Flight"
    assert fields["units"].reason == "needs 27 squares to deploy; side 2 has 22"
    assert "points" in fields  # 120 points in a 25-point battle is named too


def test_the_summary_says_points_and_units():
    _, knights = bundled_army("knights_50")
    assert RULESET.army_summary(knights) == f"{knights.cost} of 50 points, {len(knights.units)} units"
