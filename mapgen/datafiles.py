"""Finding the data files under ``templates/`` (symbols, styles, name tables, default rosters): the installed package's, else the source tree's;
reading its YAML tables without PyYAML once they are kept."""

from __future__ import annotations

import functools
import json
import os
import tempfile
from pathlib import Path

import mapgen

from .cachedir import cache_dir

#: Bumped when the way a table is kept changes.
KEPT_TABLE_FORMAT = 1


def template_path(*parts: str) -> Path:
    """A file under ``templates/``: the installed package's (``mapgen/templates/`` in the wheel), else the source tree's.

    The package's own folder is tried first: beside an installed mapgen, ``site-packages/templates`` may be
    another package's folder of that name, never to be read as ours."""
    return _templates().joinpath(*parts)


@functools.cache
def _templates() -> Path:
    """The ``templates/`` folder, found once a process (resolving mapgen's path asks the file system each time)."""
    package = Path(mapgen.__file__).resolve().parent
    installed = package / "templates"
    return installed if installed.is_dir() else package.parent / "templates"


def read_table(*parts: str):
    """A YAML table of ours under ``templates/`` (name tables, default rosters), as plain data.

    Importing PyYAML and building its resolver's patterns cost ``fw-map`` about a fifth of its
    time for a few kilobytes of tables, so each table is kept as JSON in the user's cache folder
    beside the exact text it was read from: a table a player edited no longer matches and is read
    again.  A table JSON cannot hold unchanged is never kept, and a cache folder that cannot be
    written only means PyYAML reads the table each time.
    """
    text = template_path(*parts).read_text(encoding="utf-8")
    kept = cache_dir() / "tables" / ("-".join(parts) + ".json")
    try:
        record = json.loads(kept.read_text(encoding="utf-8"))
        if record.get("format") == KEPT_TABLE_FORMAT and record.get("text") == text:
            return record["data"]
    except (OSError, ValueError, AttributeError):
        pass
    from .yamltext import load_template  # here: only when the table is not kept

    data = load_template(text)
    try:
        encoded = json.dumps({"format": KEPT_TABLE_FORMAT, "text": text, "data": data}, ensure_ascii=False)
    except (TypeError, ValueError):
        return data  # a date, a set, a number key: not JSON
    if json.loads(encoded)["data"] != data:
        return data
    _keep(kept, encoded)
    return data


def _keep(path: Path, text: str) -> None:
    """Write ``text`` atomically (two commands may keep the same table at once); nothing on failure."""
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError:
        return
