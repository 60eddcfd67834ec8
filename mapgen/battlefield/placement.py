"""Footprints in centimetres and a bounded placement search on the table.

Every feature is placed as an axis-aligned box (whole centimetres, so a player
can measure it with a tape) and its outline is drawn inside that box: a
natural outline for hills, woods and lakes, the box itself for fields and
buildings.  Because outlines never leave their boxes, keeping boxes apart keeps
the features apart, and the search tests hundreds of candidate boxes at once
with numpy.  Rivers, roads and lava are buffered lines tested exactly with
shapely.  A search tries a fixed number of candidates and gives up (the
caller writes a note): it never loops forever.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon, box

from .model import Feature
from .rules import CANDIDATES, FEATURE_GAP_CM, KINDS, ROUNDS

Box = tuple[float, float, float, float]


@dataclass
class Item:
    """A placed feature and what the search needs to know about it."""

    feature: Feature
    keep: Box | None = None  # the space it reserves: its box unless told (more for a farm with walls)
    exact: bool = False  # tested by its geometry (lines), not its box
    host: int | None = None  # index of the feature it stands on
    owner: int | None = None  # index of the feature it belongs to (walls, fields, markers)
    group: str | None = None  # features of one group keep their own distance (boulders, jungle dangers)
    ground: bool = False  # a plateau or mountain base: others stand wholly on it or wholly off it

    def __post_init__(self) -> None:
        if self.keep is None:
            self.keep = self.feature.polygon.bounds


@dataclass
class Layout:
    width: float
    depth: float
    rng: np.random.Generator
    items: list[Item] = field(default_factory=list)
    clear: list[Polygon] = field(default_factory=list)  # areas kept clear (e.g. a last-stand square)

    @property
    def table(self) -> Polygon:
        return box(0, 0, self.width, self.depth)

    def add(self, item: Item) -> int:
        self.items.append(item)
        return len(self.items) - 1

    def count(self, *kinds: str) -> int:
        return sum(1 for it in self.items if it.feature.kind in kinds)

    # -- the search -------------------------------------------------------
    def find_box(
        self,
        w: float,
        d: float,
        region: Box | Polygon | None = None,
        *,
        host: int | None = None,
        gap: float = FEATURE_GAP_CM,
        group: str | None = None,
        group_gap: float = 0.0,
        ignore: tuple[int, ...] = (),
        avoid: tuple[Polygon, ...] = (),
        rounds: int = ROUNDS,
    ) -> tuple[Box, int | None] | None:
        """A free box ``w`` x ``d`` inside ``region`` (default: the table or the host), and the
        ground feature it stands on; None when the bounded search finds nothing."""
        if region is None:
            region = self.items[host].keep if host is not None else (0, 0, self.width, self.depth)
        poly_region = None
        if isinstance(region, Polygon):
            poly_region = region
            rx0, ry0, rx1, ry1 = region.bounds
        else:
            rx0, ry0, rx1, ry1 = region
        x_lo, y_lo = math.ceil(rx0), math.ceil(ry0)
        x_span, y_span = math.floor(rx1 - w) - x_lo, math.floor(ry1 - d) - y_lo
        if x_span < 0 or y_span < 0:
            return None
        for _ in range(rounds):
            xs = x_lo + self.rng.integers(0, x_span + 1, CANDIDATES)
            ys = y_lo + self.rng.integers(0, y_span + 1, CANDIDATES)
            cx0, cy0 = xs.astype(float), ys.astype(float)
            ok, stand_on = self.valid(cx0, cy0, cx0 + w, cy0 + d, poly_region, host, gap, group, group_gap, ignore, avoid)
            hits = np.flatnonzero(ok)
            if hits.size:
                j = int(hits[0])
                return (float(cx0[j]), float(cy0[j]), float(cx0[j] + w), float(cy0[j] + d)), stand_on[j]
        return None

    def free_cells(self, w: float, d: float, gap: float, group: str, group_gap: float):
        """Every free cell of a ``w`` x ``d`` grid (random offset) in random order, accepted one by one
        so that they keep ``group_gap`` from each other: fields filling the free ground."""
        pitch_x, pitch_y = w + group_gap + 0.5, d + group_gap + 0.5
        ox, oy = float(self.rng.integers(0, int(pitch_x))), float(self.rng.integers(0, int(pitch_y)))
        xs = np.arange(ox, self.width - w + 1e-9, pitch_x)
        ys = np.arange(oy, self.depth - d + 1e-9, pitch_y)
        gx, gy = np.meshgrid(np.round(xs), np.round(ys))
        cx0, cy0 = gx.ravel().astype(float), gy.ravel().astype(float)
        if cx0.size == 0:
            return
        ok, stand_on = self.valid(cx0, cy0, cx0 + w, cy0 + d, None, None, gap, group, group_gap, (), ())
        for j in self.rng.permutation(np.flatnonzero(ok)):
            b = (float(cx0[j]), float(cy0[j]), float(cx0[j] + w), float(cy0[j] + d))
            # cells of one grid never overlap, but rounding may bring two closer than the gap
            if any(it.group == group and _box_gap(b, it.keep) < group_gap for it in self.items[-50:]):
                continue
            yield b, stand_on[int(j)]

    def valid(self, cx0, cy0, cx1, cy1, poly_region, host, gap, group, group_gap, ignore, avoid):
        """Which candidate boxes are free, and the ground feature each stands on."""
        n = cx0.size
        skip = set(ignore)
        if host is not None:
            skip.add(host)
        plain_idx = [
            i
            for i, it in enumerate(self.items)
            if not it.exact and not it.ground and i not in skip and (KINDS[it.feature.kind].layer != "marker" or (group and it.group == group))
        ]
        ok = np.ones(n, bool)
        if plain_idx:
            ob = np.array([self.items[i].keep for i in plain_idx], float)
            gaps = np.array([group_gap if group and self.items[i].group == group else gap for i in plain_idx], float)
            dx = np.maximum(0, np.maximum(ob[None, :, 0] - cx1[:, None], cx0[:, None] - ob[None, :, 2]))
            dy = np.maximum(0, np.maximum(ob[None, :, 1] - cy1[:, None], cy0[:, None] - ob[None, :, 3]))
            ok &= ~(np.hypot(dx, dy) < gaps[None, :]).any(axis=1)
        stand_on: list[int | None] = [None] * n
        if not ok.any():
            return ok, stand_on
        cands = shapely.box(cx0, cy0, cx1, cy1)
        if poly_region is not None:
            ok &= shapely.within(cands, poly_region)
        for i, it in enumerate(self.items):
            if it.exact and i not in skip:
                g = group_gap if group and it.group == group else gap
                ok &= ~shapely.dwithin(cands, it.feature.polygon, max(g, 1e-6))
        for area in list(self.clear) + list(avoid):
            ok &= ~shapely.intersects(cands, area)
        for i, it in enumerate(self.items):
            if it.ground and i not in skip:
                g = shapely.box(*it.keep)
                inside = shapely.within(cands, g)
                ok &= inside | ~shapely.intersects(cands, g)
                for j in np.flatnonzero(inside & ok):
                    stand_on[j] = i
        return ok, stand_on

    def line_is_clear(self, geom, gap: float = FEATURE_GAP_CM, ignore: tuple[int, ...] = ()) -> bool:
        """Whether a line feature's footprint keeps ``gap`` from every feature placed so far."""
        for i, it in enumerate(self.items):
            if i in ignore or it.ground or KINDS[it.feature.kind].layer == "marker":
                continue
            other = it.feature.polygon if it.exact else box(*it.keep)
            if shapely.dwithin(geom, other, gap):
                return False
        return not any(geom.intersects(a) for a in self.clear)


# --- outlines ----------------------------------------------------------------


def blob(rng: np.random.Generator, b: Box, points: int = 18, roughness: float = 0.12) -> Polygon:
    """A natural outline filling the box ``b`` exactly (touching all four sides)."""
    x0, y0, x1, y1 = b
    t = np.linspace(0, 2 * math.pi, points, endpoint=False)
    phase = rng.uniform(0, 2 * math.pi, 2)
    r = 1 - roughness * (0.5 + 0.5 * np.sin(2 * t + phase[0])) * rng.uniform(0.4, 1.0, points) - 0.05 * np.sin(3 * t + phase[1])
    xs, ys = r * np.cos(t), r * np.sin(t)
    xs = x0 + (xs - xs.min()) / (xs.max() - xs.min()) * (x1 - x0)
    ys = y0 + (ys - ys.min()) / (ys.max() - ys.min()) * (y1 - y0)
    return Polygon(np.round(np.column_stack([xs, ys]), 1))


def meander(rng: np.random.Generator, width: float, depth: float, axis: str, at: float, wiggle: float, segments: int = 7) -> LineString:
    """A line from edge to edge, monotone along ``axis`` (so a straight line across it meets it
    once), starting at ``at`` on the other axis and wandering at most ``wiggle`` cm."""
    length, across = (width, depth) if axis == "x" else (depth, width)
    main = np.linspace(-2, length + 2, segments + 1)
    offs = np.cumsum(rng.uniform(-1, 1, segments + 1)) * wiggle / math.sqrt(segments)
    offs -= offs[0]
    side = np.clip(at + offs, 8, across - 8)
    pts = np.column_stack([main, side]) if axis == "x" else np.column_stack([side, main])
    return LineString(np.round(pts, 1))


def strip_of(line: LineString, width: float, table: Polygon) -> Polygon:
    """A line buffered to ``width`` with flat ends, cut to the table."""
    poly = largest(line.buffer(width / 2, cap_style="flat", join_style="round", quad_segs=3).intersection(table))
    return shapely.set_precision(poly, 0.1) if not poly.is_empty else poly


def _box_gap(a: Box, b: Box) -> float:
    dx = max(0.0, b[0] - a[2], a[0] - b[2])
    dy = max(0.0, b[1] - a[3], a[1] - b[3])
    return math.hypot(dx, dy)


def largest(geom) -> Polygon:
    if geom.geom_type == "Polygon":
        return geom
    polys = [g for g in getattr(geom, "geoms", []) if g.geom_type == "Polygon"]
    return max(polys, key=lambda g: g.area) if polys else Polygon()
