"""Building save documents the way older builds and forgers would, for tests of what a save proves."""

from __future__ import annotations

from typing import Any

import orjson

from core import saves
from core.match import Match
from core.serial import canonical


def plain(document: dict[str, Any]) -> dict[str, Any]:
    """`document` as a file holds it: plain JSON values to edit or to read again (a save
    document holds each action as its canonical bytes, an orjson.Fragment)."""
    return orjson.loads(saves.render(document))


def format_2_document(match: Match, **meta: Any) -> dict[str, Any]:
    """`match` as the build before format 3 wrote it: scenario and seed in meta, no setup,
    hashes of the states alone."""
    doc = plain(saves.save_document(match, **meta))
    codec = match.ruleset.codec()
    setup = doc.pop("setup")
    m = doc["meta"]
    doc["format_version"] = 2
    doc["meta"] = {"created": m["created"], "players": m["players"], "scenario": setup["scenario"],
                   "seed": setup["seed"], "result": m["result"], "steps": m["steps"], "undo": m["undo"]}
    every = doc["hash_every"]
    del doc["links"]
    doc["hashes"] = [{"step": s, "hash": codec.state_hash(match.state_at(s))} for s in range(0, match.cursor + 1, every)]
    doc["final_hash"] = codec.state_hash(match.state)
    return doc


def chain_start(doc: dict[str, Any]) -> str:
    """The link the chain of `doc` (format 5) starts from: what stays the same for a battle."""
    return saves.start_link(canonical({k: doc.get(k) for k in saves.BATTLE_KEYS}))


def relink(doc: dict[str, Any]) -> dict[str, Any]:
    """`doc` with the chain's link after each action recomputed for the actions it now holds
    (its hashes left as they were): an edit that the links no longer name."""
    link = chain_start(doc)
    links = []
    for raw in doc["actions"] if isinstance(doc.get("actions"), list) else []:
        link = saves.next_link(link, canonical(raw))
        links.append(link)
    return {**doc, "links": links}


def rehash(doc: dict[str, Any], ruleset: Any, replay: bool = True) -> dict[str, Any]:
    """`doc` (format 5) with its links and every hash recomputed for what it now holds, as a forger would:
    the states its actions reach from its (possibly edited) initial state. Where an action
    cannot be replayed, the hashes from there on are left as they were. With `replay` False
    only the start's hash is recomputed (a state built to hang the rules would hang this too)."""
    codec = ruleset.codec()
    try:
        state = codec.decode_state(doc["initial"])
        actions = [codec.decode_action(a) for a in doc["actions"]]
    except Exception:
        return doc
    doc = relink(doc)
    every = doc["hash_every"] if isinstance(doc.get("hash_every"), int) and doc["hash_every"] > 0 else 1
    link = chain_start(doc)
    hashes = [{"step": 0, "hash": saves.checkpoint(link, codec.state_hash(state))}]
    if not replay:
        return {**doc, "hashes": hashes + doc["hashes"][1:]}
    for step, (raw, action) in enumerate(zip(doc["actions"], actions), start=1):
        try:
            state = ruleset.play(state, action).state
        except Exception:
            return {**doc, "hashes": hashes + doc["hashes"][len(hashes):]}
        link = saves.next_link(link, canonical(raw))
        if step % every == 0:
            hashes.append({"step": step, "hash": saves.checkpoint(link, codec.state_hash(state))})
    return {**doc, "hashes": hashes, "final_hash": saves.closing(link, codec.state_hash(state), canonical(doc.get("meta")))}
