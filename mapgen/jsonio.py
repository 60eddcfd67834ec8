"""Versioned JSON files written atomically and read with clear errors."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from .errors import BadFileError


def dumps(data: Any) -> str:
    """Stable text: same data, same bytes (sorted keys would reorder the contract, so we keep insertion order)."""
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def write_atomic(path: str | os.PathLike, text: str | bytes) -> Path:
    """Write through a temporary file in the same folder, then rename.

    A reader never sees half a file, and a crash leaves the old file intact.
    """
    path = Path(path)
    mode = "wb" if isinstance(text, bytes) else "w"
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; a map is for sharing
        with os.fdopen(fd, mode, **({} if mode == "wb" else {"encoding": "utf-8", "newline": "\n"})) as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    return path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def load(path: str | os.PathLike, schema: str, versions: tuple[int, ...] = (1,)) -> dict:
    """Read a mapgen JSON file, checking its schema name and version."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BadFileError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise BadFileError(f"{path}: is a folder, not a JSON file") from None
    except UnicodeDecodeError:
        raise BadFileError(f"{path}: not a text file") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadFileError(f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    if not isinstance(data, dict):
        raise BadFileError(f"{path}: expected a JSON object at the top level")
    if data.get("schema") != schema:
        raise BadFileError(f"{path}: field 'schema' is {data.get('schema')!r}, expected {schema!r}")
    if data.get("version") not in versions:
        raise BadFileError(
            f"{path}: field 'version' is {data.get('version')!r}, this mapgen reads version {', '.join(map(str, versions))}"
        )
    return data


class Reader:
    """Typed access to fields of a loaded file, with errors that name the field path."""

    def __init__(self, data: Any, where: str):
        self.data = data
        self.where = where

    def _fail(self, key: str, expected: str, value: Any = None, missing: bool = False):
        field = f"{self.where}.{key}" if self.where else key
        if missing:
            raise BadFileError(f"field '{field}' is missing")
        raise BadFileError(f"field '{field}' should be {expected}, not {json.dumps(value)[:60]}")

    def get(self, key: str, kind: type | tuple, expected: str, default: Any = ...):
        if not isinstance(self.data, dict):
            raise BadFileError(f"'{self.where}' should be an object")
        if key not in self.data:
            if default is not ...:
                return default
            self._fail(key, expected, missing=True)
        value = self.data[key]
        if kind is int and isinstance(value, bool):
            self._fail(key, expected, value)
        if not isinstance(value, kind):
            self._fail(key, expected, value)
        return value

    def int(self, key: str, low: int | None = None, high: int | None = None, default: Any = ...) -> int:
        value = self.get(key, int, "a whole number", default)
        if (low is not None and value < low) or (high is not None and value > high):
            self._fail(key, f"a whole number from {low} to {high}", value)
        return value

    def str(self, key: str, choices=None, default: Any = ...) -> str:
        value = self.get(key, str, "a string", default)
        if choices is not None and value not in choices:
            self._fail(key, "one of " + ", ".join(sorted(choices)), value)
        return value

    def bool(self, key: str, default: Any = ...) -> bool:
        return self.get(key, bool, "true or false", default)

    def list(self, key: str, default: Any = ...) -> list:
        return self.get(key, list, "a list", default)

    def obj(self, key: str) -> "Reader":
        return Reader(self.get(key, dict, "an object"), f"{self.where}.{key}" if self.where else key)

    def items(self, key: str):
        """Each element of a list field, as a Reader named ``key[i]``."""
        base = f"{self.where}.{key}" if self.where else key
        for i, item in enumerate(self.list(key)):
            yield Reader(item, f"{base}[{i}]")
