"""The field-by-field shortcut of the schema check (issue 27) never passes a value ``jsonschema`` would refuse.

``schemas.plainly_valid`` judges the plain field schemas of the long record lists itself; only its yes is
trusted.  Every field schema of every record list in the shipped schemas is tried against values of every
JSON kind, near its bounds and patterns and far from them: wherever the shortcut says yes, ``jsonschema``
(the reference validator) must find no error.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from mapgen import schemas


def _field_schemas():
    out = []
    for name in schemas.NAMES:
        doc = schemas.schema(name)
        for key, sub in doc.get("properties", {}).items():
            items = sub.get("items") if isinstance(sub, dict) else None
            if isinstance(items, dict):
                for field, fs in items.get("properties", {}).items():
                    out.append((f"{name}.{key}.{field}", doc, fs))
    return out


FIELDS = _field_schemas()

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 500), st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0, 1, 399, 400, 401, 1.0, 0.5, -0.0, "C4", "c4", "AAA999", "AAAA1", "A0", "A1000", "", "x" * 201,
                     "plain", "sea", "A", "N", "burial_mound", "Burial", "1D6", "FW-11.5"]),
    st.text(max_size=8),
)  # fmt: skip
values = st.one_of(scalars, st.lists(scalars, max_size=4), st.lists(st.lists(scalars, max_size=3), max_size=3),
                   st.dictionaries(st.text(max_size=3), scalars, max_size=2))  # fmt: skip


def test_the_shipped_schemas_have_plain_fields_to_try():
    assert len(FIELDS) > 30
    doc = schemas.schema("fw-map")
    square = doc["properties"]["squares"]["items"]["properties"]
    assert schemas.plainly_valid("C4", square["id"], doc["$defs"]) and schemas.plainly_valid(0.5, square["elevation"], doc["$defs"])
    assert not schemas.plainly_valid("C0", square["id"], doc["$defs"])  # row 0: the pattern says 1-999
    assert not schemas.plainly_valid(True, square["elevation"], doc["$defs"])  # a boolean is no number to JSON Schema


@pytest.mark.parametrize("where,doc,field", FIELDS, ids=[f[0] for f in FIELDS])
@settings(max_examples=60, deadline=None)
@given(value=values)
def test_a_yes_is_jsonschemas_yes(where, doc, field, value):
    if schemas.plainly_valid(value, field, doc.get("$defs", {})):
        check = Draft202012Validator({"$defs": doc.get("$defs", {}), **field})
        errors = [e.message for e in check.iter_errors(value)]
        assert not errors, f"{where}: {json.dumps(value)} passed the shortcut but not jsonschema: {errors}"
