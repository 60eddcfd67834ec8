"""The Fantasy Warriors ``campaign.json``: its schema, its text, and how it is read back.

Only what is this rule set's state file lives here (schema ``mapgen/campaign``,
version 1, written with ``schema`` and ``version`` first); the campaign
folder itself (the lock, the journaled commit, history, ``commands.jsonl``,
undo, replay) is the session's, :mod:`mapgen.session`, one for both rule sets.
What every state file shares (schema and version first, one validator, errors by field) is :mod:`mapgen.engine.statefile`.
"""

from __future__ import annotations

from functools import lru_cache

from ..engine import boards, statefile
from ..engine.validators import StateValidator
from ..errors import BadFileError
from .board import Board
from .state import SCHEMA, VERSION, CampaignState

CAMPAIGN_FILE = "campaign.json"
MAP_FILE = "fw-map.json"
COMMANDS_FILE = "commands.jsonl"
HISTORY_DIR = "history"


@lru_cache(maxsize=1)
def adapter() -> StateValidator:
    """The state's one validator: pydantic's, built once and kept between processes (:mod:`mapgen.engine.validators`)."""
    return StateValidator(CampaignState)


def json_schema() -> dict:
    """The published JSON Schema of ``campaign.json``, made from the state's own dataclasses."""
    return statefile.json_schema(adapter(), SCHEMA, VERSION, "urn:mapgen:schema:campaign:1", "mapgen campaign state (Fantasy Warriors)")


#: Fields written only when they differ from these defaults, so that a campaign without the
#: ``watercraft`` option (and every older ``campaign.json``) keeps its bytes.
LEAN_OPTIONS = {"watercraft": False}
LEAN_FORCE = {"afloat": False, "ships": 0, "carriers": 0, "boats": 0, "rafts": 0}
LEAN_UNIT = {"sea_folk": False, "base": None}


def _drop(d: dict, defaults: dict) -> None:
    for k, v in defaults.items():
        if k in d and d[k] == v:
            del d[k]


def lean(data: dict) -> None:
    """Leave out, in place, the watercraft fields at their defaults (:data:`LEAN_OPTIONS` ...)."""
    _drop(data["options"], LEAN_OPTIONS)
    for f in data["forces"]:
        lean_force(f)


def lean_force(f: dict) -> None:
    """A force's JSON data without the watercraft fields at their defaults (the state file, the sides' views)."""
    _drop(f, LEAN_FORCE)
    for u in f["units"]:
        _drop(u, LEAN_UNIT)


def to_json(state: CampaignState) -> dict:
    return statefile.to_json(adapter(), state, lean)


def dumps_state(state: CampaignState) -> str:
    return statefile.dumps(adapter(), state, lean)


def from_json_text(text: str, where: str) -> CampaignState:
    """Check and build a state; a BadFileError names the file and the first wrong fields."""
    return statefile.read_state(text, where, SCHEMA, VERSION, adapter())


# --- boards ---------------------------------------------------------------------------------

sha256_bytes = boards.sha256_bytes


def register_board(sha256: str, board: Board) -> Board:
    return boards.remember(sha256, board)


def board_for(state: CampaignState) -> Board:
    board = boards.known(state.map.sha256)
    if board is None:
        raise BadFileError(f"the map {state.map.path} (SHA-256 {state.map.sha256[:12]}...) is not loaded")
    return board
