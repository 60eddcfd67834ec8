"""The campaign map's roads as drawn: from square centre to square centre, stepping aside from the square ids.

A road joins the centres of its squares.  A diagonal step crosses at the
corner the four squares share, and the square south-east of that corner has
its id written just there (:data:`.fw_style.ID_AT`): a step from north-west
to south-east ran through the letters, the casing over the first of them.
Such a step bends at the corner just enough to pass beside the id, on the
side that needs the smaller bend (south-west of the corner, about 3 mm on a
50 mm square).  The road still joins the same two squares; where the bend
would have to reach more than :data:`MAX_BEND` of a square (squares a few
millimetres wide) the step stays straight.  Used by the map that draws the
roads and by the names that keep off them, so both see one road.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np
import shapely

from ..grid import square_id
from .fw_style import BOX, id_font_size, square_id_box

#: Clear paper kept between a road's casing and a square's id (mm).
ID_AIR_MM = 0.5
#: The farthest a bend may take a step from its corner, as a share of the square's side.
MAX_BEND = 0.25
#: The steps (mm) a bend grows by while looking for the smallest that clears the id.
BEND_STEP_MM = 0.1
#: Bends measured at once: both sides of the 32 nearest the corner, where most bends are found.
BEND_BATCH = 64


def road_points(m, lay, squares, style) -> list[tuple[float, float]]:
    """The points (mm) of the line drawn for a road through ``squares`` (col, row), in order."""
    s = m.square_mm
    k = s / BOX
    size = id_font_size(style, k)
    reach = style["road"]["casing_width"] / 2 + ID_AIR_MM

    def centre(sq):
        return lay.grid_x + (sq[0] + 0.5) * s, lay.grid_y + (sq[1] + 0.5) * s

    pts = [centre(squares[0])]
    for a, b in zip(squares, squares[1:]):
        if a[0] != b[0] and a[1] != b[1]:
            corner = (max(a[0], b[0]), max(a[1], b[1]))  # the grid point the step crosses: the north-west corner of this square
            at = (lay.grid_x + corner[0] * s, lay.grid_y + corner[1] * s)
            id_box = square_id_box(*at, k, square_id(*corner), size)
            bend = _bend(pts[-1], at, centre(b), id_box, reach, s * MAX_BEND, BEND_STEP_MM)
            if bend is not None:
                pts.append(bend)
        pts.append(centre(b))
    return pts


@lru_cache(maxsize=4096)
def _bend(start, corner, end, id_box: tuple[float, float, float, float], reach: float, farthest: float, step: float) -> tuple[float, float] | None:
    """The point beside ``corner`` the step start-end must pass through to stay ``reach`` from the square id's box; None if straight is clear.

    The candidates are the points ``step`` apart along the line across the step, nearest the corner
    first, each distance on both sides before the next: the bent lines are measured a batch at a time
    (one array of lines, one call; the bend is most often found in the first), and the first that clears
    is the smallest bend.  Remembered by what it is worked out from: the map, the names that keep off
    its roads and the status map draw the same roads.
    """
    letters = shapely.box(*id_box)
    if shapely.LineString([start, end]).distance(letters) >= reach:
        return None
    dx, dy = end[0] - start[0], end[1] - start[1]
    n = math.hypot(dx, dy)
    across = np.array([(-dy / n, dx / n), (dy / n, -dx / n)])
    t = np.arange(1, int(farthest / step) + 1) * step
    bends = (np.asarray(corner) + across[None, :, :] * t[:, None, None]).reshape(-1, 2)  # (i, side) in search order
    lines = np.empty((len(bends), 3, 2))
    lines[:, 0], lines[:, 1], lines[:, 2] = start, bends, end
    for first in range(0, len(bends), BEND_BATCH):
        batch = slice(first, first + BEND_BATCH)
        clear = np.flatnonzero(shapely.distance(shapely.linestrings(lines[batch]), letters) >= reach)
        if len(clear):
            x, y = bends[first + clear[0]]
            return float(x), float(y)
    return None
