"""Finding the data files under ``templates/`` (symbols, styles, name tables, default rosters): the installed package's, else the source tree's."""

from __future__ import annotations

from pathlib import Path

import mapgen


def template_path(*parts: str) -> Path:
    """A file under ``templates/``: the installed package's (``mapgen/templates/`` in the wheel), else the source tree's.

    The package's own folder is tried first: beside an installed mapgen, ``site-packages/templates`` may be
    another package's folder of that name, never to be read as ours."""
    package = Path(mapgen.__file__).resolve().parent
    installed = package / "templates"
    root = installed if installed.is_dir() else package.parent / "templates"
    return root.joinpath(*parts)
