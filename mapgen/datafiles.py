"""Finding the data files under ``templates/`` (symbols, styles, name tables, default rosters): the source tree's, else the installed package's."""

from __future__ import annotations

import importlib.resources
from pathlib import Path

import mapgen


def template_path(*parts: str):
    """A file under ``templates/``: the source tree's if present, else the installed package's."""
    root = Path(mapgen.__file__).resolve().parent.parent / "templates"
    if root.is_dir():
        return root.joinpath(*parts)
    return importlib.resources.files("mapgen").joinpath("templates", *parts)
