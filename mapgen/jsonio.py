"""Versioned JSON files written atomically and read with clear errors."""

from __future__ import annotations

import json
import math
import os
import re
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable, TypeVar

from .errors import BadFileError

T = TypeVar("T")


def dumps(data: Any) -> str:
    """Stable text: same data, same bytes (sorted keys would reorder the contract, so we keep insertion order).

    ``json.dumps`` with an indent runs the standard library's pure-Python encoder (about 3 % of
    ``mapgen new``'s 18 files); pydantic-core's serializer writes the same text several times
    faster, and is used when a command has loaded it already (any campaign command has; a map-only
    command would pay more for its import than it saves).  The two write the same bytes but for
    floats below 1e-4 (``1e-05`` against ``0.00001``, ``1e-07`` against ``1e-7``), which such a text
    is searched for (a string that merely looks like one does too) and then written by ``json``;
    so does anything pydantic-core will not write (a lone surrogate).  ``tests/test_jsonio.py``
    compares the two writers over random data.
    """
    core = sys.modules.get("pydantic_core")
    if core is not None:
        try:
            text = core.to_json(data, indent=1, inf_nan_mode="constants")
        except Exception:  # noqa: BLE001 - whatever it refuses, json writes (or refuses) as it always did
            text = None
        if text is not None and _SMALL_FLOAT.search(text) is None:
            return text.decode("utf-8") + "\n"
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


#: What pydantic-core writes otherwise than ``json``: a negative exponent, or a float from 1e-5 to 1e-4 in full.
_SMALL_FLOAT = re.compile(rb"[0-9]e-|0\.0000")


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


#: The largest JSON file mapgen reads: twice the largest it writes (a 400 x 400 campaign map is
#: about 31 MB).  Checked before the file is read, so a huge file costs no memory.
MAX_FILE_BYTES = 64 * 1024 * 1024
#: Python reads whole numbers of at most this many digits (``sys.get_int_max_str_digits``).
MAX_INT_DIGITS = 4300
#: How deep a file may nest: a deeper file is refused at the first place it goes deeper than this.
#: Half Python's recursion limit, so the parser itself never gives up first (mapgen writes 5 levels).
MAX_DEPTH = 500
#: Bytes ``_deepest`` counts at a time, so a hostile file costs no more memory than a fair one.
_DEPTH_CHUNK = 1 << 22
#: Every byte but a quote or a bracket: the depth of valid JSON is in those alone.
_NOT_STRUCTURE = bytes(b for b in range(256) if b not in b'"[]{}')
#: Patterns of a file read (compiled by ``re`` on first use: a command that reads no JSON never compiles them).
_SURROGATE_ESCAPE = r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}"
_TOKEN = r'"(?:[^"\\]|\\.)*"|[\[\]{}]'


class _Invalid:
    """A value JSON (RFC 8259) does not allow, kept in place so its field can be named."""

    def __init__(self, what: str):
        self.what = what

    def __repr__(self) -> str:
        return self.what


def _where(text: str, pos: int) -> str:
    line = text.count("\n", 0, pos) + 1
    return f"line {line}, column {pos - (text.rfind(chr(10), 0, pos) + 1) + 1}"


def _too_deep(text: str) -> str:
    depth = 0
    for tok in re.finditer(_TOKEN, text, re.S):
        c = tok.group()
        if c in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return f"nested more than {MAX_DEPTH} levels deep ({_where(text, tok.start())})"
        elif c in "]}":
            depth -= 1
    return f"nested too deeply for Python's parser here, short of the {MAX_DEPTH} levels mapgen reads"


def _deepest(text: str) -> int:
    """How deeply valid JSON nests, counted by numpy over its brackets outside strings.

    About a fifth of the time the parser takes: escapes go first (``\\\\`` then ``\\"``,
    paired as a parser pairs them), then every byte but quotes and brackets, then the
    empty pairs of quotes most strings become, so little is left to count.
    """
    import numpy as np

    data = text.encode("utf-8", "surrogatepass").replace(b"\\\\", b"").replace(b'\\"', b"")
    data = data.translate(None, _NOT_STRUCTURE).replace(b'""', b"")  # a pair dropped keeps every parity
    depth = deepest = inside = 0
    for start in range(0, len(data), _DEPTH_CHUNK):
        a = np.frombuffer(data, np.uint8, count=min(_DEPTH_CHUNK, len(data) - start), offset=start)
        step = np.where((a == ord("[")) | (a == ord("{")), 1, -1).astype(np.int32)
        quote = a == ord('"')
        if inside or quote.any():  # a string that holds a bracket: its brackets do not count
            in_string = (np.cumsum(quote, dtype=np.int32) + inside) % 2 == 1
            inside = int(in_string[-1])
            step[in_string | quote] = 0
        levels = np.cumsum(step) + depth
        deepest, depth = max(deepest, int(levels.max())), int(levels[-1])
    return deepest


def _first_invalid(data: Any) -> tuple[str, str] | None:
    """The path and description of the first value JSON does not allow (walked without recursion)."""
    from .schemas import field_path

    stack = [((), data)]
    while stack:
        path, node = stack.pop()
        if isinstance(node, _Invalid):
            return field_path(path), node.what
        if isinstance(node, str):
            try:
                node.encode("utf-8")
            except UnicodeEncodeError:
                return field_path(path), "text with a lone surrogate escape (\\ud800-\\udfff), not valid Unicode"
        elif isinstance(node, dict):
            for key, value in reversed(node.items()):
                try:
                    key.encode("utf-8")
                except UnicodeEncodeError:
                    return field_path(path) or "(top level)", "a field name with a lone surrogate escape, not valid Unicode"
                stack.append((path + (key,), value))
        elif isinstance(node, list):
            stack.extend((path + (i,), v) for i, v in reversed(list(enumerate(node))))
    return None


def parse(text: str, where: str = "") -> Any:
    """JSON text to data, refusing what RFC 8259 does not allow (NaN, Infinity, lone surrogates).

    Every problem is a BadFileError that starts with ``where`` and names the field or the line.
    Numbers outside what Python reads and nesting deeper than its parser goes are such problems
    too, not crashes.
    """
    prefix = f"{where}: " if where else ""
    found: list[_Invalid] = []

    def invalid(what: str) -> _Invalid:
        found.append(_Invalid(what))
        return found[-1]

    def number(text: str):
        value = float(text)
        return value if math.isfinite(value) else invalid(f"{text} is too large for a number (not finite)")

    def whole(text: str):
        digits = len(text.lstrip("-"))
        return int(text) if digits <= MAX_INT_DIGITS else invalid(f"a whole number of {digits} digits (at most {MAX_INT_DIGITS})")

    def constant(name: str):
        return invalid(f"{name} is not a number JSON allows")

    try:
        data = json.loads(text, parse_float=number, parse_int=whole, parse_constant=constant)
    except json.JSONDecodeError as exc:
        raise BadFileError(f"{prefix}not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except RecursionError:
        raise BadFileError(f"{prefix}not read: {_too_deep(text)}") from None
    except ValueError as exc:  # nothing known raises it after the hooks; still never a traceback
        raise BadFileError(f"{prefix}not valid JSON ({exc})") from None
    # Nesting past MAX_DEPTH needs more than twice as many characters; checked once the text is
    # known to be valid JSON, which the count relies on.
    if len(text) > 2 * MAX_DEPTH and _deepest(text) > MAX_DEPTH:
        raise BadFileError(f"{prefix}not read: {_too_deep(text)}")
    # Bad values are rare: walk the data to name their field only when the parser met one.
    if found or re.search(_SURROGATE_ESCAPE, text):
        bad = _first_invalid(data)
        if bad:
            field, what = bad
            raise BadFileError(f"{prefix}{field + ': ' if field else ''}{what}")
    return data


def _size(n: int) -> str:
    """A file size as a player reads it: ``1.5 MB``, ``3 MB``, ``256 kB`` (a limit below a megabyte is not "0 MB")."""
    if n % (1024 * 1024) == 0:
        return f"{n // (1024 * 1024)} MB"
    return f"{n / (1024 * 1024):.1f} MB" if n >= 1024 * 1024 else f"{n // 1024} kB"


def read_text(path: str | os.PathLike, max_bytes: int | None = None, what: str = "JSON file") -> str:
    """A UTF-8 text file, refused before reading when larger than ``max_bytes`` (default MAX_FILE_BYTES)."""
    path = Path(path)
    max_bytes = MAX_FILE_BYTES if max_bytes is None else max_bytes
    limit = f"mapgen reads a {what} of at most {_size(max_bytes)}"
    try:
        size = path.stat().st_size
        if size > max_bytes:
            raise BadFileError(f"{path}: {_size(size)}; {limit}")
        with path.open("rb") as fh:
            raw = _read_at_most(fh, size, max_bytes + 1)
    except FileNotFoundError:
        raise BadFileError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise BadFileError(f"{path}: is a folder, not a {what}") from None
    except OSError as exc:
        raise BadFileError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    if len(raw) > max_bytes:
        raise BadFileError(f"{path}: more than {_size(max_bytes)}; {limit}")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise BadFileError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None


def _read_at_most(fh, size: int, limit: int) -> bytes:
    """At most ``limit`` bytes: the stated size in one read, then (a pipe, a device, a growing file) 1 MB at a time."""
    chunks, total = [], 0
    want = min(size + 1, limit) if size else 1024 * 1024
    while total < limit:
        chunk = fh.read(min(want, limit - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
        if size and len(chunk) < want:
            break  # the whole regular file: asking again would allocate another buffer for nothing
        want = 1024 * 1024
    return b"".join(chunks)  # one chunk (a regular file) is returned as it is, not copied


def load(path: str | os.PathLike, schema: str, versions: tuple[int, ...] = (1,)) -> dict:
    """Read a mapgen JSON file: its size, its JSON, its ``schema`` name and version, then its JSON Schema.

    Every problem is a BadFileError whose message starts with the path and names the field,
    e.g. ``fw-map.json: squares[3].terrain: 'lava' is not one of [...]``.
    """
    return load_text(read_text(path), str(path), schema, versions)


def load_text(text: str, where: str, schema: str, versions: tuple[int, ...] = (1,)) -> dict:
    """:func:`load` of a file's text already read (``where`` names it in every error)."""
    from . import schemas

    data = parse(text, where)
    if not isinstance(data, dict):
        raise BadFileError(f"{where}: expected a JSON object at the top level")
    if data.get("schema") != schema:
        other = next((n for n, s in schemas.NAMES.items() if s == data.get("schema")), None)
        hint = f" (this is a {other}.json: check it with any JSON Schema validator and 'mapgen schema {other}')" if other else ""
        raise BadFileError(f"{where}: field 'schema' is {_short(data.get('schema'))}, expected {schema!r}{hint}")
    if data.get("version") not in versions or isinstance(data.get("version"), bool):
        raise BadFileError(
            f"{where}: field 'version' is {_short(data.get('version'))}, this mapgen reads version {', '.join(map(str, versions))}"
        )
    name = next((n for n, s in schemas.NAMES.items() if s == schema), None)
    if name is not None:
        try:
            schemas.check(data, name)
        except BadFileError as exc:
            raise BadFileError(f"{where}: {exc}") from None
    return data


def read_bytes_as(data: bytes, where: str, schema: str, build: Callable[[dict], T], check_schema: bool = True) -> T:
    """:func:`read` of a file's bytes already read (the campaign session reads its map copy itself).

    ``check_schema=False`` leaves out the JSON Schema (the ``schema`` and ``version`` fields are
    still checked, and ``build`` checks every field it reads): for a file whose SHA-256 matched
    one that was checked whole before, as a campaign's map copy is on every command.
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadFileError(f"{where}: not UTF-8 text (byte {exc.start})") from None
    try:
        if check_schema:
            return build(load_text(text, where, schema))
        parsed = parse(text, where)
        if not isinstance(parsed, dict) or parsed.get("schema") != schema or parsed.get("version") != 1:
            return build(load_text(text, where, schema))  # not what it should be: the whole check names the field
        return build(parsed)
    except BadFileError as exc:
        msg = str(exc)
        raise BadFileError(msg if msg.startswith(where) else f"{where}: {msg}") from None


def read(path: str | os.PathLike, schema: str, build: Callable[[dict], T]) -> T:
    """``build(load(path, schema))``; the errors ``build`` raises are prefixed with the path too."""
    data = load(path, schema)
    try:
        return build(data)
    except BadFileError as exc:
        raise BadFileError(f"{path}: {exc}") from None


def _short_json(value: Any) -> str:
    try:
        text = json.dumps(value, allow_nan=True)
    except (TypeError, ValueError, RecursionError):
        text = _short(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


class Reader:
    """Typed access to fields of a loaded file, with errors that name the field path."""

    def __init__(self, data: Any, where: str):
        self.data = data
        self.where = where

    def _fail(self, key: str, expected: str, value: Any = None, missing: bool = False):
        field = f"{self.where}.{key}" if self.where else key
        if missing:
            raise BadFileError(f"field '{field}' is missing")
        raise BadFileError(f"field '{field}' should be {expected}, not {_short_json(value)}")

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

    def number(self, key: str, low: float | None = None, high: float | None = None, default: Any = ..., above: float | None = None) -> float:
        """A finite number (not true/false) from ``low`` to ``high``, or greater than ``above``."""
        value = self.get(key, (int, float), "a number", default)
        if isinstance(value, bool) or not math.isfinite(value):
            self._fail(key, "a finite number", value)
        if (low is not None and value < low) or (high is not None and value > high) or (above is not None and value <= above):
            span = f"greater than {above:g}" if above is not None else f"from {low:g}" if high is None else f"from {low:g} to {high:g}"
            if above is not None and high is not None:
                span += f" and at most {high:g}"
            self._fail(key, f"a number {span}", value)
        return float(value)

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
