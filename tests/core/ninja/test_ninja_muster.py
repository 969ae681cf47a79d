"""A roster brought to a ninja scenario: judged by the battle's rules, placed or refused by file and field."""

from __future__ import annotations

import attrs
import pytest

from core import registry
from core.content import display_path
from core.errors import ContentError

RULESET = registry.get("ninja")


def bundled(stem: str):
    path = RULESET.content_dir() / "armies" / f"{stem}.toml"
    return display_path(path), RULESET.load_army(path)


def test_every_premade_roster_is_listed_and_loads():
    files = RULESET.army_files()
    on_disk = sorted((RULESET.content_dir() / "armies").glob("*.toml"))
    assert files == on_disk and len(files) >= 19  # the nine schools at 10 and 20 points, and more
    named = {name for info in RULESET.scenarios() for name in RULESET.load_scenario(info.name).scenario.armies}
    assert named <= {p.stem for p in files}  # every army a bundled scenario names is offered
    assert all(RULESET.load_army(p).units for p in files)


@pytest.mark.parametrize("side", [0, 1])
def test_a_fitting_roster_takes_the_side(side):
    setup = RULESET.load_scenario("ash_vs_vine")
    source, gale = bundled("gale_10")
    placed = RULESET.with_army(setup, side, gale, source)
    assert placed.armies[side] == gale and placed.armies[1 - side] == setup.armies[1 - side]
    state = RULESET.new_battle(placed, 5)
    assert [u.name for u in state.units if u.side == side] == [u.name for u in gale.units]


def test_a_roster_over_the_battles_points_is_refused():
    source, ash = bundled("ash_20")
    with pytest.raises(ContentError) as err:
        RULESET.with_army(RULESET.load_scenario("ash_vs_vine"), 0, ash, source)
    first = err.value.problems[0]
    assert first.file.endswith("ash_20.toml") and first.field == "units"
    assert first.reason == "the army costs 20 points; the budget is 10 (this battle: balanced, 10 points)"


def test_an_alliance_is_refused_where_the_battle_allows_one_school():
    source, mist = bundled("mist_alliance_20")
    assert RULESET.with_army(RULESET.load_scenario("alliance"), 1, mist, source).armies[1] == mist
    with pytest.raises(ContentError) as err:
        RULESET.with_army(RULESET.load_scenario("gale_vs_ash"), 0, mist, source)
    (problem,) = err.value.problems
    assert problem.field == "units" and "one school per army (no alliance)" in problem.reason


def test_the_battles_rule_set_judges_not_the_rosters_own():
    # the same 20 points under the Level cap rule set at 2: every 3- and 4-point ninja is named
    setup = RULESET.load_scenario("gale_vs_ash")
    capped = attrs.evolve(setup, scenario=attrs.evolve(setup.scenario, rule_set="level_cap", level_cap=2))
    source, gale = bundled("gale_20")
    with pytest.raises(ContentError) as err:
        RULESET.with_army(capped, 0, gale, source)
    heavy = [i for i, u in enumerate(gale.units) if u.points > 2]
    assert heavy and [p.field for p in err.value.problems] == [f"units[{i}].points" for i in heavy]
    assert all("(this battle: level_cap, 20 points)" in p.reason for p in err.value.problems)


def test_a_roster_bigger_than_the_zone_is_refused():
    setup = RULESET.load_scenario("ash_vs_vine")
    _, ash = bundled("ash_10")
    one_point = [u for u in ash.units if u.points == 1][:1] * 60
    crowd = attrs.evolve(ash, units=tuple(one_point))
    roomy = attrs.evolve(setup, scenario=attrs.evolve(setup.scenario, points=60))
    with pytest.raises(ContentError) as err:
        RULESET.with_army(roomy, 0, crowd, "crowd.toml")
    (problem,) = err.value.problems
    assert (problem.file, problem.field) == ("crowd.toml", "units") and problem.reason.startswith("60 ninja; side 1's zone holds ")
