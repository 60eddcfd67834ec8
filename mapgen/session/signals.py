"""Ctrl-C and ``kill`` during a command: never half a commit, never a temporary file left behind.

* :func:`terminating_cleanly`: SIGTERM's default ends the process on the spot,
  so the ``finally`` blocks that remove temporary files never ran; while a
  session is open it raises ``SystemExit`` instead (exit 143, as the shell
  reports a SIGTERM), and those blocks run.
* :func:`deferred`: during the commit itself (the journal, ``campaign.json``,
  history, ``commands.jsonl``) SIGINT and SIGTERM are only noted, and
  delivered once the commit is whole.

Signal handlers can only be set in the main thread; elsewhere (a server
thread) both are no-ops and the journal alone keeps the folder whole.
"""

from __future__ import annotations

import signal
import threading
from contextlib import contextmanager
from typing import Iterator

#: The exit status of a process ended by SIGTERM, as a shell reports it (128 + 15).
SIGTERM_EXIT = 128 + signal.SIGTERM
DEFERRED = (signal.SIGINT, signal.SIGTERM)


def _main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


def _terminate(signum, frame):
    raise SystemExit(SIGTERM_EXIT)


@contextmanager
def terminating_cleanly() -> Iterator[None]:
    """SIGTERM raises ``SystemExit(143)`` inside the block, so cleanup code runs."""
    if not _main_thread():
        yield
        return
    old = signal.signal(signal.SIGTERM, _terminate)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old)


@contextmanager
def deferred() -> Iterator[None]:
    """SIGINT and SIGTERM wait until the block is done, then are delivered as they would have been."""
    if not _main_thread():
        yield
        return
    caught: list[int] = []
    old = {s: signal.signal(s, lambda signum, frame: caught.append(signum)) for s in DEFERRED}
    try:
        yield
    finally:
        for s, handler in old.items():
            signal.signal(s, handler)
        for s in dict.fromkeys(caught):
            signal.raise_signal(s)
