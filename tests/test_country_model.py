"""``country.json`` (``mapgen/country/model.py``): the summary's counts and taxes, the fields written, and
every field read back, with the errors that name a bad one.

Taxes are typed from Tabella 29 (RC-3.2): village and walled village 10 ducats, fortress 20, city 40,
the capital as a city (RC-A.3); border and crossing points pay nothing.
"""

from __future__ import annotations

import copy
import math

import networkx as nx
import pytest

from mapgen.country.model import Country, CountryMap, Exit
from mapgen.dice import Modifier, Roll
from mapgen.errors import BadFileError

DUCATS = {"capital": 40, "city": 40, "fortress": 20, "village": 10, "walled_village": 10, "border": 0, "crossing": 0}


def _node(g, nid, kind, country, pos, depth, side=None, rule=None, roll=None, walls=False):
    g.add_node(nid, kind=kind, country=country, pos=pos, walls=walls, income=DUCATS[kind], depth=depth, side=side, rule=rule, roll=roll)


def small_map() -> CountryMap:
    """Two countries: A with a capital, two cities, a fortress, a walled village, a village and a crossing
    point; B with a capital and a crossing point.  Positions carry more decimals than the file keeps."""
    g = nx.Graph()
    _node(g, "A-0", "capital", "A", (148.5, 105.0), 0, walls=True)
    _node(g, "A-1", "city", "A", (178.5049, 105.0), 1, "E", "RC-1.2", 1, True)
    _node(g, "A-2", "village", "A", (148.5, 135.126), 1, "S", "RC-1.2", 2)
    _node(g, "A-3", "city", "A", (118.5, 105.0), 1, "W", "RC-1.2", 3, True)
    _node(g, "A-4", "fortress", "A", (148.5, 75.0), 1, "N", "RC-1.2", 4, True)
    _node(g, "A-5", "walled_village", "A", (200.0, 80.0), 2, "E", "RC-1.2", 5, True)
    _node(g, "A-6", "crossing", "A", (230.0, 105.0), 2, "E", "RC-1.5 step 1e")
    _node(g, "B-0", "capital", "B", (445.5, 105.0), 0, walls=True)
    _node(g, "B-1", "crossing", "B", (400.0, 105.0), 1, "W", "RC-1.2", 6)
    for a, b in (("A-0", "A-1"), ("A-0", "A-2"), ("A-0", "A-3"), ("A-0", "A-4"), ("A-1", "A-5"), ("A-1", "A-6"), ("B-0", "B-1")):
        g.add_edge(a, b, length_mm=math.dist(g.nodes[a]["pos"], g.nodes[b]["pos"]), country=a[0], crossing=False)
    path = [(230.0, 105.0), (296.996, 104.996), (400.456, 105.0)]
    g.add_edge("A-6", "B-1", length_mm=170.0001, country=None, crossing=True, path=path)
    countries = [
        Country("A", "Duchy of Valdarno", False, (0, 0), (0.0, 0.0), [(230.0, 105.0), (148.5, 170.004), (80.0, 105.0), (148.5, 40.0)], "A-0",
                {"E": {"rolled": 2, "toward": "B", "nodes": ["A-6"]}}),
        Country("B", "Republic of Serravalle", True, (1, 0), (297.004, 0.456), [(400.456, 105.0), (445.5, 60.0), (490.0, 105.0)], "B-0",
                {"W": {"rolled": 3, "toward": "A", "nodes": ["B-1"]}}),
    ]
    log = [Roll(1, "RC-1.2", "1b: what lies at the end of the E road", "2D6", [3, 4], [], 7, "city (A-1)"),
           Roll(2, "RC-1.2", "1d: end of road 1 from A-1", "2D6", [1, 3], [Modifier("urban areas between the capital and here (RC-1.3)", 1)], 5, "village")]
    exits = [Exit("A-6", "A", "N", [(230.0, 105.0), (230.456, 3.0)])]
    return CountryMap(7, (297.0, 210.0), (2, 1), countries, g, log, ["a note"], {"countries": 1, "neutrals": 1}, exits)


def test_summary_counts_each_kind_and_adds_up_the_taxes():
    a, b = small_map().summary()
    assert a == {
        "country": "A", "name": "Duchy of Valdarno", "neutral": False,
        "counts": {"capital": 1, "city": 2, "village": 1, "fortress": 1, "walled_village": 1, "crossing": 1},
        "income": 40 + 2 * 40 + 10 + 20 + 10,
    }
    assert b == {"country": "B", "name": "Republic of Serravalle", "neutral": True, "counts": {"capital": 1, "crossing": 1}, "income": 40}


def test_size_nodes_of_and_country():
    cm = small_map()
    assert cm.size_mm == (594.0, 210.0)
    assert cm.nodes_of("B") == ["B-0", "B-1"]
    assert cm.country("B").name == "Republic of Serravalle"


def test_the_file_keeps_every_field_to_a_hundredth_of_a_millimetre():
    data = small_map().to_json()
    assert (data["schema"], data["version"], data["generator"], data["seed"]) == ("mapgen/country", 1, "mapgen country", 7)
    assert data["sheet_mm"] == [297.0, 210.0] and data["grid"] == [2, 1] and data["options"] == {"countries": 1, "neutrals": 1}
    a, b = data["countries"]
    assert a == {
        "id": "A", "name": "Duchy of Valdarno", "neutral": False, "sheet": [0, 0], "origin_mm": [0.0, 0.0],
        "border": [[230.0, 105.0], [148.5, 170.0], [80.0, 105.0], [148.5, 40.0]], "capital": "A-0",
        "crossing_points": {"E": {"rolled": 2, "toward": "B", "nodes": ["A-6"]}},
    }
    assert b["origin_mm"] == [297.0, 0.46] and b["neutral"] is True
    assert b["border"] == [[400.46, 105.0], [445.5, 60.0], [490.0, 105.0]]
    nodes = {n["id"]: n for n in data["nodes"]}
    assert nodes["A-1"] == {"id": "A-1", "kind": "city", "country": "A", "x_mm": 178.5, "y_mm": 105.0, "walls": True, "income": 40,
                            "depth": 1, "side": "E", "rule": "RC-1.2", "roll": 1, "name": None}
    assert nodes["A-2"]["y_mm"] == 135.13
    assert (nodes["A-0"]["side"], nodes["A-0"]["rule"], nodes["A-0"]["roll"]) == (None, None, None)
    edges = {(e["a"], e["b"]): e for e in data["edges"]}
    assert edges[("A-6", "B-1")] == {"a": "A-6", "b": "B-1", "length_mm": 170.0, "crossing": True, "country": None,
                                     "path": [[230.0, 105.0], [297.0, 105.0], [400.46, 105.0]]}
    assert edges[("A-0", "A-2")] == {"a": "A-0", "b": "A-2", "length_mm": 30.13, "crossing": False, "country": "A"}
    assert data["exits"] == [{"node": "A-6", "country": "A", "edge": "N", "path": [[230.0, 105.0], [230.46, 3.0]]}]
    assert data["summary"][1]["income"] == 40
    assert data["notes"] == ["a note"]
    assert data["dice_log"][1]["modifiers"] == [{"name": "urban areas between the capital and here (RC-1.3)", "value": 1}]


def test_reading_back_gives_the_same_map():
    cm = small_map()
    data = cm.to_json()
    back = CountryMap.from_json(copy.deepcopy(data))
    assert back.to_json() == data
    assert back.seed == 7 and back.sheet_mm == (297.0, 210.0) and back.grid == (2, 1)
    a = back.country("A")
    assert (a.sheet, a.origin, a.capital, a.neutral) == ((0, 0), (0.0, 0.0), "A-0", False)
    assert back.graph.nodes["A-5"] == {"kind": "walled_village", "country": "A", "pos": (200.0, 80.0), "walls": True, "income": 10,
                                       "depth": 2, "side": "E", "rule": "RC-1.2", "roll": 5}
    assert back.graph.edges["A-6", "B-1"]["path"] == [(230.0, 105.0), (297.0, 105.0), (400.46, 105.0)]
    assert back.exits == [Exit("A-6", "A", "N", [(230.0, 105.0), (230.46, 3.0)])]
    assert back.country("B").origin == (297.0, 0.46)
    assert back.dice_log[1].modifiers == [Modifier("urban areas between the capital and here (RC-1.3)", 1)]
    assert back.notes == ["a note"] and back.options == {"countries": 1, "neutrals": 1}


def test_optional_fields_take_their_defaults():
    data = small_map().to_json()
    for key in ("sheet_mm", "grid", "notes", "dice_log", "exits", "seed"):
        del data[key]
    data["options"] = "not an object"
    c = data["countries"][1]
    for key in ("name", "sheet", "origin_mm", "crossing_points"):
        del c[key]
    for n in data["nodes"]:
        for key in ("side", "rule", "roll"):
            del n[key]
    for e in data["edges"]:
        del e["length_mm"]
        del e["country"]
    back = CountryMap.from_json(data)
    assert back.sheet_mm == (297.0, 210.0) and back.grid == (1, 1) and back.notes == [] and back.dice_log == []
    assert back.exits == [] and back.seed == 0 and back.options == {}
    b = back.country("B")
    assert (b.name, b.sheet, b.origin, b.crossing_points) == ("B", (0, 0), (0.0, 0.0), {})
    d = back.graph.nodes["A-1"]
    assert (d["income"], d["depth"], d["side"], d["rule"], d["roll"]) == (40, 1, None, None, None)
    # a road's length is the distance between its ends (30 mm from the capital to the west city)
    assert back.graph.edges["A-0", "A-3"]["length_mm"] == 30.0 and back.graph.edges["A-0", "A-3"]["country"] is None


def _broken(change):
    data = small_map().to_json()
    change(data)
    with pytest.raises(BadFileError) as exc:
        CountryMap.from_json(data)
    return str(exc.value)


def _set(path, value):
    def change(data):
        *head, last = path
        target = data
        for k in head:
            target = target[k]
        target[last] = value

    return change


@pytest.mark.parametrize(
    "path,value,message",
    [
        (("countries", 0, "border"), [[1, 2], [3]], "field 'countries[0].border' should be a list of [x_mm, y_mm]"),
        (("countries", 0, "border"), [[1, 2], [3, True]], "field 'countries[0].border' should be a list of [x_mm, y_mm]"),
        (("countries", 1, "border"), [[1, 2], [3, math.inf]], "field 'countries[1].border' should be a list of [x_mm, y_mm]"),
        (("countries", 0, "border"), [[1, 2], (3, 4)], "field 'countries[0].border' should be a list of [x_mm, y_mm]"),
        (("countries", 0, "sheet"), [0.5, 0], "field 'countries[0].sheet' should be two whole numbers"),
        (("countries", 0, "sheet"), [0, 0, 0], "field 'countries[0].sheet' should be two whole numbers"),
        (("countries", 0, "origin_mm"), [0, "0"], "field 'countries[0].origin_mm' should be two numbers"),
        (("sheet_mm",), [297, None], "field 'sheet_mm' should be two numbers"),
        (("grid",), [2, 1.5], "field 'grid' should be two whole numbers"),
        (("countries", 0, "capital"), "A-99", "country A: capital 'A-99' is not in 'nodes'"),
        (("countries", 0, "crossing_points"), [], "field 'countries[0].crossing_points' should map N, E, S, W to {rolled, toward, nodes}"),
        (("countries", 0, "crossing_points"), {"X": {"nodes": []}}, "field 'countries[0].crossing_points' should map N, E, S, W to {rolled, toward, nodes}"),
        (("countries", 0, "crossing_points"), {"E": []}, "field 'countries[0].crossing_points' should map N, E, S, W to {rolled, toward, nodes}"),
        (("countries", 0, "crossing_points"), {"E": {"nodes": "A-6"}}, "field 'countries[0].crossing_points' should map N, E, S, W to {rolled, toward, nodes}"),
        (("nodes", 2, "kind"), "castle", "field 'nodes[2].kind' should be one of border, capital, city, crossing, fortress, village, walled_village, not \"castle\""),
        (("nodes", 2, "country"), "C", "field 'nodes[2].country' should be one of A, B, not \"C\""),
        (("nodes", 2, "side"), 3, "field 'nodes[2].side' should be a compass side or null, not 3"),
        (("nodes", 2, "rule"), 3, "field 'nodes[2].rule' should be a rule ID or null, not 3"),
        (("nodes", 2, "roll"), "3", "field 'nodes[2].roll' should be a roll's seq or null, not \"3\""),
        (("nodes", 2, "income"), -1, "field 'nodes[2].income' should be a whole number from 0"),
        (("nodes", 2, "depth"), -1, "field 'nodes[2].depth' should be a whole number from 0"),
        (("edges", 0, "b"), "A-99", "field 'edges[0]' names node 'A-99', which is not in 'nodes'"),
        (("edges", 0, "a"), "Z-1", "field 'edges[0]' names node 'Z-1', which is not in 'nodes'"),
        (("edges", 0, "length_mm"), -1, "field 'edges[0].length_mm' should be a number from 0, not -1"),
        (("edges", 0, "country"), 1, "field 'edges[0].country' should be a country id or null, not 1"),
        (("edges", 6, "path"), [[1, 2], [3]], "field 'edges[6].path' should be a list of [x_mm, y_mm] finite numbers"),
        (("edges", 6, "path"), [[1, 2], [3, False]], "field 'edges[6].path' should be a list of [x_mm, y_mm] finite numbers"),
        (("edges", 6, "path"), [[1, 2], [3, math.nan]], "field 'edges[6].path' should be a list of [x_mm, y_mm] finite numbers"),
        (("edges", 6, "path"), [[1, 2], "3,4"], "field 'edges[6].path' should be a list of [x_mm, y_mm] finite numbers"),
        (("exits", 0, "node"), "A-99", "field 'exits[0].node' names node 'A-99', which is not in 'nodes'"),
        (("exits", 0, "edge"), "NE", "field 'exits[0].edge' should be one of E, N, S, W, not \"NE\""),
        (("exits", 0, "country"), "Q", "field 'exits[0].country' should be one of A, B, not \"Q\""),
        (("exits", 0, "path"), [[1, 2, 3]], "field 'exits[0].path' should be a list of [x_mm, y_mm] finite numbers"),
    ],
)
def test_a_bad_field_is_named(path, value, message):
    got = _broken(_set(path, value))
    # jsonio words an open range "from 0 to None": only the part that names the field and the bound is pinned
    assert got == message or (got.startswith(message) and "from 0" in message)


def test_the_edge_path_order_is_the_file_order():
    # the crossing edge is the seventh in the file: the path index in the messages above depends on it
    data = small_map().to_json()
    assert [i for i, e in enumerate(data["edges"]) if e["crossing"]] == [6]


def test_a_file_is_read_through_its_schema_and_its_errors_name_the_file(tmp_path):
    import json

    from mapgen.country.model import read_country_map

    data = small_map().to_json()
    path = tmp_path / "country.json"
    path.write_text(json.dumps(data))
    assert read_country_map(path).to_json() == data
    data["countries"][0]["capital"] = "A-99"
    path.write_text(json.dumps(data))
    with pytest.raises(BadFileError) as exc:
        read_country_map(path)
    assert str(exc.value) == f"{path}: country A: capital 'A-99' is not in 'nodes'"
    data["schema"] = "mapgen/battlefield"
    path.write_text(json.dumps(data))
    with pytest.raises(BadFileError) as exc:
        read_country_map(str(path))
    assert str(exc.value).startswith(f"{path}: field 'schema' is 'mapgen/battlefield', expected 'mapgen/country'")
