"""No key does two things on one screen: within a scope (with the app's keys and, on the
map screens, the cursor keys of every preset) each default key names one action."""

from __future__ import annotations

import pytest

from tui import keymap


def keys_of(spec: str) -> list[str]:
    return [k.strip() for k in spec.split(",") if k.strip()]


@pytest.mark.parametrize("scope", ["battle", "replay", "menu"])
@pytest.mark.parametrize("preset", sorted(keymap.PRESET_MOVES))
def test_no_default_key_does_two_things(scope, preset):
    owners: dict[str, list[str]] = {}
    bound = {i: keys for i, (keys, _, _) in keymap.ACTIONS.items() if i.split(".")[0] in (scope, "app")}
    if scope in ("battle", "replay"):
        bound |= {f"map.{m}": keys for m, keys in keymap.PRESET_MOVES[preset].items()}
    for action, spec in bound.items():
        for key in keys_of(spec):
            owners.setdefault(key, []).append(action)
    clashes = {key: who for key, who in owners.items() if len(who) > 1}
    if scope == "replay":
        # the replay steps with the cursor keys on purpose: it has no cursor to move
        clashes = {k: w for k, w in clashes.items() if not all(a.startswith(("map.", "replay.forward", "replay.back", "replay.start", "replay.end", "replay.play")) for a in w)}
    assert clashes == {}
