"""The commit of one command, and of one undo, as a journal entry: the folder never holds half of either.

A command changes three things: ``campaign.json``, ``history/NNNN.json`` and
``commands.jsonl``.  A kill between those writes left a move in the state but
not in the command list, and the next ``undo`` took back two commands.  So:

1. the entry is written and synced first, ``campaign.journal``: what is being
   done (a command or an undo), its number N, the state's text before, the
   SHA-256 of the state after, and the command's record;
2. ``campaign.json`` is replaced by one rename: this is the commit;
3. a command writes ``history/N.json`` (the text before) and appends its
   record to ``commands.jsonl``; an undo trims the record and removes
   ``history/N.json``;
4. the entry is removed.

A journal found when a command opens the folder (holding its lock) is put
right by :func:`recover`: if ``campaign.json`` is the state after, the
rest of step 3 is done again (each write puts the whole file, so doing it
twice is harmless); if it is still the state before, nothing else was
touched and the entry is dropped.  So state, history and the command list
always agree.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from .. import safefs
from ..engine import boards
from ..errors import BadFileError
from ..jsonio import MAX_FILE_BYTES, dumps
from . import durable
from .folder import CAMPAIGN_FILE, COMMANDS_FILE, command_lines, history_file, record_line

JOURNAL_FILE = "campaign.journal"
SCHEMA = "mapgen/campaign-journal"
VERSION = 1
KINDS = ("command", "undo")


@dataclass(frozen=True)
class Entry:
    """One commit: ``kind`` (a command or an undo), the command's number, the state before and after, its record."""

    kind: str
    number: int
    before: str
    after_sha256: str
    record: dict

    def text(self) -> str:
        return dumps({"schema": SCHEMA, "version": VERSION, "kind": self.kind, "number": self.number,
                      "after_sha256": self.after_sha256, "record": self.record, "before": self.before})


def _read(folder: Path) -> Entry | None:
    if not safefs.is_file(folder, JOURNAL_FILE):
        safefs.inside(folder, JOURNAL_FILE)  # a link there is refused, not ignored
        return None
    where = folder / JOURNAL_FILE
    try:
        data = json.loads(safefs.read_text(folder, JOURNAL_FILE, 2 * MAX_FILE_BYTES))
        entry = Entry(str(data["kind"]), int(data["number"]), str(data["before"]), str(data["after_sha256"]), dict(data["record"]))
    except (ValueError, KeyError, TypeError) as exc:
        raise BadFileError(f"{where}: an interrupted command's journal that cannot be read ({exc}); remove it by hand "
                           f"once campaign.json, history/ and commands.jsonl agree") from None
    if data.get("schema") != SCHEMA or entry.kind not in KINDS or entry.number < 1:
        raise BadFileError(f"{where}: not a mapgen campaign journal")
    return entry


def finish(folder: Path, entry: Entry) -> None:
    """Step 3, from whatever point a killed process reached (every write is of a whole file)."""
    earlier = command_lines(folder)[: entry.number - 1]
    if entry.kind == "command":
        safefs.make_dirs(folder, history_file(entry.number).rsplit("/", 1)[0])
        durable.write(folder, history_file(entry.number), entry.before, "history")
        durable.write(folder, COMMANDS_FILE, "".join(line + "\n" for line in earlier + [record_line(entry.record)]), "commands")
    else:
        durable.write(folder, COMMANDS_FILE, "".join(line + "\n" for line in earlier), "commands")
        durable.remove(folder, history_file(entry.number), "history")


def commit(folder: Path, entry: Entry, after: str) -> None:
    """Steps 1 to 4 for the state text ``after`` (its SHA-256 is the entry's)."""
    durable.write(folder, JOURNAL_FILE, entry.text(), "journal")
    durable.write(folder, CAMPAIGN_FILE, after, "state")
    finish(folder, entry)
    durable.remove(folder, JOURNAL_FILE, "end")


def recover(folder: Path) -> str | None:
    """Put right a commit a killed process left half done; returns what was done ("completed", "rolled back") or None."""
    entry = _read(folder)
    if entry is None:
        return None
    current = safefs.read_bytes(folder, CAMPAIGN_FILE, MAX_FILE_BYTES)
    if boards.sha256_bytes(current) == entry.after_sha256:
        finish(folder, entry)
        done = "completed"
    elif current == entry.before.encode("utf-8"):
        done = "rolled back"  # nothing but the journal was written before campaign.json
    else:
        raise BadFileError(f"{folder / JOURNAL_FILE}: an interrupted command's journal, but {CAMPAIGN_FILE} is neither the state "
                           f"before it nor the one after; mapgen cannot tell what happened")
    durable.remove(folder, JOURNAL_FILE, "recovered")
    return done
