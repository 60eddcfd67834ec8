"""Which shapes a batch of label boxes touches: shapely's STRtree, with the exact test only where a box can't settle it.

A label finds its spot by testing a few hundred candidate boxes against every
square's reserved boxes at once.  ``STRtree.query(..., predicate="intersects")``
runs GEOS's exact test on every pair whose envelopes meet, and on a 150 x 150
map that was most of the time spent placing names (0.19 s of 0.5 s, issue 27).
Most pairs need no such test: two upright rectangles (sides along the axes) meet
exactly when their envelopes do, and so does an upright rectangle and a segment
along an axis (a territory boundary).  :class:`ShapeIndex` queries envelopes
only, which is ten times cheaper, and sends just the other pairs (turned names,
river casings, road casings) to ``shapely.intersects``, the index's own shape
prepared (GEOS then tests a long river's casing against a box without building
its whole topology each time).  The pairs found are the
very pairs the exact query finds, so the names land where they did before.
"""

from __future__ import annotations

import numpy as np
import shapely

_NONE = (np.empty(0, np.intp), np.empty(0, np.intp))


def upright(geoms) -> np.ndarray:
    """Which geometries are exactly their own envelope: a rectangle with sides along the axes (a closed ring of
    five corners, no holes), or a two-point segment along an axis.  Anything else is False."""
    geoms = np.asarray(geoms, dtype=object)
    out = np.zeros(len(geoms), bool)
    if not len(geoms):
        return out
    kind = shapely.get_type_id(geoms)
    n = shapely.get_num_coordinates(geoms)
    rect = (kind == shapely.GeometryType.POLYGON) & (n == 5)
    rect[rect] = shapely.get_num_interior_rings(geoms[rect]) == 0
    seg = (kind == shapely.GeometryType.LINESTRING) & (n == 2)
    for mask, size in ((rect, 5), (seg, 2)):
        if mask.any():
            xy = shapely.get_coordinates(geoms[mask]).reshape(-1, size, 2)
            out[mask] = upright_rings(xy[..., 0], xy[..., 1])
    return out


def upright_rings(xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Per row of corner coordinates (``xs``, ``ys``: one shape a row, its points in order), whether every point
    is a corner of the row's envelope and every step runs along an axis: the shape is then its envelope."""
    corners = ((xs == xs.min(axis=1, keepdims=True)) | (xs == xs.max(axis=1, keepdims=True))).all(axis=1)
    corners &= ((ys == ys.min(axis=1, keepdims=True)) | (ys == ys.max(axis=1, keepdims=True))).all(axis=1)
    return corners & ((xs[:, 1:] == xs[:, :-1]) | (ys[:, 1:] == ys[:, :-1])).all(axis=1)


class ShapeIndex:
    """An STRtree over fixed shapes that answers "which pairs intersect" as shapely's exact query does."""

    def __init__(self, geoms, upright_: np.ndarray | None = None):
        """``upright_`` is :func:`upright` of ``geoms`` when the caller knows it (False is always safe: the exact test)."""
        self.geoms = np.asarray(geoms, dtype=object)
        self.tree = shapely.STRtree(self.geoms)
        self.upright = upright(self.geoms) if upright_ is None else np.asarray(upright_, bool)
        shapely.prepare(self.geoms[~self.upright])  # a river's casing is tested against many boxes

    def __len__(self) -> int:
        return len(self.geoms)

    def query(self, cands, cands_upright: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
        """(candidate index, shape index) of every intersecting pair, like ``STRtree.query(cands, predicate="intersects")``.

        ``cands_upright`` is :func:`upright` of ``cands``, when the caller already knows it.
        """
        if not len(self.geoms) or not len(cands):
            return _NONE
        cands = np.asarray(cands, dtype=object)
        if cands_upright is None:
            cands_upright = upright(cands)
        c, g = self.tree.query(cands)
        exact = ~(cands_upright[c] & self.upright[g])
        keep = np.ones(len(c), bool)
        if exact.any():
            keep[exact] = shapely.intersects(self.geoms[g[exact]], cands[c[exact]])  # the prepared shape first
        return c[keep], g[keep]

    def touched(self, cands, cands_upright: np.ndarray) -> np.ndarray:
        """Which candidates intersect at least one shape: :meth:`query`'s candidates, with the exact test
        skipped for a candidate an upright pair has already settled."""
        out = np.zeros(len(cands), bool)
        if not len(self.geoms) or not len(cands):
            return out
        cands = np.asarray(cands, dtype=object)
        c, g = self.tree.query(cands)
        plain = cands_upright[c] & self.upright[g]
        out[c[plain]] = True
        exact = ~plain & ~out[c]
        if exact.any():
            hit = shapely.intersects(self.geoms[g[exact]], cands[c[exact]])
            out[c[exact][hit]] = True
        return out


class GridBoxes:
    """The same upright box in every marked cell of a regular grid (a square's name in its corner, on every
    square of a map): which candidates touch one, found by arithmetic instead of a box and a tree entry a cell.

    ``x0``/``x1`` are the box's west and east edges in each column, ``y0``/``y1`` its north and south edges in
    each row, both rising.  An upright candidate meets the boxes of a run of columns and a run of rows (the
    edges rise), so a sum over the marked cells of that rectangle says whether it meets one, exactly as
    the boxes' envelopes would; a turned candidate is tested with ``shapely.intersects`` against the boxes of
    the cells its envelope reaches.
    """

    def __init__(self, x0, x1, y0, y1, marked: np.ndarray):
        self.x0, self.x1, self.y0, self.y1 = (np.asarray(v, float) for v in (x0, x1, y0, y1))
        self.marked = np.asarray(marked, bool)
        sums = np.zeros((self.marked.shape[0] + 1, self.marked.shape[1] + 1), np.int64)
        sums[1:, 1:] = self.marked.cumsum(axis=0).cumsum(axis=1)
        self.sums = sums

    def touched(self, shapes, upright_: np.ndarray, bounds: np.ndarray) -> np.ndarray:
        """Which candidates (shapes, :func:`upright` flags and ``shapely.bounds``) meet a marked cell's box."""
        rows, cols = self.marked.shape
        c0 = np.searchsorted(self.x1, bounds[:, 0], side="left")  # the first column whose box reaches x0 ...
        c1 = np.minimum(np.searchsorted(self.x0, bounds[:, 2], side="right") - 1, cols - 1)  # ... the last before x1
        r0 = np.searchsorted(self.y1, bounds[:, 1], side="left")
        r1 = np.minimum(np.searchsorted(self.y0, bounds[:, 3], side="right") - 1, rows - 1)
        some = (c0 <= c1) & (r0 <= r1)
        a, b, c, d = (np.where(some, v, 0) for v in (r0, r1 + 1, c0, c1 + 1))
        count = np.where(some, self.sums[b, d] - self.sums[a, d] - self.sums[b, c] + self.sums[a, c], 0)
        out = (count > 0) & upright_
        turned = np.flatnonzero((count > 0) & ~upright_)
        if turned.size:
            width, height = c1[turned] - c0[turned] + 1, r1[turned] - r0[turned] + 1
            cells = width * height
            which = np.repeat(turned, cells)
            step = np.arange(cells.sum()) - np.repeat(np.cumsum(cells) - cells, cells)
            col = c0[which] + step % np.repeat(width, cells)
            row = r0[which] + step // np.repeat(width, cells)
            keep = self.marked[row, col]
            which, col, row = which[keep], col[keep], row[keep]
            boxes = shapely.box(self.x0[col], self.y0[row], self.x1[col], self.y1[row])
            hit = shapely.intersects(boxes, np.asarray(shapes, dtype=object)[which])
            out[which[hit]] = True
        return out
