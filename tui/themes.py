"""The themes the Options screen offers, two of them for hard-to-read terminals.

High-contrast uses pure black, white and saturated yellow/cyan; monochrome uses
only greys, so nothing on screen depends on colour (sides are told apart by
letter case and markers anyway).
"""

from __future__ import annotations

from textual.theme import Theme

HIGH_CONTRAST = Theme(
    name="skirmish-high-contrast",
    primary="#ffff00",
    secondary="#00ffff",
    accent="#ffffff",
    foreground="#ffffff",
    background="#000000",
    surface="#000000",
    panel="#202020",
    success="#00ff00",
    warning="#ffff00",
    error="#ff4040",
    dark=True,
)

MONOCHROME = Theme(
    name="skirmish-monochrome",
    primary="#c0c0c0",
    secondary="#a0a0a0",
    accent="#ffffff",
    foreground="#e0e0e0",
    background="#000000",
    surface="#101010",
    panel="#303030",
    success="#e0e0e0",
    warning="#ffffff",
    error="#ffffff",
    dark=True,
)

# settings name -> Textual theme name
THEME_NAMES: dict[str, str] = {
    "dark": "textual-dark",
    "light": "textual-light",
    "high-contrast": HIGH_CONTRAST.name,
    "monochrome": MONOCHROME.name,
}

# the side colours per settings theme (the map also marks side by case, so colour is a second cue)
SIDE_COLOURS: dict[str, tuple[str, ...]] = {
    "dark": ("bold #5fafff", "bold #ff5f5f", "bold #87d75f", "bold #d787ff"),
    "light": ("bold #0040c0", "bold #c00000", "bold #006000", "bold #800080"),
    "high-contrast": ("bold #00ffff", "bold #ffff00", "bold #00ff00", "bold #ff00ff"),
    "monochrome": ("bold #ffffff", "bold #a0a0a0", "bold #ffffff", "bold #a0a0a0"),
}
