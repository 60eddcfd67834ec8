"""The user's cache folder, where mapgen keeps work it can always do again (``$XDG_CACHE_HOME/mapgen``)."""

from __future__ import annotations

import os
from pathlib import Path


def cache_dir() -> Path:
    """``$XDG_CACHE_HOME/mapgen``, by default ``~/.cache/mapgen``."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "mapgen"
