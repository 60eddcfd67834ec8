"""Feature numbers and levels on the plan, placed so that none overlaps another label or a symbol.

One circled number per line of the legend: a feature's own number, or the range of a
run of like parts ("8-20": a farm's fields, a village's houses), as the legend lists
them.  Raised ground also gets its level ("L2") on its top ring.  Text is at least
7 pt on paper whatever the scale (``style.json``: ``number.size``, ``level_size``).

Placement is greedy, the most cramped feature first (the smallest), each label trying
in turn: inside its feature, nearest its most inland point; touching its outline;
then further out with a leader line.  A candidate is refused if its box (shapely
boxes, with a little clearance) meets the table's frame, a label already placed, a
leader line or a symbol (:func:`.plan_symbols.hard_symbols`); of the rest, the one
that covers least of other features and stays nearest wins.  Leader lines keep off
labels and symbols too.  The table is searched whole as a last resort, so every
label finds a place on any table the generator makes.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import shapely
import shapely.ops
from shapely.geometry import LineString, Point, Polygon

from . import fonts
from .plan_draw import fmt, largest, line, text
from .plan_relief import rings

#: Clearance kept round every label, mm.
CLEAR = 0.35
#: Distances (mm) beyond a feature's outline tried for a label on a leader line, nearest first.
LEADER_STEPS = (2.5, 5.0, 8.0, 12.0, 17.0, 24.0, 34.0)
#: How far round a feature other features count as covered by its label (a preference, not a rule).
NEAR_MM = 15.0


@dataclass
class Label:
    text: str
    role: str  # "number" or "level"
    members: tuple[int, ...]  # 0-based indices of the features it names
    w: float
    h: float
    x: float = 0.0
    y: float = 0.0
    leader: LineString | None = None

    def box(self, grow: float = 0.0) -> tuple[float, float, float, float]:
        return (self.x - self.w / 2 - grow, self.y - self.h / 2 - grow, self.x + self.w / 2 + grow, self.y + self.h / 2 + grow)


def number_size(words: str, st: dict) -> tuple[float, float]:
    """A circle for one or two digits, a pill for longer numbers and ranges."""
    ns = st["number"]
    tw = fonts.width(words, ns["size"], bold=True)
    d = max(2 * ns["radius"], tw + 2 * ns["pad"])
    if len(words) <= 2:
        return d, d
    return max(2 * ns["radius"], tw + 2 * ns["pad"] + ns["radius"] * 0.6), 2 * ns["radius"]


def level_size(words: str, st: dict) -> tuple[float, float]:
    size = st["level_size"]
    return fonts.width(words, size, bold=True) + 0.8, size * 0.95


class Placer:
    """Greedy placement against obstacles that grow as labels are placed."""

    def __init__(self, table: Polygon, shapes: list[Polygon], symbols: list[tuple[int, object]], ground: set[int]):
        self.table = table.bounds
        self.shapes = shapes
        self.owners = np.array([i for i, _ in symbols], dtype=int)
        self.symbols = [s for _, s in symbols]
        self.blocks = np.array([s.bounds for s in self.symbols], dtype=float).reshape(-1, 4)
        self.symbol_tree = shapely.STRtree(self.symbols)
        self.leaders = Polygon()  # every leader line so far, as one geometry
        self.labels: list[Label] = []
        self.ground = ground
        self.tree = shapely.STRtree(shapes) if shapes else None

    def hosts(self, members: tuple[int, ...]) -> set[int]:
        """The features its own stand on (a marker on a house, a cave on a hill)."""
        rep = self.shapes[members[0]].representative_point()
        return {int(j) for j in self.tree.query(rep, predicate="intersects") if j not in members} if self.tree is not None else set()

    def foreign(self, members: tuple[int, ...]) -> Polygon:
        """Other features a label would cover: not its own, not the ground it stands on."""
        own = shapely.union_all([self.shapes[i] for i in members])
        x0, y0, x1, y1 = own.bounds
        near = self.tree.query(shapely.box(x0 - NEAR_MM, y0 - NEAR_MM, x1 + NEAR_MM, y1 + NEAR_MM)) if self.tree is not None else []
        skip = set(members) | self.ground | self.hosts(members)
        others = [self.shapes[j] for j in near if j not in skip]
        return shapely.union_all(others) if others else Polygon()

    def place(self, lab: Label, target, also=None) -> Label:
        """Put ``lab`` at the best free spot for ``target``: inside it, inside ``also`` (if given), round it."""
        area = largest(target) if target.geom_type != "Polygon" else target
        foreign = self.foreign(lab.members)
        shapely.prepare(foreign)
        shapely.prepare(area)
        pole = shapely.maximum_inscribed_circle(area, tolerance=0.1).coords[0] if area.area > 0 else area.representative_point().coords[0]
        for xs, ys, tier in self._candidates(area, lab, also):
            pick = self._best(lab, area, foreign, pole, xs, ys, tier)
            if pick is not None:
                return self._commit(lab, area, *pick)
        xs, ys = self._everywhere()
        pick = self._best(lab, area, foreign, pole, xs, ys, np.full(len(xs), 9.0))
        if pick is None:  # a leader that must cross something rather than no place at all
            pick = self._best(lab, area, foreign, pole, xs, ys, np.full(len(xs), 9.0), strict=False)
        if pick is None:  # never seen: the table is full; keep it on the table, whatever it covers
            c = area.representative_point()
            pick = (c.x, c.y, 0.0)
        return self._commit(lab, area, *pick)

    def _candidates(self, area: Polygon, lab: Label, also):
        """Batches of (x, y, tier): inside, touching, then on a leader further and further out."""
        homes = [area, also] if also is not None else [area]
        for n, home in enumerate(homes):
            xs, ys = _inside_points(home)
            yield xs, ys, np.full(len(xs), float(n))
        ring = area.exterior
        n = max(16, min(96, int(ring.length / 1.2)))
        t = np.arange(n) * ring.length / n
        q = shapely.get_coordinates(shapely.line_interpolate_point(ring, t))
        a = shapely.get_coordinates(shapely.line_interpolate_point(ring, (t - 0.4) % ring.length))
        b = shapely.get_coordinates(shapely.line_interpolate_point(ring, (t + 0.4) % ring.length))
        nx, ny = -(b[:, 1] - a[:, 1]), b[:, 0] - a[:, 0]
        norm = np.hypot(nx, ny)
        norm[norm == 0] = 1.0
        nx, ny = nx / norm, ny / norm
        out = ~shapely.contains_xy(area, q[:, 0] + nx * 0.1, q[:, 1] + ny * 0.1)
        nx, ny = np.where(out, nx, -nx), np.where(out, ny, -ny)
        for k, d in enumerate((0.0,) + LEADER_STEPS):
            r = _standoff(nx, ny, lab.w / 2, lab.h / 2, CLEAR + 0.05 + d)
            yield q[:, 0] + nx * r, q[:, 1] + ny * r, np.full(n, 2.0 + k)

    def _everywhere(self):
        x0, y0, x1, y1 = self.table
        gx, gy = np.meshgrid(np.arange(x0 + 2, x1 - 2, 1.5), np.arange(y0 + 2, y1 - 2, 1.5))
        return gx.ravel(), gy.ravel()

    def _free(self, lab: Label, xs, ys) -> np.ndarray:
        """Candidates whose box stays on the table and meets no symbol, label or leader."""
        x0, y0, x1, y1 = self.table
        hw, hh = lab.w / 2 + CLEAR, lab.h / 2 + CLEAR
        ok = (xs - hw >= x0) & (xs + hw <= x1) & (ys - hh >= y0) & (ys + hh <= y1)
        b = np.vstack([self.blocks, np.array([lb.box() for lb in self.labels]).reshape(-1, 4)])
        if ok.any():  # only the boxes within reach of the candidates left can meet one (same comparisons, widest ones)
            lx, ly = xs[ok], ys[ok]
            b = b[(lx.max() + hw > b[:, 0]) & (lx.min() - hw < b[:, 2]) & (ly.max() + hh > b[:, 1]) & (ly.min() - hh < b[:, 3])]
        for start in range(0, len(b), 512):  # in slices: a few hundred candidates by many tick boxes
            if not ok.any():
                break
            c = b[start : start + 512]
            hit = (xs[:, None] + hw > c[None, :, 0]) & (xs[:, None] - hw < c[None, :, 2]) & (ys[:, None] + hh > c[None, :, 1]) & (ys[:, None] - hh < c[None, :, 3])
            ok &= ~hit.any(axis=1)
        if not self.leaders.is_empty and ok.any():
            idx = np.flatnonzero(ok)
            boxes = shapely.box(xs[idx] - hw, ys[idx] - hh, xs[idx] + hw, ys[idx] + hh)
            ok[idx[shapely.intersects(boxes, self.leaders)]] = False
        return ok

    def _best(self, lab: Label, area: Polygon, foreign, pole, xs, ys, tier, strict: bool = True):
        """The best free candidate of a batch: least cover of other features, nearest the feature's heart."""
        ok = self._free(lab, xs, ys)
        if not ok.any():
            return None
        xs, ys, tier = xs[ok], ys[ok], tier[ok]
        dist = np.hypot(xs - pole[0], ys - pole[1])
        if tier.max() < 3:  # no leader lines to check: the lowest score wins
            i = lowest(lab, area, foreign, xs, ys, tier, dist)
            return float(xs[i]), float(ys[i]), float(tier[i])
        score = scores(lab, area, foreign, xs, ys, tier, dist)
        for i in np.argsort(score, kind="stable")[:24]:
            lead = self._leader(lab, area, xs[i], ys[i]) if tier[i] >= 3 else None
            if lead is None or not strict or self._leader_clear(lab, lead):
                return float(xs[i]), float(ys[i]), float(tier[i])
        return None

    def _leader(self, lab: Label, area: Polygon, x: float, y: float) -> LineString | None:
        end = shapely.ops.nearest_points(area, Point(x, y))[0]
        start = _edge_point(lab, x, y, end.x, end.y)
        if start is None or Point(start).distance(end) < 0.6:
            return None
        return LineString([start, (end.x, end.y)])

    def _leader_clear(self, lab: Label, lead: LineString) -> bool:
        """A leader crosses no label, and no symbol but those of its feature and of what that stands on."""
        near = lead.buffer(0.2)
        if self.labels and shapely.intersects(near, shapely.box(*np.array([lb.box() for lb in self.labels]).T)).any():
            return False
        allowed = set(lab.members) | self.hosts(lab.members)
        return all(int(self.owners[j]) in allowed for j in self.symbol_tree.query(near, predicate="intersects"))

    def _commit(self, lab: Label, area: Polygon, x: float, y: float, tier: float) -> Label:
        lab.x, lab.y = x, y
        lab.leader = self._leader(lab, area, x, y) if tier >= 3 else None
        if lab.leader is not None:
            self.leaders = self.leaders.union(lab.leader.buffer(0.15))
        self.labels.append(lab)
        return lab


def scores(lab: Label, area: Polygon, foreign, xs, ys, tier, dist) -> np.ndarray:
    """Each candidate's score, the lower the better: its tier (inside, touching, further out), how much of
    other features and (inside) how much outside its own the label covers, at 9 points of its box, and how
    far it is from the feature's heart."""
    px = (xs[:, None] + np.array([-0.4, 0, 0.4])[None, :].repeat(3, 0).ravel()[None, :] * lab.w).ravel()
    py = (ys[:, None] + np.array([-0.4, 0, 0.4]).repeat(3)[None, :] * lab.h).ravel()
    cover = shapely.contains_xy(foreign, px, py).reshape(-1, 9).mean(axis=1) if not foreign.is_empty else np.zeros(len(xs))
    outside = 1 - shapely.contains_xy(area, px, py).reshape(-1, 9).mean(axis=1)
    return tier * 4 + cover * 6 + np.where(tier < 2, outside * 3, 0) + dist * 0.05


def lowest(lab: Label, area: Polygon, foreign, xs, ys, tier, dist) -> int:
    """The candidate with the lowest :func:`scores` (the first of equal ones), scoring only those that could have it.

    No score is below its floor ``tier * 4 + dist * 0.05`` (the cover terms are never negative, and
    rounding keeps the order of sums), so candidates are scored in the order of their floors until the
    next floor lies above the best score found.  Where a feature has a clear heart that is a few dozen
    of several hundred: the point-in-polygon tests of the rest are saved, and the pick is the same.
    """
    floor = tier * 4 + dist * 0.05
    order = np.argsort(floor, kind="stable")
    seen, score, step = order[:0], np.zeros(0), 16
    while len(seen) < len(order) and floor[order[len(seen)]] <= score.min(initial=np.inf):
        more = order[len(seen) : len(seen) + step]
        seen = np.concatenate([seen, more])
        score = np.concatenate([score, scores(lab, area, foreign, xs[more], ys[more], tier[more], dist[more])])
        step *= 2
    return int(seen[score == score.min()].min())


def _standoff(nx, ny, hw: float, hh: float, gap: float) -> np.ndarray:
    """How far along (nx, ny) to put a box's centre so that its nearest point is ``gap`` from the start."""
    lo, hi = np.zeros(len(nx)), np.full(len(nx), 2 * (hw + hh + gap))
    for _ in range(24):  # bisection: the box's distance grows with the step, exactly, whatever the direction
        mid = (lo + hi) / 2
        dist = np.hypot(np.maximum(np.abs(nx) * mid - hw, 0), np.maximum(np.abs(ny) * mid - hh, 0))
        far = dist > gap
        hi, lo = np.where(far, mid, hi), np.where(far, lo, mid)
    return hi


def _inside_points(home) -> tuple[np.ndarray, np.ndarray]:
    """Points inside ``home``, on a grid fine enough for small features, at most a few hundred."""
    if home is None or home.is_empty:
        return np.zeros(0), np.zeros(0)
    x0, y0, x1, y1 = home.bounds
    step = max(0.6, float(np.sqrt(home.area / 250.0)))
    gx, gy = np.meshgrid(np.arange(x0 + step / 2, x1, step), np.arange(y0 + step / 2, y1, step))
    gx, gy = gx.ravel(), gy.ravel()
    inside = shapely.contains_xy(home, gx, gy)
    c = home.representative_point()
    return np.append(gx[inside], c.x), np.append(gy[inside], c.y)


def _edge_point(lab: Label, x: float, y: float, tx: float, ty: float):
    """Where a leader from the label's centre towards (tx, ty) leaves the label."""
    dx, dy = tx - x, ty - y
    n = float(np.hypot(dx, dy))
    if n == 0:
        return None
    if lab.role == "number" and abs(lab.w - lab.h) < 1e-6:
        r = lab.w / 2
        return x + dx / n * r, y + dy / n * r
    t = min(lab.w / 2 / abs(dx) if dx else np.inf, lab.h / 2 / abs(dy) if dy else np.inf)
    return x + dx * t, y + dy * t


def place_labels(fr, features, shapes, runs, symbols, ground) -> list[Label]:
    """Every number (one per legend run) and every level, placed; ``runs`` are (first, last) numbers."""
    st = fr.st
    placer = Placer(fr.table().buffer(-st["grid"]["frame_width"] / 2), shapes, symbols, ground)
    jobs = []
    for first, last in runs:
        members = tuple(range(first - 1, last))
        words = str(first) if first == last else f"{first}-{last}"
        target = shapely.union_all([shapes[i] for i in members])
        jobs.append((target.area, first, words, members, target))
    for _, first, words, members, target in sorted(jobs, key=lambda j: (j[0], j[1])):
        placer.place(Label(words, "number", members, *number_size(words, st)), target)
        for i in members:
            f = features[i]
            if f.levels:
                top = rings(shapes[i], f.levels, st["relief"]["ring_step"])[-1]
                words = f"L{f.levels}"
                placer.place(Label(words, "level", (i,), *level_size(words, st)), top if not top.is_empty else shapes[i], also=shapes[i])
    return placer.labels


def draw_labels(doc, g, labels: list[Label], features, st: dict, css: str = "") -> None:
    """Circled numbers (with their leaders) and level marks, each a group of class ``number`` or ``level``."""
    ns = st["number"]
    for lab in labels:
        first = lab.members[0] + 1
        attrs = {"data-feature": str(first), "data-last": str(lab.members[-1] + 1)} if not css else {}
        grp = doc.drawing.g(class_=css or lab.role, **attrs)
        g.add(grp)
        if lab.leader is not None:
            (ax, ay), (bx, by) = lab.leader.coords
            line(doc, grp, (ax, ay), (bx, by), st["ink"], 0.25)
            grp.add(doc.drawing.circle((fmt(bx), fmt(by)), fmt(0.45), fill=st["ink"]))
        x0, y0, _, _ = lab.box()
        if lab.role == "number":
            if abs(lab.w - lab.h) < 1e-6:
                grp.add(doc.drawing.circle((fmt(lab.x), fmt(lab.y)), fmt(lab.w / 2), fill=ns["halo"], stroke=st["ink"], stroke_width=fmt(0.3)))
            else:
                grp.add(doc.drawing.rect((fmt(x0), fmt(y0)), (fmt(lab.w), fmt(lab.h)), rx=fmt(lab.h / 2), ry=fmt(lab.h / 2), fill=ns["halo"], stroke=st["ink"], stroke_width=fmt(0.3)))
            text(doc, grp, lab.x, lab.y + ns["size"] * 0.36, lab.text, ns["size"], anchor="middle", bold=True)
        else:
            colour = st["kinds"].get(features[lab.members[0]].kind, {}).get("stroke", st["ink"])
            grp.add(doc.drawing.rect((fmt(x0), fmt(y0)), (fmt(lab.w), fmt(lab.h)), rx=fmt(0.4), ry=fmt(0.4), fill=ns["halo"], stroke=colour, stroke_width=fmt(0.2)))
            text(doc, grp, lab.x, lab.y + st["level_size"] * 0.36, lab.text, st["level_size"], anchor="middle", bold=True, fill=colour)
