"""Content files (TOML) into frozen spec classes, with errors that name file, field and reason.

Designers edit units, schools, spells, maps and scenarios as TOML. Loading goes
through a cattrs converter that forbids unknown keys; structural errors
(missing field, wrong type, unknown key) and rule errors (a spec's own
`problems()` method) come back together as one ContentError listing every
problem as `file: field: reason`. A load error is never swallowed.
"""

from __future__ import annotations

import hashlib
import os
import tomllib
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Any, Callable, Iterable, TypeVar

import cattrs
import tomli_w
from cattrs.v import format_exception

from core.errors import ContentError, Problem
from core.files import Unreadable, read_regular, repo_root
from core.serial import WrongShape, new_converter
from core.text import display_path, is_control, printable

T = TypeVar("T")

#: Largest content file accepted; anything bigger is not a hand-written data file.
MAX_CONTENT_BYTES = 2 * 1024 * 1024

#: Longest reference (a name of another content file) accepted: far above any real
#: name, far below the 255 bytes a file system allows in one name.
MAX_REFERENCE = 100

def text_problems(data: Any, where: str = "") -> list[tuple[str, str]]:
    """(field, reason) for every text in plain data (keys too) holding a control character.

    Decision (docs/FORMATS.md, "Text in files"): content text is printable. Newlines and
    tabs are allowed in long text (descriptions, notes), never in a name or a key; every
    other control character is refused wherever it appears."""
    out: list[tuple[str, str]] = []
    if isinstance(data, str):
        leaf = where.rpartition(".")[2].split("[")[0]
        allowed = "" if leaf in ("name", "title", "") or not where else "\n\t"
        bad = next((ch for ch in data if is_control(ch) and ch not in allowed), None)
        if bad is not None:
            out.append((where or "(top level)", f"holds the control character U+{ord(bad):04X}; text must be printable"))
    elif isinstance(data, dict):
        for key, value in data.items():
            if isinstance(key, str) and any(is_control(ch) for ch in key):
                out.append((where or "(top level)", f"the key {printable(key)!r} holds a control character"))
                continue
            out.extend(text_problems(value, f"{where}.{key}" if where else str(key)))
    elif isinstance(data, (list, tuple)):
        for i, value in enumerate(data):
            out.extend(text_problems(value, f"{where}[{i}]"))
    return out


def dump_toml(data: dict[str, Any]) -> str:
    """The text of a TOML file holding `data`, through tomli-w (every string escaped as
    TOML requires, so what is written reads back equal)."""
    return tomli_w.dumps(data)


def short(text: str, limit: int = 40) -> str:
    """A text quoted for a message: printable, and cut to `limit` characters."""
    return repr(text if len(text) <= limit else text[:limit] + "...")


class RefusedReference(ValueError):
    """A reference to another content file that may not be followed; the reason is the message."""


def reference_problem(name: Any) -> str | None:
    """Why `name` cannot be a reference to another content file, or None when it can be.

    A reference is a file name (without `.toml`, or with it) or a relative path below the
    folders it is looked up in: never absolute, never with `..`, at most MAX_REFERENCE
    characters, no control characters."""
    if not isinstance(name, str) or not name.strip():
        return "names no file"
    if len(name) > MAX_REFERENCE:
        return f"is {len(name)} characters long; a reference is at most {MAX_REFERENCE}"
    if any(is_control(ch) for ch in name) or "\0" in name:
        return "holds a control character"
    posix, windows = PurePosixPath(name), PureWindowsPath(name)
    if posix.is_absolute() or windows.is_absolute() or windows.drive or name.startswith(("/", "\\", "~")):
        return "is an absolute path; a reference names a file inside the content folders"
    if ".." in posix.parts or ".." in windows.parts:
        return "leaves its folder with '..'; a reference names a file inside the content folders"
    return None


def find_reference(name: str, folders: Iterable[Path], suffix: str = ".toml", exclude: Path | None = None) -> Path | None:
    """The first regular file `name` (plus `suffix` unless it ends with it) names inside one
    of `folders`, or None. A name that may not be followed raises RefusedReference; a file
    reached through a link that leads out of its folder is not followed."""
    reason = reference_problem(name)
    if reason is not None:
        raise RefusedReference(reason)
    file = name if name.endswith(suffix) else name + suffix
    skip = exclude.resolve() if exclude is not None else None
    for folder in folders:
        candidate = folder / file
        try:
            real = candidate.resolve()
            if real.is_relative_to(folder.resolve()) and real.is_file() and real != skip:
                return candidate
        except (OSError, RuntimeError):  # a name the system refuses or a link loop: not here
            continue
    return None


def scenarios_root() -> Path:
    """Where bundled content lives: $SKIRMISH_SCENARIOS, else the repository's scenarios/."""
    env = os.environ.get("SKIRMISH_SCENARIOS")
    return Path(env) if env else repo_root() / "scenarios"


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


#: Marks the reason of a table with unknown keys, which cattrs_problems turns into one
#: problem per key, named by its own path.
_UNKNOWN_KEYS = "unknown keys:"


def _reason(exc: BaseException, cls: Any) -> str:
    if isinstance(exc, WrongShape):
        return str(exc)
    if isinstance(exc, cattrs.ForbiddenExtraKeysError):
        return _UNKNOWN_KEYS + "\x00".join(sorted(exc.extra_fields))
    if isinstance(exc, KeyError):
        return "missing"
    return format_exception(exc, cls)


def cattrs_problems(exc: BaseException, file: str, prefix: str = "") -> list[Problem]:
    """Turn a cattrs structuring error into one Problem per broken field (an unknown
    key is named by its own path: "units[2].colour: unknown key")."""
    out = []
    for line in cattrs.transform_error(exc, path="$" + (("." + prefix) if prefix else ""), format_exception=_reason):
        reason, _, where = line.rpartition(" @ ")
        if not reason:
            reason, where = line, "$"
        field = _field_of(where)
        if reason.startswith(_UNKNOWN_KEYS):
            for raw in reason[len(_UNKNOWN_KEYS):].split("\x00"):
                key = raw if raw and all(c.isalnum() or c in "_-" for c in raw) else repr(printable(raw))
                out.append(Problem(file, key if field == "(top level)" else f"{field}.{key}", "unknown key"))
        else:
            out.append(Problem(file, field, reason))
    return out


def structure(
    data: Any, cls: type[T], file: str, converter: Any = None, prefix: str = "", printable_only: Any = None
) -> T:
    """Build `cls` from plain data; every problem (shape and rules) raised together.

    Text must be printable (text_problems) in the whole of `data`, or only in
    `printable_only` when given (a part of `data` the caller names, where walking
    everything would cost more than it proves)."""
    conv = converter or CONTENT_CONVERTER
    unprintable = text_problems(data if printable_only is None else printable_only, prefix)
    if unprintable:
        raise ContentError([Problem(file, f, r) for f, r in unprintable])
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


def _data_files(folder: Path) -> list[tuple[str, str, int, int]]:
    """(relative name, path, size, modification time in ns) of every *.toml under `folder`, sorted."""
    found: list[tuple[str, str, int, int]] = []
    pending = [(str(folder), "")]
    while pending:
        where, prefix = pending.pop()
        try:
            entries = list(os.scandir(where))
        except OSError:
            continue
        for entry in entries:
            name = prefix + entry.name
            if entry.is_dir():
                pending.append((entry.path, name + "/"))
            elif entry.name.endswith(".toml"):
                stat = entry.stat()
                found.append((name, entry.path, stat.st_size, stat.st_mtime_ns))
    return sorted(found, key=lambda item: item[0].split("/"))  # as paths sort: folder by folder


#: fingerprint's last answer per folder, with the file listing (names, sizes, times) it
#: was worked out from: a save after every turn re-reads no file that has not changed.
_FINGERPRINTS: dict[str, tuple[tuple[tuple[str, str, int, int], ...], str]] = {}


def fingerprint(folder: Path) -> str:
    """A hash of every data file under `folder` (names and bytes), for save metadata."""
    files = tuple(_data_files(folder)) if folder.is_dir() else ()
    known = _FINGERPRINTS.get(str(folder))
    if known is not None and known[0] == files:
        return known[1]
    digest = hashlib.sha256()
    for name, path, _size, _mtime in files:
        digest.update(name.encode())
        digest.update(b"\0")
        digest.update(Path(path).read_bytes())
        digest.update(b"\0")
    result = digest.hexdigest()[:16]
    if len(_FINGERPRINTS) >= 16:  # a few content folders are in play at once; never grow without bound
        _FINGERPRINTS.clear()
    _FINGERPRINTS[str(folder)] = (files, result)
    return result


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
