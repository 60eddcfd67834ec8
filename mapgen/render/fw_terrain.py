"""The campaign map's ground: terrain fills and glyphs, hatching, coasts, ranges and the territory's boundary and bands.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING

import numpy as np


from ..fw.model import FwMap
from ..grid import square_id
from ..fw.rules import (
    WATER,
)
from .fw_ranges import RANGES, links, peak_centre
from .hatch import hatch_dots, hatch_lines
from .svgdoc import fmt
from .templates import el as _el
from .fw_style import BOX, ID_ZONE, _glyphs, _hits, _mix, _reserved, _side_words, _symbol_elements, _text, id_font_size, square_id_box
from .text import text_width

if TYPE_CHECKING:
    from .fw_layout import FwMapLayout


def _sq_origin(lay: FwMapLayout, m: FwMap, col: int, row: int) -> tuple[float, float]:
    return lay.grid_x + col * m.square_mm, lay.grid_y + row * m.square_mm


def _corner(lay, m, p) -> tuple[float, float]:
    return lay.grid_x + p[0] * m.square_mm, lay.grid_y + p[1] * m.square_mm


def _centre(lay, m, sq) -> tuple[float, float]:
    return lay.grid_x + (sq[0] + 0.5) * m.square_mm, lay.grid_y + (sq[1] + 0.5) * m.square_mm


def _local(lay, m, col, row, parent) -> ET.Element:
    x, y = _sq_origin(lay, m, col, row)
    k = m.square_mm / BOX
    tr = f"translate({fmt(x)},{fmt(y)})" + (f" scale({fmt(k)})" if k != 1 else "")
    return _el(parent, "g", transform=tr)


def _draw_background(root, lay, style):
    _el(root, "rect", x=0, y=0, width=lay.width_mm, height=lay.height_mm, fill=style["paper"], stroke="none")


def _draw_terrain(root, m: FwMap, lay, placed, style, names=None):
    """Fills, shoreline and terrain glyphs; a glyph under an icon, a plate or a name (``names``: boxes per square) is left out."""
    terr = style["terrain"]
    s = m.square_mm
    k = s / BOX
    # fills first, merged into horizontal runs of equal terrain
    for row in range(m.height):
        col = 0
        while col < m.width:
            t = str(m.terrain[row, col])
            end = col + 1
            while end < m.width and str(m.terrain[row, end]) == t:
                end += 1
            x, y = _sq_origin(lay, m, col, row)
            fill = terr.get(t, {"fill": "#ffffff"})["fill"]
            _el(root, "rect", x=x, y=y, width=(end - col) * s, height=s, fill=fill, stroke="none")
            _hatch(root, terr.get(t, {}), x, y, (end - col) * s, s, k)
            col = end
    _draw_shallows(root, m, lay, style)
    # shoreline: the edges between water and land squares
    shore = style.get("shore")
    if shore:
        water = np.isin(m.terrain.astype(str), sorted(WATER))
        d = []
        for row, col in zip(*np.nonzero(water[:, 1:] != water[:, :-1])):
            x, y = _sq_origin(lay, m, int(col) + 1, int(row))
            d.append(f"M {fmt(x)} {fmt(y)} L {fmt(x)} {fmt(y + s)}")
        for row, col in zip(*np.nonzero(water[1:, :] != water[:-1, :])):
            x, y = _sq_origin(lay, m, int(col), int(row) + 1)
            d.append(f"M {fmt(x)} {fmt(y)} L {fmt(x + s)} {fmt(y)}")
        if d:
            _el(root, "path", d=" ".join(d), fill="none", stroke=shore["color"], stroke_width=shore["width"], stroke_linecap="round")
    ranges = [(kind, a, b) for kind, a, b in links(m) if kind in terr]
    peaks = [_peak_centre(m, style, terr, kind, a, b) for kind, a, b in ranges]  # in a's own units
    astride: dict[tuple[int, int], list] = {}  # the range's peaks standing across each square's edge, local boxes
    for (kind, a, b), centre in zip(ranges, peaks):
        x0, y0, x1, y1 = _astride_box(kind, terr, centre)
        for sq in _around(a, b):
            dx, dy = (a[0] - sq[0]) * BOX, (a[1] - sq[1]) * BOX
            if x0 + dx < BOX and x1 + dx > 0 and y0 + dy < BOX and y1 + dy > 0 and m.in_bounds(sq):
                astride.setdefault(sq, []).append((x0 + dx, y0 + dy, x1 + dx, y1 + dy))
    base_skip = _hits([ID_ZONE])
    base_kept = {t: tuple(not base_skip(box) for _els, box in _glyphs(t, terr[t]["ink"])) for t in terr}
    for row in range(m.height):
        for col in range(m.width):
            t = str(m.terrain[row, col])
            if t not in terr:
                continue
            x, y = _sq_origin(lay, m, col, row)
            content = placed.get((col, row))
            over = (names or {}).get((col, row))
            if content or over or (col, row) in astride:
                skip = _hits(_reserved(content or []) + (over or []) + astride.get((col, row), []))
                kept = tuple(not skip(box) for _els, box in _glyphs(t, terr[t]["ink"]))
            else:
                kept = base_kept[t]
            g = _el(root, "g", transform=f"translate({fmt(x)},{fmt(y)})" + (f" scale({fmt(k)})" if k != 1 else ""))
            g.extend(_symbol_elements(t, terr[t]["ink"], kept))
    for (kind, a, b), (mx, my) in zip(ranges, peaks):  # then the peaks astride the edges, so the chain runs on as one range
        part, share = RANGES[kind]
        els, (bx0, by0, bx1, by1) = _glyphs(kind, terr[kind]["ink"])[part]
        x, y = _sq_origin(lay, m, *a)
        ks = k * share
        tx, ty = x + mx * k - (bx0 + bx1) / 2 * ks, y + my * k - (by0 + by1) / 2 * ks
        g = _el(root, "g", transform=f"translate({fmt(tx)},{fmt(ty)}) scale({fmt(ks)})", data_range=kind)
        g.extend(els)


def _around(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
    """The squares meeting where the link a-b crosses: its two ends, and on a diagonal the two beside the corner."""
    if a[0] != b[0] and a[1] != b[1]:
        return [a, b, (a[0], b[1]), (b[0], a[1])]
    return [a, b]


def _peak_centre(m: FwMap, style: dict, terr: dict, kind: str, a, b) -> tuple[float, float]:
    """Where the peak astride the link a-b stands (a's own units): on the link, clear of the ids of the squares around."""
    k = m.square_mm / BOX
    size = id_font_size(style, k)
    ids = []
    for sq in _around(a, b):
        if m.in_bounds(sq):
            x0, y0, x1, y1 = square_id_box(0.0, 0.0, k, square_id(*sq), size)
            dx, dy = (sq[0] - a[0]) * BOX, (sq[1] - a[1]) * BOX
            ids.append((x0 / k + dx, y0 / k + dy, x1 / k + dx, y1 / k + dy))
    x0, y0, x1, y1 = _astride_box(kind, terr, (0.0, 0.0))
    return peak_centre(a, b, (x1, y1), ids, BOX)


def _astride_box(kind: str, terr: dict, mid: tuple[float, float]) -> tuple[float, float, float, float]:
    """The box (square units) of the range's peak standing at ``mid`` on a square's edge, with a little air."""
    part, share = RANGES[kind]
    _els, (bx0, by0, bx1, by1) = _glyphs(kind, terr[kind]["ink"])[part]
    hw, hh = (bx1 - bx0) * share / 2 + 1.0, (by1 - by0) * share / 2 + 1.0
    return mid[0] - hw, mid[1] - hh, mid[0] + hw, mid[1] + hh


def _hatch(root, colours: dict, x: float, y: float, w: float, h: float, k: float) -> None:
    """The terrain's hatching over a run of squares (the black-and-white look), ``k`` the squares' scale."""
    spec = colours.get("hatch")
    if not spec:
        return
    spacing, width, ink = spec["spacing"] * k, spec["width"] * k, colours.get("ink", "#000000")
    d = [f"M {fmt(a)} {fmt(b)} L {fmt(c)} {fmt(e)}" for a, b, c, e in hatch_lines(spec["kind"], x, y, w, h, spacing)]
    if d:
        _el(root, "path", d=" ".join(d), fill="none", stroke=ink, stroke_width=width)
    for cx, cy in hatch_dots(spec["kind"], x, y, w, h, spacing, margin=width):
        _el(root, "circle", cx=cx, cy=cy, r=width, fill=ink, stroke="none")


def _draw_shallows(root, m: FwMap, lay, style):
    """Coasts: a band of shallow water along every water square's edge that meets land."""
    sh = style["shallows"]
    s = m.square_mm
    band = sh["width"] * s / BOX
    water = np.isin(m.terrain.astype(str), sorted(WATER))
    for row, col in zip(*np.nonzero(water)):
        x, y = _sq_origin(lay, m, int(col), int(row))
        for dc, dr, rect in ((-1, 0, (x, y, band, s)), (1, 0, (x + s - band, y, band, s)),
                             (0, -1, (x, y, s, band)), (0, 1, (x, y + s - band, s, band))):
            c, r = int(col) + dc, int(row) + dr
            if 0 <= c < m.width and 0 <= r < m.height and not water[r, c]:
                _el(root, "rect", x=rect[0], y=rect[1], width=rect[2], height=rect[3], fill=sh["color"], stroke="none")


def _territory_runs(m: FwMap):
    """('x', runs) when bands are columns, ('y', runs) when rows, else (None, []); runs are (value, start, end)."""
    ter = m.territory
    if m.height and all((ter[:, c] == ter[0, c]).all() for c in range(m.width)):
        line, axis = [str(ter[0, c]) for c in range(m.width)], "x"
    elif m.width and all((ter[r, :] == ter[r, 0]).all() for r in range(m.height)):
        line, axis = [str(ter[r, 0]) for r in range(m.height)], "y"
    else:
        return None, []
    runs = []
    start = 0
    for i in range(1, len(line) + 1):
        if i == len(line) or line[i] != line[start]:
            runs.append((line[start], start, i))
            start = i
    return axis, runs


def _territory_names(m: FwMap, t: str) -> list[str]:
    """The band's words, longest first: ``Side A territory (Red, humans)`` down to ``Side A``."""
    if t == "N":
        return ["Neutral territory", "Neutral"]
    side = next((s for s in m.sides if s.id == t), None)
    if side is None:
        return [f"Side {t} territory", f"Side {t}"]
    return [f"Side {t} territory ({_side_words(side)})", f"Side {t}: {_side_words(side)}", f"Side {t}"]


def _territory_color(m: FwMap, t: str) -> str | None:
    side = next((s for s in m.sides if s.id == t), None)
    return side.color if side else None


def _draw_territory(root, m: FwMap, lay, style):
    """Territory as a bold boundary line and labelled bands along the map edges.

    The squares keep their terrain colour whatever the territory (issue 11): a
    tint over them turned the sea purple-grey and the plain pink in one side's
    third, and the legend could show neither.
    """
    ts = style["territory"]
    s = m.square_mm
    ter = m.territory
    # boundaries: unit edges between squares of different territory, merged into straight runs
    vertical: dict[int, list[int]] = {}
    horizontal: dict[int, list[int]] = {}
    for row in range(m.height):
        for col in range(m.width):
            if col + 1 < m.width and ter[row, col] != ter[row, col + 1]:
                vertical.setdefault(col + 1, []).append(row)
            if row + 1 < m.height and ter[row, col] != ter[row + 1, col]:
                horizontal.setdefault(row + 1, []).append(col)
    dash = " ".join(fmt(v) for v in ts["boundary_dash"])

    def runs(values):
        values = sorted(values)
        start = prev = values[0]
        for v in values[1:]:
            if v != prev + 1:
                yield start, prev + 1
                start = v
            prev = v
        yield start, prev + 1

    common = dict(stroke=ts["boundary_color"], stroke_width=ts["boundary_width"], stroke_dasharray=dash, fill="none", stroke_linecap="butt")
    for x in sorted(vertical):
        for a, b in runs(vertical[x]):
            (x0, y0), (x1, y1) = _corner(lay, m, (x, a)), _corner(lay, m, (x, b))
            _el(root, "line", x1=x0, y1=y0, x2=x1, y2=y1, **common)
    for y in sorted(horizontal):
        for a, b in runs(horizontal[y]):
            (x0, y0), (x1, y1) = _corner(lay, m, (a, y)), _corner(lay, m, (b, y))
            _el(root, "line", x1=x0, y1=y0, x2=x1, y2=y1, **common)

    # labelled strips in the outer margin, along the bands
    axis, band_runs = _territory_runs(m)
    if axis is None:
        return
    strip = style["layout"]["strip_band"]
    out = lay.margin
    size = ts["label_size"]
    for t, a, b in band_runs:
        color = _territory_color(m, t)
        fill = _mix(color, "#ffffff", ts["strip_tint"]) if color else ts["neutral_strip"]
        label, fs = _band_label(_territory_names(m, t), s - 2 * STRIP_LABEL_PAD_MM, size)
        length = (b - a) * s
        # A tiled map is cut on grid lines: the words stand within each square of the band, whole on every sheet.
        if axis == "x":
            x0 = lay.grid_x + a * s
            for y0 in (lay.grid_y - out, lay.grid_y + lay.grid_h + out - strip):
                _el(root, "rect", x=x0, y=y0, width=length, height=strip, fill=fill, stroke=color or "#999999", stroke_width=0.3)
                for k in range(b - a):
                    _text(root, x0 + (k + 0.5) * s, y0 + strip / 2 + fs * 0.35, label, fs, anchor="middle", bold=True)
        else:
            y0 = lay.grid_y + a * s
            for x0 in (lay.grid_x - out, lay.grid_x + lay.grid_w + out - strip):
                _el(root, "rect", x=x0, y=y0, width=strip, height=length, fill=fill, stroke=color or "#999999", stroke_width=0.3)
                for k in range(b - a):
                    cx, cy = x0 + strip / 2 + fs * 0.35, y0 + (k + 0.5) * s
                    _text(root, 0, 0, label, fs, anchor="middle", bold=True, transform=f"translate({fmt(cx)},{fmt(cy)}) rotate(-90)")


#: Room kept clear at each end of a band label, within its square (mm).
STRIP_LABEL_PAD_MM = 2.0
#: The smallest band lettering before shorter words are used instead (mm; about 7 pt).
STRIP_LABEL_MIN_MM = 2.5


def _band_label(names: list[str], room: float, size: float) -> tuple[str, float]:
    """The longest of ``names`` that fits ``room`` at ``size`` or smaller (down to the minimum), and its size."""
    for name in names:
        fs = min(size, size * room / text_width(name, size, bold=True))
        if fs >= STRIP_LABEL_MIN_MM:
            return name, fs
    name = names[-1]
    return name, max(min(size, size * room / text_width(name, size, bold=True)), 1.0)
