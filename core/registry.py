"""Rulesets by name. Modules load lazily so starting one ruleset never pays for the others."""

from __future__ import annotations

import importlib

from core.ruleset import Ruleset

_MODULES: dict[str, str] = {
    "statwar": "core.statwar",
    "ninja": "core.ninja",
    "commanders": "core.commanders",
}
_LOADED: dict[str, Ruleset] = {}


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
