"""jsonio.dumps writes what ``json.dumps(data, indent=1, ensure_ascii=False)`` writes, whichever writer it uses."""

from __future__ import annotations

import json
import math
import struct

import pydantic_core  # noqa: F401 - loaded, so dumps takes its faster writer
from hypothesis import given, settings, strategies as st

from mapgen.jsonio import dumps


def _reference(data) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


_TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",)) | st.sampled_from('"\\\x00\x1f\x7f\u2028é\U0001f3f0e-0.0000'), max_size=8)
_SCALAR = st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.floats(allow_nan=True, allow_infinity=True) | _TEXT
_JSON = st.recursive(_SCALAR, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_TEXT, inner, max_size=4), max_leaves=20)


@settings(max_examples=500, deadline=None)
@given(_JSON)
def test_random_data_is_written_as_json_writes_it(data):
    assert dumps(data) == _reference(data)


def test_every_kind_of_float_is_written_as_json_writes_it():
    # each power of ten, where the writers' notations part (1e-05 / 0.00001, 1e-07 / 1e-7, 1e+16), with long digits too
    floats = [m * 10.0**e for e in range(-320, 300) for m in (1.0, 1.5, 9.999999, 1.2345678901234567, -2.5)]
    floats += [struct.unpack("<d", struct.pack("<Q", 0x9E3779B97F4A7C15 * k % 2**64))[0] for k in range(1, 2000)]
    floats = [x for x in floats if not math.isnan(x)]
    assert dumps(floats) == _reference(floats)
    for x in floats[::7]:
        assert dumps({"x": x}) == _reference({"x": x})


def test_a_lone_surrogate_is_written_as_json_writes_it():
    data = {"name": "x\udcff", "list": ["\ud800"]}
    assert dumps(data) == _reference(data)
