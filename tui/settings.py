"""Player settings kept in a small JSON file: keymap preset, theme, animations, playback pace.

Where: the folder named by $SKIRMISH_CONFIG, else the platform's config folder
(XDG_CONFIG_HOME or ~/.config on Linux, ~/Library/Application Support on macOS,
%APPDATA% on Windows), in a `skirmish` subfolder. The keymap file (keymap.toml)
lives next to it. A broken settings file never stops the game: defaults are used
and the problem is reported on the Options screen.
"""

from __future__ import annotations

import dataclasses
import json
import os
import sys
from pathlib import Path

PRESETS: tuple[str, ...] = ("vi", "arrows", "numpad")
THEMES: tuple[str, ...] = ("dark", "light", "high-contrast", "monochrome")
#: how fast events play on the map after an action (tui.playback); "off" shows the result at once
PACES: tuple[str, ...] = ("off", "fast", "normal", "slow")
#: the pace of a fresh settings file (a module value: the test suite starts with playback off)
DEFAULT_PACE = "normal"

SETTINGS_FILE = "settings.json"
KEYMAP_FILE = "keymap.toml"


def config_dir() -> Path:
    """The folder holding settings.json and keymap.toml."""
    override = os.environ.get("SKIRMISH_CONFIG")
    if override:
        return Path(override)
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming"))
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return base / "skirmish"


@dataclasses.dataclass(frozen=True, slots=True)
class Settings:
    """What the Options screen edits (a dataclass: read before the first frame, where attrs
    would cost a twentieth of the start-up; change one with `dataclasses.replace`)."""

    keymap_preset: str = "vi"
    theme: str = "dark"
    animations: bool = True
    playback: str = dataclasses.field(default_factory=lambda: DEFAULT_PACE)  # read when made: tests set it

    def problems(self) -> list[str]:
        out = []
        if self.keymap_preset not in PRESETS:
            out.append(f"keymap_preset {self.keymap_preset!r} is not one of {', '.join(PRESETS)}")
        if self.theme not in THEMES:
            out.append(f"theme {self.theme!r} is not one of {', '.join(THEMES)}")
        if self.playback not in PACES:
            out.append(f"playback {self.playback!r} is not one of {', '.join(PACES)}")
        return out


def load(folder: Path | None = None) -> tuple[Settings, list[str]]:
    """The saved settings and any problems found reading them (defaults fill the gaps)."""
    path = (folder or config_dir()) / SETTINGS_FILE
    if not path.exists():
        return Settings(), []
    from core.files import Unreadable, read_regular

    try:
        data = json.loads(read_regular(path, 256 * 1024).decode("utf-8"))
    except Unreadable as exc:
        return Settings(), [f"{path.name}: cannot read ({exc.reason}); using defaults"]
    except (OSError, ValueError) as exc:
        return Settings(), [f"{path.name}: cannot read ({exc}); using defaults"]
    if not isinstance(data, dict):
        return Settings(), [f"{path.name}: expected a JSON object; using defaults"]
    known = {f.name for f in dataclasses.fields(Settings)}
    problems = [f"{path.name}: unknown key {k!r} ignored" for k in sorted(data) if k not in known]
    values = {k: v for k, v in data.items() if k in known}
    if not isinstance(values.get("animations", True), bool):
        problems.append(f"{path.name}: animations must be true or false")
        values.pop("animations")
    settings = Settings(**values)
    bad = settings.problems()
    if bad:
        problems += [f"{path.name}: {p}; using the default" for p in bad]
        default = Settings()
        settings = dataclasses.replace(
            settings,
            keymap_preset=settings.keymap_preset if settings.keymap_preset in PRESETS else default.keymap_preset,
            theme=settings.theme if settings.theme in THEMES else default.theme,
            playback=settings.playback if settings.playback in PACES else default.playback,
        )
    return settings, problems


def save(settings: Settings, folder: Path | None = None) -> Path:
    """Write the settings atomically (temp file then rename)."""
    folder = folder or config_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / SETTINGS_FILE
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(dataclasses.asdict(settings), indent=2) + "\n", encoding="utf-8")
    os.replace(tmp, path)
    return path
