"""The campaign folder: ``campaign.json`` saved atomically, its history, the commands, and undo.

One store for both rule sets.  A campaign folder holds:

* ``campaign.json``: the state (schema ``mapgen/campaign``, version 1, or for a
  Renaissance campaign ``mapgen/campaign-renaissance``, read by
  :mod:`mapgen.campaign.renaissance.store`; the schema, first in the file, says which);
* ``fw-map.json`` (Renaissance: ``country.json``): a copy of the map it was started from (its SHA-256 is in the state);
* ``commands.jsonl``: every command applied, one JSON object a line, so a
  campaign can be replayed and checked (the 18xx.games model);
* ``history/NNNN.json``: the exact bytes of ``campaign.json`` before command
  NNNN, so ``undo`` restores the previous file byte for byte (and removes the
  battle folders that command wrote, named in its line of ``commands.jsonl``).

Saving writes the history file first, then swaps the new ``campaign.json`` in
with one rename, then the command list: a crash leaves either the old state
or the new one, never half of one.  A state that cannot be read is never
overwritten: every command loads (and so checks) it first.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pydantic import TypeAdapter, ValidationError

from ..errors import BadFileError
from ..jsonio import dumps, parse, read_text, write_atomic
from .board import Board, build_board
from .state import SCHEMA, VERSION, CampaignState

CAMPAIGN_FILE = "campaign.json"
MAP_FILE = "fw-map.json"
COMMANDS_FILE = "commands.jsonl"
HISTORY_DIR = "history"
#: Errors quoted from a broken file; the rest are counted.
MAX_ERRORS_SHOWN = 3


@lru_cache(maxsize=1)
def adapter() -> TypeAdapter:
    return TypeAdapter(CampaignState)


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


def read_state(text: str, where: str, schema: str, version: int, reader: TypeAdapter):
    """A state file of either rule set: its schema and version first, then every field through ``reader``."""
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

_BOARDS: dict[str, Board] = {}


def register_board(sha256: str, board: Board) -> Board:
    _BOARDS[sha256] = board
    return board


def board_for(state: CampaignState) -> Board:
    try:
        return _BOARDS[state.map.sha256]
    except KeyError:
        raise BadFileError(f"the map {state.map.path} (SHA-256 {state.map.sha256[:12]}...) is not loaded") from None


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# --- the folder -------------------------------------------------------------------------------


@dataclass
class Loaded:
    folder: Path
    state: CampaignState
    board: Board
    text: str  # the exact campaign.json text, for history

    @property
    def renaissance(self) -> bool:
        """Whether this folder plays the Renaissance rules (its state is not a Fantasy Warriors one)."""
        return not isinstance(self.state, CampaignState)


def load(folder: str | os.PathLike) -> Loaded:
    """Read and check a campaign folder: the state, the map copy (its SHA-256 must match), the state against the map."""
    from ..fw.model import FwMap
    from ..jsonio import load as load_json
    from .checks import check_state

    folder = Path(folder)
    path = folder / CAMPAIGN_FILE
    if not folder.is_dir():
        raise BadFileError(f"{folder}: no such campaign folder (start one with 'mapgen campaign new {folder}')")
    if not path.exists():
        raise BadFileError(f"{path}: no campaign here (start one with 'mapgen campaign new {folder}')")
    text = read_text(path)
    from .renaissance import store as renaissance

    if renaissance.is_renaissance(text):
        return renaissance.load_folder(folder, text, path)
    state = from_json_text(text, str(path))
    map_path = folder / MAP_FILE
    if not map_path.exists():
        raise BadFileError(f"{map_path}: the campaign's copy of its map is missing")
    raw = map_path.read_bytes()
    sha = sha256_bytes(raw)
    if sha != state.map.sha256:
        raise BadFileError(f"{map_path}: changed since the campaign began (SHA-256 {sha[:12]}..., campaign.json says {state.map.sha256[:12]}...)")
    board = _BOARDS.get(sha)
    if board is None:
        fw_map = FwMap.from_json(load_json(map_path, "mapgen/fw-map"))
        board = register_board(sha, build_board(fw_map))
    try:
        check_state(state, board)
    except BadFileError as exc:
        raise BadFileError(f"{path}: {exc}") from None
    return Loaded(folder, state, board, text)


def commands(folder: Path) -> list[dict]:
    path = folder / COMMANDS_FILE
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def save(loaded: Loaded, state: CampaignState, record: dict) -> None:
    """Keep the old bytes in history, swap the new state in, then append the command."""
    folder = loaded.folder
    done = commands(folder)
    hist = folder / HISTORY_DIR
    hist.mkdir(exist_ok=True)
    write_atomic(hist / f"{len(done) + 1:04d}.json", loaded.text)
    write_atomic(folder / CAMPAIGN_FILE, _dumps(state))
    lines = [json.dumps(c, ensure_ascii=False) for c in done + [record]]
    write_atomic(folder / COMMANDS_FILE, "\n".join(lines) + "\n")


def _dumps(state) -> str:
    """The state's file text, for either rule set."""
    from .renaissance import store as renaissance

    return dumps_state(state) if isinstance(state, CampaignState) else renaissance.dumps_state(state)


def _check_text(text: str, where: str) -> None:
    """Read a state file of either rule set (its schema says which), only to check it."""
    from .renaissance import store as renaissance

    (renaissance.from_json_text if renaissance.is_renaissance(text) else from_json_text)(text, where)


def undo(folder: str | os.PathLike) -> dict:
    """Put back the state before the last command, byte for byte; returns the command undone."""
    folder = Path(folder)
    loaded = load(folder)  # a broken state is reported, never overwritten
    done = commands(folder)
    if not done:
        raise BadFileError(f"{folder}: nothing to undo (no command since 'campaign new')")
    last = folder / HISTORY_DIR / f"{len(done):04d}.json"
    if not last.exists():
        raise BadFileError(f"{last}: the history of the last command is missing; cannot undo")
    previous = last.read_bytes()
    _check_text(previous.decode("utf-8"), str(last))  # never restore a broken file
    write_atomic(folder / CAMPAIGN_FILE, previous)
    rest = done[:-1]
    write_atomic(folder / COMMANDS_FILE, "".join(json.dumps(c, ensure_ascii=False) + "\n" for c in rest))
    last.unlink()
    del loaded
    _remove_battles(folder, done[-1].get("battles", []))
    return done[-1]


def _remove_battles(folder: Path, names) -> None:
    """The battle folders the undone command wrote: their battle is no longer pending.

    Only folders under ``battles/`` are touched, whatever the command list says.
    """
    import shutil

    root = (folder / "battles").resolve()
    for name in names if isinstance(names, list) else []:
        target = (folder / str(name)).resolve()
        if target.parent == root and target.is_dir():
            shutil.rmtree(target)
