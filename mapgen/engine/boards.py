"""The boards worked out from map files, kept by the file's SHA-256.

A board (the squares or roads the rules read) takes a second or more to
work out from a large map, and every command of a campaign plays on the
same map: so it is kept for the life of the process, keyed by the map
file's SHA-256, which the state records.  Here, on the engine's floor, so
that the rule sets' own ``campaign new`` code and the session above share
one cache without importing each other.
"""

from __future__ import annotations

import hashlib
from typing import Any, Callable

_BOARDS: dict[str, Any] = {}


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def remember(sha256: str, board: Any) -> Any:
    """Keep ``board`` as the board of the map file whose SHA-256 is ``sha256``; returns it."""
    _BOARDS[sha256] = board
    return board


def known(sha256: str) -> Any | None:
    """The board of that map file, if worked out already in this process."""
    return _BOARDS.get(sha256)


def for_map(map_bytes: bytes, build: Callable[[], Any]) -> Any:
    """The board of the map file ``map_bytes``: kept, or ``build()`` now and kept (``campaign new`` of either rule set)."""
    sha = sha256_bytes(map_bytes)
    board = _BOARDS.get(sha)
    return board if board is not None else remember(sha, build())


def forget_all() -> None:
    """Empty the cache (a test that wants the board built from the file again)."""
    _BOARDS.clear()
