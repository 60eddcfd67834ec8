"""The code :mod:`dataclasses` compiles for each class, kept between processes (issue 27).

Declaring a dataclass makes the standard library write the source of its
``__init__``, ``__repr__`` and ``__eq__`` (a frozen one also ``__setattr__``,
``__delattr__`` and ``__hash__``) and compile each text with ``exec``: about
4 million instructions a frozen class, four fifths of them the compiler's.
``fw-map`` declares some 26 classes on its way (a tenth of the command) and
``mapgen new`` some 180.  The texts are the same in every process, so their
compiled code is kept in the user's cache folder (one file per bytecode
version and package) and ``exec`` is handed the code instead of the text: the same
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

#: More texts than this in one file (old versions of the code pile up): the next write keeps only the last run's.
MAX_KEPT = 2000

#: Compiled code by package (``mapgen.fw``, ``pydantic``: the first two parts of the declaring module's
#: name, each its own file, so that a command reads only what its packages declare), then by source text.
_CODE: dict[str, dict[str, object]] = {}
#: The texts each package looked up in this process, and the packages that compiled one here.
_USED: dict[str, set[str]] = {}
_COMPILED: set[str] = set()
_STATE = {"installed": False}


def _path(package: str) -> str:
    return str(cache_dir() / "dataclass-code" / f"{package}-{sys.implementation.cache_tag}.marshal")


def _read(path: str) -> dict:
    """The kept texts and code, or nothing if the file is missing, broken or from another bytecode version."""
    try:
        with open(path, "rb") as f:
            magic, code = marshal.loads(f.read())
    except (OSError, ValueError, EOFError, TypeError):
        return {}
    return code if magic == MAGIC_NUMBER and type(code) is dict else {}


def _package(globals) -> str:
    name = globals.get("__name__") if type(globals) is dict else None
    return ".".join(name.split(".")[:2]) if type(name) is str and name else "__none__"


def _exec(source, globals=None, locals=None, /):
    """``exec`` for :mod:`dataclasses`: a text is compiled once, then its kept code is run."""
    if globals is None:  # the caller's namespace, as the builtin takes it
        frame = sys._getframe(1)
        globals = frame.f_globals
        if locals is None:
            locals = frame.f_locals
    if type(source) is str:
        package = _package(globals)
        kept = _CODE.get(package)
        if kept is None:
            kept = _CODE[package] = _read(_path(package))
            _USED[package] = set()
        _USED[package].add(source)
        code = kept.get(source)
        if code is None:
            code = kept[source] = compile(source, "<string>", "exec", dont_inherit=True)
            _COMPILED.add(package)
        source = code
    return builtins.exec(source, globals, locals)


def install() -> None:
    """Hand :mod:`dataclasses` the caching ``exec`` (once a process)."""
    if _STATE["installed"]:
        return
    _STATE["installed"] = True
    dataclasses.exec = _exec
    atexit.register(keep)


def keep() -> None:
    """Add the code compiled in this process to its packages' files (merged with what other processes kept meanwhile)."""
    for package in sorted(_COMPILED):
        path = _path(package)
        kept = _read(path)
        kept.update((text, _CODE[package][text]) for text in _USED[package])
        if len(kept) > MAX_KEPT:
            kept = {text: _CODE[package][text] for text in _USED[package]}
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
    _COMPILED.clear()
