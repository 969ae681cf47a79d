"""A faster `attrs.evolve` for the frozen records the rules rebuild most.

`attrs.evolve` looks up the class's fields and copies them into a dictionary on every
call. `replacer(cls)` generates, once per class, a function that names every field in
its source and calls the class's own constructor: the record it returns is the one
evolve would (same `__init__`, so equal and hashed alike), at about half the cost. A
ninja or Commanders resolution rebuilds units and the battle many times, and every
action rebuilds its state's dice twice (core.ruleset.Ruleset.play).
"""

from __future__ import annotations

import functools
from typing import Any, Callable

import attrs

_KEEP: Any = object()


@functools.cache
def replacer(cls: type) -> Callable[..., Any]:
    """`replace(record, **changes)` for the frozen attrs class `cls` (made once per class);
    `attrs.evolve` itself for a class whose fields are not all plain constructor arguments."""
    fields = attrs.fields(cls)
    if not all(f.init and not f.kw_only and f.alias == f.name for f in fields):
        return functools.partial(attrs.evolve)  # a field the constructor names otherwise: evolve knows how
    params = ", ".join(f"{f.name}=_KEEP" for f in fields)
    args = ", ".join(f"r.{f.name} if {f.name} is _KEEP else {f.name}" for f in fields)
    namespace: dict[str, Any] = {"_KEEP": _KEEP, "cls": cls}
    exec(f"def replace(r, *, {params}):\n    return cls({args})\n", namespace)  # source built from the class's own field names
    replace = namespace["replace"]
    replace.__name__ = replace.__qualname__ = f"{cls.__name__.lower()}_with"
    replace.__doc__ = f"A copy of a {cls.__name__} with the fields given changed (attrs.evolve, faster)."
    return replace
