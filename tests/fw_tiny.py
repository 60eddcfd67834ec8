"""A tiny hand-made campaign map that keeps every rule, for tests that break one rule at a time.

9 x 6 squares, thirds A | N | B by columns.  Hills at D1-E1 (a chain); a river
rises at corner (4, 1) beside them and runs south along x = 4 to the map edge,
crossed by the capitals' road at a bridge.  Side A: capital B2, holding B5;
side B: capital H2, holding H5; roads join each capital to its holding and the
capitals along row 2.  Temperate summer, flat region, no configurations.
"""

from __future__ import annotations

import functools
import os

import numpy as np

from mapgen.fw.generate import generate_map
from mapgen.fw.model import Climate, Config, Crossing, FwMap, Holding, River, Road, Side
from mapgen.fw.options import MapOptions
from mapgen.fw.rivers import river_squares

W, H = 9, 6


def tiny() -> FwMap:
    terrain = np.full((H, W), "plain", dtype="<U12")
    terrain[0, 3] = terrain[0, 4] = "hills"
    territory = np.full((H, W), "N", dtype="<U1")
    territory[:, :3], territory[:, 6:] = "A", "B"
    elevation = np.zeros((H, W))
    elevation[0, 3:5] = 0.6
    river = River([(4, y) for y in range(1, H + 1)], "edge", [0.5 - 0.05 * i for i in range(H)])
    roads = [
        Road([(1, 1), (1, 2), (1, 3), (1, 4)]),
        Road([(7, 1), (7, 2), (7, 3), (7, 4)]),
        Road([(c, 1) for c in range(1, 8)]),
    ]
    road = np.zeros((H, W), bool)
    for r in roads:
        for c, row in r.squares:
            road[row, c] = True
    return FwMap(
        seed=1,
        width=W,
        height=H,
        square_mm=50.0,
        climate=Climate("temperate", "summer", 0, "none", 0, "none"),
        region="flat",
        sides=[Side("A", "Red", "humans", "#c00"), Side("B", "Blue", "humans", "#00c")],
        terrain=terrain,
        elevation=elevation,
        territory=territory,
        river=river_squares([river], W, H),
        road=road,
        features={},
        rivers=[river],
        crossings=[Crossing(((3, 1), (4, 1)), "bridge")],
        roads=roads,
        holdings=[
            Holding("A", (1, 1), True, "sanctuary"),
            Holding("A", (1, 4), False, "village"),
            Holding("B", (7, 1), True, "city"),
            Holding("B", (7, 4), False, "sanctuary"),
        ],
        configs=[],
        dice_log=[],
    )


def config(square, name, category="vegetation", rule="FW-11.5", rolled_by="A", territory=None, watercourse=None):
    """A configuration as the generator records it; territory defaults to where the square lies."""
    if territory is None:
        territory = "A" if square[0] < 3 else "B" if square[0] >= 6 else "N"
    return Config(square, name, category, rule, rolled_by, territory, watercourse)


def transposed(m: FwMap) -> FwMap:
    """The same map mirrored across its diagonal: columns become rows, so a wide map becomes tall."""
    swap = lambda sq: (sq[1], sq[0])  # noqa: E731
    return FwMap(
        seed=m.seed,
        width=m.height,
        height=m.width,
        square_mm=m.square_mm,
        climate=m.climate,
        region=m.region,
        sides=m.sides,
        terrain=m.terrain.T.copy(),
        elevation=m.elevation.T.copy(),
        territory=m.territory.T.copy(),
        river=m.river.T.copy(),
        road=m.road.T.copy(),
        features={swap(k): list(v) for k, v in m.features.items()},
        rivers=[River([swap(p) for p in r.points], r.mouth, list(r.elevations)) for r in m.rivers],
        crossings=[Crossing((swap(c.squares[0]), swap(c.squares[1])), c.kind) for c in m.crossings],
        roads=[Road([swap(s) for s in r.squares]) for r in m.roads],
        holdings=[Holding(h.side, swap(h.square), h.capital, h.feature, h.detail) for h in m.holdings],
        configs=[],
        dice_log=[],
    )


@functools.lru_cache(maxsize=64)
def _generated(mutant: str, seed, size, races, **kw) -> FwMap:
    return generate_map(MapOptions(seed=seed, size=size, races=races, **kw))


def cached_map(seed=7, size="medium", races=("humans", "humans"), **kw) -> FwMap:
    """A generated map, made once per test session (as ``conftest.cached_map``) but never
    handed from one mutant to another.

    mutmut forks every mutant's test run from a process that has already run the suite, so
    a map memoised there was made by the unmutated generator and the mutant would go unseen;
    and while mutmut records which tests reach which function (``MUTANT_UNDER_TEST=stats``),
    a test that found its map memoised would not be counted as reaching the generator.  So
    the memo is kept per mutant, and not at all while the reach is recorded.
    """
    mutant = os.environ.get("MUTANT_UNDER_TEST", "")
    if mutant == "stats":
        return generate_map(MapOptions(seed=seed, size=size, races=races, **kw))
    return _generated(mutant, seed, size, tuple(races), **kw)


def assert_river_on_edges(river, sq):
    """A watercourse a configuration drew: it rises along the square's own edge, runs edge to edge
    strictly downhill and never comes back to a corner (FW-11.6 result 1-2, MAP-5)."""
    ring = {(sq[0] + dx, sq[1] + dy) for dx in (0, 1) for dy in (0, 1)}
    assert river.points[0] in ring and river.points[1] in ring  # rises along the square's own edge
    for a, b in zip(river.points, river.points[1:]):
        assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
    assert all(b < a for a, b in zip(river.elevations, river.elevations[1:]))
    assert len(set(river.points)) == len(river.points) == len(river.elevations)
