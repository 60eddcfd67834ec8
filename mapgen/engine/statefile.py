"""What every rule set's state file shares: schema and version first, one validator per read, errors by field.

A ``campaign.json`` is the rule set's state dataclasses through one pydantic
validator (:class:`~.validators.StateValidator`): it checks every field's type and range on reading, names the
field that is wrong (``forces[2].leader.cv``) and writes the published JSON
Schema, so the schema can never drift from the code.
"""

from __future__ import annotations

import re

from typing import Any, Callable

from ..errors import BadFileError
from ..jsonio import parse

#: Errors quoted from a broken file; the rest are counted.
MAX_ERRORS_SHOWN = 3


def json_schema(adapter: Any, schema: str, version: int, urn: str, title: str) -> dict:
    """The published JSON Schema of a state file, made from the state's own dataclasses."""
    doc = adapter.json_schema(mode="serialization")
    props = doc["properties"]
    # As in every mapgen schema: schema and version first, constants, always present.
    head = {"schema": {"const": schema}, "version": {"const": version}}
    doc["properties"] = {**head, **{k: v for k, v in props.items() if k not in head}}
    doc["required"] = ["schema", "version", *[r for r in doc.get("required", []) if r not in head]]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": urn,
        "title": title,
        **{k: v for k, v in doc.items() if k != "title"},
    }


#: The state field holding the campaign's secret dice seed: left out of the file while it is None, so a campaign
#: begun before it existed keeps its bytes (undo, replay ``--check`` and the server's export compare them).
DICE_SEED = "dice_seed"
#: State fields left out of the file while they hold these values, so that files written before the field
#: existed keep their bytes: the secret dice seed, and the look a kit prints in (``colour`` unless ``--style bw``).
LEFT_OUT_AT = {DICE_SEED: None, "look": "colour"}


def to_json(adapter: Any, state, trim: Callable[[dict], None] | None = None) -> dict:
    """The state as the file's JSON object; ``trim(data)`` drops what the rule set leaves out of the file (fields at their default)."""
    data = adapter.dump_python(state, mode="json")
    for name, default in LEFT_OUT_AT.items():
        if name in data and data[name] == default:
            del data[name]
    if trim is not None:
        trim(data)
    # schema and version first, as in every mapgen file
    head = {"schema": data.pop("schema"), "version": data.pop("version")}
    return {**head, **data}


def dumps(adapter: Any, state, trim: Callable[[dict], None] | None = None) -> str:
    """The state file's text, byte for byte what :func:`mapgen.jsonio.dumps` writes (indent 1, text as is, a last newline).

    Written by pydantic-core's serializer rather than the standard library's:
    ``json.dumps`` with an indent runs its pure-Python encoder, about 1 ms for a
    40 kB Renaissance state, the largest part of an action on the server;
    pydantic-core writes the same text in a tenth of that.  The same bytes
    because a state holds no floats (whose two writers differ) and both
    writers escape only quotes, backslashes and control characters
    (``tests/test_statefile.py`` compares them over random games).
    """
    from pydantic_core import to_json as core_to_json  # see read_state

    return core_to_json(to_json(adapter, state, trim), indent=1).decode("utf-8") + "\n"


#: Parts of a pydantic error location that name a branch of a type, not a field.
_BRANCH = re.compile(r"^(int|str|bool|float|none|constrained-\w+|literal\[.*\]|function-\w+\[.*\]|tagged-union\[.*\])$")


def _field(loc: tuple) -> str:
    """pydantic's location as the file's field path: ``forces[2].leader.cv``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif not _BRANCH.match(str(part)):
            out += ("." if out else "") + str(part)
    return out or "(top level)"


def read_state(text: str, where: str, schema: str, version: int, reader: Any):
    """A state file of either rule set, read and checked once, by ``reader`` (pydantic over the state's dataclasses).

    The state types fix ``schema`` and ``version`` as constants, have no floats
    (so no NaN) and strict pydantic refuses lone surrogates, so one pass is
    enough for a good file; only a refused one is read again, to name the
    problem as every mapgen file does (schema, version, then the fields).

    pydantic-core is imported here, where a state is first read or written, not with the module: its import
    (about 9 ms) then falls after ``mapgen new``'s fork, in the process that makes the campaign.
    """
    from pydantic_core import ValidationError

    try:
        return reader.validate_json(text, strict=True)
    except ValidationError:
        pass
    data = parse(text, where)
    if not isinstance(data, dict):
        raise BadFileError(f"{where}: expected a JSON object at the top level")
    if data.get("schema") != schema:
        raise BadFileError(f"{where}: field 'schema' is {data.get('schema')!r}, expected {schema!r}")
    if data.get("version") != version or isinstance(data.get("version"), bool):
        raise BadFileError(f"{where}: field 'version' is {data.get('version')!r}, this mapgen reads version {version}")
    try:
        return reader.validate_json(text, strict=True)
    except ValidationError as exc:
        errors = exc.errors()
        parts = [f"field '{_field(e['loc'])}': {e['msg']}" for e in errors[:MAX_ERRORS_SHOWN]]
        more = f" (and {len(errors) - MAX_ERRORS_SHOWN} more)" if len(errors) > MAX_ERRORS_SHOWN else ""
        raise BadFileError(f"{where}: {'; '.join(parts)}{more}") from None
