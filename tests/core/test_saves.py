"""Saves are replays: round trip, tamper detection, and every kind of broken file."""

import json
import os

import pytest

from core import registry, saves
from core.errors import SaveError
from core.match import Match
from core.serial import canonical
from core.saves import (
    FORMAT_VERSION,
    autosave,
    default_saves_dir,
    list_saves,
    load_match,
    read_save,
    save_document,
    verify,
    write_save,
)

from tests.core.save_helpers import format_2_document, rehash, relink

pytestmark = pytest.mark.usefixtures("toy_registered")
from tests.toy_ruleset import RULESET as TOY  # noqa: E402  (the instance the registry hands out for "toy")
META = dict(created="2026-01-02 03:04:05 UTC", players=["human", "normal"], scenario="relay", seed=8)


def played(seed: int = 8, scenario: str = "relay", limit: int | None = None) -> Match:
    match = Match(TOY, TOY.new_battle(TOY.load_scenario(scenario), seed), undo="practice")
    while match.outcome() is None and (limit is None or match.steps < limit):
        side = match.to_act()[0]
        legal = match.legal_actions(side)
        match.apply(legal[(match.steps * 7) % len(legal)])
    return match


@pytest.fixture
def saved(tmp_path):
    match = played()
    return write_save(tmp_path / "game.json", match, **META), match


def load_json(path):
    return json.loads(path.read_text())


def dump_json(path, data):
    path.write_text(json.dumps(data))


def reason_of(path) -> SaveError:
    with pytest.raises(SaveError) as info:
        load_match(path)
    error = info.value
    assert "\n" not in str(error)
    return error


def test_round_trip_reproduces_the_battle(saved):
    path, match = saved
    again = load_match(path)
    assert again.state == match.state
    assert again.actions == match.actions
    assert again.cursor == again.steps == match.steps
    replay = read_save(path)
    assert replay.meta.players == ("human", "normal")
    assert replay.meta.result == {"winner": match.outcome().winner, "reason": match.outcome().reason}
    assert replay.meta.steps == match.steps and replay.meta.seed == 8
    assert not replay.content_changed


def test_the_document_follows_the_documented_layout(saved):
    path, match = saved
    data = load_json(path)
    assert list(data) == list(saves.TOP_KEYS)
    assert data["format"] == "skirmish-replay" and data["format_version"] == FORMAT_VERSION
    assert data["ruleset"] == "toy" and data["rules_version"] == 1
    # checkpoints every hash_every actions (the default) from the start; the end has final_hash
    every = data["hash_every"]
    assert every == saves.HASH_EVERY and match.steps > every
    assert [h["step"] for h in data["hashes"]] == list(range(0, match.steps + 1, every))
    assert len(data["final_hash"]) == 16
    assert data["actions"][0]["kind"] in ("Dash", "Trip", "Rest")
    assert data["meta"]["created"] == META["created"]


def test_only_the_actions_up_to_the_cursor_are_saved(tmp_path):
    match = played(limit=6)
    match.undo()
    match.undo()
    path = write_save(tmp_path / "mid.json", match, **META)
    again = load_match(path)
    assert again.steps == 4 and again.state == match.state
    assert read_save(path).meta.result is None


def test_sparse_hashes_still_verify_and_localise_a_divergence(tmp_path):
    match = played()
    doc = save_document(match, hash_every=5, **META)
    assert [h["step"] for h in doc["hashes"]][:3] == [0, 5, 10]
    path = saves.write_document(tmp_path / "sparse.json", doc)
    assert load_match(path).state == match.state
    doc["hashes"][2]["hash"] = "0" * 16
    saves.write_document(path, doc)
    error = reason_of(path)
    assert "actions[5..9]" in str(error) and error.action_index == 5


def tamper_action(path, index: int) -> None:
    """Swap action `index` for a different legal action of the same moment."""
    replay = read_save(path)
    match = Match.replay(TOY, replay.initial, list(replay.actions[:index]))
    side = replay.actions[index].side
    other = next(a for a in match.legal_actions(side) if a != replay.actions[index] and type(a).__name__ != "Rest")
    data = load_json(path)
    data["actions"][index] = TOY.codec().encode_action(other)
    dump_json(path, data)


def test_a_tampered_action_is_named(saved):
    # states are hashed every HASH_EVERY actions, but the chain's links name the very action
    path, _ = saved
    tamper_action(path, 17)
    error = reason_of(path)
    assert saves.HASH_EVERY == 10 and error.action_index == 17
    assert str(error) == f"{error.file}: actions[17]: not the action recorded here (the chain of actions breaks at it)"


def test_an_edit_with_its_links_recomputed_is_found_within_its_checkpoint_window(saved):
    # links recomputed after the edit: the next checkpoint (20) still differs, and names its window
    path, _ = saved
    tamper_action(path, 17)  # the later actions stay legal
    dump_json(path, relink(load_json(path)))
    error = reason_of(path)
    k = saves.HASH_EVERY
    assert error.action_index == k
    assert str(error).startswith(f"{error.file}: actions[{k}..{2 * k - 1}]: the replay diverges within these actions")


def test_the_first_fault_is_named_first(saved):
    """A verify hashes the checkpoints it reached after the replay (back to back), but names
    the faults in their order: a checkpoint that differs before a later broken link, and
    before a later illegal action; a broken link before the checkpoint after it."""
    path, _ = saved
    k = saves.HASH_EVERY
    data = load_json(path)
    data["hashes"][1]["hash"] = "0" * 16  # the checkpoint after k actions
    dump_json(path, data)
    tamper_action(path, k + 7)
    error = reason_of(path)
    assert error.action_index == 0 and f"actions[0..{k - 1}]: the replay diverges within" in str(error)
    data = load_json(path)
    data["actions"][k + 7] = {"kind": "Trip", "side": data["actions"][k + 7]["side"], "uid": 0, "target": 99}
    dump_json(path, relink(data))
    error = reason_of(path)
    assert error.action_index == 0 and f"actions[0..{k - 1}]: the replay diverges within" in str(error)
    tamper_action(path, 3)  # the checkpoint after k actions still differs
    error = reason_of(path)
    assert error.action_index == 3 and "actions[3]: not the action recorded here" in str(error)


def test_an_illegal_action_is_named(saved):
    path, _ = saved
    data = load_json(path)
    data["actions"][2] = {"kind": "Trip", "side": data["actions"][2]["side"], "uid": 0, "target": 99}
    dump_json(path, data)
    error = reason_of(path)
    assert error.action_index == 2 and "actions[2]: illegal when replayed" in str(error)


def test_a_changed_initial_state_is_caught(saved):
    path, _ = saved
    data = load_json(path)
    data["initial"]["runners"][0]["position"] = 3
    dump_json(path, data)
    assert "initial: not the state scenario 'relay' with seed 8 starts from" in str(reason_of(path))


def test_a_wrong_result_is_caught(saved):
    path, _ = saved
    data = load_json(path)
    data["meta"]["result"] = {"winner": 3, "reason": "made up"}
    dump_json(path, data)
    assert "final_hash: the final state or the metadata (meta) differs from the recording" in str(reason_of(path))
    dump_json(path, rehash(data, TOY))  # a forger recomputes the hashes: the replay still disagrees
    assert "meta.result" in str(reason_of(path))


def corrupt(path, how: str):
    text = path.read_text()
    data = json.loads(text)
    if how == "truncated":
        path.write_text(text[: len(text) // 2])
    elif how == "empty":
        path.write_text("")
    elif how == "binary":
        path.write_bytes(b"\x00\xff\xfe" * 50)
    elif how == "not an object":
        path.write_text("[1, 2, 3]")
    elif how == "NaN":
        path.write_text(text.replace('"seed":8', '"seed":NaN'))
        assert 'NaN' in path.read_text()
    elif how == "deep":
        path.write_text('{"format": "skirmish-replay", "x": ' + "[" * 5000 + "]" * 5000 + "}")
    elif how == "huge number":
        data["setup"]["seed"] = 10**30
        path.write_text(json.dumps(data))
    elif how == "overflowing number":
        data["setup"]["seed"] = 10**400
        path.write_text(json.dumps(data))
    elif how == "future":
        data["format_version"] = FORMAT_VERSION + 1
        dump_json(path, data)
    elif how == "other format":
        data["format"] = "something-else"
        dump_json(path, data)
    elif how == "unknown ruleset":
        data["ruleset"] = "chess"
        dump_json(path, data)
    elif how == "newer rules":
        data["rules_version"] = 99
        dump_json(path, data)
    elif how == "missing key":
        del data["actions"]
        dump_json(path, data)
    elif how == "unknown key":
        data["cheat"] = True
        dump_json(path, data)
    elif how == "wrong meta type":
        data["meta"]["players"] = "everyone"
        dump_json(path, data)
    elif how == "bool as number":
        data["hash_every"] = True
        dump_json(path, data)
    elif how == "wrong state type":
        data["initial"]["runners"][0]["hp"] = "2"
        dump_json(path, data)
    elif how == "wrong state shape":
        data["initial"]["runners"] = "abc"
        dump_json(path, data)
    elif how == "wrong action kind":
        data["actions"][1] = {"kind": "Teleport", "side": 0}
        dump_json(path, data)
    elif how == "action not an object":
        data["actions"][1] = [1, 2]
        dump_json(path, data)
    elif how == "hostile ids":
        data["actions"][0] = {"kind": "Dash", "side": data["actions"][0]["side"], "uid": 2**62}
        dump_json(path, data)
    elif how == "steps disagree":
        data["meta"]["steps"] = 1
        dump_json(path, data)
    elif how == "hashes out of order":
        data["hashes"].reverse()
        dump_json(path, data)
    elif how == "wrong types everywhere":
        dump_json(path, {k: [None, {"a": [1.5]}] for k in data} | {"format": "skirmish-replay", "format_version": 1})
    else:
        raise AssertionError(how)


KINDS = [
    ("truncated", "damaged or cut short"),
    ("empty", "the file is empty"),
    ("binary", "damaged or cut short"),
    ("not an object", "not a save"),
    ("NaN", "damaged or cut short"),
    ("deep", "damaged or cut short"),
    ("huge number", "setup.seed: expected an integer, not float"),
    ("overflowing number", "damaged or cut short"),
    ("future", "written by a newer Skirmish"),
    ("other format", "not a Skirmish save"),
    ("unknown ruleset", "ruleset: unknown ruleset 'chess'"),
    ("newer rules", "made with newer toy rules"),
    ("missing key", "actions: missing"),
    ("unknown key", "cheat: unknown key"),
    ("wrong meta type", "meta.players: expected a list, not text"),
    ("bool as number", "hash_every: expected an integer, not a boolean"),
    ("wrong state type", "initial: runners[0].hp: expected an integer, not text"),
    ("wrong state shape", "initial: runners: expected a list, not text"),
    ("wrong action kind", "actions[1]: "),
    ("action not an object", "actions[1]: "),
    ("hostile ids", "actions[0]: illegal when replayed"),
    ("steps disagree", "meta.steps: says 1"),
    ("hashes out of order", "hashes[0].step"),
    ("wrong types everywhere", ": "),
]


@pytest.mark.parametrize("how, reason", KINDS, ids=[k for k, _ in KINDS])
def test_every_corruption_is_one_line(saved, how, reason):
    path, _ = saved
    corrupt(path, how)
    error = reason_of(path)
    assert reason in str(error), str(error)
    assert str(error).startswith(error.file + ": ")


def test_size_limit(saved, monkeypatch):
    path, _ = saved
    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", 100)
    assert "the limit of 100 bytes" in str(reason_of(path))


def test_missing_file_and_folder(tmp_path):
    assert "no such file" in str(reason_of(tmp_path / "none.json"))
    assert "is a folder" in str(reason_of(tmp_path))


def test_a_version_0_file_loads_through_the_migration_chain(saved, monkeypatch):
    path, match = saved
    data = format_2_document(match, **META)
    # Version 0 (made up for this test) called the metadata "info" and had no fingerprint.
    data["format_version"] = 0
    data["info"] = data.pop("meta")
    del data["content_fingerprint"]
    dump_json(path, data)
    assert "too old to read" in str(reason_of(path))

    def zero_to_one(doc):
        doc["meta"] = doc.pop("info")
        doc["content_fingerprint"] = ""
        doc["format_version"] = 1
        return doc

    monkeypatch.setitem(saves.MIGRATIONS, 0, zero_to_one)
    again = load_match(path)
    assert again.state == match.state
    assert read_save(path).content_changed


def test_a_broken_migration_is_one_line(saved, monkeypatch):
    path, _ = saved
    data = load_json(path)
    data["format_version"] = 0
    dump_json(path, data)
    monkeypatch.setitem(saves.MIGRATIONS, 0, lambda doc: doc["nothing"])
    assert "cannot migrate from save format 0" in str(reason_of(path))
    monkeypatch.setitem(saves.MIGRATIONS, 0, lambda doc: doc)
    assert "did not produce format 1" in str(reason_of(path))


def test_write_is_atomic_and_leaves_no_temp_files(tmp_path, monkeypatch):
    match = played()
    path = write_save(tmp_path / "deep" / "a.json", match, **META)
    first = path.read_bytes()

    def fail(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves.os, "replace", fail)
    with pytest.raises(OSError):
        write_save(path, played(seed=9), **META)
    assert path.read_bytes() == first
    assert sorted(p.name for p in path.parent.iterdir()) == ["a.json"]


def test_autosave_has_one_file_per_ruleset(tmp_path):
    first = autosave(tmp_path, played(limit=3), **META)
    second = autosave(tmp_path, played(limit=5), **META)
    assert first == second == tmp_path / "autosave-toy.json"
    assert load_match(first).steps == 5


def test_list_saves_reports_bad_files_without_stopping(tmp_path):
    write_save(tmp_path / "b.json", played(), **(META | {"created": "2026-01-01 00:00:00 UTC"}))
    write_save(tmp_path / "c.json", played(seed=2), **(META | {"created": "2026-02-01 00:00:00 UTC"}))
    (tmp_path / "a.json").write_text("{")
    (tmp_path / "notes.txt").write_text("not a save")
    found = list_saves(tmp_path)
    assert [s.path.name for s in found] == ["c.json", "b.json", "a.json"]
    assert found[0].ruleset == "toy" and found[0].scenario == "relay" and found[0].error is None
    assert found[2].error.startswith("not a valid save")
    assert list_saves(tmp_path / "missing") == []


def test_default_saves_dir(monkeypatch, tmp_path):
    monkeypatch.setenv("SKIRMISH_SAVES", str(tmp_path))
    assert default_saves_dir() == tmp_path
    monkeypatch.delenv("SKIRMISH_SAVES")
    assert default_saves_dir().name == "saves" and (default_saves_dir().parent / "core").is_dir()


def test_verify_rechecks_a_parsed_replay(saved):
    path, match = saved
    assert verify(read_save(path)).state == match.state
    assert os.path.getsize(path) < 40_000


def test_a_bundled_scenario_is_read_once_until_a_data_file_changes(tmp_path, monkeypatch):
    """Verifying rebuilds the start from the scenario; a bundled one is kept by name and content
    fingerprint (core.saves._scenario), so a second verify reads no file, and an edit to any
    data file makes it read again: a save of the old content then names its start as changed."""
    import attrs

    from tests import toy_ruleset

    content = tmp_path / "content"
    content.mkdir()
    (content / "notes.toml").write_text('kind = "notes"\n')
    monkeypatch.setattr(type(TOY), "content_dir", lambda self: content)
    path = write_save(tmp_path / "game.json", played(), **META)
    reads = []
    load = type(TOY).load_scenario
    monkeypatch.setattr(type(TOY), "load_scenario", lambda self, name: (reads.append(name), load(self, name))[1])
    load_match(path)
    load_match(path)
    assert reads.count("relay") <= 1, reads
    longer = attrs.evolve(toy_ruleset.BUNDLED["relay"], length=9)
    monkeypatch.setitem(toy_ruleset.BUNDLED, "relay", longer)
    load_match(path)  # the content folder is as it was: the kept scenario stands
    (content / "notes.toml").write_text('kind = "notes"\nedited = true\n')
    with pytest.raises(SaveError, match="content changed since this save.*initial: not the state scenario 'relay'"):
        load_match(path)


def test_a_save_is_laid_out_for_people_one_key_and_one_action_a_line():
    match = played(limit=12)
    doc = save_document(match, **META)
    doc["empty"] = []
    blob = saves.render(doc)
    assert list(json.loads(blob)) == list(saves.TOP_KEYS) + ["empty"]
    lines = blob.decode().splitlines()
    assert lines[0] == "{" and lines[-1] == "}" and blob.endswith(b"}\n")
    assert lines[1] == f'  "format": "{saves.FORMAT}",' and lines[-2] == '  "empty": []'
    start = lines.index('  "actions": [')
    actions = lines[start + 1 : start + 1 + match.steps]
    # each action's line is the canonical JSON its link covers, and decodes to the action played
    codec = TOY.codec()
    assert [line.strip().rstrip(",").encode() for line in actions] == [canonical(codec.encode_action(a)) for a in match.actions]
    assert [codec.decode_action(json.loads(line.strip().rstrip(","))) for line in actions] == list(match.actions)
    assert all(line.startswith("    {") for line in actions) and lines[start + 1 + match.steps] == "  ],"
