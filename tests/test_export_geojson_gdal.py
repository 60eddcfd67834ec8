"""The GeoJSON exports as GIS tools read them: through GDAL (pyogrio bundles it; QGIS reads GeoJSON with GDAL).

GDAL shows a property named ``id`` as each feature's id and hides the feature's own ``id`` (RFC 7946 §3.2), so
that property must be unique and usable in a filter; and GDAL types a field by the first value it meets, so a
list may come in as a list or as JSON text (the manual says how to read both).  A campaign is the case that
broke: square O8, holding O8 and force A1 / square A1 shared a name.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pyogrio
import pyogrio.raw
import pytest

from mapgen.cli import main
from mapgen.country.generate import generate_countries
from mapgen.jsonio import dumps


@pytest.fixture(scope="module")
def exports(tmp_path_factory) -> dict[str, Path]:
    """A small Fantasy Warriors campaign (forces on holding squares), a Renaissance campaign and a country map, exported."""
    root = tmp_path_factory.mktemp("gdal")
    assert main_ok(["campaign", "new", str(root / "fw"), "--seed", "7", "--size", "small", "--formats", "json"])
    assert main_ok(["campaign", "new", str(root / "ren"), "--rules", "renaissance", "--seed", "3", "--formats", "json"])
    (root / "country.json").write_text(dumps(generate_countries(11, 3, 1).to_json()), encoding="utf-8")
    out = {}
    for name, source in (("fw", root / "fw"), ("ren", root / "ren"), ("country", root / "country.json")):
        out[name] = root / f"{name}.geojson"
        assert main_ok(["export", "geojson", str(source), "--out", str(out[name])])
    return out


def main_ok(argv) -> bool:
    try:
        main(argv)
    except SystemExit as exc:
        return not exc.code
    return True


@pytest.mark.parametrize("which", ["fw", "ren", "country"])
def test_gdal_reports_a_unique_id_for_every_feature_and_it_is_the_features_own(exports, which):
    data = json.loads(exports[which].read_text(encoding="utf-8"))
    meta, _, _, fields = pyogrio.raw.read(exports[which])
    columns = dict(zip(meta["fields"], fields))
    assert meta["crs"] == "EPSG:4326"
    ids = list(columns["id"])
    assert len(ids) == len(data["features"]) and len(set(ids)) == len(ids)
    assert ids == [f["id"] for f in data["features"]]  # GDAL's id is the feature's id (RFC 7946 §3.2)


def test_a_square_a_holding_and_a_force_on_it_are_three_features_one_filter_finds_each(exports):
    data = json.loads(exports["fw"].read_text(encoding="utf-8"))
    force = next(f for f in data["features"] if f["properties"]["layer"] == "force")
    square = force["properties"]["square"]
    for fid in (f"square:{square}", f"force:{force['properties']['name']}"):
        meta, _, _, fields = pyogrio.raw.read(exports["fw"], where=f"id = '{fid}'")
        assert list(dict(zip(meta["fields"], fields))["id"]) == [fid]


@pytest.mark.parametrize("which", ["fw", "ren", "country"])
def test_every_list_reads_back_as_the_file_has_it_as_a_list_or_as_json_text(exports, which):
    """The manual's reading of list fields: GDAL gives each either as a list of strings or as JSON text."""
    data = json.loads(exports[which].read_text(encoding="utf-8"))
    meta, _, _, fields = pyogrio.raw.read(exports[which])
    columns = dict(zip(meta["fields"], fields))
    checked = 0
    for row, f in enumerate(data["features"]):
        for key, value in f["properties"].items():
            if not isinstance(value, list):
                continue
            got = columns[key][row]
            got = json.loads(got) if isinstance(got, str) else ([] if got is None else np.asarray(got).tolist())
            assert got == value, (f["id"], key)
            checked += 1
    assert checked
