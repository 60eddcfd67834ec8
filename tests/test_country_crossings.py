"""Border crossings (RC-1.7): two or three crossing points on each of the four edges of every sheet.

"Per ciascun bordo di ciascuna mappa segnare due o tre punti di confine" (for each edge of each map
mark two or three border points): each edge rolls 1D6 (1-3 two points, 4-6 three), the points are
border points of that compass side (RC-A.36: the side of the first-ring road they descend from), all
of them when the side has fewer (RC-A.5).  On a shared edge the two sheets' points are paired in
order along the edge; on an edge with no neighbour they are exits off the map.  Expected values are
typed here from the rulebook, not read from ``mapgen/country/rules.py``.
"""

from __future__ import annotations

import math
import re

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shapely import line_merge
from shapely.geometry import LineString, Point, Polygon

from mapgen.country.generate import generate_countries
from mapgen.country.model import Country, CountryMap
from mapgen.country.setup_sheet import setup_sheet
from mapgen.dice import ScriptedDice

SETTINGS = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: The crossing-point roll: 1D6, 1-3 two points, 4-6 three (RC-1.7, RC-A.5: two or three with equal chance).
POINTS_FOR_FACE = {1: 2, 2: 2, 3: 2, 4: 3, 5: 3, 6: 3}
SHEET = (297.0, 210.0)
#: Which way each edge's neighbour lies, and the edge that faces back.
STEP = {"E": (1, 0), "S": (0, 1), "W": (-1, 0), "N": (0, -1)}
FACING = {"E": "W", "W": "E", "S": "N", "N": "S"}
TAX_DUCATS = {"capital": 40, "city": 40, "fortress": 20, "village": 10, "walled_village": 10, "border": 0, "crossing": 0}
WALLED = {"capital": True, "city": True, "fortress": True, "walled_village": True, "village": False, "border": False, "crossing": False}


# --------------------------------------------------------------------------
# a hand-made pair of sheets
# --------------------------------------------------------------------------

#: One country drawn by hand on a 297 x 210 sheet: (id, kind, parent, x, y, side).  Three border
#: points on the east side, two south, one west, three north.
SHAPE = (
    ("0", "capital", None, 148.5, 105.0, None),
    ("1", "village", "0", 178.5, 105.0, "E"),
    ("2", "fortress", "0", 148.5, 135.0, "S"),
    ("3", "city", "0", 118.5, 105.0, "W"),
    ("4", "village", "0", 148.5, 75.0, "N"),
    ("5", "border", "1", 205.0, 85.0, "E"),
    ("6", "border", "1", 215.0, 105.0, "E"),
    ("7", "border", "1", 205.0, 125.0, "E"),
    ("8", "border", "2", 130.0, 165.0, "S"),
    ("9", "border", "2", 167.0, 165.0, "S"),
    ("10", "border", "3", 88.5, 105.0, "W"),
    ("11", "border", "4", 125.0, 50.0, "N"),
    ("12", "border", "4", 148.5, 40.0, "N"),
    ("13", "border", "4", 172.0, 50.0, "N"),
)
OUTLINE = ("6", "7", "9", "8", "10", "11", "12", "13", "5")


def hand_made(cols: int = 2, rows: int = 1, shape=SHAPE, outline=OUTLINE) -> CountryMap:
    """``cols`` x ``rows`` sheets, each with the country ``shape`` drawn on it; its border runs through
    ``outline``: node ids, or (x, y) points on the sheet."""
    g = nx.Graph()
    countries = []
    for i in range(cols * rows):
        cid = "ABCDEF"[i]
        ox, oy = (i % cols) * SHEET[0], (i // cols) * SHEET[1]
        depth = {}
        for n, kind, parent, x, y, side in shape:
            nid = f"{cid}-{n}"
            depth[n] = 0 if parent is None else depth[parent] + 1
            g.add_node(nid, kind=kind, country=cid, pos=(x + ox, y + oy), walls=WALLED[kind], income=TAX_DUCATS[kind],
                       depth=depth[n], side=side, rule=None, roll=None)
            if parent is not None:
                pa = g.nodes[f"{cid}-{parent}"]["pos"]
                g.add_edge(f"{cid}-{parent}", nid, length_mm=math.dist(pa, (x + ox, y + oy)), country=cid, crossing=False)
        border = [g.nodes[f"{cid}-{n}"]["pos"] if isinstance(n, str) else (n[0] + ox, n[1] + oy) for n in outline]
        countries.append(Country(cid, f"Country {cid}", False, (i % cols, i // cols), (ox, oy), border, f"{cid}-0"))
    return CountryMap(1, SHEET, (cols, rows), countries, g)


def test_the_hand_made_country_is_a_fair_drawing():
    cm = hand_made(1, 1)
    poly = Polygon(cm.countries[0].border)
    assert poly.is_valid
    for a, b in cm.graph.edges:
        assert poly.buffer(1e-6).covers(LineString([cm.graph.nodes[a]["pos"], cm.graph.nodes[b]["pos"]]))


def _joined(faces, cols=2, rows=1, **shape):
    """The hand-made sheets joined (RC-1.7) with ``faces`` for the crossing-point rolls, all used."""
    from mapgen.country import crossings

    cm = hand_made(cols, rows, **shape)
    dice = ScriptedDice(faces)
    crossings.join(dice, cm)
    assert dice.remaining == 0
    cm.dice_log = dice.log
    return cm


#: Faces for A's E, S, W, N edges, then B's.
FACES = [4, 2, 6, 1, 3, 5, 1, 6]


def test_rolls_one_die_per_edge_of_every_sheet_in_order_e_s_w_n():
    cm = _joined(FACES)
    log = cm.dice_log
    assert [r.rule for r in log] == ["RC-1.7"] * 8
    assert [r.dice for r in log] == ["1D6"] * 8
    assert [r.faces for r in log] == [[f] for f in FACES]
    assert [r.result for r in log] == [str(POINTS_FOR_FACE[f]) for f in FACES]
    assert [r.modifiers for r in log] == [[]] * 8
    assert log[0].purpose == "crossing points of A on its E edge, towards B"
    assert log[2].purpose == "crossing points of A on its W edge, exits off the map (no neighbouring sheet yet)"
    assert log[6].purpose == "crossing points of B on its W edge, towards A"
    assert log[7].purpose == "crossing points of B on its N edge, exits off the map (no neighbouring sheet yet)"


def test_each_edge_marks_that_sides_border_points_nearest_the_edge():
    cm = _joined(FACES)
    a, b = cm.countries
    # A: E rolled 4 (three points: all three of the east side), S rolled 2 (two: both), W rolled 6
    # (three, but the west side has one), N rolled 1 (two of three: the nearest the north edge, 40 mm,
    # then the first of the two at 50 mm).  Nodes in order along the edge (west-east, north-south).
    assert a.crossing_points == {
        "E": {"rolled": 3, "toward": "B", "nodes": ["A-5", "A-6", "A-7"]},
        "S": {"rolled": 2, "toward": None, "nodes": ["A-8", "A-9"]},
        "W": {"rolled": 3, "toward": None, "nodes": ["A-10"]},
        "N": {"rolled": 2, "toward": None, "nodes": ["A-11", "A-12"]},
    }
    # B: E rolled 3 (two of three: B-6 is 82 mm from the edge, B-5 and B-7 92 mm), S 5, W 1, N 6.
    assert b.crossing_points == {
        "E": {"rolled": 2, "toward": None, "nodes": ["B-5", "B-6"]},
        "S": {"rolled": 3, "toward": None, "nodes": ["B-8", "B-9"]},
        "W": {"rolled": 2, "toward": "A", "nodes": ["B-10"]},
        "N": {"rolled": 3, "toward": None, "nodes": ["B-11", "B-12", "B-13"]},
    }
    g = cm.graph
    kinds = {n: d["kind"] for n, d in g.nodes(data=True) if d["kind"] in ("border", "crossing")}
    assert sorted(n for n, k in kinds.items() if k == "border") == ["A-13", "B-7"]
    for n, k in kinds.items():
        assert g.nodes[n]["income"] == 0 and g.nodes[n]["walls"] is False


def test_a_shared_edge_pairs_its_points_in_order_along_the_edge():
    cm = _joined(FACES)
    g = cm.graph
    links = sorted(((a, b) if a < b else (b, a), d) for a, b, d in g.edges(data=True) if d["crossing"])
    # A has three points on its east edge, B one on its west edge: B-10 takes all three crossings.
    assert [k for k, _ in links] == [("A-5", "B-10"), ("A-6", "B-10"), ("A-7", "B-10")]
    gates = []
    for (a, b), d in links:
        path = d["path"]
        assert d["country"] is None and d["crossing"] is True
        ends = {tuple(path[0]), tuple(path[-1])}
        assert ends == {g.nodes[a]["pos"], g.nodes[b]["pos"]}
        on_edge = [p for p in path if abs(p[0] - SHEET[0]) < 1e-9]
        assert len(on_edge) == 1  # the gate, on the shared sheet edge
        gates.append(on_edge[0][1])
        assert d["length_mm"] == pytest.approx(LineString(path).length)
        assert d["length_mm"] > math.dist(g.nodes[a]["pos"], (SHEET[0], on_edge[0][1]))
    # in order along the edge, north to south, at least 6 mm apart and 20 mm from the corners
    assert gates == sorted(gates)
    assert all(b - a >= 6.0 - 1e-9 for a, b in zip(gates, gates[1:]))
    assert 20.0 <= gates[0] and gates[-1] <= SHEET[1] - 20.0
    # three lines from one point fan out rather than run together
    heads = [math.degrees(math.atan2(y - 105.0, x - (SHEET[0] + 88.5))) % 360 for x, y in ((SHEET[0], t) for t in gates)]
    assert all(abs(p - q) >= 14.0 for p, q in zip(heads, heads[1:]))


def test_edges_without_a_neighbour_keep_their_points_as_exits_off_the_map():
    cm = _joined(FACES)
    g = cm.graph
    exits = {(x.country, x.edge): [] for x in cm.exits}
    for x in cm.exits:
        exits[(x.country, x.edge)].append(x.node)
    assert exits == {
        ("A", "S"): ["A-8", "A-9"],
        ("A", "W"): ["A-10"],
        ("A", "N"): ["A-11", "A-12"],
        ("B", "E"): ["B-5", "B-6"],
        ("B", "S"): ["B-8", "B-9"],
        ("B", "N"): ["B-11", "B-12", "B-13"],
    }
    width = 2 * SHEET[0]
    for x in cm.exits:
        start, (px, py), (qx, qy) = x.path[0], x.path[-2], x.path[-1]
        assert tuple(start) == g.nodes[x.node]["pos"]
        # it ends 3 mm inside the sheet edge it leads off, heading off the map
        end = {"N": qy, "S": SHEET[1] - qy, "W": qx, "E": width - qx}[x.edge]
        assert end == pytest.approx(3.0)
        dx, dy = STEP[x.edge]
        assert (qx - px) * dx + (qy - py) * dy > 0
    # here every exit runs straight off the map, at its point's own place along the edge
    for x in cm.exits:
        assert len(x.path) == 2
        along = 0 if x.edge in ("N", "S") else 1
        assert x.path[-1][along] == pytest.approx(g.nodes[x.node]["pos"][along])


def test_exits_and_crossing_lines_survive_the_json_round_trip():
    cm = _joined(FACES)
    data = cm.to_json()
    assert data["exits"][0] == {"node": "A-8", "country": "A", "edge": "S", "path": [[130.0, 165.0], [130.0, 207.0]]}
    assert all("path" in e for e in data["edges"] if e["crossing"])
    assert all("path" not in e for e in data["edges"] if not e["crossing"])
    assert data["countries"][0]["crossing_points"]["W"] == {"rolled": 3, "toward": None, "nodes": ["A-10"]}
    back = CountryMap.from_json(data)
    assert back.to_json() == data
    assert [(x.node, x.edge) for x in back.exits] == [(x.node, x.edge) for x in cm.exits]


def test_the_setup_sheet_lists_every_edge_its_roll_and_its_points():
    text = setup_sheet(_joined(FACES))
    assert "| A | east | 3 | 3 | A-5, A-6, A-7 | B |" in text
    assert "| A | west | 3 | 1 | A-10 | exits off the map |" in text
    assert "| B | east | 2 | 3 | B-5, B-6 | exits off the map |" in text
    assert "- A-6 (A) — B-10 (B)" in text
    assert "- B-13 (B): exit off the north edge, for a country added later" in text


def test_a_shared_south_edge_is_paired_west_to_east():
    # A above B: A's S edge (rolled 2: both its south points) meets B's N edge (rolled 5: all three).
    cm = _joined([1, 2, 1, 1, 1, 1, 1, 5], cols=1, rows=2)
    g = cm.graph
    links = sorted((a, b) if a < b else (b, a) for a, b, d in g.edges(data=True) if d["crossing"])
    assert links == [("A-8", "B-11"), ("A-8", "B-12"), ("A-9", "B-13")]
    gates = {}
    for a, b, d in g.edges(data=True):
        if d["crossing"]:
            gates[frozenset((a, b))] = next(p[0] for p in d["path"] if abs(p[1] - SHEET[1]) < 1e-9)
    order = [gates[frozenset(k)] for k in links]
    assert order == sorted(order)


def test_a_side_with_fewer_border_points_than_rolled_uses_them_all():
    cm = _joined([6, 6, 6, 6, 6, 6, 6, 6])
    for c in cm.countries:
        assert {s: len(e["nodes"]) for s, e in c.crossing_points.items()} == {"E": 3, "S": 2, "W": 1, "N": 3}


def test_points_are_chosen_so_each_edges_lines_leave_the_country_together():
    """A choice that would mix one edge's points among another's round the border is avoided."""
    from mapgen.country import crossings

    points = [(0.10, "N"), (0.20, "N"), (0.30, "E"), (0.40, "E"), (0.60, "S"), (0.80, "W")]
    assert crossings._tangle(points) == 0
    assert crossings._tangle([(0.9, "N"), (0.1, "N"), (0.3, "E"), (0.6, "S"), (0.8, "W")]) == 0  # round the start
    assert crossings._tangle([(0.1, "N"), (0.2, "E"), (0.3, "N"), (0.6, "S")]) == 2
    assert crossings._tangle([(0.1, "N"), (0.3, "S"), (0.5, "E"), (0.7, "W")]) == 1  # edges out of order
    assert crossings._tangle([(0.1, "E"), (0.3, "N")]) == 0


# --------------------------------------------------------------------------
# generated maps: the rule holds for every sheet and every edge
# --------------------------------------------------------------------------


def _rolled(cm: CountryMap) -> dict[tuple[str, str], int]:
    out = {}
    for r in cm.dice_log:
        if r.rule == "RC-1.7":
            words = r.purpose.split()
            cid, side = words[3], words[6]
            assert r.dice == "1D6" and len(r.faces) == 1
            out[(cid, side)] = POINTS_FOR_FACE[r.faces[0]]
    return out


def check_crossing_rule(cm: CountryMap) -> None:
    """Every sheet, every compass edge: min(rolled, available) crossing points, each a border point of that
    side; paired in order on a shared edge, exits off the map otherwise; no line cuts a road, runs
    through a country or crosses another line."""
    g = cm.graph
    rolled = _rolled(cm)
    sheets = {c.sheet: c for c in cm.countries}
    assert len(rolled) == 4 * len(cm.countries)
    exits = {}
    for x in cm.exits:
        exits.setdefault((x.country, x.edge), []).append(x)
    links = {}
    for a, b, d in g.edges(data=True):
        if d["crossing"]:
            links.setdefault(frozenset((g.nodes[a]["country"], g.nodes[b]["country"])), []).append((a, b, d["path"]))
    for c in cm.countries:
        assert list(c.crossing_points) == ["E", "S", "W", "N"]
        for side, e in c.crossing_points.items():
            own = [n for n in cm.nodes_of(c.id) if g.nodes[n]["kind"] in ("border", "crossing") and g.nodes[n]["side"] == side]
            marked = [n for n in own if g.nodes[n]["kind"] == "crossing"]
            assert e["rolled"] == rolled[(c.id, side)]
            assert len(e["nodes"]) == min(rolled[(c.id, side)], len(own)), (c.id, side)
            assert sorted(e["nodes"]) == sorted(marked)
            assert all(g.nodes[n]["side"] == side for n in e["nodes"])
            dc, dr = STEP[side]
            other = sheets.get((c.sheet[0] + dc, c.sheet[1] + dr))
            assert e["toward"] == (other.id if other else None)
            if other is None:
                assert [x.node for x in exits.get((c.id, side), [])] == e["nodes"]
                for x in exits.get((c.id, side), []):
                    _check_exit(cm, c, x)
            else:
                assert (c.id, side) not in exits
                _check_shared(cm, c, side, other, links[frozenset((c.id, other.id))])
    _check_lines(cm)
    assert nx.is_connected(g)


def _check_exit(cm, c, x):
    (ox, oy), (sw, sh) = c.origin, cm.sheet_mm
    qx, qy = x.path[-1]
    assert {"N": qy - oy, "S": oy + sh - qy, "W": qx - ox, "E": ox + sw - qx}[x.edge] == pytest.approx(3.0)
    assert tuple(x.path[0]) == cm.graph.nodes[x.node]["pos"]
    assert all(ox <= px <= ox + sw and oy <= py <= oy + sh for px, py in x.path)


def _check_shared(cm, c, side, other, lines):
    g = cm.graph
    mine, theirs = c.crossing_points[side]["nodes"], other.crossing_points[FACING[side]]["nodes"]
    assert len(lines) == max(len(mine), len(theirs))
    axis, fixed = (1, c.origin[0] + cm.sheet_mm[0]) if side == "E" else (0, c.origin[1] + cm.sheet_mm[1])
    if side in ("W", "N"):
        axis, fixed = (1, c.origin[0]) if side == "W" else (0, c.origin[1])
    gates = []
    for a, b, path in lines:
        u, v = (a, b) if g.nodes[a]["country"] == c.id else (b, a)
        assert u in mine and v in theirs
        on_edge = [p for p in path if abs(p[1 - axis] - fixed) < 1e-6]
        assert len(on_edge) == 1
        gates.append((on_edge[0][axis], mine.index(u), theirs.index(v)))
    gates.sort()
    # paired in order along the edge: both sheets' points in order, each used
    assert [i for _, i, _ in gates] == sorted(i for _, i, _ in gates)
    assert [j for _, _, j in gates] == sorted(j for _, _, j in gates)
    assert {i for _, i, _ in gates} == set(range(len(mine))) and {j for _, _, j in gates} == set(range(len(theirs)))


def _check_lines(cm):
    g = cm.graph
    inside = [Polygon(c.border).buffer(-0.5) for c in cm.countries]
    roads = [(a, b, LineString([g.nodes[a]["pos"], g.nodes[b]["pos"]])) for a, b, d in g.edges(data=True) if not d["crossing"]]
    lines = [((a, b), LineString(d["path"])) for a, b, d in g.edges(data=True) if d["crossing"]]
    lines += [((x.node,), LineString(x.path)) for x in cm.exits]
    for ends, line in lines:
        assert not any(line.intersects(core) for core in inside), f"{ends} runs through a country"
        for a, b, road in roads:
            if a not in ends and b not in ends:
                assert not line.intersects(road), f"{ends} cuts road {a}-{b}"
    # Lines keep apart; in the rare map where one has no other way, it may cross another, and a note says so.
    noted = {n for note in cm.notes if "crosses another crossing line" in note for n in re.findall(r"[A-Z]+-\d+", note)}
    for i, (e1, l1) in enumerate(lines):
        for e2, l2 in lines[i + 1 :]:
            if lines_cross(g, e1, l1, e2, l2):
                assert noted & (set(e1) | set(e2)), f"{e1} crosses {e2} and no note says so"


def lines_cross(g, ends1, l1: LineString, ends2, l2: LineString) -> bool:
    """Do two lines meet anywhere but at a point they share?  Two lines from one point may leave it
    together and part further on (a fork): they may share one stretch from that point."""
    met = l1.intersection(l2)
    shared = set(ends1) & set(ends2)
    if met.is_empty:
        return False
    if not shared:
        return True
    (n,) = shared
    p = Point(g.nodes[n]["pos"])
    if met.geom_type == "Point":
        return met.distance(p) > 1e-6
    merged = line_merge(met) if met.geom_type == "MultiLineString" else met
    if merged.geom_type != "LineString":
        return True
    return min(Point(merged.coords[0]).distance(p), Point(merged.coords[-1]).distance(p)) > 1e-6


def check_points_per_edge(cm: CountryMap) -> None:
    """The rule read from what every version of the map has (node kinds and sides, crossing edges, the
    dice log): on each of the four edges of every sheet, min(rolled, available) crossing points, each a
    border point of that side; a crossing joins points of the two facing sides."""
    g = cm.graph
    rolled = _rolled(cm)
    for c in cm.countries:
        for side in "ESWN":
            assert (c.id, side) in rolled, f"no crossing-point roll for the {side} edge of {c.id}"
            own = [n for n in cm.nodes_of(c.id) if g.nodes[n]["kind"] in ("border", "crossing") and g.nodes[n]["side"] == side]
            marked = [n for n in own if g.nodes[n]["kind"] == "crossing"]
            assert len(marked) == min(rolled[(c.id, side)], len(own)), f"{c.id} {side}: {marked} of {own}"
    check_crossing_sides(cm)


def check_crossing_sides(cm: CountryMap) -> None:
    """RC-A.36: a crossing line joins a border point of the side facing the neighbour to one of the side
    facing back (the east side's points serve the east edge, and so on)."""
    g = cm.graph
    for a, b, d in g.edges(data=True):
        if d["crossing"]:
            ca, cb = cm.country(g.nodes[a]["country"]), cm.country(g.nodes[b]["country"])
            step = (cb.sheet[0] - ca.sheet[0], cb.sheet[1] - ca.sheet[1])
            side = next(s for s, v in STEP.items() if v == step)
            assert (g.nodes[a]["side"], g.nodes[b]["side"]) == (side, FACING[side]), f"{a}-{b} serves the {side} edge"


@pytest.mark.parametrize("seed,countries,neutrals", [(11, 3, 1), (7, 2, 0), (3, 5, 1), (8, 8, 1)])
def test_a_crossing_joins_points_of_the_two_facing_sides(seed, countries, neutrals):
    check_crossing_sides(generate_countries(seed, countries, neutrals))


@pytest.mark.parametrize("seed,countries,neutrals", [(11, 3, 1), (7, 2, 0), (3, 5, 1)])
def test_each_edge_has_min_rolled_available_points_of_its_own_side(seed, countries, neutrals):
    check_points_per_edge(generate_countries(seed, countries, neutrals))


@SETTINGS
@given(
    seed=st.integers(0, 10**6),
    countries=st.integers(1, 4),
    neutrals=st.integers(0, 2),
    sheet=st.sampled_from(["a4", "a3", "letter", "tabloid"]),
)
def test_every_edge_of_every_sheet_follows_the_crossing_rule(seed, countries, neutrals, sheet):
    cm = generate_countries(seed, countries, neutrals, sheet)
    check_points_per_edge(cm)
    check_crossing_rule(cm)


@pytest.mark.parametrize(
    "seed,countries,neutrals,sheet",
    [(11, 3, 1, "a4"), (0, 3, 1, "a4"), (1032, 9, 0, "a4"), (48, 3, 1, "a4"), (147, 5, 2, "a4"), (209, 2, 3, "a4"),
     (868, 3, 2, "letter"), (2093, 5, 2, "a3")],
)
def test_the_crossing_rule_holds_on_maps_that_once_broke_it(seed, countries, neutrals, sheet):
    """Fixed seeds: the manual's map; one whose outline once fell back to the convex hull; points taking
    two crossings whose lines once crossed (they fork now); two points in a notch of their border; and a
    point so deep in a notch that its exit once ran straight through its country."""
    cm = generate_countries(seed, countries, neutrals, sheet)
    check_points_per_edge(cm)
    check_crossing_rule(cm)


def test_a_single_country_has_exits_on_all_four_edges():
    cm = generate_countries(5, 1)
    c = cm.countries[0]
    assert {x.edge for x in cm.exits} == {"N", "E", "S", "W"}
    assert all(e["toward"] is None and 1 <= len(e["nodes"]) <= 3 for e in c.crossing_points.values())
    assert not any(d["crossing"] for *_e, d in cm.graph.edges(data=True))


def test_gates_keep_their_distance_from_each_other_and_from_the_corners():
    """Two exits whose straight lines would meet the edge 1 mm apart near a corner: the first gate stops
    20 mm from the corner and the next keeps 6 mm from it."""
    from mapgen.country import crossing_lines

    cm = hand_made(1, 1)
    c = cm.countries[0]
    places = {n: cm.graph.nodes[n]["pos"] for n in cm.nodes_of("A")}
    routers = {"A": crossing_lines.SheetRouter((0.0, 0.0) + SHEET, c.border, places)}
    e = crossing_lines.EdgePoints(c, "N", 2, None, ["A-11", "A-12"])
    slots = [crossing_lines.Slot([crossing_lines.Half(c, "N", n, 3.0)], wanted) for n, wanted in (("A-11", 12.0), ("A-12", 13.0))]
    plan = crossing_lines._plan_edge(cm, routers, e, slots)
    assert plan == [(20.0, True), (26.0, True)]


def test_a_straight_line_may_not_shut_a_neighbours_point_off_from_its_gate():
    from mapgen.country import crossing_lines

    cm = hand_made(1, 1)
    c = cm.countries[0]
    places = {n: cm.graph.nodes[n]["pos"] for n in cm.nodes_of("A")}
    routers = {"A": crossing_lines.SheetRouter((0.0, 0.0) + SHEET, c.border, places)}
    straight = crossing_lines.Slot([crossing_lines.Half(c, "N", "A-12", 3.0)], 148.5)
    routed = crossing_lines.Slot([crossing_lines.Half(c, "N", "A-11", 3.0)], 130.0)
    # A-12's line runs straight north at x = 148.5; A-11 lies west of it
    assert crossing_lines._fits(cm, routers, straight, (148.5, True), routed, (130.0, False))
    assert not crossing_lines._fits(cm, routers, straight, (148.5, True), routed, (160.0, False))  # its gate east: shut off
    assert not crossing_lines._fits(cm, routers, straight, (148.5, True), routed, (149.5, False))  # no room to reach it
    assert crossing_lines._fits(cm, routers, routed, (130.0, False), routed, (160.0, False))  # two routed: the router decides


# --------------------------------------------------------------------------
# RC-1.7, RC-A.5: the two topologies (issue 23 item 18)
# --------------------------------------------------------------------------


def _steps(cm: CountryMap) -> dict[str, tuple[str, ...]]:
    from mapgen.renaissance.roads import road_steps

    return road_steps(cm)


def _crossing_points(cm: CountryMap) -> dict[str, str]:
    return {n: d["country"] for n, d in cm.graph.nodes(data=True) if d["kind"] == "crossing"}


def test_abstract_is_the_default_and_links_every_crossing_point_to_every_other_countrys():
    """RC-1.7 (RC-A.5): "topology option abstract (default): every crossing point of country A is linked to
    every crossing point of every other country B. Crossing from A to B takes one node step." """
    cm = generate_countries(11, 3, 1)
    assert cm.topology == "abstract" and cm.to_json()["options"]["topology"] == "abstract"
    points, steps = _crossing_points(cm), _steps(cm)
    assert len({c for c in points.values()}) == 4
    for a, ca in points.items():
        assert {b for b, cb in points.items() if cb != ca} <= set(steps[a])
        assert not {b for b, cb in points.items() if cb == ca} & set(steps[a])  # its own country's: not by crossing
    # country A (top left of the 2 x 2 grid) reaches D (bottom right, no shared edge) in one step
    assert any(points.get(b) == "D" for b in steps[next(n for n, c in points.items() if c == "A")])


def test_grid_links_only_facing_edges_and_is_the_map_drawn_before_the_option():
    """RC-1.7 "topology option grid: only facing edges link (A's E edge to the W edge of A's eastern neighbour ...)";
    both topologies roll and draw the same, and a grid file says nothing new, so it is the file of before."""
    grid, abstract = generate_countries(11, 3, 1, topology="grid"), generate_countries(11, 3, 1)
    assert "topology" not in grid.to_json()["options"] and grid.topology == "grid"
    a, g = abstract.to_json(), grid.to_json()
    del a["options"]["topology"]
    assert a == g
    points, steps = _crossing_points(grid), _steps(grid)
    for n, c in points.items():
        others = [m for m in steps[n] if points.get(m, c) != c]
        for m in others:  # the neighbouring sheet, on the facing edge
            side = next(s for s, e in grid.country(c).crossing_points.items() if n in e["nodes"])
            facing = grid.country(points[m]).crossing_points[FACING[side]]
            assert m in facing["nodes"] and grid.country(c).crossing_points[side]["toward"] == points[m]


def test_a_file_with_an_unknown_topology_is_refused_naming_the_field():
    from mapgen.errors import BadFileError

    data = generate_countries(4, 2, 0).to_json()
    assert CountryMap.from_json(data).topology == "abstract"
    data["options"]["topology"] = "hex"
    with pytest.raises(BadFileError, match="options.topology"):
        CountryMap.from_json(data)
    del data["options"]["topology"]
    assert CountryMap.from_json(data).topology == "grid"  # a file from before the option
