"""A Match keeps each state's hash once worked out: an autosave after every turn hashes only
the states made since the last save, and an undone branch's hashes go with it."""

from __future__ import annotations

from core import registry, saves
from core.match import Match

META = dict(created="", players=["human", "normal"], scenario="duel_25", seed=7)


def test_a_second_save_hashes_only_the_new_states(monkeypatch):
    ruleset = registry.get("statwar")
    match = Match(ruleset, ruleset.new_battle(ruleset.load_scenario("duel_25"), 7), "practice")
    for _ in range(12):
        match.apply(match.legal_actions(match.to_act()[0])[0])
    codec = ruleset.codec()
    calls = []
    real = type(codec).state_hash
    monkeypatch.setattr(type(codec), "state_hash", lambda self, state: calls.append(state) or real(self, state))
    saves.save_document(match, **META)
    assert saves.HASH_EVERY == 10 and len(calls) == 3  # the checkpoints at 0 and 10, and the end (12)
    match.apply(match.legal_actions(match.to_act()[0])[0])
    saves.save_document(match, **META)
    assert len(calls) == 4 and calls[-1] is match.state  # the new end only
    saves.save_document(match, hash_every=1, **META)
    assert len(calls) == 4 + 10  # a hash for every state: only the ten not yet hashed


def test_an_undone_branch_takes_its_hashes_with_it():
    ruleset = registry.get("statwar")
    match = Match(ruleset, ruleset.new_battle(ruleset.load_scenario("duel_25"), 7), "practice")
    for _ in range(6):
        match.apply(match.legal_actions(match.to_act()[0])[0])
    before = match.state_hash_at(6)
    assert match.undo(None)
    legal = match.legal_actions(match.to_act()[0])
    other = next(a for a in legal if ruleset.play(match.state, a).state != match.state_at(6))
    match.apply(other)
    assert match.state_hash_at(6) == ruleset.codec().state_hash(match.state) != before
    loaded = saves.verify(saves.read_document("x", saves.save_document(match, **META)))
    assert [loaded.state_hash_at(s) for s in range(7)] == [match.state_hash_at(s) for s in range(7)]
