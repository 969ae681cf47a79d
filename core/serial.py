"""JSON encoding of states, actions and events through one cattrs converter per ruleset.

Actions and events are tagged unions: each JSON object carries its class name
under "kind". Unknown keys are refused everywhere, so a hand-edited or hostile
file fails with a named field instead of being half-read.
"""

from __future__ import annotations

import hashlib
from functools import reduce
from typing import Any, Callable, Union

import orjson
from cattrs.preconf.orjson import make_converter
from cattrs.strategies import configure_tagged_union

TAG = "kind"


def new_converter():
    """The house converter: orjson-friendly, extra keys forbidden."""
    return make_converter(forbid_extra_keys=True)


def tag_union(converter, classes: tuple[type, ...]) -> None:
    """Register `classes` as one union tagged by class name under "kind"."""
    classes = tuple(classes)
    if not classes:
        return
    if len(classes) == 1:
        (cls,) = classes
        name = cls.__name__
        base_unstructure = converter.get_unstructure_hook(cls)
        base_structure = converter.get_structure_hook(cls)

        def unstructure(obj, _u=base_unstructure, _n=name):
            out = _u(obj)
            out[TAG] = _n
            return out

        def structure(data, _cls, _s=base_structure, _n=name):
            if not isinstance(data, dict) or data.get(TAG) != _n:
                raise ValueError(f"expected an object of kind {_n!r}")
            rest = {k: v for k, v in data.items() if k != TAG}
            return _s(rest, _cls)

        converter.register_unstructure_hook(cls, unstructure)
        converter.register_structure_hook(cls, structure)
        return
    union = reduce(lambda a, b: Union[a, b], classes)
    configure_tagged_union(union, converter, tag_generator=lambda c: c.__name__, tag_name=TAG)


def union_of(classes: tuple[type, ...]) -> Any:
    return reduce(lambda a, b: Union[a, b], tuple(classes))


class Codec:
    """Encodes and decodes one ruleset's states, actions and events."""

    def __init__(
        self,
        state_type: type,
        action_types: tuple[type, ...],
        event_types: tuple[type, ...],
        configure: Callable[[Any], None] | None = None,
    ) -> None:
        self.converter = new_converter()
        if configure is not None:
            configure(self.converter)
        tag_union(self.converter, action_types)
        tag_union(self.converter, event_types)
        self.state_type = state_type
        self.action_union = union_of(action_types)
        self.event_union = union_of(event_types) if event_types else None

    def encode_state(self, state: Any) -> Any:
        return self.converter.unstructure(state, self.state_type)

    def decode_state(self, data: Any) -> Any:
        return self.converter.structure(data, self.state_type)

    def encode_action(self, action: Any) -> Any:
        return self.converter.unstructure(action, self.action_union)

    def decode_action(self, data: Any) -> Any:
        return self.converter.structure(data, self.action_union)

    def encode_event(self, event: Any) -> Any:
        return self.converter.unstructure(event, self.event_union)

    def state_hash(self, state: Any) -> str:
        """A short, platform-independent fingerprint of a state (sorted-key JSON, SHA-256)."""
        blob = orjson.dumps(self.encode_state(state), option=orjson.OPT_SORT_KEYS)
        return hashlib.sha256(blob).hexdigest()[:16]
