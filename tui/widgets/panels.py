"""Small read-only panels of the battle screen. They show what the owner hands them
and hold no game facts of their own."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import RichLog, Static


class UnitPanel(Static):
    """Every stat and status of the unit under the cursor (ruleset.unit_details)."""

    def show(self, title: str, lines: tuple[str, ...] | list[str]) -> None:
        self.border_title = title
        self.update("\n".join(lines) if lines else "No unit here.")


class OddsPanel(Static):
    """The odds preview: what the highlighted action would do (ruleset.explain_action)."""

    def show(self, title: str, lines: tuple[str, ...] | list[str]) -> None:
        self.border_title = title
        self.update("\n".join(lines))


class InfoLine(Static):
    """The cell under the cursor in words (ruleset.describe_cell)."""


class StatusLine(Static):
    """Round, who acts, and whether the AI is thinking."""


class BattleLog(RichLog):
    """The battle log: one line per event, explaining every roll (ruleset.describe_event).

    Long sentences wrap (with an indent kept) instead of running off an 80-column screen.
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(max_lines=2000, wrap=True, highlight=False, markup=False, **kwargs)
        self.can_focus = False

    def write_line(self, line: str) -> None:
        self.write(Text(line))

    @property
    def line_count(self) -> int:
        return len(self.lines)
