"""One command at a time in a campaign folder: an exclusive ``flock`` on the folder itself.

Two players typing ``order`` at the same moment each read the state,
applied their order and wrote theirs: one order was lost and both were told
it stood.  Now a command holds the lock from reading the state to the last
file it writes; the second waits :data:`WAIT_S` seconds for it, then is
refused ("campaign busy, try again", exit 2) with nothing changed.

The lock is taken on the folder (opened read-only as a directory), not on a
lock file in it: a refused command then leaves the folder byte for byte as
it was, an old folder needs nothing new, and there is no lock file an
opponent could replace with a symbolic link.  ``flock`` belongs to the open
file, so the kernel lets the lock go when the process ends, however it
ends: a killed command never leaves the folder locked.
"""

from __future__ import annotations

import fcntl
import os
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from ..errors import BadFileError

#: How long a command waits for the one before it: a command with its atlas takes a second or two.
WAIT_S = 10.0
#: How often the waiting command tries again.
POLL_S = 0.05


class CampaignBusyError(BadFileError):
    """Another command holds the folder longer than a command waits."""


def _open(folder: Path) -> int:
    try:
        return os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise BadFileError(f"{folder}: cannot lock the campaign ({exc.strerror or exc})") from None


@contextmanager
def held(folder: str | os.PathLike, wait_s: float = WAIT_S) -> Iterator[None]:
    """Hold the folder's lock for the block; :class:`CampaignBusyError` after ``wait_s`` seconds of waiting."""
    folder = Path(folder)
    fd = _open(folder)
    try:
        deadline = time.monotonic() + wait_s
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise CampaignBusyError(f"{folder}: campaign busy, try again (another mapgen command is playing in it)") from None
                time.sleep(POLL_S)
        yield
    finally:
        os.close(fd)  # closing lets the lock go
