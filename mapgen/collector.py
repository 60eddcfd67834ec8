"""Python's cycle collector held off while one piece of work makes many objects and no cycles.

Generating a 200 x 200 map makes some hundred thousand tuples and lists that die young, and
the collector walked them again and again: about 40 ms of a 170 ms map, and a fifth of a big
GeoJSON export.  Nothing here makes a cycle that must be freed at once; whatever the work left,
the collector finds once it runs again.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager


@contextmanager
def collector_paused():
    """The cycle collector off inside the block, and back on as it was, whatever happens."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
