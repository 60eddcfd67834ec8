"""Rivers drawn as water (issue 11): a ribbon winding in a narrow band along its square edges,
widening from a visible source to its mouth, carrying its bridges and fords, unlike a road in grey."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from shapely.geometry import LineString, Point, Polygon

from mapgen.fw.generate import generate_map
from mapgen.fw.options import MapOptions
from mapgen.grid import shared_edge
from mapgen.render.fw_map import fw_map_layout, load_style, render_fw_map

SVG = "{http://www.w3.org/2000/svg}"
INK = "{http://www.inkscape.org/namespaces/inkscape}"
#: "never crossing into the square's centre": the ribbon stays within this share of a square of its edges.
BAND = 0.15


def _layer(root, name):
    return next(g for g in root.iter(f"{SVG}g") if g.get(f"{INK}label") == name)


def _outline(d: str) -> list[tuple[float, float]]:
    nums = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", d)]
    return list(zip(nums[0::2], nums[1::2]))


@pytest.fixture(scope="module", params=[7, 12, 23, 31])
def drawn(request):
    m = generate_map(MapOptions(seed=request.param, size="medium"))
    root = ET.fromstring(render_fw_map(m).tostring().split("\n", 1)[1])
    return m, fw_map_layout(m), root


def _corner(lay, m, p):
    return lay.grid_x + p[0] * m.square_mm, lay.grid_y + p[1] * m.square_mm


def test_each_river_is_a_filled_ribbon_with_a_spring_and_no_stroked_line(drawn):
    m, lay, root = drawn
    layer = _layer(root, "Rivers")
    water = load_style()["river"]["color"]
    ribbons = [e for e in layer if e.tag == f"{SVG}path" and e.get("fill") == water]
    springs = [e for e in layer if e.tag == f"{SVG}circle" and e.get("fill") == water]
    rivers = [r for r in m.rivers if len(r.points) >= 2]
    assert len(ribbons) == len(springs) == len(rivers) > 0  # water is a filled area, not a cased line like a road
    # Every bank is drawn before all the water, so a tributary's bank never crosses the river it joins.
    order = list(layer)
    banks = [e for e in order if e.get("fill") != water]
    assert len(banks) == 2 * len(rivers) and max(order.index(b) for b in banks) < min(order.index(r) for r in ribbons)
    assert not [e for e in layer if e.tag in (f"{SVG}polyline", f"{SVG}line")]
    for river, spring in zip(rivers, springs):  # the source is marked where the river begins
        x, y = _corner(lay, m, river.points[0])
        assert (float(spring.get("cx")), float(spring.get("cy"))) == pytest.approx((x, y))


def test_the_ribbon_winds_within_a_narrow_band_of_its_edges_and_widens_to_the_mouth(drawn):
    m, lay, root = drawn
    water = load_style()["river"]["color"]
    ribbons = [e for e in _layer(root, "Rivers") if e.tag == f"{SVG}path" and e.get("fill") == water]
    rivers = [r for r in m.rivers if len(r.points) >= 2]
    s = m.square_mm
    for river, ribbon in zip(rivers, ribbons):
        edges = LineString([_corner(lay, m, p) for p in river.points])
        outline = _outline(ribbon.get("d"))
        poly = Polygon(outline)
        for x, y in outline:
            col, row = int((x - lay.grid_x) // s), int((y - lay.grid_y) // s)
            if m.in_bounds((col, row)) and m.terrain_at((col, row)) in ("lake", "sea"):
                continue  # the mouth's reach runs out into the lake or sea it flows into
            assert edges.distance(Point(x, y)) <= BAND * s, (river.points[0], x, y)
        assert not poly.contains(Point(_centre_of_first_square(lay, m, river)))
        # Width near the source against width near the last corner, measured across the ribbon.
        def width_at(p):
            return poly.intersection(Point(_corner(lay, m, p)).buffer(s * 0.2)).area / (s * 0.4)
        if len(river.points) >= 4:
            assert width_at(river.points[1]) < width_at(river.points[-2])


def _centre_of_first_square(lay, m, river):
    (ax, ay), (bx, by) = river.points[0], river.points[1]
    col, row = min(ax, bx), min(ay, by)
    return lay.grid_x + (col + 0.5) * m.square_mm, lay.grid_y + (row + 0.5) * m.square_mm


def test_bridges_and_fords_sit_on_the_water(drawn):
    m, lay, root = drawn
    water = [Polygon(_outline(e.get("d"))).buffer(0) for e in _layer(root, "Rivers") if e.tag == f"{SVG}path"]
    for c in m.crossings:
        p, q = shared_edge(*c.squares)
        (x0, y0), (x1, y1) = _corner(lay, m, p), _corner(lay, m, q)
        mid = Point((x0 + x1) / 2, (y0 + y1) / 2)
        assert any(w.contains(mid) for w in water), (c.squares, c.kind)


def test_no_grid_line_runs_down_a_river(drawn):
    m, lay, root = drawn
    grid = _layer(root, "Grid")
    path = next(e for e in grid if e.tag == f"{SVG}path")
    segs = [tuple(float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", part)) for part in path.get("d").split("M")[1:]]
    lines = [LineString([(a, b), (c, d)]) for a, b, c, d in segs]
    for river in m.rivers:
        for a, b in zip(river.points, river.points[1:]):
            (x0, y0), (x1, y1) = _corner(lay, m, a), _corner(lay, m, b)
            mid = Point((x0 + x1) / 2, (y0 + y1) / 2)
            assert all(line.distance(mid) > 1e-6 for line in lines), (a, b)
