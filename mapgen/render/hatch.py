"""Hatching: line and dot textures clipped by hand to a rectangle.

Black-and-white maps (``--style bw``) show terrain by hatching instead of
fills, and counters tell sides apart by a texture: both are plain lines and
dots here, so the SVG needs no ``<pattern>`` or clip path and the PDF draws
exactly the same.  The lines lie on one lattice for the whole drawing
(``spacing`` apart, counted from the origin), so the hatching of neighbouring
rectangles of one terrain joins up.

Both can be cut away around boxes (:func:`hatch_cut_out`, :func:`hatch_dots_out`),
so that a text laid over them sits on a clear ground.

Kinds: ``diagonal`` (top left to bottom right), ``backdiagonal``, ``cross``
(both), ``horizontal``, ``vertical``, ``grid`` (both straight), ``dots``.
"""

from __future__ import annotations

import math

Segment = tuple[float, float, float, float]


def hatch_lines(kind: str, x: float, y: float, w: float, h: float, spacing: float) -> list[Segment]:
    """Segments (x1, y1, x2, y2) of a line texture over the rectangle, ``spacing`` apart along an axis."""
    out: list[Segment] = []
    if kind in ("diagonal", "cross"):  # lines X - Y = k * spacing
        for k in _lattice(x - y - h, x - y + w, spacing):
            c = k - (x - y)  # the line in the rectangle's own coordinates: u - v = c
            out.append((x + max(0.0, c), y + max(0.0, -c), x + min(w, h + c), y + min(h, w - c)))
    if kind in ("backdiagonal", "cross"):  # lines X + Y = k * spacing
        for k in _lattice(x + y, x + y + w + h, spacing):
            c = k - (x + y)  # u + v = c
            out.append((x + max(0.0, c - h), y + min(h, c), x + min(w, c), y + max(0.0, c - w)))
    if kind in ("horizontal", "grid"):
        out += [(x, v, x + w, v) for v in _lattice(y, y + h, spacing, 0.5)]
    if kind in ("vertical", "grid"):
        out += [(u, y, u, y + h) for u in _lattice(x, x + w, spacing, 0.5)]
    return out


def hatch_dots(kind: str, x: float, y: float, w: float, h: float, spacing: float, margin: float = 0.0) -> list[tuple[float, float]]:
    """Centres of a dot texture over the rectangle (every other row offset by half a step), ``margin`` inside it."""
    if kind != "dots":
        return []
    dots = []
    for v in _lattice(y + margin, y + h - margin, spacing, 0.5):
        shift = spacing / 2 if round(v / spacing - 0.5) % 2 else 0.0
        dots += [(u, v) for u in _lattice(x + margin, x + w - margin, spacing, 0.5, shift)]
    return dots


def _lattice(lo: float, hi: float, spacing: float, phase: float = 0.0, shift: float = 0.0) -> list[float]:
    """The points (k + phase) * spacing + shift strictly between ``lo`` and ``hi``."""
    k = math.floor((lo - shift) / spacing - phase) + 1
    out = []
    while (v := (k + phase) * spacing + shift) < hi:
        if v > lo:
            out.append(v)
        k += 1
    return out


Box = tuple[float, float, float, float]  # x0, y0, x1, y1


def hatch_cut_out(segments: list[Segment], holes: list[Box], gap: float = 0.0) -> list[Segment]:
    """The parts of ``segments`` outside every hole grown by ``gap``, e.g. to keep hatching out from under text.

    A line ``2 * gap`` wide cut this way, with butt ends, leaves each hole clear: its ends' corners
    reach at most ``gap`` past the cut, across the line.

    Plain Python on purpose: a counter's texture is about a dozen segments and one to three holes,
    too few for numpy, whose cost per call made a vectorised version four times slower.
    """
    grown = [(x0 - gap, y0 - gap, x1 + gap, y1 + gap) for x0, y0, x1, y1 in holes]
    out: list[Segment] = []
    for x1, y1, x2, y2 in segments:
        dx, dy = x2 - x1, y2 - y1
        inside = []  # the stretches (t0, t1) of 0..1 along the segment that lie in a hole
        for bx0, by0, bx1, by1 in grown:
            # Liang-Barsky, one axis at a time: the stretch between the hole's two sides, entering by the
            # side the segment meets first.  A segment wholly beyond a side is skipped before dividing:
            # the divisions would give an empty stretch too, so the result is the same to the last bit.
            if dx > 0:
                if x2 < bx0 or x1 > bx1:
                    continue
                t0, t1 = (bx0 - x1) / dx, (bx1 - x1) / dx
            elif dx < 0:
                if x1 < bx0 or x2 > bx1:
                    continue
                t0, t1 = (bx1 - x1) / dx, (bx0 - x1) / dx
            elif bx0 <= x1 <= bx1:
                t0, t1 = 0.0, 1.0
            else:
                continue
            if dy > 0:
                if y2 < by0 or y1 > by1:
                    continue
                u0, u1 = (by0 - y1) / dy, (by1 - y1) / dy
            elif dy < 0:
                if y1 < by0 or y2 > by1:
                    continue
                u0, u1 = (by1 - y1) / dy, (by0 - y1) / dy
            elif by0 <= y1 <= by1:
                u0, u1 = 0.0, 1.0
            else:
                continue
            if (a := max(0.0, t0, u0)) < (b := min(1.0, t1, u1)):
                inside.append((a, b))
        length = math.hypot(dx, dy)
        if not inside:  # clear of every hole: whole, by the same sums as a cut piece (x1 + dx can miss x2 by a bit)
            if length > 1e-9:
                out.append((x1 + 0.0 * dx, y1 + 0.0 * dy, x1 + 1.0 * dx, y1 + 1.0 * dy))
            continue
        t0 = 0.0  # the pieces between the stretches, in order along the segment
        pieces = []
        for a, b in sorted(inside):
            if a > t0:
                pieces.append((t0, a))
            t0 = max(t0, b)
        if t0 < 1.0:
            pieces.append((t0, 1.0))
        out += [(x1 + a * dx, y1 + a * dy, x1 + b * dx, y1 + b * dy) for a, b in pieces if (b - a) * length > 1e-9]
    return out


def hatch_dots_out(dots: list[tuple[float, float]], holes: list[Box], gap: float = 0.0) -> list[tuple[float, float]]:
    """The dots whose centre is more than ``gap`` from every hole (``gap``: the dot's radius and any clearance).

    A dot more than ``gap`` from a hole across or down is clear of it without working out the
    distance, which is never shorter than either part.
    """
    out = []
    for cx, cy in dots:
        for x0, y0, x1, y1 in holes:
            if x0 - cx > gap or cx - x1 > gap or y0 - cy > gap or cy - y1 > gap:
                continue
            if math.hypot(max(x0 - cx, 0.0, cx - x1), max(y0 - cy, 0.0, cy - y1)) <= gap:
                break
        else:
            out.append((cx, cy))
    return out
