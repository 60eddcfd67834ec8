import functools
import os

import pytest
from hypothesis import settings

from mapgen.fw.generate import generate_map
from mapgen.fw.options import MapOptions


# On CI the property tests draw the same examples every run, so a red build is always
# reproducible; on a developer's machine they explore new seeds each run.
settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI"):
    settings.load_profile("ci")


@functools.lru_cache(maxsize=64)
def cached_map(seed=7, size="medium", races=("humans", "humans"), **kw):
    return generate_map(MapOptions(seed=seed, size=size, races=races, **kw))


@pytest.fixture
def medium_map():
    return cached_map(7, "medium")
