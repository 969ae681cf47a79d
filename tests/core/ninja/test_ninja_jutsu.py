"""Jutsu of every school, chi costs and regeneration, resting, status effects and their durations."""

import attrs

from core.ninja.ruleset import RULESET
from core.ninja.actions import OrderAction, Submit
from core.ninja.events import AttackRolled, DamageDealt
from core.ninja.jutsu import cast, options, payment
from core.ninja.resolution import end_round
from core.ninja.state import Effect
from core.ninja.terrain import terrain_at
from tests.core.ninja.ninja_helpers import CAT, at, battle, board, ninja, with_unit


def duel(a, b="flower", pa=4, pb=2, a_at=(3, 4), b_at=(5, 4), rows=None, **kw):
    return battle([ninja(0, 0, a, pa, a_at, 0, mode="walk"), ninja(1, 1, b, pb, b_at, 3, mode="walk")], board(rows) if rows else None, phase="action", **kw)


def cast_until_hit(state, key, targets=(), place=(), tries=40):
    """Cast with several dice seeds until the jutsu's attack hits; returns (state, events)."""
    for seed in range(tries):
        s = attrs.evolve(state, dice=attrs.evolve(state.dice, seed=seed))
        s2, events = cast(s, CAT, 0, key, targets, place)
        rolls = [e for e in events if isinstance(e, AttackRolled)]
        if rolls and all(r.hit for r in rolls):
            return s2, events
    raise AssertionError("never hit")


def test_jutsu_data_costs_and_kinds():
    ash = CAT.schools["ash"].jutsu
    assert [(j.name, j.cost, j.kind) for j in ash.values()] == [
        ("Smoke Bomb", 1, "D"), ("Burning Sword", 1, "O"), ("Fire Breath", 1, "O"),
        ("Defoliate", 1, "O"), ("Smoke Ring", 2, "D"), ("Burning Shuriken", 2, "O")]
    for school in CAT.schools.values():
        assert school.jutsu
        for j in school.jutsu.values():
            assert 1 <= j.cost <= 4 and j.kind in "OD" and j.text


def test_smoke_bomb_and_smoke_ring():
    s = duel("ash")
    s, _ = cast(s, CAT, 0, "smoke_bomb", (), ())
    hexes = {x.hex for x in s.smoke}
    assert len(hexes) == 7 and s.units[0].hex in hexes and all(x.rounds == 3 for x in s.smoke)
    s = duel("ash")
    s, _ = cast(s, CAT, 0, "smoke_ring", (), ())
    assert len(s.smoke) == 18 and s.units[0].hex not in {x.hex for x in s.smoke}
    assert s.units[0].chi == 6 - 2


def test_burning_sword_adds_fire_damage():
    s, events = cast_until_hit(duel("ash", pa=2, b_at=(4, 4)), "burning_sword", (1,))
    assert [e.amount for e in events if isinstance(e, DamageDealt)] == [2 + 1]  # offensive 2-point melee 2, +1 fire


def test_fire_breath_range_three_two_damage():
    s = duel("ash", b_at=(6, 4))
    assert ("fire_breath", (1,), ()) in options(s, CAT, 0)
    assert ("fire_breath", (1,), ()) not in options(duel("ash", b_at=(7, 4)), CAT, 0)
    _, events = cast_until_hit(s, "fire_breath", (1,))
    assert [e.amount for e in events if isinstance(e, DamageDealt)] == [2]


def test_defoliate_burns_a_tree_and_line_of_sight():
    rows = ["............"] * 4 + ["....T......."] + ["............"] * 5
    s = duel("ash", rows=rows, b_at=(9, 9))
    tree = at(4, 4)
    assert ("defoliate", (), tuple(tree)) in options(s, CAT, 0)
    s, _ = cast(s, CAT, 0, "defoliate", (), tuple(tree))
    assert terrain_at(s, tree) == "ash"


def test_burning_shuriken_volley_adds_fire():
    s, events = cast_until_hit(duel("ash", pa=2, b_at=(6, 4)), "burning_shuriken", (1,))
    assert [e.amount for e in events if isinstance(e, DamageDealt)] == [1 + 1]
    assert s.units[0].ammo == 5


def test_offensive_jutsu_burn_two_health_per_missing_chi_defensive_cannot():
    s = with_unit(duel("ash", pa=2), 0, chi=0)
    u = s.units[0]
    assert payment(CAT, u, CAT.jutsu("ash", "fire_breath")) == (0, 2)
    assert payment(CAT, u, CAT.jutsu("ash", "smoke_bomb")) is None
    s2, _ = cast(s, CAT, 0, "fire_breath", (1,), ())
    assert s2.units[0].hp == u.hp - 2 and s2.units[0].chi == 0
    low = with_unit(s, 0, hp=2)
    assert payment(CAT, low.units[0], CAT.jutsu("ash", "fire_breath")) is None  # burning may not kill


def test_chi_regenerates_one_rest_two_or_heals_at_full():
    s = with_unit(duel("flower"), 0, chi=1)
    s2, _ = end_round(s, CAT)
    assert s2.units[0].chi == 2
    s2, _ = end_round(with_unit(s, 0, rested=True), CAT)
    assert s2.units[0].chi == 3
    full = with_unit(duel("flower"), 0, rested=True, hp=5)
    s2, _ = end_round(full, CAT)
    assert s2.units[0].hp == 6 and s2.units[0].chi == 6
    s2, _ = end_round(with_unit(s, 0, cast=True), CAT)
    assert s2.units[0].chi == 1  # no regeneration in a round with a jutsu


def test_poison_bites_each_round_for_its_duration():
    s = with_unit(duel("flower"), 1, effects=(Effect("poison", 3, 1),))
    hp = s.units[1].hp
    for k in range(1, 5):
        s, _ = end_round(attrs.evolve(s, over=False), CAT)
        assert s.units[1].hp == hp - min(k, 3)
    assert not s.units[1].has("poison")


def test_venom_blade_and_poison_cloud():
    s, _ = cast_until_hit(duel("flower", pa=2, b_at=(4, 4)), "venom_blade", (1,))
    assert s.units[1].effect("poison").amount >= 1
    s, _ = cast_until_hit(duel("flower", pa=2, b_at=(4, 4)), "poison_cloud")
    assert s.units[1].has("poison")


def test_gale_wind_step_and_gust():
    s = duel("gale", b_at=(6, 4))
    dest = at(3, 8)
    s2, _ = cast(s, CAT, 0, "wind_step", (), tuple(dest))
    assert s2.units[0].hex == dest
    s2, events = cast_until_hit(s, "gust", (1,))
    assert s2.units[1].hex == at(8, 4)  # blown two hexes straight back


def test_marsh_river_lash_current_ride_and_cure():
    rows = ["......~~~~~~"] * 10
    s = duel("marsh", a_at=(5, 4), b_at=(8, 4), rows=rows)
    assert ("river_lash", (1,), ()) in options(s, CAT, 0)
    dry = duel("marsh", a_at=(2, 4), b_at=(4, 4), rows=["~..........."] + ["............"] * 9)
    assert ("river_lash", (1,), ()) not in options(dry, CAT, 0)  # the target is far from water
    rides = [o for o in options(s, CAT, 0) if o[0] == "current_ride"]
    assert rides and all(terrain_at(s, type(s.units[0].hex)(*o[2])) == "water" for o in rides)
    sick = with_unit(s, 0, effects=(Effect("poison", 2, 1),))
    s2, _ = cast(sick, CAT, 0, "cleansing_water", (0,), ())
    assert not s2.units[0].has("poison")


def test_salt_statuses():
    s = duel("salt", b_at=(5, 4))
    for key, status in (("salt_in_the_eyes", "blind"), ("hamstring", "hamstrung"), ("disarm", "disarmed")):
        s2, _ = cast_until_hit(s, key, (1,))
        assert s2.units[1].effect(status).rounds == 2


def test_snowflake_freeze_halves_movement():
    s2, _ = cast_until_hit(duel("snowflake", b_at=(6, 4)), "freeze", (1,))
    from core.ninja.movement import mode_points

    assert mode_points(CAT, s2.units[1], "walk") == 2


def test_tortoise_iron_shell_shell_dodge_cover():
    s = battle([ninja(0, 0, "tortoise", 4, (3, 4), 0, mode="walk"), ninja(1, 1, "ash", 4, (4, 4), 3, mode="walk"),
                ninja(2, 0, "tortoise", 1, (3, 5), 0, mode="walk")], phase="action")
    s2, _ = cast(s, CAT, 0, "iron_shell", (), ())
    from core.ninja.attacks import deal_damage

    s3, events = deal_damage(s2, 0, 5, "test")
    assert s3.units[0].hp == s2.units[0].hp
    s2, _ = cast(s, CAT, 0, "shell_dodge", (), ())
    assert s2.units[0].has("improved_dodge")
    s2, _ = cast(s, CAT, 0, "cover", (2,), ())
    from core.ninja.attacks import strike

    _, events = strike(s2, CAT, 1, 2, "test", 1)
    assert [e for e in events if isinstance(e, AttackRolled)][0].target == 0  # the guard takes the attack


def test_vine_canopy_wall_entangle():
    rows = ["............"] * 4 + [".....TTT...."] + ["............"] * 5
    s = duel("vine", a_at=(2, 4), b_at=(5, 4), rows=rows)
    s2, events = cast_until_hit(s, "thorn_canopy")
    assert [e.amount for e in events if isinstance(e, DamageDealt)] == [2]
    s2, _ = cast_until_hit(s, "entangle", (1,))
    assert s2.units[1].has("entangled")
    s = duel("vine", a_at=(6, 6), b_at=(5, 4), rows=rows)
    s2, _ = cast(s, CAT, 0, "living_wall", (), tuple(at(6, 4)))
    assert terrain_at(s2, at(6, 4)) == "wall" and terrain_at(s2, at(7, 4)) == "wall"
    assert terrain_at(s2, at(5, 4)) == "trees"  # trees with a ninja in them stay trees
    for _ in range(4):
        s2, _ = end_round(s2, CAT)
    assert terrain_at(s2, at(6, 4)) == "trees"  # the wall grows back into trees after 4 rounds


def test_effects_count_down_and_end():
    s = with_unit(duel("flower"), 1, effects=(Effect("blind", 2),))
    s, _ = end_round(s, CAT)
    assert s.units[1].effect("blind").rounds == 1
    s, _ = end_round(s, CAT)
    assert not s.units[1].has("blind")


def test_defensive_orders_resolve_before_attacks():
    s = duel("flower", b_at=(4, 4))
    s, _ = RULESET.apply(s, OrderAction(0, 0, "melee", (1,)))
    s, _ = RULESET.apply(s, OrderAction(1, 1, "dodge"))
    s, _ = RULESET.apply(s, Submit(0))
    s, events = RULESET.apply(s, Submit(1))
    rolls = [e for e in events if isinstance(e, AttackRolled)]
    assert rolls and all(dict(r.modifiers).get("target dodging") == -2 for r in rolls)
    assert s.round == 2 and s.phase == "movement"


def test_statuses_and_smoke_show_on_the_unit():
    s = duel("ash", b_at=(4, 4))
    s, _ = cast(s, CAT, 0, "smoke_bomb", (), ())
    s = with_unit(s, 1, effects=(Effect("poison", 2, 1), Effect("blind", 1)))
    views = {v.uid: v for v in RULESET.board_view(s).units}
    assert "smk" in views[0].flags and {"psn", "bld", "smk"} <= set(views[1].flags)
    details = "\n".join(RULESET.unit_details(s, 1))
    assert "poisoned, 1 a round, 2 rounds left" in details and "blinded" in details and "in smoke" in details
    assert RULESET.board_view(s).cell(3, 4).effects == ("smoke",)
