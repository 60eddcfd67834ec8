"""Names on the campaign map: rivers along their course, chains along theirs, regions spread over theirs.

Holding names are on the holdings' own label plates (``fw_map._arrange``); this module
places the rest after everything else is laid out.  It goes greedily, rivers first, then
chains, then regions (a river has the fewest good spots), and puts each name at the best of
a few candidate spots that touches nothing already on the map: the square names, holding and
feature icons and their plates, crossings, the river lines and the names placed before it.
Roads and the territory boundary may be crossed, at a cost.  Every candidate is a rotated box
(shapely), checked in arrays of candidates at once (shapely 2), so a big map stays quick.  A
name that finds no free spot is left off the map rather than drawn over something; the
setup sheet lists every name.  Terrain glyphs under a name are left out
(:func:`reserved_boxes`), so a name reads on plain colour: the PDF route draws no halo
round text.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from dataclasses import dataclass

import numpy as np
import shapely

from ..fw.model import FwMap
from . import fonts
from .fw_map import BOX, ID_ZONE, _Placed, _glyphs, _reserved, _river_points, load_style
from .svgdoc import fmt
from .templates import el as _el
from .text import text_width

#: Space left between a river's casing and its name, mm at 50 mm squares.
RIVER_GAP = 0.7
#: Room round a name's letters that nothing else may take, mm.
PAD = 0.4
#: The least share of a chain or region name's box that lies over its own squares.
MIN_COVER = 0.55
#: A chain is long enough to be named along its length when its axis is this many times its width.
ELONGATED = 1.8
#: The most spots tried for one chain or region name: those nearest its middle (a huge forest has hundreds).
MAX_ANCHORS = 120
#: Names placed since the last index of placed names, checked one by one (rebuilding it for each costs more).
_RECENT = 48


@dataclass(frozen=True)
class NameLabel:
    """One name as drawn: the text centred on (x, y), turned ``angle`` degrees clockwise."""

    name: str
    kind: str  # "river", "chain" or "region"
    x: float
    y: float
    angle: float
    size: float
    spacing: float  # extra space after each letter, mm
    bold: bool
    italic: bool
    fill: str
    outline: object  # shapely Polygon on the drawing, mm

    def advances(self) -> list[float]:
        """Each letter's x from the start of the text."""
        out, x = [], 0.0
        for ch in self.name:
            out.append(x)
            x += fonts.width(ch, self.size, self.bold, self.italic) + self.spacing
        return out


def _boxes(cx, cy, angle, hw: float, hh: float):
    """Rotated rectangles, one per centre and angle (degrees clockwise), as shapely polygons."""
    cx, cy, angle = (np.atleast_1d(np.asarray(v, float)) for v in (cx, cy, angle))
    r = np.radians(angle)[:, None]
    dx = np.array([-hw, hw, hw, -hw, -hw])[None, :]
    dy = np.array([-hh, -hh, hh, hh, -hh])[None, :]
    xs = cx[:, None] + dx * np.cos(r) - dy * np.sin(r)
    ys = cy[:, None] + dx * np.sin(r) + dy * np.cos(r)
    return shapely.polygons(np.stack([xs, ys], axis=2))


class _Map:
    """What names must keep off, and the names placed so far."""

    def __init__(self, hard: list, soft: list, frame: tuple[float, float, float, float]):
        self.hard = shapely.STRtree(hard)
        self.soft = shapely.STRtree(soft)
        self.frame = frame
        self.placed: list = []
        self._tree = None  # an index of placed[:self._indexed]
        self._indexed = 0

    def free(self, cands) -> np.ndarray:
        ok = np.ones(len(cands), bool)
        b = shapely.bounds(cands)
        x0, y0, x1, y1 = self.frame
        ok &= (b[:, 0] >= x0) & (b[:, 1] >= y0) & (b[:, 2] <= x1) & (b[:, 3] <= y1)
        ok[self.hard.query(cands, predicate="intersects")[0]] = False
        if len(self.placed) - self._indexed > _RECENT:
            self._tree, self._indexed = shapely.STRtree(self.placed), len(self.placed)
        if self._tree is not None:
            ok[self._tree.query(cands, predicate="intersects")[0]] = False
        recent = self.placed[self._indexed :]
        if recent:
            ok &= ~shapely.intersects(np.asarray(cands)[:, None], np.array(recent, dtype=object)[None, :]).any(axis=1)
        return ok

    def crossings(self, cands, which: np.ndarray) -> np.ndarray:
        """How many roads and boundary lines each candidate crosses (counted only where ``which``)."""
        out = np.zeros(len(cands), int)
        idx = np.flatnonzero(which)
        out[idx] = np.bincount(self.soft.query(np.asarray(cands)[idx], predicate="intersects")[0], minlength=len(idx))
        return out

    def take(self, outline) -> None:
        self.placed.append(outline)


def _obstacles(m: FwMap, lay, placed: dict[tuple[int, int], list[_Placed]], style) -> _Map:
    """The square names, icons, plates and crossings (boxes), the river lines (hard) and roads and
    the territory boundary (soft), in drawing millimetres."""
    s = m.square_mm
    k = s / BOX
    boxes = []  # (x0, y0, x1, y1) on the drawing
    for row in range(m.height):
        for col in range(m.width):
            x, y = lay.grid_x + col * s, lay.grid_y + row * s
            for bx0, by0, bx1, by1 in _reserved(placed[(col, row)]) if (col, row) in placed else [ID_ZONE]:
                boxes.append((x + bx0 * k, y + by0 * k, x + bx1 * k, y + by1 * k))
    for c in m.crossings:
        (c0, r0), (c1, r1) = c.squares
        mx, my = lay.grid_x + (max(c0, c1)) * s, lay.grid_y + (max(r0, r1)) * s
        mx += 0 if c0 != c1 else s / 2
        my += 0 if r0 != r1 else s / 2
        reach = max(max(abs(v - 25) for v in box) for _els, box in _glyphs(f"crossing-{c.kind}", None))
        half = reach * k * style["sizes"]["crossing"]
        boxes.append((mx - half, my - half, mx + half, my + half))
    hard = list(shapely.box(*np.array(boxes).T))
    rs = style["river"]
    for r in m.rivers:
        if len(r.points) >= 2:
            hard.append(shapely.LineString(_river_points(m, lay, r)).buffer(rs["casing_width"] / 2, cap_style="flat"))
    soft = []
    for road in m.roads:
        if len(road.squares) >= 2:
            pts = [(lay.grid_x + (c + 0.5) * s, lay.grid_y + (r + 0.5) * s) for c, r in road.squares]
            soft.append(shapely.LineString(pts).buffer(style["road"]["casing_width"] / 2))
    ter = m.territory
    for row in range(m.height):
        for col in range(m.width):
            x, y = lay.grid_x + col * s, lay.grid_y + row * s
            if col + 1 < m.width and ter[row, col] != ter[row, col + 1]:
                soft.append(shapely.LineString([(x + s, y), (x + s, y + s)]))
            if row + 1 < m.height and ter[row, col] != ter[row + 1, col]:
                soft.append(shapely.LineString([(x, y + s), (x + s, y + s)]))
    inset = 0.8 * k
    frame = (lay.grid_x + inset, lay.grid_y + inset, lay.grid_x + lay.grid_w - inset, lay.grid_y + lay.grid_h - inset)
    return _Map(hard, soft, frame)


def _variants(ns: dict, kind: str, k: float):
    """(size, spacing) to try for a kind of name, largest first: its own size and letter spacing,
    then tighter, then the least size (legible: 2.5 mm on 50 mm squares)."""
    size = ns[f"{kind}_size"] * k
    least = max(ns["min_size"], 0) * k
    em = ns.get(f"{kind}_spacing", 0.0)
    out = [(size, size * em), (size, size * em / 2), (size, 0.0), (least, 0.0)]
    return list(dict.fromkeys(out))


def _river_spots(pts, w: float, hh: float, casing: float):
    """Candidate centres and angles beside each straight run of a river, best first."""
    runs = []
    start = 0
    for i in range(1, len(pts)):
        if i == len(pts) - 1 or not _same_way(pts[start], pts[i], pts[i + 1]):
            runs.append((pts[start], pts[i]))
            start = i
    spots = []  # (cost, cx, cy, angle)
    for (x0, y0), (x1, y1) in runs:
        length = math.hypot(x1 - x0, y1 - y0)
        if length < 1e-6:
            continue
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        angle = math.degrees(math.atan2(uy, ux))
        angle = angle - 180 if angle >= 90 else angle + 180 if angle < -90 else angle  # read left to right, or upwards
        nx, ny = -uy, ux
        along = [length / 2] + ([w / 2 + 2, length - w / 2 - 2] if length > w + 6 else [])
        short = max(0.0, w + 4 - length)
        for t in along:
            for side in (1, -1):
                off = casing / 2 + RIVER_GAP + hh
                cost = short * 2 + abs(t - length / 2) / max(length, 1) + (0.1 if side < 0 else 0)
                spots.append((cost, x0 + ux * t + nx * off * side, y0 + uy * t + ny * off * side, angle))
    spots.sort(key=lambda s: s[0])
    return spots


def _same_way(a, b, c) -> bool:
    return abs((b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])) < 1e-9


def _place_river(mp: _Map, m: FwMap, lay, r, style) -> NameLabel | None:
    ns = style["names"]
    k = m.square_mm / BOX
    pts = _river_points(m, lay, r)
    for size, spacing in _variants(ns, "river", k):
        w = text_width(r.name, size, italic=True, spacing=spacing)
        hw, hh = w / 2 + PAD, size * 0.5 + PAD
        spots = _river_spots(pts, w, hh, style["river"]["casing_width"])
        if not spots:
            return None
        cost, cx, cy, ang = (np.array(v) for v in zip(*spots))
        cands = _boxes(cx, cy, ang, hw, hh)
        ok = mp.free(cands)
        if ok.any():
            total = cost + mp.crossings(cands, ok) * 3.0
            i = int(np.flatnonzero(ok)[np.argmin(total[ok])])
            return NameLabel(r.name, "river", float(cx[i]), float(cy[i]), float(ang[i]), size, spacing, False, True,
                             ns["river_color"], cands[i])
    return None


def _anchors(squares, lay, s: float):
    """Centres of the squares, of each pair of neighbouring squares and of the whole group (mm)."""
    pts = np.array([(lay.grid_x + (c + 0.5) * s, lay.grid_y + (r + 0.5) * s) for c, r in squares])
    have = set(squares)
    mids = [((c + 0.5 + dc / 2), (r + 0.5 + dr / 2)) for c, r in squares for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1))
            if (c + dc, r + dr) in have]
    mids = np.array([(lay.grid_x + x * s, lay.grid_y + y * s) for x, y in mids]).reshape(-1, 2)
    centre = pts.mean(axis=0)
    spots = np.vstack([centre[None, :], pts, mids])
    near = np.argsort(np.hypot(*(spots - centre).T), kind="stable")[:MAX_ANCHORS]
    return spots[near], centre


def _axis(squares) -> float | None:
    """The direction a group of squares runs in (degrees, -90 to 90), when it is long and thin."""
    xy = np.array(squares, float)
    if len(xy) < 3:
        return None
    vals, vecs = np.linalg.eigh(np.cov(xy.T))
    if vals[0] <= 0 and vals[1] <= 0:
        return None
    if vals[1] < ELONGATED**2 * max(vals[0], 1e-9):
        return None
    ux, uy = vecs[:, 1]
    angle = math.degrees(math.atan2(uy, ux))
    return angle - 180 if angle >= 90 else angle + 180 if angle < -90 else angle


def _place_area(mp: _Map, m: FwMap, lay, place, kind: str, fill: str, bold: bool, italic: bool, style) -> NameLabel | None:
    """A chain's or region's name over its own squares: the spot that covers them most, nearest their middle."""
    ns = style["names"]
    s = m.square_mm
    k = s / BOX
    anchors, centre = _anchors(place.squares, lay, s)
    own = np.zeros((m.height, m.width), bool)
    own[tuple(np.array(place.squares)[:, ::-1].T)] = True
    axis = _axis(place.squares) if kind == "chain" else None
    angles = [0.0] if axis is None or abs(axis) < 1 else [axis, 0.0]
    fallback = None
    for size, spacing in _variants(ns, kind, k):
        w = text_width(place.name, size, bold=bold, italic=italic, spacing=spacing)
        hw, hh = w / 2 + PAD, size * 0.5 + PAD
        cx = np.repeat(anchors[:, 0], len(angles))
        cy = np.repeat(anchors[:, 1], len(angles))
        ang = np.tile(angles, len(anchors))
        cands = _boxes(cx, cy, ang, hw, hh)
        ok = mp.free(cands)
        if not ok.any():
            continue
        cover = _cover(cx, cy, ang, hw, hh, own, lay, s)
        dist = np.hypot(cx - centre[0], cy - centre[1]) / s
        cost = -2.0 * cover + 0.3 * dist + 1.0 * mp.crossings(cands, ok) + 0.4 * (ang != angles[0])
        good = ok & (cover >= MIN_COVER)
        pool = good if good.any() else ok & (cover >= MIN_COVER / 2)
        if not pool.any():
            continue
        i = int(np.flatnonzero(pool)[np.argmin(cost[pool])])
        label = NameLabel(place.name, kind, float(cx[i]), float(cy[i]), float(ang[i]), size, spacing, bold, italic, fill, cands[i])
        if good.any():
            return label
        fallback = fallback or label
    return fallback


def _cover(cx, cy, ang, hw: float, hh: float, own: np.ndarray, lay, s: float) -> np.ndarray:
    """The share of each candidate box over the place's own squares, from a grid of points in the box."""
    u = np.linspace(-1, 1, 9)[:, None] * hw
    v = np.linspace(-1, 1, 3)[None, :] * hh
    u, v = np.broadcast_arrays(u, v)
    r = np.radians(ang)[:, None]
    px = cx[:, None] + u.ravel()[None, :] * np.cos(r) - v.ravel()[None, :] * np.sin(r)
    py = cy[:, None] + u.ravel()[None, :] * np.sin(r) + v.ravel()[None, :] * np.cos(r)
    col = np.floor((px - lay.grid_x) / s).astype(int)
    row = np.floor((py - lay.grid_y) / s).astype(int)
    inside = (col >= 0) & (col < own.shape[1]) & (row >= 0) & (row < own.shape[0])
    hit = np.zeros(col.shape, bool)
    hit[inside] = own[row[inside], col[inside]]
    return hit.mean(axis=1)


def layout_names(m: FwMap, lay, placed: dict[tuple[int, int], list[_Placed]]) -> list[NameLabel]:
    """Where each river, chain and region name goes; a name with no free spot is left out."""
    style = load_style()
    ns = style["names"]
    mp = _obstacles(m, lay, placed, style)
    out = []

    def keep(label):
        if label is not None:
            mp.take(label.outline)
            out.append(label)

    for r in m.rivers:
        if r.name and len(r.points) >= 2:
            keep(_place_river(mp, m, lay, r, style))
    for p in m.chains:
        keep(_place_area(mp, m, lay, p, "chain", ns["chain_color"], True, False, style))
    for p in m.regions:
        keep(_place_area(mp, m, lay, p, "region", ns["region_colors"].get(p.kind, ns["chain_color"]), False, True, style))
    return out


def reserved_boxes(m: FwMap, lay, labels: list[NameLabel]) -> dict[tuple[int, int], list[tuple[float, float, float, float]]]:
    """Per square, boxes (in its 0..50 symbol units) that its terrain glyphs keep out of: the names over it.

    A turned name is cut in short pieces so that its boxes follow it rather than fill a square.
    """
    s = m.square_mm
    k = s / BOX
    out: dict[tuple[int, int], list] = {}
    for lab in labels:
        pieces = [lab.outline]
        if lab.angle % 180:
            rx0, ry0, rx1, ry1 = shapely.bounds(lab.outline)
            n = max(1, int(math.ceil(max(rx1 - rx0, ry1 - ry0) / max(lab.size, 1.0))))
            cuts = [shapely.box(rx0 + (rx1 - rx0) * i / n, ry0, rx0 + (rx1 - rx0) * (i + 1) / n, ry1) for i in range(n)]
            pieces = [p for p in shapely.intersection(lab.outline, cuts) if not p.is_empty]
        for piece in pieces:
            px0, py0, px1, py1 = piece.bounds
            for col in range(max(0, int((px0 - lay.grid_x) // s)), min(m.width, int((px1 - lay.grid_x) // s) + 1)):
                for row in range(max(0, int((py0 - lay.grid_y) // s)), min(m.height, int((py1 - lay.grid_y) // s) + 1)):
                    ox, oy = lay.grid_x + col * s, lay.grid_y + row * s
                    out.setdefault((col, row), []).append(((px0 - ox) / k, (py0 - oy) / k, (px1 - ox) / k, (py1 - oy) / k))
    return out


def draw_names(root: ET.Element, labels: list[NameLabel]) -> None:
    """Each name as one ``<text>``: letters set one by one where it is spaced, so the name stays whole in the file."""
    family = load_style()["font_family"]
    for lab in labels:
        w = text_width(lab.name, lab.size, bold=lab.bold, italic=lab.italic, spacing=lab.spacing)
        tr = f"translate({fmt(lab.x)},{fmt(lab.y)})" + (f" rotate({fmt(lab.angle)})" if fmt(lab.angle) != "0" else "")
        g = _el(root, "g", transform=tr)
        base = lab.size * 0.32
        if lab.spacing:
            xs = " ".join(fmt(-w / 2 + a) for a in lab.advances())
            t = _el(g, "text", y=base, font_family=family, font_size=lab.size, fill=lab.fill,
                    font_weight="bold" if lab.bold else None, font_style="italic" if lab.italic else None)
            t.set("x", xs)
        else:
            t = _el(g, "text", x=0, y=base, font_family=family, font_size=lab.size, fill=lab.fill, text_anchor="middle",
                    font_weight="bold" if lab.bold else None, font_style="italic" if lab.italic else None)
        t.text = lab.name
