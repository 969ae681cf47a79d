"""JSON encoding of states, actions and events through one cattrs converter per ruleset.

Actions and events are tagged unions: each JSON object carries its class name
under "kind". Unknown keys are refused everywhere, so a hand-edited or hostile
file fails with a named field instead of being half-read.
"""

from __future__ import annotations

import hashlib
import math
from functools import reduce
from typing import Any, Callable, Union, get_args, get_origin

import attrs
import orjson
from cattrs.cols import (
    homogenous_tuple_structure_factory,
    is_mapping,
    is_namedtuple,
    list_structure_factory,
    namedtuple_structure_factory,
)
from cattrs.gen import make_dict_unstructure_fn, override
from cattrs.preconf.orjson import make_converter
from cattrs.strategies import configure_tagged_union

from core.rng import Dice

TAG = "kind"


def new_converter():
    """The house converter: orjson-friendly, extra keys forbidden, no type coercion.

    cattrs on its own calls int(), str() and tuple() on whatever it is given, so
    "3" would load as 3, 7 as "7" and the string "12" as the tuple (1, 2). Data
    files and saves are written by hand or by strangers, so a wrong type must be
    an error that names the field, never a quiet conversion.
    """
    converter = make_converter(forbid_extra_keys=True)
    _make_strict(converter)
    _quick_unstructure(converter)
    # One-stream dice are written as before format 2 had per-action dice, so the
    # states of older saves encode (and hash) exactly as they were recorded.
    converter.register_unstructure_hook(
        Dice, make_dict_unstructure_fn(Dice, converter, per_action=override(omit_if_default=True))
    )
    return converter


def _quick_unstructure(converter) -> None:
    """Write two shapes the way cattrs does, with less work a value (a state hash encodes
    every unit a checkpoint finds changed; these take about a tenth off a ninja state's):
    - a homogeneous tuple of records (a unit's effects, a battle's smoke) as a list made by
      one comprehension, where cattrs runs a generator through its iterable hook;
    - a named tuple of numbers, text or booleans (a hex) as a plain tuple, where cattrs
      calls the hook of each field, which for these returns the value itself.
    The JSON is the same either way, so hashes and keys do not change."""

    def is_record_tuple(t) -> bool:
        args = get_args(t)
        return get_origin(t) is tuple and len(args) == 2 and args[1] is Ellipsis and attrs.has(args[0])

    def record_tuple(t):
        item = converter.get_unstructure_hook(get_args(t)[0])
        return lambda value: [item(one) for one in value]

    def is_plain_namedtuple(t) -> bool:
        fields = getattr(t, "__annotations__", {}) if is_namedtuple(t) else {}
        return bool(fields) and all(kind in _AS_IS for kind in fields.values())

    converter.register_unstructure_hook_factory(is_record_tuple, record_tuple)
    converter.register_unstructure_hook_factory(is_plain_namedtuple, lambda t: tuple)


class WrongShape(ValueError):
    """A value of the wrong type or length; its message is the reason a person reads."""


def _kind(value: Any) -> str:
    return {dict: "a table", list: "a list", str: "text", bool: "a boolean"}.get(type(value), type(value).__name__)


def _make_strict(converter) -> None:
    def structure_int(value, _t):
        if type(value) is not int:
            raise WrongShape(f"expected an integer, not {_kind(value)}")
        return value

    def structure_float(value, _t):
        if type(value) not in (int, float) or not math.isfinite(value):
            raise WrongShape(f"expected a finite number, not {_kind(value)}")
        return float(value)

    def structure_str(value, _t):
        if type(value) is not str:
            raise WrongShape(f"expected text, not {_kind(value)}")
        return value

    def structure_bool(value, _t):
        if type(value) is not bool:
            raise WrongShape(f"expected true or false, not {_kind(value)}")
        return value

    converter.register_structure_hook(int, structure_int)
    converter.register_structure_hook(float, structure_float)
    converter.register_structure_hook(str, structure_str)
    converter.register_structure_hook(bool, structure_bool)

    def is_array(t) -> bool:
        origin = get_origin(t) or t
        return origin in (tuple, list) or is_namedtuple(t)

    def array_hook(t):
        origin, args = get_origin(t) or t, get_args(t)
        if is_namedtuple(t):
            base, length = namedtuple_structure_factory(t, converter), len(t._fields)
        elif origin is list:
            base, length = list_structure_factory(t, converter), None
        elif args and args[-1] is not Ellipsis:
            base, length = converter.gen_structure_hetero_tuple(t), len(args)
        elif args and args[0] in _PRIMITIVE:
            # a long run of integers or text (a board's terrain and heights): one pass checks
            # every item's type; only a list with a wrong item takes the per-item path that words
            # the error, so the result and every message are as before
            base, length = homogenous_tuple_structure_factory(t, converter), None
            kind = args[0]

            def structure(value, _t, _base=base, _kinds=frozenset((kind,))):
                items = _checked_array(value, None)
                if _kinds.issuperset(map(type, items)):  # every item exactly of the kind (no bool for int)
                    return tuple(items)
                return _base(items, _t)

            return structure
        elif args and _plain_row(args[0]):
            # rows of numbers (a ninja route's (q, r, facing) steps): one pass checks each
            # row's length and its items' types, as above
            base = homogenous_tuple_structure_factory(t, converter)
            kinds = frozenset(get_args(args[0]))
            width = len(get_args(args[0]))

            def structure(value, _t, _base=base, _kinds=kinds, _width=width):
                items = _checked_array(value, None)
                for row in items:
                    if type(row) not in (list, tuple) or len(row) != _width or not _kinds.issuperset(map(type, row)):
                        return _base(items, _t)
                return tuple(map(tuple, items))

            return structure
        elif args:
            base, length = homogenous_tuple_structure_factory(t, converter), None
        else:
            return lambda value, _t: tuple(_checked_array(value, None))

        def structure(value, _t, _base=base, _length=length):
            return _base(_checked_array(value, _length), _t)

        return structure

    def mapping_hook(t):
        base = converter.gen_structure_mapping(t)

        def structure(value, _t, _base=base):
            if not isinstance(value, dict):
                raise WrongShape(f"expected a table, not {_kind(value)}")
            return _base(value, _t)

        return structure

    converter.register_structure_hook_factory(is_array, array_hook)
    converter.register_structure_hook_factory(is_mapping, mapping_hook)


#: Item types a homogeneous tuple may take without a hook per item: the strict hooks above
#: accept exactly these types and return the value unchanged.
_PRIMITIVE = (int, str, bool)


def _plain_row(t: Any) -> bool:
    """A fixed-length tuple whose items are all one primitive type: tuple[int, int, int]."""
    args = get_args(t)
    return get_origin(t) is tuple and bool(args) and Ellipsis not in args and len(set(args)) == 1 and args[0] in _PRIMITIVE


def _checked_array(value: Any, length: int | None) -> Any:
    if not isinstance(value, (list, tuple)):
        raise WrongShape(f"expected a list, not {_kind(value)}")
    if length is not None and len(value) != length:
        raise WrongShape(f"expected a list of {length} items, not {len(value)}")
    return value


#: Integers orjson reads as integers; it reads a larger one as a float.
_INT_RANGE = (-(1 << 63), (1 << 64) - 1)
#: Deepest nesting orjson reads (it refuses deeper documents).
_MAX_DEPTH = 1024


def loads(blob: bytes) -> Any:
    """A JSON document read as orjson reads it, also where orjson itself gives up.

    orjson 3.13 refuses some valid, dense documents of a few kilobytes with "failed to
    allocate memory" (a thousand small numbers in one array after an indented line is
    enough); a save, a run or a table a player kept must not be lost to that. Those are
    read by the standard library's parser instead, held to what orjson accepts: UTF-8 with
    no lone surrogates, no NaN or infinities, integers within 64 bits (larger ones read as
    floats, as orjson reads them), nesting at most 1024 deep (and short of Python's
    recursion limit, about 1000, which no file the game writes comes near). Its refusals
    are orjson.JSONDecodeError too, so every reader words them alike."""
    try:
        return orjson.loads(blob)
    except orjson.JSONDecodeError as exc:
        if not str(exc).startswith("failed to allocate memory"):
            raise
    import json

    text = ""

    def refuse(why: str, at: str = "") -> orjson.JSONDecodeError:
        """A refusal placed where `at` first stands in the document (else at its start)."""
        return orjson.JSONDecodeError(why, text, max(text.find(at), 0) if at else 0)

    def number(written: str) -> Any:
        value = int(written)
        return value if _INT_RANGE[0] <= value <= _INT_RANGE[1] else float(written)

    def real(written: str) -> float:
        value = float(written)
        if math.isinf(value):
            raise refuse("number is infinity when parsed as double", written)
        return value

    def constant(written: str) -> Any:
        raise refuse(f"{written} is not a JSON value", written)

    try:
        text = bytes(blob).decode("utf-8")
        data = json.loads(text, parse_int=number, parse_float=real, parse_constant=constant)
    except orjson.JSONDecodeError:
        raise
    except json.JSONDecodeError as exc:
        raise orjson.JSONDecodeError(exc.msg, exc.doc, exc.pos) from None
    except UnicodeDecodeError:
        raise refuse("str is not valid UTF-8") from None
    except ValueError as exc:  # a number of more digits than Python converts
        raise refuse(str(exc).splitlines()[0]) from None
    except RecursionError:
        raise refuse("nesting too deep") from None
    _check_parsed(data, refuse)
    return data


def _check_parsed(data: Any, refuse: Callable[[str], Exception]) -> None:
    """What orjson refuses and the standard library's parser lets through: nesting deeper
    than `_MAX_DEPTH` and text that is not valid UTF-8 (lone surrogates, written escaped)."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                raise refuse("str is not valid UTF-8: surrogates not allowed") from None
        elif isinstance(value, (dict, list)):
            if depth > _MAX_DEPTH:
                raise refuse("nesting too deep")
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for key, item in items:
                stack.append((key, depth))
                stack.append((item, depth + 1))


def canonical(value: Any) -> bytes:
    """The one byte form of a JSON value that hashes and keys cover: sorted keys, no spaces."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


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
                raise WrongShape(f"expected an object of kind {_n!r}")
            rest = {k: v for k, v in data.items() if k != TAG}
            return _s(rest, _cls)

        converter.register_unstructure_hook(cls, unstructure)
        converter.register_structure_hook(cls, structure)
        return
    union = reduce(lambda a, b: Union[a, b], classes)
    configure_tagged_union(union, converter, tag_generator=lambda c: c.__name__, tag_name=TAG)


def union_of(classes: tuple[type, ...]) -> Any:
    return reduce(lambda a, b: Union[a, b], tuple(classes))


#: How state_bytes writes a state's field: a record (an attrs instance worth keeping) or a
#: tuple of them from what was kept, anything else through its converter hook (none for a value orjson
#: writes as the converter would: a number, text, a boolean, a tuple of them).
RECORD, RECORDS, PLAIN = "record", "records", "plain"
_AS_IS = (int, str, bool)


def _kept_record(kind: Any) -> bool:
    """A record type worth keeping between states: an attrs class of more than three fields
    (a unit, a board). Keeping a smaller one (the dice, a smoke cloud) costs more than
    writing it again."""
    return isinstance(kind, type) and attrs.has(kind) and len(attrs.fields(kind)) > 3


def _field_plan(state_type: type, converter) -> list[tuple[str, Any, str]]:
    """(name, hook, shape) of each field of the attrs class `state_type`, in order; for
    RECORDS the hook is the item's, and a PLAIN field written as it stands has no hook."""
    attrs.resolve_types(state_type)
    plan = []
    for field in attrs.fields(state_type):
        kind, args = field.type, get_args(field.type)
        if _kept_record(kind):
            plan.append((field.name, converter.get_unstructure_hook(kind), RECORD))
        elif get_origin(kind) is tuple and len(args) == 2 and args[1] is Ellipsis and _kept_record(args[0]):
            plan.append((field.name, converter.get_unstructure_hook(args[0]), RECORDS))
        elif kind in _AS_IS or (get_origin(kind) is tuple and len(args) == 2 and args[1] is Ellipsis and args[0] in _AS_IS):
            plan.append((field.name, None, PLAIN))
        else:
            plan.append((field.name, converter.get_unstructure_hook(kind), PLAIN))
    return plan


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
        self._plan: list[tuple[str, Any, str]] | None = None  # state_bytes: how each field is written
        self._kept: dict[int, tuple[Any, orjson.Fragment]] = {}  # state_bytes: the last state's records
        self.action_union = union_of(action_types)
        self.event_union = union_of(event_types) if event_types else None

    def encode_state(self, state: Any) -> Any:
        return self.converter.unstructure(state, self.state_type)

    def decode_state(self, data: Any) -> Any:
        return self.converter.structure(data, self.state_type)

    def encode_action(self, action: Any) -> Any:
        return self._action_hooks()[0](action)

    def decode_action(self, data: Any) -> Any:
        return self._action_hooks()[1](data, self.action_union)

    def _action_hooks(self) -> tuple[Callable[[Any], Any], Callable[[Any, Any], Any]]:
        """The converter's hooks for the action union, looked up once: a save encodes and
        decodes every action, and the converter's dispatch hashes the union type each call."""
        try:
            return self._hooks
        except AttributeError:
            self._hooks = (
                self.converter.get_unstructure_hook(self.action_union),
                self.converter.get_structure_hook(self.action_union),
            )
            return self._hooks

    def encode_event(self, event: Any) -> Any:
        return self.converter.unstructure(event, self.event_union)

    def action_key(self, action: Any) -> int:
        """A 64-bit number that names `action` on every machine: a hash of its canonical
        encoding (sorted-key JSON), which keys the dice the action rolls (core.rng)."""
        blob = canonical(self.encode_action(action))
        return int.from_bytes(hashlib.blake2b(blob, digest_size=8).digest(), "big")

    def state_hash(self, state: Any) -> str:
        """A short, platform-independent fingerprint of a state (sorted-key JSON, SHA-256)."""
        return hashlib.sha256(self.state_bytes(state)).hexdigest()[:16]

    def state_bytes(self, state: Any) -> bytes:
        """The bytes a state's hash covers: its encoding as sorted-key JSON, as
        orjson.dumps(encode_state(state), option=OPT_SORT_KEYS) writes it.

        A state shares most of its records with the state it was made from (a move replaces
        one unit; the board never changes), so each record field and each record in a tuple
        field is kept from the last state written, by identity: a record the same object is
        the same value, since records are frozen. A record's JSON is made when it is first
        seen and put in as it stands (orjson.Fragment), then and every time it is seen again.
        (Writing a new record with the rest and making its own JSON only on its second sight
        wrote most records twice: 2 to 13% slower over a 300-action battle's states, every one
        or every tenth, 2026-12-07.) Only the last state's records are kept (the memo holds
        them)."""
        plan = self._plan
        if plan is None:
            plan = self._plan = _field_plan(self.state_type, self.converter)
        kept, keep = self._kept, {}

        def fragment(record: Any, hook: Callable[[Any], Any]) -> Any:
            hit = kept.get(id(record))
            if hit is None or hit[0] is not record:  # first seen: its JSON, made once
                hit = (record, orjson.Fragment(canonical(hook(record))))
            keep[id(record)] = hit
            return hit[1]

        form: dict[str, Any] = {}
        for name, hook, shape in plan:
            value = getattr(state, name)
            if shape == RECORD:
                form[name] = fragment(value, hook)
            elif shape == RECORDS:
                form[name] = [fragment(item, hook) for item in value]
            else:
                form[name] = value if hook is None else hook(value)
        self._kept = keep
        return orjson.dumps(form, option=orjson.OPT_SORT_KEYS)
