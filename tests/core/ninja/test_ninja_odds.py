"""The ninja attack preview in full: chance per roll, damage range, expected damage, the answer.

Seed 000: a d10 read 0-9, 5 or above hits (a natural 0 misses, a natural 9 hits);
one attack per melee weapon wielded; offensive ninja +1 to hit; damage by class and
points (rules.toml: offensive [1, 2, 2, 3]), the naginata +1.
"""

from core.ninja.actions import OrderAction
from core.ninja.odds import answer_odds, damage_range, expected_damage, melee_odds
from tests.core.ninja.test_ninja_combat import CAT, RULESET, pair


def test_a_claw_ninja_rolls_once_per_weapon_with_its_damage():
    s = pair(a="claw", b="flower", pa=3)  # 3 points, offensive: melee damage 2
    rolls = melee_odds(s, CAT, 0, 1)
    assert [(r.weapon, r.needed, r.chance, r.damage) for r in rolls] == [("Ninjato", 4, 0.6, 2), ("Naginata", 4, 0.6, 3)]
    assert damage_range(rolls) == (0, 5)  # both miss / both hit
    assert expected_damage(rolls) == 0.6 * 2 + 0.6 * 3


def test_the_answer_is_the_targets_melee_back():
    s = pair(a="claw", b="flower", pa=3)  # flower, balanced, 2 points: one ninjato at 5+ for 1
    answer = answer_odds(s, CAT, 0, 1)
    assert [(r.weapon, r.needed, r.chance, r.damage) for r in answer] == [("Ninjato", 5, 0.5, 1)]


def test_the_preview_reads_damage_expected_damage_and_the_answer():
    s = pair(a="claw", b="flower", pa=3)
    lines = RULESET.explain_action(s, OrderAction(0, 0, "melee", (1,)))
    assert "Ninjato: 60% to hit for 2 damage" in lines
    assert "Naginata: 60% to hit for 3 damage" in lines
    assert "damage 0-5, expected 3.0" in lines
    assert any(line.startswith("if flower1 melees back this phase: 1 roll at 50%, damage 0-1, expected 0.5") for line in lines)


def test_a_bolt_jutsu_previews_its_damage():
    s = pair(a="ash", b="gale", b_at=(5, 4), b_mode="run")  # Fire Breath: 2 damage, needs 6+ (40%)
    lines = RULESET.explain_action(s, OrderAction(0, 0, "jutsu", (1,), "fire_breath"))
    assert "Fire Breath: 40% to hit for 2 damage" in lines
    assert "damage 0-2, expected 0.8" in lines
