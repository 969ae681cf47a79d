"""The central keymap: scoped action names -> keys, with presets and a keymap file.

Every binding in the app carries an id from this table (`binding("battle.undo")`),
so one place says which key does what, the keymap file can remap any id, and the
footer and the help screen show whatever keys are in force (Textual's keymap
replaces a binding's keys by id). Movement keys come from the chosen preset:
"vi" (hjkl yubn), "arrows" (arrows, Home/PgUp/End/PgDn for diagonals) or
"numpad" (digits 1-9 as on a keypad); the arrow keys work in every preset.

The keymap file is TOML, one table per scope:

    [battle]
    undo = "z,ctrl+z"
    [map]
    up_left = "y,7"
"""

from __future__ import annotations

from pathlib import Path

from textual.binding import Binding

# id -> (default keys, description, shown in the footer)
ACTIONS: dict[str, tuple[str, str, bool]] = {
    "app.help": ("question_mark", "Help", True),
    "app.quit": ("ctrl+q,ctrl+c", "Quit Skirmish", False),
    "menu.back": ("escape", "Back", True),
    "menu.quit": ("q", "Quit", True),
    "battle.select": ("enter,space", "Select/commit", True),
    "battle.cancel": ("escape", "Cancel", True),
    "battle.actions": ("a", "Actions", True),
    "battle.end_turn": ("e", "End turn", True),
    "battle.next_unit": ("tab", "Next unit", True),
    "battle.prev_unit": ("shift+tab", "Prev unit", False),
    "battle.undo": ("z,ctrl+z", "Undo", True),
    "battle.redo": ("x,ctrl+y", "Redo", True),
    "battle.save": ("s,ctrl+s", "Save", True),
    "battle.sheet": ("i", "Sheet", True),
    "battle.pan_left": ("H,shift+left", "Pan left", False),
    "battle.pan_right": ("L,shift+right", "Pan right", False),
    "battle.pan_up": ("K,shift+up", "Pan up", False),
    "battle.pan_down": ("J,shift+down", "Pan down", False),
    "battle.centre_own": ("c", "Centre on my next unit", False),
    "battle.next_enemy": ("f", "Next enemy", False),
    "battle.log_up": ("left_square_bracket", "Log up", False),
    "battle.log_down": ("right_square_bracket", "Log down", False),
    "battle.log_full": ("m", "Messages", True),
    "battle.summary": ("R", "Round", True),
    "battle.quit": ("q", "Quit", True),
    "replay.play": ("space,p", "Play/pause", True),
    "replay.forward": ("right,l,period", "Step", True),
    "replay.back": ("left,h,comma", "Back", True),
    "replay.start": ("home,g", "Start", False),
    "replay.end": ("end,G", "End", False),
    "replay.faster": ("plus,equals_sign", "Faster", False),
    "replay.slower": ("minus", "Slower", False),
    "replay.round": ("r", "Go to round", True),
    "replay.take_over": ("t", "Take over", True),
    "replay.quit": ("q,escape", "Close", True),
    "replay.pan_left": ("shift+left,H", "Pan left", False),
    "replay.pan_right": ("shift+right,L", "Pan right", False),
    "replay.pan_up": ("shift+up,K", "Pan up", False),
    "replay.pan_down": ("shift+down,J", "Pan down", False),
}

MOVES: tuple[str, ...] = ("left", "right", "up", "down", "up_left", "up_right", "down_left", "down_right")
DIRECTIONS: dict[str, tuple[int, int]] = {
    "left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1),
    "up_left": (-1, -1), "up_right": (1, -1), "down_left": (-1, 1), "down_right": (1, 1),
}

PRESET_MOVES: dict[str, dict[str, str]] = {
    "vi": {
        "left": "h,left", "right": "l,right", "up": "k,up", "down": "j,down",
        "up_left": "y", "up_right": "u", "down_left": "b", "down_right": "n",
    },
    "arrows": {
        "left": "left", "right": "right", "up": "up", "down": "down",
        "up_left": "home", "up_right": "pageup", "down_left": "end", "down_right": "pagedown",
    },
    "numpad": {
        "left": "4,left", "right": "6,right", "up": "8,up", "down": "2,down",
        "up_left": "7,home", "up_right": "9,pageup", "down_left": "1,end", "down_right": "3,pagedown",
    },
}


#: The preset whose movement keys the bindings carry as written (`move_bindings`); a keymap
#: entry that repeats them changes nothing, and `build_keymap` leaves it out.
BOUND_PRESET = "vi"


def binding(action_id: str, action: str | None = None, *, priority: bool = False) -> Binding:
    """The Binding for a scoped id; the method called is `action_<last part>` unless given."""
    keys, description, show = ACTIONS[action_id]
    name = action or action_id.split(".", 1)[1]
    return Binding(keys, name, description, show=show, id=action_id, priority=priority)


def move_bindings() -> list[Binding]:
    """Cursor movement bindings (keys set by the preset through the keymap).

    They are priority bindings: the App finds them before the key is handed to the focused
    map and bubbles back up through every container to the screen, the most frequent key
    going the shortest way. The map is the battle screen's one focusable widget, so no
    other widget there wanted these keys first.
    """
    return [
        Binding(PRESET_MOVES[BOUND_PRESET][m], f"move('{m}')", m.replace("_", "-"), show=False, id=f"map.{m}",
                priority=True)
        for m in MOVES
    ]


def read_keymap_file(path: Path) -> tuple[dict[str, str], list[str]]:
    """Overrides from a keymap file and the problems found (unknown ids, bad values)."""
    if not path.exists():
        return {}, []
    import tomllib

    from core.files import Unreadable, read_regular

    try:
        data = tomllib.loads(read_regular(path, 256 * 1024).decode("utf-8"))
    except Unreadable as exc:
        return {}, [f"{path.name}: cannot read ({exc.reason})"]
    except (OSError, ValueError) as exc:  # tomllib's errors and bad UTF-8 are ValueErrors
        return {}, [f"{path.name}: cannot read ({exc})"]
    out: dict[str, str] = {}
    problems: list[str] = []
    known = set(ACTIONS) | {f"map.{m}" for m in MOVES}
    for scope, table in data.items():
        if not isinstance(table, dict):
            problems.append(f"{path.name}: {scope}: expected a table like [battle]")
            continue
        for name, keys in table.items():
            action_id = f"{scope}.{name}"
            if action_id not in known:
                problems.append(f"{path.name}: {action_id}: no such action")
            elif not isinstance(keys, str) or not keys.strip():
                problems.append(f"{path.name}: {action_id}: keys must be a string like \"z,ctrl+z\"")
            else:
                out[action_id] = keys.replace(" ", "")
    return out, problems


def default_keys() -> dict[str, str]:
    """The keys every binding id carries as written (`binding`, `move_bindings`)."""
    keys = {action_id: spec for action_id, (spec, _, _) in ACTIONS.items()}
    keys.update({f"map.{m}": spec for m, spec in PRESET_MOVES[BOUND_PRESET].items()})
    return keys


def build_keymap(preset: str, overrides: dict[str, str]) -> dict[str, str]:
    """The id -> keys map to put in force: the preset's movement keys, then the file's
    overrides, less every entry that gives a binding the keys it already has.

    Textual re-keys every binding of the focused widget and its ancestors by the keymap
    on every key press, twice; with the default preset and no keymap file the map is
    empty and that work is skipped (about a sixth of a cursor move's time)."""
    keymap = {f"map.{m}": keys for m, keys in PRESET_MOVES.get(preset, PRESET_MOVES["vi"]).items()}
    keymap.update(overrides)
    defaults = default_keys()
    return {action_id: keys for action_id, keys in keymap.items() if defaults.get(action_id) != keys}


def describe_keys(keys: str) -> str:
    """Keys as a person reads them: 'question_mark' -> '?', 'ctrl+z' -> '^z'."""
    names = {
        "question_mark": "?", "left_square_bracket": "[", "right_square_bracket": "]",
        "space": "Space", "enter": "Enter", "escape": "Esc", "tab": "Tab", "shift+tab": "S-Tab",
        "plus": "+", "minus": "-", "equals_sign": "=", "period": ".", "comma": ",",
        "left": "←", "right": "→", "up": "↑", "down": "↓", "pageup": "PgUp", "pagedown": "PgDn",
        "home": "Home", "end": "End",
    }
    out = []
    for key in keys.split(","):
        key = key.strip()
        if key.startswith("ctrl+"):
            out.append("^" + names.get(key[5:], key[5:]))
        else:
            out.append(names.get(key, key))
    return " ".join(out)
