"""The atlas's static parts, drawn once and kept in ``DIR/.atlas-cache/`` by the hash of what they were drawn from.

Measured on a medium kit: rewriting ``index.html`` after a command took
0.3 s, two thirds of it drawing again what no command changes (the map
under the counters, each setup sheet's markdown as HTML) and importing the
code that draws them.  So each such part is kept as text under the SHA-256
of its source and of the code that drew it (:func:`code_mark`); a command
reads it back in a millisecond and only draws what changed.  A changed
source has a new hash, hence a new entry: no entry is ever stale, and
:meth:`Fragments.prune` removes those no page uses any more.

The cache is a boundary like the rest of the folder: entries are read and
written through :mod:`mapgen.safefs` (never through a symbolic link, never
outside the folder), an unreadable or oversized entry is drawn again, and
a folder where nothing can be written still gets its page.  An entry is
HTML or SVG put into the page as it is, so a folder from an opponent must
not be able to plant one: an entry's name is an HMAC under this user's own
key (:func:`user_key`, 32 random bytes in ``~/.cache/mapgen/atlas-key``,
readable by the user only), so no one else can name an entry this user's
mapgen would read.  Where the key cannot be kept, nothing is kept either.
"""

from __future__ import annotations

import hashlib
import hmac
import importlib.util
import os
import stat
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Callable

import mapgen

from .. import safefs
from ..errors import BadFileError
from ..render.templates import template_path

#: The cache's folder, inside the campaign folder (hidden: the atlas lists no file under a dot folder).
CACHE_DIR = ".atlas-cache"
#: Bumped when what an entry holds changes shape.
FORMAT = "1"
#: An entry bigger than this is not read (a 400 x 400 map drawing is about 30 MB).
MAX_ENTRY_BYTES = 128 * 1024 * 1024
#: The length of this user's key for the entries' names, bytes.
KEY_BYTES = 32
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
#: The code that draws the cached parts (mapgen's packages, then folders of ``templates/``):
#: a change to any file in them (a new mapgen, an edited style sheet) makes new entries.
CODE = ("render", "atlas", "fw", "counters")
TEMPLATES = ("fw-map", "country", "counters", "fonts")
#: The libraries whose output is kept (markdown-it's HTML, svgwrite's SVG, reportlab's font metrics): found, not imported.
LIBRARIES = ("markdown_it", "svgwrite", "reportlab")


@lru_cache(maxsize=1)
def code_mark() -> str:
    """mapgen's version and the size and time of each file of the drawing code and of its libraries, once a process.

    Sizes and times, not contents: reading the code would cost more than
    the drawing it saves; an edited file changes both.
    """
    package = Path(mapgen.__file__).resolve().parent
    parts = [mapgen.__version__, FORMAT]
    for base in [package / name for name in CODE] + [Path(str(template_path(name))) for name in TEMPLATES]:
        for dirpath, _dirs, files in sorted(os.walk(base)):
            for name in sorted(files):
                if name.endswith((".py", ".json", ".ttf", ".js", ".css", ".html")):
                    st = os.stat(os.path.join(dirpath, name))
                    parts.append(f"{os.path.relpath(os.path.join(dirpath, name), base)}:{st.st_size}:{st.st_mtime_ns}")
    for name in LIBRARIES:
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.origin and os.path.exists(spec.origin):
            st = os.stat(spec.origin)
            parts.append(f"{name}:{st.st_size}:{st.st_mtime_ns}")
    return hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()


def key_file() -> Path:
    """Where this user's key is kept: ``$XDG_CACHE_HOME/mapgen/atlas-key``, by default under ``~/.cache``."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "mapgen" / "atlas-key"


@lru_cache(maxsize=1)
def user_key() -> bytes | None:
    """This user's key for naming entries, made the first time it is asked for; None where it cannot be read or made."""
    path = key_file()
    for _ in range(2):
        try:
            fd = os.open(path, os.O_RDONLY | _NOFOLLOW)
            with os.fdopen(fd, "rb") as fh:
                key = fh.read(KEY_BYTES + 1)
            return key if len(key) == KEY_BYTES else None
        except FileNotFoundError:
            pass
        except OSError:
            return None
        tmp = None
        try:
            path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".atlas-key.", dir=path.parent)  # 0600
            with os.fdopen(fd, "wb") as fh:
                fh.write(os.urandom(KEY_BYTES))
            os.link(tmp, path)  # whole or not at all; a key another process made meanwhile wins
        except FileExistsError:
            continue
        except OSError:
            return None
        finally:
            if tmp is not None:
                try:
                    os.unlink(tmp)
                except OSError:
                    pass
    return None


class Fragments:
    """The cache of one campaign folder: :meth:`get` a part by kind and source, drawn by ``make`` when missing."""

    def __init__(self, folder: str | os.PathLike, write: bool = True):
        self.folder = Path(folder)
        self.write = write
        self.key = user_key()
        self.used: set[str] = set()

    def name(self, kind: str, source: str | bytes) -> str:
        """The entry's file name: an HMAC under this user's key of the kind, the drawing code and the source."""
        data = source.encode("utf-8") if isinstance(source, str) else source
        digest = hmac.new(self.key or b"", f"{kind}\0{code_mark()}\0".encode("utf-8") + data, hashlib.sha256).hexdigest()
        return f"{kind}-{digest}.txt"

    def get(self, kind: str, source: str | bytes, make: Callable[[], str]) -> str:
        """The part of ``kind`` drawn from ``source``: kept, or ``make()`` now and kept for the next command."""
        if self.key is None:  # no key of this user's: no entry can be told from a planted one
            return make()
        name = self.name(kind, source)
        self.used.add(name)
        rel = f"{CACHE_DIR}/{name}"
        try:
            return safefs.read_text(self.folder, rel, MAX_ENTRY_BYTES)
        except (OSError, BadFileError):
            pass
        text = make()
        if self.write:
            self._keep(rel, text)
        return text

    def _keep(self, rel: str, text: str) -> None:
        """Write an entry atomically with no-follow opens; a folder that refuses it only loses the saving."""
        tmp = None
        try:
            root = safefs.make_dirs(self.folder, CACHE_DIR)
            path = root / Path(rel).name  # whatever is there now, a link included, is replaced below
            fd, tmp = tempfile.mkstemp(prefix=".entry.", suffix=".tmp", dir=path.parent)
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(text)
            os.replace(tmp, path)  # a link planted at the name is replaced, never followed
            tmp = None
        except (OSError, BadFileError):
            pass
        finally:
            if tmp is not None:
                try:
                    os.unlink(tmp)
                except OSError:
                    pass

    def prune(self) -> None:
        """Remove the entries this cache was not asked for (the map or a sheet since changed); links are only unlinked."""
        if not self.write or self.key is None or not safefs.is_dir(self.folder, CACHE_DIR):
            return
        root = self.folder / CACHE_DIR
        for entry in os.scandir(root):
            if entry.name in self.used:
                continue
            try:
                if stat.S_ISDIR(entry.stat(follow_symlinks=False).st_mode):
                    continue
                os.unlink(entry.path)
            except OSError:
                continue
