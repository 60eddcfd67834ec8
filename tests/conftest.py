import functools
import os

import pytest
from hypothesis import HealthCheck, settings

from mapgen.fw.generate import generate_map
from mapgen.fw.options import MapOptions

# Hypothesis profiles (the manual's Tests section):
# - "quick", the default: a few dozen examples per property, so the whole suite stays
#   well under a minute;
# - "ci": quick and derandomized, so a red build is always reproducible (CI sets CI=true);
# - "thorough": thousands of examples over varied map shapes (tall, wide, minimal,
#   200 x 200): HYPOTHESIS_PROFILE=thorough python -m pytest tests/test_fw_properties.py
# Tests that name their own max_examples keep it in every profile.
_QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large]
settings.register_profile("quick", max_examples=30, deadline=None, suppress_health_check=_QUIET)
settings.register_profile("ci", parent=settings.get_profile("quick"), derandomize=True, database=None)
settings.register_profile("thorough", max_examples=2000, deadline=None, suppress_health_check=_QUIET)
PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "quick")
settings.load_profile(PROFILE)
THOROUGH = PROFILE == "thorough"


@functools.lru_cache(maxsize=64)
def cached_map(seed=7, size="medium", races=("humans", "humans"), **kw):
    return generate_map(MapOptions(seed=seed, size=size, races=races, **kw))


@pytest.fixture
def medium_map():
    return cached_map(7, "medium")


@pytest.fixture(scope="session", autouse=True)
def _own_cache_folder(tmp_path_factory):
    """What commands keep between processes (mapgen.engine.kept) goes to a folder of the test run's own, not ~/.cache."""
    before = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = str(tmp_path_factory.mktemp("xdg-cache"))
    yield
    if before is None:
        os.environ.pop("XDG_CACHE_HOME", None)
    else:
        os.environ["XDG_CACHE_HOME"] = before
