"""The Fantasy Warriors ``campaign.json``: its schema, its text, and how it is read back.

Only what is this rule set's state file lives here (schema ``mapgen/campaign``,
version 1, written with ``schema`` and ``version`` first); the campaign
folder itself (the lock, the journaled commit, history, ``commands.jsonl``,
undo, replay) is the session's, :mod:`mapgen.session`, one for both rule sets.
What every state file shares (schema and version first, one validator, errors by field) is :mod:`mapgen.engine.statefile`.
"""

from __future__ import annotations

from functools import lru_cache

from ..campaign_files import CAMPAIGN_FILE, COMMANDS_FILE, HISTORY_DIR  # noqa: F401 - a campaign folder's, re-exported
from ..engine import boards, statefile
from ..engine.validators import StateValidator
from ..errors import BadFileError
from .board import Board
from .state import SCHEMA, VERSION, CampaignState

MAP_FILE = "fw-map.json"


@lru_cache(maxsize=1)
def adapter() -> StateValidator:
    """The state's one validator: pydantic's, built once and kept between processes (:mod:`mapgen.engine.validators`)."""
    return StateValidator(CampaignState)


def json_schema() -> dict:
    """The published JSON Schema of ``campaign.json``, made from the state's own dataclasses."""
    return statefile.json_schema(adapter(), SCHEMA, VERSION, "urn:mapgen:schema:campaign:1", "mapgen campaign state (Fantasy Warriors)")


#: Fields added to version 1 after files were written, left out of the file while at their default so that a
#: campaign that does not use them keeps its bytes through load, undo, replay and every command: the options of
#: issue 29 (featured holdings, FW-8.5, FW-10.3.1, FW-22, FW-20), a Force's Commands, specials and journey (FW-22)
#: and craft (FW-20), a unit's sea-folk flag and base (FW-20), and FW-8.5's messengers on their way.
LATER_OPTIONS = {
    "featured_holdings": False,
    "feature_grants_on_capture": True,
    "order_transmission": False,
    "draw_english": False,
    "draw_italian": False,
    "army_composition": False,
    "watercraft": False,
}
LATER_FORCE_FIELDS = {
    "commands": [], "specials": [], "joining": None,
    "afloat": False, "ships": 0, "carriers": 0, "boats": 0, "rafts": 0,
}
LATER_UNIT_FIELDS = {"sea_folk": False, "base": None}
LATER_HOLDING_FIELDS = {"benefits": None}
LATER_FIELDS = {"messengers": []}


def _drop(d: dict, defaults: dict) -> None:
    for k, v in defaults.items():
        if k in d and d[k] == v:
            del d[k]


def _trim(data: dict) -> None:
    """Drop the fields of :data:`LATER_OPTIONS`, :data:`LATER_FIELDS`, :data:`LATER_HOLDING_FIELDS` and :func:`lean_force`
    where they hold their default."""
    _drop(data.get("options", {}), LATER_OPTIONS)
    for force in data.get("forces", ()):
        lean_force(force)
    for holding in data.get("holdings", ()):
        _drop(holding, LATER_HOLDING_FIELDS)
    _drop(data, LATER_FIELDS)


def lean_force(force: dict) -> None:
    """A force's JSON data without the later fields at their defaults (the state file, the sides' views)."""
    _drop(force, LATER_FORCE_FIELDS)
    for unit in force.get("units", ()):
        _drop(unit, LATER_UNIT_FIELDS)


def to_json(state: CampaignState) -> dict:
    return statefile.to_json(adapter(), state, _trim)


def dumps_state(state: CampaignState) -> str:
    return statefile.dumps(adapter(), state, _trim)


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
