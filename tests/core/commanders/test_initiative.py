"""Seed 002 initiative: d20 each, highest first, then alternate sides by rank; ties decided."""

from core.commanders.initiative import initiative_queue
from core.rng import Dice


def test_alternates_from_the_highest():
    # leaders 0,1 on side 0 rolled 12 and 18; leaders 2,3 on side 1 rolled 15 and 5
    queue, _ = initiative_queue((0, 0, 1, 1), (12, 18, 15, 5), Dice.from_seed(1))
    assert queue == (1, 2, 0, 3)


def test_extra_commanders_of_one_side_follow():
    queue, _ = initiative_queue((0, 0, 0, 1), (3, 9, 7, 20), Dice.from_seed(1))
    assert queue == (3, 1, 2, 0)


def test_ties_inside_a_side_keep_listing_order():
    queue, _ = initiative_queue((0, 0, 1), (10, 10, 2), Dice.from_seed(1))
    assert queue == (0, 2, 1)


def test_tied_best_rolls_rethrow():
    seen = set()
    for seed in range(20):
        queue, dice = initiative_queue((0, 1), (11, 11), Dice.from_seed(seed))
        assert sorted(queue) == [0, 1] and dice.counter >= 2
        seen.add(queue[0])
    assert seen == {0, 1}
