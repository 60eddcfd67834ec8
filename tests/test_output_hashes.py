"""Speed work changes no output (issue 27): the campaign map's SVG (its names above all) and the GeoJSON export
keep the very bytes they had before the name placement and the export were made faster.

The SHA-256 hashes in ``fixtures/output_hashes.json`` were recorded from the code as it stood before that work
(commit 79425bd), by ``python -m tests.test_output_hashes --record``; they are the expected values, never
recomputed by the test.  A failure here means an SVG or a GeoJSON file is no longer what a player got before:
record again only for a change that is meant to alter the output, and say so in the commit.
"""

from __future__ import annotations

import hashlib
import json
import sys
import tempfile
from pathlib import Path

import pytest

from mapgen.country.generate import generate_countries
from mapgen.exports.geojson import build, geojson_text, read_source
from mapgen.fw.generate import generate_map
from mapgen.fw.options import MapOptions
from mapgen.jsonio import dumps
from mapgen.render.fw_map import render_fw_map

FIXTURE = Path(__file__).parent / "fixtures" / "output_hashes.json"

#: Campaign maps drawn: several seeds and sizes, both looks, other races and smaller squares (names shrink).
SVG_CASES = {
    "small-3": dict(seed=3, size="small"),
    "medium-7": dict(seed=7, size="medium"),
    "large-11": dict(seed=11, size="large", races=("dwarves", "orcs")),
    "40x40-5": dict(seed=5, width=40, height=40),
    "60x45-9-sq30": dict(seed=9, width=60, height=45, square_mm=30.0, races=("wood_elves", "goblins")),
    "90x90-2": dict(seed=2, width=90, height=90, holdings=8),
}
#: The same map in black and white (another style, the same names).
SVG_BW_CASES = {"medium-7-bw": dict(seed=7, size="medium")}
#: Campaign maps and country maps exported to GeoJSON.
GEOJSON_FW_CASES = {
    "medium-7": dict(seed=7, size="medium"),
    "large-11": dict(seed=11, size="large", races=("dwarves", "orcs")),
    "40x40-5": dict(seed=5, width=40, height=40),
    "100x100-7": dict(seed=7, width=100, height=100, holdings=10),
}
GEOJSON_COUNTRY_CASES = {"country-11-3-1": (11, 3, 1), "country-4-2-2": (4, 2, 2)}


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def svg_hash(case: str) -> str:
    kw = {**SVG_CASES, **SVG_BW_CASES}[case]
    look = "bw" if case in SVG_BW_CASES else "colour"
    return _sha(render_fw_map(generate_map(MapOptions(**kw)), look).tostring())


def geojson_hash(case: str, folder: Path, text: bool = False) -> str:
    if case in GEOJSON_FW_CASES:
        data = generate_map(MapOptions(**GEOJSON_FW_CASES[case])).to_json()
        path = folder / "fw-map.json"
    else:
        data = generate_countries(*GEOJSON_COUNTRY_CASES[case]).to_json()
        path = folder / "country.json"
    path.write_text(dumps(data), encoding="utf-8")
    return _sha(geojson_text(build(read_source(path), text=text)))


def _expected() -> dict:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", [*SVG_CASES, *SVG_BW_CASES])
def test_the_campaign_map_svg_is_byte_for_byte_what_it_was(case):
    assert svg_hash(case) == _expected()["svg"][case]


@pytest.mark.parametrize("text", [False, True], ids=["as-dicts", "squares-as-text"])
@pytest.mark.parametrize("case", [*GEOJSON_FW_CASES, *GEOJSON_COUNTRY_CASES])
def test_the_geojson_export_is_byte_for_byte_what_it_was(case, text, tmp_path):
    assert geojson_hash(case, tmp_path, text) == _expected()["geojson"][case]


def _record() -> None:
    """Write the fixture from the code as it stands (run before a speed change, never to make a test pass)."""
    with tempfile.TemporaryDirectory() as tmp:
        data = {
            "svg": {c: svg_hash(c) for c in [*SVG_CASES, *SVG_BW_CASES]},
            "geojson": {c: geojson_hash(c, Path(tmp)) for c in [*GEOJSON_FW_CASES, *GEOJSON_COUNTRY_CASES]},
        }
    FIXTURE.parent.mkdir(exist_ok=True)
    FIXTURE.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__" and "--record" in sys.argv:
    _record()
