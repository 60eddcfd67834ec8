"""The parts of the crossing layout (``mapgen/country/crossings.py``, ``crossing_lines.py``), each on hand-made input: where a sheet's
edges run, which side of a line a point is, how far round the border each point lies, how the points of
two sheets pair along a shared edge (the manual: "paired in order along it, one point taking two or three
crossings when the other sheet has more") and where their straight line meets the edge, and the gate
positions tried (the manual: gates 20 mm from the corners, 6 mm apart).  Values worked out by hand.
"""

from __future__ import annotations

import networkx as nx
import pytest

from mapgen.country import crossing_lines, crossings
from mapgen.country.model import Country, CountryMap

SHEET = (297.0, 210.0)


def one_sheet_map(origin=(297.0, 210.0), border=None, places=()) -> tuple[CountryMap, Country]:
    """A country on the sheet at ``origin`` (the middle sheet of a 3 x 3 grid by default)."""
    g = nx.Graph()
    for n, kind, pos, side in places:
        g.add_node(n, kind=kind, country="A", pos=pos, walls=False, income=0, depth=1, side=side, rule=None, roll=None)
    c = Country("A", "A", False, (1, 1), origin, list(border or []), "A-0")
    return CountryMap(1, SHEET, (3, 3), [c], g), c


def test_each_edge_of_a_sheet_on_the_combined_drawing():
    cm, c = one_sheet_map()
    assert crossing_lines.edge_span(cm, c, "N") == (0, 210.0, 297.0, 594.0)
    assert crossing_lines.edge_span(cm, c, "S") == (0, 420.0, 297.0, 594.0)
    assert crossing_lines.edge_span(cm, c, "W") == (1, 297.0, 210.0, 420.0)
    assert crossing_lines.edge_span(cm, c, "E") == (1, 594.0, 210.0, 420.0)
    assert [crossing_lines._inward(s) for s in "NESW"] == [(0, 1), (-1, 0), (0, -1), (1, 0)]
    # a gate at 100 mm along an edge, and 3 mm inside it for an exit
    assert crossing_lines._gate(cm, c, "N", 400.0) == (400.0, 210.0)
    assert crossing_lines._gate(cm, c, "N", 400.0, 3.0) == (400.0, 213.0)
    assert crossing_lines._gate(cm, c, "S", 400.0, 3.0) == (400.0, 417.0)
    assert crossing_lines._gate(cm, c, "W", 300.0, 3.0) == (300.0, 300.0)
    assert crossing_lines._gate(cm, c, "E", 300.0, 3.0) == (591.0, 300.0)
    assert crossing_lines._gate(cm, c, "E", 300.0) == (594.0, 300.0)


def test_how_far_a_point_is_from_each_edge_of_its_sheet():
    cm, c = one_sheet_map()
    p = (340.0, 260.0)  # 43 mm from the west edge, 50 from the north
    assert {s: crossings._gap_to_edge(cm, c, s, p) for s in "NESW"} == {"N": 50.0, "E": 254.0, "S": 160.0, "W": 43.0}


def test_which_side_of_a_line():
    assert crossing_lines._side((5.0, 5.0), (0.0, 0.0), (10.0, 0.0)) == 1  # south of a line running east (y down)
    assert crossing_lines._side((5.0, -5.0), (0.0, 0.0), (10.0, 0.0)) == -1
    assert crossing_lines._side((20.0, 0.0), (0.0, 0.0), (10.0, 0.0)) == 0
    assert crossing_lines._side((5.0, 0.5), (0.0, 0.0), (10.0, 0.0)) == 1


@pytest.mark.parametrize("clockwise", [True, False])
def test_how_far_round_the_border_clockwise_on_the_page(clockwise):
    # a 100 x 100 square from (300, 250): border points at the middle of each side and one corner
    square = [(300.0, 250.0), (400.0, 250.0), (400.0, 350.0), (300.0, 350.0)]  # clockwise on the page
    pts = [("A-1", "border", (350.0, 250.0), "N"), ("A-2", "crossing", (400.0, 300.0), "E"), ("A-3", "border", (350.0, 350.0), "S"),
           ("A-4", "border", (300.0, 300.0), "W"), ("A-5", "village", (350.0, 300.0), None)]
    cm, c = one_sheet_map(border=square if clockwise else square[::-1], places=pts)
    where = crossings._round_border(cm, c)
    assert set(where) == {"A-1", "A-2", "A-3", "A-4"}  # border and crossing points only
    a = where["A-1"]
    turns = {n: (t - a) % 1.0 for n, t in where.items()}
    assert turns == pytest.approx({"A-1": 0.0, "A-2": 0.25, "A-3": 0.5, "A-4": 0.75})


def test_points_pair_in_order_along_a_shared_edge():
    g = nx.Graph()
    a_pts = {"A-1": (287.0, 100.0), "A-2": (280.0, 120.0), "A-3": (290.0, 140.0)}
    b_pts = {"B-1": (317.0, 130.0), "B-2": (310.0, 60.0)}
    for n, pos in {**a_pts, **b_pts}.items():
        g.add_node(n, kind="crossing", country=n[0], pos=pos, walls=False, income=0, depth=1, side=None, rule=None, roll=None)
    a = Country("A", "A", False, (0, 0), (0.0, 0.0), [], "A-0")
    b = Country("B", "B", False, (1, 0), (297.0, 0.0), [], "B-0")
    cm = CountryMap(1, SHEET, (2, 1), [a, b], g)
    ea = crossing_lines.EdgePoints(a, "E", 3, b, ["A-1", "A-2", "A-3"])
    eb = crossing_lines.EdgePoints(b, "W", 2, a, ["B-1", "B-2"])
    slots = crossings._crossing_slots(cm, ea, eb)
    # three crossings: B-1 takes the first two
    assert [(s.halves[0].node, s.halves[1].node) for s in slots] == [("A-1", "B-1"), ("A-2", "B-1"), ("A-3", "B-2")]
    assert [(s.halves[0].country.id, s.halves[0].side, s.halves[1].country.id, s.halves[1].side) for s in slots] == [("A", "E", "B", "W")] * 3
    # where the straight line meets the edge x = 297: A-1 is 10 mm short of it, B-1 20 mm past it
    assert slots[0].wanted == pytest.approx(100.0 + 30.0 / 3.0)
    assert slots[1].wanted == pytest.approx(120.0 + 10.0 * 17.0 / 37.0)
    assert slots[2].wanted == pytest.approx(140.0 - 80.0 * 7.0 / 20.0)
    ea.points = ["A-1"]  # one point on A's side: it takes both crossings
    assert [(s.halves[0].node, s.halves[1].node) for s in crossings._crossing_slots(cm, ea, eb)] == [("A-1", "B-1"), ("A-1", "B-2")]


def test_a_point_on_the_edge_itself_meets_it_halfway():
    g = nx.Graph()
    for n, pos in (("A-1", (297.0, 100.0)), ("B-1", (297.0, 120.0))):
        g.add_node(n, kind="crossing", country=n[0], pos=pos, walls=False, income=0, depth=1, side=None, rule=None, roll=None)
    a = Country("A", "A", False, (0, 0), (0.0, 0.0), [], "A-0")
    b = Country("B", "B", False, (1, 0), (297.0, 0.0), [], "B-0")
    cm = CountryMap(1, SHEET, (2, 1), [a, b], g)
    (slot,) = crossings._crossing_slots(cm, crossing_lines.EdgePoints(a, "E", 2, b, ["A-1"]), crossing_lines.EdgePoints(b, "W", 2, a, ["B-1"]))
    assert slot.wanted == pytest.approx(110.0)


def test_exit_slots_want_their_point_s_place_along_the_edge():
    pts = [("A-1", "crossing", (400.0, 250.0), "N"), ("A-2", "crossing", (330.0, 300.0), "W")]
    cm, c = one_sheet_map(places=pts)
    (n,) = crossings._exit_slots(cm, crossing_lines.EdgePoints(c, "N", 2, None, ["A-1"]))
    (w,) = crossings._exit_slots(cm, crossing_lines.EdgePoints(c, "W", 2, None, ["A-2"]))
    assert (n.wanted, n.halves[0].node, n.halves[0].inset, n.halves[0].side) == (400.0, "A-1", 3.0, "N")
    assert (w.wanted, w.halves[0].node, w.halves[0].inset) == (300.0, "A-2", 3.0)


def test_gate_positions_tried_outwards_from_the_wanted_one():
    assert list(crossing_lines._around(50.0, 40.0, 70.0, 2.0, 6.0)) == [50.0, 52.0, 48.0, 54.0, 46.0, 56.0, 44.0]
    assert list(crossing_lines._around(50.0, 47.0, 53.0, 2.0, 6.0)) == [50.0, 52.0, 48.0]
    assert list(crossing_lines._around(50.0, 50.0, 50.0, 2.0, 2.0)) == [50.0]


def test_the_length_of_a_line():
    assert crossing_lines.path_length([(0.0, 0.0), (3.0, 4.0), (3.0, 10.0)]) == 11.0
    assert crossing_lines.path_length([(1.0, 1.0)]) == 0.0



def test_points_nearest_the_edge_unless_they_would_mix_with_another_edge_s_round_the_border():
    """The north side's point A-13 sits on a finger of the country between two east points: with A-12 it is
    nearest the north edge, but the north lines would then leave the country among the east ones; A-11 and
    A-12 leave together (the manual: "chosen so that each edge's points leave the country together")."""
    from tests.test_country_crossings import hand_made

    cm = hand_made(1, 1)
    c = cm.countries[0]
    cm.graph.nodes["A-13"]["pos"] = (215.0, 30.0)
    pos = {n: cm.graph.nodes[f"A-{n}"]["pos"] for n in range(14)}
    c.border = [pos[n] for n in (6, 7, 9, 8, 10, 11, 12, 5, 13)]
    edges = [crossing_lines.EdgePoints(c, side, rolled, None) for side, rolled in (("E", 3), ("S", 2), ("W", 2), ("N", 2))]
    crossings._choose(cm, c, edges)
    assert {e.side: e.points for e in edges} == {"E": ["A-5", "A-6", "A-7"], "S": ["A-8", "A-9"], "W": ["A-10"], "N": ["A-11", "A-12"]}
