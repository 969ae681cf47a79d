"""The Commanders attack preview in full (seed 002 "Attacking", "Retaliation and annihilation").

A strike succeeds on a d10 of at most attack - defence; each success is 1 damage up to
the maximum damage; a troop inside its commander's command range adds the commander's
Offence to its attack. The catalogue: Footman attack 12, Pikeman defence 10, grunts
have the advantage over spears (+3 strikes and the first strike), command range 3.
"""

from core.commanders.derived import attack_of
from core.commanders.odds import StrikeOdds, attack_lines, attack_parts, exchange

from .builders import CAT, OPEN, make_battle, make_commander


def footman_and_pikeman(footman_at):
    """Side 0: a Warrior with Offence 3 at (0,0) and a Footman; side 1: a Pikeman beside it."""
    return make_battle(OPEN, [
        (make_commander("Warrior", troop=["Footman"], attributes=(3, 2, 1, 0)), 0, (0, 0), [("Footman", footman_at)]),
        (make_commander("Warrior", troop=["Pikeman"]), 1, (11, 7), [("Pikeman", (footman_at[0] + 1, footman_at[1]))]),
    ])


def test_the_command_bonus_is_named_and_so_is_its_loss():
    near, far = footman_and_pikeman((1, 1)), footman_and_pikeman((5, 3))
    assert attack_parts(near, near.units[1], CAT) == (("Footman attack", 12), ("commander's Offence (in command range)", 3))
    assert attack_parts(far, far.units[1], CAT) == (("Footman attack", 12), ("no Offence +3: outside command range 3", 0))
    for state in (near, far):  # the parts sum to the attack the roll uses
        assert sum(v for _, v in attack_parts(state, state.units[1], CAT)) == attack_of(state, state.units[1], CAT)
    lines = attack_lines(far, far.units[1], far.units[3], CAT, lambda uid: f"unit {uid}")
    assert "attack 12 = Footman attack 12 (no Offence +3: outside command range 3)" in lines


def test_expected_damage_spreads_the_successes_through_the_cap():
    # 2 dice hitting on 1-5: 0, 1 or 2 successes with 1/4, 1/2, 1/4
    assert StrikeOdds(0, 1, 2, 5, 10, 0, False).expected == 1.0
    assert StrikeOdds(0, 1, 2, 5, 1, 0, False).expected == 0.75  # at most 1 damage
    assert (StrikeOdds(0, 1, 2, 5, 10, 0, False).low, StrikeOdds(0, 1, 2, 5, 10, 0, False).high) == (0, 2)
    assert StrikeOdds(0, 1, 4, 10, 3, 2, False).low == 1  # every die hits: 3 (the cap) - 2 (wind shield)


def test_the_preview_gives_the_exchange_with_the_strike_back():
    state = footman_and_pikeman((5, 3))  # attack 12 - defence 10: hits on 1-2
    attack, back = exchange(state, state.units[1], state.units[3], CAT)
    assert (attack.dice, attack.needed, attack.first) == (13, 2, True)  # 10 HP + 3 with the advantage
    assert back is not None and (back.dice, back.first) == (10, False)
    lines = attack_lines(state, state.units[1], state.units[3], CAT, lambda uid: f"unit {uid}")
    assert lines[0] == "13 strikes (d10), hits on 1-2 (20% each): attack 12 - defence 10"
    assert f"damage 0-10, expected {attack.expected:.1f} of unit 3's 10 HP (strikes first)" in lines
    assert any(line.startswith("strike back: at most 10 d10 (1 fewer per damage taken first), each hits on 1-") for line in lines)


def test_the_summary_line_says_when_the_strike_back_lands_first():
    from core.commanders.odds import summary_line

    state = footman_and_pikeman((5, 3))  # the Footman strikes first (advantage): the answer comes after
    attack, back = exchange(state, state.units[1], state.units[3], CAT)
    line = summary_line(state, state.units[1], state.units[3], CAT)
    assert attack.first and not back.first
    assert line.startswith(f"{attack.dice} d10 at {attack.needed * 10}%, damage {attack.low}-{attack.high}, "
                           f"expected {attack.expected:.1f}; back at most {back.dice} d10")
    reverse = summary_line(state, state.units[3], state.units[1], CAT)  # the Pikeman attacks: the Footman answers first
    answer = exchange(state, state.units[3], state.units[1], CAT)[1]
    assert answer.first and f"; back first {answer.dice} d10 at {answer.needed * 10}%" in reverse
    assert reverse.endswith(f"you: {state.units[3].hp}/{state.units[3].hp_max} HP")
