"""Raised ground on the plan: contour rings, one per level, and hachures on the steep sides.

A feature ``levels`` high is drawn as that many nested outlines, its own outline the
first, each one a step further in and a shade darker, so a player counts the levels
to build and sees them in grey as well as in colour.  The level itself is written on
the top ring by :mod:`.plan_labels`.  A steep side (``Feature.steep``: neither up nor
down, FW-21.3) gets hachures: short ticks across the outline, from the slope's top
down to its foot.  Impassable massifs (levels 0, steep all round) get the hachures and
a scatter of peaks instead of rings.  Nothing here decides a level or a steep side:
both come from the layout.
"""

from __future__ import annotations

import functools

import numpy as np
import shapely
from shapely.geometry import Polygon

from .plan_draw import area_d, circle_d, fmt, inradius, largest, path, point_words, scatter
from .templates import mix

#: Which way each side faces on the paper (side A's long edge at the bottom, y down).
SIDE_VECTORS = {"near": (0.0, 1.0), "far": (0.0, -1.0), "left": (-1.0, 0.0), "right": (1.0, 0.0)}
#: A point of the outline belongs to a side when its outward normal is within 60 degrees of the side's direction.
FACING = 0.5


def rings(shape: Polygon, levels: int, step: float) -> list[Polygon]:
    """``levels`` nested outlines, the first the feature's own; the step shrinks so the top ring keeps some room."""
    if levels <= 1 or shape.is_empty:
        return [shape]
    step = min(step, inradius(shape) / (levels + 0.5))
    out = [shape]
    for i in range(1, levels):
        out.append(largest(shape.buffer(-i * step, join_style="round", quad_segs=4)))
    return out


def steep_ticks(shape: Polygon, sides, length: float, gap: float) -> tuple:
    """Hachures along the steep sides, as line strings from the tick's top to its foot on the outline: each tick
    runs inwards from the outline, at right angles to it.

    Remembered for the process (by the outline's WKB): the label placer keeps off them before they are
    drawn, so each steep feature asked for them twice."""
    if not sides or shape.is_empty:
        return ()
    return _steep_ticks(shapely.to_wkb(shape), tuple(sides), length, gap)


@functools.lru_cache(maxsize=64)
def _steep_ticks(shape_wkb: bytes, sides: tuple[str, ...], length: float, gap: float) -> tuple:
    shape = shapely.from_wkb(shape_wkb)
    ring = shape.exterior
    n = max(1, int(ring.length / gap))
    t = (np.arange(n) + 0.5) * ring.length / n
    p = shapely.get_coordinates(shapely.line_interpolate_point(ring, t))
    a = shapely.get_coordinates(shapely.line_interpolate_point(ring, (t - 0.25) % ring.length))
    b = shapely.get_coordinates(shapely.line_interpolate_point(ring, (t + 0.25) % ring.length))
    tx, ty = b[:, 0] - a[:, 0], b[:, 1] - a[:, 1]
    norm = np.hypot(tx, ty)
    norm[norm == 0] = 1.0
    nx, ny = -ty / norm, tx / norm
    inward = shapely.contains_xy(shape, p[:, 0] + nx * 0.2, p[:, 1] + ny * 0.2)
    nx, ny = np.where(inward, nx, -nx), np.where(inward, ny, -ny)  # now pointing inwards
    keep = np.zeros(n, dtype=bool)
    for side in sides:
        dx, dy = SIDE_VECTORS[side]
        keep |= (-nx * dx - ny * dy) >= FACING
    length = min(length, max(0.4, inradius(shape) * 0.6))
    x, y, ux, uy = p[keep, 0], p[keep, 1], nx[keep], ny[keep]
    return tuple(shapely.linestrings(np.stack([np.column_stack([x + ux * length, y + uy * length]), np.column_stack([x, y])], axis=1)))


def tick_boxes(ticks, width: float) -> list[Polygon]:
    """The ticks as little boxes, what labels must keep off."""
    if not len(ticks):
        return []
    return list(shapely.box(*shapely.bounds(shapely.buffer(ticks, width / 2 + 0.1, cap_style="flat")).T))


def peak_d(x: float, y: float, size: float) -> str:
    """A small peak: an open caret, its foot on the point."""
    h = size * 0.9
    return f"M{fmt(x - size / 2)} {fmt(y + h / 2)} L{fmt(x)} {fmt(y - h / 2)} L{fmt(x + size / 2)} {fmt(y + h / 2)}"


def crater(shape: Polygon) -> tuple[float, float, float]:
    """A volcano's crater: a circle at its most inland point."""
    c = shapely.maximum_inscribed_circle(shape, tolerance=0.05)
    x, y = c.coords[0]
    return x, y, max(0.8, min(2.2, c.length * 0.3))


def draw_relief(doc, g, shape: Polygon, levels: int, steep, look: dict, rs: dict, keep_out, data: dict) -> None:
    """Rings (or a massif's peaks), then hachures; ``keep_out`` says where a label stands (no peak there)."""
    fill, stroke = look["fill"], look["stroke"]
    if levels:
        for i, ring in enumerate(rings(shape, levels, rs["ring_step"])):
            path(doc, g, area_d(ring), fill=mix("#000000", fill, 1 - rs["ring_shade"] * i), stroke=stroke, stroke_width=fmt(rs["ring_width"]), fill_rule="evenodd", class_="ring")
    else:
        path(doc, g, area_d(shape), fill=fill, stroke=stroke, stroke_width=fmt(rs["massif_width"]), fill_rule="evenodd")
        size = rs["peak_size"]
        marks = [peak_d(x, y, size) for x, y in scatter(shape.buffer(-size * 1.2), rs["peak_spacing"], keep_out, size)]
        path(doc, g, " ".join(marks), fill="none", stroke=stroke, stroke_width=fmt(rs["peak_width"]), stroke_linejoin="round")
    draw_ticks(doc, g, shape, steep, stroke, rs, data)


def draw_ticks(doc, g, shape: Polygon, steep, colour: str, rs: dict, data: dict) -> None:
    """Each hachure a thin wedge, broad at the top of the slope and pointed at its foot: it points downhill."""
    ticks = steep_ticks(shape, steep, rs["tick_length"], rs["tick_gap"])
    if not len(ticks):
        return
    ends = shapely.get_coordinates(ticks).reshape(-1, 2, 2)
    (tx, ty), (bx, by) = ends[:, 0].T, ends[:, 1].T
    half, length = rs["tick_width"] / 2, shapely.length(ticks)
    px, py = (by - ty) / length * half, -(bx - tx) / length * half
    corners = point_words(np.column_stack([tx + px, ty + py, tx - px, ty - py, bx, by]).reshape(-1, 2))
    d = " ".join(f"M{a} L{b} L{c} Z" for a, b, c in zip(corners[0::3], corners[1::3], corners[2::3]))
    path(doc, g, d, fill=colour, stroke=colour, stroke_width=fmt(0.08), stroke_linejoin="round", class_="symbol steep", **data)


def draw_crater(doc, g, shape: Polygon, look: dict, data: dict) -> None:
    x, y, r = crater(shape)
    path(doc, g, circle_d(x, y, r), fill=mix("#000000", look["stroke"], 1 - 0.2), stroke="#c0392b", stroke_width=fmt(0.35), class_="symbol", **data)
