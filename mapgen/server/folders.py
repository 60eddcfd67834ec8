"""A campaign folder into the database and back: ``mapgen serve --import DIR`` and ``mapgen campaign export``.

Import reads the folder under its session lock (a commit a killed command
left half done is put right first) and replays it with ``--check``: a folder
whose ``history/`` and ``commands.jsonl`` do not give its ``campaign.json``
is refused, since undo and export rest on them.  The exact texts are kept
(``campaign.json``, each ``commands.jsonl`` line, each ``history/NNNN.json``),
so export writes the same bytes back; the folder's other files (map copy,
atlas, battle folders) are kept as they were and written back as they were.
"""

from __future__ import annotations

import os
import secrets
import shutil
import tempfile
from pathlib import Path

from .. import engine, safefs, session
from ..errors import BadFileError
from ..jsonio import MAX_FILE_BYTES
from ..session.folder import command_lines, record_line
from ..session.journal import JOURNAL_FILE
from .storage import DICE_MODES, REFEREE, Campaign, Store

#: A folder bigger than this (its other files together) is refused: the database is not an archive.
MAX_FOLDER_BYTES = 64 * 1024 * 1024
#: Not kept as files: the session's own, written back from the database.
SESSION_FILES = (session.CAMPAIGN_FILE, session.COMMANDS_FILE, JOURNAL_FILE)


def new_token() -> str:
    """A seat's link: 256 random bits (``secrets.token_urlsafe(32)``)."""
    return secrets.token_urlsafe(32)


def _other_files(folder: Path, map_file: str) -> dict[str, bytes]:
    out, total = {}, 0
    for root, dirs, names in os.walk(folder, followlinks=False):
        rel_root = Path(root).relative_to(folder)
        if rel_root == Path(session.HISTORY_DIR):
            dirs[:] = []
            continue
        for name in sorted(names):
            rel = (rel_root / name).as_posix()
            path = Path(root) / name
            if rel in SESSION_FILES or rel == map_file or path.is_symlink() or not path.is_file():
                continue  # a link is never followed out of the folder
            data = safefs.read_bytes(folder, rel, MAX_FILE_BYTES)
            total += len(data)
            if total > MAX_FOLDER_BYTES:
                raise BadFileError(f"{folder}: more than {MAX_FOLDER_BYTES // 2**20} MB of files; too big to host")
            out[rel] = data
    return out


def import_folder(store: Store, folder: str | os.PathLike, dice: str = "server") -> tuple[str, dict[str, str]]:
    """Host the campaign in ``folder``: returns its id and each seat's token (the referee's too), shown once."""
    if dice not in DICE_MODES:
        raise ValueError(f"dice: {dice!r}, expected one of {', '.join(DICE_MODES)}")
    folder = Path(folder)
    with session.open_folder(folder) as s:
        ruleset, state = s.ruleset, s.state
        check = session.replay(folder, check=True)
        if check.difference is not None:
            raise BadFileError(f"{folder}: does not replay ({check.difference.words(folder)}); not imported")
        lines = command_lines(folder)
        if lines and safefs.read_text(folder, session.COMMANDS_FILE, MAX_FILE_BYTES) != "".join(x + "\n" for x in lines):
            raise BadFileError(f"{folder / session.COMMANDS_FILE}: not as mapgen writes it (blank lines or no last newline); not imported")
        records = session.commands(folder)
        history = [safefs.read_text(folder, session.history_file(n), MAX_FILE_BYTES) for n in range(1, len(lines) + 1)]
        actions = []
        for line, record, before in zip(lines, records, history):
            command = ruleset.decode({k: v for k, v in record.items() if k not in session.SESSION_KEYS})
            actions.append((ruleset.command_seat(command), line, before))
        files = _other_files(folder, ruleset.map_file)
        if safefs.is_file(folder, session.COMMANDS_FILE) and not lines:
            files[session.COMMANDS_FILE] = b""  # an empty list (every command undone) comes back as it was
        cid = secrets.token_hex(4)
        campaign = Campaign(cid, folder.name or cid, ruleset.schema, ruleset.map_file,
                            safefs.read_bytes(folder, ruleset.map_file, MAX_FILE_BYTES),
                            history[0] if history else s.loaded.text, s.loaded.text, dice, 0)
        tokens = {seat: new_token() for seat in (*ruleset.seats(state), REFEREE)}
        store.add_campaign(campaign, files, actions, tokens)
    return cid, tokens


def bundle(store: Store, cid: str) -> dict[str, bytes]:
    """The campaign as a folder's files: ``campaign.json``, ``commands.jsonl``, ``history/``, the map copy, the rest."""
    c = store.campaign(cid)
    if c is None:
        raise KeyError(cid)
    live = store.live_actions(cid)
    out = dict(store.files(cid))
    out[c.map_file] = c.map_bytes
    out[session.CAMPAIGN_FILE] = c.state_text.encode("utf-8")
    if live or session.COMMANDS_FILE in out:
        out[session.COMMANDS_FILE] = "".join(a.record_line + "\n" for a in live).encode("utf-8")
    for n, a in enumerate(live, start=1):
        out[session.history_file(n)] = a.before_text.encode("utf-8")
    return out


def write_folder(files: dict[str, bytes], folder: str | os.PathLike) -> Path:
    """The files into a new folder, all or nothing: written beside it, then renamed into place."""
    folder = Path(folder)
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise BadFileError(f"{folder}: already there and not empty; export into a new folder")
    parent = folder.resolve().parent
    parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", suffix=".export", dir=parent))
    try:
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(tmp, 0o777 & ~mask)  # as any folder mapgen writes, not mkdtemp's owner-only
        for rel, data in files.items():
            path = safefs.inside(tmp, rel)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        if folder.exists():
            folder.rmdir()
        os.replace(tmp, folder)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return folder


def record_of(ruleset: engine.RuleSet, command, roll: list[int]) -> str:
    """The command's ``commands.jsonl`` line, as the CLI writes it (``roll``: faces entered at the table)."""
    record = ruleset.encode(command)
    if roll:
        record["roll"] = roll
    return record_line(record)
