"""``campaign replay``: the state rebuilt from the start state and ``commands.jsonl``, and checked against the folder.

The 18xx.games model: a campaign is where it began plus the commands
played, so anyone can replay a folder and see that its ``campaign.json``
follows from its commands.

The start state is ``history/0001.json`` (the state before command 1, which
``campaign new`` wrote as ``campaign.json``, the map copy and the options in
it) when a command was played, else ``campaign.json`` itself.  That holds for
folders made before the session too, so they replay as they are.  Each record
is decoded by the rule set (the session's keys ``roll`` and ``battles``
dropped) and applied with the rule set's dice (``ruleset.dice_for(state, roll)``): the dice are derived
from the campaign seed and the place in the game, the faces entered at the
table first, so the same command gives the same state.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import engine, safefs
from ..errors import BadFileError
from ..jsonio import MAX_FILE_BYTES
from .folder import CAMPAIGN_FILE, COMMANDS_FILE, SESSION_KEYS, board_of, commands, history_file, read_state


@dataclass(frozen=True)
class Difference:
    """The first command after which the replayed state is not the folder's: its number, record and what differs."""

    number: int
    record: dict
    file: str
    field: str

    def words(self, folder: Path) -> str:
        return (f"command {self.number} ({COMMANDS_FILE} line {self.number}: {json.dumps(self.record, ensure_ascii=False)}): "
                f"the replayed state differs from {folder / self.file} at {self.field}")


@dataclass(frozen=True)
class Replayed:
    text: str  # the rebuilt campaign.json
    commands: int
    difference: Difference | None  # with check only


def start_file(count: int) -> str:
    return history_file(1) if count else CAMPAIGN_FILE


def first_difference(a: Any, b: Any, path: str = "") -> str | None:
    """The first field where two JSON values differ, as ``forces[2].square``; None when equal."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(dict.fromkeys([*a, *b])):
            if key not in a or key not in b:
                return f"{path}.{key}".lstrip(".") + (" (only in the replay)" if key in a else " (missing from the replay)")
            found = first_difference(a[key], b[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return f"{path.lstrip('.')} (length {len(a)} in the replay, {len(b)} in the file)" if len(a) != len(b) else None
    return None if a == b and type(a) is type(b) else (path.lstrip(".") or "(top level)")


def _differs(folder: Path, rel: str, text: str) -> str | None:
    if not safefs.is_file(folder, rel):
        raise BadFileError(f"{folder / rel}: missing, so the replay cannot be checked there")
    theirs = safefs.read_text(folder, rel, MAX_FILE_BYTES)
    if theirs == text:
        return None
    try:
        return first_difference(json.loads(text), json.loads(theirs)) or "its layout (same data, other bytes)"
    except ValueError:
        return "(not JSON)"


def replay(folder: Path, check: bool = False) -> Replayed:
    """Rebuild the state; with ``check``, compare each step with ``history/`` and the end with ``campaign.json``."""
    records = commands(folder)
    start = start_file(len(records))
    if not safefs.is_file(folder, start):
        raise BadFileError(f"{folder / start}: the start state is missing; the campaign cannot be replayed")
    text = safefs.read_text(folder, start, MAX_FILE_BYTES)
    ruleset, state = read_state(text, str(folder / start))
    board = board_of(folder, ruleset, state)
    for number, record in enumerate(records, start=1):
        where = f"{folder / COMMANDS_FILE} line {number}"
        try:
            command = ruleset.decode({k: v for k, v in record.items() if k not in SESSION_KEYS})
            roll = [int(f) for f in record.get("roll", [])]
        except (KeyError, TypeError, ValueError) as exc:
            raise BadFileError(f"{where}: not a {ruleset.title} command ({exc})") from None
        try:
            state, _ = engine.apply(ruleset, state, command, ruleset.dice_for(state, roll), board)
        except engine.CommandError as exc:
            raise BadFileError(f"{where}: refused on replay ({exc})") from None
        text = ruleset.dumps_state(state)
        if check:
            rel = history_file(number + 1) if number < len(records) else CAMPAIGN_FILE
            field = _differs(folder, rel, text)
            if field:
                return Replayed(text, number, Difference(number, record, rel, field))
    return Replayed(text, len(records), None)
