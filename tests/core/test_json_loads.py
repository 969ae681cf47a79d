"""core.serial.loads: orjson's reading, and where orjson gives up on a valid document for
want of memory, Python's parser held to the same rules. The orjson of this writing refuses
some valid documents dense with small numbers ("failed to allocate memory")."""

from __future__ import annotations

import json

import orjson
import pytest

from core import saves, serial
from core.errors import SaveError

#: Valid JSON that orjson 3.13.0 refuses with "failed to allocate memory" (a real save's
#: shape: an indented line of an array, dense with small numbers).
DENSE = b'[\n    {"s":[' + b",".join([b"[0,3,1]"] * 500) + b"]}\n]"


@pytest.fixture
def orjson_gives_up(monkeypatch):
    """orjson refusing every document for want of memory, as it refuses DENSE."""
    def refuse(blob):
        raise orjson.JSONDecodeError("failed to allocate memory", "", 0)

    monkeypatch.setattr(serial.orjson, "loads", refuse)


def test_a_dense_valid_document_is_read():
    assert serial.loads(DENSE) == json.loads(DENSE)


def test_what_orjson_gives_up_on_is_read_as_orjson_reads_it(orjson_gives_up):
    doc = b'{"a": [1, -2, 3.5, "t\\u00e9", true, null, {"b": []}], "big": 18446744073709551616, "low": -9223372036854775808}'
    got = serial.loads(doc)
    assert got == {"a": [1, -2, 3.5, "t\u00e9", True, None, {"b": []}], "big": 1.8446744073709552e19, "low": -(1 << 63)}
    assert type(got["big"]) is float and type(got["low"]) is int  # orjson reads past 64 bits as a float


@pytest.mark.parametrize("doc, reason", [
    (b'{"a": NaN}', "NaN is not a JSON value: line 1 column 7"),
    (b'{"a": -Infinity}', "-Infinity is not a JSON value: line 1 column 7"),
    (b'{"a": 1e400}', "number is infinity when parsed as double: line 1 column 7"),
    (b'{"a": "\\ud800"}', "str is not valid UTF-8: surrogates not allowed"),
    (b'{"a": "\xff"}', "str is not valid UTF-8"),
    (b'{"a": 1,}', "Expecting property name enclosed in double quotes: line 1 column 9"),
    (b'{"a": ' + b"[" * 1030 + b"]" * 1030 + b"}", "nesting too deep"),
])
def test_what_orjson_refuses_the_fallback_refuses(orjson_gives_up, doc, reason):
    with pytest.raises(orjson.JSONDecodeError) as info:
        serial.loads(doc)
    assert str(info.value).startswith(reason)


def test_deep_nesting_short_of_the_interpreters_limit_is_read(orjson_gives_up):
    """The fallback's parser recurses: it reads nesting short of Python's recursion limit
    (about 1000, where orjson reads 1024), deeper than any file the game writes."""
    deep = b"[" * 900 + b"]" * 900
    value, depth = serial.loads(deep), 0
    while value:
        value, depth = value[0], depth + 1
    assert depth == 899


def test_a_save_dense_with_numbers_is_read_and_judged_on_what_it_holds(tmp_path):
    """A save whose route was stretched to thousands of steps parses (where orjson alone
    called it damaged) and is refused for what it says: a route no ninja could take."""
    from core.ninja.ruleset import RULESET
    from tests.core.hostile import document, write
    from tests.core.save_helpers import rehash

    doc = document("ninja")
    index = next(i for i, a in enumerate(doc["actions"]) if a["kind"] == "OrderMove" and len(a.get("steps", ())) >= 2)
    doc["actions"][index]["steps"] = doc["actions"][index]["steps"] * 3000
    with pytest.raises(SaveError) as info:
        saves.load_match(write(tmp_path / "dense.json", rehash(doc, RULESET)))
    assert f"actions[{index}]" in str(info.value) and "along that route" in str(info.value)
