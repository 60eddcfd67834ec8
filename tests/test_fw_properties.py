"""Every placement rule holds over many seeds, sizes and races (property tests)."""

import networkx as nx
import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mapgen.fw.movement import movement_graph
from mapgen.fw.rivers import corner_touches
from mapgen.fw.rules import CAMPAIGN_SIZES, HIGH_GROUND, RACES, WATER, holding_terrain_allowed
from mapgen.fw.territory import band_sizes
from mapgen.fw.validate import validate
from mapgen.grid import chebyshev, edge_squares, shared_edge

from .conftest import cached_map

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(0, 10**6)
sizes = st.sampled_from(sorted(CAMPAIGN_SIZES))
races = st.tuples(st.sampled_from(RACES), st.sampled_from(RACES))


@SETTINGS
@given(seed=seeds, size=sizes, races=races)
def test_validator_finds_nothing(seed, size, races):
    m = cached_map(seed, size, races)
    assert validate(m) == []


@SETTINGS
@given(seed=seeds, size=sizes)
def test_territory_in_thirds(seed, size):
    m = cached_map(seed, size)
    outer, centre, _ = band_sizes(m.width)
    assert m.width > m.height
    first, mid, last = m.territory[:, :outer], m.territory[:, outer : outer + centre], m.territory[:, outer + centre :]
    assert last.shape[1] == outer
    assert (mid == "N").all()
    assert {str(first[0, 0]), str(last[0, 0])} == {"A", "B"}
    assert len(np.unique(first)) == 1 and len(np.unique(last)) == 1


@SETTINGS
@given(seed=seeds, size=sizes, races=races)
def test_holdings_spacing_terrain_and_territory(seed, size, races):
    m = cached_map(seed, size, races)
    race = {s.id: s.race for s in m.sides}
    for side in ("A", "B"):
        mine = [h for h in m.holdings if h.side == side]
        assert len(mine) == CAMPAIGN_SIZES[size] + 1
        assert sum(h.capital for h in mine) == 1
        for h in mine:
            assert m.territory[h.square[1], h.square[0]] == side
            assert holding_terrain_allowed(m.terrain_at(h.square), race[side])
        for i, a in enumerate(mine):
            for b in mine[i + 1 :]:
                assert chebyshev(a.square, b.square) >= 3


@SETTINGS
@given(seed=seeds, exception=st.sampled_from([("dwarves", "mountain"), ("orcs", "swamp"), ("wood_elves", "forest"), ("goblins", "forest")]))
def test_race_exceptions_are_only_exceptions(seed, exception):
    race, terrain = exception
    m = cached_map(seed, "large", (race, "humans"))
    for h in m.holdings:
        t = m.terrain_at(h.square)
        if h.side == "B":
            assert t not in ("mountain", "forest", "jungle", "swamp") and t not in WATER
        elif t in ("mountain", "forest", "jungle", "swamp"):
            assert t in (terrain, "jungle" if terrain == "forest" else terrain)


@SETTINGS
@given(seed=seeds, size=sizes)
def test_rivers_downhill_no_loops_valid_mouths(seed, size):
    m = cached_map(seed, size)
    high = corner_touches(np.isin(m.terrain, list(HIGH_GROUND)))
    points = [set(map(tuple, r.points)) for r in m.rivers]
    for i, r in enumerate(m.rivers):
        pts = [tuple(p) for p in r.points]
        # A river of the rivers stage runs at least 3 edges from beside high ground; a
        # configuration's watercourse (FW-11.6) rises on its own square's edge.
        assert len(set(pts)) == len(pts) >= (4 if r.configuration is None else 2)
        assert all(b < a for a, b in zip(r.elevations, r.elevations[1:]))
        if r.configuration is None:
            assert high[pts[0][1], pts[0][0]]
        else:
            assert {pts[0], pts[1]} <= {(r.configuration[0] + dx, r.configuration[1] + dy) for dx in (0, 1) for dy in (0, 1)}
        for a, b in zip(pts, pts[1:]):
            for c, row in edge_squares(a, b):
                assert 0 <= c < m.width and 0 <= row < m.height and m.terrain[row, c] not in WATER
                assert m.river[row, c]
        x, y = pts[-1]
        if r.mouth == "edge":
            assert x in (0, m.width) or y in (0, m.height)
        elif r.mouth == "river":
            assert any(pts[-1] in p for j, p in enumerate(points) if j != i)
        else:
            assert corner_touches(m.terrain == r.mouth)[y, x]


@SETTINGS
@given(seed=seeds, size=sizes)
def test_crossings_only_on_river_edges(seed, size):
    m = cached_map(seed, size)
    edges = {frozenset(map(tuple, e)) for r in m.rivers for e in zip(r.points, r.points[1:])}
    for c in m.crossings:
        assert frozenset(shared_edge(*c.squares)) in edges


@SETTINGS
@given(seed=seeds, size=sizes, races=races)
def test_every_holding_reaches_every_other_by_land(seed, size, races):
    m = cached_map(seed, size, races)
    g = movement_graph(m.terrain, m.rivers, m.crossings)
    comp = nx.node_connected_component(g, m.holdings[0].square)
    assert all(h.square in comp for h in m.holdings)


@SETTINGS
@given(seed=seeds, size=sizes)
def test_roads_join_capitals_and_holdings(seed, size):
    m = cached_map(seed, size)
    g = nx.Graph()
    for r in m.roads:
        nx.add_path(g, r.squares)
    caps = {h.side: h.square for h in m.holdings if h.capital}
    assert nx.has_path(g, caps["A"], caps["B"])
    for h in m.holdings:
        assert nx.has_path(g, caps[h.side], h.square)
    for r in m.roads:
        for sq in r.squares:
            if m.terrain_at(sq) == "mountain":
                assert "pass" in m.features[sq]


@SETTINGS
@given(seed=seeds, size=sizes)
def test_high_ground_forms_chains(seed, size):
    m = cached_map(seed, size)
    high = np.isin(m.terrain, list(HIGH_GROUND))
    padded = np.pad(high, 1)
    for r, c in np.argwhere(high):
        assert padded[r : r + 3, c : c + 3].sum() >= 2


def test_big_grids_hold_the_rules_too():
    m = cached_map(3, "medium", ("humans", "humans"), width=60, height=40)
    assert validate(m) == []
