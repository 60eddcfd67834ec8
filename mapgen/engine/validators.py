"""The one validator of each rule set's state type, built once and kept between processes.

Every campaign command reads ``campaign.json`` once, through pydantic's
validator over the state's own dataclasses.  Building it (pydantic's
``TypeAdapter``) walks every field in Python: 30-70 ms, plus 25 ms to
import pydantic's schema generator, more than reading the file takes.  What
it builds is a pydantic-core validator and serializer, which pickle as their
core schema (the dataclasses by reference) and are rebuilt from it in under
a millisecond.  So the pair is pickled beside the compiled code, in
mapgen's ``__pycache__``, and read back while its key holds: the versions of
Python, pydantic and pydantic-core, and the size and modification time of
every mapgen source file, the same test Python applies to its own ``.pyc``
files (a field's limit may come from any module, so all of them count).  A
key that does not match, a file that does not load, or a folder that cannot
be written: the ``TypeAdapter`` is built as before.  Either way it is the
same validator, with the same error messages.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import pickle
import sys
import tempfile
from pathlib import Path
from typing import Any

from pydantic_core import SchemaSerializer, SchemaValidator, __version__ as PYDANTIC_CORE_VERSION

#: mapgen's own folder: its sources make the key, its ``__pycache__`` holds the kept validators.
PACKAGE = Path(__file__).resolve().parent.parent
CACHE_DIR = PACKAGE / "__pycache__"
#: Bumped when what is kept, or how, changes.
FORMAT = 1


def _pydantic_version() -> bytes:
    """pydantic's ``version.py`` as it is on disk: its version, without importing pydantic to ask."""
    spec = importlib.util.find_spec("pydantic")
    origin = spec.origin if spec is not None else None
    if origin is None:
        return b""
    return Path(origin).with_name("version.py").read_bytes()


def code_key() -> str:
    """What a kept validator was built from: Python, pydantic, pydantic-core and mapgen's sources (size, mtime)."""
    digest = hashlib.sha256()
    digest.update(f"{FORMAT}\0{sys.version}\0{PYDANTIC_CORE_VERSION}\0".encode())
    digest.update(_pydantic_version())
    for root, dirs, files in os.walk(PACKAGE):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith(".py"):
                path = os.path.join(root, name)
                st = os.stat(path)
                digest.update(f"\0{os.path.relpath(path, PACKAGE)}\0{st.st_size}\0{st.st_mtime_ns}".encode())
    return digest.hexdigest()


class StateValidator:
    """Reads and writes one state type: ``validate_json`` (strict) and ``dump_python``, as pydantic's ``TypeAdapter`` does.

    ``json_schema`` builds the ``TypeAdapter`` itself: only ``mapgen schema``
    and the tests ask for it.
    """

    def __init__(self, state_type: type):
        self.state_type = state_type
        self._validator, self._serializer = _kept_or_built(state_type)

    def validate_json(self, text: str | bytes, strict: bool = True) -> Any:
        return self._validator.validate_json(text, strict=strict)

    def dump_python(self, state: Any, mode: str = "json") -> Any:
        return self._serializer.to_python(state, mode=mode)

    def json_schema(self, mode: str = "validation") -> dict:
        from pydantic import TypeAdapter  # the schema generator: only for the published schema, never on a command's path

        return TypeAdapter(self.state_type).json_schema(mode=mode)


def _cache_file(state_type: type) -> Path:
    return CACHE_DIR / f"validator.{state_type.__module__}.{state_type.__qualname__}.pickle"


def _kept_or_built(state_type: type) -> tuple[SchemaValidator, SchemaSerializer]:
    path = _cache_file(state_type)
    key = code_key()
    kept = _read(path, key)
    if kept is not None:
        return kept
    from pydantic import TypeAdapter  # 25 ms of import, paid only when the kept validator is stale

    adapter = TypeAdapter(state_type)
    built = (adapter.validator, adapter.serializer)
    if isinstance(built[0], SchemaValidator):  # a pydantic plugin wraps it: keep nothing, build each time
        _write(path, key, built)
    return built


def _read(path: Path, key: str) -> tuple[SchemaValidator, SchemaSerializer] | None:
    try:
        outer = pickle.loads(path.read_bytes())
        if not (isinstance(outer, dict) and outer.get("key") == key):
            return None
        validator, serializer = pickle.loads(outer["pair"])
    except Exception:  # noqa: BLE001 - missing, torn or stale: build it again
        return None
    if isinstance(validator, SchemaValidator) and isinstance(serializer, SchemaSerializer):
        return validator, serializer
    return None


def _write(path: Path, key: str, pair: tuple[SchemaValidator, SchemaSerializer]) -> None:
    """Keep the pair, atomically (two commands may build it at once); nothing when the folder is read-only."""
    if sys.dont_write_bytecode:
        return
    try:
        data = pickle.dumps({"key": key, "pair": pickle.dumps(pair)})
        path.parent.mkdir(exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
    except (OSError, pickle.PicklingError, TypeError, AttributeError):
        return
