"""Typed errors with human reasons. None of them ever reaches a player as a traceback.

A plain dataclass, not attrs: this module is imported by the command line before the
first frame, and attrs alone is about a twentieth of the game's start-up."""

from __future__ import annotations

from dataclasses import dataclass


class SkirmishError(Exception):
    """Base of every error the engine raises on purpose."""


class IllegalAction(SkirmishError):
    """The action is not allowed in this state; the state is untouched."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a data file: which file, which field, why."""

    file: str
    field: str
    reason: str

    def __str__(self) -> str:
        return f"{self.file}: {self.field}: {self.reason}"


class ContentError(SkirmishError):
    """A content, scenario, army or unit file is invalid. Carries every problem found."""

    def __init__(self, problems: list[Problem] | tuple[Problem, ...]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class SaveError(SkirmishError):
    """A save or replay file cannot be read, or does not reproduce itself."""

    def __init__(self, file: str, reason: str, action_index: int | None = None) -> None:
        self.file = file
        self.reason = reason
        self.action_index = action_index
        super().__init__(f"{file}: {reason}")
