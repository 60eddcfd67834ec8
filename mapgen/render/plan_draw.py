"""What every part of the battlefield plan draws with: the style, the frame from table cm to paper mm, SVG shapes.

The plan is drawn in paper millimetres (1 SVG unit = 1 mm), whatever its scale, so
that text and symbols keep their printed size at 1:10 and at 1:20 alike: only the
table's geometry is scaled.  Shapes are written with :func:`~.svgdoc.fmt` numbers,
so the same layout gives the same bytes.  No ``<pattern>`` and no opacity: the PDF
route (svglib) draws neither, so textures are drawn as plain lines and glyphs.
"""

from __future__ import annotations

import functools
import math

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon, box

from ..battlefield.model import Battlefield
from .svgdoc import fmt
from .templates import load_style_sheet
from .text import text_attrs

RULER_MM = 7.0
TITLE_MM = 20.0  # title, subtitle, and under them the General Retreat arrows over side B's edge


def kind_style(st: dict, kind: str) -> dict:
    return st["kinds"].get(kind) or {"fill": "#cccccc", "stroke": "#333333"}


class Frame:
    """Where the table lies on the paper at 1:``scale``: table cm (origin bottom-left, as side A sees it) to paper mm."""

    def __init__(self, b: Battlefield, scale: float):
        self.b = b
        self.scale = scale  # 1:scale
        self.k = 10.0 / scale  # paper mm per table cm
        self.st = load_style_sheet("battlefield")
        self.ox = self.st["margin"] + RULER_MM + 4
        self.oy = self.st["margin"] + TITLE_MM
        self.tw, self.th = b.width_cm * self.k, b.depth_cm * self.k

    def p(self, x: float, y: float) -> tuple[float, float]:
        return self.ox + x * self.k, self.oy + (self.b.depth_cm - y) * self.k

    def paper(self, geom):
        """A shapely geometry in table cm as the same geometry in paper mm; given an array of geometries, an array of
        them, all moved in one call (the arithmetic of ``shapely.affinity.affine_transform``, so the same numbers)."""
        a, b, d, e, xoff, yoff = self.k, 0, 0, -self.k, self.ox, self.oy + self.b.depth_cm * self.k

        def to_paper(xy: np.ndarray) -> np.ndarray:
            x, y = xy.T
            return np.stack([a * x + b * y + xoff, d * x + e * y + yoff]).T

        return shapely.transform(geom, to_paper)

    def table(self) -> Polygon:
        return box(self.ox, self.oy, self.ox + self.tw, self.oy + self.th)


def text(doc, parent, x, y, words, size, *, rotate=None, **font):
    """Lettering in the plan's style sheet, turned ``rotate`` degrees about (x, y); ``font`` as for
    :func:`.text.text_attrs` (svgwrite writes the attributes sorted)."""
    transform = None if rotate is None else f"rotate({fmt(rotate)},{fmt(x)},{fmt(y)})"
    el = doc.drawing.text(words)
    el.attribs.update(text_attrs(x, y, size, style=load_style_sheet("battlefield"), transform=transform, **font))  # SVG's names already
    parent.add(el)
    return el


def poly(doc, parent, pts, fill, stroke, width, **extra):
    el = doc.drawing.polygon([(float(fmt(x)), float(fmt(y))) for x, y in pts], fill=fill, stroke=stroke, stroke_width=fmt(width), **extra)
    parent.add(el)
    return el


def line(doc, parent, a, b, stroke, width, **extra):
    el = doc.drawing.line((float(fmt(a[0])), float(fmt(a[1]))), (float(fmt(b[0])), float(fmt(b[1]))), stroke=stroke, stroke_width=fmt(width), **extra)
    parent.add(el)
    return el


def path(doc, parent, d: str, **attrs):
    """One ``<path>``; nothing when ``d`` is empty (a texture with no glyph left)."""
    if not d:
        return None
    el = doc.drawing.path(d=d, **attrs)
    parent.add(el)
    return el


def _xy(x: float, y: float) -> str:
    return f"{fmt(x)} {fmt(y)}"


def point_words(xy: np.ndarray) -> list[str]:
    """``x y`` for each row of ``xy``: all the numbers written by :func:`~.svgdoc.fmt` in one pass, which beats
    a call per point where a path has hundreds (a hatching, a stipple)."""
    words = list(map(fmt, xy.ravel().tolist()))
    return list(map(" ".join, zip(words[0::2], words[1::2])))


def area_d(geom) -> str:
    """Path data of a polygon or multipolygon, holes included (draw with fill-rule evenodd)."""
    parts = []
    for p in getattr(geom, "geoms", [geom]):
        if p.is_empty or p.geom_type != "Polygon":
            continue
        for ring in [p.exterior, *p.interiors]:
            parts.append("M" + " L".join(point_words(shapely.get_coordinates(ring)[:-1])) + " Z")
    return " ".join(parts)


def lines_d(lines) -> str:
    """Path data of line strings (or multi line strings), each an open subpath."""
    if not len(lines):
        return ""
    parts = shapely.get_parts(np.asarray(lines, dtype=object))
    parts = parts[(shapely.get_type_id(parts) == shapely.GeometryType.LINESTRING) & ~shapely.is_empty(parts)]
    xy, which = shapely.get_coordinates(parts, return_index=True)
    points = point_words(xy)
    out, start = [], 0
    for end in np.cumsum(np.bincount(which, minlength=len(parts))).tolist():
        out.append("M" + " L".join(points[start:end]))
        start = end
    return " ".join(out)


def circle_d(x: float, y: float, r: float) -> str:
    """A circle as two arcs, so many of them share one ``<path>``."""
    return f"M{_xy(x - r, y)} a{fmt(r)} {fmt(r)} 0 1 0 {fmt(2 * r)} 0 a{fmt(r)} {fmt(r)} 0 1 0 {fmt(-2 * r)} 0 Z"


def circles_d(centres, r: float) -> str:
    """:func:`circle_d` round each of ``centres`` (x, y), all of radius ``r``, joined into one path."""
    if not len(centres):
        return ""
    xy = np.asarray(centres, dtype=float).reshape(-1, 2)
    arcs = f"a{fmt(r)} {fmt(r)} 0 1 0 {fmt(2 * r)} 0 a{fmt(r)} {fmt(r)} 0 1 0 {fmt(-2 * r)} 0 Z"
    return " ".join(f"M{p} {arcs}" for p in point_words(np.column_stack([xy[:, 0] - r, xy[:, 1]])))


def hatch(area, spacing: float, angle: float) -> list[LineString]:
    """Parallel lines ``spacing`` mm apart at ``angle`` degrees, clipped to ``area``.

    The lines are laid from the paper's origin, not from the area's corner, so two areas
    hatched alike line up where they meet instead of making a moiré."""
    if area.is_empty:
        return []
    a = math.radians(angle)
    ux, uy = math.cos(a), math.sin(a)  # along the lines
    nx, ny = -uy, ux  # across them
    x0, y0, x1, y1 = area.bounds
    corners = [(x0, y0), (x1, y0), (x0, y1), (x1, y1)]
    across = [x * nx + y * ny for x, y in corners]
    along = [x * ux + y * uy for x, y in corners]
    lo, hi = math.floor(min(across) / spacing), math.ceil(max(across) / spacing)
    t0, t1 = min(along) - 1, max(along) + 1
    if hi < lo:
        return []
    c = np.arange(lo, hi + 1) * spacing  # each line's offset across, as c * spacing
    starts = np.column_stack([c * nx + t0 * ux, c * ny + t0 * uy])
    ends = np.column_stack([c * nx + t1 * ux, c * ny + t1 * uy])
    clipped = shapely.intersection(shapely.multilinestrings(shapely.linestrings(np.stack([starts, ends], axis=1))), area)
    return [s for s in getattr(clipped, "geoms", [clipped]) if s.geom_type == "LineString" and not s.is_empty]


def hatch_d(area, spacing: float, angle: float) -> str:
    """Path data of :func:`hatch`, remembered for the process: the tables of a kit mostly share their deployment
    zones, and every legend hatches the same zone and field samples, so each is clipped once rather than once a
    table (keyed by the area's WKB: the same shape gives the very same text)."""
    return _hatch_d(shapely.to_wkb(area), spacing, angle)


@functools.lru_cache(maxsize=128)
def _hatch_d(area_wkb: bytes, spacing: float, angle: float) -> str:
    return lines_d(hatch(shapely.from_wkb(area_wkb), spacing, angle))


def largest(geom) -> Polygon:
    """The largest polygon of ``geom`` (an inset outline may fall apart), or an empty polygon."""
    polys = [p for p in getattr(geom, "geoms", [geom]) if p.geom_type == "Polygon" and not p.is_empty]
    return max(polys, key=lambda p: p.area) if polys else Polygon()


def inradius(shape) -> float:
    """How far the most inland point of ``shape`` is from its outline (mm).

    Remembered for the process (by the shape's WKB): a raised feature asks it for its label's ring, its
    own rings and its hachures, twice each, and the search (GEOS's maximum inscribed circle) is the
    costly part of all three."""
    if shape.is_empty:
        return 0.0
    return _inradius(shapely.to_wkb(shape))


@functools.lru_cache(maxsize=256)
def _inradius(shape_wkb: bytes) -> float:
    return shapely.maximum_inscribed_circle(shapely.from_wkb(shape_wkb), tolerance=0.05).length


class KeepOut:
    """The boxes where labels stand (paper mm): textures leave them clear, so a number never sits on a glyph."""

    def __init__(self, boxes=(), margin: float = 0.3):
        self.boxes = np.array(list(boxes), dtype=float).reshape(-1, 4)
        self.margin = margin

    def taken(self, xs, ys, reach: float) -> np.ndarray:
        """For points with a glyph ``reach`` mm round them: does the glyph touch a label?"""
        xs, ys = np.asarray(xs, dtype=float), np.asarray(ys, dtype=float)
        if not len(self.boxes) or not len(xs):
            return np.zeros(len(xs), dtype=bool)
        r = reach + self.margin
        b = self.boxes
        return ((xs[:, None] + r > b[None, :, 0]) & (xs[:, None] - r < b[None, :, 2]) & (ys[:, None] + r > b[None, :, 1]) & (ys[:, None] - r < b[None, :, 3])).any(axis=1)

    def __call__(self, geom) -> bool:
        x0, y0, x1, y1 = geom.bounds
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        w, h = (x1 - x0) / 2, (y1 - y0) / 2
        if not len(self.boxes):
            return False
        b = self.boxes
        m = self.margin
        return bool(((cx + w + m > b[:, 0]) & (cx - w - m < b[:, 2]) & (cy + h + m > b[:, 1]) & (cy - h - m < b[:, 3])).any())


def scatter(area, spacing: float, keep_out: KeepOut | None = None, reach: float = 0.0) -> list[tuple[float, float]]:
    """Points on a staggered grid laid from the paper's origin, inside ``area``, clear of labels.

    Laid from the origin rather than from each feature, so that neighbouring textures line up."""
    if area.is_empty:
        return []
    x0, y0, x1, y1 = area.bounds
    row_h = spacing * 0.866
    rows = np.arange(math.floor(y0 / row_h), math.ceil(y1 / row_h) + 1)
    if not len(rows):
        return []
    # every even row has the same columns, and every odd row, shifted half a step
    even, odd = (np.arange(math.floor((x0 - shift) / spacing), math.ceil((x1 - shift) / spacing) + 1) * spacing + shift for shift in (0.0, spacing / 2))
    x = np.concatenate([odd if r % 2 else even for r in rows.tolist()])
    y = np.repeat(rows * row_h, np.where(rows % 2 == 1, len(odd), len(even)))
    ok = shapely.contains_xy(area, x, y)
    if keep_out is not None:
        ok &= ~keep_out.taken(x, y, reach)
    return list(zip(x[ok].tolist(), y[ok].tolist()))
