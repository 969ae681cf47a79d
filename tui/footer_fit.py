"""Which key hints a screen's footer shows at the terminal's width, by priority.

Textual's footer lays its hints out in one row and cuts whatever runs past the right
edge, so at 80 columns the last keys simply vanished. A screen names its footer keys in
the order they matter; `fit_footer` keeps as many of them as the width holds, whole,
and hides the rest from the footer only: the help (`?`) still lists every key, and every
key still works.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from rich.cells import cell_len
from textual.screen import Screen

from tui import keymap


def fit_footer(screen: Screen, priority: Sequence[str], width: int, labels: Mapping[str, str] | None = None,
               short: Mapping[str, str] | None = None) -> tuple[str, ...]:
    """Show in the footer the bindings of `screen` named by id in `priority` (most needed
    first) that fit in `width` columns; hide the others there. `labels` renames bindings
    by id (in the footer and the help alike); `short` gives a shorter name for the footer
    only (the help keeps the long one: it reads a binding's tooltip first). Returns the ids
    shown.

    A binding the screen's check_action turns off takes no room. Each hint costs its key,
    a space, its words and the space after it (Textual's compact footer)."""
    labels = dict(labels or {})
    tooltips = {}
    for binding_id, words in (short or {}).items():
        tooltips[binding_id] = labels.get(binding_id) or keymap.ACTIONS[binding_id][1]
        labels[binding_id] = words
    bindings = screen._bindings.key_to_bindings  # the screen's own map: Textual applies the keymap to a copy
    first = {}
    for key_bindings in bindings.values():
        for binding in key_bindings:
            if binding.id in priority:
                first.setdefault(binding.id, binding)
    shown: list[str] = []
    used = -1  # no space after the last hint
    for binding_id in priority:
        binding = first.get(binding_id)
        if binding is None or screen.check_action(binding.action, ()) is False:
            continue
        words = labels.get(binding_id, binding.description)
        cost = cell_len(screen.app.get_key_display(binding)) + 1 + cell_len(words) + 1
        if used + cost <= width:
            shown.append(binding_id)
            used += cost
    for key, key_bindings in bindings.items():
        bindings[key] = [
            dataclasses.replace(b, show=b.id in shown, description=labels.get(b.id, b.description),
                                tooltip=tooltips.get(b.id, b.tooltip))
            if b.id in priority else b
            for b in key_bindings
        ]
    screen.refresh_bindings()
    return tuple(shown)
