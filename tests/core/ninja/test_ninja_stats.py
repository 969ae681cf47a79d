"""Seed 000's tables: health, chi, damage, to hit, weapons and ammunition, per school and points."""

from core.content import read_toml
from core.ninja.ruleset import RULESET
from core.ninja.sheet import unit_numbers

CAT = RULESET.cat
STYLE = {"ash": "offensive", "claw": "offensive", "vine": "offensive", "flower": "balanced", "marsh": "balanced",
         "salt": "balanced", "gale": "defensive", "snowflake": "defensive", "tortoise": "defensive"}
# seed 000: "The base hp for balanced units is 5/9/12/14 ... Offensive -1 ... defensive +1"
HEALTH = {"balanced": [5, 9, 12, 14], "offensive": [4, 8, 11, 13], "defensive": [6, 10, 13, 15]}
MELEE = {"balanced": [1, 1, 2, 2], "offensive": [1, 2, 2, 3], "defensive": [1, 1, 1, 2]}
MISSILE = {"balanced": [1, 1, 1, 2], "offensive": [1, 1, 2, 2], "defensive": [1, 1, 1, 1]}
CHI = [3, 4, 5, 6]
# seed 000: base roll 5 (on a d10 read 0-9); offensive +1 to hit; defensive needs 6; Tortoise one more
TO_HIT = {"offensive": 4, "balanced": 5, "defensive": 5}
TO_BE_HIT = {"offensive": 5, "balanced": 5, "defensive": 6}
ARMS = {  # melee weapons, missile, ammunition
    "ash": (["ninjato"], "shuriken", 6), "claw": (["ninjato", "naginata"], "shuriken", 30),
    "flower": (["ninjato"], "poisoned_kunai", 2), "gale": (["ninjato"], "kunai", 10),
    "marsh": (["naginata"], "shuriken", 4), "salt": (["chain", "chain"], "shuriken", 4),
    "snowflake": (["naginata"], "kunai", 4), "tortoise": (["ninjato"], "shuriken", 3),
    "vine": (["ninjato", "ninjato"], "kunai", 6),
}


def test_schools_classes_and_arms():
    assert set(CAT.schools) == set(STYLE)
    for key, school in CAT.schools.items():
        assert school.style == STYLE[key]
        assert list(school.melee) == ARMS[key][0] and school.missile == ARMS[key][1] and school.ammo == ARMS[key][2]


def test_weapons():
    w = CAT.weapons
    assert (w["ninjato"].reach, w["ninjato"].damage_bonus) == (1, 0)
    assert (w["naginata"].reach, w["naginata"].damage_bonus) == (2, 1)  # seed: "+1 damage, 2 hex range"
    assert w["chain"].reach == 2 and w["shuriken"].reach == 5 and w["kunai"].reach == 7
    assert w["poisoned_kunai"].reach == 7 and w["poisoned_kunai"].poison == 1


def test_school_traits():
    assert CAT.schools["gale"].move_bonus == 1 and not CAT.schools["gale"].jump_attack_penalty
    assert CAT.schools["tortoise"].extra_defence == 1
    assert all(s.move_bonus == 0 for k, s in CAT.schools.items() if k != "gale")


def test_unit_numbers_match_the_seed_for_every_school_and_point_value():
    for key in CAT.schools:
        style = STYLE[key]
        for points in range(1, 5):
            n = unit_numbers(CAT, key, points)
            assert n["health"] == HEALTH[style][points - 1]
            assert n["chi"] == CHI[points - 1]
            assert n["melee_damage"] == MELEE[style][points - 1]
            assert n["missile_damage"] == MISSILE[style][points - 1]
            assert n["to_hit"] == TO_HIT[style]
            assert n["to_be_hit"] == TO_BE_HIT[style] + (1 if key == "tortoise" else 0)


def test_sheet_of_every_premade_army():
    for path in sorted((RULESET.content_dir() / "armies").glob("*.toml")):
        army = RULESET.load_document(path, read_toml(path))
        sheet = RULESET.sheet(army)
        assert len(sheet.data["units"]) == len(army.units)
        for entry, row in zip(army.units, sheet.data["units"]):
            style = CAT.schools[entry.school].style
            assert row["health"] == HEALTH[style][entry.points - 1]
            assert row["chi"] == CHI[entry.points - 1]
            assert row["melee_damage"] == MELEE[style][entry.points - 1]
            assert row["missile_damage"] == MISSILE[style][entry.points - 1]
        assert not any(line.startswith("problem") for line in sheet.lines)
        assert "health" in sheet.lines[1] and "to hit" in sheet.lines[1]


def test_school_sheet():
    path = RULESET.content_dir() / "schools" / "tortoise.toml"
    sheet = RULESET.sheet(RULESET.load_document(path, read_toml(path)))
    assert [r["health"] for r in sheet.data["by_points"]] == [6, 10, 13, 15]
    assert [r["to_be_hit"] for r in sheet.data["by_points"]] == [7, 7, 7, 7]
