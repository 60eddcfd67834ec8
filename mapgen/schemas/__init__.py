"""JSON Schemas (draft 2020-12) of the public documents, shipped with the package.

``fw-map.schema.json``, ``country.schema.json``, ``battlefield.schema.json``
and ``counters.schema.json`` describe what mapgen writes and what it reads
back; ``mapgen schema NAME`` prints one.  They are written from the README's
contract tables: every object allows fields it does not list, because the
contract says new fields may be added and none renamed.
``balance.schema.json`` describes ``mapgen campaign simulate``'s report, and
``balance-renaissance.schema.json`` its report of a Renaissance run (per seat).
``napoleonic-tables.schema.json`` describes the Napoleonic battle's missing
tables as a group may give them (``--tables FILE``), and
``campaign-napoleonic.schema.json`` a Napoleonic battle's ``campaign.json``
(generated from :func:`mapgen.napoleonic.store.json_schema`).
``skirmish.schema.json`` describes ``mapgen skirmish``'s ``skirmish.json``.
``campaign.schema.json`` is generated from the campaign state's own
dataclasses (:func:`mapgen.campaign.store.json_schema`), and
``campaign-renaissance.schema.json`` from the Renaissance one's
(:func:`mapgen.renaissance.store.json_schema`); tests keep the
shipped files equal to them.

Checking uses ``jsonschema`` (the reference validator) rather than
hand-written type checks.  Its cost is per keyword per value, about 0.2 ms
for a square of a campaign map: 30 s for a 400 x 400 map.  So a long list of
flat records (the squares, a country's nodes) is checked field by field, each
distinct value once, still by ``jsonschema``; only a record that fails is
checked whole again, for the message.

Examples
--------
>>> check({"schema": "mapgen/counters", "version": 1, "size_mm": 15.875,
...        "paper": "A4-portrait", "pages": []}, "counters")
>>> sorted(NAMES)
['balance', 'balance-renaissance', 'battlefield', 'campaign', 'campaign-napoleonic', 'campaign-renaissance', 'counters', 'country', 'fw-map', 'napoleonic-tables', 'skirmish']
"""

from __future__ import annotations

import functools
import json
import math
import re
from importlib import resources
from typing import Any

from ..errors import BadFileError

#: Document name -> the ``schema`` field of its files.
NAMES = {
    "fw-map": "mapgen/fw-map",
    "country": "mapgen/country",
    "battlefield": "mapgen/battlefield",
    "counters": "mapgen/counters",
    "campaign": "mapgen/campaign",
    "campaign-renaissance": "mapgen/campaign-renaissance",
    "balance": "mapgen/balance",
    "balance-renaissance": "mapgen/balance-renaissance",
    "napoleonic-tables": "mapgen/napoleonic-tables",
    "campaign-napoleonic": "mapgen/campaign-napoleonic",
    "skirmish": "mapgen/skirmish",
}
#: A list longer than this, of records whose schema lists only their fields, is checked field by field.
FIELDWISE_FROM = 200
#: Keywords of a record schema that the field-by-field check covers exactly.
_RECORD_KEYWORDS = {"type", "required", "properties", "description", "title"}
_LIST_KEYWORDS = {"type", "items", "minItems", "maxItems", "description", "title"}
#: A message quoting a huge value is cut here.
MESSAGE_CHARS = 300


def file_name(name: str) -> str:
    return f"{name}.schema.json"


def text(name: str) -> str:
    """The schema's JSON text, as shipped (``importlib.resources``, so it works from a wheel or a zip)."""
    if name not in NAMES:
        raise KeyError(f"no schema {name!r}; the schemas are {', '.join(NAMES)}")
    return resources.files(__package__).joinpath(file_name(name)).read_text(encoding="utf-8")


def location(name: str) -> str:
    """Where the installed schema file is (a path inside the mapgen package)."""
    text(name)  # the same error for an unknown name
    return str(resources.files(__package__).joinpath(file_name(name)))


@functools.cache
def schema(name: str) -> dict:
    return json.loads(text(name))


@functools.cache
def validator(name: str):
    from jsonschema import Draft202012Validator

    return Draft202012Validator(schema(name))


def field_path(parts) -> str:
    """``['squares', 3, 'terrain']`` -> ``squares[3].terrain``."""
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


def _message(error) -> str:
    where = field_path(error.absolute_path)
    if error.validator == "required" and isinstance(error.instance, dict):
        # One error per missing field, its name quoted first in the message.
        missing = next((k for k in error.validator_value if k not in error.instance and error.message.startswith(repr(k))), None)
        if missing is not None:
            return f"field '{field_path([*error.absolute_path, missing])}' is missing"
    msg = error.message
    quoted = repr(error.instance)
    if len(quoted) > 60 and msg.startswith(quoted):
        msg = quoted[:57] + "..." + msg[len(quoted):]  # "[{...}, ...] is too long": the verdict, not the list
    if error.validator in ("anyOf", "oneOf") and error.context:
        # "is not valid under any of the given schemas" says nothing: say what each choice wanted.
        seen = []
        for e in error.context:
            if not e.path and e.message not in seen:
                seen.append(e.message)
        msg = " and ".join(seen) or msg
    if len(msg) > MESSAGE_CHARS:
        msg = msg[: MESSAGE_CHARS - 3] + "..."
    return f"{where}: {msg}" if where else msg


def errors(data: Any, name: str) -> list[str]:
    """Every way ``data`` breaks the schema, as ``path: message``, in the order they were found."""
    return [_message(e) for e in _iter_errors(validator(name), data)]


def check(data: Any, name: str) -> None:
    """Raise BadFileError naming the field path of the first way ``data`` breaks schema ``name``."""
    error = next(_iter_errors(validator(name), data), None)
    if error is not None:
        raise BadFileError(_message(error))


def _iter_errors(v, data):
    """``v.iter_errors(data)``, except that long record lists at the top level are checked field by field."""
    props = v.schema.get("properties", {})
    long_lists = {}
    if isinstance(data, dict):
        for key, sub in props.items():
            value = data.get(key)
            items = sub.get("items") if isinstance(sub, dict) else None
            if (
                isinstance(value, list)
                and len(value) > FIELDWISE_FROM
                and set(sub) <= _LIST_KEYWORDS
                and isinstance(items, dict)
                and set(items) <= _RECORD_KEYWORDS
                and items.get("type") == "object"
            ):
                long_lists[key] = items
    if not long_lists:
        yield from v.iter_errors(data)
        return
    # The document with each long list cut to its first record: every other keyword is checked as usual,
    # and the lists' own length limits on the whole lists.
    short = dict(data)
    for key in long_lists:
        short[key] = data[key][: max(1, props[key].get("minItems", 0))]
        whole = {k: s for k, s in props[key].items() if k != "items"}
        for error in v.evolve(schema=whole).iter_errors(data[key]):
            error.path.appendleft(key)
            yield error
    yield from v.iter_errors(short)
    for key, items in long_lists.items():
        checked = len(short[key])  # the first records were judged in the shortened document
        for i in _bad_records(v, data[key], items):
            if i < checked:
                continue
            for error in v.descend(data[key][i], items, path=i):
                error.path.appendleft(key)
                yield error


def _memo_key(value):
    """Equal keys for values every schema judges alike (``1``, ``1.0`` and ``True`` kept apart)."""
    if isinstance(value, (str, int, float, bool)) or value is None:
        return type(value), value
    if isinstance(value, list) and all(type(x) is str for x in value):
        return list, tuple(value)
    return type(value), json.dumps(value, sort_keys=True)


def _resolved(v, sub):
    """A field schema that is only a ``$ref`` to this schema's ``$defs``, replaced by what it points to (resolving costs more than checking)."""
    ref = sub.get("$ref") if isinstance(sub, dict) else None
    if ref and set(sub) == {"$ref"} and ref.startswith("#/$defs/") and ref.count("/") == 2:
        target = v.schema.get("$defs", {}).get(ref.rsplit("/", 1)[1])
        if isinstance(target, dict) and "$ref" not in target:
            return target
    return sub


#: Keywords :func:`plainly_valid` judges itself; a field schema with any other goes to ``jsonschema``.
_PLAIN_KEYWORDS = {"type", "minimum", "maximum", "minLength", "maxLength", "pattern", "enum", "items", "prefixItems",
                   "minItems", "maxItems", "$ref", "description", "title"}  # fmt: skip
_NOTES = {"description", "title"}


@functools.lru_cache(maxsize=256)
def _pattern(text: str) -> re.Pattern:
    return re.compile(text)


def plainly_valid(value, sub, defs: dict) -> bool:
    """True when ``value`` certainly meets the field schema ``sub``: a scalar of the type named, within its
    bounds, length and pattern (``re.search``, as ``jsonschema`` does) or among its strings, or a list of such
    (``items``, ``prefixItems``) within its length; ``$ref`` to ``#/$defs/...`` is looked up in ``defs``.

    Only a yes is trusted: False means "ask ``jsonschema``", which also writes the message.  A 200 x 200
    map has 40,000 distinct square names and elevations and its regions hundreds of lists of squares, each
    a ``jsonschema`` descent of 0.1 ms or more; judged here they cost a microsecond or so (issue 27: reading
    the map was most of its GeoJSON export).
    """
    check = _plain_check(sub, defs)
    return check is not None and check(value)


#: Each field schema's check (or None when it is not plain), by the schema's id: the shipped schemas are
#: loaded once (:func:`schema`), so their dicts live as long as the process.
_CHECKS: dict[int, tuple] = {}


def _plain_check(sub, defs: dict):
    """A function telling whether a value certainly meets ``sub`` (see :func:`plainly_valid`), or None."""
    kept = _CHECKS.get(id(sub))
    if kept is not None and kept[0] is sub:
        return kept[1]
    check = _make_check(sub, defs)
    _CHECKS[id(sub)] = (sub, check)
    return check


def _make_check(sub, defs: dict):
    if not isinstance(sub, dict) or not set(sub) <= _PLAIN_KEYWORDS:
        return None
    keys = set(sub) - _NOTES
    if "$ref" in sub:
        ref = sub["$ref"]
        if keys != {"$ref"} or not isinstance(ref, str) or not ref.startswith("#/$defs/") or ref.count("/") != 2:
            return None
        return _plain_check(defs.get(ref.rsplit("/", 1)[1]), defs)
    kind = sub.get("type")
    if "enum" in sub:
        words = sub["enum"]
        if keys != {"enum"} or not isinstance(words, list) or not all(type(e) is str for e in words):
            return None
        allowed = frozenset(words)
        return lambda value: type(value) is str and value in allowed
    if kind == "string":
        if not keys <= {"type", "minLength", "maxLength", "pattern"}:
            return None
        low, high = sub.get("minLength", 0), sub.get("maxLength")
        pattern = _pattern(sub["pattern"]).search if "pattern" in sub else None
        return lambda value: (type(value) is str and len(value) >= low and (high is None or len(value) <= high)
                              and (pattern is None or pattern(value) is not None))  # fmt: skip
    if kind in ("integer", "number"):
        if not keys <= {"type", "minimum", "maximum"}:
            return None
        low, high = sub.get("minimum"), sub.get("maximum")
        numbers = (int,) if kind == "integer" else (int, float)
        return lambda value: (type(value) in numbers and (type(value) is int or math.isfinite(value))
                              and (low is None or value >= low) and (high is None or value <= high))  # fmt: skip
    if kind == "boolean":
        return (lambda value: type(value) is bool) if keys == {"type"} else None
    if kind == "array":
        if not keys <= {"type", "items", "prefixItems", "minItems", "maxItems"}:
            return None
        low, high = sub.get("minItems", 0), sub.get("maxItems")
        prefix = sub.get("prefixItems", [])
        if not isinstance(prefix, list):
            return None
        heads = [_plain_check(p, defs) for p in prefix]
        items = sub.get("items", True)
        rest = None if items is True or items == {} else _plain_check(items, defs)
        if None in heads or (rest is None and not (items is True or items == {})):
            return None
        n = len(prefix)

        def check(value) -> bool:
            if type(value) is not list or len(value) < low or (high is not None and len(value) > high):
                return False
            if not all(h(x) for h, x in zip(heads, value)):
                return False
            return rest is None or all(rest(x) for x in value[n:])

        return check
    return None


def _bad_records(v, records: list, items: dict):
    """Indexes of the records that break ``items`` (type object, required, properties), in order, each distinct
    field value checked once.

    Column by column: one field's values over every record, a scalar's memo key made in line (a 200 x 200 map
    is 360,000 field values, and a call each was most of the check).
    """
    required = items.get("required", [])
    fields = {key: _resolved(v, sub) for key, sub in items.get("properties", {}).items()}
    defs = v.schema.get("$defs", {})
    bad = {i for i, record in enumerate(records) if not isinstance(record, dict) or any(k not in record for k in required)}
    scalars = (str, int, float, bool, type(None))
    for key, sub in fields.items():
        verdict: dict[tuple, bool] = {}
        for i, record in enumerate(records):
            if i in bad or key not in record:
                continue
            value = record[key]
            kind = type(value)
            memo = (kind, value) if kind in scalars else _memo_key(value)
            ok = verdict.get(memo)
            if ok is None:
                ok = verdict[memo] = plainly_valid(value, sub, defs) or next(v.descend(value, sub, path=key), None) is None
            if not ok:
                bad.add(i)
    yield from sorted(bad)
