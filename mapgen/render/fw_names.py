"""Names on the campaign map: rivers along their course, chains along theirs, regions spread over theirs.

Holding names are on the holdings' own label plates (``fw_map._arrange``); this module
places the rest after everything else is laid out.  It goes greedily, rivers first, then
chains, then regions (a river has the fewest good spots), and puts each name at the best of
a few candidate spots that touches nothing already on the map: the square names, holding and
feature icons and their plates, crossings, the river lines and the names placed before it.
Roads and the territory boundary may be crossed, at a cost.  Every candidate is a rotated box
(shapely), checked in arrays of candidates at once (shapely 2), so a big map stays quick:
envelope first, with GEOS's exact test only where an envelope cannot settle it
(:mod:`.shape_index`), the square names' corners by arithmetic on the grid, and the first size of
every chain and region name in one batch (issue 27: a 150 x 150 map's names took 0.7 s and now
0.2 s on the shared development machine, every SVG byte the same).  A
name that finds no free spot is left off the map rather than drawn over something; the
setup sheet lists every name.  Terrain glyphs under a name are left out
(:func:`reserved_boxes`), so a name reads on plain colour: the PDF route draws no halo
round text.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from dataclasses import dataclass, replace

import numpy as np
import shapely

from ..fw.model import FwMap
from ..grid import square_id
from .campaign_room import MapRoom
from .fw_map import BOX, ID_LEAST_SCALE, ID_ZONE, _Placed, _glyphs, _reserved, _river_points, load_style, square_id_box
from .fw_roads import road_points
from .shape_index import GridBoxes, ShapeIndex
from .svgdoc import fmt
from .templates import el as _el
from .text import letter_width, text_width

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
            x += letter_width(ch, self.size, self.bold, self.italic) + self.spacing
        return out


@dataclass(frozen=True)
class _Candidates:
    """Spots tried for one name: their corners, which are upright, their envelopes, and shapes to test them by.

    A shape is made only when a test needs it (most spots are settled by their envelope against the squares'
    names, :class:`~.shape_index.GridBoxes`).  An upright spot is tested as ``shapely.box`` of its envelope
    (half the cost of a polygon from its corners, and the same area, so every test says the same); only the
    spot picked is built corner by corner (:meth:`outline`), as the name's outline.
    """

    xy: np.ndarray  # (n, 5, 2): each box's closed ring
    upright: np.ndarray
    bounds: np.ndarray  # (n, 4): x0, y0, x1, y1
    shapes: np.ndarray  # shapely geometries, None until :meth:`shapes_at` makes them

    def __len__(self) -> int:
        return len(self.xy)

    def part(self, part: slice) -> "_Candidates":
        return _Candidates(self.xy[part], self.upright[part], self.bounds[part], self.shapes[part])

    def shapes_at(self, idx: np.ndarray) -> np.ndarray:
        """The shapes of the spots ``idx``, made now where they are not yet."""
        missing = idx[np.equal(self.shapes[idx], None)]
        if missing.size:
            up = self.upright[missing]
            made = np.empty(missing.size, dtype=object)
            if up.any():
                made[up] = shapely.box(*self.bounds[missing[up]].T)
            if not up.all():
                made[~up] = shapely.polygons(self.xy[missing[~up]])
            self.shapes[missing] = made
        return self.shapes[idx]

    def outline(self, i: int):
        return shapely.polygons(self.xy[i])


def _boxes(cx, cy, angle, hw, hh) -> _Candidates:
    """Rotated rectangles, one per centre and angle (degrees clockwise); ``hw``, ``hh`` one for all, or one each.

    A box at angle 0 is upright to the last bit (cos 0 = 1, sin 0 = 0); one at 90 degrees may be a
    rounding off, so it counts as turned and gets the exact test: slower, never wrong.
    """
    cx, cy, angle = (np.atleast_1d(np.asarray(v, float)) for v in (cx, cy, angle))
    r = np.radians(angle)[:, None]
    cos, sin = np.cos(r), np.sin(r)
    dx = np.array([-1.0, 1, 1, -1, -1])[None, :] * np.asarray(hw, float).reshape(-1, 1)  # one half-width, or one a box
    dy = np.array([-1.0, -1, 1, 1, -1])[None, :] * np.asarray(hh, float).reshape(-1, 1)
    xs = cx[:, None] + dx * cos - dy * sin
    ys = cy[:, None] + dx * sin + dy * cos
    xy = np.stack([xs, ys], axis=2)
    bounds = np.stack([xs.min(axis=1), ys.min(axis=1), xs.max(axis=1), ys.max(axis=1)], axis=1)
    return _Candidates(xy, angle == 0, bounds, np.full(len(xy), None, dtype=object))


class _Map:
    """What names must keep off, and the names placed so far."""

    def __init__(self, zones: GridBoxes, hard: ShapeIndex, soft: ShapeIndex, frame: tuple[float, float, float, float]):
        self.zones = zones  # the square names' corners
        self.hard = hard
        self.soft = soft
        self.frame = frame
        self.placed: list = []
        self._tree = None  # an index of placed[:self._indexed]
        self._indexed = 0

    def clear(self, cands: _Candidates) -> np.ndarray:
        """Which candidates lie inside the frame and touch nothing hard (what no name placed can change)."""
        b = cands.bounds
        x0, y0, x1, y1 = self.frame
        ok = (b[:, 0] >= x0) & (b[:, 1] >= y0) & (b[:, 2] <= x1) & (b[:, 3] <= y1)
        idx = np.flatnonzero(ok)
        if idx.size:  # the square names' corners: by arithmetic, a shape only for a turned spot
            cands.shapes_at(idx[~cands.upright[idx]])
            ok[idx] = ~self.zones.touched(cands.shapes[idx], cands.upright[idx], b[idx])
        idx = np.flatnonzero(ok)
        if idx.size:  # the icons, plates, crossings and rivers
            ok[idx] = ~self.hard.touched(cands.shapes_at(idx), cands.upright[idx])
        return ok

    def free(self, cands: _Candidates, clear: np.ndarray | None = None) -> np.ndarray:
        """Which candidates are :meth:`clear` (given, or found now) and touch no name placed so far (each test
        only on the candidates the ones before left free: the answer is the same, the work less)."""
        ok = self.clear(cands) if clear is None else clear.copy()
        if len(self.placed) - self._indexed > _RECENT:
            self._tree, self._indexed = ShapeIndex(self.placed), len(self.placed)
        if self._tree is not None and ok.any():
            idx = np.flatnonzero(ok)
            ok[idx[self._tree.query(cands.shapes_at(idx), cands.upright[idx])[0]]] = False
        recent = self.placed[self._indexed :]
        if recent and ok.any():
            idx = np.flatnonzero(ok)
            ok[idx] = ~shapely.intersects(cands.shapes_at(idx)[:, None], np.array(recent, dtype=object)[None, :]).any(axis=1)
        return ok

    def takes(self, shape, upright: bool) -> bool:
        """Whether one clear spot touches a name placed so far: :meth:`free` for a single shape, without arrays."""
        if len(self.placed) - self._indexed > _RECENT:
            self._tree, self._indexed = ShapeIndex(self.placed), len(self.placed)
        if self._tree is not None:
            index = self._tree
            for j in index.tree.query(shape).tolist():  # envelopes that meet; upright pairs need no more
                if (upright and index.upright[j]) or shapely.intersects(index.geoms[j], shape):
                    return True
        recent = self.placed[self._indexed :]
        return bool(recent) and bool(shapely.intersects(shape, recent).any())

    def crossings(self, cands: _Candidates, which: np.ndarray) -> np.ndarray:
        """How many roads and boundary lines each candidate crosses (counted only where ``which``)."""
        out = np.zeros(len(cands), int)
        idx = np.flatnonzero(which)
        out[idx] = np.bincount(self.soft.query(cands.shapes_at(idx), cands.upright[idx])[0], minlength=len(idx))
        return out

    def take(self, outline) -> None:
        self.placed.append(outline)


def _obstacles(m: FwMap, lay, placed: dict[tuple[int, int], list[_Placed]], style) -> _Map:
    """The square names, icons, plates and crossings (boxes), the river lines (hard) and roads and
    the territory boundary (soft), in drawing millimetres.

    Whole rows of squares at once (numpy): on a 150 x 150 map a loop over squares was a fifth of the
    time names took.  The arithmetic is the loop's, term for term, so every box has the same corners.
    """
    s = m.square_mm
    k = s / BOX
    rows, cols = np.indices((m.height, m.width))
    sq_x, sq_y = lay.grid_x + cols * s, lay.grid_y + rows * s  # each square's top-left corner
    bare = np.ones((m.height, m.width), bool)
    boxes = []  # (x0, y0, x1, y1) on the drawing
    for (col, row), items in placed.items():
        if 0 <= col < m.width and 0 <= row < m.height:
            bare[row, col] = False
            x, y = lay.grid_x + col * s, lay.grid_y + row * s
            for bx0, by0, bx1, by1 in _reserved(items):
                boxes.append((x + bx0 * k, y + by0 * k, x + bx1 * k, y + by1 * k))
    for c in m.crossings:
        (c0, r0), (c1, r1) = c.squares
        mx, my = lay.grid_x + (max(c0, c1)) * s, lay.grid_y + (max(r0, r1)) * s
        mx += 0 if c0 != c1 else s / 2
        my += 0 if r0 != r1 else s / 2
        reach = max(max(abs(v - 25) for v in box) for _els, box in _glyphs(f"crossing-{c.kind}", None))
        half = reach * k * style["sizes"]["crossing"]
        boxes.append((mx - half, my - half, mx + half, my + half))
    bx0, by0, bx1, by1 = ID_ZONE
    col_x, row_y = sq_x[0], sq_y[:, 0]
    zones = GridBoxes(col_x + bx0 * k, col_x + bx1 * k, row_y + by0 * k, row_y + by1 * k, bare)
    hard = list(shapely.box(*np.array(boxes).reshape(-1, 4).T)) if boxes else []
    hard_upright = [True] * len(hard)
    rs = style["river"]
    for r in m.rivers:
        if len(r.points) >= 2:
            hard.append(shapely.LineString(_river_points(m, lay, r)).buffer(rs["casing_width"] / 2, cap_style="flat"))
            hard_upright.append(False)
    soft = []
    for road in m.roads:
        if len(road.squares) >= 2:
            soft.append(shapely.LineString(road_points(m, lay, road.squares, style)).buffer(style["road"]["casing_width"] / 2))
    ter = np.asarray(m.territory)
    east = ter[:, :-1] != ter[:, 1:]  # a boundary on the square's east side ...
    x, y = sq_x[:, :-1][east], sq_y[:, :-1][east]
    if x.size:
        soft += list(shapely.linestrings(np.stack([np.stack([x + s, y], 1), np.stack([x + s, y + s], 1)], 1)))
    south = ter[:-1, :] != ter[1:, :]  # ... and on its south side
    x, y = sq_x[:-1, :][south], sq_y[:-1, :][south]
    if x.size:
        soft += list(shapely.linestrings(np.stack([np.stack([x, y + s], 1), np.stack([x + s, y + s], 1)], 1)))
    inset = 0.8 * k
    frame = (lay.grid_x + inset, lay.grid_y + inset, lay.grid_x + lay.grid_w - inset, lay.grid_y + lay.grid_h - inset)
    return _Map(zones, ShapeIndex(hard, np.array(hard_upright, bool)), ShapeIndex(soft), frame)


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
                             ns["river_color"], cands.outline(i))
    return None


def _anchors(groups: list, lay, s: float) -> list[tuple[np.ndarray, np.ndarray]]:
    """For each group of squares: the centres of its squares, of each pair of neighbouring squares and of the
    whole group (mm), the :data:`MAX_ANCHORS` nearest the group's centre first, and that centre.

    All groups at once (a big map has hundreds): the same numbers as group by group, each centre still
    the mean of its own squares.
    """
    sizes = [len(g) for g in groups]
    sq = np.array([q for g in groups for q in g], dtype=np.int64).reshape(-1, 2)
    group = np.repeat(np.arange(len(groups)), sizes)
    pts = np.stack([lay.grid_x + (sq[:, 0] + 0.5) * s, lay.grid_y + (sq[:, 1] + 0.5) * s], axis=1)
    steps = np.array(((1, 0), (0, 1), (1, 1), (1, -1)), dtype=np.int64)
    # A square's key in its own group; a neighbour belongs to the group when its key is among the group's.
    span = sq.max(axis=0) + 3 if len(sq) else np.array([1, 1])
    key = (group * span[1] + sq[:, 1] + 1) * span[0] + sq[:, 0] + 1
    near = sq[:, None, :] + steps[None, :, :]
    near_key = (group[:, None] * span[1] + near[..., 1] + 1) * span[0] + near[..., 0] + 1
    which, step = np.nonzero(np.isin(near_key, key))  # square by square, each in the order of steps
    d = steps[step]
    mids = np.stack([lay.grid_x + (sq[which, 0] + 0.5 + d[:, 0] / 2) * s, lay.grid_y + (sq[which, 1] + 0.5 + d[:, 1] / 2) * s], axis=1)
    mid_counts = np.bincount(group[which], minlength=len(groups))
    out, at, at_mid = [], 0, 0
    for n, n_mid in zip(sizes, mid_counts.tolist()):
        own = pts[at : at + n]
        centre = own.mean(axis=0)
        spots = np.vstack([centre[None, :], own, mids[at_mid : at_mid + n_mid]])
        nearest = np.argsort(np.hypot(*(spots - centre).T), kind="stable")[:MAX_ANCHORS]
        out.append((spots[nearest], centre))
        at, at_mid = at + n, at_mid + n_mid
    return out


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


@dataclass(frozen=True)
class _Area:
    """A chain or region to name, and how its name looks: what every try at a spot for it shares."""

    place: object  # a Place of the map
    number: int  # its place in the list of areas, for the grid of owners
    kind: str  # "chain" or "region"
    fill: str
    bold: bool
    italic: bool
    anchors: np.ndarray
    centre: np.ndarray
    angles: list[float]
    variants: list[tuple[float, float]]


@dataclass(frozen=True)
class _Tried:
    """One size of one area's name at every anchor and angle: the boxes, their cover and distance, and which
    of them lie in the frame and off the hard obstacles (the names placed before are not yet checked)."""

    size: float
    spacing: float
    cx: np.ndarray
    cy: np.ndarray
    ang: np.ndarray
    cands: _Candidates
    clear: np.ndarray
    cover: np.ndarray
    dist: np.ndarray
    crossings: np.ndarray


def _areas(m: FwMap, lay, ns: dict) -> list[_Area]:
    """The chains, then the regions, each with its anchors, angles and sizes to try (the order they are named in)."""
    s = m.square_mm
    k = s / BOX
    out = []
    groups = [(p, "chain", ns["chain_color"], True, False) for p in m.chains]
    groups += [(p, "region", ns["region_colors"].get(p.kind, ns["chain_color"]), False, True) for p in m.regions]
    anchored = _anchors([g[0].squares for g in groups], lay, s)
    for number, ((place, kind, fill, bold, italic), (anchors, centre)) in enumerate(zip(groups, anchored)):
        axis = _axis(place.squares) if kind == "chain" else None
        angles = [0.0] if axis is None or abs(axis) < 1 else [axis, 0.0]
        out.append(_Area(place, number, kind, fill, bold, italic, anchors, centre, angles, _variants(ns, kind, k)))
    return out


def _owners(m: FwMap, areas: list[_Area]) -> np.ndarray | None:
    """The grid of which area (its number) holds each square, -1 for none; None when two areas share a square."""
    owner = np.full((m.height, m.width), -1, np.int64)
    for a in areas:
        rows, cols = np.array(a.place.squares, dtype=np.int64).reshape(-1, 2)[:, ::-1].T
        if (owner[rows, cols] >= 0).any():
            return None
        owner[rows, cols] = a.number
    return owner


def _try(mp: _Map, areas: list[_Area], variant: list[int], owner: np.ndarray, lay, s: float) -> list[_Tried]:
    """Each area's name at its ``variant``-th size, all areas in one batch of numpy and shapely calls.

    Nothing here depends on the names placed before (the greedy order only matters for :meth:`_Map.free`
    on what is left), so the boxes, their cover of their own squares and the crossings are found for every
    area at once: one call a step instead of one a name was most of the time names took on a big map.
    """
    widths, per = [], []
    for a, v in zip(areas, variant):
        size, spacing = a.variants[v]
        w = text_width(a.place.name, size, bold=a.bold, italic=a.italic, spacing=spacing)
        widths.append((w / 2 + PAD, size * 0.5 + PAD))
        per.append(len(a.anchors) * len(a.angles))
    counts = np.array(per)
    cx = np.concatenate([np.repeat(a.anchors[:, 0], len(a.angles)) for a in areas])
    cy = np.concatenate([np.repeat(a.anchors[:, 1], len(a.angles)) for a in areas])
    ang = np.concatenate([np.tile(a.angles, len(a.anchors)) for a in areas])
    hw, hh = (np.repeat(np.array(col, float), counts) for col in zip(*widths))
    number = np.repeat([a.number for a in areas], counts)
    centre = np.repeat(np.array([a.centre for a in areas]).reshape(-1, 2), counts, axis=0)
    cands = _boxes(cx, cy, ang, hw, hh)
    clear = mp.clear(cands)
    cover = np.zeros(len(cx))  # only a clear box can be picked: the others need no cover
    c = np.flatnonzero(clear)
    cover[c] = _cover(cx[c], cy[c], ang[c], hw[c], hh[c], owner, number[c], lay, s)
    dist = np.hypot(cx - centre[:, 0], cy - centre[:, 1]) / s
    crossings = mp.crossings(cands, clear)
    out, at = [], 0
    for a, v, n in zip(areas, variant, per):
        part = slice(at, at + n)
        at += n
        size, spacing = a.variants[v]
        out.append(_Tried(size, spacing, cx[part], cy[part], ang[part], cands.part(part), clear[part], cover[part], dist[part], crossings[part]))
    return out


def _pick(mp: _Map, a: _Area, t: _Tried) -> tuple[NameLabel | None, bool]:
    """The best free spot of one try, and whether it covers enough of the area's own squares."""
    ok = mp.free(t.cands, t.clear)
    if not ok.any():
        return None, False
    cost = -2.0 * t.cover + 0.3 * t.dist + 1.0 * np.where(ok, t.crossings, 0) + 0.4 * (t.ang != a.angles[0])
    good = ok & (t.cover >= MIN_COVER)
    pool = good if good.any() else ok & (t.cover >= MIN_COVER / 2)
    if not pool.any():
        return None, False
    i = int(np.flatnonzero(pool)[np.argmin(cost[pool])])
    label = NameLabel(a.place.name, a.kind, float(t.cx[i]), float(t.cy[i]), float(t.ang[i]), t.size, t.spacing, a.bold,
                      a.italic, a.fill, t.cands.outline(i))  # fmt: skip
    return label, bool(good.any())


def _place_areas(mp: _Map, m: FwMap, lay, ns: dict, keep) -> None:
    """Each chain's and region's name over its own squares: the spot that covers them most, nearest their middle.

    Sizes are tried largest first; a name whose spots all cover too little of its squares takes the best of
    them at the largest size that has one.  The first size of every area is tried in one batch (it fits
    almost every name), the smaller ones area by area when needed.
    """
    s = m.square_mm
    areas = _areas(m, lay, ns)
    owner = _owners(m, areas)
    if owner is None or not areas:  # areas that share squares (or none: a map from before names): one area at a time
        first = [None] * len(areas)
    else:
        first = _try(mp, areas, [0] * len(areas), owner, lay, s)
    for a, tried in zip(areas, first):
        label = None if tried is None else _first_free(mp, a, tried)
        if label is None:
            own = _owners(m, [replace(a, number=0)]) if owner is None else owner
            area = replace(a, number=0 if owner is None else a.number)
            for v in range(len(a.variants)):
                t = tried if v == 0 and tried is not None else _try(mp, [area], [v], own, lay, s)[0]
                found, good = _pick(mp, a, t)
                if good:
                    label = found
                    break
                label = label or found
        keep(label)


#: Spots :func:`_first_free` checks one by one before it leaves the choice to :func:`_pick`.
QUICK_TRIES = 6


def _first_free(mp: _Map, a: _Area, t: _Tried) -> NameLabel | None:
    """:func:`_pick`'s choice when it is a well-covering spot: the clear spots that cover enough, cheapest first
    (ties by their order, as ``argmin`` breaks them), each checked alone against the names placed so far; the
    first free one is the cheapest free one.  None when the first :data:`QUICK_TRIES` are all taken, or none
    covers enough: :func:`_pick` then weighs every spot.  Most names take their first spot, so a name costs one
    small check instead of a pass over all its spots."""
    eligible = np.flatnonzero(t.clear & (t.cover >= MIN_COVER))
    if not len(eligible):
        return None
    cost = -2.0 * t.cover[eligible] + 0.3 * t.dist[eligible] + 1.0 * t.crossings[eligible] + 0.4 * (t.ang[eligible] != a.angles[0])
    for i in eligible[np.argsort(cost, kind="stable")][:QUICK_TRIES].tolist():
        if not mp.takes(t.cands.shapes_at(np.array([i]))[0], bool(t.cands.upright[i])):
            return NameLabel(a.place.name, a.kind, float(t.cx[i]), float(t.cy[i]), float(t.ang[i]), t.size, t.spacing,
                             a.bold, a.italic, a.fill, t.cands.outline(i))  # fmt: skip
    return None


def _cover(cx, cy, ang, hw, hh, owner: np.ndarray, number: np.ndarray, lay, s: float) -> np.ndarray:
    """The share of each candidate box over its area's own squares (``owner`` is ``number``), from a grid of
    9 x 3 points in the box.

    An upright box's points are its 9 columns' x and its 3 rows' y (cos 0 = 1 and sin 0 = 0 change no
    bit), so its squares are looked up from 12 numbers rather than 54; a turned box's are turned point by
    point.
    """
    n = len(cx)
    hw, hh = np.broadcast_to(np.asarray(hw, float), (n,)), np.broadcast_to(np.asarray(hh, float), (n,))
    u = np.linspace(-1, 1, 9)[None, :] * hw[:, None]  # (n, 9)
    v = np.linspace(-1, 1, 3)[None, :] * hh[:, None]  # (n, 3)
    col = np.empty((n, 9, 3), np.int64)
    row = np.empty((n, 9, 3), np.int64)
    up = np.asarray(ang) == 0
    if up.any():
        col[up] = np.floor((cx[up, None] + u[up] - lay.grid_x) / s).astype(np.int64)[:, :, None]
        row[up] = np.floor((cy[up, None] + v[up] - lay.grid_y) / s).astype(np.int64)[:, None, :]
    turned = ~up
    if turned.any():
        r = np.radians(np.asarray(ang)[turned])[:, None, None]
        cos, sin = np.cos(r), np.sin(r)
        uu, vv = u[turned][:, :, None], v[turned][:, None, :]
        px = cx[turned, None, None] + uu * cos - vv * sin
        py = cy[turned, None, None] + uu * sin + vv * cos
        col[turned] = np.floor((px - lay.grid_x) / s).astype(np.int64)
        row[turned] = np.floor((py - lay.grid_y) / s).astype(np.int64)
    col, row = col.reshape(n, 27), row.reshape(n, 27)
    inside = (col >= 0) & (col < owner.shape[1]) & (row >= 0) & (row < owner.shape[0])
    hit = np.zeros(col.shape, bool)
    hit[inside] = owner[row[inside], col[inside]] == np.broadcast_to(number[:, None], col.shape)[inside]
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
    _place_areas(mp, m, lay, ns, keep)
    return out


def _pieces(lab: NameLabel) -> list:
    """A name's outline; a turned name's cut in short pieces, so that boxes round them follow it rather than fill squares."""
    if not lab.angle % 180:
        return [lab.outline]
    rx0, ry0, rx1, ry1 = shapely.bounds(lab.outline)
    n = max(1, int(math.ceil(max(rx1 - rx0, ry1 - ry0) / max(lab.size, 1.0))))
    cuts = [shapely.box(rx0 + (rx1 - rx0) * i / n, ry0, rx0 + (rx1 - rx0) * (i + 1) / n, ry1) for i in range(n)]
    return [p for p in shapely.intersection(lab.outline, cuts) if not p.is_empty]


def reserved_boxes(m: FwMap, lay, labels: list[NameLabel]) -> dict[tuple[int, int], list[tuple[float, float, float, float]]]:
    """Per square, boxes (in its 0..50 symbol units) that its terrain glyphs keep out of: the names over it."""
    s = m.square_mm
    k = s / BOX
    out: dict[tuple[int, int], list] = {}
    for lab in labels:
        for piece in _pieces(lab):
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


#: Room kept clear around a square's id on the status map (mm).
ID_PAD_MM = 0.3


def map_room(m, lay, placed: dict, labels: list, id_size: float) -> MapRoom:
    """The room of a campaign map as :func:`~mapgen.render.fw_map.render_fw_map` lays it out.

    ``placed`` is each square's holdings and features (:func:`~mapgen.render.fw_layout._content`), ``labels``
    the river, chain and region names (:func:`~mapgen.render.fw_names.layout_names`), ``id_size`` the
    style's square id size (mm on a 50 mm square).
    """
    s = m.square_mm
    k = s / BOX
    names: list[Box] = []
    symbols: list[Box] = []
    for (col, row), items in placed.items():
        ox, oy = lay.grid_x + col * s, lay.grid_y + row * s
        for p in items:
            symbols.append((ox + p.x * k, oy + p.y * k, ox + (p.x + p.size) * k, oy + (p.y + p.size) * k))
            if p.plate is not None:
                x, y, w, h = p.plate
                names.append((ox + x * k, oy + y * k, ox + (x + w) * k, oy + (y + h) * k))
    for lab in labels:
        names.extend(tuple(float(v) for v in piece.bounds) for piece in _pieces(lab))
    size = id_size * max(k, ID_LEAST_SCALE)
    for row in range(m.height):  # each square's id in its north-west corner (fw_map._draw_grid)
        for col in range(m.width):
            x0, y0, x1, y1 = square_id_box(lay.grid_x + col * s, lay.grid_y + row * s, k, square_id(col, row), size)
            names.append((x0 - ID_PAD_MM, y0 - ID_PAD_MM, x1 + ID_PAD_MM, y1 + ID_PAD_MM))
    return MapRoom(tuple(names), tuple(symbols))
