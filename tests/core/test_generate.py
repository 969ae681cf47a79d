"""Generated battlefields and armies (core/<ruleset>/generate.py): connected for every
movement mode, legal deployment, StatWar symmetry, measured fairness, armies that pass
the checks a player's army passes, the same result in every process, and a battle on a
generated map that plays, saves and verifies."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from core import registry, saves
from core.ai import Player
from core.commanders import generate as cgen
from core.commanders.muster import with_army as commanders_with_army
from core.content import dump_toml, read_toml
from core.errors import ContentError
from core.generate import GeneratedName, connected, derive, imbalance_of, parse_name
from core.match import Match
from core.ninja import generate as ngen
from core.ninja.armies import army_problems
from core.ninja.setup import zone_cells
from core.rng import SEED_MAX
from core.serial import new_converter
from core.statwar import generate as sgen
from core.statwar.muster import army_from_document, fit_problems
from core.statwar.setup import build_board
from core.statwar.specs import BLOCKED, NEUTRAL, OPEN, mirror_of

ROOT = Path(__file__).resolve().parents[2]
SEEDS = st.integers(min_value=0, max_value=SEED_MAX)
QUICK = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])

STATWAR = registry.get("statwar")
NINJA = registry.get("ninja")
COMMANDERS = registry.get("commanders")


def sizes(ruleset) -> st.SearchStrategy[tuple[int, int]]:
    g = ruleset.generation()
    return st.tuples(st.integers(g.size_min[0], min(g.size_max[0], g.size_min[0] + 10)),
                     st.integers(g.size_min[1], min(g.size_max[1], g.size_min[1] + 8)))


def reads_back(ruleset, spec, folder: Path):
    """`spec` written as a map file with dump_toml and loaded as any map file is."""
    path = folder / "generated.toml"
    path.write_text(dump_toml(new_converter().unstructure(spec)), encoding="utf-8")
    return ruleset.load_document(path, read_toml(path))


# --- StatWar ----------------------------------------------------------------------------------
@QUICK
@given(seed=SEEDS, size=sizes(STATWAR))
def test_statwar_board_is_symmetric_with_a_neutral_zone_and_moves_every_footprint(seed, size):
    spec = sgen.generate_map(seed, size)
    width, height = len(spec.rows[0]), len(spec.rows)
    assert (width, height) == size
    at = {(x, y): c for y, row in enumerate(spec.rows) for x, c in enumerate(row)}
    # seed 001: symmetric across the line between the sides, a neutral zone on that line
    assert all(at[mirror_of(spec.split, width, height, x, y)] == c for (x, y), c in at.items())
    length = height if spec.split == "top-bottom" else width
    on_line = [c for (x, y), c in at.items() if abs(2 * (y if spec.split == "top-bottom" else x) + 1 - length) <= 1]
    assert on_line and set(on_line) <= {NEUTRAL, BLOCKED} and NEUTRAL in on_line
    assert sgen.map_problems(spec) == []
    board = build_board(spec)
    # every footprint of the bundled units (1x1, 2x2, 3x3) can stand in each side's back rows
    for side in (0, 1):
        own = set(board.deploy_squares(side))
        assert any(all((x + dx, y + dy) in own for dx in range(3) for dy in range(3)) for x, y in own)
    assert sgen.generate_map(seed, size) == spec


def test_statwar_check_names_a_board_a_big_unit_cannot_cross():
    rows = ["." * 10] * 4 + ["#.#.#.#.#."] + ["~" * 10] * 2 + ["#.#.#.#.#."] + ["." * 10] * 4
    spec = sgen.BoardSpec(name="gaps", description="one-square gaps", rows=tuple(rows))
    found = sgen.map_problems(spec)
    assert "a 2x2 unit cannot reach every square it fits on" in found
    assert not any("1x1" in line for line in found)


DESIGNS = STATWAR._unit_designs()


@QUICK
@given(seed=SEEDS, budget=st.integers(*sgen.BUDGET_RANGE), room=st.integers(1, 300))
def test_statwar_generated_armies_pass_an_army_files_checks(seed, budget, room):
    army = sgen.generate_army(seed, budget, DESIGNS, room)
    assert army.units and army.cost <= budget == army.points
    assert sum(u.squares for u in army.units) <= room
    # what a save or an army file must pass: every design's rules, the cost within the points
    assert army_from_document(STATWAR.army_document(army), "generated") == army
    # spent down to less than the cheapest design (or the square room, or the unit limit)
    cheapest = min(u.cost for u in DESIGNS)
    assert budget - army.cost < cheapest or len(army.units) == 40 or any(u.squares > room - sum(v.squares for v in army.units) for u in DESIGNS)


@pytest.mark.parametrize("budget", [10, 50, 400])
def test_statwar_generated_battle_armies_fit_and_another_is_judged_by_its_points(budget):
    setup = STATWAR.load_scenario(str(GeneratedName(3, 16, 16, budget)))
    for side in (0, 1):
        assert fit_problems(setup, side, setup.armies[side], "g") == []
    rich = STATWAR.generate_army(9, budget + 40)
    assert [p.field for p in fit_problems(setup, 1, rich, "g")][:1] == (["points"] if rich.cost > budget else [])


def test_statwar_map_reads_back_equal_from_its_file(tmp_path):
    spec = STATWAR.generate_map(5)
    assert reads_back(STATWAR, spec, tmp_path) == spec


# --- ninja ------------------------------------------------------------------------------------
@SLOW
@given(seed=SEEDS, size=sizes(NINJA))
def test_ninja_map_is_connected_walking_running_and_jumping_fair_and_deployable(seed, size):
    cat = NINJA.cat
    spec = NINJA.generate_map(seed, size)
    assert (spec.width, spec.height) == size
    assert ngen.map_problems(spec, cat) == []
    # terraces: a walker never meets a step of more than one level
    heights = {(c, r): int(ch) for r, row in enumerate(spec.elevation) for c, ch in enumerate(row)}
    assert all(abs(heights[n] - heights[c]) <= 1 for c in heights for n in ngen._near(c, *size))
    assert imbalance_of(ngen.start_values(spec, cat)) <= ngen.FAIR_TOLERANCE
    for i in (0, 1):
        assert len(zone_cells(spec, i, cat)) == ngen.ZONE_DEPTH * spec.height
    assert NINJA.generate_map(seed, size) == spec


def test_ninja_check_names_the_modes_a_map_cuts_off():
    cat = NINJA.cat
    spec = NINJA.generate_map(1)
    # a cliff two levels high across the map: walkers and runners are cut off, jumpers are not
    elevation = tuple(("0" if r < 6 else "2") * spec.width for r in range(spec.height))
    terrain = tuple("." * spec.width for _ in range(spec.height))
    cliff = ngen.map_problems(attrs.evolve(spec, elevation=elevation, terrain=terrain), cat)
    assert cliff == ["some hexes cannot be reached by a ninja who must walk",
                     "some hexes cannot be reached by a ninja who must run"]
    # a row of houses cuts everyone off
    walled = tuple("H" * spec.width if r == 6 else "." * spec.width for r in range(spec.height))
    flat = tuple("0" * spec.width for _ in range(spec.height))
    assert len(ngen.map_problems(attrs.evolve(spec, terrain=walled, elevation=flat), cat)) == 3


@QUICK
@given(seed=SEEDS, budget=st.integers(*ngen.BUDGET_RANGE),
       rule=st.sampled_from([("unrestricted", 0, 0), ("balanced", 0, 0), ("level_cap", 2, 0), ("population", 0, 5)]))
def test_ninja_generated_armies_pass_the_roster_checks(seed, budget, rule):
    cat = NINJA.cat
    rule_set, cap, population = rule
    army = ngen.generate_army(seed, budget, cat, rule_set, cap, population)
    assert army.units
    assert army_problems(army, cat, alliance=False) == []
    assert sum(u.points for u in army.units) <= budget
    assert NINJA.army_from_document(NINJA.army_document(army), "generated") == army


def test_ninja_generated_battle_armies_fit_their_zones():
    setup = NINJA.load_scenario("generated:11:16x12:30")
    assert setup.scenario.points == 30
    for side, army in enumerate(setup.armies):
        assert NINJA.with_army(setup, side, army, "generated").armies[side] == army


def test_ninja_map_reads_back_equal_from_its_file(tmp_path):
    spec = NINJA.generate_map(5)
    assert reads_back(NINJA, spec, tmp_path) == spec


# --- Commanders -------------------------------------------------------------------------------
@SLOW
@given(seed=SEEDS, size=sizes(COMMANDERS))
def test_commanders_map_is_connected_for_every_mode_fair_and_deployable(seed, size):
    cat = COMMANDERS.catalogue
    spec = COMMANDERS.generate_map(seed, size)
    assert (len(spec.rows[0]), len(spec.rows)) == size
    assert cgen.map_problems(spec, cat) == []
    assert "#" not in "".join(spec.rows)  # no walls: the slowest units could never leave one
    assert imbalance_of(cgen.start_values(spec, cat)) <= cgen.FAIR_TOLERANCE
    assert COMMANDERS.generate_map(seed, size) == spec


def test_commanders_slowest_movers_are_the_catalogues():
    movers = {m.mode: m for m in cgen.slowest(COMMANDERS.catalogue)}
    # Bowman 4 on foot, Cavalry 7 mounted, Blowfish 7 with 3 on land, Seahorse 12 with 6, Winged Serpent 6
    assert (movers["foot"].move, movers["mounted"].move) == (4, 7)
    assert (movers["navy"].move, movers["navy"].land_move) == (7, 3)
    assert (movers["mounted navy"].move, movers["mounted navy"].land_move, movers["air"].move) == (12, 6, 6)


def test_commanders_check_names_a_square_a_slow_unit_cannot_leave():
    cat = COMMANDERS.catalogue
    spec = COMMANDERS.generate_map(2)
    rows = tuple("." * len(spec.rows[0]) if y != 4 else "....#" + "." * (len(spec.rows[0]) - 5) for y in range(len(spec.rows)))
    found = cgen.map_problems(attrs.evolve(spec, rows=rows, heights=()), cat)
    # leaving a wall costs 6: the foot (4) and navy-on-land (3) movers are stuck, the others are not
    assert found == ["a foot unit of speed 4 cannot reach every square and come back",
                     "a navy unit of speed 7 cannot reach every square and come back"]


@QUICK
@given(seed=SEEDS, level=st.integers(*cgen.BUDGET_RANGE))
def test_commanders_generated_commanders_pass_a_commander_files_checks(seed, level):
    cat = COMMANDERS.catalogue
    commander = COMMANDERS.generate_army(seed, level)
    assert commander.level == level and commander.problems_with(cat) == []
    assert len(commander.troop) >= 3
    assert COMMANDERS.army_from_document(COMMANDERS.army_document(commander), "generated") == commander


def test_commanders_generated_battle_takes_a_brought_commander():
    setup = COMMANDERS.load_scenario("generated:4:16x11:6")
    assert [c.level for c in setup.commanders] == [6, 6]
    brought = COMMANDERS.generate_army(99, 12)
    placed = commanders_with_army(setup, 1, brought, COMMANDERS.catalogue)
    assert placed.commanders[1] == brought


def test_commanders_map_reads_back_equal_from_its_file(tmp_path):
    spec = COMMANDERS.generate_map(5)
    assert reads_back(COMMANDERS, spec, tmp_path) == spec


# --- names, bounds, connectivity -------------------------------------------------------------
@pytest.mark.parametrize("name, reason", [
    ("generated:1:2x2", "the size 2x2 is out of range"),
    ("generated:x:16x12", "'x' is not a seed"),
    ("generated:1:16by12", "is not a size"),
    ("generated:1:16x12:0", "the budget 0 is out of range"),
    ("generated:1", "a generated battle is named generated:SEED:WxH"),
])
def test_a_bad_generated_name_is_refused_in_one_line(name, reason):
    for ruleset in (STATWAR, NINJA, COMMANDERS):
        with pytest.raises(ContentError) as caught:
            ruleset.load_scenario(name)
        (problem,) = caught.value.problems
        assert reason in problem.reason and "\n" not in problem.reason


def test_a_generated_name_reads_back_as_written():
    name = GeneratedName(SEED_MAX, 30, 24, 100)
    assert parse_name(str(name), (10, 8), (30, 24), (1, 100)) == name


def test_connected_is_strong_connectivity():
    one_way = {0: [1], 1: [2], 2: []}
    assert not connected({0, 1, 2}, lambda n: one_way[n])
    assert connected({0, 1, 2}, lambda n: {0: [1], 1: [2], 2: [0]}[n])


# --- the same in every process ----------------------------------------------------------------
FINGERPRINT = """
import hashlib, json, sys
from core import registry
from core.serial import new_converter
conv = new_converter()
out = []
for name in ("statwar", "ninja", "commanders"):
    r = registry.get(name)
    for seed in (0, 18446744073709551615):
        out.append(conv.unstructure(r.generate_map(seed)))
        out.append(r.army_document(r.generate_army(seed, r.generation().default_budget + 3)))
print(hashlib.sha256(json.dumps(out, sort_keys=True).encode()).hexdigest())
"""


def test_generators_give_the_same_result_in_another_process():
    done = subprocess.run([sys.executable, "-c", FINGERPRINT], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "12345", "PATH": ""})
    assert done.returncode == 0, done.stderr
    local = []
    conv = new_converter()
    for ruleset in (STATWAR, NINJA, COMMANDERS):
        for seed in (0, SEED_MAX):
            local.append(conv.unstructure(ruleset.generate_map(seed)))
            local.append(ruleset.army_document(ruleset.generate_army(seed, ruleset.generation().default_budget + 3)))
    assert done.stdout.strip() == hashlib.sha256(json.dumps(local, sort_keys=True).encode()).hexdigest()


# --- a battle on a generated map ---------------------------------------------------------------
@pytest.mark.parametrize("ruleset", [STATWAR, NINJA, COMMANDERS], ids=lambda r: r.name)
def test_a_battle_on_a_generated_map_plays_saves_and_verifies(ruleset, tmp_path):
    name = f"generated:{derive(7, 1) % 1000}:{ruleset.generation().default_size[0]}x{ruleset.generation().default_size[1]}"
    match = Match(ruleset, ruleset.new_battle(ruleset.load_scenario(name), 42))
    players = [Player("normal", 1), Player("normal", 2)]
    for _ in range(8):
        sides = match.to_act()
        if not sides:
            break
        match.apply(players[sides[0]].choose(ruleset, match.state, sides[0]))
    assert match.steps == 8
    path = saves.write_save(tmp_path / "g.json", match, created="2026-12-01 00:00:00 UTC",
                            players=["normal", "normal"], scenario=name, seed=42)
    loaded = saves.load_match(path)
    assert loaded.steps == 8 and ruleset.codec().state_hash(loaded.state) == ruleset.codec().state_hash(match.state)
    assert saves.read_save(path).setup.scenario == name


# --- the checks' step rules are the game's own ------------------------------------------------
@pytest.mark.parametrize("seed", [3, 8])
def test_commanders_check_counts_each_step_as_the_movement_rules_do(seed):
    """Every one-square step the connectivity check allows a mode costs what
    core.commanders.movement charges a unit of that mode, and every step it refuses is one the
    unit cannot make in one move: so a map the check passes is connected in the game."""
    from core.commanders.movement import can_enter, leave_cost

    cat = COMMANDERS.catalogue
    setup = COMMANDERS.load_scenario(f"generated:{seed}:14x10")
    state = COMMANDERS.set_up(setup, 1)
    plain = tuple(attrs.evolve(l, commander=attrs.evolve(l.commander, skills=(), buffs=type(l.commander.buffs)()))
                  for l in state.leaders)
    state = attrs.evolve(state, leaders=plain)
    spec = COMMANDERS.generate_map(seed, (14, 10))
    troop = next(u for u in state.units if u.role == "troop")
    names = {"foot": "Bowman", "mounted": "Cavalry", "navy": "Blowfish", "mounted navy": "Seahorse", "air": "Winged Serpent"}
    checked = 0
    for mover in cgen.slowest(cat):
        unit = attrs.evolve(troop, kind=names[mover.mode])
        assert cat.units[unit.kind].move == mover.move
        standable, steps = cgen.mode_steps(spec, cat, mover)
        for a in standable:
            allowed = dict(steps(a))
            for b in cgen._near(a, 14, 10):
                if not can_enter(state, unit, b, cat):
                    assert b not in allowed
                    continue
                cost = leave_cost(state, unit, a, b, cat)
                land = "navy" in mover.mode and state.board.terrain_at(b) != "water"
                fits = cost <= mover.move and (not land or cost <= mover.land_move)
                assert (b in allowed) == fits and (not fits or allowed[b] == cost)
                checked += 1
    assert checked > 1000


def test_ninja_check_allows_only_steps_a_ninja_can_make_in_one_order():
    """Each hex the check lets a ninja step to walking, running or jumping is a hex the game's
    own movement search reaches from there in one order of that mode."""
    from core.hexgrid import offset_to_hex
    from core.ninja.movement import search

    cat = NINJA.cat
    spec = NINJA.generate_map(6, (12, 10))
    setup = NINJA.load_scenario("generated:6:12x10")
    state = NINJA.set_up(setup, 1)
    ninja = next(u for u in state.units if u.school != "gale")
    for mode in ("walk", "run", "jump"):
        steps = ngen.mode_steps(spec, cat, mode)
        for cell in [(c, r) for r in range(0, 10, 3) for c in range(0, 12, 2)]:
            if not cat.rules.terrain[cat.glyph_terrain()[spec.terrain[cell[1]][cell[0]]]].passable:
                continue
            alone = attrs.evolve(state, units=(attrs.evolve(ninja, hex=offset_to_hex(*cell)),))
            reached = {h for h, _ in search(alone, cat, alone.units[0], mode)}
            for nxt, _ in steps(cell):
                assert offset_to_hex(*nxt) in reached, (mode, cell, nxt)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, share=st.floats(0.0, 0.35), hills=st.integers(0, 3))
def test_every_terrain_mix_still_keeps_the_promises(seed, share, hills):
    """A heavier or lighter mix changes the land, never what the check promises."""
    board = STATWAR.generate_map(seed, (12, 12), sgen.Mix(rocks=share, neutral_rocks=share))
    assert sgen.map_problems(board) == []
    field = NINJA.generate_map(seed, (12, 10), ngen.Mix(trees=share, water=share / 2, houses=share / 3, hills=hills))
    assert ngen.map_problems(field, NINJA.cat) == []
    land = COMMANDERS.generate_map(seed, (12, 10), cgen.Mix(forest=share, water=share / 2, gaps=share / 3, hills=hills))
    assert cgen.map_problems(land, COMMANDERS.catalogue) == []


def test_ninja_generator_neighbours_are_the_hex_grids():
    from core.hexgrid import hex_to_offset, neighbours, offset_to_hex

    width, height = 9, 7
    for r in range(height):
        for c in range(width):
            grid = {hex_to_offset(h) for h in neighbours(offset_to_hex(c, r))}
            assert set(ngen._near((c, r), width, height)) == {(a, b) for a, b in grid if 0 <= a < width and 0 <= b < height}


@pytest.mark.parametrize("ruleset", [STATWAR, NINJA, COMMANDERS], ids=lambda r: r.name)
def test_the_smallest_and_largest_sizes_keep_the_promises(ruleset):
    bounds = ruleset.generation()
    for size in (bounds.size_min, bounds.size_max):
        spec = ruleset.generate_map(99, size)
        assert ruleset.map_problems(spec) == []
