"""Seed 002 attacks: strike dice, success chances, maximum damage, advantage, retaliation, annihilation."""

import attrs
import pytest

from core.commanders import events as ev
from core.commanders.actions import EndTurn, Order, Regroup
from core.commanders.combat import advantage, damage_cap, resolve_attack, strike_numbers, strikes, success_needed
from core.commanders.derived import strike_dice
from core.commanders.state import Status, Unit
from core.commanders.turn import apply, legal_actions
from core.squaregrid import Square

from .builders import OPEN, make_battle, make_commander, with_unit
from tests.core.commanders.builders import CAT


def duel(a: str, b: str, rows=OPEN, apos=(3, 3), bpos=(4, 3), heights=None, seed=7):
    """Two troops: side 0 has unit `a` (uid 1), side 1 has unit `b` (uid 3); commanders far away."""
    return make_battle(rows, [
        (make_commander("Warrior", troop=[a]), 0, (0, 0), [(a, apos)]),
        (make_commander("Warrior", troop=[b]), 1, (11, 7), [(b, bpos)]),
    ], seed=seed, heights=heights)


def test_commander_strike_table():
    # seed 002: 10 HP > 10 dice, 9-8 > 9, 7-6 > 8, 5-4 > 7, 3-2 > 6, 1 > 5
    expected = {10: 10, 9: 9, 8: 9, 7: 8, 6: 8, 5: 7, 4: 7, 3: 6, 2: 6, 1: 5}
    for hp, dice in expected.items():
        assert strike_dice(Unit(0, 0, 0, "Warrior", "commander", Square(0, 0), hp, 10), cat=CAT) == dice
    assert strike_dice(Unit(0, 0, 0, "Footman", "troop", Square(0, 0), 7, 10), cat=CAT) == 7  # one d10 per HP


@pytest.mark.parametrize("diff", range(0, 11))
def test_success_chance_for_each_difference(diff):
    # seed 002: difference 1 -> a roll of 1 succeeds, ... 9 -> 1-9, 10 -> every strike hits; 0 -> all miss
    assert success_needed(12 + diff, 12) == diff
    faces = range(1, 11)
    assert sum(1 for f in faces if f <= success_needed(12 + diff, 12)) / 10 == diff / 10
    state = duel("Footman", "Footman")  # Footman 12 attack against Footman 9 defence: difference 3
    state = with_unit(state, 1, statuses=(Status("attack", diff - 3, 3, 0),))
    _, event = strikes(state.dice, state.units[1], state.units[3], False, False, strike_numbers(state, state.units[1], state.units[3], CAT))
    assert event.needed == diff and len(event.rolls) == 10
    assert event.successes == sum(1 for r in event.rolls if r <= diff)
    if diff == 0:
        assert event.successes == 0
    if diff == 10:
        assert event.successes == 10


def test_difference_clipped():
    assert success_needed(5, 9) == 0
    assert success_needed(30, 2) == 10


@pytest.mark.parametrize("striker,target,expected", [
    ("Footman", "Pikeman", True), ("Pikeman", "Cavalry", True), ("Cavalry", "Footman", True),
    ("Pikeman", "Footman", False), ("Footman", "Cavalry", False), ("Bowman", "Griffon", True),
    ("Hawk", "Griffon", True), ("Bowman", "Winged Serpent", False), ("Hawk", "Winged Serpent", True),
    ("Merman", "Turtle", True), ("Footman", "Griffon", False),
])
def test_advantage_triangle(striker, target, expected):
    state = duel(striker, target)
    assert advantage(state, state.units[1], state.units[3], cat=CAT) is expected


def test_advantage_adds_three_strikes_and_strikes_first():
    state = duel("Footman", "Pikeman")
    events: list = []
    resolve_attack(state, 1, 3, events, cat=CAT)
    strikes = [e for e in events if isinstance(e, ev.StrikesRolled)]
    assert strikes[0].attacker == 1 and strikes[0].first_strike and strikes[0].advantage == 3
    assert len(strikes[0].rolls) == 13  # 10 HP + 3
    assert strikes[0].cap == 10  # the advantage never raises the maximum damage
    damage_first = [i for i, e in enumerate(events) if isinstance(e, ev.DamageTaken) and e.uid == 3][0]
    assert damage_first < events.index(strikes[1])  # the damage lands before the retaliation
    assert strikes[1].retaliation and strikes[1].attacker == 3 and len(strikes[1].rolls) == state.units[3].hp - strikes[0].damage


def test_defender_with_advantage_strikes_first():
    state = duel("Pikeman", "Footman")
    events: list = []
    resolve_attack(state, 1, 3, events, cat=CAT)
    strikes = [e for e in events if isinstance(e, ev.StrikesRolled)]
    assert strikes[0].attacker == 3 and strikes[0].retaliation and strikes[0].first_strike
    assert len(strikes[1].rolls) == 10 - strikes[0].damage


def test_no_advantage_both_roll_then_both_apply():
    state = duel("Footman", "Swordsman")
    events: list = []
    resolve_attack(state, 1, 3, events, cat=CAT)
    kinds = [type(e).__name__ for e in events]
    assert kinds[:2] == ["StrikesRolled", "StrikesRolled"]
    assert len(events[1].rolls) == 10  # the retaliation rolls with full health: damage applies after both


@pytest.mark.parametrize("symbol,reduction", [(".", 0), ("T", 2), ("o", 1), ("#", 4)])
def test_terrain_reduces_maximum_damage(symbol, reduction):
    rows = ["." * 8] * 3
    rows = [rows[0], "...." + symbol + "...", rows[2]]
    state = duel("Footman", "Footman", rows=rows, apos=(3, 1), bpos=(4, 1))
    assert damage_cap(state, state.units[1], state.units[3], cat=CAT)[0] == 10 - reduction


def test_higher_ground_and_flyers_and_navy():
    rows = ["~~~~....", "~~~~...."]
    state = duel("Footman", "Footman", rows=rows, apos=(4, 0), bpos=(5, 0), heights=["00000100", "00000000"])
    assert damage_cap(state, state.units[1], state.units[3], cat=CAT)[0] == 9  # striking uphill: -1
    state = duel("Footman", "Griffon")
    assert damage_cap(state, state.units[1], state.units[3], cat=CAT)[0] == 8  # ground unit against a flyer: -2
    state = duel("Bowman", "Griffon")
    assert damage_cap(state, state.units[1], state.units[3], cat=CAT)[0] == 10  # archers suffer no flyer penalty
    state = duel("Griffon", "Griffon")
    assert damage_cap(state, state.units[1], state.units[3], cat=CAT)[0] == 10
    state = duel("Footman", "Merman", rows=rows, apos=(4, 0), bpos=(3, 0))
    assert damage_cap(state, state.units[1], state.units[3], cat=CAT)[0] == 7  # navy on water: -3
    state = duel("Merman", "Merman", rows=rows, apos=(2, 0), bpos=(3, 0))
    assert damage_cap(state, state.units[1], state.units[3], cat=CAT)[0] == 10  # navy on water against navy on water


def test_retaliation_needs_reach():
    state = duel("Bowman", "Footman", apos=(3, 3), bpos=(6, 3))
    events: list = []
    resolve_attack(state, 1, 3, events, cat=CAT)
    assert [e.attacker for e in events if isinstance(e, ev.StrikesRolled)] == [1]  # melee cannot answer a shot
    state = duel("Bowman", "Crossbowman", apos=(3, 3), bpos=(6, 3))
    events = []
    resolve_attack(state, 1, 3, events, cat=CAT)
    assert [e.attacker for e in events if isinstance(e, ev.StrikesRolled)] == [1, 3]  # both in range


def test_wind_shield_takes_two_off_ranged_damage():
    state = duel("Sniper", "Footman", apos=(3, 3), bpos=(6, 3))
    state = with_unit(state, 3, statuses=(Status("wind_shield", 2, 3, 1),))
    _, event = strikes(state.dice, state.units[1], state.units[3], False, False, strike_numbers(state, state.units[1], state.units[3], CAT))
    assert event.reduction == 2 and event.damage == max(0, min(event.successes, event.cap) - 2)


def test_annihilation_and_revenge():
    state = duel("Dragoon", "Sniper")  # 16 attack against 0 defence: difference 16
    events: list = []
    after = resolve_attack(state, 1, 3, events, cat=CAT)
    ann = [e for e in events if isinstance(e, ev.Annihilation)][0]
    assert after.units[3].hp == 0
    assert len(ann.rolls) == 10 and ann.damage == sum(1 for r in ann.rolls if r == 10)
    assert after.units[1].hp == 10 - ann.damage
    assert not any(isinstance(e, ev.StrikesRolled) for e in events)


def test_protective_terrain_prevents_annihilation():
    rows = ["........", "....T...", "........"]
    state = duel("Dragoon", "Sniper", rows=rows, apos=(3, 1), bpos=(4, 1))
    events: list = []
    after = resolve_attack(state, 1, 3, events, cat=CAT)
    assert not any(isinstance(e, ev.Annihilation) for e in events)
    first = [e for e in events if isinstance(e, ev.StrikesRolled)][0]
    assert first.needed == 10 and first.successes == len(first.rolls) and first.damage == 8
    assert after.units[3].hp == 2


def test_defeating_a_commander_removes_troop_and_regroups():
    state = make_battle(OPEN, [
        (make_commander("Warrior", troop=["Footman"]), 0, (2, 3), [("Footman", (4, 3))]),
        (make_commander("Mage", troop=["Witch", "Witch"]), 1, (5, 3), [("Witch", (9, 3)), ("Witch", (9, 5))]),
        (make_commander("Fighter"), 1, (11, 7), []),  # a second enemy keeps the battle going
    ])
    state = with_unit(state, 2, hp=1)  # the enemy commander is nearly dead
    state, events = apply(state, Order(0, 1, Square(4, 3), 2), cat=CAT)
    assert state.units[2].hp == 0 and state.units[3].hp == 0 and state.units[4].hp == 0
    fallen = [e for e in events if isinstance(e, ev.CommanderDefeated)][0]
    assert fallen.regroup == (0, 1)
    assert state.mode == "regroup"
    moves = [a for a in legal_actions(state, 0, cat=CAT) if isinstance(a, Regroup) and a.uid == 1]
    assert moves and all(abs(a.dest[0] - 4) + abs(a.dest[1] - 3) <= 2 for a in moves)


def test_expert_rally_regroups_one_square_further():
    from core.commanders.turn import regroup_squares

    for tier, reach in ((1, 2), (3, 3)):
        state = make_battle(OPEN, [
            (make_commander("Barbarian", skills={"Rally": tier}, troop=["Footman"]), 0, (5, 3), [("Footman", (5, 4))]),
            (make_commander("Warrior"), 1, (11, 7), []),
        ])
        squares = regroup_squares(state, state.units[0], cat=CAT)
        assert max(abs(s[0] - 5) + abs(s[1] - 3) for s in squares) == reach


def test_end_turn_only_for_the_acting_side():
    state = duel("Footman", "Footman")
    assert legal_actions(state, 1, cat=CAT) == []
    before = state
    with pytest.raises(Exception):
        apply(state, EndTurn(1), cat=CAT)
    assert state is before and attrs.evolve(state) == before


def test_the_log_says_no_roll_can_hit_when_attack_does_not_exceed_defence():
    from core.commanders.view import describe_event

    state = duel("Footman", "Phalanx")  # attack 12 - defence 12: needs a d10 of 0 or less
    events: list = []
    resolve_attack(state, 1, 3, events, cat=CAT)
    first = next(e for e in events if isinstance(e, ev.StrikesRolled) and e.attacker == 1)
    assert first.needed == 0 and first.successes == 0
    text = describe_event(state, first)
    assert "no roll can hit (attack 12 - defence 12)" in text and "1-0" not in text
    answer = next(e for e in events if isinstance(e, ev.StrikesRolled) and e.attacker == 3)
    assert answer.needed == 0 and "no roll can hit (attack 9 - defence 9)" in describe_event(state, answer)


def test_the_end_summary_names_the_best_unit_by_its_own_name():
    from core import registry
    from core.match import Match
    from tui.widgets.summary import summary_lines

    state = duel("Footman", "Bowman")
    events: list = []
    after = resolve_attack(state, 1, 3, events, cat=CAT)
    best = next(line for line in summary_lines(Match(registry.get("commanders"), after)) if line.startswith("Best unit"))
    assert best.startswith(f"Best unit: Footman #1 of {after.side_names[0]}")  # the kind is in the name: said once


def test_annihilation_needs_strikes_enough_to_destroy():
    # seed 002: "and the damage is enough to destroy the enemy unit"; a unit strikes once per
    # hit point, each success 1 damage: a Dragoon down to 2 HP (2 strikes) cannot annihilate
    # a full 10-HP Sniper, though 16 attack against 0 defence is 10 more
    state = with_unit(duel("Dragoon", "Sniper"), 1, hp=2)
    events: list = []
    after = resolve_attack(state, 1, 3, events, cat=CAT)
    assert not any(isinstance(e, ev.Annihilation) for e in events)
    first = [e for e in events if isinstance(e, ev.StrikesRolled) and e.attacker == 1][0]
    assert len(first.rolls) == 2 and first.successes == 2
    assert after.units[3].hp == 8
    # with 10 HP the same Dragoon annihilates (10 strikes cover the Sniper's 10 HP)
    events = []
    resolve_attack(duel("Dragoon", "Sniper"), 1, 3, events, cat=CAT)
    assert any(isinstance(e, ev.Annihilation) for e in events)


def test_commanders_take_their_printed_types_in_the_triangle():
    # seed 002: "[Knight] (Grunt/Mount type)", "[Warrior] (Grunt/Spear type)"
    state = make_battle(OPEN, [
        (make_commander("Knight", troop=["Pikeman"]), 0, (3, 3), [("Pikeman", (0, 0))]),
        (make_commander("Warrior", troop=["Cavalry"]), 1, (4, 3), [("Cavalry", (11, 7))]),
    ])
    knight, pikeman, warrior, cavalry = state.units
    assert advantage(state, knight, pikeman, CAT)  # grunt > spear
    assert advantage(state, pikeman, knight, CAT)  # spear > mounted
    assert advantage(state, warrior, cavalry, CAT)  # spear > mounted
    assert advantage(state, knight, warrior, CAT)  # grunt > spear, mounted > grunt
    assert not advantage(state, cavalry, pikeman, CAT)


def test_a_battle_ended_by_its_round_limit_played_that_many_rounds():
    from core.commanders.ruleset import RULESET

    state = attrs.evolve(duel("Footman", "Footman"), round=41, max_rounds=40)
    assert RULESET.outcome(state).reason.startswith("40 rounds fought")
    assert RULESET.round_number(state) == 40
    assert RULESET.round_number(attrs.evolve(state, round=7)) == 7


def test_a_units_range_depends_on_the_terrain_it_stands_on_alone():
    """Listing orders finds a unit's range once per terrain it could stand on
    (turn.order_actions); that holds while attack_range reads nothing else of the square:
    every unit of the bundled battles, on every square of its map, has the range of the
    first square of that terrain."""
    from core.commanders.combat import reach
    from core.commanders.ruleset import RULESET

    for info in RULESET.scenarios():
        state = RULESET.new_battle(RULESET.load_scenario(info.name), 1)
        board = state.board
        for unit in state.units:
            first: dict[str, tuple[int, int]] = {}
            for y in range(board.height):
                for x in range(board.width):
                    got = reach(state, attrs.evolve(unit, pos=Square(x, y)), CAT)
                    assert first.setdefault(board.terrain_at((x, y)), got) == got, (info.name, unit.kind, x, y)


def test_the_orders_listed_are_every_move_and_every_attack_in_reach():
    """turn.order_actions finds each range once per terrain and leaves out enemies too far
    to matter; the list must still be the rule's own: every square the unit can reach, in
    the search's order, each followed by every living enemy `in_reach` from there, in unit
    order. Checked on every unit of the acting troop through seeded battles of every
    bundled scenario, archers and navies on water and land among them."""
    from core.ai import Player
    from core.commanders import turn
    from core.commanders.combat import in_reach
    from core.commanders.ruleset import RULESET

    cat = RULESET.catalogue
    listed = attacks = 0
    for info in RULESET.scenarios():
        state = RULESET.new_battle(RULESET.load_scenario(info.name), 3)
        players = {s: Player("easy", 11 + s) for s in range(len(state.side_names))}
        for _ in range(60):
            if RULESET.outcome(state) is not None:
                break
            side = RULESET.to_act(state)[0]
            for unit in turn.acting_units(state):
                expected = []
                for dest in turn.reachable(state, unit, cat):
                    expected.append(Order(side, unit.uid, dest, -1))
                    moved = attrs.evolve(unit, pos=dest)
                    expected.extend(Order(side, unit.uid, dest, e.uid) for e in state.units
                                    if e.hp > 0 and e.side != side and in_reach(state, moved, dest, e.pos, cat))
                assert turn.order_actions(state, unit, cat) == expected, (info.name, unit.kind)
                listed += 1
                attacks += sum(1 for a in expected if a.target >= 0)
            state, _ = RULESET.apply(state, players[side].choose(RULESET, state, side))
    assert listed > 100 and attacks > 100
