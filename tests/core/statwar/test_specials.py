"""Ridable, Suicide Bomb and Big in play: seed 001's specials."""

import pytest

from core.errors import IllegalAction
from core.squaregrid import Square
from core.statwar.ruleset import RULESET as R
from core.statwar.actions import Activate, Detonate, Mount
from core.statwar.events import BlastHit, BombExploded, RiderSetDown, UnitAttacked, UnitDied
from core.statwar.geometry import targets_from
from core.statwar.state import NO_UNIT
from core.statwar.turn import legal_actions, mount_options
from tests.core.statwar.statwar_helpers import battle, unit

BEAR = unit("Bear", damage=4, range=1, armor=1, move=9, big=1, ridable=1)
ARCHER = unit("Archer", damage=4, range=5, move=3)
FOE = unit("Foe", damage=6, range=6, move=3)


def mounted():
    """An archer aboard a bear, a foe far away; the bear acts next."""
    s = battle([(ARCHER, 0, 2, 0), (BEAR, 0, 3, 0), (FOE, 1, 3, 8)])
    s, _ = R.apply(s, Mount(0, 0, 1))
    s, _ = R.apply(s, Activate(1, 2))
    return s


def test_mounting_is_the_riders_move_and_riders_travel_with_the_mount():
    s = mounted()
    assert s.units[0].riding == 1 and not s.units[0].on_board
    s, _ = R.apply(s, Activate(0, 1, Square(6, 2)))
    assert (s.units[0].x, s.units[0].y) == (6, 2)


def test_riders_cannot_be_attacked():
    s = mounted()
    s, _ = R.apply(s, Activate(0, 1, Square(3, 3)))
    assert 0 not in targets_from(s, 2, 3, 8, 1)
    targets = {a.target for a in legal_actions(s, 1)}
    assert 0 not in targets and 1 in targets
    with pytest.raises(IllegalAction, match="riding"):
        R.apply(s, Activate(1, 2, None, 0))


def test_a_rider_may_attack_from_its_mount_or_dismount_move_and_attack():
    s = mounted()
    s, _ = R.apply(s, Activate(0, 1, Square(3, 3)))
    s, _ = R.apply(s, Activate(1, 2))
    # the archer's turn: still aboard, it shoots from the bear's squares (3..4, 3..4) to the foe at 3,8
    acts = legal_actions(s, 0)
    assert Activate(0, 0, None, 2) in acts
    s2, ev = R.apply(s, Activate(0, 0, Square(2, 5), 2))
    assert s2.units[0].riding == NO_UNIT and (s2.units[0].x, s2.units[0].y) == (2, 5)
    assert any(isinstance(e, UnitAttacked) and e.dealt == 4 for e in ev)


def test_capacity_limits_riders_by_levels():
    s = battle([(ARCHER, 0, 2, 0), (ARCHER, 0, 5, 0), (BEAR, 0, 3, 0), (FOE, 1, 3, 8)])
    s, _ = R.apply(s, Mount(0, 0, 2))
    s, _ = R.apply(s, Activate(1, 3))
    assert mount_options(s, 1) == []  # the bear has one Ridable level
    with pytest.raises(IllegalAction):
        R.apply(s, Mount(0, 1, 2))


def test_ridable_units_never_ride():
    s = battle([(BEAR, 0, 0, 0), (unit("Pony", move=3, ridable=1), 0, 3, 0), (FOE, 1, 3, 8)])
    assert mount_options(s, 0) == []


def test_when_the_mount_dies_its_riders_are_set_down_where_it_stood():
    killer = unit("Killer", damage=20, range=9)
    s = battle([(ARCHER, 0, 2, 0), (BEAR, 0, 3, 0), (killer, 1, 3, 8)])
    s, _ = R.apply(s, Mount(0, 0, 1))
    s, ev = R.apply(s, Activate(1, 2, None, 1))
    down = [e for e in ev if isinstance(e, RiderSetDown)]
    assert down == [RiderSetDown(0, 1, Square(3, 0))]
    assert s.units[0].on_board and s.units[0].health == 5


def test_a_bomb_hits_every_unit_on_and_beside_its_squares_friends_too():
    bomb = unit("Bomb", damage=4, suicide_bomb=True)
    s = battle([(bomb, 0, 4, 4), (unit("Friend", armor=1), 0, 5, 5), (unit("Near"), 1, 3, 3), (unit("Far"), 1, 6, 6)])
    s2, ev = R.apply(s, Detonate(0, 0))
    hits = {e.target: (e.damage, e.armor, e.dealt, e.health_after) for e in ev if isinstance(e, BlastHit)}
    assert hits == {1: (4, 1, 3, 2), 2: (4, 0, 4, 1)}
    assert isinstance(ev[1], BombExploded) and ev[1].on_purpose
    assert s2.units[0].health == 0 and s2.units[3].health == 5


def test_a_bomb_killed_by_an_attack_explodes():
    bomb = unit("Bomb", damage=5, suicide_bomb=True)
    s = battle([(unit("Killer", damage=9), 0, 3, 3), (bomb, 1, 4, 4), (unit("Other"), 1, 9, 9)])
    s2, ev = R.apply(s, Activate(0, 0, None, 1))
    kinds = [type(e).__name__ for e in ev]
    assert kinds[:4] == ["UnitAttacked", "UnitDied", "BombExploded", "BlastHit"]
    assert s2.units[0].health == 0  # the attacker stood beside it


def test_bomb_chains_resolve_first_in_first_out_and_each_bomb_once():
    b = unit("Bomb", damage=5, suicide_bomb=True)
    # 0 at (2,2) sets off 1 at (3,2) and 2 at (2,3); 1 then sets off 3 at (4,2); 2 and 3 both reach 4? no: 4 at (9,9)
    s = battle([(b, 0, 2, 2), (b, 1, 3, 2), (b, 1, 2, 3), (b, 1, 4, 2), (unit("Far"), 1, 9, 9)])
    s2, ev = R.apply(s, Detonate(0, 0))
    blasts = [(e.unit, e.chain) for e in ev if isinstance(e, BombExploded)]
    assert blasts == [(0, 0), (1, 1), (2, 1), (3, 2)]
    died = [e.unit for e in ev if isinstance(e, UnitDied)]
    assert sorted(died) == [0, 1, 2, 3] and len(died) == 4


def test_a_big_bomb_covers_its_whole_footprint_and_the_ring_around_it():
    ogre = unit("Ogre", damage=6, big=1, suicide_bomb=True)
    s = battle([(ogre, 0, 4, 4), (unit("A"), 1, 6, 6), (unit("B"), 1, 3, 5), (unit("C"), 1, 7, 4)])
    _, ev = R.apply(s, Detonate(0, 0))
    assert {e.target for e in ev if isinstance(e, BlastHit)} == {1, 2}


def test_a_bomb_may_move_then_detonate_and_only_bombs_may():
    bomb = unit("Bomb", damage=5, move=2, suicide_bomb=True)
    s = battle([(bomb, 0, 0, 0), (unit("T"), 1, 3, 3)])
    _, ev = R.apply(s, Detonate(0, 0, Square(2, 2)))
    assert any(isinstance(e, BlastHit) and e.target == 1 for e in ev)
    plain = battle([(unit("Plain", move=2), 0, 0, 0), (unit("T"), 1, 3, 3)])
    with pytest.raises(IllegalAction, match="Suicide Bomb"):
        R.apply(plain, Detonate(0, 0))


def test_big_units_are_targeted_as_their_footprint():
    s = battle([(unit("Shooter", damage=1, range=2), 0, 0, 0), (unit("Giant", big=2), 1, 2, 2)])
    assert Activate(0, 0, None, 1) in legal_actions(s, 0)  # nearest giant square 2,2 is 2 away
