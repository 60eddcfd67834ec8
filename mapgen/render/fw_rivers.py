"""Rivers drawn as water: a ribbon that winds along its square edges and widens from source to mouth.

A river runs along square edges (FW-2.2): it is the edge, counting in both
squares.  It is drawn as a filled ribbon that winds within a narrow band
(:data:`MEANDER` of a square each side) about its edges: the meander is
zero at every grid corner and at every edge's midpoint, so tributaries meet
it where they should and a bridge or ford, drawn at the midpoint, sits on the
water.  It widens from a spring at its source to its mouth, where it flares
into the lake or sea.  A light ribbon with dark banks and no centre line
cannot be taken for a road (a dark line in a light casing) in black and
white; the grid line under a river edge is left out for the same reason.
"""

from __future__ import annotations

import math

from .svgdoc import fmt

#: Meander amplitude, as a share of a square's side: the ribbon never comes nearer the square's
#: centre than half a square less this.
MEANDER = 0.05
#: Ribbon width at the source and at the mouth, mm on a 50 mm square (scaled with the square).
SOURCE_WIDTH, MOUTH_WIDTH = 1.1, 4.4
#: The mouth flares to this many times the river's width.
FLARE = 1.7
#: Samples per square edge along the ribbon.
SAMPLES = 8


def ribbon(points: list[tuple[float, float]], w0: float, w1: float, amplitude: float, meander_to: int,
           flare: float = 1.0) -> list[tuple[float, float]]:
    """The outline of a ribbon along ``points``: width ``w0`` to ``w1``, winding on the first ``meander_to`` segments.

    Each of those segments carries a full sine wave (zero at its ends and its middle), to alternate sides
    from one segment to the next; the rest (the mouth's last reach) runs straight and flares.
    """
    centre = centre_line(points, amplitude, meander_to)
    lengths = [0.0]
    for (ax, ay), (bx, by) in zip(centre, centre[1:]):
        lengths.append(lengths[-1] + math.hypot(bx - ax, by - ay))
    total = lengths[-1] or 1.0
    flare_from = lengths[min(len(lengths) - 1, meander_to * SAMPLES)] if meander_to < len(points) - 1 else total
    left, right = [], []
    for k, (x, y) in enumerate(centre):
        px, py = centre[max(0, k - 1)]
        qx, qy = centre[min(len(centre) - 1, k + 1)]
        dx, dy = qx - px, qy - py
        norm = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / norm, dx / norm
        w = w0 + (w1 - w0) * lengths[k] / total
        if lengths[k] > flare_from and total > flare_from:
            w *= 1 + (flare - 1) * (lengths[k] - flare_from) / (total - flare_from)
        left.append((x + nx * w / 2, y + ny * w / 2))
        right.append((x - nx * w / 2, y - ny * w / 2))
    return left + right[::-1]


def centre_line(points: list[tuple[float, float]], amplitude: float, meander_to: int) -> list[tuple[float, float]]:
    """The ribbon's winding middle: :data:`SAMPLES` steps a segment, so point ``i`` of ``points`` is sample ``i * SAMPLES``."""
    centre: list[tuple[float, float]] = [points[0]]
    for i, ((ax, ay), (bx, by)) in enumerate(zip(points, points[1:])):
        length = math.hypot(bx - ax, by - ay) or 1.0
        nx, ny = -(by - ay) / length, (bx - ax) / length
        sign = 1.0 if i % 2 == 0 else -1.0
        for j in range(1, SAMPLES + 1):
            t = j / SAMPLES
            d = amplitude * sign * math.sin(2 * math.pi * t) if i < meander_to else 0.0
            centre.append((ax + (bx - ax) * t + nx * d, ay + (by - ay) * t + ny * d))
    return centre


def path_d(outline: list[tuple[float, float]]) -> str:
    return "M " + " L ".join(f"{fmt(x)} {fmt(y)}" for x, y in outline) + " Z"


def river_edges(m) -> set[frozenset]:
    """The unit square edges that rivers run along, as frozensets of their two grid corners."""
    edges = set()
    for r in m.rivers:
        for a, b in zip(r.points, r.points[1:]):
            edges.add(frozenset((tuple(a), tuple(b))))
    return edges


def draw_rivers(root, m, lay, style, corner, river_points, el) -> None:
    """Each river as a ribbon with its banks and a spring at its source (``corner``, ``river_points``, ``el``
    are the map renderer's own: grid corner to mm, a river's points in mm with its mouth reach, an element)."""
    rs = style["river"]
    k = m.square_mm / 50.0
    bank = rs.get("bank_width", 0.35) * k
    shapes = []
    for river in m.rivers:
        if len(river.points) < 2:
            continue
        pts = river_points(m, lay, river)
        meander_to = len(river.points) - 1  # the edges; a mouth reach into the water runs straight
        outline = ribbon(pts, SOURCE_WIDTH * k, MOUTH_WIDTH * k, MEANDER * m.square_mm, meander_to,
                         FLARE if len(pts) > len(river.points) else 1.0)
        shapes.append((path_d(outline), pts[0]))
    # Banks first, then all the water over them: where a tributary joins, its banks do not cross the water.
    for fill, width in ((rs["casing"], 2 * bank), (rs["color"], 0.0)):
        stroke = {"stroke": rs["casing"], "stroke_width": width, "stroke_linejoin": "round"} if width else {"stroke": "none"}
        for d, (sx, sy) in shapes:
            el(root, "path", d=d, fill=fill, **stroke)
            el(root, "circle", cx=sx, cy=sy, r=SOURCE_WIDTH * k * 1.3, fill=fill, **stroke)
