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
import shapely.ops
from shapely.geometry import LineString, Polygon
from shapely.geometry import Point as ShapelyPoint

from .geometry import Point

#: Keep this far from places other than the line's own point (mm).
PLACE_CLEARANCE_MM = 3.0
#: A routed line first tries to keep this far from places, leaving room for a line routed later between.
ROOMY_CLEARANCE_MM = PLACE_CLEARANCE_MM + 3.0
#: Keep this far from lines already laid on the sheet.
LINE_GAP_MM = 1.5
#: Keep this far inside the sheet edge, except on the last stretch to the line's own gate.
SHEET_INSET_MM = 2.0
#: Two lines from one point keep their gap from this far out.
SAME_POINT_MM = 6.0
#: The search stops looking for ways in to a gate once it has this many.
ENOUGH_ENDS = 6
#: The last resort runs round the country this far outside its border (closer where a notch is narrow).
AROUND_MM = (1.5, 0.6, 0.25, 0.1)
#: A fork leaves its point's first line this far along it.
FORK_AT_MM = (6.0, 10.0, 16.0, 25.0)
#: Grid step of the routing search.
CELL_MM = 1.5
#: How far a routed line first steps out from its border point, and in what directions.
LAUNCH_MM = (2.5, 4.0, 6.0)
LAUNCH_STEP_DEG = 15
#: A routed line reaches its gate straight, from one of these distances inside the edge, at up to
#: APPROACH_FAN steps of APPROACH_STEP_DEG either side of square on.
APPROACH_MM = (3.5, 6.0, 10.0)
APPROACH_FAN, APPROACH_STEP_DEG = 9, 8.0


class SheetRouter:
    """The free paper of one sheet, the lines laid on it, and the search for the next line."""

    def __init__(self, rect: tuple[float, float, float, float], border: list[Point], places: dict[str, Point]):
        self.rect = rect
        self.border = [tuple(p) for p in border]
        poly = Polygon(border) if len(border) >= 3 else None
        # the country's inside, a little shrunk so a line may start on (and run along) its border line
        self.core = poly.buffer(-0.5) if poly is not None and poly.is_valid and poly.area > 1 else Polygon()
        shapely.prepare(self.core)
        self.places = places
        self.laid: list[tuple[str, LineString]] = []
        self._others: dict[str, np.ndarray] = {}
        self._grid: _Grid | None = None

    # -- what a line must keep off --------------------------------------
    def _off_places(self, node: str, pts: list[Point], clearance: float = PLACE_CLEARANCE_MM) -> bool:
        """Does every stretch keep ``clearance`` from every place but the line's own?"""
        others = self._others.get(node)
        if others is None:
            others = self._others[node] = np.array([p for n, p in self.places.items() if n != node], float).reshape(-1, 2)
        if not len(others):
            return True
        for (ax, ay), (bx, by) in zip(pts, pts[1:]):
            dx, dy = bx - ax, by - ay
            n = dx * dx + dy * dy
            t = np.zeros(len(others)) if n == 0 else np.clip(((others[:, 0] - ax) * dx + (others[:, 1] - ay) * dy) / n, 0, 1)
            if (np.hypot(others[:, 0] - ax - t * dx, others[:, 1] - ay - t * dy) < clearance).any():
                return False
        return True

    def _inside(self, p: Point) -> bool:
        x0, y0, x1, y1 = self.rect
        m = SHEET_INSET_MM - 1e-9
        return x0 + m <= p[0] <= x1 - m and y0 + m <= p[1] <= y1 - m

    def _clear_of_lines(self, node: str, line: LineString, gap: float | None = LINE_GAP_MM, exempt=None) -> bool:
        if gap is None or not self.laid:
            return True
        start = exempt if exempt is not None else ShapelyPoint(self.places[node])
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

    def valid(
        self, node: str, pts: list[Point], gap: float | None = LINE_GAP_MM, clearance: float = PLACE_CLEARANCE_MM,
        parting: Point | None = None,
    ) -> bool:
        """Does the line keep inside the sheet, off the country and its places, and apart from laid lines?
        Lines of the same node may meet at ``parting`` (the node's place unless given)."""
        if not all(self._inside(p) for p in pts[1:-1]):
            return False
        line = LineString(pts)
        exempt = None if parting is None else ShapelyPoint(parting)
        return (
            not self.core.intersects(line)
            and self._off_places(node, pts, clearance)
            and self._clear_of_lines(node, line, gap, exempt)
        )

    def crosses_laid(self, node: str, pts: list[Point]) -> bool:
        """Does the line cross a line already laid (other than at its own point)?"""
        line = LineString(pts)
        start = ShapelyPoint(self.places[node])
        return any(not line.intersection(other).difference(start.buffer(1e-6)).is_empty for _, other in self.laid)

    # -- laying lines -----------------------------------------------------
    def lay(self, node: str, pts: list[Point]) -> None:
        self.laid.append((node, LineString(pts)))

    def undo(self, count: int) -> None:
        """Take back every line laid after the first ``count``."""
        del self.laid[count:]
        if self._grid is not None:
            for masks in self._grid.lines.values():
                del masks[count:]

    def straight(self, node: str, gate: Point) -> list[Point] | None:
        pts = [self.places[node], gate]
        return pts if self.valid(node, pts) else None

    def fork(self, node: str, gate: Point, inward: Point) -> list[Point] | None:
        """A second line from a point that already has one, where the two cannot fan out from the point
        itself (one point taking two crossings): the same way out, then its own way to its gate from a
        point of the first line, the nearer the point the better."""
        for n, laid in reversed(self.laid):
            if n != node:
                continue
            for d in FORK_AT_MM:
                if d >= laid.length - APPROACH_MM[0]:
                    break
                at = laid.interpolate(d)
                rest = self._route(node, gate, inward, LINE_GAP_MM, PLACE_CLEARANCE_MM, start=(at.x, at.y))
                if rest is not None:
                    head = [tuple(p) for p in shapely.ops.substring(laid, 0.0, d).coords]
                    return head[:-1] + rest
        return None

    def around(self, node: str, gate: Point) -> list[Point] | None:
        """The last resort: out from the point to the line that runs round the country a little outside its
        border, along that line, and from it straight to the gate.  The gate's nearest point on that line
        is in plain sight of it (each point of that stretch is nearer to the gate than the country is), and
        the point's own nearest point mostly is (a narrower offset is tried where the point sits in a notch
        the wider one fills); the whole line is checked.  It cuts no road and runs through no country; it may pass
        near places and cross laid lines."""
        if len(self.border) < 3:
            return None
        poly = Polygon(self.border)
        if not poly.is_valid:
            return None
        start = self.places[node]
        for offset in AROUND_MM:
            ring = poly.buffer(offset, quad_segs=8).exterior
            a, b = ring.project(ShapelyPoint(start)), ring.project(ShapelyPoint(gate))
            length = ring.length
            ways = []
            for forward in (True, False):
                lo, hi = (a, b) if forward else (b, a)
                if lo <= hi:
                    arc = list(shapely.ops.substring(ring, lo, hi).coords)
                else:
                    arc = list(shapely.ops.substring(ring, lo, length).coords) + list(shapely.ops.substring(ring, 0.0, hi).coords)[1:]
                line = [start] + [tuple(p) for p in (arc if forward else arc[::-1])] + [gate]
                if not self.core.intersects(LineString(line)):
                    ways.append((self.crosses_laid(node, line), LineString(line).length, line))
            if ways:
                return min(ways)[2]  # no crossing first, then the shorter
        return None

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
        """A line from ``node`` to ``gate`` round every obstacle; ``inward`` points from the gate into the sheet.

        It first keeps ROOMY_CLEARANCE_MM from the places it passes, so that a line routed later
        between it and a place still has room; then only PLACE_CLEARANCE_MM."""
        for clearance in (ROOMY_CLEARANCE_MM, PLACE_CLEARANCE_MM):
            line = self._route(node, gate, inward, gap, clearance)
            if line is not None:
                return line
        return None

    def _route(
        self, node: str, gate: Point, inward: Point, gap: float | None, clearance: float, start: Point | None = None
    ) -> list[Point] | None:
        """The search; ``start`` (a bend of the node's own line, for a fork) replaces the node's place."""
        start = self.places[node] if start is None else start
        grid = self._grid or _Grid(self)
        self._grid = grid
        free = grid.free(self, node, gap, clearance, start)
        # The way in to the gate: any free point a little inside the edge that sees it straight, on a fan
        # of rays (a line may reach the edge slantwise, beside a neighbour's slanting line).
        goals: dict[int, Point] = {}
        base = math.atan2(inward[1], inward[0])
        for k in sorted(range(-APPROACH_FAN, APPROACH_FAN + 1), key=abs):  # square on first
            for r in APPROACH_MM:
                a = base + math.radians(k * APPROACH_STEP_DEG)
                p = (gate[0] + r * math.cos(a), gate[1] + r * math.sin(a))
                c = grid.cell_of(p)
                if c is not None and free[c] and c not in goals and self.valid(node, [grid.centre(c), p, gate], gap, clearance, start):
                    goals[c] = p
            if len(goals) >= ENOUGH_ENDS:
                break
        if not goals:
            return None
        sources: dict[int, tuple[float, Point]] = {}
        for k in range(0, 360, LAUNCH_STEP_DEG):
            for r in LAUNCH_MM:
                a = math.radians(k)
                p = (start[0] + r * math.cos(a), start[1] + r * math.sin(a))
                c = grid.cell_of(p)
                if c is None or not free[c] or c in sources:
                    continue
                if self.valid(node, [start, p, grid.centre(c)], gap, clearance, start):
                    sources[c] = (r + math.dist(p, grid.centre(c)), p)
                    break  # one way out in each direction is enough
        if not sources:
            return None
        cells = _astar(free, grid.w, grid.h, sources, goals, grid.cell_of(gate, clamp=True))
        if cells is None:
            return None
        # pulled taut up to the way in, so only the last few millimetres come closer to the edge
        pts = [start, sources[cells[0]][1]] + [grid.centre(c) for c in cells] + [goals[cells[-1]]]
        pts = self._taut(node, pts, gap, clearance, start) + [gate]
        return pts if self.valid(node, pts, gap, clearance, start) else None

    def _taut(self, node: str, pts: list[Point], gap: float | None, clearance: float, start: Point) -> list[Point]:
        """Pull a grid path taut: from each kept point straight on to a far point it can see (found by
        halving, so a few checks a stretch; every stretch kept is checked, so the line stays clear)."""
        out = [pts[0]]
        i, last = 0, len(pts) - 1
        while i < last:
            if self.valid(node, [pts[i], pts[last]], gap, clearance, start):
                j = last
            else:
                lo, hi = i + 1, last - 1  # pts[i + 1] is always in sight: the next grid step
                while lo < hi:
                    mid = (lo + hi + 1) // 2
                    if self.valid(node, [pts[i], pts[mid]], gap, clearance, start):
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
        self.places = router.places
        self.near: dict[float, dict[str, np.ndarray]] = {}  # places' surroundings rasterised, per clearance
        self.lines: dict[float, list[np.ndarray]] = {}  # laid lines rasterised, per gap

    def free(self, router: SheetRouter, node: str, gap: float | None, clearance: float, start: Point) -> list[bool]:
        """Free cells for a line from ``node`` keeping ``clearance`` from places and ``gap`` from laid lines
        (None: laid lines ignored)."""
        ok = self.base.copy()
        near = self.near.get(clearance)
        if near is None:
            reach = (clearance + CELL_MM) ** 2
            near = self.near[clearance] = {n: (self.gx - p[0]) ** 2 + (self.gy - p[1]) ** 2 < reach for n, p in self.places.items()}
        for n, mask in near.items():
            if n != node:
                ok &= ~mask
        if gap is not None:
            lines = self.lines.setdefault(gap, [])
            while len(lines) < len(router.laid):
                _, line = router.laid[len(lines)]
                band = line.buffer(gap + CELL_MM, quad_segs=4)
                lines.append(shapely.contains_xy(band, self.gx, self.gy))
            for (n, _), mask in zip(router.laid, lines):
                if n == node:  # its own other line: kept off beyond the shared point
                    mask = mask & ((self.gx - start[0]) ** 2 + (self.gy - start[1]) ** 2 > (SAME_POINT_MM + CELL_MM) ** 2)
                ok &= ~mask
        return ok.tolist()

    def cell_of(self, p: Point, clamp: bool = False) -> int | None:
        i, j = round((p[0] - self.ox) / CELL_MM), round((p[1] - self.oy) / CELL_MM)
        if clamp:
            i, j = min(max(i, 0), self.w - 1), min(max(j, 0), self.h - 1)
        return j * self.w + i if 0 <= i < self.w and 0 <= j < self.h else None

    def centre(self, c: int) -> Point:
        return (self.ox + CELL_MM * (c % self.w), self.oy + CELL_MM * (c // self.w))


_SQRT2 = math.sqrt(2.0)
#: The search leans on its heuristic (a little longer paths, found far sooner; they are pulled taut) and
#: gives up after this many cells (a way round a whole country on A3 takes a few thousand; a search that
#: cannot reach its gate would otherwise flood the sheet, and the caller has other ways).
HEURISTIC_WEIGHT = 1.5
MAX_EXPANSIONS = 15000
_STEPS = ((1, 0, 1.0), (-1, 0, 1.0), (0, 1, 1.0), (0, -1, 1.0), (1, 1, _SQRT2), (1, -1, _SQRT2), (-1, 1, _SQRT2), (-1, -1, _SQRT2))


def _astar(free: list[bool], w: int, h: int, sources: dict[int, tuple[float, Point]], goals, aim: int) -> list[int] | None:
    """Least-cost 8-connected path over free cells from any source to any goal; the octile heuristic
    aims at ``aim`` (the gate, a few cells beyond the goals)."""
    gx, gy = aim % w, aim // w

    def heur(c: int) -> float:
        dx, dy = abs(c % w - gx), abs(c // w - gy)
        return (dx + dy) + (_SQRT2 - 2) * min(dx, dy)

    best = {c: cost / CELL_MM for c, (cost, _) in sources.items()}
    came: dict[int, int] = {}
    heap = [(g + HEURISTIC_WEIGHT * heur(c), g, c) for c, g in best.items()]
    heapq.heapify(heap)
    expanded = 0
    while heap:
        _, g, c = heapq.heappop(heap)
        expanded += 1
        if expanded > MAX_EXPANSIONS:
            return None
        if c in goals:
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
                heapq.heappush(heap, (ng + HEURISTIC_WEIGHT * heur(n), ng, n))
    return None
