"""The code :mod:`dataclasses` compiles for each class, kept between processes (issue 27).

Declaring a dataclass makes the standard library write the source of its
``__init__``, ``__repr__`` and ``__eq__`` (a frozen one also ``__setattr__``,
``__delattr__`` and ``__hash__``) and compile each text with ``exec``: about
4 million instructions a frozen class, four fifths of them the compiler's.
``fw-map`` declares some 26 classes on its way (a tenth of the command) and
``mapgen new`` some 180.  The texts are the same in every process, so their
compiled code is kept in the user's cache folder (one file per bytecode
version) and ``exec`` is handed the code instead of the text: the same
functions, without compiling them again.

Only :mod:`dataclasses`' own ``exec`` is replaced (a name in that module
shadowing the builtin, so the standard library's logic is untouched); a text
not kept yet is compiled as ``exec`` would have compiled it (no
``__future__`` flags: :mod:`dataclasses` has none) and kept when the process
ends (:func:`keep`).  A missing, stale or unreadable file, or a cache folder
that cannot be written, only means compiling as before.  What is read back is
trusted as the user's own files, as :mod:`mapgen.engine.kept`'s pickles are.
"""

from __future__ import annotations

import atexit
import builtins
import dataclasses
import marshal
import os
import sys
from importlib.util import MAGIC_NUMBER

from .cachedir import cache_dir

#: More texts than this in the file (old versions of the code pile up): the next write keeps only the last run's.
MAX_KEPT = 4000

#: Compiled code by source text: the file's, then this process's.
_CODE: dict[str, object] = {}
#: The texts this process looked up, and whether any was compiled here.
_USED: set[str] = set()
_STATE = {"compiled": False, "installed": False}


def _path() -> str:
    return str(cache_dir() / f"dataclass-code-{sys.implementation.cache_tag}.marshal")


def _read(path: str) -> dict:
    """The kept texts and code, or nothing if the file is missing, broken or from another bytecode version."""
    try:
        with open(path, "rb") as f:
            magic, code = marshal.loads(f.read())
    except (OSError, ValueError, EOFError, TypeError):
        return {}
    return code if magic == MAGIC_NUMBER and type(code) is dict else {}


def _exec(source, globals=None, locals=None, /):
    """``exec`` for :mod:`dataclasses`: a text is compiled once, then its kept code is run."""
    if type(source) is str:
        _USED.add(source)
        code = _CODE.get(source)
        if code is None:
            code = _CODE[source] = compile(source, "<string>", "exec", dont_inherit=True)
            _STATE["compiled"] = True
        source = code
    if globals is None:  # the caller's namespace, as the builtin takes it
        frame = sys._getframe(1)
        globals = frame.f_globals
        if locals is None:
            locals = frame.f_locals
    return builtins.exec(source, globals, locals)


def install() -> None:
    """Read the kept code and hand :mod:`dataclasses` the caching ``exec`` (once a process)."""
    if _STATE["installed"]:
        return
    _STATE["installed"] = True
    _CODE.update(_read(_path()))
    dataclasses.exec = _exec
    atexit.register(keep)


def keep() -> None:
    """Add the code compiled in this process to the file (merged with what other processes kept meanwhile)."""
    if not _STATE["compiled"]:
        return
    _STATE["compiled"] = False
    path = _path()
    kept = _read(path)
    kept.update((text, _CODE[text]) for text in _USED)
    if len(kept) > MAX_KEPT:
        kept = {text: _CODE[text] for text in _USED}
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
        with open(tmp, "wb") as f:
            f.write(marshal.dumps((MAGIC_NUMBER, kept)))
        os.replace(tmp, path)
    except (OSError, ValueError):
        try:
            os.unlink(tmp)
        except OSError:
            pass
