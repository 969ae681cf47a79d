"""Seed 000 attacks: the d10, every to-hit modifier, melee and missile rules, damage."""

import attrs

from core.hexgrid import hex_to_offset

from core.ninja.ruleset import RULESET
from core.ninja.actions import OrderAction
from core.ninja.attacks import hit_chance, melee, modifiers, needed, roll_attack, volley_extensions, volleys
from core.ninja.events import AttackRolled, DamageDealt
from core.ninja.state import Effect, Smoke
from tests.core.ninja.ninja_helpers import CAT, battle, ninja, with_unit


def pair(a="flower", b="flower", pa=2, pb=2, a_at=(3, 4), b_at=(4, 4), a_mode="walk", b_mode="walk", facing=0):
    s = battle([ninja(0, 0, a, pa, a_at, facing, mode=a_mode), ninja(1, 1, b, pb, b_at, 3, mode=b_mode)], phase="action")
    return s


def need(s, extra=()):
    return needed(CAT, modifiers(s, CAT, 0, 1, extra))


def test_walking_balanced_ninja_need_five_on_a_d10_read_0_to_9():
    assert need(pair()) == 5
    assert hit_chance(CAT, 5) == 0.5


def test_hit_rate_over_1000_attacks_is_fifty_percent():
    s = pair()
    hits = 0
    for _ in range(1000):
        s, ev = roll_attack(s, CAT, 0, 1, "test")
        hits += ev.hit
        assert 0 <= ev.roll <= 9 and ev.needed == 5
    # binomial(1000, 0.5): sd 15.8; 4 sd either side
    assert 437 <= hits <= 563


def test_class_modifiers():
    assert need(pair(a="ash")) == 4  # offensive +1 to hit
    assert need(pair(b="gale")) == 6  # defensive: "requiring a base roll of 6"
    assert need(pair(b="tortoise")) == 7  # Tortoise one more point of defence
    assert need(pair(a="vine", b="snowflake")) == 5


def test_movement_modifiers_to_hit_and_to_be_hit():
    assert need(pair(a_mode="stand")) == 4 and need(pair(b_mode="stand")) == 4
    assert need(pair(a_mode="run")) == 6 and need(pair(b_mode="run")) == 6
    assert need(pair(a_mode="jump")) == 7 and need(pair(b_mode="jump")) == 7
    assert need(pair(a="gale", a_mode="jump")) == 5  # Gale: no penalty to attack when jumping


def test_dodge_smoke_blind():
    s = pair()
    assert need(with_unit(s, 1, effects=(Effect("dodging", 1),))) == 7
    assert need(with_unit(s, 1, effects=(Effect("improved_dodge", 1),))) == 8
    assert need(attrs.evolve(s, smoke=(Smoke(s.units[0].hex, 2),))) == 6  # attacker in smoke -1
    assert need(attrs.evolve(s, smoke=(Smoke(s.units[1].hex, 2),))) == 7  # target in smoke -2
    assert need(with_unit(s, 0, effects=(Effect("blind", 2),))) == 7


def test_natural_rolls():
    assert hit_chance(CAT, 12) == 0.1  # a 9 always hits
    assert hit_chance(CAT, -3) == 0.9  # a 0 always misses


def test_one_melee_attack_per_weapon_that_reaches():
    s = pair(a="vine")
    s2, events = melee(s, CAT, 0, 1)
    assert len([e for e in events if isinstance(e, AttackRolled)]) == 2  # two ninjato
    s = pair(a="claw")
    _, events = melee(s, CAT, 0, 1)
    assert [e.source for e in events if isinstance(e, AttackRolled)] == ["ninjato", "naginata"]
    s = pair(a="claw", b_at=(5, 4))  # two hexes away: only the naginata reaches
    _, events = melee(s, CAT, 0, 1)
    assert [e.source for e in events if isinstance(e, AttackRolled)] == ["naginata"]


def test_melee_damage_progression_and_naginata_bonus():
    for seed in range(40):
        s = attrs.evolve(pair(a="marsh", pa=3), dice=attrs.evolve(pair().dice, seed=seed))
        _, events = melee(s, CAT, 0, 1)
        dmg = [e for e in events if isinstance(e, DamageDealt)]
        if dmg:
            assert dmg[0].amount == 2 + 1  # balanced 3-point melee 2, naginata +1
            return
    raise AssertionError("no hit in 40 seeds")


def test_disarmed_ninja_cannot_melee():
    s = with_unit(pair(), 0, effects=(Effect("disarmed", 2),))
    assert not [a for a in RULESET.legal_actions(s, 0) if isinstance(a, OrderAction) and a.act == "melee"]


def test_missiles_never_at_adjacent_targets_and_only_ahead():
    s = pair()
    assert volleys(s, CAT, 0) == []  # adjacent
    s = pair(b_at=(7, 4))
    assert volleys(s, CAT, 0) == [(1,)]
    s = pair(b_at=(7, 4), facing=3)  # facing away: outside the 60-degree arc
    assert volleys(s, CAT, 0) == []


def test_missile_modifiers_extra_targets_and_range():
    s = battle([ninja(0, 0, "flower", 2, (1, 4), 0, mode="walk"), ninja(1, 1, "flower", 2, (5, 4), 3, mode="walk"),
                ninja(2, 1, "flower", 2, (9, 4), 3, mode="walk"), ninja(3, 1, "flower", 2, (6, 3), 3, mode="walk")], phase="action")
    assert volleys(s, CAT, 0) == [(1,), (2,), (3,)]  # a volley starts at one target
    assert (1, 3) in volley_extensions(s, CAT, 0, (1,))
    assert volley_extensions(s, CAT, 0, (1, 3)) == []  # Flower carries only two poisoned kunai
    s2, events = RULESET.apply(s, OrderAction(0, 0, "missile", (1, 2)))
    from core.ninja.attacks import volley

    _, events = volley(s, CAT, 0, (1, 2))
    rolls = [e for e in events if isinstance(e, AttackRolled)]
    assert dict(rolls[0].modifiers)["1 extra target"] == -1
    assert rolls[1].needed == 5 + 1 + 1  # 8 hexes, kunai base range 7: one beyond
    assert s2 is not s


def test_ammunition_runs_out():
    s = pair(b_at=(7, 4))
    s = with_unit(s, 0, ammo=1)
    from core.ninja.attacks import volley

    s, _ = volley(s, CAT, 0, (1,))
    assert s.units[0].ammo == 0 and volleys(s, CAT, 0) == []


def test_poisoned_kunai_poisons_on_a_hit():
    for seed in range(40):
        s = attrs.evolve(pair(b_at=(7, 4)), dice=attrs.evolve(pair().dice, seed=seed))
        from core.ninja.attacks import volley

        s, events = volley(s, CAT, 0, (1,))
        if any(isinstance(e, DamageDealt) for e in events):
            assert s.units[1].effect("poison").amount == 1
            return
    raise AssertionError("no hit in 40 seeds")


def test_explain_gives_the_odds_and_every_modifier():
    s = pair(a="ash", b="gale", b_at=(5, 4), b_mode="run")
    lines = RULESET.explain_action(s, OrderAction(0, 0, "jutsu", (1,), "fire_breath"))
    odds = next(line for line in lines if line.startswith("vs "))
    assert "needs 6+" in odds and "40%" in odds and "target run -1" in odds


def test_a_volley_is_not_capped_and_is_ordered_a_target_at_a_time():
    # seed 000: missile attacks "are not restricted in the amount", -1 per extra target:
    # a Claw ninja with 30 shuriken throws at all five enemies in its arc, one missile each
    from core.ninja.resolution import resolve_actions

    foes = [(5, 4), (6, 3), (6, 5), (7, 4), (8, 4)]
    s = battle([ninja(0, 0, "claw", 2, (1, 4), 0, mode="walk")]
               + [ninja(i + 1, 1, "flower", 2, at, 3, mode="walk") for i, at in enumerate(foes)], phase="action")
    start = [a for a in RULESET.legal_actions(s, 0) if getattr(a, "act", "") == "missile"]
    assert [a.targets for a in start] == [(1,), (2,), (3,), (4,), (5,)]
    order = start[0]
    s, _ = RULESET.apply(s, order)
    for n in range(2, 6):
        more = [a for a in RULESET.legal_actions(s, 0) if getattr(a, "act", "") == "missile"]
        assert len(more) == 6 - n and all(len(a.targets) == n for a in more)  # one more target each
        assert RULESET.action_picks(s, more[0]).stages[0].cells == (hex_to_offset(s.units[more[0].targets[-1]].hex),)
        s, _ = RULESET.apply(s, more[0])
    assert [o.targets for o in s.orders] == [(1, 2, 3, 4, 5)]
    _, events = resolve_actions(s, CAT)
    rolls = [e for e in events if isinstance(e, AttackRolled)]
    assert len(rolls) == 5 and all(dict(r.modifiers)["4 extra targets"] == -4 for r in rolls)
