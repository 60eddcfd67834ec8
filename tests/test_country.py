"""The Renaissance country map: the procedure with injected dice, and every invariant over many seeds.

Expected values are typed from the rulebook (``shared/rules/renaissance-campaign.md``), never read
from ``mapgen/country/rules.py``.
"""


import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, Point, Polygon

from mapgen.country.generate import CountryOptionError, check_options, generate_countries
from mapgen.country.model import CountryMap
from mapgen.country.procedure import _initial_type, draw_country
from mapgen.dice import Dice, ScriptedDice

from tests.test_country_crossings import check_crossing_rule, lines_cross

# The number of examples comes from the hypothesis profile (tests/conftest.py).
SETTINGS = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: RC-3.2 Tabella 29 (the capital as a city, RC-A.3; a walled village as a village, RC-A.35).
TAX_DUCATS = {"capital": 40, "city": 40, "fortress": 20, "village": 10, "walled_village": 10, "border": 0, "crossing": 0}
#: RC-1.1: cities and the capital walled, villages never, walled villages always; a fortress is fortified.
WALLED = {"capital": True, "city": True, "fortress": True, "walled_village": True, "village": False, "border": False, "crossing": False}
URBAN = ("city", "walled_village", "village", "fortress")


def test_procedure_with_injected_dice():
    faces = [6, 6, 1, 2]  # east road: 12 is a border, rolled again (step 1b): 3, a fortress
    faces += [2, 2, 3, 4, 1, 1]  # south: village; west: city; north: walled village
    faces += [1, 1, 5, 4] * 4  # each first-ring place: 1 road, whose end rolls 9 + 1 = 10, a border
    dice = ScriptedDice(faces, seed=1)
    sheet = draw_country(dice, "A", 297, 210)
    assert dice.remaining == 0
    kinds = {p.side: p.kind for p in sheet.places.values() if p.depth == 1}
    assert kinds == {"E": "fortress", "S": "village", "W": "city", "N": "walled_village"}
    assert dice.log[0].result == "border: rolled again (step 1b)"
    ends = [r for r in dice.log if r.purpose.startswith("1d")]
    assert len(ends) == 4 and all(r.total == 10 and r.modifiers[0].value == 1 for r in ends)
    assert sum(p.kind == "border" for p in sheet.places.values()) == 4
    cap = sheet.places["A-0"]
    assert cap.pos == (148.5, 105.0) and len(cap.roads) == 4


def test_the_modifier_is_the_parents_depth():
    dice = Dice(5)
    sheet = draw_country(dice, "A", 420, 297)
    for r in dice.log:
        if r.purpose.startswith("1d: end of road"):
            parent = r.purpose.split(" from ")[1]
            assert r.modifiers[0].value == sheet.places[parent].depth


def test_first_ring_distribution_matches_the_table():
    """Statistical test with a fixed seed (so it cannot flake): RC-1.5 step 3 after the re-roll."""
    expected = {"walled_village": 1 / 30, "fortress": 6 / 30, "village": 17 / 30, "city": 6 / 30}
    counts = dict.fromkeys(expected, 0)
    dice = Dice("first ring")
    # The end of each first road is decided by _initial_type (the injected-dice tests of
    # test_country_procedure.py check each of the four roads uses it, in order); rolling it alone
    # keeps this test from drawing 500 sheets.
    for i in range(2000):
        _, kind = _initial_type(dice, "ESWN"[i % 4])
        counts[kind] += 1
    n = sum(counts.values())
    chi2 = sum((counts[k] - n * p) ** 2 / (n * p) for k, p in expected.items())
    assert n == 2000
    assert chi2 < 16.27  # 3 degrees of freedom, p = 0.001


@pytest.mark.parametrize("countries,neutrals,sheet", [(0, 0, "a4"), (65, 0, "a4"), (1, -1, "a4"), (60, 5, "a4"), (1, 0, "b5")])
def test_bad_options(countries, neutrals, sheet):
    with pytest.raises(CountryOptionError):
        check_options(countries, neutrals, sheet)


def _segment(g, a, b):
    return LineString([g.nodes[a]["pos"], g.nodes[b]["pos"]])


@SETTINGS
@given(seed=st.integers(0, 10**6), countries=st.integers(1, 5), neutrals=st.integers(0, 3))
def test_every_invariant(seed, countries, neutrals):
    cm = generate_countries(seed, countries, neutrals)
    g = cm.graph
    assert nx.is_connected(g)
    assert nx.check_planarity(g)[0]
    sw, sh = cm.sheet_mm
    for c in cm.countries:
        nodes = cm.nodes_of(c.id)
        roads = g.subgraph(nodes).copy()
        roads.remove_edges_from([(a, b) for a, b, d in roads.edges(data=True) if d["crossing"]])
        assert nx.is_tree(roads)  # I1
        cap = g.nodes[c.capital]
        assert cap["kind"] == "capital" and cap["pos"] == (c.origin[0] + sw / 2, c.origin[1] + sh / 2)
        assert roads.degree(c.capital) == 4
        poly = Polygon(c.border)
        assert poly.is_valid
        grown = poly.buffer(1e-6)
        for n in nodes:
            d = g.nodes[n]
            assert grown.covers(Point(d["pos"]))
            assert d["income"] == TAX_DUCATS[d["kind"]] and d["walls"] == WALLED[d["kind"]]
            if d["kind"] in URBAN:
                assert nx.has_path(roads, c.capital, n)
                assert 2 <= roads.degree(n) <= 4  # I2
                assert d["depth"] <= 8  # I4
            if d["kind"] == "walled_village":
                assert d["depth"] == 1  # I5
            if roads.degree(n) == 1:
                assert d["kind"] in ("border", "crossing")  # I3
        for a, b in roads.edges:
            assert grown.covers(_segment(g, a, b))
    # No road crosses another (roads meet only at a shared place); crossing and exit lines follow RC-1.7.
    roads = [((a, b), _segment(g, a, b)) for a, b, d in g.edges(data=True) if not d["crossing"]]
    for i, (ends, s) in enumerate(roads):
        for other, t in roads[i + 1 :]:
            assert not lines_cross(g, ends, s, other, t), f"{ends} crosses {other}"
    check_crossing_rule(cm)
    # Every shared sheet edge carries crossings, each joining two countries: as many as the sheet with
    # more crossing points there has (RC-1.7, RC-A.5: all of a side's border points when it has fewer).
    by_pair: dict[frozenset, int] = {}
    for a, b, d in g.edges(data=True):
        if d["crossing"]:
            ca, cb = g.nodes[a]["country"], g.nodes[b]["country"]
            assert ca != cb and g.nodes[a]["kind"] == g.nodes[b]["kind"] == "crossing"
            by_pair[frozenset((ca, cb))] = by_pair.get(frozenset((ca, cb)), 0) + 1
    sheets = {c.sheet: c for c in cm.countries}
    shared = {}
    for (x, y), c in sheets.items():
        for (dx, dy), side, facing in (((1, 0), "E", "W"), ((0, 1), "S", "N")):
            other = sheets.get((x + dx, y + dy))
            if other is not None:
                marked = len(c.crossing_points[side]["nodes"]), len(other.crossing_points[facing]["nodes"])
                shared[frozenset((c.id, other.id))] = max(marked)
    assert by_pair == shared
    assert all(n >= 1 for n in by_pair.values())


def test_json_round_trip_and_same_seed_same_map():
    cm = generate_countries(9, 3, 1)
    data = cm.to_json()
    assert CountryMap.from_json(data).to_json() == data
    assert generate_countries(9, 3, 1).to_json() == data
    assert generate_countries(10, 3, 1).to_json() != data


def test_sixteen_countries_in_a_four_by_four_grid():
    cm = generate_countries(2, 12, 4)
    assert cm.grid == (4, 4) and sum(c.neutral for c in cm.countries) == 4
    assert nx.is_connected(cm.graph)
