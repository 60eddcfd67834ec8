"""The Fantasy Warriors ``campaign.json``: its schema, its text, and how it is read back.

Only what is this rule set's state file lives here (schema ``mapgen/campaign``,
version 1, written with ``schema`` and ``version`` first); the campaign
folder itself (the lock, the journaled commit, history, ``commands.jsonl``,
undo, replay) is the session's, :mod:`mapgen.session`, one for both rule sets.
:func:`read_state` is also the Renaissance file's reader.
"""

from __future__ import annotations

import re
from functools import lru_cache

from pydantic_core import ValidationError

from ..engine import boards
from ..engine.validators import StateValidator
from ..errors import BadFileError
from ..jsonio import dumps, parse
from .board import Board
from .state import SCHEMA, VERSION, CampaignState

CAMPAIGN_FILE = "campaign.json"
MAP_FILE = "fw-map.json"
COMMANDS_FILE = "commands.jsonl"
HISTORY_DIR = "history"
#: Errors quoted from a broken file; the rest are counted.
MAX_ERRORS_SHOWN = 3


@lru_cache(maxsize=1)
def adapter() -> StateValidator:
    """The state's one validator: pydantic's, built once and kept between processes (:mod:`mapgen.engine.validators`)."""
    return StateValidator(CampaignState)


def json_schema() -> dict:
    """The published JSON Schema of ``campaign.json``, made from the state's own dataclasses."""
    schema = adapter().json_schema(mode="serialization")
    props = schema["properties"]
    # As in every mapgen schema: schema and version first, constants, always present.
    head = {"schema": {"const": SCHEMA}, "version": {"const": VERSION}}
    schema["properties"] = {**head, **{k: v for k, v in props.items() if k not in head}}
    schema["required"] = ["schema", "version", *[r for r in schema.get("required", []) if r not in head]]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "urn:mapgen:schema:campaign:1",
        "title": "mapgen campaign state (Fantasy Warriors)",
        **{k: v for k, v in schema.items() if k != "title"},
    }


def to_json(state: CampaignState) -> dict:
    data = adapter().dump_python(state, mode="json")
    # schema and version first, as in every mapgen file
    head = {"schema": data.pop("schema"), "version": data.pop("version")}
    return {**head, **data}


def dumps_state(state: CampaignState) -> str:
    return dumps(to_json(state))


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


def from_json_text(text: str, where: str) -> CampaignState:
    """Check and build a state; a BadFileError names the file and the first wrong fields."""
    return read_state(text, where, SCHEMA, VERSION, adapter())


def read_state(text: str, where: str, schema: str, version: int, reader: StateValidator):
    """A state file of either rule set, read and checked once, by ``reader`` (pydantic over the state's dataclasses).

    The state types fix ``schema`` and ``version`` as constants, have no floats
    (so no NaN) and strict pydantic refuses lone surrogates, so one pass is
    enough for a good file; only a refused one is read again, to name the
    problem as every mapgen file does (schema, version, then the fields).
    """
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


# --- boards ---------------------------------------------------------------------------------

sha256_bytes = boards.sha256_bytes


def register_board(sha256: str, board: Board) -> Board:
    return boards.remember(sha256, board)


def board_for(state: CampaignState) -> Board:
    board = boards.known(state.map.sha256)
    if board is None:
        raise BadFileError(f"the map {state.map.path} (SHA-256 {state.map.sha256[:12]}...) is not loaded")
    return board
