"""Every placement rule holds over many seeds, sizes, races and (thorough profile) map shapes.

The quick profile draws the three campaign sizes; ``HYPOTHESIS_PROFILE=thorough``
also draws wide and tall grids, the smallest grids that fit each size's holdings,
and 200 x 200 maps (see ``conftest.py``).  A generator that gives up (an
InfeasibleError, or a configuration slot left empty) fails the property.
"""

import json

import networkx as nx
import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from mapgen.fw.generate import mainland
from mapgen.fw.model import FwMap
from mapgen.fw.movement import movement_graph
from mapgen.fw.options import DEFAULT_GRID
from mapgen.fw.rivers import corner_touches
from mapgen.fw.terrain import high_mountains
from mapgen.fw.territory import band_sizes
from mapgen.fw.validate import validate
from mapgen.grid import chebyshev, edge_squares, shared_edge

from .conftest import THOROUGH
from .fw_tiny import cached_map

#: Typed from the rulebook, not read from mapgen.fw.rules.
MINOR_HOLDINGS = {"small": 2, "medium": 3, "large": 6}  # FW-3.3
RACES = ("barbarians", "dark_elves", "dwarves", "goblins", "humans", "normans", "orcs", "undead", "wood_elves")
FORBIDDEN = {"mountain", "forest", "jungle", "swamp"}  # FW-3.2 item 4
EXCEPTIONS = {"dwarves": {"mountain"}, "wood_elves": {"forest", "jungle"}, "goblins": {"forest", "jungle"}, "orcs": {"swamp"}}
WATER = {"lake", "sea"}
HIGH = {"hills", "mountain"}
#: The smallest grids on which every size's holdings fitted in 300 to 600 seeds (wide and tall).
MINIMAL = [("small", 12, 8), ("small", 8, 12), ("medium", 15, 8), ("medium", 8, 15), ("large", 18, 12), ("large", 12, 18)]

seeds = st.integers(0, 10**6)
sizes = st.sampled_from(sorted(MINOR_HOLDINGS))
races = st.tuples(st.sampled_from(RACES), st.sampled_from(RACES))


def _wide(size):
    w, h = DEFAULT_GRID[size]
    return st.tuples(st.just(size), st.integers(w, 3 * w), st.integers(h, h + 4))


def _tall(size):
    w, h = DEFAULT_GRID[size]
    return st.tuples(st.just(size), st.integers(h, h + 4), st.integers(w, 3 * w))


def _shapes():
    """(size, width, height); width/height None for the size's default grid."""
    default = sizes.map(lambda s: (s, None, None))
    if not THOROUGH:
        return default
    minimal = st.sampled_from(MINIMAL)
    huge = st.just(("medium", 200, 200))
    # One draw in twenty is a 200 x 200 map (about 1.3 s each); the rest split evenly.
    pick = st.integers(0, 19)
    return pick.flatmap(
        lambda i: huge if i == 0 else [default, sizes.flatmap(_wide), sizes.flatmap(_tall), minimal][i % 4]
    )


shapes = _shapes()


def make(seed, shape, races=("humans", "humans")):
    size, w, h = shape
    return cached_map(seed, size, races, width=w, height=h)


def allowed(terrain, race):
    return terrain not in WATER and (terrain not in FORBIDDEN or terrain in EXCEPTIONS.get(race, ()))


@given(seed=seeds, shape=shapes, races=races)
def test_validator_finds_nothing_and_every_slot_is_placed(seed, shape, races):
    m = make(seed, shape, races)
    assert validate(m) == []
    # ... nor in the map read back from fw-map.json, as `mapgen validate` reads it.
    assert validate(FwMap.from_json(json.loads(json.dumps(m.to_json())))) == []
    # FW-2.5 item 5: six per side in its own territory, three per side in the neutral one.
    counts = {}
    for c in m.configs:
        counts[(c.rolled_by, c.territory)] = counts.get((c.rolled_by, c.territory), 0) + 1
    assert counts == {("A", "A"): 6, ("B", "B"): 6, ("A", "N"): 3, ("B", "N"): 3}
    assert not any("slot left empty" in (r.result or "") for r in m.dice_log)


@given(seed=seeds, shape=shapes)
def test_territory_in_thirds(seed, shape):
    m = make(seed, shape)
    t = m.territory if m.width >= m.height else m.territory.T  # bands across the long axis (AMB-08)
    outer, centre, _ = band_sizes(t.shape[1])
    first, mid, last = t[:, :outer], t[:, outer : outer + centre], t[:, outer + centre :]
    assert last.shape[1] == outer and centre >= 1
    assert (mid == "N").all()
    assert {str(first[0, 0]), str(last[0, 0])} == {"A", "B"}
    assert len(np.unique(first)) == 1 and len(np.unique(last)) == 1


@given(seed=seeds, shape=shapes, races=races)
def test_holdings_spacing_terrain_and_territory(seed, shape, races):
    m = make(seed, shape, races)
    race = {s.id: s.race for s in m.sides}
    for side in ("A", "B"):
        mine = [h for h in m.holdings if h.side == side]
        assert len(mine) == MINOR_HOLDINGS[shape[0]] + 1
        assert sum(h.capital for h in mine) == 1
        for h in mine:
            assert m.territory[h.square[1], h.square[0]] == side
            assert allowed(m.terrain_at(h.square), race[side])
        for i, a in enumerate(mine):
            for b in mine[i + 1 :]:
                assert chebyshev(a.square, b.square) >= 3
    # Every holding rolls its feature (FW-3.4), the capital too (AMB-42).
    assert len([r for r in m.dice_log if r.rule == "FW-3.4"]) == len(m.holdings)


@given(seed=seeds, exception=st.sampled_from([("dwarves", "mountain"), ("orcs", "swamp"), ("wood_elves", "forest"), ("goblins", "forest")]))
def test_race_exceptions_are_only_exceptions(seed, exception):
    race, terrain = exception
    m = cached_map(seed, "large", (race, "humans"))
    for h in m.holdings:
        t = m.terrain_at(h.square)
        if h.side == "B":
            assert t not in FORBIDDEN and t not in WATER
        elif t in FORBIDDEN:
            assert t in EXCEPTIONS[race]


@given(seed=seeds, shape=shapes)
def test_rivers_downhill_no_loops_valid_mouths(seed, shape):
    m = make(seed, shape)
    high = corner_touches(np.isin(m.terrain, list(HIGH)))
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
            ring = {(r.configuration[0] + dx, r.configuration[1] + dy) for dx in (0, 1) for dy in (0, 1)}
            assert {pts[0], pts[1]} <= ring
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


@given(seed=seeds, shape=shapes)
def test_crossings_only_on_river_edges(seed, shape):
    m = make(seed, shape)
    edges = {frozenset(map(tuple, e)) for r in m.rivers for e in zip(r.points, r.points[1:])}
    for c in m.crossings:
        assert frozenset(shared_edge(*c.squares)) in edges


@given(seed=seeds, shape=shapes, races=races)
def test_every_holding_reaches_every_other_by_land(seed, shape, races):
    m = make(seed, shape, races)
    g = movement_graph(m.terrain, m.rivers, m.crossings)
    comp = nx.node_connected_component(g, m.holdings[0].square)
    assert all(h.square in comp for h in m.holdings)
    # the manual: fords are added until no part of the land is cut off (the mainland: the largest body of land).
    main = mainland(m.terrain)
    assert main.sum() == len(comp) and all(main[r, c] for c, r in comp)


@given(seed=seeds, shape=shapes)
def test_roads_join_capitals_and_holdings(seed, shape):
    m = make(seed, shape)
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


@given(seed=seeds, shape=shapes)
def test_high_ground_forms_chains(seed, shape):
    m = make(seed, shape)
    high = np.isin(m.terrain, list(HIGH))
    padded = np.pad(high, 1)
    for r, c in np.argwhere(high):
        assert padded[r : r + 3, c : c + 3].sum() >= 2


@given(seed=seeds, shape=shapes)
def test_configurations_keep_their_ground(seed, shape):
    m = make(seed, shape)
    keeps = {"uncultivated": "uncultivated", "cultivated": "cultivated", "wood": "forest", "enchanted_wood": "forest",
             "desert": "desert", "wasteland": "desert", "lake": "lake", "swamp": "swamp", "farm": "cultivated",
             "village": "cultivated", "forest": "jungle" if m.climate.zone == "torrid" else "forest", "jungle": "jungle"}
    glaciers = high_mountains(m.terrain, m.elevation)
    for c in m.configs:
        if c.name in keeps:
            assert m.terrain_at(c.square) == keeps[c.name]
        if c.name == "glacier":
            assert glaciers[c.square[1], c.square[0]]
        if c.name in ("river", "stream", "wadi"):
            assert m.river[c.square[1], c.square[0]] and c.watercourse in ("new", "second")
    if m.climate.zone == "torrid":
        assert not any(c.name == "forest" for c in m.configs)


def test_big_grids_hold_the_rules_too():
    m = cached_map(3, "medium", ("humans", "humans"), width=60, height=40)
    assert validate(m) == []
