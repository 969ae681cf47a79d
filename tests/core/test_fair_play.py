"""Fair play in core: per-action dice, the undo modes, and old saves that still verify.

The three cheats of the issue this answers, each as a test that failed before:
undo could hand a roll already seen to another action (one shared stream), undo
crossed another side's seal, and a file could hold another side's sealed orders
(see tests/core/test_seats.py for the views).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from core import registry, saves
from core.commanders.events import StrikesRolled
from core.commanders.actions import Order
from core.match import Match
from core.ninja.actions import OrderMove, Submit
from core.rng import Dice
from tests.core.save_helpers import plain
from tests.toy_ruleset import RULESET as TOY, Dash, Rest

OLD_SAVES = sorted((Path(__file__).parent / "old_saves").glob("*-format1.json"))
#: Written by the build before links (format 3: a state hash after every action).
FORMAT_3_SAVES = sorted((Path(__file__).parent / "old_saves").glob("*-format3.json"))
#: Written by the build whose chain started from the metadata too (format 4).
FORMAT_4_SAVES = sorted((Path(__file__).parent / "old_saves").glob("*-format4.json"))


def toy_match(undo: str, seed: int = 11) -> Match:
    return Match(TOY, TOY.new_battle(TOY.load_scenario("sprint"), seed), undo)


# --- the dice ----------------------------------------------------------------------
@pytest.mark.parametrize("name", ["statwar", "ninja", "commanders"])
def test_new_battles_roll_per_action_and_saves_keep_the_rule(name, tmp_path):
    ruleset = registry.get(name)
    state = ruleset.new_battle(ruleset.load_scenario(ruleset.scenarios()[0].name), 5)
    assert state.dice == Dice(state.dice.seed, 0, True)
    codec = ruleset.codec()
    assert codec.encode_state(state)["dice"]["per_action"] is True
    assert codec.decode_state(codec.encode_state(state)) == state
    match = Match(ruleset, state)
    side = match.to_act()[0]
    match.apply(match.legal_actions(side)[0])
    assert match.state.dice == Dice(state.dice.seed, 1, True)  # the step moved on, nothing else
    players = ["human"] * len(ruleset.side_names(state))
    path = saves.write_save(tmp_path / "s.json", match, created="", players=players,
                            scenario=ruleset.scenarios()[0].name, seed=5)
    again = saves.load_match(path)
    assert again.state == match.state and again.undo_mode == "fair"


def test_the_same_action_after_undo_rolls_the_same_dice():
    match = toy_match("practice")
    first = match.apply(Dash(0, 0))
    match.undo()
    assert match.apply(Dash(0, 0)) == first


def test_a_roll_seen_and_undone_cannot_be_handed_to_another_action():
    """Commanders: with one shared stream, attack, undo, spend a few dice on something else
    and the next attack received the rolls just seen. Now each attack's dice are its own."""
    rs = registry.get("commanders")
    rng = random.Random(2)
    found = 0
    for seed in range(40):
        match = Match(rs, rs.new_battle(rs.load_scenario("pass_duel"), seed), "practice")
        for _ in range(60):
            if match.outcome() is not None:
                break
            side = match.to_act()[0]
            legal = match.legal_actions(side)
            attacks = [a for a in legal if isinstance(a, Order) and a.target >= 0]
            attackers = {a.uid for a in attacks}
            if len(attackers) >= 2:
                first = next(a for a in attacks)
                other = next(a for a in attacks if a.uid != first.uid)
                seen = [e.rolls for e in match.apply(first) if isinstance(e, StrikesRolled)]
                match.undo()
                later = [e.rolls for e in match.apply(other) if isinstance(e, StrikesRolled)]
                assert seen and later and seen[0] != later[0]
                # and the roll it would have shifted onto the next action is not there either
                flat_seen = [r for rolls in seen for r in rolls]
                flat_later = [r for rolls in later for r in rolls]
                assert flat_later[: len(flat_seen)] != flat_seen
                found += 1
                break
            match.apply(rng.choice(legal))
        if found >= 3:
            break
    assert found >= 3


# --- undo modes ----------------------------------------------------------------------
def test_fair_undo_takes_back_only_your_own_moves_that_revealed_nothing():
    ninja = registry.get("ninja")
    match = Match(ninja, ninja.new_battle(ninja.load_scenario("ash_vs_vine"), 4))
    order = next(a for a in match.legal_actions(0) if isinstance(a, OrderMove))
    match.apply(order)
    assert match.undo_refusal(1) == "The last action was " + ninja.side_names(match.state)[0] + \
        "'s: fair undo never takes back another side's action."
    assert match.undo_refusal(0) is None and match.undo(0) and match.cursor == 0
    match.apply(order)
    match.apply(Submit(0))
    assert match.undo_refusal(0) == "Your orders are sealed: fair undo stops at the seal."
    assert not match.undo(0) and not match.undo(1) and match.cursor == 2
    # hotseat: the second side cannot undo the first side's seal to read or change its orders
    assert "another side's action" in match.undo_refusal(1)


def test_fair_undo_refuses_a_revealed_roll_and_practice_allows_it():
    for undo, allowed in (("fair", False), ("practice", True)):
        match = toy_match(undo)
        match.apply(Dash(0, 0))  # a dash rolls a die
        assert match.undo(0) is allowed
        if not allowed:
            assert match.undo_refusal(0) == "That action rolled dice: the roll stands (fair undo)."


def test_fair_undo_stops_where_a_turn_ended_and_ironman_refuses_everything():
    match = toy_match("fair")
    match.apply(Rest(0))  # rolls nothing, but hands the turn over
    assert match.undo_refusal(0) == "That action ended your turn: fair undo stops there."
    iron = toy_match("ironman")
    iron.apply(Rest(0))
    assert iron.undo_refusal(0) == iron.undo_refusal(None) == "This is an ironman battle: nothing can be undone."
    assert not iron.undo(0) and not iron.redo()
    with pytest.raises(ValueError, match="undo mode"):
        toy_match("sometimes")


def test_commanders_fair_undo_takes_back_a_move_that_rolled_nothing():
    rs = registry.get("commanders")
    match = Match(rs, rs.new_battle(rs.load_scenario("pass_duel"), 3))
    side = match.to_act()[0]
    move = next(a for a in match.legal_actions(side) if isinstance(a, Order) and a.target < 0
                and a.dest != match.state.units[a.uid].pos)
    match.apply(move)
    assert match.undo_refusal(side) is None and match.undo(side)
    attack = next((a for a in match.legal_actions(side) if isinstance(a, Order) and a.target >= 0), None)
    if attack is not None:
        match.apply(attack)
        assert "rolled dice" in match.undo_refusal(side)


def test_the_undo_mode_is_recorded_in_the_save(tmp_path, toy_registered):
    for undo in ("fair", "practice", "ironman"):
        match = toy_match(undo)
        match.apply(Dash(0, 0))
        path = saves.write_save(tmp_path / f"{undo}.json", match, created="", players=["human", "normal"],
                                scenario="sprint", seed=11)
        replay = saves.read_save(path)
        assert replay.meta.undo == undo and saves.verify(replay).undo_mode == undo
        assert saves.list_saves(tmp_path)[0].undo in ("fair", "practice", "ironman")


# --- old saves -----------------------------------------------------------------------
def content_of_their_day(monkeypatch, path: Path) -> None:
    """A bundled scenario retuned since an old save was written is handed to the save as it was
    then (old_saves/<save>.<scenario>.toml); the others are today's."""
    for then in path.parent.glob(f"{path.stem}.*.toml"):
        ruleset = registry.get(path.stem.split("-")[0])
        today = ruleset.load_scenario
        name = then.stem.split(".", 1)[1]
        monkeypatch.setattr(ruleset, "load_scenario", lambda n, _t=today, _n=name, _p=then: _t(_p if n == _n else n))


@pytest.mark.parametrize("path", OLD_SAVES, ids=lambda p: p.stem)
def test_format_1_saves_still_verify_with_their_one_stream_dice(path, monkeypatch):
    """Written by the build before per-action dice: they migrate (undo: practice, the
    only kind of undo there was) and replay with the dice rule they were played with."""
    content_of_their_day(monkeypatch, path)
    replay = saves.read_save(path)
    assert replay.meta.undo == "practice"
    assert replay.initial.dice.per_action is False
    match = saves.verify(replay)
    assert match.cursor == replay.meta.steps > 0
    again = saves.read_document(str(path), plain(saves.save_document(match, created="", players=list(replay.meta.players),
                                                                    scenario=replay.meta.scenario, seed=replay.meta.seed)))
    assert saves.verify(again).state == match.state  # re-saved as format 3, same battle


def test_an_old_save_of_a_retuned_scenario_is_refused_in_words():
    """With today's ash_vs_vine (Vine fields 9 points, the limit is round 10) the format-1
    ninja save's start is not today's: verify says the content changed and why, no traceback."""
    path = Path(__file__).parent / "old_saves" / "ninja-format1.json"
    replay = saves.read_save(path)
    with pytest.raises(saves.SaveError) as exc:
        saves.verify(replay)
    now = saves.fingerprint(registry.get("ninja").content_dir())
    assert str(exc.value).endswith(
        f"the content changed since this save (fingerprint 84b9ed1c28d696fb, now {now}): initial: "
        "start not proven (format 1): not the state scenario 'ash_vs_vine' with seed 7 starts from")


@pytest.mark.parametrize("path", FORMAT_3_SAVES, ids=lambda p: p.stem)
def test_format_3_saves_still_verify_and_name_a_changed_action(path, monkeypatch, tmp_path):
    """They migrate to format 5 with no links; their hashes cover their header as written
    (format_version 3) and, one after every action, still name a changed action."""
    content_of_their_day(monkeypatch, path)
    replay = saves.read_save(path)
    assert replay.source_format == 3 and replay.hash_every == 1 and replay.links == ()
    match = saves.verify(replay)
    assert match.cursor == replay.meta.steps > 10
    resaved = plain(saves.save_document(match, created="", players=list(replay.meta.players),
                                        scenario=replay.meta.scenario, seed=replay.meta.seed))
    assert resaved["format_version"] == saves.FORMAT_VERSION and len(resaved["links"]) == match.cursor
    assert saves.verify(saves.read_document(str(path), resaved)).state == match.state

    ruleset = replay.ruleset
    index = match.cursor // 2
    before = Match.replay(ruleset, replay.initial, list(replay.actions[:index]))
    original = replay.actions[index]
    other = next(a for a in before.legal_actions(original.side) if a != original)
    data = json.loads(path.read_text())
    data["actions"][index] = ruleset.codec().encode_action(other)
    changed = tmp_path / path.name
    changed.write_text(json.dumps(data))
    with pytest.raises(saves.SaveError) as exc:
        saves.verify(saves.read_save(changed))
    assert f": actions[{index}]: " in str(exc.value) and exc.value.action_index == index


@pytest.mark.parametrize("path", FORMAT_4_SAVES, ids=lambda p: p.stem)
def test_format_4_saves_still_verify_with_their_chain_from_the_metadata(path, tmp_path):
    """Their chain starts from the whole header, metadata included, and their final hash
    does not take the metadata in again: they verify that way, an edit of their metadata is
    named at their first hash as it was, and saved again they are format 5."""
    replay = saves.read_save(path)
    assert replay.source_format == 4 and replay.hash_every == 10 and len(replay.links) == replay.meta.steps > 20
    match = saves.verify(replay)
    assert match.cursor == replay.meta.steps
    resaved = plain(saves.save_document(match, created="", players=list(replay.meta.players),
                                        scenario=replay.meta.scenario, seed=replay.meta.seed))
    assert resaved["format_version"] == saves.FORMAT_VERSION == 5
    assert resaved["links"] != list(replay.links)  # chained from the battle's header alone
    assert saves.verify(saves.read_document(str(path), resaved)).state == match.state

    data = json.loads(path.read_text())
    data["meta"]["created"] = "1999-01-01 00:00:00 UTC"
    changed = tmp_path / path.name
    changed.write_text(json.dumps(data))
    with pytest.raises(saves.SaveError) as exc:
        saves.verify(saves.read_save(changed))
    assert str(exc.value).endswith("hashes[0]: the metadata, setup or initial state does not match the recorded hash")


def test_the_old_saves_cover_every_ruleset():
    for kept in (OLD_SAVES, FORMAT_3_SAVES, FORMAT_4_SAVES):
        assert {p.stem.split("-")[0] for p in kept} == {"statwar", "ninja", "commanders"}


def test_a_refusal_names_the_side_in_good_english():
    """Goblins' move, not Goblins's."""
    rs = registry.get("statwar")
    match = Match(rs, rs.new_battle(rs.load_scenario("duel_25"), 11))
    first = match.to_act()[0]
    match.apply(match.legal_actions(first)[0])
    names = rs.side_names(match.state)
    assert names[first].endswith("s")  # Rangers or Goblins
    assert match.undo_refusal(1 - first).startswith(f"The last action was {names[first]}':")


def test_orders_given_in_one_phase_are_undone_by_their_own_side_only():
    ninja = registry.get("ninja")
    match = Match(ninja, ninja.new_battle(ninja.load_scenario("ash_vs_vine"), 6))
    mine = next(a for a in match.legal_actions(0) if isinstance(a, OrderMove))
    theirs = next(a for a in match.legal_actions(1) if isinstance(a, OrderMove))
    match.apply(mine)
    match.apply(theirs)
    assert "another side's action" in match.undo_refusal(0)
    assert match.undo_refusal(1) is None
