"""Lines from a border point to a sheet edge that cut no road and run through no country.

One sheet holds one country, so the free paper round it is a ring between
the country's border and the sheet's edge.  A line from a point on the
border to a gate on the sheet edge is first tried straight; when that would
cut the country or come too close to one of its places or to a line already
laid, it is routed round them by A* over a 1.5 mm grid of the free paper
(the octile heuristic keeps the search near the straight line) and then
pulled taut.  The grid only finds the corridor: every stretch of a drawn
line is checked exactly with shapely.  When the lines' gates go round the
sheet edge in the same order as their points go round the country (the
caller's job), each later line still has a way through, whatever the order
they are laid in.

Straight lines are the rule; routing costs a few milliseconds a line, so the
grid is built only for a sheet that needs it, and each obstacle is
rasterised once.
"""

from __future__ import annotations

import heapq
import math

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon
from shapely.geometry import Point as ShapelyPoint

from .geometry import Point

#: Keep this far from places other than the line's own point (mm).
PLACE_CLEARANCE_MM = 3.0
#: Keep this far from lines already laid on the sheet.
LINE_GAP_MM = 1.5
#: Keep this far inside the sheet edge, except on the last stretch to the line's own gate.
SHEET_INSET_MM = 4.0
#: Two lines from one point keep their gap from this far out.
SAME_POINT_MM = 6.0
#: Grid step of the routing search.
CELL_MM = 1.5
#: How far a routed line first steps out from its border point, and in what directions.
LAUNCH_MM = (2.5, 4.0, 6.0)
LAUNCH_STEP_DEG = 15
#: A routed line reaches its gate straight, from this far inside the edge.
APPROACH_MM = 5.0


class SheetRouter:
    """The free paper of one sheet, the lines laid on it, and the search for the next line."""

    def __init__(self, rect: tuple[float, float, float, float], border: list[Point], places: dict[str, Point]):
        self.rect = rect
        poly = Polygon(border) if len(border) >= 3 else None
        # the country's inside, a little shrunk so a line may start on (and run along) its border line
        self.core = poly.buffer(-0.5) if poly is not None and poly.is_valid and poly.area > 1 else Polygon()
        shapely.prepare(self.core)
        self.places = places
        self.laid: list[tuple[str, LineString]] = []
        self._others: dict[str, np.ndarray] = {}
        self._grid: _Grid | None = None

    # -- what a line must keep off --------------------------------------
    def _off_places(self, node: str, pts: list[Point]) -> bool:
        """Does every stretch keep PLACE_CLEARANCE_MM from every place but the line's own?"""
        others = self._others.get(node)
        if others is None:
            others = self._others[node] = np.array([p for n, p in self.places.items() if n != node], float).reshape(-1, 2)
        if not len(others):
            return True
        for (ax, ay), (bx, by) in zip(pts, pts[1:]):
            dx, dy = bx - ax, by - ay
            n = dx * dx + dy * dy
            t = np.zeros(len(others)) if n == 0 else np.clip(((others[:, 0] - ax) * dx + (others[:, 1] - ay) * dy) / n, 0, 1)
            if (np.hypot(others[:, 0] - ax - t * dx, others[:, 1] - ay - t * dy) < PLACE_CLEARANCE_MM).any():
                return False
        return True

    def _inside(self, p: Point) -> bool:
        x0, y0, x1, y1 = self.rect
        m = SHEET_INSET_MM - 1e-9
        return x0 + m <= p[0] <= x1 - m and y0 + m <= p[1] <= y1 - m

    def _clear_of_lines(self, node: str, line: LineString, gap: float | None = LINE_GAP_MM) -> bool:
        if gap is None or not self.laid:
            return True
        start = ShapelyPoint(self.places[node])
        far = None
        for n, other in self.laid:
            if n == node:
                # two lines from one point (one point taking two crossings) part there: they may not
                # cross, and keep the gap once they are SAME_POINT_MM out
                if not line.intersection(other).difference(start.buffer(1e-6)).is_empty:
                    return False
                if far is None:
                    far = line.difference(start.buffer(SAME_POINT_MM))
                if not far.is_empty and far.distance(other) < gap:
                    return False
            elif line.distance(other) < gap:
                return False
        return True

    def valid(self, node: str, pts: list[Point], gap: float | None = LINE_GAP_MM) -> bool:
        """Does the line keep inside the sheet, off the country and its places, and apart from laid lines?"""
        if not all(self._inside(p) for p in pts[1:-1]):
            return False
        line = LineString(pts)
        return not self.core.intersects(line) and self._off_places(node, pts) and self._clear_of_lines(node, line, gap)

    def crosses_laid(self, node: str, pts: list[Point]) -> bool:
        """Does the line cross a line already laid (other than at its own point)?"""
        line = LineString(pts)
        start = ShapelyPoint(self.places[node])
        return any(not line.intersection(other).difference(start.buffer(1e-6)).is_empty for _, other in self.laid)

    # -- laying lines -----------------------------------------------------
    def lay(self, node: str, pts: list[Point]) -> None:
        self.laid.append((node, LineString(pts)))

    def straight(self, node: str, gate: Point) -> list[Point] | None:
        pts = [self.places[node], gate]
        return pts if self.valid(node, pts) else None

    def straight_many(self, node: str, gates: list[Point]) -> np.ndarray:
        """For each gate, could a straight line from ``node`` run there? (``straight`` for many gates at once)"""
        if not gates:
            return np.zeros(0, bool)
        p = np.array(self.places[node], float)
        q = np.array(gates, float)
        lines = shapely.linestrings(np.stack([np.broadcast_to(p, q.shape), q], axis=1))
        ok = ~shapely.intersects(self.core, lines)
        others = self._others.get(node)
        if others is None:
            others = self._others[node] = np.array([x for n, x in self.places.items() if n != node], float).reshape(-1, 2)
        if len(others):
            d = q - p  # (G, 2)
            n2 = (d**2).sum(axis=1)[:, None]
            rel = others[None, :, :] - p  # (1, P, 2)
            t = np.clip((rel * d[:, None, :]).sum(axis=2) / np.where(n2 == 0, 1, n2), 0, 1)
            gap = np.hypot(rel[..., 0] - t * d[:, None, 0], rel[..., 1] - t * d[:, None, 1])
            ok &= (gap >= PLACE_CLEARANCE_MM).all(axis=1)
        start = shapely.Point(self.places[node])
        for n, other in self.laid:
            if n == node:
                far = shapely.difference(lines, start.buffer(SAME_POINT_MM))
                crossing = ~shapely.is_empty(shapely.difference(shapely.intersection(lines, other), start.buffer(1e-6)))
                ok &= ~crossing & ~(~shapely.is_empty(far) & (shapely.distance(far, other) < LINE_GAP_MM))
            else:
                ok &= shapely.distance(lines, other) >= LINE_GAP_MM
        return ok

    def route(self, node: str, gate: Point, inward: Point, gap: float | None = LINE_GAP_MM) -> list[Point] | None:
        """A line from ``node`` to ``gate`` round every obstacle; ``inward`` points from the gate into the sheet."""
        start = self.places[node]
        approach = (gate[0] + inward[0] * APPROACH_MM, gate[1] + inward[1] * APPROACH_MM)
        if not self.valid(node, [approach, gate], gap):
            return None
        grid = self._grid or _Grid(self)
        self._grid = grid
        free = grid.free(self, node, gap)
        goal = grid.cell_of(approach)
        if goal is None or not free[goal]:
            return None
        sources: dict[int, tuple[float, Point]] = {}
        for r in LAUNCH_MM:
            for k in range(0, 360, LAUNCH_STEP_DEG):
                a = math.radians(k)
                p = (start[0] + r * math.cos(a), start[1] + r * math.sin(a))
                c = grid.cell_of(p)
                if c is None or not free[c] or c in sources:
                    continue
                if self.valid(node, [start, p, grid.centre(c)], gap):
                    sources[c] = (r + math.dist(p, grid.centre(c)), p)
        if not sources:
            return None
        cells = _astar(free, grid.w, grid.h, sources, goal)
        if cells is None:
            return None
        pts = [start, sources[cells[0]][1]] + [grid.centre(c) for c in cells] + [approach, gate]
        pts = self._taut(node, pts, gap)
        return pts if self.valid(node, pts, gap) else None

    def _taut(self, node: str, pts: list[Point], gap: float | None) -> list[Point]:
        """Pull a grid path taut: from each kept point straight on to a far point it can see (found by
        halving, so a few checks a stretch; every stretch kept is checked, so the line stays clear)."""
        out = [pts[0]]
        i, last = 0, len(pts) - 1
        while i < last:
            if self.valid(node, [pts[i], pts[last]], gap):
                j = last
            else:
                lo, hi = i + 1, last - 1  # pts[i + 1] is always in sight: the next grid step
                while lo < hi:
                    mid = (lo + hi + 1) // 2
                    if self.valid(node, [pts[i], pts[mid]], gap):
                        lo = mid
                    else:
                        hi = mid - 1
                j = lo
            out.append(pts[j])
            i = j
        return out


class _Grid:
    """Cell centres over the sheet; each obstacle rasterised once (a cell is blocked when its centre
    comes within a cell's width of the obstacle's clearance)."""

    def __init__(self, router: SheetRouter):
        x0, y0, x1, y1 = router.rect
        self.w, self.h = int((x1 - x0) // CELL_MM), int((y1 - y0) // CELL_MM)
        self.ox = x0 + ((x1 - x0) - self.w * CELL_MM) / 2 + CELL_MM / 2
        self.oy = y0 + ((y1 - y0) - self.h * CELL_MM) / 2 + CELL_MM / 2
        gx, gy = np.meshgrid(self.ox + CELL_MM * np.arange(self.w), self.oy + CELL_MM * np.arange(self.h))
        self.gx, self.gy = gx.ravel(), gy.ravel()
        m = SHEET_INSET_MM
        inside = (self.gx >= x0 + m) & (self.gx <= x1 - m) & (self.gy >= y0 + m) & (self.gy <= y1 - m)
        grown = router.core.buffer(CELL_MM, quad_segs=4)
        self.base = inside & ~shapely.contains_xy(grown, self.gx, self.gy)
        reach = (PLACE_CLEARANCE_MM + CELL_MM) ** 2
        self.near = {
            n: (self.gx - p[0]) ** 2 + (self.gy - p[1]) ** 2 < reach for n, p in router.places.items()
        }
        self.lines: dict[float, list[np.ndarray]] = {}  # laid lines rasterised, per gap

    def free(self, router: SheetRouter, node: str, gap: float | None) -> list[bool]:
        """Free cells for a line from ``node`` keeping ``gap`` from laid lines (None: laid lines ignored)."""
        ok = self.base.copy()
        for n, mask in self.near.items():
            if n != node:
                ok &= ~mask
        if gap is not None:
            lines = self.lines.setdefault(gap, [])
            while len(lines) < len(router.laid):
                _, line = router.laid[len(lines)]
                band = line.buffer(gap + CELL_MM, quad_segs=4)
                lines.append(shapely.contains_xy(band, self.gx, self.gy))
            start = router.places[node]
            for (n, _), mask in zip(router.laid, lines):
                if n == node:  # its own other line: kept off beyond the shared point
                    mask = mask & ((self.gx - start[0]) ** 2 + (self.gy - start[1]) ** 2 > (SAME_POINT_MM + CELL_MM) ** 2)
                ok &= ~mask
        return ok.tolist()

    def cell_of(self, p: Point) -> int | None:
        i, j = round((p[0] - self.ox) / CELL_MM), round((p[1] - self.oy) / CELL_MM)
        return j * self.w + i if 0 <= i < self.w and 0 <= j < self.h else None

    def centre(self, c: int) -> Point:
        return (self.ox + CELL_MM * (c % self.w), self.oy + CELL_MM * (c // self.w))


_SQRT2 = math.sqrt(2.0)
_STEPS = ((1, 0, 1.0), (-1, 0, 1.0), (0, 1, 1.0), (0, -1, 1.0), (1, 1, _SQRT2), (1, -1, _SQRT2), (-1, 1, _SQRT2), (-1, -1, _SQRT2))


def _astar(free: list[bool], w: int, h: int, sources: dict[int, tuple[float, Point]], goal: int) -> list[int] | None:
    """Least-cost 8-connected path over free cells from any source to the goal (octile heuristic)."""
    gx, gy = goal % w, goal // w

    def heur(c: int) -> float:
        dx, dy = abs(c % w - gx), abs(c // w - gy)
        return (dx + dy) + (_SQRT2 - 2) * min(dx, dy)

    best = {c: cost / CELL_MM for c, (cost, _) in sources.items()}
    came: dict[int, int] = {}
    heap = [(g + heur(c), g, c) for c, g in best.items()]
    heapq.heapify(heap)
    while heap:
        _, g, c = heapq.heappop(heap)
        if c == goal:
            path = [c]
            while path[-1] in came:
                path.append(came[path[-1]])
            return path[::-1]
        if g > best.get(c, math.inf):
            continue
        x, y = c % w, c // w
        for dx, dy, cost in _STEPS:
            nx_, ny_ = x + dx, y + dy
            if not (0 <= nx_ < w and 0 <= ny_ < h):
                continue
            n = ny_ * w + nx_
            if not free[n] or (dx and dy and not (free[y * w + nx_] and free[ny_ * w + x])):
                continue
            ng = g + cost
            if ng < best.get(n, math.inf):
                best[n] = ng
                came[n] = c
                heapq.heappush(heap, (ng + heur(n), ng, n))
    return None
