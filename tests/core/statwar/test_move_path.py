"""Move previews: the squares an Activate passes through and its "n of Move steps" line."""

from core.squaregrid import Square
from core.statwar.ruleset import RULESET
from core.statwar.actions import Activate
from core.statwar.geometry import reach
from tests.core.statwar.statwar_helpers import battle, board_from, unit


def check(state, uid, dest):
    u = state.units[uid]
    path = RULESET.move_path(state, Activate(u.side, uid, Square(*dest)))
    assert path[0] == (u.x, u.y) and path[-1] == dest
    assert all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1 for a, b in zip(path, path[1:]))
    steps = reach(state, uid).steps[dest]
    assert len(path) - 1 == steps <= state.designs[u.design].move
    return path


def test_a_diagonal_move_takes_the_fewest_steps_and_says_so():
    s = battle([(unit("Walker", move=2), 0, 4, 4), (unit("Foe"), 1, 0, 9)])
    assert check(s, 0, (6, 6)) == ((4, 4), (5, 5), (6, 6))
    assert "Move: 2 of 2 steps" in RULESET.explain_action(s, Activate(0, 0, Square(6, 6)))
    assert "Move: 1 of 2 steps" in RULESET.explain_action(s, Activate(0, 0, Square(3, 4)))


def test_the_path_bends_around_blocked_squares():
    rows = ["......", "#####.", "......", "~~~~~~", "~~~~~~", "......", "......", "......"]
    s = battle([(unit("Runner", move=6), 0, 0, 0), (unit("Foe"), 1, 0, 7)], board=board_from(rows))
    path = check(s, 0, (4, 2))
    assert len(path) == 7 and (5, 1) in path  # through the only gap, at the wall's end
    assert not any(rows[y][x] == "#" for x, y in path)


def test_staying_or_attacking_in_place_has_no_path():
    s = battle([(unit("Walker", move=2), 0, 4, 4), (unit("Foe"), 1, 0, 9)])
    assert RULESET.move_path(s, Activate(0, 0)) == ()
    assert not any("steps" in line for line in RULESET.explain_action(s, Activate(0, 0)))


def test_every_move_of_a_bundled_battle_takes_its_fewest_steps():
    from core.statwar.actions import Detonate

    state = RULESET.new_battle(RULESET.load_scenario("duel_25"), 3)
    for _ in range(40):
        if RULESET.outcome(state) is not None:
            break
        legal = RULESET.legal_actions(state, RULESET.to_act(state)[0])
        for a in legal:
            if isinstance(a, (Activate, Detonate)) and a.to is not None:
                check(state, a.unit, (a.to.x, a.to.y))
        state, _ = RULESET.apply(state, legal[len(legal) // 2])


def test_a_reach_names_its_ends_as_the_squares_the_listing_hands_out():
    """A unit's reach keeps each end as the Square a move action names (made once per
    reach, not once per listing of the same position), in (y, x) order."""
    s = battle([(unit("Walker", move=2), 0, 4, 4), (unit("Foe"), 1, 0, 9)])
    ends = reach(s, 0).ends
    assert ends and all(type(e) is Square for e in ends)
    assert ends == sorted(ends, key=lambda p: (p[1], p[0])) and Square(6, 6) in ends and (4, 4) not in ends
    moves = [a.to for a in RULESET.legal_actions(s, 0) if isinstance(a, Activate) and a.to is not None and a.target is None]
    assert moves == ends
