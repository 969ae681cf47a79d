"""A Match keeps each state's hash and each action's canonical JSON once worked out: an
autosave after every turn hashes only the states made and encodes only the actions taken
since the last save, and an undone branch's hashes and encodings go with it."""

from __future__ import annotations

import orjson

from core import registry, saves
from core.match import Match
from core.serial import canonical
from tests.core.save_helpers import plain

META = dict(created="", players=["human", "normal"], scenario="duel_25", seed=7)


def played(steps: int) -> Match:
    """A StatWar duel with `steps` actions taken (the first legal one each time)."""
    ruleset = registry.get("statwar")
    match = Match(ruleset, ruleset.new_battle(ruleset.load_scenario("duel_25"), 7), "practice")
    for _ in range(steps):
        match.apply(match.legal_actions(match.to_act()[0])[0])
    return match


def counted(monkeypatch, codec, method: str) -> list:
    """What each call of the codec's `method` from now on was given."""
    calls: list = []
    real = getattr(type(codec), method)
    monkeypatch.setattr(type(codec), method, lambda self, value: calls.append(value) or real(self, value))
    return calls


def test_a_second_save_hashes_only_the_new_states(monkeypatch):
    match = played(12)
    calls = counted(monkeypatch, match.ruleset.codec(), "state_hash")
    saves.save_document(match, **META)
    assert saves.HASH_EVERY == 10 and len(calls) == 3  # the checkpoints at 0 and 10, and the end (12)
    match.apply(match.legal_actions(match.to_act()[0])[0])
    saves.save_document(match, **META)
    assert len(calls) == 4 and calls[-1] is match.state  # the new end only
    saves.save_document(match, hash_every=1, **META)
    assert len(calls) == 4 + 10  # a hash for every state: only the ten not yet hashed


def test_an_undone_branch_takes_its_hashes_with_it():
    match = played(6)
    ruleset = match.ruleset
    before = match.state_hash_at(6)
    assert match.undo(None)
    legal = match.legal_actions(match.to_act()[0])
    other = next(a for a in legal if ruleset.play(match.state, a).state != match.state_at(6))
    match.apply(other)
    assert match.state_hash_at(6) == ruleset.codec().state_hash(match.state) != before
    loaded = saves.verify(saves.read_document("x", plain(saves.save_document(match, **META))))
    assert [loaded.state_hash_at(s) for s in range(7)] == [match.state_hash_at(s) for s in range(7)]


def test_a_second_save_encodes_only_the_new_actions(monkeypatch):
    match = played(12)
    calls = counted(monkeypatch, match.ruleset.codec(), "encode_action")
    first = saves.save_document(match, **META)
    assert calls == list(match.actions)
    match.apply(match.legal_actions(match.to_act()[0])[0])
    second = saves.save_document(match, **META)
    assert calls[12:] == [match.actions[-1]]  # the new action only
    assert plain(second)["actions"][:12] == plain(first)["actions"]
    assert saves.verify(saves.read_document("x", plain(second))).state == match.state


def test_an_undone_branch_takes_its_encodings_with_it():
    match = played(6)
    ruleset = match.ruleset
    before = match.action_bytes(5)
    assert match.undo(None)
    other = next(a for a in match.legal_actions(match.to_act()[0]) if a != match.all_actions[5])
    match.apply(other)
    assert match.action_bytes(5) == canonical(ruleset.codec().encode_action(other)) != before
    assert saves.verify(saves.read_document("x", plain(saves.save_document(match, **META)))).state == match.state


def test_the_initial_state_is_encoded_once_and_written_as_before(monkeypatch):
    """Every autosave writes the initial state again; the Match encodes it once, in the
    bytes a save always held for it (the codec's encoding, fields in their declared order)."""
    match = played(3)
    codec = match.ruleset.codec()
    calls = counted(monkeypatch, codec, "encode_state")
    first = saves.render(saves.save_document(match, **META))
    match.apply(match.legal_actions(match.to_act()[0])[0])
    second = saves.render(saves.save_document(match, **META))
    assert calls == [match.initial]  # the first save encoded it; the second did not
    written = orjson.dumps(codec.converter.unstructure(match.initial, codec.state_type))
    assert b'  "initial": ' + written + b",\n" in first and b'  "initial": ' + written + b",\n" in second
    assert saves.verify(saves.read_document("x", plain(saves.save_document(match, **META)))).state == match.state


def test_the_content_fingerprint_is_asked_once_a_battle(monkeypatch):
    """A stat of every data file at every autosave was a fifth of a save: a battle records
    the content as it was first saved (the program plays on with the content it read), a
    battle loaded from a save the content it was verified with, and a new battle asks again."""
    answers = iter(["aaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbb", "cccccccccccccccc"])
    asked: list[str] = []
    monkeypatch.setattr(saves, "fingerprint", lambda folder: asked.append(next(answers)) or asked[-1])
    match = played(2)
    first = saves.save_document(match, **META)
    match.apply(match.legal_actions(match.to_act()[0])[0])
    second = saves.save_document(match, **META)
    assert first["content_fingerprint"] == second["content_fingerprint"] == "aaaaaaaaaaaaaaaa" and len(asked) == 1
    assert saves.save_document(played(2), **META)["content_fingerprint"] == "bbbbbbbbbbbbbbbb"
    loaded = saves.verify(saves.read_document("x", plain(second)))  # verify asks what the content is now
    assert loaded.content_fingerprint == "cccccccccccccccc"
    assert saves.save_document(loaded, **META)["content_fingerprint"] == "cccccccccccccccc" and len(asked) == 3


def test_a_second_save_chains_only_the_new_actions(monkeypatch):
    """Since format 5 the chain starts from what stays the same for a battle: the Match keeps
    its links, an undone branch's links go with it, and the links are the chain's."""
    import core.match

    match = played(12)
    chained: list[bytes] = []
    real = core.match.next_link
    monkeypatch.setattr(core.match, "next_link", lambda link, action: chained.append(action) or real(link, action))
    first = saves.save_document(match, **META)
    assert len(chained) == 12
    match.apply(match.legal_actions(match.to_act()[0])[0])
    second = saves.save_document(match, **META)
    assert len(chained) == 13 and second["links"][:12] == first["links"]
    link = start = saves.start_link(canonical({key: second[key] for key in saves.BATTLE_KEYS}))
    for index, blob in enumerate(match.action_bytes(i) for i in range(13)):
        link = saves.next_link(link, blob)
        assert second["links"][index] == link
    assert match.chain(start) == second["links"]
    assert match.undo(None)
    other = next(a for a in match.legal_actions(match.to_act()[0]) if a != match.all_actions[12])
    match.apply(other)
    third = saves.save_document(match, **META)
    assert len(chained) == 14 and third["links"][:12] == first["links"] and third["links"][12] != second["links"][12]
    assert saves.verify(saves.read_document("x", plain(third))).state == match.state


def test_the_first_save_after_a_load_encodes_and_chains_nothing_again(monkeypatch):
    """verify proved every action's canonical JSON and the chain's links; the loaded Match
    keeps them, so saving it again encodes no action and chains no link, and writes the
    same document a Match that played the battle writes."""
    import core.match

    match = played(12)
    saved = saves.save_document(match, **META)
    loaded = saves.verify(saves.read_document("x", plain(saved)))
    encoded = counted(monkeypatch, match.ruleset.codec(), "encode_action")
    chained: list[bytes] = []
    real = core.match.next_link
    monkeypatch.setattr(core.match, "next_link", lambda link, action: chained.append(action) or real(link, action))
    again = saves.save_document(loaded, **META)
    assert encoded == [] and chained == []
    assert plain(again) == plain(saved)
    loaded.apply(loaded.legal_actions(loaded.to_act()[0])[0])
    saves.save_document(loaded, **META)
    assert len(encoded) == 1 and len(chained) == 1  # the new action alone
