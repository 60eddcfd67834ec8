"""Hatching: line and dot textures clipped by hand to a rectangle.

Black-and-white maps (``--style bw``) show terrain by hatching instead of
fills, and counters tell sides apart by a texture: both are plain lines and
dots here, so the SVG needs no ``<pattern>`` or clip path and the PDF draws
exactly the same.  The lines lie on one lattice for the whole drawing
(``spacing`` apart, counted from the origin), so the hatching of neighbouring
rectangles of one terrain joins up.

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
