"""A small fixed-seed sample that proves the AI ordering.

The full measure is `skirmish sim commanders --ai normal,random --games 100`
(and `--ai hard,normal`); docs/RULES.md records the figures.
"""

from core.sim import run_batch


def test_normal_beats_random():
    result = run_batch("commanders", games=10, seed=11, ai=("normal", "random"))
    assert result["wins"][0] >= 9, result


def test_balanced_dice_spread_every_throw_evenly():
    from core.commanders.ai import BalancedDice, balanced_rolls

    assert sorted(balanced_rolls(10, 10)) == list(range(1, 11))  # one of each face
    for n in range(1, 25):
        rolls = balanced_rolls(n, 10)
        assert len(rolls) == n and all(1 <= r <= 10 for r in rolls)
        for k in range(11):
            # successes on 1-k: within half a die of the expected n * k / 10
            assert abs(sum(1 for r in rolls if r <= k) - n * k / 10) <= 0.5
    values, nxt = BalancedDice(1, 0).rolls(13, 10)
    assert isinstance(nxt, BalancedDice) and nxt.counter == 13
    assert values == BalancedDice(99, 7).rolls(13, 10)[0]  # nothing but the count and faces


def test_no_level_rolls_the_battles_real_dice_in_commanders(monkeypatch):
    """Neither the 1-ply values nor the hard lookahead may weigh an action on the real next rolls."""
    from core.ai import Player
    from core.commanders.ai import random_action
    from core.commanders.ruleset import CommandersRuleset

    ruleset = CommandersRuleset()
    state = ruleset.new_battle(ruleset.load_scenario("duel_at_the_ford"), 4)
    seen = []
    real_apply = CommandersRuleset.apply

    def spying_apply(self, trial, action):
        if random_action(action):  # moves roll no dice and are weighed on the state itself
            seen.append(trial.dice)
        return real_apply(self, trial, action)

    # walk on until an attack or a spell is on offer
    while not any(random_action(a) for a in ruleset.legal_actions(state, ruleset.to_act(state)[0])):
        side = ruleset.to_act(state)[0]
        state, _ = ruleset.apply(state, Player("normal", 1).choose(ruleset, state, side))
    monkeypatch.setattr(CommandersRuleset, "apply", spying_apply)
    for level in ("normal", "hard"):
        seen.clear()
        side = ruleset.to_act(state)[0]
        Player(level, 3).choose(ruleset, state, side)
        assert seen and state.dice not in seen
        assert all(d.seed != state.dice.seed for d in seen)


def test_the_normal_ai_keeps_its_commander_behind_its_troop_and_out_of_reach_early():
    """A commander's fall ends its troop and usually the battle: early on the normal AI keeps
    it behind its troop's front and, where it can, out of the reach of every enemy (move plus
    range), while the troop still closes in. The first game of `skirmish balance commanders --scenario
    duel_at_the_ford`, played to the end of round 2: the AI before walked the Knight seven
    squares out in front of its riders, and a Pikeman's +3 strikes against the mounted
    annihilated it on Red's second turn."""
    from core.ai import Player
    from core.commanders.ai import ahead_of_troop, threats
    from core.commanders.ruleset import RULESET
    from core.rng import splitmix64
    from core.sim import game_seed

    seed = game_seed(0, 0)
    state = RULESET.new_battle(RULESET.load_scenario("duel_at_the_ford"), seed)
    players = {side: Player("normal", splitmix64(seed, side + 1)) for side in (0, 1)}
    knight = next(u for u in state.units if u.kind == "Knight")
    start_front = min(u.pos.x for u in state.units if u.side == knight.side and u.role != "commander")
    while state.round <= 2 and RULESET.outcome(state) is None:
        (side,) = RULESET.to_act(state)
        state, _ = RULESET.apply(state, players[side].choose(RULESET, state, side))
        knight = state.units[knight.uid]
        if RULESET.to_act(state) != (knight.side,):  # the Knight's side has ended a turn
            enemies = [u for u in state.living() if u.side != knight.side]
            assert ahead_of_troop(state, knight, enemies) == 0, state.round
            if state.round == 1:
                assert threats(state, knight, enemies, RULESET.catalogue) == 0
    assert RULESET.outcome(state) is None and knight.hp == knight.hp_max
    riders = [u for u in state.living() if u.side == knight.side and u.role != "commander"]
    assert max(u.pos.x for u in riders) > start_front + 3  # the troop still closed in


def test_caution_fades_by_the_sixth_round_so_two_careful_sides_still_meet():
    import attrs

    from core.commanders.ai import CAUTION_ROUNDS, caution
    from core.commanders.ruleset import RULESET

    assert CAUTION_ROUNDS == 6
    state = RULESET.new_battle(RULESET.load_scenario("duel_at_the_ford"), 1)
    assert [round(caution(attrs.evolve(state, round=r)), 3) for r in (1, 2, 4, 7, 12)] == [1.0, 0.833, 0.5, 0.0, 0.0]


def knight_against_pikes():
    """The Knight's riders against the Fighter's pikes (duel_at_the_ford's armies) on open ground."""
    from tests.core.commanders.builders import OPEN, make_battle, make_commander

    knight = make_commander("Knight", troop=("Cavalry",) * 3, attributes=(3, 2, 1, 0))
    fighter = make_commander("Fighter", troop=("Pikeman",) * 3, attributes=(3, 2, 0, 1))
    return make_battle(OPEN, [
        (knight, 0, (0, 4), [("Cavalry", (1, 3)), ("Cavalry", (1, 4)), ("Cavalry", (1, 5))]),
        (fighter, 1, (11, 4), [("Pikeman", (10, 3)), ("Pikeman", (10, 4)), ("Pikeman", (10, 5))]),
    ])


def test_threats_count_the_enemies_whose_move_and_reach_cover_the_commander():
    """A Pikeman moves 5 squares (seed 002: "[Pikeman] (Spear) 11/10 5Sq") and strikes an
    adjacent square, so it threatens a commander 6 squares away and not one 7 away."""
    from core.commanders.ai import threats
    from tests.core.commanders.builders import CAT, with_unit

    state = knight_against_pikes()
    pike = [u for u in state.units if u.kind == "Pikeman"][1]  # at (10, 4)
    for x, expected in ((4, 1), (3, 0)):
        lone = state
        for u in state.units:
            if u.side == 1 and u.uid != pike.uid:
                lone = with_unit(lone, u.uid, hp=0)  # only the one pike stands
        lone = with_unit(lone, 0, pos=type(pike.pos)(x, 4))
        enemies = [u for u in lone.living() if u.side == 1]
        assert enemies == [pike]
        assert threats(lone, lone.units[0], enemies, CAT) == expected, x


def test_the_indexed_evaluation_gives_the_numbers_of_its_definitions():
    """`evaluate` reads nearest enemies and adjacent enemies from indexes and shared distance
    tables (`Ground`, `Distances`) and starts from the last state's terms (`Standing`); on the
    states of a played battle, bundled and large, it gives exactly what `side_score` and
    `approach`, which compare every unit with every enemy, give: the AI's choices (and docs/BALANCE.md's tables) depend on those numbers."""
    import sys
    from pathlib import Path

    from core.ai import Player
    from core.commanders.ai import Distances, approach, evaluate, side_score
    from core.commanders.ruleset import RULESET

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    import bench_positions

    starts = [RULESET.new_battle(RULESET.load_scenario(name), 4) for name in ("duel_at_the_ford", "masters")]
    starts.append(bench_positions.build("commanders", RULESET, 24, "small"))
    memo = Distances(size=4)  # small, so tables are dropped and built again along the way
    checked = 0
    for state in starts:
        players = {side: Player("normal", 7 + side) for side in range(len(state.side_names))}
        for _ in range(40):
            if RULESET.outcome(state) is not None:
                break
            for side in range(len(state.side_names)):
                total = sum(side_score(state, s, RULESET.catalogue) * (1 if s == side else -1) for s in range(len(state.side_names)))
                assert evaluate(state, side, RULESET.catalogue, memo) == total - 0.03 * approach(state, side)
                assert evaluate(state, side, RULESET.catalogue) == evaluate(state, side, RULESET.catalogue, memo)
                checked += 1
            (side,) = RULESET.to_act(state)
            state, _ = RULESET.apply(state, players[side].choose(RULESET, state, side))
    assert checked > 100


def _caster_decision():
    """A built 24-a-side position where the side to act has spells among its candidates, with
    that side and its candidates (the states a normal AI plays through to reach it)."""
    import sys
    from pathlib import Path

    from core.ai import Player, candidates
    from core.commanders.actions import Cast
    from core.commanders.ruleset import RULESET

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    import bench_positions

    state = bench_positions.build("commanders", RULESET, 24, "small")
    player = Player("normal", 5)
    for _ in range(30):
        (side,) = RULESET.to_act(state)
        actions = candidates(RULESET, state, side)
        if sum(isinstance(a, Cast) for a in actions) >= 10:
            return state, side, actions
        state, _ = RULESET.apply(state, player.choose(RULESET, state, side))
    raise AssertionError("no caster decided in the first 30 decisions")


def test_a_decisions_candidates_are_valued_as_their_definitions_value_them():
    """The AI values a decision's candidates one after another on one memo, and a candidate
    close to the last one (a spell, a move) starts from the last state's terms
    (`Standing.after`): every candidate's value, on each of the AI's re-seeded samples and on the imagined dice of the
    hard lookahead, is still exactly what `side_score` and `approach` give."""
    from core.commanders.ai import approach, imagined, reseeded, side_score
    from core.commanders.ruleset import CommandersRuleset

    ruleset = CommandersRuleset()
    state, side, actions = _caster_decision()
    cat = ruleset.catalogue
    afters = []
    for action in actions:
        for before in (reseeded(state, 1), reseeded(state, 2), imagined(state, 9)):
            afters.append(ruleset.apply(before, action)[0])
    for after in afters:
        if ruleset.outcome(after) is not None:
            continue
        for s in range(len(after.side_names)):
            total = sum(side_score(after, t, cat) * (1 if t == s else -1) for t in range(len(after.side_names)))
            assert ruleset.evaluate(after, s) == total - 0.03 * approach(after, s)
    assert len(afters) > 100


def test_a_spell_that_moves_no_one_reuses_the_ground_and_the_untouched_terms():
    """`Standing.after`: after a spell (the turn ended, nobody moved or fell) the evaluation
    keeps the last state's Ground and re-works only the units and leaders the spell changed;
    a move starts a new Ground."""
    from core.commanders.actions import Cast, Order
    from core.commanders.ai import Distances
    from core.commanders.ruleset import CommandersRuleset

    ruleset = CommandersRuleset()
    state, side, actions = _caster_decision()
    memo = Distances()
    base = memo.standing(state, ruleset.catalogue)
    afters = [ruleset.apply(state, a)[0] for a in actions if isinstance(a, Cast)]
    # a spell that leaves everyone standing where they stood (not a summons, a Teleport or a kill)
    after = next(a for a in afters if [(u.pos, u.hp > 0) for u in a.units] == [(u.pos, u.hp > 0) for u in state.units])
    found = memo.standing(after, ruleset.catalogue)
    assert found.ground is base.ground
    changed = {u.uid for u, old in zip(after.units, state.units) if u is not old}
    changed |= {new.uid for new, old in zip(after.leaders, state.leaders) if new.mp != old.mp}
    assert changed and len(changed) < len(state.units) // 4
    for u in after.units:
        if u.hp > 0 and u.uid not in changed:
            assert found.terms[u.uid] is base.terms[u.uid]  # kept, not worked out again
    move = next(a for a in actions if isinstance(a, Order) and tuple(a.dest) != tuple(state.units[a.uid].pos))
    moved, _ = ruleset.apply(state, move)
    assert memo.standing(moved, ruleset.catalogue).ground is not found.ground


def test_after_a_move_only_the_units_that_read_the_movers_square_are_worked_out_again():
    """`Standing.after` with a unit moved: a new Ground, and new terms only for `moved_reach`
    (the enemies beside its old or new square, every enemy commander, its own commander)
    and the records the move replaced; every other unit keeps its terms."""
    from core.commanders.actions import Order
    from core.commanders.ai import Distances, moved_reach
    from core.commanders.ruleset import CommandersRuleset

    ruleset = CommandersRuleset()
    state, side, actions = _caster_decision()
    memo = Distances()
    base = memo.standing(state, ruleset.catalogue)
    move = next(a for a in actions if isinstance(a, Order) and a.target < 0 and state.units[a.uid].role != "commander"
                and tuple(a.dest) != tuple(state.units[a.uid].pos))
    moved, _ = ruleset.apply(state, move)
    found = memo.standing(moved, ruleset.catalogue)
    assert found.ground is not base.ground
    mover = moved.units[move.uid]
    reach = {u.uid for u in moved_reach(found.ground.living, mover, state.units[move.uid].pos)}
    assert state.leaders[mover.leader].uid in reach  # its commander: the troop's front
    assert all(u.role == "commander" for u in moved.living() if u.side != side and u.uid in reach and
               min(abs(u.pos[0] - p[0]) + abs(u.pos[1] - p[1]) for p in (mover.pos, state.units[move.uid].pos)) > 1)
    replaced = {u.uid for u, old in zip(moved.units, state.units) if u is not old}
    kept = [u.uid for u in moved.living() if u.uid not in reach | replaced]
    assert len(kept) > len(state.units) // 2
    for uid in kept:
        assert found.terms[uid] is base.terms[uid]


def test_a_table_started_from_another_answers_as_measuring_every_square_would():
    """`Nearest` and `Covering` started from a root table that differs in a few sources give,
    on every square, what measuring every source gives, however the sources moved."""
    from hypothesis import given, settings, strategies as st

    from core.commanders.ai import DERIVED_AT_MOST, Covering, Nearest

    squares = st.tuples(st.integers(0, 12), st.integers(0, 12))

    @settings(max_examples=150, deadline=None)
    @given(st.lists(st.tuples(squares, st.integers(1, 4)), min_size=1, max_size=12), st.data())
    def check(sources, data):
        moves = data.draw(st.lists(st.tuples(st.integers(0, len(sources) - 1), squares, st.integers(1, 4)),
                                   max_size=DERIVED_AT_MOST + 1))
        now = list(sources)
        for i, sq, r in moves:
            now[i] = (sq, r)
        root_near = Nearest(tuple(s for s, _ in sources))
        root_cover = Covering(tuple((s[0], s[1], r) for s, r in sources))
        for x, y in data.draw(st.lists(squares, max_size=6)):  # the root answers some squares first
            root_near.at(x, y), root_cover.at(x, y)
        near = Nearest(tuple(s for s, _ in now), root_near)
        cover = Covering(tuple((s[0], s[1], r) for s, r in now), root_cover)
        moved = sum(1 for a, b in zip(sources, now) if a[0] != b[0])
        changed = sum(1 for a, b in zip(sources, now) if a != b)
        assert (near.root is root_near) == (moved <= DERIVED_AT_MOST)
        assert (cover.root is root_cover) == (changed <= DERIVED_AT_MOST)
        for x in range(-1, 14):
            for y in range(-1, 14):
                assert near.at(x, y) == min(abs(x - a) + abs(y - b) for (a, b), _ in now)
                assert cover.at(x, y) == sum(1 for (a, b), r in now if abs(x - a) + abs(y - b) <= r)

    check()


def test_the_ai_weighs_an_area_spell_once_per_set_of_units_it_reaches():
    """`targets.cast_actions(distinct=True)`: of the casts of one spell level centred on
    different squares, the AI's list keeps the first for each set of units reached; every
    cast it leaves out does exactly what a kept one does (the same state after, on the same
    dice), and the player's list still offers every centre."""
    import sys
    from pathlib import Path

    from core.commanders.actions import Cast
    from core.commanders.ai import reseeded
    from core.commanders.ruleset import RULESET
    from core.commanders.spells import check_cast
    from core.commanders.turn import legal_actions

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    import bench_positions

    state = bench_positions.build("commanders", RULESET, 64, "small")  # a priest with Decline and Holy Blaze
    (side,) = RULESET.to_act(state)
    cat = RULESET.catalogue
    offered = [a for a in legal_actions(state, side, cat) if isinstance(a, Cast)]
    weighed = [a for a in legal_actions(state, side, cat, distinct_casts=True) if isinstance(a, Cast)]

    def key(cast):
        return cast.caster, cast.spell, cast.level, tuple(u.uid for u in check_cast(state, cast, cat)[4])

    kept = {}
    for cast in weighed:
        assert key(cast) not in kept
        kept[key(cast)] = cast
    left_out = [a for a in offered if a not in weighed]
    assert len(left_out) > 50 and set(weighed) <= set(offered)
    before = reseeded(state, 1)
    for cast in left_out:
        assert RULESET.apply(before, cast)[0] == RULESET.apply(before, kept[key(cast)])[0], cast
