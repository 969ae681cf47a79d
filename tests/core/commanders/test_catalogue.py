"""The catalogues hold the seed's numbers (seed 002) and the commander file round-trips."""

import tomllib

import pytest

from core.commanders.commander import Attributes, Commander, SkillRank, commander_from_data, commander_to_toml
from core.commanders.content import load_catalogue
from core.commanders.quiz import load_quiz
from core.errors import ContentError
from tests.core.commanders.builders import CAT


def test_counts():
    assert len(CAT.units) == 29  # 25 recruitable kinds + 4 summons
    assert len(CAT.classes) == 20
    assert len(CAT.spells) == 24
    assert len(CAT.skills) == 11


def test_seed_numbers_spot_checks():
    assert (CAT.units["Footman"].attack, CAT.units["Footman"].defence, CAT.units["Footman"].move) == (12, 9, 5)
    assert CAT.units["Seahorse"].move == 12 and CAT.units["Seahorse"].land_move == 6
    assert CAT.units["Blowfish"].range == 5 and CAT.units["Blowfish"].land_range == 3
    assert CAT.units["Phoenix"].max_mp == 16
    assert CAT.classes["Fighter"].skills == (("Leadership", "Resistance"),)
    assert CAT.classes["Wyrm Rider"].attack == 20 and CAT.classes["Wyrm Rider"].land_move == 6
    meteor = CAT.spells["Meteor"]
    assert meteor.levels == (2, 3, 4)
    assert [meteor.at(n).mp for n in (2, 3, 4)] == [12, 18, 22]
    assert CAT.spells["Burn"].at(4).selected == 9
    assert CAT.spells["Protection"].at(1).party
    assert CAT.rules.commander_strike_dice == (5, 6, 6, 7, 7, 8, 8, 9, 9, 10)


def test_broken_catalogue_names_file_and_field(tmp_path):
    from core.commanders.content import catalogue_dir

    for f in catalogue_dir().glob("*.toml"):
        (tmp_path / f.name).write_text(f.read_text())
    text = (tmp_path / "classes.toml").read_text().replace('units = ["Witch"]', 'units = ["Wytch"]', 1)
    (tmp_path / "classes.toml").write_text(text)
    with pytest.raises(ContentError) as err:
        load_catalogue(tmp_path, load_quiz())
    assert "Wytch" in str(err.value) and "units" in str(err.value)


def test_commander_round_trip_and_checks():
    c = Commander("commanders", "commander", "Ada", "Mystic", Attributes(1, 1, 2, 3),
                  skills=(SkillRank("Mysticism expertise", 1),), spells=("Fire Ball",),
                  recruitable=("Footman", "Monk"), troop=("Footman", "Footman", "Footman"),
                  major_attribute="knowledge", minor_attribute="willpower")
    assert c.problems_with(CAT) == []
    assert commander_from_data(tomllib.loads(commander_to_toml(c)), cat=CAT) == c
    with pytest.raises(ContentError) as err:
        commander_from_data({**tomllib.loads(commander_to_toml(c)), "troop": ["Footman", "Monk"]}, cat=CAT)
    assert "a mixed troop needs advanced Leadership" in str(err.value)
