"""The campaign folder's files as the session reads them: the state with its map and board, the command list, history.

Reading goes through :mod:`mapgen.safefs`: no file is read through a
symbolic link.  The state is read and checked once, by its rule set's
``read_state`` (found from the file's first field), then checked against the
board of the map copy, whose SHA-256 must be the one the state recorded.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import engine, safefs
from ..campaign_files import CAMPAIGN_FILE, COMMANDS_FILE, HISTORY_DIR
from ..engine import boards
from ..engine.ruleset import RuleSet
from ..errors import BadFileError
from ..jsonio import MAX_FILE_BYTES

#: Keys the session adds to a command's record: the faces entered with ``--roll`` and the battle
#: folders the command wrote (``undo`` removes them).  Not the command's own: replay drops them.
SESSION_KEYS = ("roll", "battles")


def history_file(number: int) -> str:
    """``history/0003.json``: ``campaign.json`` as it was before command 3."""
    return f"{HISTORY_DIR}/{number:04d}.json"


@dataclass
class Loaded:
    """A campaign folder read and checked: its rule set, state and board, and the exact text of ``campaign.json``."""

    folder: Path
    state: Any
    board: Any
    text: str
    ruleset: RuleSet


def check_folder(folder: Path) -> None:
    if not folder.is_dir():
        raise BadFileError(f"{folder}: no such campaign folder (start one with 'mapgen campaign new {folder}')")
    if not os.path.lexists(folder / CAMPAIGN_FILE):
        raise BadFileError(f"{folder / CAMPAIGN_FILE}: no campaign here (start one with 'mapgen campaign new {folder}')")


def read_state(text: str, where: str) -> tuple[RuleSet, Any]:
    """The rule set that reads a state file (its first field says which) and the state, checked once."""
    ruleset = engine.of_text(text, where)
    return ruleset, ruleset.read_state(text, where)


def board_of(folder: Path, ruleset: RuleSet, state) -> Any:
    """The board of the folder's map copy, whose SHA-256 must be the one the state recorded."""
    map_path = folder / ruleset.map_file
    if not os.path.lexists(map_path):
        raise BadFileError(f"{map_path}: the campaign's copy of its map is missing")
    raw = safefs.read_bytes(folder, ruleset.map_file, MAX_FILE_BYTES)
    sha = boards.sha256_bytes(raw)
    if sha != state.map.sha256:
        raise BadFileError(f"{map_path}: changed since the campaign began (SHA-256 {sha[:12]}..., campaign.json says {state.map.sha256[:12]}...)")
    board = boards.known(sha)
    if board is None:
        board = boards.remember(sha, ruleset.board_from_map(raw, str(map_path)))
    return board


def load(folder: str | os.PathLike) -> Loaded:
    """Read and check a campaign folder: the state, the map copy (its SHA-256 must match), the state against the map.

    A reader needs no lock: ``campaign.json`` is replaced by one rename, so it
    is always a whole state, the one before a command or the one after.
    """
    folder = Path(folder)
    check_folder(folder)
    path = folder / CAMPAIGN_FILE
    text = safefs.read_text(folder, CAMPAIGN_FILE, MAX_FILE_BYTES)
    ruleset, state = read_state(text, str(path))
    board = board_of(folder, ruleset, state)
    try:
        ruleset.check_state(state, board)
    except BadFileError as exc:
        raise BadFileError(f"{path}: {exc}") from None
    return Loaded(folder, state, board, text, ruleset)


# --- commands.jsonl -----------------------------------------------------------------------------------


def command_lines(folder: Path) -> list[str]:
    """The lines of ``commands.jsonl`` that hold a record (blank lines are skipped), as written."""
    if not os.path.lexists(folder / COMMANDS_FILE):
        return []
    text = safefs.read_text(folder, COMMANDS_FILE, MAX_FILE_BYTES)
    return [line for line in text.splitlines() if line.strip()]


def commands(folder: str | os.PathLike) -> list[dict]:
    """Every command applied, in order; a line that is not a JSON object is a BadFileError naming it."""
    folder = Path(folder)
    if not os.path.lexists(folder / COMMANDS_FILE):
        return []
    text = safefs.read_text(folder, COMMANDS_FILE, MAX_FILE_BYTES)
    out = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except (json.JSONDecodeError, RecursionError) as exc:
            why = exc.msg if isinstance(exc, json.JSONDecodeError) else "nested too deeply"
            raise BadFileError(f"{folder / COMMANDS_FILE} line {number}: not valid JSON ({why}); the command list is broken") from None
        if not isinstance(record, dict) or not isinstance(record.get("command"), str):
            raise BadFileError(f"{folder / COMMANDS_FILE} line {number}: not a command record (a JSON object with a 'command' name)")
        out.append(record)
    return out


def record_line(record: dict) -> str:
    return json.dumps(record, ensure_ascii=False)
