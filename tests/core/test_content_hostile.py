"""Issue 19, findings 10 and 11: hostile content files are refused with `file: field: reason`,
references stay inside the content folders, and what the game writes reads back."""

import shutil
import tomllib
from pathlib import Path

import attrs
import pytest

from core.commanders.commander import commander_to_toml, load_commander, save_commander
from core.commanders.content import load_catalogue
from core.commanders.ruleset import RULESET as COMMANDERS
from core.content import scenarios_root
from core.errors import ContentError
from core.ninja.ruleset import NinjaRuleset
from core.ninja.setup import load_setup
from core.statwar import content as statwar

SCEN = scenarios_root()


def problems_of(call) -> list[str]:
    with pytest.raises(ContentError) as info:
        call()
    return [str(p) for p in info.value.problems]


# --- finding 10: duplicate names in the Commanders catalogue ----------------------------
def copied_catalogue(tmp_path: Path) -> Path:
    folder = tmp_path / "catalogue"
    shutil.copytree(SCEN / "commanders" / "catalogue", folder)
    return folder


@pytest.mark.parametrize("file, table", [("units.toml", "unit"), ("spells.toml", "spell"), ("classes.toml", "class")])
def test_a_name_given_twice_in_a_catalogue_table_is_refused_naming_both_places(tmp_path, file, table):
    folder = copied_catalogue(tmp_path)
    data = tomllib.loads((folder / file).read_text())
    entries = data["class" if table == "class" else table]
    twin = dict(entries[1])
    twin["name"] = entries[0]["name"]  # the second entry takes the first one's name, with other numbers
    entries[1] = twin
    from tomli_w import dumps as dump_toml

    (folder / file).write_text(dump_toml(data))
    found = problems_of(lambda: load_catalogue(folder, COMMANDERS.quiz))
    assert any(f"{table}[1].name: {entries[0]['name']!r} is already the name of {table}[0]" in p for p in found), found
    assert all(p.startswith(str(folder / file)) for p in found if f"{table}[1].name" in p)


def test_two_terrains_with_one_map_symbol_are_refused(tmp_path):
    folder = copied_catalogue(tmp_path)
    data = tomllib.loads((folder / "terrain.toml").read_text())
    data["terrain"][1]["symbol"] = data["terrain"][0]["symbol"]
    from tomli_w import dumps as dump_toml

    (folder / "terrain.toml").write_text(dump_toml(data))
    found = problems_of(lambda: load_catalogue(folder, COMMANDERS.quiz))
    assert any("terrain[1].symbol" in p and "terrain[0]" in p for p in found), found


# --- finding 10: references stay inside the content folders -------------------------------
def outside_unit(tmp_path: Path) -> Path:
    """A valid unit file outside every content folder."""
    outside = tmp_path / "outside"
    outside.mkdir()
    shutil.copy(SCEN / "statwar" / "units" / "bear.toml", outside / "bear.toml")
    return outside / "bear.toml"


def statwar_army(tmp_path: Path, unit: str) -> Path:
    folder = tmp_path / "mine" / "armies"
    folder.mkdir(parents=True)
    path = folder / "a.toml"
    path.write_text(f'ruleset = "statwar"\nkind = "army"\nname = "A"\ndescription = "d"\npoints = 500\n'
                    f'[[units]]\nunit = {unit!r}\n'.replace("'", '"'))
    return path


@pytest.mark.parametrize("how", ["absolute", "dotdot"])
def test_a_statwar_reference_may_not_leave_the_content_folders(tmp_path, how):
    unit = outside_unit(tmp_path)
    ref = str(unit.with_suffix("")) if how == "absolute" else "../../outside/bear"
    path = statwar_army(tmp_path, ref)
    found = problems_of(lambda: statwar.load_army(path))
    assert len(found) == 1 and ": units[0].unit: the unit reference" in found[0], found
    assert ("absolute path" if how == "absolute" else "'..'") in found[0]


def test_a_300_character_reference_is_a_problem_not_an_os_error(tmp_path):
    path = statwar_army(tmp_path, "x" * 300)
    found = problems_of(lambda: statwar.load_army(path))
    assert len(found) == 1 and "units[0].unit" in found[0] and "at most 100" in found[0]


def test_a_ninja_scenario_may_not_name_a_map_outside(tmp_path):
    shutil.copy(SCEN / "ninja" / "maps" / "forest.toml", tmp_path / "forest.toml")
    battles = tmp_path / "battles"
    battles.mkdir()
    text = (SCEN / "ninja" / "battles" / "ash_vs_vine.toml").read_text()
    for ref in (str(tmp_path / "forest.toml"), "../forest.toml", "../../" * 12 + "etc/forest.toml"):
        path = battles / "s.toml"
        path.write_text(text.replace('map = "forest"', f'map = "{ref}"'))
        found = problems_of(lambda: load_setup(path, NinjaRuleset().cat))
        assert any("map: the reference" in p for p in found), (ref, found)


def test_a_ninja_scenario_may_name_a_map_beside_it(tmp_path):
    shutil.copy(SCEN / "ninja" / "maps" / "forest.toml", tmp_path / "my_forest.toml")
    path = tmp_path / "s.toml"
    path.write_text((SCEN / "ninja" / "battles" / "ash_vs_vine.toml").read_text().replace('map = "forest"', 'map = "my_forest.toml"'))
    assert load_setup(path, NinjaRuleset().cat).map.name


def test_a_commanders_scenario_may_not_name_a_commander_outside(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    shutil.copy(SCEN / "commanders" / "commanders" / "knight.toml", outside / "knight.toml")
    battles = tmp_path / "battles"
    battles.mkdir()
    text = (SCEN / "commanders" / "battles" / "duel_at_the_ford.toml").read_text()
    for ref in (str(outside / "knight.toml"), "../outside/knight.toml"):
        path = battles / "s.toml"
        path.write_text(text.replace('file = "knight"', f'file = "{ref}"', 1))
        found = problems_of(lambda: COMMANDERS.load_scenario(path))
        assert any("commander[0].file: the reference" in p for p in found), (ref, found)


def test_a_link_out_of_the_folder_is_not_followed(tmp_path):
    from core.content import find_reference

    unit = outside_unit(tmp_path)
    folder = tmp_path / "units"
    folder.mkdir()
    (folder / "bear.toml").symlink_to(unit)
    assert find_reference("bear", [folder]) is None


# --- finding 11: text with control characters -------------------------------------------
def test_a_name_with_control_characters_is_refused_at_load(tmp_path):
    path = tmp_path / "u.toml"
    path.write_text((SCEN / "statwar" / "units" / "bear.toml").read_text().replace('name = "', 'name = "\\u001b[2J', 1))
    found = problems_of(lambda: statwar.load_unit(path))
    assert found == [f"{path}: name: holds the control character U+001B; text must be printable"] or \
        found[0].endswith("name: holds the control character U+001B; text must be printable")


def test_long_text_may_hold_newlines_and_tabs_but_not_escapes():
    from core.content import printable, text_problems

    assert text_problems({"name": "Bear", "description": "big\n\tbear"}) == []
    assert [f for f, _ in text_problems({"description": "big\x1b[31m"})] == ["description"]
    assert [f for f, _ in text_problems({"name": "Be\nar"})] == ["name"]
    assert printable("a\x1b[2Jb\u202e\x85") == "a\\x1b[2Jb\\u202e\\x85"


def test_resaving_a_commander_with_control_characters_never_writes_an_unreadable_file(tmp_path):
    cat = COMMANDERS.catalogue
    knight = load_commander(SCEN / "commanders" / "commanders" / "knight.toml", cat)
    path = tmp_path / "knight.toml"
    save_commander(knight, path, cat)
    bad = attrs.evolve(knight, name="Sir \x1b]0;pwned\x07Knight", notes="line\x00two")
    # the writer itself escapes: the text reads back as TOML with the same values
    assert tomllib.loads(commander_to_toml(bad))["name"] == bad.name
    with pytest.raises(ContentError, match="U\\+001B"):
        save_commander(bad, path, cat)
    assert load_commander(path, cat) == knight  # the roster keeps the commander it had
