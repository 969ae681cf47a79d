"""Every bundled ninja file loads; broken files fail with file, field and reason."""

from pathlib import Path

import pytest

from core.content import read_toml
from core.errors import ContentError
from core.ninja.ruleset import RULESET
from core.ninja.armies import army_problems, rule_set_problems
from core.ninja.content import load_army
from core.ninja.specs import ArmySpec, UnitEntry

ROOT = RULESET.content_dir()
CAT = RULESET.cat


def test_every_bundled_file_loads():
    files = sorted(p for p in ROOT.rglob("*.toml"))
    assert len(files) > 30
    for path in files:
        doc = RULESET.load_document(path, read_toml(path))
        assert doc is not None, path


def test_every_school_and_jutsu_is_fielded_by_the_bundled_scenarios():
    schools, jutsu = set(), set()
    for info in RULESET.scenarios():
        for army in RULESET.load_scenario(info.name).armies:
            for u in army.units:
                schools.add(u.school)
                jutsu.update((u.school, j) for j in u.jutsu)
    assert schools == set(CAT.schools)
    every = {(s, j) for s, spec in CAT.schools.items() for j in spec.jutsu}
    assert every <= jutsu


def test_premade_armies_per_school_at_10_and_20_balanced():
    for school in CAT.schools:
        for points in (10, 20):
            army = load_army(ROOT / "armies" / f"{school}_{points}.toml")
            assert army.rule_set == "balanced" and army.points == points
            assert sum(u.points for u in army.units) == points
            assert army_problems(army, CAT, alliance=False) == []


def test_maps_give_every_school_targets():
    kinds = set()
    for path in (ROOT / "maps").glob("*.toml"):
        m = RULESET.load_document(path, read_toml(path))
        assert len(m.zones) == 4
        terrain = "".join(m.terrain)
        assert "T" in terrain and "~" in terrain, path
        assert any(c != "0" for c in "".join(m.elevation)), path
        kinds.add(m.name)
    assert len(kinds) >= 4


def test_unknown_key_names_the_field(tmp_path: Path):
    bad = tmp_path / "army.toml"
    bad.write_text('ruleset = "ninja"\nkind = "army"\nname = "x"\nrule_set = "balanced"\npoints = 10\nunits = []\ncolour = "red"\n')
    with pytest.raises(ContentError) as exc:
        RULESET.load_document(bad, read_toml(bad))
    assert any("colour" in p.field or "colour" in p.reason for p in exc.value.problems)


def test_bad_army_lists_every_problem(tmp_path: Path):
    bad = tmp_path / "army.toml"
    bad.write_text(
        'ruleset = "ninja"\nkind = "army"\nname = "x"\nrule_set = "unrestricted"\npoints = 3\n'
        '[[units]]\nname = "a"\nschool = "ash"\npoints = 2\njutsu = ["smoke_ring", "fire_breath", "nope"]\n'
        '[[units]]\nname = "b"\nschool = "claw"\npoints = 1\njutsu = ["focus_volley"]\n'
        '[[units]]\nname = "c"\nschool = "moon"\npoints = 1\n'
    )
    with pytest.raises(ContentError) as exc:
        RULESET.load_document(bad, read_toml(bad))
    fields = {p.field for p in exc.value.problems}
    assert "units[0].jutsu[2]" in fields  # Ash teaches no 'nope'
    assert "units[1].jutsu[0]" in fields  # a 2-chi jutsu on a 1-point ninja
    assert "units[2].school" in fields
    assert "units" in fields  # 4 points spent of a budget of 3


def test_knows_at_most_one_jutsu_per_chi_point():
    army = ArmySpec("ninja", "army", "x", "unrestricted", 10, (UnitEntry("a", "ash", 1, ("smoke_bomb", "burning_sword", "fire_breath", "defoliate")),))
    found = dict(army_problems(army, CAT))
    assert "units[0].jutsu" in found and "3 chi" in found["units[0].jutsu"]


def test_rule_sets_with_the_seeds_limits():
    # Balanced: at most 25% of the points on 4-point ninja, 50% on 3-point ninja
    assert rule_set_problems("balanced", 20, 0, 0, [4, 3, 3, 3, 2, 2, 2, 1]) == []
    assert rule_set_problems("balanced", 20, 0, 0, [4, 4, 3, 3, 2, 2, 1, 1])
    assert rule_set_problems("balanced", 20, 0, 0, [3, 3, 3, 3, 2, 2, 2, 2])
    assert rule_set_problems("balanced", 10, 0, 0, [4, 2, 2, 2])  # 4 > 25% of 10
    assert rule_set_problems("unrestricted", 10, 0, 0, [4, 4, 2]) == []
    assert rule_set_problems("unrestricted", 10, 0, 0, [4, 4, 3])  # over budget
    assert rule_set_problems("level_cap", 10, 2, 0, [2, 2, 2, 2, 2]) == []
    assert rule_set_problems("level_cap", 10, 2, 0, [3, 2, 2]) == [("units[0].points", "3-point ninja exceed the level cap of 2")]
    assert rule_set_problems("population", 10, 0, 3, [4, 4, 2]) == []
    assert rule_set_problems("population", 10, 0, 3, [2, 2, 2, 2])
    assert rule_set_problems("chaos", 10, 0, 0, [1])[0][0] == "rule_set"


def test_alliance_is_a_scenario_option(tmp_path: Path):
    army = load_army(ROOT / "armies" / "mist_alliance_20.toml")
    assert army_problems(army, CAT, alliance=True) == []
    assert any("no alliance" in r for _, r in army_problems(army, CAT, alliance=False))
    scenario = (ROOT / "battles" / "alliance.toml").read_text().replace("alliance = true", "alliance = false")
    path = tmp_path / "s.toml"
    path.write_text(scenario.replace('"mist_alliance_20"', f'"{ROOT / "armies" / "mist_alliance_20.toml"}"'))
    with pytest.raises(ContentError) as exc:
        RULESET.load_scenario(path)
    assert any(p.field.startswith("armies[0]") for p in exc.value.problems)


def test_scenario_armies_are_judged_by_the_battles_budget(tmp_path: Path):
    text = (ROOT / "battles" / "ash_vs_vine.toml").read_text().replace('"vine_9"', '"vine_20"')
    path = tmp_path / "s.toml"
    path.write_text(text)
    with pytest.raises(ContentError) as exc:
        RULESET.load_scenario(path)
    assert any("budget is 10" in p.reason for p in exc.value.problems)


def test_unknown_scenario_name_lists_the_known():
    with pytest.raises(ContentError) as exc:
        RULESET.load_scenario("no_such_battle")
    assert "ash_vs_vine" in str(exc.value)
