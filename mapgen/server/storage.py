"""The server's one SQLite database: every campaign's state, start, map and files, its seats and its action log.

Why SQLite (Python's ``sqlite3``): one file a host can copy, no daemon, and
a transaction that is whole or absent after ``kill -9`` (the write-ahead log);
Rally the Troops serves every game from one such file.  ``synchronous=NORMAL``,
WAL's usual setting: a crash of the server loses no committed action, a power
cut may lose the last ones acknowledged, never half of one (FULL measured no
faster or slower here: the machine's load hid the fsync).
Each action is one ``BEGIN IMMEDIATE`` transaction: the state it produced,
its record (the exact ``commands.jsonl`` line) and the state before it (the
folder's ``history/NNNN.json``) go in together, so the log and the state can
never disagree.  The log is append-only: an undo marks the last live action
``undone`` and puts back the state before it; no row is ever deleted.

Tokens are stored only as their SHA-256: a copied database opens no seat.
"""

from __future__ import annotations

import hashlib
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path

DB_FILE = "mapgen-serve.sqlite3"
REFEREE = "referee"
#: How the dice are thrown: by the server from the seed, or at the table and entered by the seats.
DICE_MODES = ("server", "table")

SCHEMA_SQL = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS campaigns (
    id TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    schema TEXT NOT NULL,
    map_file TEXT NOT NULL,
    map_bytes BLOB NOT NULL,
    start_text TEXT NOT NULL,
    state_text TEXT NOT NULL,
    dice TEXT NOT NULL DEFAULT 'server',
    version INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS files (
    campaign TEXT NOT NULL REFERENCES campaigns(id),
    path TEXT NOT NULL,
    data BLOB NOT NULL,
    PRIMARY KEY (campaign, path)
);
CREATE TABLE IF NOT EXISTS seats (
    campaign TEXT NOT NULL REFERENCES campaigns(id),
    seat TEXT NOT NULL,
    token_sha256 TEXT UNIQUE,
    PRIMARY KEY (campaign, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    campaign TEXT NOT NULL REFERENCES campaigns(id),
    seat TEXT,
    record_line TEXT NOT NULL,
    before_text TEXT NOT NULL,
    seat_may_undo INTEGER NOT NULL DEFAULT 0,
    undone INTEGER NOT NULL DEFAULT 0,
    at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS notify (
    campaign TEXT NOT NULL REFERENCES campaigns(id),
    seat TEXT NOT NULL,
    webhook TEXT,
    email TEXT,
    PRIMARY KEY (campaign, seat)
);
CREATE INDEX IF NOT EXISTS actions_live ON actions (campaign, undone, id);
"""


def token_sha256(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Campaign:
    id: str
    title: str
    schema: str
    map_file: str
    map_bytes: bytes
    start_text: str
    state_text: str
    dice: str
    version: int


@dataclass(frozen=True)
class LoggedAction:
    id: int
    seat: str | None
    record_line: str
    before_text: str
    seat_may_undo: bool


class Refusal(Exception):
    """A request the campaign refuses (stale, not yours, nothing to undo); the message says why in one line."""

    def __init__(self, message: str, status: int = 409):
        super().__init__(message)
        self.status = status


class Store:
    """The database: one connection per thread (``sqlite3`` connections are not shared between threads)."""

    def __init__(self, data_dir: str | Path):
        self.path = Path(data_dir) / DB_FILE
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._local = threading.local()
        self.connection().executescript(SCHEMA_SQL)  # its own transaction (executescript commits first)

    def connection(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(self.path, isolation_level=None, timeout=30, check_same_thread=True)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            db.execute("PRAGMA foreign_keys=ON")
            self._local.db = db
        return db

    def transaction(self):
        return _Transaction(self.connection())

    # --- reading ----------------------------------------------------------------------------------
    def campaign(self, cid: str) -> Campaign | None:
        row = self.connection().execute(
            "SELECT id, title, schema, map_file, map_bytes, start_text, state_text, dice, version FROM campaigns WHERE id = ?",
            (cid,)).fetchone()
        return Campaign(*row) if row else None

    def version(self, cid: str) -> int | None:
        row = self.connection().execute("SELECT version FROM campaigns WHERE id = ?", (cid,)).fetchone()
        return row[0] if row else None

    def campaign_ids(self) -> list[str]:
        return [r[0] for r in self.connection().execute("SELECT id FROM campaigns ORDER BY created")]

    def live_actions(self, cid: str, db: sqlite3.Connection | None = None) -> list[LoggedAction]:
        rows = (db or self.connection()).execute(
            "SELECT id, seat, record_line, before_text, seat_may_undo FROM actions WHERE campaign = ? AND undone = 0 ORDER BY id",
            (cid,)).fetchall()
        return [LoggedAction(i, s, line, before, bool(u)) for i, s, line, before, u in rows]

    def count_actions(self, cid: str) -> int:
        """How many actions of the campaign stand (not undone), without reading their texts."""
        return self.connection().execute("SELECT COUNT(*) FROM actions WHERE campaign = ? AND undone = 0", (cid,)).fetchone()[0]

    def files(self, cid: str) -> dict[str, bytes]:
        return {p: bytes(d) for p, d in self.connection().execute("SELECT path, data FROM files WHERE campaign = ? ORDER BY path", (cid,))}

    def seat_of_token(self, token: str) -> tuple[str, str] | None:
        """(campaign, seat) of a token, or None: looked up by its SHA-256 only."""
        row = self.connection().execute("SELECT campaign, seat FROM seats WHERE token_sha256 = ?", (token_sha256(token),)).fetchone()
        return (row[0], row[1]) if row else None

    def seats(self, cid: str) -> list[str]:
        return [r[0] for r in self.connection().execute("SELECT seat FROM seats WHERE campaign = ? ORDER BY rowid", (cid,))]

    def notify_targets(self, cid: str) -> dict[str, tuple[str | None, str | None]]:
        """Each seat's (webhook, e-mail address) where the referee set one."""
        return {seat: (hook, mail) for seat, hook, mail in self.connection().execute(
            "SELECT seat, webhook, email FROM notify WHERE campaign = ? AND (webhook IS NOT NULL OR email IS NOT NULL)", (cid,))}

    def secret(self, name: str, make) -> str:
        """A server-wide secret kept in the database (the CSRF key), made once."""
        with self.transaction() as db:
            row = db.execute("SELECT value FROM meta WHERE key = ?", (name,)).fetchone()
            if row:
                return row[0]
            value = make()
            db.execute("INSERT INTO meta (key, value) VALUES (?, ?)", (name, value))
            return value

    # --- writing ------------------------------------------------------------------------------------
    def add_campaign(self, c: Campaign, files: dict[str, bytes], actions: list[tuple[str | None, str, str]],
                     seat_tokens: dict[str, str]) -> None:
        """A whole campaign in one transaction: its files, its past actions (seat, line, state before), its seats."""
        with self.transaction() as db:
            db.execute("INSERT INTO campaigns (id, title, schema, map_file, map_bytes, start_text, state_text, dice, version, created) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (c.id, c.title, c.schema, c.map_file, c.map_bytes, c.start_text, c.state_text, c.dice, c.version, time.time()))
            db.executemany("INSERT INTO files (campaign, path, data) VALUES (?, ?, ?)", [(c.id, p, d) for p, d in files.items()])
            db.executemany("INSERT INTO actions (campaign, seat, record_line, before_text, at) VALUES (?, ?, ?, ?, ?)",
                           [(c.id, seat, line, before, time.time()) for seat, line, before in actions])
            db.executemany("INSERT INTO seats (campaign, seat, token_sha256) VALUES (?, ?, ?)",
                           [(c.id, seat, token_sha256(t)) for seat, t in seat_tokens.items()])

    def set_token(self, cid: str, seat: str, token: str | None) -> None:
        """A seat's new link (``token``), or none at all (revoked): the old one opens nothing from now on."""
        with self.transaction() as db:
            n = db.execute("UPDATE seats SET token_sha256 = ? WHERE campaign = ? AND seat = ?",
                           (token_sha256(token) if token else None, cid, seat)).rowcount
            if not n:
                raise Refusal(f"campaign {cid} has no seat {seat!r}", 404)


    def set_notify(self, cid: str, seat: str, webhook: str | None, email: str | None) -> None:
        """Where ``seat`` is told it is its move (None: nowhere); the seat must be one of the campaign's."""
        with self.transaction() as db:
            if db.execute("SELECT 1 FROM seats WHERE campaign = ? AND seat = ?", (cid, seat)).fetchone() is None:
                raise Refusal(f"campaign {cid} has no seat {seat!r}", 404)
            db.execute("INSERT INTO notify (campaign, seat, webhook, email) VALUES (?, ?, ?, ?) "
                       "ON CONFLICT (campaign, seat) DO UPDATE SET webhook = excluded.webhook, email = excluded.email",
                       (cid, seat, webhook, email))


class _Transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT`` (or ``ROLLBACK`` on any exception): the write lock is taken at the start."""

    def __init__(self, db: sqlite3.Connection):
        self.db = db

    def __enter__(self) -> sqlite3.Connection:
        self.db.execute("BEGIN IMMEDIATE")
        return self.db

    def __exit__(self, kind, exc, tb) -> None:
        self.db.execute("ROLLBACK" if kind else "COMMIT")
