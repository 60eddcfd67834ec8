"""A tiny hand-made campaign map that keeps every rule, for tests that break one rule at a time.

9 x 6 squares, thirds A | N | B by columns.  Hills at D1-E1 (a chain); a river
rises at corner (4, 1) beside them and runs south along x = 4 to the map edge,
crossed by the capitals' road at a bridge.  Side A: capital B2, holding B5;
side B: capital H2, holding H5; roads join each capital to its holding and the
capitals along row 2.  Temperate summer, flat region, no configurations.
"""

from __future__ import annotations

import numpy as np

from mapgen.fw.model import Climate, Config, Crossing, FwMap, Holding, River, Road, Side
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
