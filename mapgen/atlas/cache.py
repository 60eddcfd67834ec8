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
outside the folder: nothing is kept anywhere else, not even a key), an
unreadable or oversized entry is drawn again, and a folder where nothing
can be written still gets its page.  An entry is HTML or SVG put into the
page as it is, so a folder from an opponent can hold planted entries, as it
can hold a forged ``index.html``: the page's Content-Security-Policy runs no
script but its own two (by hash) and lets it fetch nothing, so an entry can
neither run code nor read or send anything.  Who does not trust a received
folder's drawings runs ``mapgen atlas DIR`` or ``mapgen campaign refresh
DIR``, which draw every part again from its source (``Fragments(read=False)``)
and keep those.
"""

from __future__ import annotations

import hashlib
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
FORMAT = "2"
#: An entry bigger than this is not read (a 400 x 400 map drawing is about 30 MB).
MAX_ENTRY_BYTES = 128 * 1024 * 1024
#: The code that draws the cached parts (mapgen's packages, then folders of ``templates/``):
#: a change to any file in them (a new mapgen, an edited style sheet) makes new entries.
CODE = ("render", "atlas", "fw", "counters")
TEMPLATES = ("fw-map", "country", "counters", "fonts")
#: The libraries whose output is kept (cmark-gfm's and markdown-it's HTML, reportlab's font metrics): found, not imported.
LIBRARIES = ("cmarkgfm", "markdown_it", "reportlab")


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


class Fragments:
    """The cache of one campaign folder: :meth:`get` a part by kind and source, drawn by ``make`` when missing."""

    def __init__(self, folder: str | os.PathLike, write: bool = True, read: bool = True):
        self.folder = Path(folder)
        self.write = write
        #: False: every part is drawn again (and kept), whatever entries the folder holds.
        self.read = read
        self.used: set[str] = set()
        #: Parts the process drew itself before the page (:meth:`put`): read before the folder's.
        self.drawn: dict[str, str] = {}

    def put(self, kind: str, source: str | bytes, text: str) -> None:
        """Hold ``text`` as the part of ``kind`` drawn from ``source``: a kit that has just drawn it
        (``mapgen new`` draws the map for its own files) spares the page drawing it again."""
        self.drawn[self.name(kind, source)] = text

    def name(self, kind: str, source: str | bytes) -> str:
        """The entry's file name: the SHA-256 of the kind, the drawing code and the source."""
        data = source.encode("utf-8") if isinstance(source, str) else source
        digest = hashlib.sha256(f"{kind}\0{code_mark()}\0".encode("utf-8") + data).hexdigest()
        return f"{kind}-{digest}.txt"

    def get(self, kind: str, source: str | bytes, make: Callable[[], str]) -> str:
        """The part of ``kind`` drawn from ``source``: kept, or ``make()`` now and kept for the next command."""
        name = self.name(kind, source)
        self.used.add(name)
        rel = f"{CACHE_DIR}/{name}"
        if name in self.drawn:
            text = self.drawn[name]
            if self.write:
                self._keep(rel, text)
            return text
        if self.read:
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
        if not self.write or not safefs.is_dir(self.folder, CACHE_DIR):
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
