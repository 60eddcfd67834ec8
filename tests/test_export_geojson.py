"""GeoJSON exports of the campaign map and the country map (issue 13): RFC 7946's structure, every square and node
once with its properties as the map file types them, and positions that map back to the map's millimetres.

Expected values come from RFC 7946, the map files and the manual's projection (1 mm = 0.001 degree, the map's
centre at 0 N 0 E, north up, six decimals): the checks below recompute them on their own, never through the
export's helpers.
"""

import dataclasses
import json
from pathlib import Path

import geojson
import jsonschema
import pytest

from mapgen.country.generate import generate_countries
from mapgen.exports.geojson import export_geojson, geojson_text
from mapgen.exports.geojson_shapes import Projection, squares_area
from mapgen.grid import square_id
from mapgen.jsonio import dumps

from .conftest import cached_map
from .fw_tiny import tiny

#: The manual's projection: degrees per millimetre, and decimal places.
DEG_PER_MM, DECIMALS = 0.001, 6
SCHEMA = json.loads((Path(__file__).parent / "geojson_schema" / "FeatureCollection.json").read_text(encoding="utf-8"))


def write(folder: Path, name: str, data: dict) -> Path:
    path = folder / name
    path.write_text(dumps(data), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("maps")
    return {
        "medium": write(folder, "fw-map.json", cached_map(7, "medium").to_json()),
        "tiny": write(folder, "tiny.json", tiny().to_json()),
        "country": write(folder, "country.json", generate_countries(11, 3, 1).to_json()),
    }


def exported(path) -> tuple[dict, dict, str]:
    """(the map file's data, the export as read back from its text, the text)."""
    text = geojson_text(export_geojson(path))
    return json.loads(Path(path).read_text(encoding="utf-8")), json.loads(text), text


def shoelace(ring) -> float:
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(ring, ring[1:]))


def polygons(geometry) -> list:
    return [geometry["coordinates"]] if geometry["type"] == "Polygon" else geometry["coordinates"]


def positions(geometry):
    if geometry["type"] == "Point":
        yield geometry["coordinates"]
    elif geometry["type"] == "LineString":
        yield from geometry["coordinates"]
    else:
        for poly in polygons(geometry):
            for ring in poly:
                yield from ring


def to_mm(position, width_mm, height_mm) -> tuple[float, float]:
    """The manual's projection backwards: longitude east of the centre, latitude north of it."""
    lon, lat = position
    return width_mm / 2 + lon / DEG_PER_MM, height_mm / 2 - lat / DEG_PER_MM


def flat(points) -> list[float]:
    """Points as one list of numbers, for pytest.approx (which compares no nested lists)."""
    return [v for q in points for v in q]


def plain(f) -> str:
    """A feature's name in its map file (``A1``, ``A-15``): its id without the layer (``square:A1``)."""
    layer, name = f["properties"]["id"].split(":", 1)
    assert layer == f["properties"]["layer"] and f["properties"]["id"] == f["id"]
    return name


def by_id(collection) -> dict:
    return {f["id"]: f for f in collection["features"]}


# --- RFC 7946's structure -----------------------------------------------------------------------


@pytest.mark.parametrize("which", ["medium", "tiny", "country"])
def test_the_export_meets_rfc_7946s_structure(files, which):
    _, data, text = exported(files[which])
    jsonschema.Draft7Validator(SCHEMA).validate(data)  # geojson.org's schema
    assert geojson.loads(text).is_valid  # the geojson package's checks: closed rings of 4 or more positions ...
    assert data["type"] == "FeatureCollection" and "crs" not in data  # RFC 7946 §4: no crs member
    west, south, east, north = data["bbox"]
    ids = [f["id"] for f in data["features"]]
    assert len(ids) == len(set(ids))
    for f in data["features"]:
        for lon, lat in positions(f["geometry"]):
            assert west <= lon <= east and south <= lat <= north  # §5: the bbox holds every position
            assert -180 <= lon <= 180 and -90 <= lat <= 90
            assert lon == round(lon, DECIMALS) and lat == round(lat, DECIMALS)  # §11.2: six decimals


@pytest.mark.parametrize("which", ["medium", "tiny", "country"])
def test_every_ring_is_closed_exteriors_counter_clockwise_holes_clockwise(files, which):
    _, data, _ = exported(files[which])
    rings = 0
    for f in data["features"]:
        if f["geometry"]["type"] in ("Polygon", "MultiPolygon"):
            for poly in polygons(f["geometry"]):
                for i, ring in enumerate(poly):
                    rings += 1
                    assert len(ring) >= 4 and ring[0] == ring[-1], f["id"]
                    assert (shoelace(ring) > 0) == (i == 0), f"{f['id']}: ring {i} turns the wrong way (RFC 7946 §3.1.6)"
    assert rings > 0


def test_a_hole_runs_clockwise_and_squares_that_touch_at_a_corner_are_two_polygons():
    proj = Projection(300, 300)
    ring_of_eight = [(c, r) for c in range(3) for r in range(3) if (c, r) != (1, 1)]
    shape = squares_area(proj, ring_of_eight, 100)
    assert shape["type"] == "Polygon" and len(shape["coordinates"]) == 2
    outer, hole = shape["coordinates"]
    assert shoelace(outer) > 0 and shoelace(hole) < 0
    assert sorted(map(tuple, hole[:-1])) == [(-0.05, -0.05), (-0.05, 0.05), (0.05, -0.05), (0.05, 0.05)]  # the middle square
    apart = squares_area(proj, [(0, 0), (1, 1)], 100)
    assert apart["type"] == "MultiPolygon" and len(apart["coordinates"]) == 2
    assert all(shoelace(poly[0]) > 0 for poly in apart["coordinates"])


# --- the campaign map -------------------------------------------------------------------------------


@pytest.mark.parametrize("which", ["medium", "tiny"])
def test_every_square_once_with_its_properties_as_the_map_file_types_them(files, which):
    source, data, _ = exported(files[which])
    squares = [f for f in data["features"] if f["properties"]["layer"] == "square"]
    assert len(squares) == source["width"] * source["height"]
    assert sorted(plain(f) for f in squares) == sorted(s["id"] for s in source["squares"])
    features = by_id(data)
    for s in source["squares"]:
        props = features[f"square:{s['id']}"]["properties"]
        for key in ("col", "row", "terrain", "river", "road", "territory", "features", "elevation"):
            assert props[key] == s[key] and type(props[key]) is type(s[key]), (s["id"], key)


@pytest.mark.parametrize("which", ["medium", "tiny"])
def test_a_square_covers_its_place_on_the_printed_map_north_up(files, which):
    source, data, _ = exported(files[which])
    size = source["square_mm"]
    width, height = source["width"] * size, source["height"] * size
    for f in data["features"]:
        p = f["properties"]
        if p["layer"] != "square":
            continue
        corners = {tuple(round(v, 3) for v in to_mm(q, width, height)) for q in f["geometry"]["coordinates"][0]}
        x0, y0 = p["col"] * size, p["row"] * size
        assert corners == {(x0, y0), (x0 + size, y0), (x0 + size, y0 + size), (x0, y0 + size)}, p["id"]
    features = by_id(data)
    a1, a2, b1 = (features[f"square:{i}"]["geometry"]["coordinates"][0] for i in ("A1", "A2", "B1"))
    assert max(q[1] for q in a2) <= min(q[1] for q in a1)  # row 2 lies south of row 1
    assert max(q[0] for q in a1) <= min(q[0] for q in b1)  # column B lies east of column A


def test_holdings_rivers_roads_and_crossings_sit_where_the_map_file_puts_them(files):
    source, data, _ = exported(files["medium"])
    size = source["square_mm"]
    width, height = source["width"] * size, source["height"] * size
    features = by_id(data)
    centres = {s["id"]: ((s["col"] + 0.5) * size, (s["row"] + 0.5) * size) for s in source["squares"]}
    for h in source["holdings"]:
        f = features[f"holding:{h['square']}"]
        assert to_mm(f["geometry"]["coordinates"], width, height) == pytest.approx(centres[h["square"]], abs=5e-4)
        p = f["properties"]
        assert (p["name"], p["side"], p["owner"], p["capital"], p["feature"]) == (h["name"], h["side"], h["side"], h["capital"], h["feature"])
        assert p["kind"] == ("capital" if h["capital"] else "holding")
    rivers = [f for f in data["features"] if f["properties"]["layer"] == "river"]
    assert [f["properties"]["name"] for f in rivers] == [r["name"] for r in source["rivers"]]
    for f, r in zip(rivers, source["rivers"]):
        got = [to_mm(q, width, height) for q in f["geometry"]["coordinates"]]
        assert flat(got) == pytest.approx(flat((x * size, y * size) for x, y in r["points"]), abs=5e-4)  # along square edges
    roads = [f for f in data["features"] if f["properties"]["layer"] == "road"]
    assert [f["properties"]["squares"] for f in roads] == [r["squares"] for r in source["roads"]]
    for f, r in zip(roads, source["roads"]):
        got = flat(to_mm(q, width, height) for q in f["geometry"]["coordinates"])
        assert got == pytest.approx(flat(centres[s] for s in r["squares"]), abs=5e-4)
    crossings = [f for f in data["features"] if f["properties"]["layer"] == "crossing"]
    assert [(f["properties"]["kind"], f["properties"]["squares"]) for f in crossings] == [(c["kind"], c["squares"]) for c in source["crossings"]]
    for f in crossings:
        a, b = (centres[s] for s in f["properties"]["squares"])
        assert to_mm(f["geometry"]["coordinates"], width, height) == pytest.approx(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), abs=5e-4)


def test_movement_modifiers_follow_fw_9_2(files):
    """The tiny map (tests/fw_tiny.py): hills at D1, a river down x = 4 with a bridge D2-E2, the capitals' road along row 2."""
    _, data, _ = exported(files["tiny"])
    sq = {plain(f): f["properties"] for f in data["features"] if f["properties"]["layer"] == "square"}
    # (core rules, with the [NT] rows): hills are an [NT] row (-2); a river -1 unless a bridge is in the square; a road +1 [NT]
    expected = {"D1": (0, -2), "A1": (0, 0), "D2": (0, 1), "D3": (-1, -1), "E4": (-1, -1), "B2": (0, 1), "C2": (0, 1)}
    assert {k: (sq[k]["movement"], sq[k]["movement_nt"]) for k in expected} == expected
    assert sq["D2"]["crossings"] == ["bridge to E2"] and sq["E2"]["crossings"] == ["bridge to D2"]


def test_water_has_no_movement_modifier_and_every_holding_square_its_owner(files):
    m = cached_map(7, "medium")
    _, data, _ = exported(files["medium"])
    sq = {plain(f): f["properties"] for f in data["features"] if f["properties"]["layer"] == "square"}
    water = [square_id(c, r) for r in range(m.height) for c in range(m.width) if m.terrain[r, c] in ("lake", "sea")]
    assert water and all(sq[w]["movement"] is None and sq[w]["movement_nt"] is None for w in water)
    assert all(isinstance(p["movement"], int) for k, p in sq.items() if k not in water)
    holders = {square_id(*h.square): h.side for h in m.holdings}
    assert {k: p["owner"] for k, p in sq.items() if p["owner"] is not None} == holders


def test_territories_chains_and_regions_cover_their_squares(files):
    source, data, _ = exported(files["medium"])
    size = source["square_mm"]
    width, height = source["width"] * size, source["height"] * size
    terr = {f["properties"]["territory"]: f for f in data["features"] if f["properties"]["layer"] == "territory"}
    assert set(terr) == {"A", "N", "B"}
    for t, f in terr.items():
        cols = {s["col"] for s in source["squares"] if s["territory"] == t}
        xs = [to_mm(q, width, height)[0] for poly in polygons(f["geometry"]) for q in poly[0]]
        assert (min(xs), max(xs)) == pytest.approx((min(cols) * size, (max(cols) + 1) * size))  # seed 7's thirds are bands of columns
    chains = [f for f in data["features"] if f["properties"]["layer"] == "chain"]
    assert [(f["properties"]["name"], f["properties"]["squares"]) for f in chains] == [(c["name"], c["squares"]) for c in source["chains"]]


# --- the country map -------------------------------------------------------------------------------


def test_every_node_once_at_its_position_with_its_properties_as_the_map_file_types_them(files):
    source, data, _ = exported(files["country"])
    width = source["grid"][0] * source["sheet_mm"][0]
    height = source["grid"][1] * source["sheet_mm"][1]
    assert data["bbox"] == pytest.approx([-width / 2 * DEG_PER_MM, -height / 2 * DEG_PER_MM, width / 2 * DEG_PER_MM, height / 2 * DEG_PER_MM])
    nodes = [f for f in data["features"] if f["properties"]["layer"] == "node"]
    assert sorted(plain(f) for f in nodes) == sorted(n["id"] for n in source["nodes"])
    features = by_id(data)
    for n in source["nodes"]:
        f = features[f"node:{n['id']}"]
        assert to_mm(f["geometry"]["coordinates"], width, height) == pytest.approx((n["x_mm"], n["y_mm"]), abs=5e-4)
        p = f["properties"]
        for key in ("kind", "name", "country", "walls", "depth", "side", "rule", "roll"):
            assert p[key] == n[key] and type(p[key]) is type(n[key]), (n["id"], key)
        assert p["tax"] == n["income"] and type(p["tax"]) is int  # Tabella 29, ducats a year
        assert p["owner"] == (n["country"] if n["kind"] not in ("border", "crossing") else None)  # RC-A.6: each place held by its country


def test_countries_roads_and_exits_follow_the_map_file(files):
    source, data, _ = exported(files["country"])
    width = source["grid"][0] * source["sheet_mm"][0]
    height = source["grid"][1] * source["sheet_mm"][1]
    features = by_id(data)
    for c in source["countries"]:
        f = features[f"country:{c['id']}"]
        ring = [to_mm(q, width, height) for q in f["geometry"]["coordinates"][0]]
        assert {tuple(round(v, 2) for v in q) for q in ring} == {tuple(q) for q in c["border"]}
        summary = next(s for s in source["summary"] if s["country"] == c["id"])
        assert (f["properties"]["name"], f["properties"]["capital"], f["properties"]["tax"]) == (c["name"], c["capital"], summary["income"])
    roads = [f for f in data["features"] if f["properties"]["layer"] == "road"]
    assert len(roads) == len(source["edges"])
    pos = {n["id"]: (n["x_mm"], n["y_mm"]) for n in source["nodes"]}
    for e in source["edges"]:
        f = features[f"road:{e['a']}:{e['b']}"]
        assert f["properties"]["crossing"] is e["crossing"] and f["properties"]["kind"] == ("crossing" if e["crossing"] else "road")
        expected = e.get("path") or [pos[e["a"]], pos[e["b"]]]
        assert flat(to_mm(q, width, height) for q in f["geometry"]["coordinates"]) == pytest.approx(flat(expected), abs=5e-4)
    exits = [f for f in data["features"] if f["properties"]["layer"] == "exit"]
    assert [(f["properties"]["node"], f["properties"]["edge"]) for f in exits] == [(x["node"], x["edge"]) for x in source["exits"]]


def test_north_is_up_on_the_country_map(files):
    source, data, _ = exported(files["country"])
    features = by_id(data)
    for a, b in zip(source["nodes"], source["nodes"][1:]):
        pa, pb = (features[f"node:{n['id']}"]["geometry"]["coordinates"] for n in (a, b))
        if abs(a["y_mm"] - b["y_mm"]) > 0.01:
            assert (pa[1] > pb[1]) == (a["y_mm"] < b["y_mm"])  # farther down the sheet is farther south
        if abs(a["x_mm"] - b["x_mm"]) > 0.01:
            assert (pa[0] < pb[0]) == (a["x_mm"] < b["x_mm"])  # farther right is farther east


# --- same input, same bytes; names as text --------------------------------------------------------


@pytest.mark.parametrize("which", ["medium", "country"])
def test_the_same_input_gives_the_same_bytes(files, which):
    assert geojson_text(export_geojson(files[which])) == geojson_text(export_geojson(files[which]))


def test_a_typed_name_stays_text(tmp_path):
    m = tiny()
    m.sides[0].name = 'Red "<script>alert(1)</script>"\nand\\more'
    path = write(tmp_path, "fw-map.json", m.to_json())
    data = json.loads(geojson_text(export_geojson(path)))
    meta_names = [s["name"] for s in data["mapgen"]["sides"]]
    owners = {f["properties"]["owner_name"] for f in data["features"] if f["properties"]["layer"] == "holding"}
    assert m.sides[0].name in meta_names and m.sides[0].name in owners


def test_a_squares_movement_modifier_is_what_the_engine_adds_for_a_force_starting_there(files):
    """The square's own part of every movement roll: a probe force of side A, in fine weather, gets it plus FW-9.2's
    territory modifier (+1 friendly, -1 enemy, 0 neutral), with and without the [NT] rows."""
    from mapgen.campaign.board import build_board
    from mapgen.campaign.march import move_modifiers
    from mapgen.campaign.state import Options

    from .campaign_move_tiny import force, tiny_state

    board = build_board(cached_map(7, "medium"))
    _, data, _ = exported(files["medium"])
    squares = {plain(f): f["properties"] for f in data["features"] if f["properties"]["layer"] == "square"}
    territory = {"A": 1, "B": -1, "N": 0}
    for naran, key in ((False, "movement"), (True, "movement_nt")):
        for sid in board.squares:
            state = tiny_state([force("A1", sid)], phase=2, options=Options(naran_movement=naran))
            rolled = sum(m.value for m in move_modifiers(state, board, state.force("A1")))
            assert rolled - territory[squares[sid]["territory"]] == squares[sid][key], (sid, key)


@pytest.mark.parametrize("seed,size", [(7, "medium"), (11, "large"), (3, "small")])
def test_the_ground_read_off_the_map_is_the_engines_land_squares(seed, size):
    """The export reads each square's FW-9.2 facts off the map (issue 27: no board of 40,000 squares); they must be
    the engine's own, square for square, land and water alike."""
    from mapgen.campaign.board import land_squares
    from mapgen.exports.geojson_fw import map_ground

    m = cached_map(seed, size, races=("dwarves", "orcs"))
    land = [(c, r) for r in range(m.height) for c in range(m.width) if str(m.terrain[r, c]) not in ("lake", "sea")]
    mountain = next((c, r) for c, r in land if str(m.terrain[r, c]) in ("mountain", "hills"))
    roadless = [(c, r) for c, r in land if not m.road[r, c] and (c, r) not in m.features][:2]
    # The features the generator seldom places: a pass, a road and a bridge standing as features of a square.
    extra = {mountain: ["pass"], roadless[0]: ["road"], roadless[1]: ["bridge"]}
    m = dataclasses.replace(m, features={**m.features, **extra})
    ids = [[square_id(c, r) for c in range(m.width)] for r in range(m.height)]
    engine = {sid: (sq.terrain, sq.river, sq.bridge, sq.mountain_pass, sq.road) for sid, sq in land_squares(m).items()}
    assert {sid: tuple(g) for sid, g in map_ground(m, ids).items()} == engine
