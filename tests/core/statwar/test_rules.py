"""The turn, movement, attacks, Defender zones and the end of battle, with seed 001's numbers."""

import pytest

from core.errors import IllegalAction
from core.squaregrid import Square
from core.statwar.ruleset import RULESET as R
from core.statwar.actions import Activate, Deploy, Withhold
from core.statwar.events import BattleEnded, DeploymentDone, UnitAttacked, UnitDied, UnitMoved
from core.statwar.geometry import controlled, reach
from core.statwar.setup import Setup
from core.statwar.specs import Army
from core.statwar.state import BATTLE, DEPLOY, OVER
from core.statwar.turn import active_unit, legal_actions
from tests.core.statwar.statwar_helpers import battle, board_from, open_board, unit, with_unit

HITTER = unit("Hitter", damage=3, move=2)


def attack_numbers(damage: int, armor: int, health: int = 5):
    att = unit("Attacker", damage=damage)
    tgt = unit("Target", armor=armor)
    s = battle([(att, 0, 2, 2), (tgt, 1, 3, 3)])
    s2, events = R.apply(s, Activate(0, 0, None, 1))
    hit = next(e for e in events if isinstance(e, UnitAttacked))
    return hit, s2


def test_three_damage_against_two_armor_does_one():
    hit, s2 = attack_numbers(3, 2)
    assert (hit.damage, hit.armor, hit.dealt, hit.health_before, hit.health_after) == (3, 2, 1, 5, 4)
    assert s2.units[1].health == 4


def test_three_damage_against_three_or_more_armor_does_none():
    assert attack_numbers(3, 3)[0].dealt == 0
    assert attack_numbers(3, 5)[0].dealt == 0


def test_a_unit_at_zero_health_dies_and_is_removed():
    hit, s2 = attack_numbers(9, 0)
    assert hit.health_after == 0 and hit.dealt == 5
    assert not s2.units[1].on_board
    assert s2.phase == OVER and R.outcome(s2).winner == 0


# --- deployment ------------------------------------------------------------------

def setup(n0: int = 2, n1: int = 2, big: int = 0) -> Setup:
    a = Army("A", 100, tuple(unit(f"A{i}", damage=1, move=3, big=big) for i in range(n0)))
    b = Army("B", 100, tuple(unit(f"B{i}", damage=1, move=3) for i in range(n1)))
    return Setup("t", open_board(), (a, b))


def test_the_coin_flip_comes_from_the_battle_dice_and_picks_the_first_deployer():
    firsts = {R.new_battle(setup(), seed).to_move for seed in range(20)}
    assert firsts == {0, 1}
    assert R.new_battle(setup(), 3).to_move == R.new_battle(setup(), 3).to_move


def test_deployment_is_on_ones_own_side_only_never_neutral():
    s = R.new_battle(setup(), 1)
    side = s.to_move
    spots = {a.at for a in legal_actions(s, side)}
    rows = {sq.y for sq in spots}
    assert rows == ({0, 1, 2, 3} if side == 0 else {6, 7, 8, 9})
    with pytest.raises(IllegalAction):
        R.apply(s, Deploy(side, s.rosters[side][0], Square(0, 4)))  # neutral
    with pytest.raises(IllegalAction):
        R.apply(s, Deploy(side, s.rosters[side][0], Square(0, 9 if side == 0 else 0)))  # enemy side


def test_deployment_alternates_in_list_order_and_the_last_to_deploy_moves_second():
    s = R.new_battle(setup(3, 1), 1)
    order = []
    events_all = []
    while s.phase == DEPLOY:
        side = s.to_move
        action = legal_actions(s, side)[0]
        order.append((side, action.unit))
        s, ev = R.apply(s, action)
        events_all.extend(ev)
    first = order[0][0]
    sides = [o[0] for o in order]
    assert sides[:2] == [first, 1 - first]
    # side 0 has three units: the extra ones go down after side 1 runs out, in list order
    assert [u for sd, u in order if sd == 0] == [0, 1, 2]
    done = next(e for e in events_all if isinstance(e, DeploymentDone))
    assert done.last == order[-1][0] and done.first_mover == 1 - order[-1][0]
    assert s.phase == BATTLE and s.to_move == 1 - order[-1][0]


def test_a_unit_that_cannot_fit_is_withheld():
    board = board_from(["..", "~~", ".."])
    a = Army("A", 100, (unit("Huge", big=1), unit("Small")))
    b = Army("B", 100, (unit("Small2"),))
    s = R.new_battle(Setup("t", board, (a, b)), 2)
    while s.phase == DEPLOY:
        acts = legal_actions(s, s.to_move)
        if s.to_move == 0 and s.cursor[0] == 0:
            assert acts == [Withhold(0, 0)]
        s, _ = R.apply(s, acts[0])
    assert s.units[0].health == 0 and s.units[1].on_board


# --- activation order --------------------------------------------------------------

def test_units_act_in_list_order_skipping_the_dead():
    a, b, c = unit("A", move=1), unit("B", move=1), unit("C", move=1)
    s = battle([(a, 0, 0, 0), (b, 0, 2, 0), (c, 0, 4, 0), (unit("E", move=1), 1, 0, 9)])
    assert active_unit(s, 0) == 0
    s, _ = R.apply(s, Activate(0, 0))
    s, _ = R.apply(s, Activate(1, 3))
    assert active_unit(s, 0) == 1
    s = with_unit(s, 2, health=0)
    s, _ = R.apply(s, Activate(0, 1))
    s, _ = R.apply(s, Activate(1, 3))
    assert active_unit(s, 0) == 0  # unit 2 is dead: back to the top of the list
    with pytest.raises(IllegalAction):
        R.apply(s, Activate(0, 1))


def test_sides_alternate_and_the_round_counts_both():
    s = battle([(HITTER, 0, 0, 0), (HITTER, 1, 0, 9)])
    assert s.round == 1
    s, _ = R.apply(s, Activate(0, 0))
    assert s.to_move == 1 and s.round == 1
    s, _ = R.apply(s, Activate(1, 1))
    assert s.to_move == 0 and s.round == 2


# --- movement ----------------------------------------------------------------------

def test_movement_is_up_to_move_squares_in_eight_directions():
    s = battle([(unit("Walker", move=2), 0, 4, 4), (HITTER, 1, 0, 9)])
    ends = set(reach(s, 0).ends)
    assert (6, 6) in ends and (6, 2) in ends and (2, 4) in ends
    assert (7, 4) not in ends and (4, 4) not in ends
    assert len(ends) == 24  # a 5 x 5 square minus the start


def test_blocked_squares_and_enemies_block_friends_do_not():
    rows = ["......", ".#....", "......", "~~~~~~", "~~~~~~", "......", "....#.", "......"]
    board = board_from(rows)
    walker = unit("Walker", move=2)
    s = battle([(walker, 0, 0, 0), (unit("Friend"), 0, 1, 0), (unit("Foe"), 1, 0, 1)], board=board)
    r = reach(s, 0)
    assert (1, 1) not in r.steps  # blocked
    assert (0, 1) not in r.steps  # enemy
    assert (1, 0) in r.steps and (1, 0) not in r.ends  # a friend: pass over, never stop on
    assert (2, 0) in r.ends


def test_big_units_move_as_their_whole_footprint():
    rows = ["......", "......", "..#...", "~~~~~~", "~~~~~~", "...#..", "......", "......"]
    s = battle([(unit("Ogre", move=1, big=1), 0, 0, 0), (HITTER, 1, 5, 7)], board=board_from(rows))
    ends = set(reach(s, 0).ends)
    assert (1, 1) not in ends  # its 2x2 would cover the rock at 2,2
    assert (1, 0) in ends and (0, 1) in ends
    with pytest.raises(IllegalAction):
        R.apply(s, Activate(0, 0, Square(1, 1)))


def test_an_illegal_move_leaves_the_state_unchanged():
    s = battle([(unit("Walker", move=2), 0, 4, 4), (HITTER, 1, 0, 9)])
    before = R.codec().state_hash(s)
    with pytest.raises(IllegalAction):
        R.apply(s, Activate(0, 0, Square(9, 9)))
    assert R.codec().state_hash(s) == before


def test_range_zero_and_one_both_reach_adjacent_squares_and_range_counts_diagonals():
    s = battle([(unit("Melee", damage=2), 0, 2, 2), (unit("Far", damage=2, range=3), 0, 8, 0), (HITTER, 1, 3, 3)])
    assert Activate(0, 0, None, 2) in legal_actions(s, 0)
    s2 = battle([(unit("Far", damage=2, range=3), 0, 0, 0), (HITTER, 1, 3, 3), (HITTER, 1, 4, 0)])
    acts = legal_actions(s2, 0)
    assert Activate(0, 0, None, 1) in acts  # Chebyshev distance 3
    assert Activate(0, 0, None, 2) not in acts  # distance 4


# --- Defender zones ----------------------------------------------------------------

def test_defender_one_controls_the_adjacent_ring():
    s = battle([(unit("Runner", move=6, damage=1), 0, 0, 0), (unit("Guard", defender=1), 1, 5, 2)])
    zone = controlled(s, 0)
    assert len(zone) == 8 and (4, 1) in zone and (6, 3) in zone and (5, 2) not in zone


def test_defender_two_controls_two_rings():
    s = battle([(unit("Runner", move=6, damage=1), 0, 0, 0), (unit("Guard", defender=2), 1, 5, 5)])
    assert len(controlled(s, 0)) == 24
    big = battle([(unit("Runner", move=6), 0, 0, 0), (unit("Wall", defender=1, big=1), 1, 5, 5)])
    assert len(controlled(big, 0)) == 12  # a 4x4 ring around a 2x2 footprint


def test_entering_a_zone_ends_the_move_but_the_unit_may_still_attack():
    s = battle([(unit("Runner", move=6, damage=4), 0, 0, 2), (unit("Guard", defender=1), 1, 5, 2)])
    r = reach(s, 0)
    assert r.stopped_by[(4, 2)] == 1
    assert (6, 2) not in r.steps  # cannot pass through the zone to the far side
    s2, events = R.apply(s, Activate(0, 0, Square(4, 2), 1))
    moved = next(e for e in events if isinstance(e, UnitMoved))
    assert moved.stopped_by == 1
    assert any(isinstance(e, UnitAttacked) and e.dealt == 4 for e in events)


def test_friendly_defenders_do_not_stop_their_own_side():
    s = battle([(unit("Runner", move=6), 0, 0, 2), (unit("Guard", defender=1), 0, 5, 2), (HITTER, 1, 0, 9)])
    assert (6, 2) in reach(s, 0).ends and not reach(s, 0).stopped_by


# --- the end ----------------------------------------------------------------------

def test_both_sides_wiped_out_at_once_is_a_draw():
    bomb = unit("Bomb", damage=9, suicide_bomb=True)
    s = battle([(bomb, 0, 4, 4), (unit("Victim"), 1, 5, 5)])
    from core.statwar.actions import Detonate

    s2, events = R.apply(s, Detonate(0, 0))
    assert s2.phase == OVER and R.outcome(s2).winner is None
    assert isinstance(events[-1], BattleEnded) and events[-1].winner == -1


def test_the_round_limit_ends_the_battle_on_surviving_points():
    strong, weak = unit("Strong", damage=4), unit("Weak", damage=1)
    s = battle([(strong, 0, 0, 0), (weak, 1, 9, 9)], round_limit=1)
    s, _ = R.apply(s, Activate(0, 0))
    assert s.phase == BATTLE
    s, events = R.apply(s, Activate(1, 1))
    assert s.phase == OVER and R.outcome(s).winner == 0
    assert events[-1].points == (4, 1)
    even = battle([(weak, 0, 0, 0), (weak, 1, 9, 9)], round_limit=1)
    even, _ = R.apply(even, Activate(0, 0))
    even, _ = R.apply(even, Activate(1, 1))
    assert R.outcome(even).winner is None


def test_no_action_is_legal_after_the_end():
    hit, s2 = attack_numbers(9, 0)
    assert R.to_act(s2) == () and legal_actions(s2, 0) == []
    with pytest.raises(IllegalAction):
        R.apply(s2, Activate(1, 1))


def test_only_the_side_to_move_may_act_and_only_its_next_unit():
    s = battle([(HITTER, 0, 0, 0), (HITTER, 0, 3, 0), (HITTER, 1, 0, 9)])
    with pytest.raises(IllegalAction, match="turn"):
        R.apply(s, Activate(1, 2))
    with pytest.raises(IllegalAction, match="next on the list"):
        R.apply(s, Activate(0, 1))
    with pytest.raises(IllegalAction):
        R.apply(s, Deploy(0, 0, Square(0, 0)))


def test_attacking_a_friend_or_out_of_range_is_refused():
    s = battle([(HITTER, 0, 0, 0), (HITTER, 0, 1, 0), (HITTER, 1, 0, 9)])
    with pytest.raises(IllegalAction, match="enemies"):
        R.apply(s, Activate(0, 0, None, 1))
    with pytest.raises(IllegalAction, match="out of range"):
        R.apply(s, Activate(0, 0, None, 2))
    with pytest.raises(IllegalAction):
        R.apply(s, Activate(0, 0, None, 99))


def test_a_dead_unit_is_not_killed_twice():
    hit, s2 = attack_numbers(9, 0)
    deaths = [e for e in R.apply(battle([(unit("A", damage=9), 0, 2, 2), (unit("T"), 1, 3, 3)]), Activate(0, 0, None, 1))[1] if isinstance(e, UnitDied)]
    assert len(deaths) == 1


def test_the_first_deployment_records_the_coin_flip():
    from core.statwar.events import CoinFlipped

    s = R.new_battle(setup(), 4)
    first = s.to_move
    _, events = R.apply(s, legal_actions(s, first)[0])
    assert isinstance(events[0], CoinFlipped) and events[0].first == first
    assert "deploy first" in R.describe_event(s, events[0])


def test_the_logged_coin_flip_names_the_side_that_deploys_first_whatever_the_seed():
    from core.statwar.events import CoinFlipped

    for seed in range(20):
        s = R.new_battle(setup(), seed)
        first = s.to_move
        flip = R.apply(s, legal_actions(s, first)[0])[1][0]
        assert flip == CoinFlipped(first, 1 if first == 0 else 2), seed
