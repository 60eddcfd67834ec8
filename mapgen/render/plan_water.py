"""Water on the plan: lakes and inlets, rivers and streams, and the bridges and fords drawn on them.

Water reads as water in grey too: a darker shore line, and inside it flow lines
(rivers, streams, lava) or ripple lines following the shore (lakes, inlets).  Flow
lines stop short of the table edge and of other water, so a river does not seem to
end in a bar where it leaves the table or meets its tributary.  A bridge is a deck
with parapets and splayed ends; a ford a pale crossing with stepping stones.
"""

from __future__ import annotations

import shapely
from shapely.geometry import LineString, Polygon

from .plan_draw import area_d, circles_d, fmt, lines_d, path, scatter
from .templates import mix

FLOW_KINDS = ("river", "stream", "lava_river")
WING_MM = 0.8  # how far a bridge's splayed ends reach past its deck


def _outline_lines(area, avoid) -> list[LineString]:
    lines = [area.boundary] if not area.is_empty else []
    if avoid is not None and not avoid.is_empty and lines:
        lines = [lines[0].difference(avoid)]
    return lines


def draw_lake(doc, g, shape: Polygon, look: dict, ws: dict, table_edge) -> None:
    """Fill, shore line, and ripple lines a little inside the shore (not along the table edge)."""
    path(doc, g, area_d(shape), fill=look["fill"], stroke=look["stroke"], stroke_width=fmt(ws["shore_width"]), fill_rule="evenodd")
    edge = table_edge.buffer(ws["ripples"][-1] + 0.6)
    for n, inset in enumerate(ws["ripples"]):
        lines = _outline_lines(shape.buffer(-inset), edge)
        extra = {"stroke_dasharray": ",".join(fmt(v) for v in ws["flow_dash"])} if n else {}
        path(doc, g, lines_d(lines), fill="none", stroke=mix("#ffffff", look["stroke"], 0.75), stroke_width=fmt(ws["flow_width"]), **extra)


def draw_flow(doc, g, shape: Polygon, look: dict, ws: dict, width_mm: float, table_edge, other_water) -> None:
    """A watercourse: fill, both banks, and two dashed flow lines along it."""
    path(doc, g, area_d(shape), fill=look["fill"], stroke=look["stroke"], stroke_width=fmt(ws["shore_width"]), fill_rule="evenodd")
    inset = max(0.35, width_mm * ws["flow_inset"])
    avoid = table_edge.buffer(inset + 0.8)
    if other_water is not None and not other_water.is_empty:
        avoid = avoid.union(other_water.buffer(inset + 0.5))
    lines = _outline_lines(shape.buffer(-inset), avoid)
    path(doc, g, lines_d(lines), fill="none", stroke=look["stroke"], stroke_width=fmt(ws["flow_width"]), stroke_dasharray=",".join(fmt(v) for v in ws["flow_dash"]))


def draw_wadi(doc, g, shape: Polygon, look: dict, ws: dict, sp: dict, keep_out) -> None:
    """A dry bed: sand with dotted banks and a stipple, no water line."""
    path(doc, g, area_d(shape), fill=look["fill"], stroke=look["stroke"], stroke_width=fmt(ws["shore_width"]), stroke_dasharray="0.4,0.6", fill_rule="evenodd")
    stipple(doc, g, shape, look["stroke"], sp, keep_out)


def stipple(doc, g, shape, colour: str, sp: dict, keep_out) -> None:
    """Sand: fine dots on a staggered grid."""
    pts = scatter(shape.buffer(-sp["r"] * 2), sp["spacing"], keep_out, sp["r"])
    path(doc, g, circles_d(pts, sp["r"]), fill=colour, stroke="none")


def deck_sides(shape: Polygon) -> tuple[LineString, LineString]:
    """The two long sides of a bridge's (or ford's) rectangle: along the crossing."""
    rect = shape.minimum_rotated_rectangle
    pts = list(rect.exterior.coords)[:4]
    sides = [LineString([pts[i], pts[(i + 1) % 4]]) for i in range(4)]
    if sides[0].length >= sides[1].length:
        return sides[0], sides[2]
    return sides[1], sides[3]


def draw_bridge(doc, g, shape: Polygon, look: dict, data: dict) -> None:
    """Deck, a parapet along each side and ends splayed outwards: the map sign for a bridge."""
    path(doc, g, area_d(shape), fill=look["fill"], stroke="none", class_="symbol", **data)
    c = shape.centroid
    d = []
    for side in deck_sides(shape):
        (ax, ay), (bx, by) = side.coords[0], side.coords[-1]
        ux, uy = (bx - ax) / side.length, (by - ay) / side.length
        mx, my = (ax + bx) / 2, (ay + by) / 2
        ox, oy = mx - c.x, my - c.y
        n = (ox * ox + oy * oy) ** 0.5 or 1.0
        ox, oy = ox / n, oy / n  # away from the deck's middle
        w = WING_MM
        d.append(f"M{fmt(ax - ux * w + ox * w)} {fmt(ay - uy * w + oy * w)} L{fmt(ax)} {fmt(ay)} L{fmt(bx)} {fmt(by)} L{fmt(bx + ux * w + ox * w)} {fmt(by + uy * w + oy * w)}")
    path(doc, g, " ".join(d), fill="none", stroke=look["stroke"], stroke_width=fmt(0.45), stroke_linejoin="round", class_="symbol", **data)


def draw_ford(doc, g, shape: Polygon, look: dict, ws: dict, data: dict) -> None:
    """A pale crossing, dashed along its sides, with stepping stones."""
    path(doc, g, area_d(shape), fill=look["fill"], stroke="none", class_="symbol", **data)
    path(doc, g, lines_d(deck_sides(shape)), fill="none", stroke=look["stroke"], stroke_width=fmt(0.35), stroke_dasharray="0.9,0.6", class_="symbol", **data)
    r = ws["stone"]
    pts = scatter(shape.buffer(-r * 1.5), r * 3.2, None, r)
    path(doc, g, circles_d(pts, r), fill=mix("#ffffff", look["stroke"], 0.55), stroke="none", class_="symbol", **data)


def water_union(shapes) -> Polygon:
    return shapely.union_all(shapes) if shapes else Polygon()
