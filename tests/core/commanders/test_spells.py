"""Every spell at every level (seed 002 spell list): cost, level gate, range, dice and effect."""

import pytest

from core.commanders import events as ev
from core.commanders.actions import Cast
from core.commanders.spells import dice_against
from core.commanders.state import Status
from core.commanders.targets import cast_actions
from core.commanders.turn import apply
from core.errors import IllegalAction
from core.rng import Dice
from core.squaregrid import Square

from .builders import OPEN, make_battle, make_commander, with_leader, with_unit

import attrs
from tests.core.commanders.builders import CAT

SPELL_LEVELS = [(s.name, lv.level) for s in CAT.spells.values() for lv in s.level]
CLASS_FOR_SCHOOL = {"nature": "Shaman", "fire": "Mage", "air": "Wizard", "life": "Priest"}


def caster_battle(spell_name: str, seed: int = 1, magic_tier: int = 3, willpower: int = 6):
    school = CAT.spells[spell_name].school
    skill = CAT.magic_skill(school)
    me = make_commander(CLASS_FOR_SCHOOL[school], skills={skill: magic_tier} if magic_tier else {}, spells=[spell_name],
                        troop=["Footman", "Footman"], attributes=(0, 0, willpower, 4))
    foe = make_commander("Warrior", troop=["Footman", "Footman"], attributes=(0, 0, 0, 1))
    state = make_battle(OPEN, [
        (me, 0, (2, 3), [("Footman", (2, 4)), ("Footman", (1, 3))]),
        (foe, 1, (4, 3), [("Footman", (4, 4)), ("Footman", (5, 3))]),
    ], seed=seed)
    state = with_unit(state, 1, hp=5, statuses=(Status("poison", 2, 3, 1),))  # something to heal and cleanse
    state = with_unit(state, 5, statuses=(Status("defence", 2, 3, 1),))  # something to strip
    return state


def pick(actions, foe_uids=(3, 4, 5)):
    # prefer a cast aimed at the enemy commander (uid 3) or its square
    for a in actions:
        if a.target == 3 or tuple(a.square) == (4, 3) or (a.squares and tuple(a.squares[0]) == (4, 3)):
            return a
    for a in actions:
        if a.target == 1:  # the wounded, poisoned ally
            return a
    return actions[0]


@pytest.mark.parametrize("name,level", SPELL_LEVELS)
def test_spell_level(name, level):
    spell = CAT.spells[name]
    lv = spell.at(level)
    succeeded = False
    for seed in range(1, 60):
        state = caster_battle(name, seed)
        actions = [a for a in cast_actions(state, cat=CAT) if a.spell == name and a.level == level]
        assert actions, f"{name} level {level} offers no cast"
        action = pick(actions)
        before = state
        after, events = apply(state, action, cat=CAT)
        cast = [e for e in events if isinstance(e, ev.SpellCast)][0]
        assert cast.mp == max(1, lv.mp - 3)  # expert magic: 3 MP off
        results = [e for e in events if isinstance(e, ev.SpellResult)]
        ok = _check_effect(spell, lv, before, after, action, cast, results, events)
        succeeded = succeeded or ok
        if succeeded:
            break
    assert succeeded, f"{name} level {level} never took effect in 59 seeds"


def _check_effect(spell, lv, before, after, action, cast, results, events) -> bool:
    effect = spell.effect
    for r in results:
        if r.effect == "failed":
            assert r.successes < cast.need_count
    if effect == "summon":
        summoned = [e for e in events if isinstance(e, ev.UnitSummoned)][0]
        unit = after.units[summoned.uid]
        assert unit.kind == lv.summon and unit.role == "summon" and after.leaders[0].summon == unit.uid
        return True
    if effect == "burn":
        assert len(after.leaders[0].burn) == lv.selected or after.leaders[0].burn_turns == lv.duration - 1
        return True
    if effect in ("damage", "chain", "holy_blaze"):
        hits = [r for r in results if r.effect == "damage"]
        for r in hits:
            assert r.amount == max(cast.rolls[: r.dice])
        if effect == "chain":
            assert len(hits) <= lv.selected
        return bool(hits)
    if effect == "heal":
        heals = [r for r in results if r.effect == "heal"]
        for r in heals:
            unit_before = before.units[r.uid]
            assert r.amount == min(max(cast.rolls[: r.dice]), unit_before.hp_max - unit_before.hp)
        return any(r.amount for r in heals)
    if effect == "mp_drain":
        r = results[0]
        expected = min(10, sum(2 if x >= 6 else 1 if x >= 4 else 0 for x in cast.rolls[: r.dice]))
        assert r.amount == min(expected, before.leaders[1].mp)
        return r.amount > 0
    if effect in ("teleport", "return"):
        placed = [e for e in events if isinstance(e, ev.UnitPlaced)]
        for e in placed:
            assert abs(e.to[0] - action.square[0]) <= 1 and abs(e.to[1] - action.square[1]) <= 1
        return bool(placed)
    if effect in ("cleanse_one", "restore"):
        removed = [e for e in events if isinstance(e, ev.StatusEnded) and e.reason == "removed"]
        return bool(removed)
    if effect == "confuse":
        return any(r.effect == "confused" for r in results)
    status = {"thorns": "thorns", "poison": "poison", "sleep": "sleep", "silence": "silence", "decline": "decline",
              "defence_bonus": "defence", "attack_bonus": "attack", "haste": "haste", "wind_shield": "wind_shield",
              "resist": "resist"}[effect]
    took = [r for r in results if r.effect == status]
    for r in took:
        s = after.units[r.uid].status(status)
        assert s is not None and s.turns == lv.duration  # after the end of the caster's turn
        if effect in ("defence_bonus", "attack_bonus"):
            assert s.amount == min(lv.amount, r.successes)  # "up to" N points: one per success
        elif effect == "thorns":
            assert s.amount == lv.move_penalty
        else:
            assert s.amount == lv.amount
    return bool(took)


@pytest.mark.parametrize("name,level", [(n, l) for n, l in SPELL_LEVELS if l > 1])
def test_levels_above_one_need_the_magic_skill(name, level):
    needed = level - 1
    state = caster_battle(name, magic_tier=needed - 1 if needed > 1 else 0)
    assert not [a for a in cast_actions(state, cat=CAT) if a.spell == name and a.level == level]
    state = caster_battle(name, magic_tier=needed)
    assert [a for a in cast_actions(state, cat=CAT) if a.spell == name and a.level == level]
    assert CAT.spells[name].at(level) is not None


def test_cost_paid_first_and_not_enough_mp_refused():
    state = caster_battle("Thunder")
    state = with_leader(state, 0, mp=0)
    action = Cast(0, 0, "Thunder", 1, target=3)
    with pytest.raises(IllegalAction):
        apply(state, action, cat=CAT)


def test_magic_dice_willpower_minus_knowledge():
    state = caster_battle("Thunder", willpower=6)
    me, foe_boss, foe_troop, ally = state.units[0], state.units[3], state.units[4], state.units[1]
    assert dice_against(state, me, foe_boss, cat=CAT) == 5  # 6 Willpower - 1 Knowledge
    assert dice_against(state, me, foe_troop, cat=CAT) == 5  # in command range: its commander's Knowledge counts
    assert dice_against(state, me, ally, cat=CAT) == 6  # allies: Willpower alone
    state = with_unit(state, 4, statuses=(Status("decline", 1, 3, 0),))
    assert dice_against(state, me, state.units[4], cat=CAT) == 6  # Decline adds a die against the target
    weak = caster_battle("Thunder", willpower=0)
    assert dice_against(weak, weak.units[0], weak.units[3], cat=CAT) == 1  # decided: never fewer than one die


def test_party_spells_only_on_commanders_and_out_of_range_refused():
    state = caster_battle("Protection")
    with pytest.raises(IllegalAction):
        apply(state, Cast(0, 0, "Protection", 1, target=1), cat=CAT)  # a troop unit, not a commander
    with pytest.raises(IllegalAction):
        apply(state, Cast(0, 0, "Thunder", 1, target=3), cat=CAT)  # not a known spell
    state = caster_battle("Thunder")
    far = with_unit(state, 3, pos=Square(11, 7))
    with pytest.raises(IllegalAction):
        apply(far, Cast(0, 0, "Thunder", 1, target=3), cat=CAT)


def test_casting_forbidden_after_moving_and_when_silenced():
    from core.commanders.actions import Order

    state = caster_battle("Thunder")
    moved, _ = apply(state, Order(0, 1, Square(2, 5), -1), cat=CAT)
    with pytest.raises(IllegalAction):
        apply(moved, Cast(0, 0, "Thunder", 1, target=3), cat=CAT)
    silenced = with_unit(state, 0, statuses=(Status("silence", 0, 3, 1),))
    assert not cast_actions(silenced, cat=CAT)


def test_one_summon_at_a_time():
    state = caster_battle("Summon Creature")
    after, _ = apply(state, Cast(0, 0, "Summon Creature", 1, square=Square(2, 2)), cat=CAT)
    after = attrs.evolve(after, turn=0)
    with pytest.raises(IllegalAction):
        apply(after, Cast(0, 0, "Summon Creature", 1, square=Square(3, 2)), cat=CAT)


def test_sleep_stops_moving_and_an_adjacent_ally_wakes():
    from core.commanders.movement import reachable
    from core.commanders.actions import Order

    state = caster_battle("Thunder")
    state = with_unit(state, 2, statuses=(Status("sleep", 0, 3, 1),))
    assert list(reachable(state, state.units[2], cat=CAT)) == [state.units[2].pos]
    after, events = apply(state, Order(0, 1, Square(1, 4), -1), cat=CAT)  # (1,4) is next to the sleeper at (1,3)
    assert after.units[2].status("sleep") is None
    assert any(isinstance(e, ev.StatusEnded) and e.reason == "woken" for e in events)


def test_sleep_removes_silence_and_rally_removes_silence():
    state = caster_battle("Sleep")
    for seed in range(1, 200):
        st = attrs.evolve(with_unit(state, 3, statuses=(Status("silence", 0, 3, 0),)), dice=Dice.from_seed(seed))
        after, events = apply(st, Cast(0, 0, "Sleep", 2, target=3), cat=CAT)
        if after.units[3].status("sleep"):
            assert after.units[3].status("silence") is None
            break
    else:
        raise AssertionError("sleep never took")


def test_poison_ticks_two_each_round_for_six_rounds():
    from core.commanders.actions import EndTurn

    state = caster_battle("Thunder")
    state = with_unit(state, 4, statuses=(Status("poison", 2, 6, 0),))
    hp = []
    for _ in range(16):
        state, _ = apply(state, EndTurn(state.leader_now.side), cat=CAT)
        hp.append(state.units[4].hp)
    assert hp[1] == 8 and min(hp) == 0  # 2 a round, 12 at most: 10 HP gone after five rounds


def test_burn_damages_units_ending_their_turn_there():
    from core.commanders.actions import EndTurn

    state = caster_battle("Burn")
    state = with_leader(state, 0, burn=(Square(4, 4), Square(5, 4), Square(6, 4)), burn_turns=3, burn_amount=2)
    state, _ = apply(state, EndTurn(0), cat=CAT)
    state, events = apply(state, EndTurn(1), cat=CAT)
    assert any(isinstance(e, ev.DamageTaken) and e.uid == 4 and e.cause == "burn" and e.amount == 2 for e in events)


def test_immune_units():
    state = caster_battle("Thunder")
    state = attrs.evolve(state, units=tuple(attrs.evolve(u, kind="Pixie") if u.uid == 4 else u for u in state.units))
    after, events = apply(state, Cast(0, 0, "Thunder", 1, target=4), cat=CAT)
    assert [e.effect for e in events if isinstance(e, ev.SpellResult)] == ["immune"]
    assert CAT.units["Unicorn"].immune_negative


def test_burn_squares_must_connect_and_chain_links_must_be_close():
    state = caster_battle("Burn")
    with pytest.raises(IllegalAction):
        apply(state, Cast(0, 0, "Burn", 2, squares=(Square(4, 4), Square(6, 4), Square(4, 6))), cat=CAT)
    apply(state, Cast(0, 0, "Burn", 2, squares=(Square(4, 4), Square(5, 4), Square(5, 5))), cat=CAT)  # an L shape is connected
    state = caster_battle("Chain Lightning")
    state = with_unit(state, 5, pos=Square(10, 7))  # 9 squares from the enemy commander
    with pytest.raises(IllegalAction):
        apply(state, Cast(0, 0, "Chain Lightning", 3, squares=(Square(4, 3), Square(10, 7))), cat=CAT)
    apply(state, Cast(0, 0, "Chain Lightning", 3, squares=(Square(4, 3), Square(4, 4))), cat=CAT)


def test_teleport_needs_room_for_the_whole_party():
    from .builders import make_battle as mk

    rows = ["............", "............", "............", "............", ".......@@@..", ".......@.@..", ".......@@@..", "............"]
    me = make_commander("Wizard", skills={"Air magic": 3}, spells=["Teleport"], troop=["Witch", "Witch"], attributes=(0, 0, 6, 4))
    state = mk(rows, [(me, 0, (2, 3), [("Witch", (2, 4)), ("Witch", (1, 3))]), (make_commander("Warrior"), 1, (11, 0), [])])
    with pytest.raises(IllegalAction, match="does not fit"):
        apply(state, Cast(0, 0, "Teleport", 4, target=0, square=Square(8, 5)), cat=CAT)
    apply(state, Cast(0, 0, "Teleport", 4, target=0, square=Square(4, 1)), cat=CAT)


def test_unicorn_shrugs_off_negative_effects_but_not_damage():
    state = caster_battle("Mute")
    state = attrs.evolve(state, units=tuple(attrs.evolve(u, kind="Unicorn") if u.uid == 4 else u for u in state.units))
    _, events = apply(state, Cast(0, 0, "Mute", 2, target=4), cat=CAT)
    assert [e.effect for e in events if isinstance(e, ev.SpellResult)] == ["immune"]
    state = caster_battle("Thunder")
    state = attrs.evolve(state, units=tuple(attrs.evolve(u, kind="Unicorn") if u.uid == 4 else u for u in state.units))
    _, events = apply(state, Cast(0, 0, "Thunder", 1, target=4), cat=CAT)
    assert [e.effect for e in events if isinstance(e, ev.SpellResult)] == ["damage"]


def test_a_summoned_phoenix_casts_fire_ball_with_its_own_mp():
    state = caster_battle("Summon Creature")
    state, _ = apply(state, Cast(0, 0, "Summon Creature", 3, square=Square(3, 2)), cat=CAT)
    phoenix = state.leaders[0].summon
    assert state.units[phoenix].kind == "Phoenix" and state.units[phoenix].mp == 16
    state = attrs.evolve(state, turn=0, round=2)
    casts = [a for a in cast_actions(state, cat=CAT) if a.caster == phoenix]
    assert {a.level for a in casts} == {1, 2, 3}  # up to the third level
    after, _ = apply(state, [a for a in casts if a.level == 3][0], cat=CAT)
    assert after.units[phoenix].mp == 16 - 8


def test_every_kind_keeps_its_own_letter_and_a_summons_renames_nobody():
    from core.commanders.view import board_view

    state = make_battle(OPEN, [
        (make_commander("Pirate", troop=("Merman",)), 0, Square(0, 0), [("Merman", (1, 0)), ("Mermaid", (2, 0))]),
        (make_commander("Warrior"), 1, Square(5, 5), [("Monk", (4, 5))]),
    ])
    view = board_view(state, CAT)
    glyphs = {u.name.split(" ")[1]: u.glyph for u in view.units if "#" in u.name}
    assert glyphs == {"Merman": "M", "Mermaid": "E", "Monk": "o"}  # M, then the next free letter of each name
    living = [u for u in view.units if "#" in u.name]
    assert len({u.glyph.upper() for u in living}) == len({u.name.split(" ")[1] for u in living})
    leader = caster_battle("Summon Creature")
    before = {u.name: u.glyph for u in board_view(leader, CAT).units}
    after, _ = apply(leader, Cast(0, 0, "Summon Creature", 1, square=Square(2, 2)), cat=CAT)
    now = {u.name: u.glyph for u in board_view(after, CAT).units}
    assert {name: now[name] for name in before} == before
    summoned = [g for name, g in now.items() if name not in before]
    assert summoned and summoned[0] not in before.values()
