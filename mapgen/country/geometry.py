"""Plane geometry for drawing roads on a country sheet.

Small pure functions on (x, y) tuples.  A country has a few dozen roads, so
plain arithmetic beats building shapely geometries for every candidate
direction; shapely checks the finished drawing in the tests.
"""

from __future__ import annotations

import math

Point = tuple[float, float]


def heading(a: Point, b: Point) -> float:
    """Direction from a to b in degrees (0 = east, 90 = south: drawing coordinates)."""
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 360.0


def angle_gap(a: float, b: float) -> float:
    """Smallest difference between two headings, 0..180 degrees."""
    d = abs(a - b) % 360.0
    return min(d, 360.0 - d)


def step(p: Point, angle_deg: float, length: float) -> Point:
    r = math.radians(angle_deg)
    return p[0] + length * math.cos(r), p[1] + length * math.sin(r)


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def segments_cross(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """True when the segments share any point (touching counts)."""
    d1, d2 = _cross(q1, q2, p1), _cross(q1, q2, p2)
    d3, d4 = _cross(p1, p2, q1), _cross(p1, p2, q2)
    if d1 * d2 < 0 and d3 * d4 < 0:  # each segment's ends strictly either side of the other's line
        return True
    return (
        (abs(d1) < EPS and _on(q1, q2, p1))
        or (abs(d2) < EPS and _on(q1, q2, p2))
        or (abs(d3) < EPS and _on(p1, p2, q1))
        or (abs(d4) < EPS and _on(p1, p2, q2))
    )


#: Rounding allowed in the tests for touching (mm, and mm squared for cross products).
EPS = 1e-9


def _on(a: Point, b: Point, p: Point) -> bool:
    """Is p, a point of the line through a and b, between them?"""
    return all(min(a[i], b[i]) - EPS <= p[i] <= max(a[i], b[i]) + EPS for i in (0, 1))


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    n = dx * dx + dy * dy
    if n == 0:
        return math.hypot(p[0] - ax, p[1] - ay)
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / n))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


def segment_distance(p1: Point, p2: Point, q1: Point, q2: Point) -> float:
    if segments_cross(p1, p2, q1, q2):
        return 0.0
    return min(
        point_segment_distance(p1, q1, q2),
        point_segment_distance(p2, q1, q2),
        point_segment_distance(q1, p1, p2),
        point_segment_distance(q2, p1, p2),
    )


def clip_to_rect(a: Point, b: Point, rect: tuple[float, float, float, float]) -> tuple[Point, bool]:
    """Where segment a->b (a inside) leaves the rectangle, and whether it did.

    From a point inside, the first edge line the segment meets is where it leaves, so the nearest
    crossing ahead is the answer, with no check that it lies on the rectangle.
    """
    x0, y0, x1, y1 = rect
    if x0 <= b[0] <= x1 and y0 <= b[1] <= y1:
        return b, False
    dx, dy = b[0] - a[0], b[1] - a[1]
    ahead = [(edge - start) / d for edge, start, d in ((x0, a[0], dx), (x1, a[0], dx), (y0, a[1], dy), (y1, a[1], dy)) if d]
    t = min(s for s in ahead if s >= 0)
    return (a[0] + t * dx, a[1] + t * dy), True


def convex_hull(points: list[Point]) -> list[Point]:
    """Andrew's monotone chain; counter-clockwise in a y-up frame."""
    pts = sorted(set(points))
    if len(pts) <= 2:
        return pts
    lower: list[Point] = []
    for p in pts:
        while len(lower) >= 2 and _cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[Point] = []
    for p in reversed(pts):
        while len(upper) >= 2 and _cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]
