"""Content files (TOML) into frozen spec classes, with errors that name file, field and reason.

Designers edit units, schools, spells, maps and scenarios as TOML. Loading goes
through a cattrs converter that forbids unknown keys; structural errors
(missing field, wrong type, unknown key) and rule errors (a spec's own
`problems()` method) come back together as one ContentError listing every
problem as `file: field: reason`. A load error is never swallowed.
"""

from __future__ import annotations

import functools
import hashlib
import os
import tomllib
from pathlib import Path
from typing import Any, Callable, TypeVar

import cattrs
from cattrs.v import format_exception

from core.errors import ContentError, Problem
from core.files import Unreadable, read_regular
from core.serial import WrongShape, new_converter

T = TypeVar("T")

#: Largest content file accepted; anything bigger is not a hand-written data file.
MAX_CONTENT_BYTES = 2 * 1024 * 1024


@functools.cache
def repo_root() -> Path:
    """The checkout this package runs from (resolved once: rules ask for content often)."""
    return Path(__file__).resolve().parent.parent


def scenarios_root() -> Path:
    """Where bundled content lives: $SKIRMISH_SCENARIOS, else the repository's scenarios/."""
    env = os.environ.get("SKIRMISH_SCENARIOS")
    return Path(env) if env else repo_root() / "scenarios"


def display_path(path: str | Path) -> str:
    """A path as a message shows it: relative to the working directory when inside it."""
    p = Path(path)
    try:
        return str(p.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(p)


def read_toml(path: str | Path) -> dict[str, Any]:
    """Parse a TOML file; a missing, unreadable, oversized or malformed file is a ContentError."""
    p = Path(path)
    name = display_path(p)
    try:
        raw = read_regular(p, MAX_CONTENT_BYTES)
    except Unreadable as exc:
        raise ContentError([Problem(name, "(file)", exc.reason)]) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ContentError([Problem(name, "(file)", f"not UTF-8 text (byte {exc.start})")]) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError([Problem(name, "(syntax)", str(exc))]) from None


def _field_of(path: str) -> str:
    field = path[1:] if path.startswith("$") else path
    field = field[1:] if field.startswith(".") else field
    return field or "(top level)"


def _reason(exc: BaseException, cls: Any) -> str:
    if isinstance(exc, WrongShape):
        return str(exc)
    return format_exception(exc, cls)


def cattrs_problems(exc: BaseException, file: str, prefix: str = "") -> list[Problem]:
    """Turn a cattrs structuring error into one Problem per broken field."""
    out = []
    for line in cattrs.transform_error(exc, path="$" + (("." + prefix) if prefix else ""), format_exception=_reason):
        reason, _, where = line.rpartition(" @ ")
        if not reason:
            reason, where = line, "$"
        out.append(Problem(file, _field_of(where), reason))
    return out


def structure(data: Any, cls: type[T], file: str, converter: Any = None, prefix: str = "") -> T:
    """Build `cls` from plain data; every problem (shape and rules) raised together."""
    conv = converter or CONTENT_CONVERTER
    try:
        obj = conv.structure(data, cls)
    except (cattrs.BaseValidationError, ValueError, TypeError, KeyError) as exc:
        if isinstance(exc, cattrs.BaseValidationError):
            raise ContentError(cattrs_problems(exc, file, prefix)) from None
        raise ContentError([Problem(file, prefix or "(top level)", str(exc))]) from None
    check = getattr(obj, "problems", None)
    if callable(check):
        found = [Problem(file, (prefix + "." + f) if prefix and f else (f or prefix or "(top level)"), r) for f, r in check()]
        if found:
            raise ContentError(found)
    return obj


def load(path: str | Path, cls: type[T], converter: Any = None) -> T:
    """Read a TOML file into `cls`, raising ContentError naming file, field and reason."""
    return structure(read_toml(path), cls, display_path(path), converter)


def load_folder(folder: Path, cls: type[T], converter: Any = None) -> dict[str, T]:
    """Every *.toml in `folder` by file stem, all problems of all files raised together."""
    out: dict[str, T] = {}
    problems: list[Problem] = []
    for path in sorted(folder.glob("*.toml")):
        try:
            out[path.stem] = load(path, cls, converter)
        except ContentError as exc:
            problems.extend(exc.problems)
    if problems:
        raise ContentError(problems)
    return out


def fingerprint(folder: Path) -> str:
    """A hash of every data file under `folder` (names and bytes), for save metadata."""
    digest = hashlib.sha256()
    if folder.is_dir():
        for path in sorted(folder.rglob("*.toml")):
            digest.update(path.relative_to(folder).as_posix().encode())
            digest.update(b"\0")
            digest.update(path.read_bytes())
            digest.update(b"\0")
    return digest.hexdigest()[:16]


def collect(checks: list[Callable[[], Any]]) -> list[Problem]:
    """Run several loaders and gather all their problems instead of stopping at the first."""
    problems: list[Problem] = []
    for check in checks:
        try:
            check()
        except ContentError as exc:
            problems.extend(exc.problems)
    return problems


CONTENT_CONVERTER = new_converter()
