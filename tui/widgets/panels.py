"""Small read-only panels of the battle screen. They show what the owner hands them
and hold no game facts of their own."""

from __future__ import annotations

from textual.widgets import Log, Static


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


class BattleLog(Log):
    """The battle log: one line per event, explaining every roll (ruleset.describe_event)."""

    def __init__(self, **kwargs) -> None:
        super().__init__(max_lines=2000, highlight=False, **kwargs)
        self.can_focus = False
