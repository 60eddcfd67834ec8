"""What a campaign command keeps between processes: work that depends only on mapgen's code (and a map file).

Every command is a new process, and two things it needs cost more to work
out than the rest of the command: the state's pydantic validator
(:mod:`.validators`) and the board of the campaign's map (the board needs
numpy and the map's model, 50-100 ms before the first rule is read).  Both
depend only on mapgen's code, the libraries' versions and, for a board, the
map file's bytes: so they are kept in the user's cache folder
(``$XDG_CACHE_HOME/mapgen``, by default ``~/.cache/mapgen``), each file
headed by the key it was made with.  The key holds the versions of Python,
pydantic and pydantic-core and the size and modification time of every
mapgen source file (the test Python applies to its ``.pyc`` files), so any
change to the code makes every kept file stale.  A stale, missing or
unreadable file, or a cache folder that cannot be written, only means the
work is done again, as before.

Nothing is kept in a campaign folder: a folder can come from an opponent,
and what is read back here is trusted (pickles), as the user's own files.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import os
import sys
import tempfile
from pathlib import Path

from ..cachedir import cache_dir

#: mapgen's own folder: its sources make the key.
PACKAGE = Path(__file__).resolve().parent.parent
#: Bumped when what is kept, or how, changes.
FORMAT = 1
#: The most boards kept: the oldest go first (a board is 20 kB for a medium map, a few MB for 200 x 200).
MAX_BOARDS = 64
#: The most validators kept (one per state type and version of the code).
MAX_VALIDATORS = 16


def _library_stamp(package: str) -> str:
    """A library's installed files (names, sizes, modification times): its version, without importing it to ask."""
    spec = importlib.util.find_spec(package)
    if spec is None or spec.origin is None:
        return ""
    folder = os.path.dirname(spec.origin)
    try:
        return "".join(f"\0{e.name}\0{e.stat().st_size}\0{e.stat().st_mtime_ns}"
                       for e in sorted(os.scandir(folder), key=lambda e: e.name) if e.is_file())
    except OSError:
        return ""


@functools.lru_cache(maxsize=1)
def code_key() -> str:
    """What kept work was made with: Python, pydantic, pydantic-core, and mapgen's sources (size, mtime)."""
    digest = hashlib.sha256()
    digest.update(f"{FORMAT}\0{sys.version}\0{_library_stamp('pydantic')}\0{_library_stamp('pydantic_core')}".encode())
    digest.update(_sources_stamp(str(PACKAGE), "").encode())
    return digest.hexdigest()


def _sources_stamp(folder: str, rel: str) -> str:
    """Each ``.py`` file under ``folder`` with its size and mtime, in name order (a few hundred stat calls, 1-2 ms)."""
    parts = []
    for entry in sorted(os.scandir(folder), key=lambda e: e.name):
        if entry.name.endswith(".py") and entry.is_file():
            st = entry.stat()
            parts.append(f"\0{rel}{entry.name}\0{st.st_size}\0{st.st_mtime_ns}")
        elif entry.is_dir() and entry.name != "__pycache__" and not entry.name.startswith("."):
            parts.append(_sources_stamp(entry.path, f"{rel}{entry.name}/"))
    return "".join(parts)


def _file(name: str, key: str) -> Path:
    """``name`` with the key's head in it: checkouts of two versions of mapgen (a developer's worktrees) keep their own."""
    stem, dot, ext = name.rpartition(".")
    return cache_dir() / f"{stem}-{key[:16]}{dot}{ext}"


def read(name: str, key: str) -> bytes | None:
    """The bytes kept as ``name`` if they were kept under ``key``, else None."""
    try:
        with open(_file(name, key), "rb") as f:
            head = f.readline()
            if head.rstrip(b"\n") != key.encode():
                return None
            return f.read()
    except OSError:
        return None


def write(name: str, key: str, data: bytes) -> None:
    """Keep ``data`` as ``name`` under ``key``, atomically (two commands may write it at once); nothing on failure."""
    path = _file(name, key)
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(key.encode() + b"\n" + data)
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError:
        return


def prune(prefix: str, keep: int) -> None:
    """Only the ``keep`` newest files named ``prefix...``: a kept board per map ever played, or a validator per
    version of the code, would grow without end."""
    try:
        kept = sorted((p for p in cache_dir().iterdir() if p.name.startswith(prefix)), key=lambda p: p.stat().st_mtime_ns)
        for old in kept[:-keep] if keep else kept:
            old.unlink(missing_ok=True)
    except OSError:
        return
