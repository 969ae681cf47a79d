"""The Picker on real positions of the three rulesets, without a terminal: what the map marks,
what Enter on a cell does (commit, the next pick, a menu), Esc, and the path under the cursor."""

from __future__ import annotations

from typing import Any

from core import registry
from core.hexgrid import Hex, hex_to_offset, neighbour
from core.ninja.actions import OrderMove
from core.statwar.actions import Activate, Deploy
from core.statwar.state import BATTLE
from tui.picking import Picker


def picker_on(ruleset: Any, state: Any, side: int) -> Picker:
    picker = Picker(ruleset)
    picker.set_position(state, ruleset.board_view(state), ruleset.legal_actions(state, side), side)
    return picker


def statwar_deploying():
    ruleset = registry.get("statwar")
    return ruleset, ruleset.new_battle(ruleset.load_scenario("duel_25"), 3)


def statwar_first_activation():
    """duel_25 (seed 3) deployed by the last legal choice each time, as the snapshots do."""
    ruleset, state = statwar_deploying()
    while state.phase != BATTLE:
        state, _ = ruleset.apply(state, ruleset.legal_actions(state, ruleset.to_act(state)[0])[-1])
    return ruleset, state


def ninja_opening():
    ruleset = registry.get("ninja")
    return ruleset, ruleset.new_battle(ruleset.load_scenario("ash_vs_vine"), 3)


def cell_of(square) -> tuple[int, int]:
    return (square.x, square.y)


# --- StatWar --------------------------------------------------------------------------


def test_statwar_deployment_places_the_next_unit_on_a_marked_square():
    ruleset, state = statwar_deploying()
    side = ruleset.to_act(state)[0]
    picker = picker_on(ruleset, state, side)
    deploys = [a for a in ruleset.legal_actions(state, side) if isinstance(a, Deploy)]
    assert picker.selected is None and deploys
    marks = picker.highlights()
    for action in deploys:
        assert marks[cell_of(action.at)] == "move"  # an empty square to place on
    reply = picker.select(cell_of(deploys[0].at))
    assert reply.action == deploys[0]


def test_statwar_activation_moves_then_attacks():
    ruleset, state = statwar_first_activation()
    side = ruleset.to_act(state)[0]
    picker = Picker(ruleset)
    legal = ruleset.legal_actions(state, side)
    cursor = picker.set_position(state, ruleset.board_view(state), legal, side)
    attack = next(a for a in legal if isinstance(a, Activate) and a.to is not None and a.target is not None)
    assert picker.selected is None, "one unit activates: the cursor goes to it, Enter selects it"
    assert cursor == picker.unit_cells(attack.unit)[0]
    assert picker.select(cursor).changed and picker.selected == attack.unit
    dest = cell_of(attack.to)
    assert picker.highlights()[dest] == "move"
    assert picker.path_at(dest) == tuple(ruleset.move_path(state, attack))[1:-1]

    reply = picker.select(dest)  # the destination: the target is the next pick
    assert reply.changed and reply.action is None and picker.picks == (dest,)
    assert all(a.to == attack.to for a in picker.pool())
    marks = picker.highlights()
    target_cells = picker.unit_cells(attack.target)
    assert all(marks[c] == "target" for c in target_cells)
    assert marks[dest] == "selected", "the unit is drawn where it will stand"
    assert picker.anchor(attack, 1) == (dest,)

    assert picker.select(target_cells[0]).action == attack
    assert picker.cancel() and picker.picks == () and picker.selected == attack.unit
    assert picker.cancel() and picker.selected is None
    assert not picker.cancel()


# --- ninja ----------------------------------------------------------------------------


def test_a_facing_onto_a_friend_is_marked_as_a_facing_not_a_target():
    ruleset, state = ninja_opening()
    picker = picker_on(ruleset, state, 0)
    view = ruleset.board_view(state)
    occupied = {tuple(c): u for u in view.units for c in u.cells}
    unit = next(u for u in view.units if u.side == 0)
    here = tuple(unit.cells[0])
    facing_friend = next(
        a for a in ruleset.legal_actions(state, 0)
        if isinstance(a, OrderMove) and a.unit == unit.uid and (a.q, a.r) == tuple(state.units[unit.uid].hex)
        and hex_to_offset(neighbour(Hex(a.q, a.r), a.facing)) in occupied
    )
    face = hex_to_offset(neighbour(Hex(facing_friend.q, facing_friend.r), facing_friend.facing))
    assert occupied[face].side == 0 and occupied[face].uid != unit.uid
    assert picker.select(here).changed and picker.selected == unit.uid  # select the ninja
    assert picker.select(here).changed and picker.picks == (here,)  # turn where it stands
    marks = picker.highlights()
    assert marks[face] == "move", "a facing is no attack, whoever stands there"
    assert "target" not in marks.values()
    assert marks[here] == "selected"
    assert facing_friend in picker.actions_at(face)


def test_run_and_jump_to_the_same_hex_and_facing_are_told_apart_in_a_menu():
    ruleset, state = ninja_opening()
    picker = picker_on(ruleset, state, 0)
    view = ruleset.board_view(state)
    unit = next(u for u in view.units if u.side == 0)
    orders = [a for a in ruleset.legal_actions(state, 0) if isinstance(a, OrderMove) and a.unit == unit.uid]
    run = next(a for a in orders if a.mode == "run" and any(
        b.mode == "jump" and (b.q, b.r, b.facing) == (a.q, a.r, a.facing) for b in orders))
    dest = hex_to_offset(Hex(run.q, run.r))
    face = hex_to_offset(neighbour(Hex(run.q, run.r), run.facing))
    assert picker.select(tuple(unit.cells[0])).changed
    at_dest = picker.actions_at(dest)
    paths = {tuple(ruleset.move_path(state, a)) for a in at_dest}
    # the map draws a route only when every move picked there takes it
    assert picker.path_at(dest) == (next(iter(paths))[1:-1] if len(paths) == 1 else ())
    assert picker.select(dest).changed and picker.picks == (dest,)
    reply = picker.select(face)
    modes = {a.mode for a in reply.menu}
    assert reply.action is None and {"run", "jump"} <= modes
    assert run in reply.menu
    assert all((a.q, a.r, a.facing) == (run.q, run.r, run.facing) for a in reply.menu)


def test_a_hex_whose_moves_take_different_routes_shows_no_route():
    ruleset, state = ninja_opening()
    picker = picker_on(ruleset, state, 0)
    unit = next(u for u in ruleset.board_view(state).units if u.side == 0)
    picker.select(tuple(unit.cells[0]))
    cells = {c for a in picker.pool() for c in picker.cells_for(a, 0)}
    split = shared = None
    for cell in sorted(cells):
        paths = {tuple(ruleset.move_path(state, a)) for a in picker.actions_at(cell)}
        if len(paths) > 1 and split is None:
            split = cell
        if len(paths) == 1 and len(next(iter(paths))) >= 3 and shared is None:
            shared = (cell, next(iter(paths)))
    assert split is not None and shared is not None
    assert picker.path_at(split) == ()
    assert picker.path_at(shared[0]) == shared[1][1:-1]


def test_ninja_seals_its_orders_from_the_actions_menu():
    ruleset, state = ninja_opening()
    picker = picker_on(ruleset, state, 0)
    menu = picker.menu_actions()
    assert menu and all(picker.actor(a) is None for a in menu)
    assert any(ruleset.describe_action(state, a).endswith("seals its orders") for a in menu)


# --- Commanders -------------------------------------------------------------------------


def test_a_commanders_spell_is_cast_on_its_target():
    from tests.tui.test_commanders import match_with_a_spell_ready

    match, casts = match_with_a_spell_ready()
    ruleset, state = match.ruleset, match.state
    side = match.to_act()[0]
    cast = next(a for a in casts if a.target >= 0 and a.target != a.caster)
    picker = picker_on(ruleset, state, side)
    caster_cell = picker.unit_cells(cast.caster)[0]
    if picker.selected != cast.caster:
        assert picker.select(caster_cell).changed
    assert picker.selected == cast.caster
    target_cell = picker.unit_cells(cast.target)[0]
    assert picker.highlights()[target_cell] == "target"
    assert cast in picker.actions_at(target_cell)
    reply = picker.select(target_cell)
    assert reply.action == cast or cast in reply.menu or (reply.changed and cast in picker.pool())


def test_end_turn_is_in_the_actions_menu_with_or_without_a_unit_selected():
    ruleset = registry.get("commanders")
    state = ruleset.new_battle(ruleset.load_scenario("coastal_raid"), 5)
    side = ruleset.to_act(state)[0]
    picker = picker_on(ruleset, state, side)
    ends = [a for a in ruleset.legal_actions(state, side) if picker.actor(a) is None]
    assert ends and all(not picker.picks_of(a).stages for a in ends)
    assert picker.menu_actions() == ends
    uid = next(iter(picker.ready_units()))
    assert picker.select(picker.unit_cells(uid)[0]).changed and picker.selected == uid
    menu = picker.menu_actions()
    assert set(ends) <= set(menu)
    assert all(picker.actor(a) in (uid, None) for a in menu)


def test_nothing_to_do_says_so():
    ruleset = registry.get("commanders")
    state = ruleset.new_battle(ruleset.load_scenario("coastal_raid"), 5)
    side = ruleset.to_act(state)[0]
    picker = picker_on(ruleset, state, side)
    view = ruleset.board_view(state)
    ready = picker.ready_units()
    idle = next((u for u in view.units if u.side == side and u.uid not in ready), None)
    if idle is not None:
        assert picker.select(tuple(idle.cells[0])).message == f"{idle.name} has nothing to do now."
    marked = picker.highlights()
    empty = next((c, r) for r in range(view.height) for c in range(view.width)
                 if (c, r) not in marked and picker.unit_at((c, r)) is None)
    assert picker.select(empty).message == "Nothing to do here; a lists every action."


def test_a_statwar_unit_that_stays_and_shoots_is_aimed_at_once():
    """The archer may shoot without moving: its target is marked > < as soon as it is selected,
    and Enter there is the attack from where it stands (before, the target was marked only after
    Enter on the archer itself, and Enter on it said there was nothing to do)."""
    from core.ai import Player

    ruleset, state = statwar_first_activation()
    ai = Player("normal", 1)
    for _ in range(20):  # the battle goes on until a unit may shoot from where it stands
        side = ruleset.to_act(state)[0]
        legal = ruleset.legal_actions(state, side)
        shots = [a for a in legal if isinstance(a, Activate) and a.to is None and a.target is not None]
        if shots:
            break
        state = ruleset.play(state, ai.choose(ruleset, state, side)).state
    assert shots, "no unit came within range to shoot without moving"
    picker = Picker(ruleset)
    cursor = picker.set_position(state, ruleset.board_view(state), legal, side)
    picker.select(cursor)
    shot = shots[0]
    target = picker.unit_cells(shot.target)[0]
    assert picker.highlights()[target] == "target"
    assert shot in picker.actions_at(target)  # what the odds panel shows there
    assert picker.select(target).action == shot
