"""The session's own writes: each file whole on disk or not changed at all, and no temporary file left behind.

A file is written to ``.NAME.XXXX.tmp`` beside it, flushed and synced, then
renamed over the old one, then its folder is synced so the rename itself is
on disk: after a power cut the old file or the new one is there, never half
of one.  A kill between the two steps can leave the temporary file; the next
command to open the folder (holding its lock, so nobody else is writing)
removes those of the session's files (:func:`remove_temporaries`).

Every path goes through :func:`mapgen.safefs.inside`: a symbolic link in
the folder is never written or removed through.

The crash tests need to stop the process at each step of a commit:
:func:`step` ends it at once (``os._exit``, as a kill would) when the
environment variable ``MAPGEN_CRASH_AT`` names that step, or sends the
process the signal ``MAPGEN_CRASH_WITH`` names (``SIGTERM``, ``SIGINT``).
"""

from __future__ import annotations

import os
import re
import signal
import tempfile
from pathlib import Path

from .. import safefs

#: The environment variable naming the step at which :func:`step` ends the process (tests only).
CRASH_ENV = "MAPGEN_CRASH_AT"
#: ... and how: a signal's name, or (unset) at once, as ``kill -9`` would.
CRASH_WITH_ENV = "MAPGEN_CRASH_WITH"
#: The exit status of a process stopped by :func:`step`, apart from every status mapgen gives.
CRASH_EXIT = 86
TEMP_SUFFIX = ".tmp"


def step(name: str) -> None:
    """A point in a commit where the crash tests may stop the process, as ``kill -9`` or a signal would."""
    if os.environ.get(CRASH_ENV) == name:
        how = os.environ.get(CRASH_WITH_ENV)
        if how in ("SIGTERM", "SIGINT"):
            signal.raise_signal(getattr(signal, how))
        else:
            os._exit(CRASH_EXIT)


def _file_mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask  # as any file mapgen writes: for sharing


def sync_folder(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write(folder: Path, rel: str, data: str | bytes, name: str) -> Path:
    """Write ``folder/rel`` synced and atomically; ``name`` is the step (``NAME-tmp`` before the rename)."""
    path = safefs.inside(folder, rel)
    data = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        os.fchmod(fd, _file_mode())
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        step(f"{name}-tmp")
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    sync_folder(path.parent)
    step(name)
    return path


def remove(folder: Path, rel: str, name: str) -> None:
    """Remove ``folder/rel`` if it is there (a link is refused, never followed), then sync its folder."""
    path = safefs.inside(folder, rel)
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    else:
        sync_folder(path.parent)
    step(name)


def temporary_of(name: str) -> str | None:
    """The file a temporary file of :func:`write` stands for (``.campaign.json.x1y2.tmp`` -> ``campaign.json``)."""
    m = _TEMPORARY.match(name)
    return m.group(1) if m else None


_TEMPORARY = re.compile(r"^\.(.+)\.[A-Za-z0-9_]+" + re.escape(TEMP_SUFFIX) + "$")


def remove_temporaries(directory: Path, owned) -> list[Path]:
    """The temporary files a killed command left in ``directory`` for the files ``owned(name)`` says are the session's, removed.

    Never another writer's (the atlas has its own); call it holding the lock.
    """
    gone = []
    for entry in os.scandir(directory):
        target = temporary_of(entry.name)
        if target is not None and owned(target) and entry.is_file(follow_symlinks=False):
            os.unlink(entry.path)
            gone.append(Path(entry.path))
    return gone
