"""The campaign map's bytes do not move when the generator is only made faster (issue 27).

``fw_bytes.json`` holds, for many seeds, sizes, odd grids and races, the SHA-256 of
``fw-map.json`` as ``fw-map`` writes it, and of what the JSON rounds or leaves out
(the full-precision elevation grid and river elevations), computed from the code
before the speed work. A map that cannot be made is recorded by its error message.

Only a change meant to alter the maps may rewrite the fixture, and its commit says
so: ``python -m tests.test_fw_bytes --update``. The SVG is not hashed here: it is the
renderer's output, which changes on its own (the JSON holds every generated fact the
renderer reads).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import numpy as np
import pytest

from mapgen.errors import MapgenError
from mapgen.fw.generate import generate_map
from mapgen.fw.options import MapOptions
from mapgen.jsonio import dumps

FIXTURE = Path(__file__).with_name("fw_bytes.json")

RACE_PAIRS = [
    ("dwarves", "orcs"),
    ("wood_elves", "goblins"),
    ("undead", "normans"),
    ("barbarians", "dark_elves"),
]


def cases() -> dict[str, dict]:
    """Every map checked, by a readable key: the MapOptions fields that differ from the default."""
    out: dict[str, dict] = {}

    def add(**kw):
        key = ",".join(f"{k}={'+'.join(v) if isinstance(v, tuple) else v}" for k, v in kw.items())
        out[key] = kw

    for seed in range(30):
        add(seed=seed, size="medium")
    for seed in range(100, 115):
        add(seed=seed, size="small")
    for seed in range(200, 215):
        add(seed=seed, size="large")
    for i, races in enumerate(RACE_PAIRS):
        add(seed=300 + i, races=races)
        add(seed=310 + i, size="large", races=races)
    for seed, (w, h) in enumerate([(3, 3), (4, 9), (9, 4), (7, 7), (13, 5), (5, 13), (17, 11), (23, 19), (31, 8), (40, 25)]):
        add(seed=400 + seed, width=w, height=h)
    for seed in range(500, 504):
        add(seed=seed, holdings=0)
        add(seed=seed, size="large", holdings=9)
    add(seed=510, configurations=False)
    add(seed=511, size="large", configurations=False)
    add(seed="north-march")
    add(seed="north-march-balanced-2", size="large")
    for seed in (600, 601, 602):
        add(seed=seed, width=60, height=60)
    add(seed=603, width=100, height=40)
    add(seed=700, width=200, height=200)
    return out


def digest(kw: dict) -> dict[str, str]:
    """SHA-256 of the map's JSON text and of its full-precision numbers, or the error it raised."""
    try:
        m = generate_map(MapOptions(**kw))
    except MapgenError as exc:
        return {"error": f"{type(exc).__name__}: {exc}"}
    text = dumps(m.to_json())
    exact = hashlib.sha256(np.ascontiguousarray(m.elevation, dtype=float).tobytes())
    for r in m.rivers:
        exact.update(repr(list(r.elevations)).encode())
    return {"json": hashlib.sha256(text.encode("utf-8")).hexdigest(), "exact": exact.hexdigest()}


EXPECTED = json.loads(FIXTURE.read_text(encoding="utf-8")) if FIXTURE.exists() else {}


def test_fixture_covers_every_case():
    assert sorted(EXPECTED) == sorted(cases())


@pytest.mark.parametrize("key", list(cases()))
def test_same_bytes_as_before(key):
    assert digest(cases()[key]) == EXPECTED[key]


if __name__ == "__main__":
    if sys.argv[1:] != ["--update"]:
        sys.exit("usage: python -m tests.test_fw_bytes --update  (only when a change is meant to alter the maps)")
    FIXTURE.write_text(json.dumps({k: digest(kw) for k, kw in cases().items()}, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {FIXTURE}")
