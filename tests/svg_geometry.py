"""What an SVG drawing puts on the paper, as shapely geometry in the drawing's units: for tests that ask what covers what.

Read from the written SVG, not from the renderer's own bookkeeping, so a test
built on it checks the ink: a filled shape is its area, a stroked one its line
widened by half the stroke each way (round ends and joins, a little more than
a butt or miter end on a straight line, never less).  Paths take absolute and
relative ``M L H V Q C A Z``; curves are followed in short straight steps.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import shapely
from shapely import affinity
from shapely.geometry import LineString, Polygon, box

from mapgen.render.svgbounds import IDENTITY, local_name, mul, parse_transform

#: Straight steps a curve or an arc is followed in.
CURVE_STEPS = 16
_TOKEN = re.compile(r"[A-Za-z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


def _arc(p0, rx, ry, x_rot, large, sweep, p1) -> list[tuple[float, float]]:
    """Points along an elliptical arc (SVG's endpoint form, implementation notes F.6.5), ``p0`` left out."""
    if rx == 0 or ry == 0 or p0 == p1:
        return [p1]
    phi = math.radians(x_rot)
    cos, sin = math.cos(phi), math.sin(phi)
    dx, dy = (p0[0] - p1[0]) / 2, (p0[1] - p1[1]) / 2
    x1, y1 = cos * dx + sin * dy, -sin * dx + cos * dy
    rx, ry = abs(rx), abs(ry)
    scale = x1 * x1 / (rx * rx) + y1 * y1 / (ry * ry)
    if scale > 1:
        rx, ry = rx * math.sqrt(scale), ry * math.sqrt(scale)
    num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
    den = rx * rx * y1 * y1 + ry * ry * x1 * x1
    co = math.sqrt(max(0.0, num / den)) * (-1 if large == sweep else 1)
    cx1, cy1 = co * rx * y1 / ry, -co * ry * x1 / rx
    cx = cos * cx1 - sin * cy1 + (p0[0] + p1[0]) / 2
    cy = sin * cx1 + cos * cy1 + (p0[1] + p1[1]) / 2
    a0 = math.atan2((y1 - cy1) / ry, (x1 - cx1) / rx)
    a1 = math.atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx)
    da = a1 - a0
    if sweep and da < 0:
        da += 2 * math.pi
    elif not sweep and da > 0:
        da -= 2 * math.pi
    out = []
    for i in range(1, CURVE_STEPS + 1):
        a = a0 + da * i / CURVE_STEPS
        ex, ey = rx * math.cos(a), ry * math.sin(a)
        out.append((cos * ex - sin * ey + cx, sin * ex + cos * ey + cy))
    return out


def path_runs(d: str) -> list[tuple[list[tuple[float, float]], bool]]:
    """A path's subpaths as (points, closed)."""
    tokens = _TOKEN.findall(d)
    runs: list[tuple[list, bool]] = []
    pts: list[tuple[float, float]] = []
    cur = start = (0.0, 0.0)
    cmd, i = None, 0

    def finish(closed: bool):
        nonlocal pts
        if len(pts) > 1 or (pts and closed):
            runs.append((pts, closed))
        pts = []

    while i < len(tokens):
        if tokens[i].isalpha():
            cmd = tokens[i]
            i += 1
            if cmd in "Zz":
                finish(True)
                cur = start
                continue
        n = _ARGS[cmd.upper()]
        v = [float(t) for t in tokens[i:i + n]]
        i += n
        rel = cmd.islower()
        ox, oy = cur if rel else (0.0, 0.0)
        c = cmd.upper()
        if c == "M":
            finish(False)
            cur = start = (ox + v[0], oy + v[1])
            pts = [cur]
            cmd = "l" if rel else "L"  # further pairs are lines
            continue
        if not pts:
            pts = [cur]
        if c == "L":
            cur = (ox + v[0], oy + v[1])
            pts.append(cur)
        elif c == "H":
            cur = ((cur[0] if rel else 0.0) + v[0], cur[1])
            pts.append(cur)
        elif c == "V":
            cur = (cur[0], (cur[1] if rel else 0.0) + v[0])
            pts.append(cur)
        elif c == "Q":
            q, e = (ox + v[0], oy + v[1]), (ox + v[2], oy + v[3])
            for k in range(1, CURVE_STEPS + 1):
                t = k / CURVE_STEPS
                pts.append(tuple((1 - t) ** 2 * cur[j] + 2 * (1 - t) * t * q[j] + t * t * e[j] for j in (0, 1)))
            cur = e
        elif c == "C":
            q1, q2, e = (ox + v[0], oy + v[1]), (ox + v[2], oy + v[3]), (ox + v[4], oy + v[5])
            for k in range(1, CURVE_STEPS + 1):
                t = k / CURVE_STEPS
                pts.append(tuple((1 - t) ** 3 * cur[j] + 3 * (1 - t) ** 2 * t * q1[j] + 3 * (1 - t) * t * t * q2[j] + t ** 3 * e[j]
                                 for j in (0, 1)))
            cur = e
        elif c == "A":
            e = (ox + v[5], oy + v[6])
            pts.extend(_arc(cur, v[0], v[1], v[2], int(v[3]), int(v[4]), e))
            cur = e
        else:
            raise ValueError(f"path command {cmd} is not read here")
    finish(False)
    return runs


def _number(value: str | None, default: float) -> float:
    return default if value in (None, "") else float(value)


def _runs(el: ET.Element) -> list[tuple[list, bool]] | None:
    """An element's outline as (points, closed) runs, or None for what draws nothing by itself."""
    kind = local_name(el.tag)
    if kind == "path":
        runs = path_runs(el.get("d", ""))
    elif kind in ("polyline", "polygon"):
        v = [float(t) for t in _TOKEN.findall(el.get("points", ""))]
        runs = [(list(zip(v[0::2], v[1::2])), kind == "polygon")]
    elif kind == "line":
        runs = [([(_number(el.get("x1"), 0), _number(el.get("y1"), 0)), (_number(el.get("x2"), 0), _number(el.get("y2"), 0))], False)]
    elif kind == "rect":
        x, y, w, h = (_number(el.get(k), 0) for k in ("x", "y", "width", "height"))
        runs = [(list(box(x, y, x + w, y + h).exterior.coords), True)]
    elif kind in ("circle", "ellipse"):
        cx, cy = _number(el.get("cx"), 0), _number(el.get("cy"), 0)
        rx = _number(el.get("r") or el.get("rx"), 0)
        ry = _number(el.get("r") or el.get("ry"), 0)
        ring = [(cx + rx * math.cos(2 * math.pi * k / 32), cy + ry * math.sin(2 * math.pi * k / 32)) for k in range(32)]
        runs = [(ring, True)]
    else:
        return None
    return runs


def _ink(runs, paint: dict):
    """The ink of an element's runs under ``paint`` (no transform), or None."""
    parts = []
    if paint["fill"] != "none":
        parts += [Polygon(p).buffer(0) for p, _closed in runs if len(p) >= 3]
    if paint["stroke"] != "none" and paint["stroke-width"] > 0:
        for p, closed in runs:
            line = LineString(p + [p[0]] if closed else p) if len(p) > 1 else shapely.Point(p[0])
            parts.append(line.buffer(paint["stroke-width"] / 2))
    return shapely.union_all(parts) if parts else None


def inks(root: ET.Element, matrix=IDENTITY, paint: dict | None = None, near=None) -> list:
    """Every drawn shape under ``root`` as geometry in the coordinates ``matrix`` maps ``root``'s to.

    ``near``: a test of a shape's box (x0, y0, x1, y1, in those coordinates) that must pass for the shape to
    be made at all; a map has a hundred thousand shapes, and a test asks about a few places on it.
    """
    paint = dict(paint or {"fill": "#000000", "stroke": "none", "stroke-width": 1.0})
    for name in ("fill", "stroke"):
        if root.get(name) is not None:
            paint[name] = root.get(name)
    if root.get("stroke-width") is not None:
        paint["stroke-width"] = float(root.get("stroke-width"))
    matrix = mul(matrix, parse_transform(root.get("transform")))
    out = []
    runs = _runs(root)
    if runs:
        a, b, c, d, e, f = matrix
        if near is not None:  # each run on its own: one path may hold a whole square's glyphs
            reach = paint["stroke-width"] / 2 if paint["stroke"] != "none" else 0.0

            def box_of(points):
                xs, ys = [x for x, _y in points], [y for _x, y in points]
                corners = [(a * x + c * y + e, b * x + d * y + f)
                           for x in (min(xs) - reach, max(xs) + reach) for y in (min(ys) - reach, max(ys) + reach)]
                return (min(q[0] for q in corners), min(q[1] for q in corners), max(q[0] for q in corners), max(q[1] for q in corners))

            runs = [run for run in runs if near(box_of(run[0]))]
        geom = _ink(runs, paint) if runs else None
        if geom is not None and not geom.is_empty:
            out.append(affinity.affine_transform(geom, [a, c, b, d, e, f]))
    for child in root:
        out += inks(child, matrix, paint, near)
    return out
