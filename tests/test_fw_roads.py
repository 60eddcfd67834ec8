"""A road's diagonal step bends beside the square id at its corner: just enough, on the side that needs least.

Checked from the geometry alone (:mod:`mapgen.render.fw_roads`): the bend lies on the line across the step
through the corner, a whole number of :data:`BEND_STEP_MM` from it; the bent road keeps its reach from the
id's box; and no smaller bend, on either side, would.
"""

from __future__ import annotations

import math

import pytest
import shapely

from mapgen.fw.generate import generate_map
from mapgen.fw.options import MapOptions
from mapgen.grid import square_id
from mapgen.render import fw_roads
from mapgen.render.fw_map import BOX, fw_map_layout, id_font_size, load_style, square_id_box


def steps(seed: int):
    """(start, bend, end, corner, id box, reach) of every bent diagonal step of map ``seed``'s roads."""
    m = generate_map(MapOptions(seed=seed, size="medium"))
    lay, style = fw_map_layout(m), load_style()
    k = m.square_mm / BOX
    size = id_font_size(style, k)
    reach = style["road"]["casing_width"] / 2 + fw_roads.ID_AIR_MM
    found = []
    for road in m.roads:
        if len(road.squares) < 2:
            continue
        pts = fw_roads.road_points(m, lay, road.squares, style)
        i = 0
        for a, b in zip(road.squares, road.squares[1:]):
            if a[0] != b[0] and a[1] != b[1] and len(pts) > i + 2 and pts[i + 1] != _centre(lay, m, b):
                col, row = max(a[0], b[0]), max(a[1], b[1])
                corner = (lay.grid_x + col * m.square_mm, lay.grid_y + row * m.square_mm)
                box = shapely.box(*square_id_box(*corner, k, square_id(col, row), size))
                found.append((pts[i], pts[i + 1], pts[i + 2], corner, box, reach))
                i += 1
            i += 1
    return found


def _centre(lay, m, sq):
    return lay.grid_x + (sq[0] + 0.5) * m.square_mm, lay.grid_y + (sq[1] + 0.5) * m.square_mm


def clears(start, p, end, box, reach) -> bool:
    return shapely.LineString([start, p, end]).distance(box) >= reach


@pytest.mark.parametrize("seed", [1, 2, 3, 5, 8])
def test_each_bend_is_the_smallest_that_clears_the_id(seed):
    bent = steps(seed)
    for start, bend, end, corner, box, reach in bent:
        dx, dy = end[0] - start[0], end[1] - start[1]
        n = math.hypot(dx, dy)
        ux, uy = -dy / n, dx / n  # across the step
        t = (bend[0] - corner[0]) * ux + (bend[1] - corner[1]) * uy
        assert math.isclose(abs(bend[0] - corner[0]), abs(ux * t), abs_tol=1e-9)  # on the line across, through the corner
        assert math.isclose(abs(bend[1] - corner[1]), abs(uy * t), abs_tol=1e-9)
        steps_out = round(abs(t) / fw_roads.BEND_STEP_MM)
        assert steps_out >= 1 and math.isclose(abs(t), steps_out * fw_roads.BEND_STEP_MM, abs_tol=1e-9)
        assert clears(start, bend, end, box, reach)
        assert not shapely.LineString([start, end]).distance(box) >= reach  # straight would not have done
        for smaller in range(1, steps_out):  # nor any smaller bend, on either side
            for side in (1, -1):
                d = side * smaller * fw_roads.BEND_STEP_MM
                assert not clears(start, (corner[0] + ux * d, corner[1] + uy * d), end, box, reach)


def test_the_sweep_has_bends_to_check():
    assert sum(len(steps(seed)) for seed in (1, 2, 3, 5, 8)) >= 5
