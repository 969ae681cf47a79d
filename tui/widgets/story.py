"""The caption a playback shows beside its target: the roll, the damage, DEAD."""

from __future__ import annotations

from textual.widgets import Static


class PlaybackCaption(Static):
    """A one-line label over the map, placed by tui.playback.MapPlayback; hidden otherwise."""

    DEFAULT_CSS = """
    PlaybackCaption {
        position: absolute;
        width: auto;
        height: 1;
        background: $warning;
        color: $background;
        text-style: bold;
        display: none;
    }
    """

    def __init__(self) -> None:
        super().__init__("", markup=False, id="playback-caption")
