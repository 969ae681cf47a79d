"""Every bundled StatWar file loads; the content covers what the seed promises; bad files are named."""

from pathlib import Path

import pytest

from core.content import read_toml
from core.errors import ContentError
from core.statwar.ruleset import RULESET as R
from core.statwar import content
from core.statwar.setup import Setup
from core.statwar.specs import Army, BoardSpec, UnitSpec

ROOT = content.bundled_root()


def test_every_bundled_file_loads():
    files = content.bundled_files()
    assert len(files) >= 30
    for path in files:
        doc = R.load_document(path, read_toml(path))
        assert isinstance(doc, (UnitSpec, Army, BoardSpec, Setup)), path


def load_all(kind: str):
    return {p.stem: R.load_document(p, read_toml(p)) for p in sorted((ROOT / content.FOLDERS[kind]).glob("*.toml"))}


def test_the_seed_units_and_twenty_more_cover_every_special_and_10_to_40_points():
    units = load_all("unit")
    assert {"crossbow_dorf", "bear"} <= set(units)
    assert len(units) >= 22
    costs = {u.cost for u in units.values()}
    assert min(costs) == 10 and max(costs) == 40
    assert any(u.suicide_bomb for u in units.values())
    assert any(u.big == 1 for u in units.values()) and any(u.big == 2 for u in units.values())
    assert any(u.ridable > 1 for u in units.values()) and any(u.defender > 1 for u in units.values())
    assert len({u.description for u in units.values()}) == len(units)
    assert len({u.mark for u in units.values()}) == len(units)


def test_premade_armies_at_25_50_and_100_points():
    armies = load_all("army")
    budgets = {a.points for a in armies.values()}
    assert {25, 50, 100} <= budgets
    for a in armies.values():
        assert a.cost <= a.points


def test_at_least_three_boards_of_different_sizes_and_shapes():
    boards = load_all("board")
    assert len(boards) >= 3
    assert len({(len(b.rows[0]), len(b.rows)) for b in boards.values()}) >= 3
    assert all(any("#" in row for row in b.rows) for b in boards.values())
    assert {b.split for b in boards.values()} == {"top-bottom", "left-right"}


def test_every_scenario_is_listed_and_starts_a_battle():
    infos = R.scenarios()
    assert len(infos) >= 3
    for info in infos:
        setup = R.load_scenario(info.name)
        state = R.new_battle(setup, 1)
        assert R.legal_actions(state, state.to_move)
        assert info.sides == 2 and info.title and info.summary


def write(tmp: Path, name: str, text: str) -> Path:
    path = tmp / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_an_asymmetric_board_is_refused(tmp_path):
    path = write(tmp_path, "b.toml", 'ruleset = "statwar"\nkind = "board"\nname = "B"\ndescription = "d"\nrows = ["..#", "~~~", "..."]\n')
    with pytest.raises(ContentError, match="symmetric"):
        R.load_document(path, read_toml(path))


def test_a_board_needs_a_neutral_zone_on_its_middle_line(tmp_path):
    path = write(tmp_path, "b.toml", 'ruleset = "statwar"\nkind = "board"\nname = "B"\ndescription = "d"\nrows = ["...", "...", "..."]\n')
    with pytest.raises(ContentError) as err:
        R.load_document(path, read_toml(path))
    assert "b.toml: rows: has no neutral zone" in str(err.value)


def test_an_army_over_budget_or_with_a_missing_unit_is_named(tmp_path):
    army = (
        'ruleset = "statwar"\nkind = "army"\nname = "A"\ndescription = "d"\npoints = 20\n'
        '[[units]]\nunit = "crossbow_dorf"\n'
    )
    path = write(tmp_path, "armies/a.toml", army)
    with pytest.raises(ContentError) as err:
        R.load_document(path, read_toml(path))
    assert "a.toml: units: the army costs 25 points; the agreed total is 20" in str(err.value)
    path.write_text(army.replace("crossbow_dorf", "unicorn").replace("20", "50"))
    with pytest.raises(ContentError) as err:
        R.load_document(path, read_toml(path))
    assert "a.toml: units[0].unit: no unit file named 'unicorn'" in str(err.value)


def test_a_players_army_finds_units_in_its_sibling_folder(tmp_path):
    write(tmp_path, "units/imp.toml", 'ruleset = "statwar"\nkind = "unit"\nname = "Imp"\ndescription = "tiny"\ndamage = 2\nmove = 3\n')
    path = write(tmp_path, "armies/a.toml", 'ruleset = "statwar"\nkind = "army"\nname = "A"\ndescription = "d"\npoints = 30\n[[units]]\nunit = "imp"\ncount = 2\n[[units]]\nunit = "militia"\n')
    army = R.load_document(path, read_toml(path))
    assert [u.name for u in army.units] == ["Imp", "Imp", "Militia"] and army.cost == 20


def test_wrong_ruleset_or_kind_is_named(tmp_path):
    path = write(tmp_path, "x.toml", 'ruleset = "ninja"\nkind = "unit"\n')
    with pytest.raises(ContentError, match="x.toml: ruleset: must be 'statwar'"):
        R.load_document(path, read_toml(path))
    path.write_text('ruleset = "statwar"\nkind = "spell"\n')
    with pytest.raises(ContentError, match="x.toml: kind: is 'spell'"):
        R.load_document(path, read_toml(path))


def test_a_scenario_with_too_many_units_for_its_board_is_refused(tmp_path):
    write(tmp_path, "maps/tiny.toml", 'ruleset = "statwar"\nkind = "board"\nname = "T"\ndescription = "d"\nrows = [".", "~", "."]\n')
    path = write(tmp_path, "battles/s.toml", 'ruleset = "statwar"\nkind = "scenario"\nname = "s"\ntitle = "t"\nsummary = "s"\nboard = "tiny"\narmies = ["rangers_25", "lone_dorf_25"]\n')
    with pytest.raises(ContentError) as err:
        R.load_scenario(path)
    assert "s.toml: armies[0]: needs 2 squares to deploy; its side has 1" in str(err.value)


def test_an_unknown_scenario_name_lists_the_bundled_ones():
    with pytest.raises(ContentError, match="duel_25"):
        R.load_scenario("no_such_battle")


def test_the_bear_sheet_shows_the_derived_health_instead_of_the_seeds_11():
    bear = R.load_document(ROOT / "units/bear.toml", read_toml(ROOT / "units/bear.toml"))
    sheet = R.sheet(bear)
    text = "\n".join(sheet.lines)
    assert "Bear - 25 points (Damage 4 + Range 1 + Armor 1 + Move 9 + Big 1 5 + Ridable 1 5)" in text
    assert "Health 8 = 5 base + 3 for a 2x2 footprint (4 squares)" in text
    assert "Carries up to 1 rider, all fitting on its 4 squares" in text
    assert "Health cannot be bought or written in: Big 1 always gives 8" in text
    assert sheet.data["unit"]["health"] == 8 and sheet.data["unit"]["cost"] == 25


def test_an_army_sheet_lists_the_activation_order_with_every_derived_number():
    path = ROOT / "armies/dorf_and_bear_50.toml"
    sheet = R.sheet(R.load_document(path, read_toml(path)))
    text = "\n".join(sheet.lines)
    assert "50 of 50 points (0 unspent)" in text
    assert " 1. Bear" in text and " 2. Crossbow Dorf" in text
    assert "Defender zone: 1 ring around it, 8 squares" in text
    assert sheet.data["health_total"] == 13 and sheet.data["order"] == ["Bear", "Crossbow Dorf"]


def test_board_and_scenario_sheets():
    path = ROOT / "maps/arena.toml"
    assert "8 x 8" in R.sheet(R.load_document(path, read_toml(path))).lines[0]
    path = ROOT / "battles/duel_25.toml"
    sheet = R.sheet(R.load_document(path, read_toml(path)))
    assert sheet.data["round_limit"] == 30 and len(sheet.data["armies"]) == 2
