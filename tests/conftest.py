import functools

import pytest

from mapgen.fw.generate import generate_map
from mapgen.fw.options import MapOptions


@functools.lru_cache(maxsize=64)
def cached_map(seed=7, size="medium", races=("humans", "humans"), **kw):
    return generate_map(MapOptions(seed=seed, size=size, races=races, **kw))


@pytest.fixture
def medium_map():
    return cached_map(7, "medium")
