"""One session per command that changes a campaign: the lock, the state read once, one journaled commit, undo.

::

    with session.open_folder(folder) as s:          # lock, put right a killed commit, load and check
        state, events = engine.apply(s.ruleset, s.state, command, dice, s.board)
        s.commit(state, record)                      # or s.undo()

A state is checked before it is committed: its text must read back through
its rule set's ``read_state`` (a unit name longer than the file allows was
once saved, and then no command, ``undo`` included, could read the folder).
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from .. import engine, safefs
from ..engine import boards
from ..engine.ruleset import RuleSet
from ..errors import BadFileError
from ..jsonio import MAX_FILE_BYTES
from . import durable, journal, lock, signals
from .folder import (
    CAMPAIGN_FILE,
    COMMANDS_FILE,
    HISTORY_DIR,
    Loaded,
    check_folder,
    commands,
    history_file,
    load,
    record_line,
)

#: The files whose temporaries a killed commit may leave (``history/`` holds only numbered states).
OWN_FILES = (CAMPAIGN_FILE, COMMANDS_FILE, journal.JOURNAL_FILE)


class Session:
    """An open campaign folder: its lock is held, its state loaded and checked."""

    def __init__(self, loaded: Loaded):
        self.loaded = loaded
        #: Commits made in this session: a signal delivered right after one finds the command saved.
        self.commits = 0

    @property
    def folder(self) -> Path:
        return self.loaded.folder

    @property
    def ruleset(self) -> RuleSet:
        return self.loaded.ruleset

    @property
    def state(self) -> Any:
        return self.loaded.state

    @property
    def board(self) -> Any:
        return self.loaded.board

    def commit(self, state, record: dict) -> None:
        """Make ``state`` the campaign's, with ``record`` as the next line of ``commands.jsonl``; all of it or none."""
        folder, ruleset = self.folder, self.ruleset
        text = ruleset.dumps_state(state)
        try:
            ruleset.read_state(text, CAMPAIGN_FILE)
        except BadFileError as exc:
            raise BadFileError(f"the new state would not read back ({exc}); nothing was changed") from None
        record_line(record)  # a record that is not JSON fails here, before anything is written
        number = len(commands(folder)) + 1
        entry = journal.Entry("command", number, self.loaded.text, boards.sha256_bytes(text.encode("utf-8")), record)
        safefs.make_dirs(folder, HISTORY_DIR)
        with signals.deferred():
            journal.commit(folder, entry, text)
            self.loaded = Loaded(folder, state, self.board, text, ruleset)
            self.commits += 1

    def undo(self) -> dict:
        """Put back ``campaign.json`` as it was before the last command, byte for byte; returns that command's record.

        Then the battle folders that command wrote are removed: only real folders
        directly under ``battles/``, whatever the record names, never through a link.
        """
        folder = self.folder
        done = commands(folder)
        if not done:
            raise BadFileError(f"{folder}: nothing to undo (no command since 'campaign new')")
        rel = history_file(len(done))
        if not os.path.lexists(folder / rel):
            raise BadFileError(f"{folder / rel}: the history of the last command is missing; cannot undo")
        previous = safefs.read_bytes(folder, rel, MAX_FILE_BYTES)
        try:
            text = previous.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise BadFileError(f"{folder / rel}: not UTF-8 text (byte {exc.start}); cannot undo") from None
        ruleset = engine.of_text(text, str(folder / rel))
        ruleset.read_state(text, str(folder / rel))  # never restore a broken file
        entry = journal.Entry("undo", len(done), self.loaded.text, boards.sha256_bytes(previous), done[-1])
        with signals.deferred():
            journal.commit(folder, entry, previous)
            self.commits += 1
        remove_battles(folder, done[-1].get("battles", []))
        self.loaded = load(folder)
        return done[-1]


def remove_battles(folder: Path, names) -> list[str]:
    """The battle folders an undone command wrote: real folders directly under ``battles/``, nothing else."""
    removed = []
    for name in names if isinstance(names, list) else []:
        parts = str(name).split("/")
        if len(parts) != 2 or parts[0] != "battles" or parts[1] in ("", ".", ".."):
            continue
        try:
            if safefs.remove_tree(folder, name):
                removed.append(name)
        except safefs.OutsideFolderError:
            continue  # a link on the way: left alone
    return removed


@contextmanager
def open_folder(folder: str | os.PathLike, wait_s: float | None = None) -> Iterator[Session]:
    """Lock the campaign folder, put right a commit a killed command left, load and check it.

    Refused with :class:`~mapgen.session.lock.CampaignBusyError` when another
    command holds it longer than ``wait_s`` seconds (default :data:`~mapgen.session.lock.WAIT_S`).  SIGTERM inside the block
    ends the command through its cleanup (no temporary file is left).
    """
    folder = Path(folder)
    check_folder(folder)
    with signals.terminating_cleanly(), lock.held(folder, lock.WAIT_S if wait_s is None else wait_s):
        journal.recover(folder)
        remove_temporaries(folder)
        yield Session(load(folder))


def remove_temporaries(folder: Path) -> None:
    """The session's temporary files a killed command left (call it holding the lock)."""
    durable.remove_temporaries(folder, lambda name: name in OWN_FILES)
    if safefs.is_dir(folder, HISTORY_DIR):
        durable.remove_temporaries(folder / HISTORY_DIR, lambda name: name.removesuffix(".json").isdigit())


def save(loaded: Loaded, state, record: dict) -> None:
    """One commit in a session of its own, for a state worked out from ``loaded`` (scripts and tests).

    Refused when the folder changed since ``loaded`` was read: the state would overwrite that change.
    """
    with open_folder(loaded.folder) as s:
        if s.loaded.text != loaded.text:
            raise BadFileError(f"{loaded.folder / CAMPAIGN_FILE}: changed since it was read; nothing was saved")
        s.commit(state, record)


def undo(folder: str | os.PathLike) -> dict:
    """:meth:`Session.undo` in a session of its own; returns the command undone."""
    with open_folder(folder) as s:
        return s.undo()
