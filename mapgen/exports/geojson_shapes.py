"""Millimetres on the printed map to GeoJSON's longitude and latitude, and the geometries built on them.

A fantasy map has no place on the Earth, but GIS tools and web maps only read
degrees (RFC 7946 §4: WGS 84 longitude and latitude).  We do what Azgaar's
Fantasy Map Generator does for its GeoJSON: a plain linear map of the drawing
onto degrees, north up, with the same scale on both axes.  Ours is fixed
rather than chosen per map, so the same millimetre is always the same
fraction of a degree: **1 mm of the printed map = 0.001°**, the map's centre
at 0° N 0° E.  Near the equator a degree is about 111 km both ways, so a 50 mm
campaign square is about 5.6 km and looks square in QGIS (plain degrees) and in
Leaflet (Web Mercator) alike; the largest map mapgen reads (400 squares of
200 mm, 80 m a side) spans 80°, well inside [-180, 180] x [-90, 90].

Every coordinate is rounded to :data:`DECIMALS` places (RFC 7946 §11.2): a
millionth of a degree is a thousandth of a millimetre, finer than any
position in the map files (country nodes are stored to 0.01 mm), so a point
maps back to its millimetres exactly as the file has them.

Polygon rings are closed and follow the right-hand rule (RFC 7946 §3.1.6):
exteriors counter-clockwise, holes clockwise, as seen with north up.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Iterable, Sequence

import numpy as np
import shapely
from shapely.geometry import MultiPolygon, Polygon
from shapely.ops import unary_union

#: Degrees of longitude or latitude per millimetre of the printed map.
DEGREES_PER_MM = 0.001
#: Decimal places of every coordinate (RFC 7946 §11.2): 1e-6 degree = 0.001 mm.
DECIMALS = 6

Point = tuple[float, float]


def _degrees(value: float) -> float:
    """Rounded to :data:`DECIMALS`; ``+ 0.0`` turns a rounded -0.0 into 0.0, so no file says ``-0.0``."""
    return round(value, DECIMALS) + 0.0


@functools.lru_cache(maxsize=1 << 16)
def _position(width_mm: float, height_mm: float, x_mm: float, y_mm: float) -> tuple[float, float]:
    """:meth:`Projection.position`, remembered: an area's corners are the grid's, met again and again
    (Python's correctly rounded ``round`` is most of what a 200 x 200 map's areas cost)."""
    return _degrees((x_mm - width_mm / 2) * DEGREES_PER_MM), _degrees((height_mm / 2 - y_mm) * DEGREES_PER_MM)


@dataclass(frozen=True)
class Projection:
    """The printed map (``width_mm`` x ``height_mm``, y southwards from the top-left corner) centred on 0° N 0° E."""

    width_mm: float
    height_mm: float

    def position(self, x_mm: float, y_mm: float) -> list[float]:
        """A GeoJSON position, [longitude, latitude], of a point on the map (a new list: callers may keep it)."""
        return list(_position(self.width_mm, self.height_mm, x_mm, y_mm))

    def millimetres(self, lon: float, lat: float) -> Point:
        """The point on the map at a position: :meth:`position` backwards."""
        return lon / DEGREES_PER_MM + self.width_mm / 2, self.height_mm / 2 - lat / DEGREES_PER_MM

    def bbox(self) -> list[float]:
        """The whole map as RFC 7946 §5 has it: west, south, east, north."""
        west, north = self.position(0, 0)
        east, south = self.position(self.width_mm, self.height_mm)
        return [west, south, east, north]


def feature(fid: str, geometry: dict, properties: dict) -> dict:
    """A Feature with its ``id`` (RFC 7946 §3.2), members in the RFC's order.

    The id is also the ``id`` property, after ``layer`` and ``kind``: GDAL (and so QGIS) shows a property
    named ``id`` as the feature's id and hides the feature's own, so the property must be the unique one
    (``square:A1``, not ``A1``, which force A1 has too)."""
    props = {"layer": properties["layer"], "kind": properties["kind"], "id": fid}
    props.update(properties)
    return {"type": "Feature", "id": fid, "geometry": geometry, "properties": props}


def point(proj: Projection, x: float, y: float) -> dict:
    return {"type": "Point", "coordinates": proj.position(x, y)}


def line(proj: Projection, points: Iterable[Point]) -> dict:
    """A LineString; a point repeated in a row (after rounding) is given once, unless that leaves one."""
    positions = _without_repeats(proj.position(x, y) for x, y in points)
    if len(positions) < 2:
        positions = positions * 2  # a road of no length still has the two ends RFC 7946 §3.1.4 asks for
    return {"type": "LineString", "coordinates": positions}


def polygon(proj: Projection, outline: Sequence[Point]) -> dict:
    """A Polygon of one ring (a country's border ...): closed, counter-clockwise."""
    return {"type": "Polygon", "coordinates": [_ring(proj, outline, exterior=True)]}


def grid_positions(proj: Projection, width: int, height: int, square_mm: float) -> tuple[list[float], list[float]]:
    """The longitude of each column line (west to east) and the latitude of each row line (north to south):
    projected once, so a 400 x 400 map's squares cost no more than their lists."""
    lons = [proj.position(col * square_mm, 0)[0] for col in range(width + 1)]
    lats = [proj.position(0, row * square_mm)[1] for row in range(height + 1)]
    return lons, lats


class FeatureText(str):
    """Features already written as JSON, one a line joined by ``",\\n"`` (a big map's squares), with their
    layer and how many they are, for the counts."""

    def __new__(cls, text: str, layer: str, count: int):
        out = super().__new__(cls, text)
        out.layer, out.count = layer, count
        return out


def squares_area(proj: Projection, cells: Iterable[tuple[int, int]], square_mm: float) -> dict:
    """The squares ``(col, row)`` as one area: a Polygon, or a MultiPolygon where they fall apart.

    Each row's runs of squares are joined first, so a territory of 50,000
    squares is a few hundred boxes for shapely's union, not 50,000.
    """
    return squares_areas(proj, [cells], square_mm)[0]


#: The most boxes squares_areas unites in one table of areas x boxes (the areas' longest run list sets its width).
TABLE_CELLS = 250_000


def squares_areas(proj: Projection, groups: Sequence[Iterable[tuple[int, int]]], square_mm: float) -> list[dict]:
    """:func:`squares_area` of each of ``groups`` (none empty): the same areas, shapely asked once for them all.

    A 200 x 200 map has some 1,500 named chains and regions, each a few boxes: one call of union,
    simplify and coordinates for each was a third of their cost.  The boxes of all areas are one
    table, an area a row (``union_all`` over axis 1 unites each row's boxes, in order, as
    ``unary_union`` of them does: the same polygons, vertex for vertex).
    """
    runs = [_runs(cells) for cells in groups]
    counts = [len(r) for r in runs]
    if max(counts) * len(groups) > TABLE_CELLS:  # one long area among many short ones: each on its own
        return [_area_of_runs(proj, r, square_mm) for r in runs]
    first, last, row = np.array([r for rs in runs for r in rs], dtype=float).T
    # shapely.box over arrays: the same boxes as shapely.geometry.box one by one, in one call
    boxes = shapely.box(first * square_mm, row * square_mm, (last + 1) * square_mm, (row + 1) * square_mm)
    table = np.full((len(groups), max(counts)), None, dtype=object)
    table[np.repeat(np.arange(len(groups)), counts), np.concatenate([np.arange(n) for n in counts])] = boxes
    return _areas(proj, shapely.simplify(shapely.union_all(table, axis=1), 0))


def _area_of_runs(proj: Projection, runs: list[tuple[int, int, int]], square_mm: float) -> dict:
    first, last, row = np.array(runs, dtype=float).T
    boxes = shapely.box(first * square_mm, row * square_mm, (last + 1) * square_mm, (row + 1) * square_mm)
    return area(proj, unary_union(boxes))


def _runs(cells: Iterable[tuple[int, int]]) -> list[tuple[int, int, int]]:
    """Each row's runs of squares as (first col, last col, row), the rows in the order met, each run west to east."""
    rows: dict[int, list[int]] = {}
    for col, row in cells:
        rows.setdefault(row, []).append(col)
    runs = []
    for row, cols in rows.items():
        cols.sort()
        start = prev = cols[0]
        for col in cols[1:] + [None]:
            if col is not None and col == prev + 1:
                prev = col
                continue
            runs.append((start, prev, row))
            if col is not None:
                start = prev = col
    return runs


def area(proj: Projection, shape) -> dict:
    """A shapely Polygon or MultiPolygon in millimetres as GeoJSON, holes and all.

    ``simplify(0)`` drops the corners a union leaves in the middle of a straight side.
    """
    return _areas(proj, [shape.simplify(0)])[0]


def _areas(proj: Projection, shapes) -> list[dict]:
    """:func:`area` of shapes already simplified, their rings' coordinates read in one go."""
    shapes = np.asarray(shapes, dtype=object)
    parts, shape_of = shapely.get_parts(shapes, return_index=True)
    if not (np.isin(shapely.get_type_id(shapes), (3, 6)).all() and not shapely.is_empty(parts).any()):
        return [_area_one(proj, shape) for shape in shapes]  # anything but polygons: each as it comes
    rings, part_of = shapely.get_rings(parts, return_index=True)  # each part's exterior first, then its holes
    coords = shapely.get_coordinates(rings).tolist()
    ends = np.cumsum(shapely.get_num_coordinates(rings)).tolist()
    polygons: list[list[list]] = [[] for _ in range(len(parts))]
    at = 0
    for part, end in zip(part_of.tolist(), ends):
        exterior = not polygons[part]
        polygons[part].append(_ring(proj, coords[at : end - 1], exterior=exterior))  # the closing point dropped, as coords[:-1]
        at = end
    out: list[list] = [[] for _ in range(len(shapes))]
    for shape, rings_of_part in zip(shape_of.tolist(), polygons):
        out[shape].append(rings_of_part)
    return [{"type": "Polygon", "coordinates": r[0]} if len(r) == 1 else {"type": "MultiPolygon", "coordinates": r} for r in out]


def _area_one(proj: Projection, shape) -> dict:
    parts = list(shape.geoms) if isinstance(shape, MultiPolygon) else [shape]
    rings = [
        [_ring(proj, p.exterior.coords[:-1], exterior=True), *(_ring(proj, h.coords[:-1], exterior=False) for h in p.interiors)]
        for p in parts
        if isinstance(p, Polygon) and not p.is_empty
    ]
    if len(rings) == 1:
        return {"type": "Polygon", "coordinates": rings[0]}
    return {"type": "MultiPolygon", "coordinates": rings}


def signed_area(ring: Sequence[Sequence[float]]) -> float:
    """Twice the area a ring of positions encloses: positive when it runs counter-clockwise (north up)."""
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(ring, ring[1:]))


def _ring(proj: Projection, outline: Iterable[Point], exterior: bool) -> list[list[float]]:
    """A closed ring of positions, turned the way RFC 7946 §3.1.6 wants it."""
    positions = _without_repeats(proj.position(x, y) for x, y in outline)
    if len(positions) > 1 and positions[0] == positions[-1]:
        positions.pop()
    positions.append(positions[0])
    if (signed_area(positions) > 0) != exterior:
        positions.reverse()
    return positions


def _without_repeats(positions: Iterable[list[float]]) -> list[list[float]]:
    out: list[list[float]] = []
    for p in positions:
        if not out or p != out[-1]:
            out.append(p)
    return out
