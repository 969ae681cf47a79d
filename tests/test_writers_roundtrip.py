"""Every writer of player files round-trips (issue 19, finding 11): what the game writes, it
reads back equal; text it could not read back (control characters) is refused before
anything is written, and the file on disk is never one the game cannot open."""

import tomllib
from pathlib import Path

import attrs
from hypothesis import HealthCheck, event, given, settings, strategies as st

from core.commanders.commander import commander_to_data, commander_to_toml, load_commander, save_commander
from core.commanders.ruleset import RULESET as COMMANDERS
from core.content import scenarios_root, text_problems
from core.errors import ContentError
from core.ninja.content import load_army as load_ninja_army
from core.ninja.ruleset import NinjaRuleset
from core.ninja.specs import RULE_SETS, ArmySpec as NinjaArmy, UnitEntry
from core.statwar import content as statwar
from core.statwar.specs import UnitSpec
from tui.screens.builder_files import toml_text
from tui.screens.builder_ninja import army_data as ninja_army_data
from tui.screens.builder_statwar import army_data as statwar_army_data
from tui.screens.builder_statwar_unit import unit_data

SCEN = scenarios_root()
CAT = COMMANDERS.catalogue
NINJA = NinjaRuleset().cat
COMMANDERS_BUNDLED = sorted((SCEN / "commanders" / "commanders").glob("*.toml"))

# Any text at all (pasted text, escapes, odd planes), but mostly printable text, so that most
# cases reach the read-back and not only the refusal.
ANY_TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=60)
PRINTABLE = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Cf", "Zl", "Zp")), min_size=1, max_size=60)
TEXT = st.one_of(PRINTABLE, PRINTABLE, PRINTABLE, ANY_TEXT)
NAME = TEXT
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def written(tmp: Path, text: str) -> Path:
    path = tmp / "f.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_toml_layer_round_trips_any_text():
    @given(st.dictionaries(st.text(max_size=8), st.one_of(TEXT, st.integers(), st.booleans(), st.lists(TEXT, max_size=3)), max_size=6))
    @settings(max_examples=200, deadline=None)
    def check(data):
        assert tomllib.loads(toml_text(data)) == data

    check()


@SETTINGS
@given(st.sampled_from(COMMANDERS_BUNDLED), NAME, TEXT, st.integers(0, 10**6))
def test_a_commander_written_reads_back_equal(tmp_path_factory, source, name, notes, experience):
    tmp = tmp_path_factory.mktemp("c")
    commander = attrs.evolve(load_commander(source, CAT), name=name, notes=notes, experience=experience)
    assert tomllib.loads(commander_to_toml(commander)) == commander_to_data(commander)
    path = tmp / "c.toml"
    if text_problems(commander_to_data(commander)):
        try:
            save_commander(commander, path, CAT)
        except ContentError:
            assert not path.exists()
            event("refused: control characters")
            return
        raise AssertionError("a commander with control characters was written")
    try:
        save_commander(commander, path, CAT)
    except ContentError as exc:  # refused for a rule (an empty name, say): nothing written
        assert not path.exists(), exc
        event("refused for a rule")
        return
    event("read back")
    assert load_commander(path, CAT) == commander


STAT = st.integers(0, 12)


@SETTINGS
@given(NAME, TEXT, st.sampled_from(["", "B", "Z"]), STAT, STAT, STAT, STAT, st.booleans(), st.integers(0, 2), st.integers(0, 2), st.integers(0, 2))
def test_a_statwar_unit_written_reads_back_equal(tmp_path_factory, name, description, glyph, damage, rng, armor, move, bomb, big, ridable, defender):
    spec = UnitSpec(name=name, description=description, glyph=glyph, damage=damage, range=rng, armor=armor, move=move,
                    suicide_bomb=bomb, big=big, ridable=ridable, defender=defender)
    spec = attrs.evolve(spec, points=spec.cost, health=spec.max_health)
    data = unit_data(spec)
    path = written(tmp_path_factory.mktemp("u"), toml_text(data))
    try:
        back = statwar.load_unit(path)
    except ContentError as exc:  # refused at load: control characters, or a rule of the design
        assert text_problems(data) or spec.problems(), exc
        event("refused")
        return
    event("read back")
    assert back == spec


@SETTINGS
@given(NAME, TEXT, st.integers(1, 10**4), st.lists(st.sampled_from(["bear", "crossbow_dorf", "archer", "scout"]), min_size=1, max_size=12))
def test_a_statwar_army_written_reads_back_equal(tmp_path_factory, name, description, points, keys):
    data = statwar_army_data(name, description, points, keys)
    path = written(tmp_path_factory.mktemp("a"), toml_text(data))
    try:
        spec = statwar.parse(path, tomllib.loads(path.read_text()))
    except ContentError as exc:
        assert text_problems(data) or not description.strip(), exc
        event("refused")
        return
    event("read back")
    assert (spec.name, spec.description, spec.points) == (name, description, points)
    assert [e.unit for e in spec.units for _ in range(e.count)] == keys


SCHOOLS = sorted(NINJA.schools)


@st.composite
def ninja_armies(draw):
    units = []
    for _ in range(draw(st.integers(1, 5))):
        school = draw(st.sampled_from(SCHOOLS))
        jutsu = draw(st.lists(st.sampled_from(sorted(NINJA.schools[school].jutsu)), max_size=3, unique=True))
        units.append(UnitEntry(draw(NAME), school, draw(st.integers(1, 4)), tuple(jutsu)))
    rule_set = draw(st.sampled_from(sorted(RULE_SETS)))
    return NinjaArmy("ninja", "army", draw(NAME), rule_set, draw(st.integers(1, 200)), tuple(units),
                     level_cap=draw(st.integers(1, 4)) if rule_set == "level_cap" else 0,
                     population=draw(st.integers(1, 9)) if rule_set == "population" else 0)


@SETTINGS
@given(ninja_armies())
def test_a_ninja_army_written_reads_back_equal(tmp_path_factory, army):
    data = ninja_army_data(army)
    path = written(tmp_path_factory.mktemp("n"), toml_text(data))
    try:
        back = load_ninja_army(path)
    except ContentError as exc:
        assert text_problems(data), exc
        event("refused")
        return
    event("read back")
    assert back == army
