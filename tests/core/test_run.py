"""Runs (core/run.py, core/runfile.py): the node map, the warband between battles, camps, run files."""

from __future__ import annotations

import functools
from pathlib import Path

import attrs
import orjson
import pytest
from hypothesis import given, settings, strategies as st

from core import registry
from core import run as runs
from core import runfile
from core.errors import IllegalAction, SaveError
from core.generate import reach_set

RULESETS = ("statwar", "ninja", "commanders")
#: A small run: few layers, the smallest maps, small armies and budgets, so a whole run plays in a moment.
SMALL = {
    "statwar": {"warband": 20, "budget": (10, 20), "size": (8, 8)},
    "ninja": {"warband": 3, "budget": (1, 3), "size": (10, 8)},
    "commanders": {"warband": 1, "budget": (1, 1), "size": (10, 8)},
}


def small(name: str) -> runs.RunConfig:
    ai = (runs.AiStep(0, "easy"),)
    return attrs.evolve(runs.load_config(name), depth=(3, 3), width=(1, 2), ai=ai, **SMALL[name])


@functools.cache
def played(name: str, seed: int) -> runs.Run:
    return runs.auto_run(name, seed, small(name))


# --- the node map ----------------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), name=st.sampled_from(RULESETS))
def test_node_map_is_connected_8_to_15_deep_with_one_final_node(seed: int, name: str) -> None:
    config = runs.load_config(name)
    nodes = runs.node_map(seed, config)
    assert 8 <= nodes.depth <= 15
    finals = [n for n in nodes.nodes if n.kind == "final"]
    assert len(finals) == 1 and finals[0].depth == nodes.depth - 1 and nodes.final == finals[0].id
    assert {n.kind for n in nodes.layer(0)} == {"battle"}
    assert {n.kind for n in nodes.layer(nodes.depth - 2)} == {"camp"}
    for d in range(nodes.depth - 1):
        assert config.width[0] <= len(nodes.layer(d)) <= config.width[1]
    steps = lambda i: nodes.nodes[i].next  # noqa: E731
    reached = set().union(*(reach_set(s, steps) for s in nodes.starts()))
    assert reached == {n.id for n in nodes.nodes}  # every node can be reached from the start
    for n in nodes.nodes:
        assert nodes.final in reach_set(n.id, steps)  # and every node leads on to the final battle
        assert all(nodes.nodes[m].depth == n.depth + 1 for m in n.next)
    assert runs.node_map(seed, config) == nodes


def test_node_maps_differ_between_seeds() -> None:
    config = runs.load_config("ninja")
    assert len({runs.node_map(seed, config) for seed in range(20)}) == 20


# --- opponents ---------------------------------------------------------------------------------
@pytest.mark.parametrize("name", RULESETS)
def test_opponents_grow_and_their_ai_goes_from_easy_to_hard(name: str) -> None:
    config = runs.load_config(name)
    depth = 12
    budgets = [runs.budget_at(config, d, depth, "battle") for d in range(depth)]
    assert budgets[0] == config.budget[0] and budgets[-1] == config.budget[1]
    assert budgets == sorted(budgets)
    assert runs.budget_at(config, 5, depth, "elite") == budgets[5] * config.elite_percent // 100
    levels = [runs.ai_at(config, d, depth) for d in range(depth)]
    assert levels[0] == "easy" and levels[-1] == "hard" and "normal" in levels


@pytest.mark.parametrize("name", RULESETS)
def test_an_opponent_passes_the_checks_a_players_army_passes(name: str) -> None:
    ruleset = registry.get(name)
    run = runs.choose(runs.new_run(name, 11), "0")
    found = runs.encounter(run)
    army = runs.opponent_of(run, found)
    document = ruleset.army_document(army)
    assert ruleset.army_document(ruleset.army_from_document(document, "opponent")) == document
    assert found.ai == "easy" and found.budget == run.config.budget[0]


# --- a whole small run ---------------------------------------------------------------------
def replayed(run: runs.Run):
    """The run again, step by step, from its seed: (the run before the step, the step)."""
    battles = iter(run.battles)
    now = runs.new_run(run.ruleset, run.seed, run.config)
    for step in run.steps:
        yield now, step
        now = runs.finish_battle(now, next(battles).actions) if step == runs.BATTLE else runs.choose(now, step)
    assert now == run


@pytest.mark.parametrize("name", RULESETS)
def test_a_small_run_is_played_saved_and_reproduced_exactly(name: str, tmp_path) -> None:
    run = played(name, 5)
    assert run.over and run.end and run.battles
    path = runfile.write_run(tmp_path / runfile.run_name(run), run, "2026-12-01")
    again = runfile.load_run(path)
    assert again == run
    assert orjson.loads(orjson.dumps(runfile.run_document(again, "2026-12-01"))) == orjson.loads(path.read_bytes())


@pytest.mark.parametrize("name", RULESETS)
def test_the_dead_stay_dead_and_the_wounded_start_wounded(name: str) -> None:
    run = played(name, 5)
    hooks = runs.hooks_for(name)
    buried: set[str] = set()
    battles = iter(run.battles)
    for before, step in replayed(run):
        assert buried == {m.name for m in before.fallen}
        assert not buried & {m.name for m in before.members}
        if step == runs.BATTLE:
            _, _, state = runs.start_battle(before)
            start = hooks.condition(state)
            assert len(start) == len(before.members)
            for member, cond in zip(before.members, start):
                assert cond.hp == cond.hp_max - member.wounds
            buried |= set(next(battles).lost)
    assert {m.name for m in run.fallen} == {name for b in run.battles for name in b.lost}


def test_wounds_not_rested_off_are_carried_into_the_next_battle() -> None:
    hooks = runs.hooks_for("statwar")
    for seed in range(5, 25):
        run = runs.choose(runs.new_run("statwar", seed, small("statwar")), "0")
        run = runs.finish_battle(run, runs.auto_battle(run))
        if run.over or not any(m.wounds for m in run.members):
            continue
        run = runs.choose(run, runs.options(run)[0].key)
        assert run.stage == "camp"
        run = runs.choose(run, runs.LEAVE)  # leave without resting
        run = runs.choose(run, runs.options(run)[0].key)
        _, _, state = runs.start_battle(run)
        carried = hooks.condition(state)
        assert [c.hp for c in carried] == [c.hp_max - m.wounds for c, m in zip(carried, run.members)]
        assert any(c.hp < c.hp_max for c in carried)
        return
    pytest.fail("no seed left a wounded survivor")


# --- choices, camps and events ------------------------------------------------------------------
def at_camp(name: str, seed: int = 5) -> runs.Run:
    run = runs.new_run(name, seed, small(name))
    node = run.nodes.layer(1)[0]
    return attrs.evolve(run, at=node.id, path=(run.nodes.starts()[0], node.id), stage="camp", steps=("0", runs.BATTLE))


def test_a_choice_not_offered_is_refused_and_changes_nothing() -> None:
    run = runs.new_run("statwar", 5, small("statwar"))
    with pytest.raises(IllegalAction):
        runs.choose(run, str(run.nodes.final))
    with pytest.raises(IllegalAction):
        runs.finish_battle(run, ())
    assert run == runs.new_run("statwar", 5, small("statwar"))


@pytest.mark.parametrize("name", RULESETS)
def test_resting_at_a_camp_heals_once(name: str) -> None:
    run = at_camp(name)
    run = attrs.evolve(run, members=tuple(attrs.evolve(m, wounds=3) for m in run.members))
    assert runs.REST in [o.key for o in runs.options(run)]
    rested = runs.choose(run, runs.REST)
    assert all(m.wounds == 0 for m in rested.members)  # heal_percent 100 in the bundled settings
    assert runs.REST not in [o.key for o in runs.options(rested)]
    assert runs.choose(rested, runs.LEAVE).stage == "choose"


def test_a_camp_offers_only_what_the_warband_can_pay_for() -> None:
    run = at_camp("statwar")
    assert [o.key for o in runs.options(run)] == [runs.LEAVE]  # no points, no wounds
    rich = attrs.evolve(run, points=1000)
    keys = [o.key for o in runs.options(rich)]
    assert "add:Bear" in keys or any(k.startswith("add:") for k in keys)
    key = next(k for k in keys if k.startswith("add:"))
    price = next(o.cost for o in runs.options(rich) if o.key == key)
    bought = runs.choose(rich, key)
    assert len(bought.members) == len(run.members) + 1 and bought.points == 1000 - price
    assert bought.members[-1].unit.name == key[4:]


def test_a_ninja_promotion_raises_the_point_value_and_learns_a_jutsu_per_chi() -> None:
    run = attrs.evolve(at_camp("ninja"), points=100)
    cat = registry.get("ninja").cat
    key = next(o.key for o in runs.options(run) if o.key.startswith("promote:"))
    i = int(key.split(":")[1])
    before = run.members[i].unit
    after = runs.choose(run, key).members[i].unit
    assert after.points == before.points + 1
    assert len(after.jutsu) - len(before.jutsu) == cat.chi(after.points) - cat.chi(before.points) == 1
    assert set(before.jutsu) < set(after.jutsu)
    four = attrs.evolve(run, members=tuple(attrs.evolve(m, unit=attrs.evolve(m.unit, points=4)) for m in run.members))
    assert not [o for o in runs.options(four) if o.key.startswith("promote:")]  # seed 000: 1 to 4 points


def test_a_ninja_recruit_is_a_one_point_ninja_of_the_rosters_school() -> None:
    run = attrs.evolve(at_camp("ninja"), points=100)
    cat = registry.get("ninja").cat
    after = runs.choose(run, "recruit")
    fresh = after.members[-1].unit
    school = cat.schools[fresh.school]
    learnable = [k for k, j in school.jutsu.items() if j.cost <= 1]
    assert fresh.points == 1 and fresh.school == run.members[0].unit.school
    assert len(fresh.jutsu) == min(cat.chi(1), len(learnable)) and set(fresh.jutsu) <= set(learnable)
    assert after.points == 100 - run.config.prices["recruit"]


def test_commanders_level_up_at_camp_as_the_progression_says() -> None:
    from core.commanders.progression import experience_for_level

    run = at_camp("commanders")
    lead = run.members[0]
    ready = attrs.evolve(lead, unit=attrs.evolve(lead.unit, experience=experience_for_level(2)))
    run = attrs.evolve(run, members=(ready,) + run.members[1:])
    key = next(o.key for o in runs.options(run) if o.key.startswith("level"))
    after = runs.choose(run, key).members[0].unit
    assert after.level == 2 and after.experience == experience_for_level(2)


def test_only_the_commanders_death_ends_a_commanders_run() -> None:
    run = runs.new_run("commanders", 5, small("commanders"))
    hooks = runs.hooks_for("commanders")
    lead, troop = run.members[0], run.members[1:]
    assert hooks.fatal(lead) == f"the commander {lead.name} fell"
    assert troop and not any(hooks.fatal(m) for m in troop)


def test_an_event_is_drawn_from_the_settings_table() -> None:
    config = small("ninja")
    run = runs.new_run("ninja", 5, config)
    node = attrs.evolve(run.nodes.layer(1)[0], kind="event")
    nodes = attrs.evolve(run.nodes, nodes=tuple(node if n.id == node.id else n for n in run.nodes.nodes))
    run = attrs.evolve(run, nodes=nodes, at=run.nodes.starts()[0], path=(run.nodes.starts()[0],), stage="choose")
    after = runs.choose(run, str(node.id))
    assert after.stage == "choose" and any(e.name in after.log[-1] for e in config.events)


# --- run files ---------------------------------------------------------------------------------
def test_a_tampered_run_file_is_refused_at_the_step_that_differs(tmp_path) -> None:
    run = played("statwar", 5)
    document = runfile.run_document(run, "2026-12-01")
    path = tmp_path / "run.json"
    battle = document["steps"].index(next(s for s in document["steps"] if s["choice"] == runs.BATTLE))
    broken = orjson.loads(orjson.dumps(document))
    broken["steps"][battle]["actions"] = broken["steps"][battle]["actions"][:-1]
    path.write_bytes(orjson.dumps(broken))
    with pytest.raises(SaveError, match=rf"steps\[{battle}\]"):
        runfile.load_run(path)
    other = orjson.loads(orjson.dumps(document))
    other["seed"] += 1
    path.write_bytes(orjson.dumps(other))
    with pytest.raises(SaveError):
        runfile.load_run(path)
    cut = orjson.loads(orjson.dumps(document))
    cut["steps"] = cut["steps"][:-1]
    path.write_bytes(orjson.dumps(cut))
    with pytest.raises(SaveError, match="final_hash"):
        runfile.load_run(path)


@pytest.mark.parametrize("blob, reason", [
    (b"", "empty"),
    (b"[1]", "not a save"),
    (b'{"format": "skirmish-replay", "format_version": 3}', "not a Skirmish run file"),
    (b'{"format": "skirmish-run", "format_version": 99}', "newer"),
    (b'{"format": "skirmish-run", "format_version": 1}', "ruleset"),
])
def test_a_broken_run_file_gets_one_line(tmp_path, blob: bytes, reason: str) -> None:
    path = tmp_path / "run.json"
    path.write_bytes(blob)
    with pytest.raises(SaveError, match=reason):
        runfile.read_run(path)


def test_a_run_file_with_out_of_bounds_settings_is_refused(tmp_path) -> None:
    document = runfile.run_document(played("statwar", 5), "2026-12-01")
    document["config"]["depth"] = [1, 400]
    path = tmp_path / "run.json"
    path.write_bytes(orjson.dumps(document))
    with pytest.raises(SaveError, match="config.depth"):
        runfile.read_run(path)


def test_a_statwar_camp_adds_a_design_of_the_players_own() -> None:
    from core.statwar.run import design_key, parse_design
    from core.statwar.specs import UnitSpec

    run = attrs.evolve(at_camp("statwar"), points=1000)
    unit = UnitSpec(name="Lancer", description="Designed at a camp of the run.", damage=3, armor=1, move=4)
    key = design_key(unit)
    assert parse_design(key) == unit
    bought = runs.choose(run, key)
    assert bought.members[-1].unit == unit and bought.points == 1000 - unit.cost
    assert bought.members[-1].name == "Lancer 1"
    for bad in ("design:Lancer:3,0,9,4,0,0,0,0", "design:Lan:cer:3,0,1,4,0,0,0,0", "design:Lancer:3,0,1"):
        with pytest.raises(IllegalAction):  # armour above health, a colon in the name, numbers missing
            runs.choose(run, bad)
    with pytest.raises(IllegalAction):  # too dear
        runs.choose(attrs.evolve(run, points=unit.cost - 1), key)


def test_a_ruleset_without_runs_says_so(toy_registered) -> None:
    from core.errors import ContentError

    with pytest.raises(ContentError, match="has no runs"):
        runs.hooks_for("toy")


def test_settings_out_of_bounds_are_named() -> None:
    from core.content import structure
    from core.errors import ContentError

    config = runs.load_config("ninja")
    bad = attrs.evolve(config, depth=(9, 3), ai=(runs.AiStep(10, "clever"),), events=())
    found = dict(bad.problems())
    assert {"depth", "ai", "ai[0].level", "events"} <= set(found)
    assert runs.load_config("statwar").problems() == []
    with pytest.raises(ContentError, match="depth"):
        structure({**runfile.CONVERTER.unstructure(config), "depth": [1, 99]}, runs.RunConfig, "ninja.toml", runfile.CONVERTER)


def test_a_run_file_whose_settings_price_the_wrong_things_is_refused(tmp_path) -> None:
    document = runfile.run_document(played("statwar", 5), "2026-12-01")
    document["config"]["prices"] = {"promote": 2}
    path = tmp_path / "run.json"
    path.write_bytes(orjson.dumps(document))
    with pytest.raises(SaveError, match="config.prices: statwar runs price exactly add"):
        runfile.load_run(path)


def test_a_run_map_can_show_the_battles_ahead() -> None:
    run = runs.new_run("ninja", 5)
    last = runs.encounter_at(run, run.nodes.final)
    first = runs.encounter_at(run, run.nodes.starts()[0])
    assert first.ai == "easy" and last.ai == "hard"
    assert first.budget == run.config.budget[0] and last.budget == run.config.budget[1] * run.config.final_percent // 100
    camp = run.nodes.layer(run.nodes.depth - 2)[0]
    with pytest.raises(IllegalAction, match="camp"):
        runs.encounter_at(run, camp.id)
    assert runs.ahead(run) == {n.id for n in run.nodes.nodes}
    moved = runs.choose(run, str(run.nodes.starts()[0]))
    assert runs.encounter(moved) == first and runs.options(moved) == []  # a battle waits: nothing to choose
    assert run.nodes.final in runs.ahead(moved) and moved.at not in runs.ahead(moved)


RUN_FINGERPRINT = """
import hashlib, json
from core import run as runs
out = [[repr(runs.node_map(seed, runs.load_config(name))), repr(runs.new_run(name, seed).members)]
       for name in ("statwar", "ninja", "commanders") for seed in (0, 2**64 - 1)]
print(hashlib.sha256(json.dumps(out).encode()).hexdigest())
"""


def test_a_run_starts_the_same_in_another_process() -> None:
    import hashlib
    import json
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", RUN_FINGERPRINT], cwd=root, capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": str(root), "PYTHONHASHSEED": "4321", "PATH": ""})
    assert done.returncode == 0, done.stderr
    out = [[repr(runs.node_map(seed, runs.load_config(name))), repr(runs.new_run(name, seed).members)]
           for name in RULESETS for seed in (0, 2**64 - 1)]
    assert done.stdout.strip() == hashlib.sha256(json.dumps(out).encode()).hexdigest()


def test_a_commanders_class_change_takes_the_unit_and_spell_the_player_picks() -> None:
    from core.commanders import generate
    from core.commanders.progression import experience_for_level, offer

    ruleset = registry.get("commanders")
    run = attrs.evolve(at_camp("commanders"), points=0)
    veteran = generate.generate_army(9, 5, ruleset.catalogue, ruleset._start())
    veteran = attrs.evolve(veteran, experience=experience_for_level(6), troop=())
    run = attrs.evolve(run, members=(attrs.evolve(run.members[0], unit=veteran),))
    o = offer(veteran, ruleset.catalogue)
    new = next(c for c in o.classes if c.units)
    listed = [opt.key for opt in runs.options(run)]
    assert f"level:class:{new.name}" in listed  # the list offers each class; its unit and spell are picked after
    spell = o.spells[-1]
    after = runs.choose(run, f"level:class:{new.name}:{new.units[-1]}:{spell}").members[0].unit
    assert after.level == 6 and after.class_name == new.name and veteran.class_name in after.class_history
    assert spell in after.spells and new.units[-1] in after.recruitable
    with pytest.raises(IllegalAction):
        runs.choose(run, f"level:class:{new.name}:{new.units[-1]}:No Such Spell")


# --- retreats (docs/RULES.md, "Runs": a commander carried from the field) ------------------------
def lost_first_battle(retreats: int) -> tuple[runs.Run, runs.Run]:
    """A small Commanders run whose first battle the warband loses: (before it, after it)."""
    config = attrs.evolve(small("commanders"), retreats=retreats)
    for seed in range(40):
        run = runs.choose(runs.new_run("commanders", seed, config), "0")
        after = runs.finish_battle(run, runs.auto_battle(run))
        if after.battles[-1].winner == 1:
            return run, after
    pytest.fail("no seed lost its first battle")


def test_a_lost_battle_with_a_retreat_left_carries_the_commander_off_at_half_health() -> None:
    before, after = lost_first_battle(retreats=2)
    lead = after.members[0]
    assert not after.over and after.stage == "choose"
    assert lead.name == before.members[0].name and lead.fell == ""
    assert lead.history[-1] == "carried from the field at layer 1 (battle)"
    _, _, state = runs.start_battle(before)
    hp_max = runs.hooks_for("commanders").condition(state)[0].hp_max
    assert lead.wounds == hp_max - max(1, hp_max * 50 // 100)
    assert after.retreated == 1 and after.retreats_left == 1
    record = after.battles[-1]
    assert record.retreat and record.points == 0 and after.points == 0
    assert after.log[-1].endswith("the warband falls back (1 retreat left)")
    # the troop units that fell are dead for good; only the commander is carried off
    assert {m.name for m in after.fallen} == set(record.lost)
    assert lead.name not in record.lost
    summary = runs.summary(after)
    assert summary["retreats"] == 1 and summary["battles"][-1]["retreat"] is True


def test_without_a_retreat_left_the_commanders_fall_ends_the_run() -> None:
    before, after = lost_first_battle(retreats=0)
    assert after.over and after.end == f"the commander {before.members[0].name} fell"
    assert not after.battles[-1].retreat and after.retreated == 0
    # the same battle with retreats allowed but all of them spent ends the run too
    spent = attrs.evolve(before, config=attrs.evolve(before.config, retreats=1), retreated=1)
    assert runs.finish_battle(spent, after.battles[-1].actions).over


def test_the_final_battle_allows_no_retreat() -> None:
    before, after = lost_first_battle(retreats=3)
    final = attrs.evolve(before, nodes=attrs.evolve(before.nodes, nodes=tuple(
        attrs.evolve(n, kind="final") if n.id == before.at else n for n in before.nodes.nodes)))
    # the node's kind changes its encounter (budget), so fight it again with the AI
    ended = runs.finish_battle(final, runs.auto_battle(final))
    if ended.battles[-1].winner == 0:
        pytest.skip("the final-battle copy was won")  # pragma: no cover - seed-dependent guard
    assert ended.over and not ended.battles[-1].retreat


def test_the_bundled_commanders_run_allows_retreats_and_the_others_none() -> None:
    assert runs.load_config("commanders").retreats == 5
    assert runs.load_config("statwar").retreats == runs.load_config("ninja").retreats == 0
    with pytest.raises(Exception) as caught:
        runs.check_config("commanders", attrs.evolve(runs.load_config("commanders"), retreats=11), "x.toml")
    assert "retreats" in str(caught.value) and "0 to 10" in str(caught.value)


#: Run files written by format 1 (before retreats), kept to prove they still verify.
OLD_RUN_FILES = sorted((Path(__file__).parent / "old_runs").glob("run-*-format1.json"))


@pytest.mark.parametrize("path", OLD_RUN_FILES, ids=lambda p: p.name)
def test_a_format_1_run_file_still_verifies(path: Path) -> None:
    data = orjson.loads(path.read_bytes())
    assert data["format_version"] == 1 and "retreats" not in data["config"]
    run = runfile.load_run(path)
    assert run.over and run.retreated == 0 and run.config.retreats == 0
    # its final hash covers the summary as format 1 wrote it, so an edit to it still shows
    data["steps"][0]["choice"] = str(int(data["steps"][0]["choice"]) + 1) if len(run.nodes.starts()) > 1 else "leave"
    with pytest.raises(SaveError):
        runfile.verify_run(runfile.read_run_document("old.json", data))


def test_the_old_run_files_cover_a_lost_battle_and_a_commanders_fall() -> None:
    ends = {p.name: runfile.load_run(p).end for p in OLD_RUN_FILES}
    # format 1 worded the first "lost the battle battle of layer 10"; the run now says it plainly
    assert ends == {"run-commanders-format1.json": "the commander Wenyral Pelel fell",
                    "run-statwar-format1.json": "lost a battle of layer 10"}


def test_a_run_file_of_a_later_format_is_refused_in_one_line(tmp_path) -> None:
    run = played("statwar", 5)
    doc = runfile.run_document(run, "2026-12-01")
    assert doc["format_version"] == 2 and doc["config"]["retreats"] == 0
    for version, words in ((3, "newer Skirmish"), (0, "format_version: 0")):
        with pytest.raises(SaveError, match=words):
            runfile.read_run_document("x.json", {**doc, "format_version": version})


@functools.cache
def class_change_camp() -> runs.Run:
    """Commanders seed 7 on three layers (a battle, a camp, the final battle): the hard AI wins
    the first battle for the level-10 Fighter, whose experience then pays for level 11, a class
    change, at the camp. (Seed 3's Mystic came out of its battle 1 experience short once the
    normal and hard AIs kept their commanders behind their troops.)"""
    config = attrs.evolve(runs.load_config("commanders"), depth=(3, 3), width=(1, 1), ai=(runs.AiStep(0, "easy"),))
    run = runs.choose(runs.new_run("commanders", 7, config), "0")
    run = runs.finish_battle(run, runs.auto_battle(run, "hard"))
    assert run.battles[-1].winner == 0
    return runs.choose(run, "1")


def test_a_commanders_class_change_asks_for_the_unit_and_the_spell() -> None:
    from core.commanders.progression import offer
    from core.commanders.sheet import spell_words, unit_words

    cat = registry.get("commanders").catalogue
    hooks = runs.hooks_for("commanders")
    run = class_change_camp()
    commander = run.members[0].unit
    o = offer(commander, cat)
    assert run.stage == "camp" and o.classes and len(o.spells) > 1
    listed = [opt.key for opt in runs.options(run)]
    for c in o.classes:
        key = f"level:class:{c.name}"
        assert key in listed
        units, spells = hooks.questions(run, key)
        assert [p.key for p in units.picks] == list(c.units or ("",))  # "": the class brings no unit not recruitable yet
        assert [p.key for p in spells.picks] == list(o.spells)
        for unit in units.picks:  # every answer is a choice the camp takes
            assert hooks.custom(run, runs.answered(key, (unit.key, spells.picks[-1].key))) is not None
    new = next(c for c in o.classes if len(c.units) > 1)
    units, spells = hooks.questions(run, f"level:class:{new.name}")
    assert units.picks[1].about == unit_words(commander, new.units[1], cat)
    assert spells.picks[1].about.startswith(spell_words(commander, o.spells[1], cat))
    key = runs.answered(f"level:class:{new.name}", (new.units[1], o.spells[1]))
    after = runs.choose(run, key)
    lead = after.members[0]
    assert lead.unit.class_name == new.name and new.units[1] in lead.unit.recruitable and o.spells[1] in lead.unit.spells
    assert f"become a {new.name} (unit {new.units[1]}, spell {o.spells[1]})" in lead.history[-1]
    assert after.steps[-1] == key
    assert hooks.custom(run, runs.answered(f"level:class:{new.name}", (new.units[0], "No Such Spell"))) is None
    assert hooks.custom(run, runs.answered(f"level:class:{new.name}", ("Pixie", o.spells[0]))) is None  # not the class's
    # nothing else asks: other offers, a class not offered, a key already answered, a level taken
    assert hooks.questions(run, runs.REST) == () and hooks.questions(run, "level:class:No Such Class") == ()
    assert hooks.questions(run, key) == () and hooks.questions(after, f"level:class:{new.name}") == ()
