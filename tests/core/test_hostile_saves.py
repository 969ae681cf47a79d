"""Issue 19, findings 1-8: a save proves its start and its metadata, every value is bounded
before use, only regular files are read, seeds have one range. Each test failed before."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import orjson
import pytest

from core import registry, saves
from core.content import read_toml
from core.errors import ContentError, SaveError
from core.rng import SEED_MAX, parse_seed
from core.sim import run_batch
from tests.core.hostile import BATTLES, document, played, write
from tests.core.save_helpers import format_2_document, plain, rehash
from tui import cli, saving


def refusal(path: Path, within: float = 5.0) -> str:
    start = time.perf_counter()
    with pytest.raises(SaveError) as info:
        saves.load_match(path)
    assert time.perf_counter() - start < within
    text = str(info.value)
    assert "\n" not in text
    return text


# --- 1: a forged start does not verify --------------------------------------------------
def test_a_forged_start_with_recomputed_hashes_is_refused(tmp_path):
    doc = document("statwar")
    for unit in doc["initial"]["units"]:
        unit["health"] = 99
    path = write(tmp_path / "forged.json", rehash(doc, registry.get("statwar")))
    assert "initial: not the state scenario 'duel_25' with seed 7 starts from" in refusal(path)


def test_a_forged_format_2_save_is_refused_too(tmp_path):
    match = played("statwar", "duel_25", 7, 10)
    doc = format_2_document(match, created="", players=["human", "normal"], scenario="duel_25", seed=7)
    doc["initial"]["units"][0]["health"] = 99
    codec = match.ruleset.codec()
    doc["hashes"][0]["hash"] = codec.state_hash(codec.decode_state(doc["initial"]))
    text = refusal(write(tmp_path / "old.json", doc))
    assert "initial: start not proven (format 2): not the state scenario 'duel_25' with seed 7 starts from" in text


def test_the_setup_of_a_save_is_checked_by_the_content_rules(tmp_path):
    ruleset = registry.get("statwar")
    army = ruleset.load_army(ruleset.army_files()[0])
    match = played("statwar", "duel_25", 7, 4)
    doc = plain(saves.save_document(match, created="", players=["human", "normal"], scenario="duel_25", seed=7, armies={0: army}))
    doc["setup"]["armies"][0]["army"]["units"][0]["move"] = 2**62
    assert "setup.armies[0].army.units[0].move: is 4611686018427387904; the most a file may buy is 99" in refusal(write(tmp_path / "a.json", doc))


def test_a_save_with_a_brought_army_proves_its_start(tmp_path):
    statwar = registry.get("statwar")
    for path in statwar.army_files():
        army = statwar.load_army(path)
        if army == statwar.setup_armies(statwar.load_scenario("border_50"))[0]:
            continue
        try:
            setup = statwar.with_army(statwar.load_scenario("border_50"), 0, army)
        except ContentError:
            continue
        from core.match import Match

        match = Match(statwar, statwar.new_battle(setup, 11))
        saved = saves.write_save(tmp_path / "army.json", match, created="", players=["human", "easy"],
                                 scenario="border_50", seed=11, armies={0: army})
        assert saves.load_match(saved).initial == match.initial
        plain = saves.write_save(tmp_path / "plain.json", match, created="", players=["human", "easy"],
                                 scenario="border_50", seed=11)
        assert "initial: not the state scenario 'border_50' with seed 11 starts from" in refusal(plain)
        return
    pytest.skip("no bundled army fits border_50")


# --- 2, 3: bombs and hostile states ------------------------------------------------------
@pytest.mark.parametrize("field, value", [("move", 2**62), ("defender", 10**6), ("range", 2**62)])
def test_save_bombs_end_in_one_line_at_once(tmp_path, field, value):
    doc = document("statwar")
    doc["initial"]["designs"][0][field] = value
    assert "initial: not the state" in refusal(write(tmp_path / "bomb.json", rehash(doc, registry.get("statwar"), replay=False)), 2.0)


@pytest.mark.parametrize("edit", ["terrain", "side"])
def test_hostile_starting_states_are_refused_before_anything_draws_them(tmp_path, edit, capsys):
    doc = document("statwar")
    if edit == "terrain":
        doc["initial"]["board"]["terrain"][0] = "x"
    else:
        doc["initial"]["units"][0]["side"] = 50
    path = write(tmp_path / "hostile.json", rehash(doc, registry.get("statwar"), replay=False))
    assert "initial: not the state" in refusal(path)
    assert cli.main(["log", str(path)]) == 1
    assert cli.main(["replay", str(path)]) == 1
    assert "initial: not the state" in capsys.readouterr().err


def test_an_empty_hash_list_is_refused(tmp_path):
    doc = document("ninja")
    doc["hashes"] = []
    assert "hashes: empty" in refusal(write(tmp_path / "h.json", doc))


def test_hashes_must_cover_every_window_of_work(tmp_path):
    doc = document("ninja")
    doc["hash_every"] = 10**9
    assert "hash_every: 1000000000; it must be 1 to" in refusal(write(tmp_path / "h.json", doc))
    doc = document("ninja")
    del doc["hashes"][1]
    assert "hashes: " in refusal(write(tmp_path / "g.json", doc))


def test_links_must_be_one_per_action_and_each_a_digest(tmp_path):
    doc = document("ninja")
    steps = len(doc["actions"])
    assert len(doc["links"]) == steps > 0
    cut = {**doc, "links": doc["links"][:-1]}
    assert f"links: {steps - 1} recorded; a save of {steps} actions records one after each" in refusal(write(tmp_path / "a.json", cut))
    none = {**doc, "links": []}  # a format-4 file that dropped its links: refused, not read as format 3
    assert f"links: 0 recorded; a save of {steps} actions" in refusal(write(tmp_path / "b.json", none))
    bad = {**doc, "links": ["x" * 5000, *doc["links"][1:]]}
    assert "links[0]: 'xxxxxxxxxxxxxxxxxxxx' is not 16 hex digits" in refusal(write(tmp_path / "c.json", bad))
    gone = {k: v for k, v in doc.items() if k != "links"}
    assert "links" in refusal(write(tmp_path / "d.json", gone))


# --- 4: only regular files -----------------------------------------------------------------
DEVICES = [d for d in ("/dev/zero", "/dev/urandom") if os.path.exists(d)]


@pytest.mark.parametrize("device", DEVICES)
def test_devices_are_refused_in_one_line(tmp_path, device):
    assert "not a regular file (a device)" in refusal(Path(device), 1.0)
    link = tmp_path / "link.json"
    link.symlink_to(device)
    assert "not a regular file (a device)" in refusal(link, 1.0)
    with pytest.raises(ContentError) as info:
        read_toml(link)
    assert "not a regular file" in str(info.value)


def test_a_fifo_never_blocks(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    done = []
    worker = threading.Thread(target=lambda: done.append(refusal(fifo)), daemon=True)
    worker.start()
    worker.join(5)
    assert done and "not a regular file (a pipe)" in done[0]


def test_the_saves_list_skips_what_is_not_a_regular_file(tmp_path):
    write(tmp_path / "good.json", document("ninja"))
    os.mkfifo(tmp_path / "pipe.json")
    if DEVICES:
        (tmp_path / "zero.json").symlink_to(DEVICES[0])
    listed = {s.path.name: s for s in saves.list_saves(tmp_path)}
    assert listed["good.json"].error is None
    assert listed["pipe.json"].error == "not a regular file: skipped"
    if DEVICES:
        assert listed["zero.json"].error == "not a regular file: skipped"


def test_the_size_limit_counts_the_bytes_read(tmp_path, monkeypatch):
    path = write(tmp_path / "big.json", document("ninja"))
    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", 1000)
    assert "larger than the limit of 1000 bytes" in refusal(path)


# --- 5: a save without a seed -----------------------------------------------------------------
def test_a_format_2_save_without_a_seed_loads_with_the_seed_its_dice_hold(tmp_path):
    match = played("ninja", "ash_vs_vine", 7, 6)
    doc = format_2_document(match, created="", players=["human", "normal"], scenario="ash_vs_vine", seed=None)
    path = write(tmp_path / "noseed.json", doc)
    loaded, meta = saving.load(path)
    assert loaded.state == match.state
    assert meta["seed"] == 7


# --- 6: one seed range -------------------------------------------------------------------------
def test_seeds_have_one_range(capsys):
    assert parse_seed(str(SEED_MAX)) == SEED_MAX
    for bad in (str(SEED_MAX + 1), "-1", str(2**70), "seven"):
        with pytest.raises(ValueError):
            parse_seed(bad)
    assert cli.main(["sim", "statwar", "--games", "1", "--seed", str(2**70)]) == 2
    assert cli.main(["play", "statwar", "--seed", str(2**64)]) == 2
    assert "a seed is a whole number from 0 to 18446744073709551615" in capsys.readouterr().err
    with pytest.raises(ValueError, match="--seed"):
        run_batch("statwar", games=1, seed=2**70)


def test_a_seed_beyond_64_bits_is_refused_in_a_save(tmp_path):
    blob = saves.render(document("statwar"))
    assert b'"seed":7,"armies"' in blob
    path = tmp_path / "s.json"
    path.write_bytes(blob.replace(b'"seed":7,"armies"', f'"seed":{2**64},"armies"'.encode()))
    assert "setup.seed: expected an integer, not float" in refusal(path)  # orjson reads 64 bits at most
    path.write_bytes(blob.replace(b'"seed":7,"armies"', b'"seed":-1,"armies"'))
    assert "setup.seed: a seed is a whole number from 0 to 18446744073709551615" in refusal(path)


# --- 7: content changed ----------------------------------------------------------------------------
def test_a_content_edit_is_named_before_a_divergence(tmp_path, monkeypatch):
    doc = document("statwar")
    doc["content_fingerprint"] = "0123456789abcdef"
    doc = rehash(doc, registry.get("statwar"))
    doc["hashes"][2]["hash"] = "0" * 16  # the checkpoint after 2 x hash_every actions
    path = write(tmp_path / "old.json", doc)
    now = saves.fingerprint(registry.get("statwar").content_dir())
    k = doc["hash_every"]
    assert f"the content changed since this save (fingerprint 0123456789abcdef, now {now}): actions[{k}..{2 * k - 1}]: the replay diverges" in refusal(path)


def test_a_content_edit_that_changes_the_start_is_named(tmp_path, monkeypatch):
    doc = document("statwar")
    doc["content_fingerprint"] = "0123456789abcdef"
    doc["initial"]["title"] = "Another Duel"
    path = write(tmp_path / "old.json", rehash(doc, registry.get("statwar")))
    assert "the content changed since this save (fingerprint 0123456789abcdef, now " in refusal(path)


# --- 8: metadata and action fields are proven ------------------------------------------------
@pytest.mark.parametrize("edit", ["players", "created", "undo", "fingerprint"])
def test_metadata_is_covered_by_the_hashes(tmp_path, edit):
    """The metadata by the final hash (it changes at every save, so the chain no longer
    starts from it), the header the chain starts from by every hash from the first."""
    doc = document("statwar")
    if edit == "players":
        doc["meta"]["players"] = ["hard", "hard"]
    elif edit == "created":
        doc["meta"]["created"] = "1999-01-01 00:00:00 UTC"
    elif edit == "undo":
        doc["meta"]["undo"] = "practice"
    else:
        doc["content_fingerprint"] = "ffffffffffffffff"
    why = refusal(write(tmp_path / "m.json", doc))
    if edit == "fingerprint":
        assert why.endswith("hashes[0]: the header, setup or initial state does not match the recorded hash")
    else:
        assert why.endswith("final_hash: the final state or the metadata (meta) differs from the recording")


@pytest.mark.parametrize("ruleset, field, value, reason", [
    ("commanders", "elevation", True, "expected an integer, not a boolean"),
    ("commanders", "terrain", 7, "expected text, not int"),
    ("ninja", "elevation", 1.5, "expected an integer, not float"),
])
def test_a_wrong_item_in_a_long_run_of_numbers_or_text_is_named(ruleset, field, value, reason):
    """A board's terrain and heights are checked in one pass: a wrong item still gets its index."""
    doc = document(ruleset)
    doc["initial"]["board"][field][3] = value
    with pytest.raises(SaveError) as info:
        saves.read_document("x.json", doc)
    assert str(info.value) == f"x.json: initial: board.{field}[3]: {reason}"


def test_an_action_written_again_is_read_once_and_still_checked():
    """A save reads each distinct action once (a unit that holds, an end of turn recur); a
    later copy spelled another way is other bytes, so it is read and refused on its own."""
    doc = document("commanders")
    doc["actions"][5] = dict(doc["actions"][2])
    replay = saves.read_document("x.json", doc)
    assert replay.actions[5] is replay.actions[2] and replay.action_blobs[5] == replay.action_blobs[2]
    doc["actions"][5]["side"] = float(doc["actions"][5]["side"])
    with pytest.raises(SaveError) as info:
        saves.read_document("x.json", doc)
    assert str(info.value) == "x.json: actions[5]: side: expected an integer, not float"


def test_unknown_and_defaulted_action_fields_are_refused(tmp_path):
    doc = document("statwar")
    index = next(i for i, a in enumerate(doc["actions"]) if a["kind"] == "Activate")
    doc["actions"][index]["extra"] = 1
    assert f"actions[{index}]" in refusal(write(tmp_path / "x.json", doc))
    doc = document("statwar")
    del doc["actions"][index]["target"]
    assert f"actions[{index}].target: missing (every field is written out, defaults too)" in refusal(write(tmp_path / "y.json", doc))


def test_players_are_seats_one_per_side(tmp_path):
    doc = document("statwar")
    doc["meta"]["players"] = ["human", "normal", "easy"]
    assert "meta.players: names 3 players; the battle has 2 sides" in refusal(write(tmp_path / "p.json", rehash(doc, registry.get("statwar"))))
    doc["meta"]["players"] = ["human", "\x1b[31mroot"]
    assert "meta.players[1]: " in refusal(write(tmp_path / "q.json", doc))


@pytest.mark.parametrize("name", [b[0] for b in BATTLES])
def test_real_saves_of_every_ruleset_verify(tmp_path, name):
    match = saves.load_match(write(tmp_path / f"{name}.json", document(name)))
    assert match.steps > 0


# --- the envelope is one declared shape, read by the house converter --------------------
@pytest.mark.parametrize("name", [b[0] for b in BATTLES])
def test_the_envelope_describes_every_written_save_exactly(name):
    """Every key a save writes is a field of saves.Envelope and nothing else is: a written
    document structures and unstructures back to itself through the house converter."""
    doc = orjson.loads(orjson.dumps(document(name)))
    envelope = saves.ENVELOPE_CONVERTER.structure(doc, saves.Envelope)
    assert orjson.loads(orjson.dumps(saves.ENVELOPE_CONVERTER.unstructure(envelope))) == doc


@pytest.mark.parametrize(
    "edit, reason",
    [
        (lambda d: d["setup"].update(colour="red"), "setup.colour: unknown key"),
        (lambda d: d["meta"].pop("undo"), "meta.undo: missing"),
        (lambda d: d["meta"].update(result={"winner": 0, "reason": "x", "extra": 1}), "meta.result.extra: unknown key"),
        (lambda d: d["hashes"][0].update(step="0"), "hashes[0].step: expected an integer, not text"),
        (lambda d: d["meta"].update(created="\x1b[2J"), "meta.created: holds the control character U+001B"),
        (lambda d: d["setup"].update(dice="loaded"), "setup.dice: 'loaded' is not a dice rule"),
    ],
)
def test_envelope_problems_name_the_field(tmp_path, edit, reason):
    doc = document("statwar")
    edit(doc)
    assert reason in refusal(write(tmp_path / "e.json", doc))
