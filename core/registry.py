"""Rulesets by name. Modules load lazily so starting one ruleset never pays for the others."""

from __future__ import annotations

import importlib

from core.ruleset import Ruleset

_MODULES: dict[str, str] = {
    "statwar": "core.statwar.ruleset",
    "ninja": "core.ninja.ruleset",
    "commanders": "core.commanders.ruleset",
}
_LOADED: dict[str, Ruleset] = {}


def register(name: str, module_path: str) -> None:
    """Make the ruleset in module `module_path` (which exposes `RULESET`) known as `name`.

    Used for rulesets outside this package, such as the small one the tests play.
    Registering a name again replaces it and forgets the loaded instance.
    """
    _MODULES[name] = module_path
    _LOADED.pop(name, None)


def unregister(name: str) -> None:
    """Forget a ruleset added with `register` (tests clean up after themselves with it)."""
    _MODULES.pop(name, None)
    _LOADED.pop(name, None)


def module_of(name: str) -> str:
    """The module path registered for `name` (so worker processes can register it too)."""
    if name not in _MODULES:
        raise KeyError(f"unknown ruleset {name!r}; known: {', '.join(_MODULES)}")
    return _MODULES[name]


def names() -> tuple[str, ...]:
    """Every ruleset this build knows, whether or not it is installed yet."""
    return tuple(_MODULES)


def available() -> tuple[str, ...]:
    """The rulesets whose modules import."""
    out = []
    for name in _MODULES:
        try:
            get(name)
        except ImportError:
            continue
        out.append(name)
    return tuple(out)


def get(name: str) -> Ruleset:
    """The ruleset called `name`; KeyError with the known names otherwise."""
    if name in _LOADED:
        return _LOADED[name]
    if name not in _MODULES:
        raise KeyError(f"unknown ruleset {name!r}; known: {', '.join(_MODULES)}")
    module = importlib.import_module(_MODULES[name])
    ruleset = module.RULESET
    _LOADED[name] = ruleset
    return ruleset
