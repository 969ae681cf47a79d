"""A widget's own rich style, kept between repaints.

Textual's `rich_style` walks every ancestor's styles each time it is asked. A widget
that draws many rows in its style (the battle map, the side panels) asks on every
cursor move and every row; it changes only with a style update (a theme, a class),
which is when Textual also forgets its own kept `visual_style`.
"""

from __future__ import annotations

from rich.style import Style


class KeptStyle:
    """Mixin for a Widget: `base_style` is its `rich_style`, worked out once a style update."""

    _base: Style | None = None

    @property
    def base_style(self) -> Style:
        if self._base is None:
            self._base = self.rich_style  # type: ignore[attr-defined]
        return self._base

    def notify_style_update(self) -> None:
        super().notify_style_update()  # type: ignore[misc]
        self._base = None
