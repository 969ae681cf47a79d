"""What the terminal knows about each ruleset: one plug-in record per ruleset, by name.

The core says how a ruleset plays; a `Plugin` says what the TUI adds around it:
the builder screens and their words, where the player's files of that ruleset
live, the battle screen's map legend and one-line prompt, and what the end
screen adds after a battle. Screens ask `get(ruleset.name)` and never compare
ruleset names themselves.

The registry mirrors core.registry: each name maps to a module path that exposes
`PLUGIN`, imported on first use, and `register(name, module_path)` adds a
ruleset from outside this package (the tests' toy ruleset). A ruleset with no
plug-in gets `Plugin(name)`: no builders, no player files, generic wording, so
any registered core ruleset is playable as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs

from core.registry import ByName

# (state, side to act or None, selected unit or None, pick stage) -> one line for the player
Prompt = Callable[[Any, "int | None", "int | None", int], str]

GENERIC_LEGEND = "Units show the first letter of their type; the unit panel names them."


def generic_prompt(state: Any, side: int | None, selected: int | None, stage: int) -> str:
    """The battle screen's line for a ruleset that words nothing of its own."""
    if selected is None:
        return "Enter on a unit of yours selects it (or a marked cell acts there); a lists every action."
    if stage == 0:
        return "Enter on a marked cell picks it; Enter on the unit itself stays put; Esc cancels."
    return "Enter on a target > < picks it; Enter on the unit itself does without; Esc steps back."


def no_turn_end(action: Any) -> bool:
    """A ruleset that words nothing of its own has no action the end key takes."""
    return False


def kind_by_type(action: Any) -> str:
    """The actions menu's heading for an action: its record's name in words ("End turn")."""
    name = type(action).__name__
    words = "".join(f" {c.lower()}" if c.isupper() else c for c in name).strip()
    return words[:1].upper() + words[1:]


def side_to_act(state: Any, names: tuple[str, ...], side: int) -> str:
    """Who acts, as the status line says it: the side's name."""
    return names[side] if side < len(names) else f"side {side + 1}"


@attrs.frozen
class Builder:
    """One builder screen, as the Builders hub lists it.

    `key` names it across every plug-in (the hub's option id, `app.open_builder`);
    `screen()` makes the screen, importing its module only when called.
    """

    key: str
    label: str
    about: str
    screen: Callable[[], Any]


@attrs.frozen
class AfterBattle:
    """What the end screen adds after a battle of this ruleset, and the records it can save.

    `text(match, seats)` is a block under the summary. `to_save(match, seats)` is
    what the end screen saves as it opens, once per battle (nothing: no save, the
    key is hidden); `save(app, items)` writes them and returns the notice to show,
    or None when it stopped (it has shown why; the save key then tries again).
    `save_label` is that key's word in the footer, `save_hint` the sentence put
    before the end screen's keys hint when there is something to save.
    """

    text: Callable[[Any, Mapping[Any, str]], str]
    to_save: Callable[[Any, Mapping[Any, str]], tuple[Any, ...]]
    save: Callable[[Any, tuple[Any, ...]], "str | None"]
    save_label: str
    save_hint: str


@attrs.frozen
class Plugin:
    """The TUI's knowledge of one ruleset (see the module's docstring).

    builders: its builder screens, in the hub's order.
    builders_words: what "Build a new ..." in New battle opens, in words.
    player_kind / army_word: the kind of player file that brings an army to a
        battle (a key of `folders`), and what New battle calls one.
    folders: kind of player file -> its folder under the player's folder.
    units_legend: the battle help's sentence on what the unit glyphs mean.
    prompt: the battle screen's one line saying what to do now.
    after_battle: what the end screen adds, if anything.
    ends_turn: whether an action ends the side's turn or seals its orders (the battle's
        end key takes it, and asks first while units have no orders).
    end_words: what that action does, in the question asked first ("end the turn").
    end_label: the end key's name in the footer and the help ("End turn", "Seal orders").
    acting: (state, side names, side) -> who acts, for the status line.
    action_kind: the heading an action is listed under in the actions menu.
    """

    name: str
    builders: tuple[Builder, ...] = ()
    builders_words: str = ""
    player_kind: str = "army"
    army_word: str = "army"
    folders: Mapping[str, str] = attrs.field(factory=dict)
    units_legend: str = GENERIC_LEGEND
    prompt: Prompt = generic_prompt
    after_battle: AfterBattle | None = None
    ends_turn: Callable[[Any], bool] = no_turn_end
    end_words: str = "end the turn"
    end_label: str = "End turn"
    acting: Callable[[Any, tuple[str, ...], int], str] = side_to_act
    action_kind: Callable[[Any], str] = kind_by_type


PLUGINS: ByName[Plugin] = ByName(
    {
        "statwar": "tui.rulesets.statwar",
        "ninja": "tui.rulesets.ninja",
        "commanders": "tui.rulesets.commanders",
    },
    "PLUGIN",
)


def register(name: str, module_path: str) -> None:
    """Make the plug-in in module `module_path` (which exposes `PLUGIN`) the one for ruleset `name`.

    Registering a name again replaces it and forgets the loaded record.
    """
    PLUGINS.register(name, module_path)


def unregister(name: str) -> None:
    """Forget a plug-in added with `register`; the ruleset then gets the default record."""
    PLUGINS.unregister(name)


def get(name: str) -> Plugin:
    """The plug-in for ruleset `name`, or the default record when it has none."""
    if name not in PLUGINS:
        return Plugin(name)
    plugin = PLUGINS.get(name)
    if plugin.name != name:
        raise ValueError(f"{PLUGINS.module_of(name)}.PLUGIN is for {plugin.name!r}, registered as {name!r}")
    return plugin


def plugins() -> tuple[Plugin, ...]:
    """Every registered plug-in, in registration order (the Builders hub lists them so)."""
    return tuple(get(name) for name in PLUGINS.names())


def builder(key: str) -> Builder:
    """The builder called `key`, whichever plug-in brings it; KeyError otherwise."""
    for plugin in plugins():
        for entry in plugin.builders:
            if entry.key == key:
                return entry
    raise KeyError(f"no builder {key!r}")
