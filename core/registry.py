"""Rulesets by name. Modules load lazily so starting one ruleset never pays for the others.

`ByName` is the lazy table itself; the TUI keeps its plug-ins per ruleset in one
too (tui/rulesets), so both are registered and looked up the same way.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:  # the rules load with the first ruleset asked for, not with the table
    from core.ruleset import Ruleset

T = TypeVar("T")


class ByName(Generic[T]):
    """Objects by name, each the attribute `attribute` of a module imported when first asked for."""

    def __init__(self, modules: dict[str, str], attribute: str) -> None:
        self.modules = dict(modules)
        self.attribute = attribute
        self.loaded: dict[str, T] = {}

    def register(self, name: str, module_path: str) -> None:
        """Make the object in module `module_path` known as `name`; registering a name again
        replaces it and forgets the loaded object."""
        self.modules[name] = module_path
        self.loaded.pop(name, None)

    def unregister(self, name: str) -> None:
        """Forget a name added with `register` (tests clean up after themselves with it)."""
        self.modules.pop(name, None)
        self.loaded.pop(name, None)

    def names(self) -> tuple[str, ...]:
        return tuple(self.modules)

    def __contains__(self, name: object) -> bool:
        return name in self.modules

    def module_of(self, name: str) -> str:
        if name not in self.modules:
            raise KeyError(f"unknown ruleset {name!r}; known: {', '.join(self.modules)}")
        return self.modules[name]

    def get(self, name: str) -> T:
        """The object registered as `name`, importing its module the first time; KeyError naming
        the known names otherwise."""
        if name in self.loaded:
            return self.loaded[name]
        found: Any = getattr(importlib.import_module(self.module_of(name)), self.attribute)
        self.loaded[name] = found
        return found


RULESETS: ByName[Ruleset] = ByName(
    {
        "statwar": "core.statwar.ruleset",
        "ninja": "core.ninja.ruleset",
        "commanders": "core.commanders.ruleset",
    },
    "RULESET",
)


def register(name: str, module_path: str) -> None:
    """Make the ruleset in module `module_path` (which exposes `RULESET`) known as `name`.

    Used for rulesets outside this package, such as the small one the tests play."""
    RULESETS.register(name, module_path)


def unregister(name: str) -> None:
    """Forget a ruleset added with `register`."""
    RULESETS.unregister(name)


def module_of(name: str) -> str:
    """The module path registered for `name` (so worker processes can register it too)."""
    return RULESETS.module_of(name)


def names() -> tuple[str, ...]:
    """Every ruleset this build knows, whether or not it is installed yet."""
    return RULESETS.names()


def available() -> tuple[str, ...]:
    """The rulesets whose modules import."""
    out = []
    for name in RULESETS.names():
        try:
            RULESETS.get(name)
        except ImportError:
            continue
        out.append(name)
    return tuple(out)


def get(name: str) -> Ruleset:
    """The ruleset called `name`; KeyError with the known names otherwise."""
    return RULESETS.get(name)
