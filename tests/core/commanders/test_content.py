"""Every bundled Commanders file loads; sheets show the derived numbers; bad files name the field."""

from pathlib import Path

import pytest

from core.commanders.ruleset import RULESET
from core.commanders.commander import Commander
from core.content import read_toml, scenarios_root
from core.errors import ContentError
from tests.core.commanders.builders import CAT

FILES = sorted((scenarios_root() / "commanders").rglob("*.toml"))


def test_there_is_content():
    kinds = {read_toml(p)["kind"] for p in FILES}
    assert {"commander", "map", "scenario", "units", "classes", "spells", "skills", "terrain", "rules"} <= kinds


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(scenarios_root())))
def test_every_bundled_file_loads(path):
    doc = RULESET.load_document(path, read_toml(path))
    assert doc is not None


def test_every_class_has_a_level_one_commander_and_appears_in_a_battle():

    commanders = [RULESET.load_document(p, read_toml(p)) for p in FILES if read_toml(p)["kind"] == "commander"]
    level_one = {c.class_name for c in commanders if c.level == 1}
    assert level_one == set(CAT.classes)
    assert any(c.level > 1 for c in commanders)
    in_battles = set()
    for info in RULESET.scenarios():
        setup = RULESET.load_scenario(info.name)
        in_battles |= {c.class_name for c in setup.commanders}
    assert in_battles == set(CAT.classes)


def test_maps_use_every_terrain():

    used = set()
    for p in FILES:
        data = read_toml(p)
        if data["kind"] == "map":
            used |= set(RULESET.load_document(p, data).board(RULESET.catalogue).terrain)
    assert used == set(CAT.terrain)


def test_one_and_two_commander_battles():
    sizes = {len(RULESET.load_scenario(s.name).commanders) for s in RULESET.scenarios()}
    assert {2, 4} <= sizes


def test_commander_sheet_shows_derived_numbers():
    path = scenarios_root() / "commanders" / "commanders" / "knight_commander.toml"
    doc = RULESET.load_document(path, read_toml(path))
    assert isinstance(doc, Commander)
    sheet = RULESET.sheet(doc)
    text = "\n".join(sheet.lines)
    assert "Knight" in text and "MP: 15" in text and "Command range: 5" in text
    assert "Troop (4 of 4, mixed allowed)" in text and "Cavalry" in text
    assert sheet.data["attack"] == 18 + 2 and sheet.data["troop_limit"] == 4


def test_bad_files_name_the_field(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('ruleset = "commanders"\nkind = "commander"\nname = "X"\nclass_name = "Jester"\n'
                   '[attributes]\noffence = 1\narmour = 0\nwillpower = 0\nknowledge = 0\n')
    with pytest.raises(ContentError) as err:
        RULESET.load_document(bad, read_toml(bad))
    assert "class_name" in str(err.value) and "Jester" in str(err.value)
    bad.write_text('ruleset = "commanders"\nkind = "map"\nname = "m"\ntitle = "t"\nrows = ["..", ".Q"]\n')
    with pytest.raises(ContentError) as err:
        RULESET.load_document(bad, read_toml(bad))
    assert "rows[1]" in str(err.value)
    bad.write_text('ruleset = "commanders"\nkind = "jester"\n')
    with pytest.raises(ContentError):
        RULESET.load_document(bad, read_toml(bad))


def test_save_and_load_commander(tmp_path):
    from core.commanders.commander import load_commander, save_commander

    path = scenarios_root() / "commanders" / "commanders" / "high_priest.toml"
    c = load_commander(path, cat=CAT)
    out = tmp_path / "c.toml"
    save_commander(c, out, cat=CAT)
    assert load_commander(out, cat=CAT) == c


def test_registry_finds_the_ruleset():
    from core.registry import get

    assert get("commanders") is RULESET
