"""A Napoleonic battle's files: ``campaign.json`` through one pydantic validator, and the field file beside it.

The field file (``napoleonic-field.json``, schema ``mapgen/napoleonic-field``)
holds what stays fixed for the whole battle: the areas of the board
(NAP-2.2) and the missing tables in play (the [DEV] defaults or a group's
``--tables FILE``).  The state records its SHA-256, as a campaign records
its map's, so an edit to the tables mid-battle is refused, and the engine's
board is read from it.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import lru_cache

from ..engine import statefile
from ..engine.records import MapRef
from ..engine.validators import StateValidator
from ..errors import BadFileError
from ..jsonio import dumps
from .board import AREAS
from .state import DESTROYED, SCHEMA, UNPLACED, VERSION, Army, NapoleonicState, Unit
from .tables import DEFAULT_TABLES, MissingTables, tables_from_json

SCHEMA_NAME = "campaign-napoleonic"
FIELD_FILE = "napoleonic-field.json"
FIELD_SCHEMA = "mapgen/napoleonic-field"
FIELD_VERSION = 1


@dataclass(frozen=True)
class Field:
    """The board the rules read: the major battle field of NAP-2.2 and the tables in play."""

    tables: MissingTables = DEFAULT_TABLES
    kind: str = "major"


def field_bytes(tables: MissingTables = DEFAULT_TABLES) -> bytes:
    """The field file: its areas as the commands name them, and the tables (with where they came from)."""
    doc = {"schema": FIELD_SCHEMA, "version": FIELD_VERSION, "field": "major", "areas": list(AREAS),
           "tables": {**tables.to_json(), "source": tables.source}}
    return dumps(doc).encode("utf-8")


def field_from_bytes(data: bytes, where: str) -> Field:
    try:
        doc = json.loads(data)
    except (ValueError, RecursionError) as exc:
        raise BadFileError(f"{where}: not JSON ({exc})") from None
    if not isinstance(doc, dict) or doc.get("schema") != FIELD_SCHEMA:
        raise BadFileError(f"{where}: field 'schema' is {doc.get('schema') if isinstance(doc, dict) else None!r}, expected {FIELD_SCHEMA!r}")
    if doc.get("version") != FIELD_VERSION:
        raise BadFileError(f"{where}: field 'version' is {doc.get('version')!r}, this mapgen reads version {FIELD_VERSION}")
    if doc.get("field") != "major" or doc.get("areas") != list(AREAS):
        raise BadFileError(f"{where}: field 'areas': not the major battle field of NAP-2.2 ({', '.join(AREAS)})")
    tables = doc.get("tables")
    if not isinstance(tables, dict):
        raise BadFileError(f"{where}: field 'tables': expected an object")
    try:
        return Field(tables_from_json(tables, str(tables.get("source") or where)))
    except BadFileError as exc:
        raise BadFileError(f"{where}: {exc}") from None


def map_ref(data: bytes) -> MapRef:
    return MapRef(FIELD_FILE, hashlib.sha256(data).hexdigest())


@lru_cache(maxsize=1)
def adapter() -> StateValidator:
    return StateValidator(NapoleonicState)


def json_schema() -> dict:
    """The published JSON Schema of a Napoleonic ``campaign.json``, made from the state's dataclasses."""
    return statefile.json_schema(adapter(), SCHEMA, VERSION, f"urn:mapgen:schema:{SCHEMA_NAME}:1", "mapgen battle state (Napoleonic)")


def dumps_state(state: NapoleonicState) -> str:
    return statefile.dumps(adapter(), state)


def read_state(text: str, where: str) -> NapoleonicState:
    state = statefile.read_state(text, where, SCHEMA, VERSION, adapter())
    problem = rule_problem(state)
    if problem:
        raise BadFileError(f"{where}: {problem}")
    return state


def rule_problem(state: NapoleonicState) -> str | None:
    """What a well-typed state may still get wrong, by field: ids, sides, pending units, a stage and its fields."""
    if tuple(a.side for a in state.armies) != ("A", "B"):
        return "field 'armies': side A's army, then side B's"
    ids = [u.id for u in state.units]
    if len(set(ids)) != len(ids):
        return "field 'units': the same id twice"
    for i, u in enumerate(state.units):
        if u.id[0] != u.side or not u.id[1:].isdigit():
            return f"field 'units[{i}].id': {u.id!r}, expected side {u.side}'s letter and a number"
        if u.in_square and (u.type not in ("infantry", "elite_infantry", "militia") or u.area in (UNPLACED, DESTROYED)):
            return f"field 'units[{i}].in_square': only infantry on the field forms square (NAP-10)"
        if (u.area == UNPLACED) != (state.stage == "deployment" and u.side not in state.deployed):
            return f"field 'units[{i}].area': {u.area!r} does not fit the deployment ({state.stage})"
        own = AREAS.get(u.area)
        if own is not None and own.kind in ("reserve", "retreat") and own.owner != u.side:
            return f"field 'units[{i}].area': {u.area} is side {own.owner}'s box"
    for side in ("A", "B"):
        if not any(u.side == side for u in state.units):
            return f"field 'units': side {side} has no units"
    if state.pending is not None:
        for role in ("charger", "target"):
            if state.unit(getattr(state.pending, role)) is None:
                return f"field 'pending.{role}': no unit {getattr(state.pending, role)!r}"
    if (state.result is None) != (state.stage in ("deployment", "battle")):
        return f"field 'result': does not fit stage {state.stage!r}"
    if len(set(state.deployed)) != len(state.deployed):
        return "field 'deployed': a side twice"
    return None


def new_state(seed, field: bytes, attacker: str, armies: tuple[tuple[Army, tuple[Unit, ...]], tuple[Army, tuple[Unit, ...]]],
              dice_seed: int | str | None = None) -> NapoleonicState:
    """A battle before deployment: both armies off the board, the attacker named (NAP-A.17).

    ``dice_seed``: the battle's secret dice seed (None: its dice come from ``seed``, as the simulations' do).
    """
    (a, ua), (b, ub) = armies
    return NapoleonicState(SCHEMA, VERSION, seed, map_ref(field), attacker, (a, b), ua + ub, acting=attacker, dice_seed=dice_seed)
