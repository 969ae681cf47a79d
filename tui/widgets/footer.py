"""The key-hint footer every screen shows: Textual's footer, composed again only when
what it shows changes.

Textual's footer composes its keys again (new widgets, a new layout, a repaint of the
whole screen) every time the screen's bindings are refreshed: when the focus moves,
when a screen is mounted or resumed, when `refresh_bindings` is called. Most of those
leave the same keys showing. This one remembers what it last composed (each shown
key, its label, whether it is enabled, its tooltip) and skips a refresh that would
compose the same keys: the main menu draws its first frame once instead of three
times, and a screen that refreshes its bindings after a move does not rebuild an
unchanged footer.
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widgets import Footer as TextualFooter


class Footer(TextualFooter):
    """Textual's `Footer` that composes its keys again only when they change."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._composed: tuple | None = None  # what the last compose showed

    def _showing(self) -> tuple:
        """What a compose would show now: each shown binding with its label, state and tooltip,
        and the command palette key."""
        active = self.screen.active_bindings
        shown = tuple(
            (binding.key, binding.action, binding.description, binding.group, enabled, tooltip, self.app.get_key_display(binding))
            for (_, binding, enabled, tooltip) in active.values()
            if binding.show
        )
        palette = active.get(self.app.COMMAND_PALETTE_BINDING) if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE else None
        return shown, None if palette is None else (palette[1].key, palette[2], palette[1].description)

    def compose(self):
        if self._bindings_ready:
            self._composed = self._showing()
        yield from super().compose()

    def bindings_changed(self, screen: Screen) -> None:
        if self._composed is not None and self.is_attached and screen is self.screen and self._showing() == self._composed:
            return  # the same keys as shown: nothing to compose again
        super().bindings_changed(screen)
