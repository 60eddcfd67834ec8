"""Rivers along square edges, like hexside rivers in a board wargame.

A river is a path over the grid's corner points.  We flood the corner graph
from its outlets (map edge, lake and sea shores) upwards in elevation order,
giving every corner a downslope pointer and a *filled* elevation that rises
strictly away from the outlets (Red Blob's mapgen4 approach, with sinks
filled as in O'Leary's fillSinks).  A river then follows the pointers from a
source beside high ground until it reaches an outlet or a corner already on
another river: no river can run uphill or loop, by construction.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Mapping

import numpy as np

from ..grid import edge_squares
from .model import River
from .river_lines import river_points
from .rules import HIGH_GROUND, WATER, of_kind

#: Rivers per 100 squares, by climate.
RIVERS_PER_100 = {"cold": 1.6, "temperate": 1.6, "torrid": 1.0}
#: A river shorter than this many edges is not worth drawing.
MIN_RIVER_EDGES = 3
#: Sources at least this far apart (Chebyshev, in corners).
SOURCE_SPACING = 3
#: Rise per step added while filling sinks, so every path strictly descends.
EPSILON = 1e-4


def corner_elevation(elevation: np.ndarray, water: np.ndarray) -> np.ndarray:
    """Mean elevation of the up-to-four squares around each corner (water counts 0)."""
    h, w = elevation.shape
    e = np.where(water, 0.0, elevation)
    padded = np.empty((h + 2, w + 2))  # np.pad(e, 1, mode="edge"), without np.pad's setup
    padded[1:-1, 1:-1] = e
    padded[0, 1:-1], padded[-1, 1:-1] = e[0], e[-1]
    padded[:, 0], padded[:, -1] = padded[:, 1], padded[:, -2]
    # corner (x, y) touches squares (x-1..x, y-1..y): padded indices y..y+1, x..x+1
    return (padded[:-1, :-1] + padded[:-1, 1:] + padded[1:, :-1] + padded[1:, 1:]) / 4.0


def corner_touches(mask: np.ndarray) -> np.ndarray:
    """[y, x] over corners: does any of the four squares around it satisfy ``mask``?"""
    padded = np.zeros((mask.shape[0] + 2, mask.shape[1] + 2), bool)
    padded[1:-1, 1:-1] = mask
    return padded[:-1, :-1] | padded[:-1, 1:] | padded[1:, :-1] | padded[1:, 1:]


class CornerGraph:
    """Which corner-to-corner edges a river may follow, and where rivers end."""

    def __init__(self, terrain: np.ndarray):
        h, w = terrain.shape
        self.width, self.height = w, h
        self.water = of_kind(terrain, WATER)
        land = ~self.water
        self.sea = corner_touches(terrain == "sea")
        self.lake = corner_touches(terrain == "lake")
        boundary = np.zeros((h + 1, w + 1), bool)
        boundary[0, :] = boundary[-1, :] = boundary[:, 0] = boundary[:, -1] = True
        self.boundary = boundary
        self.outlet = boundary | self.sea | self.lake
        # Horizontal edge (x,y)-(x+1,y), 0<y<h: squares (x,y-1) and (x,y) both land.
        self.h_ok = np.zeros((h + 1, w), bool)
        self.h_ok[1:h, :] = land[:-1, :] & land[1:, :]
        # Vertical edge (x,y)-(x,y+1), 0<x<w: squares (x-1,y) and (x,y) both land.
        self.v_ok = np.zeros((h, w + 1), bool)
        self.v_ok[:, 1:w] = land[:, :-1] & land[:, 1:]

    def steps(self, x: int, y: int):
        if x < self.width and self.h_ok[y, x]:
            yield x + 1, y
        if x > 0 and self.h_ok[y, x - 1]:
            yield x - 1, y
        if y < self.height and self.v_ok[y, x]:
            yield x, y + 1
        if y > 0 and self.v_ok[y - 1, x]:
            yield x, y - 1

    def mouth(self, x: int, y: int) -> str:
        if self.sea[y, x]:
            return "sea"
        if self.lake[y, x]:
            return "lake"
        return "edge"


def drainage(graph: CornerGraph, elev: np.ndarray) -> tuple[np.ndarray, Mapping]:
    """Priority-flood from the outlets: filled elevation and downslope pointer per corner.

    Each corner's pointer leads to a neighbour that the flood, going lowest first,
    reached before it, with a strictly lower filled elevation (:func:`fill`, :func:`_pointers`).
    """
    filled, down, _, _ = flood(graph, elev)
    return filled, down


def _neighbours(graph: CornerGraph, into_outlets: bool) -> list[np.ndarray]:
    """Each corner's neighbour east, west, south and north along an open edge, as flat indices (-1: none).

    ``into_outlets`` False leaves out steps onto an outlet, which the flood never takes:
    an outlet drains off the map.
    """
    H, W = graph.outlet.shape
    w = W - 1
    index = np.arange(H * W).reshape(H, W)
    open_ = np.ones((H, W), bool) if into_outlets else ~graph.outlet
    east, west, south, north = (np.full((H, W), -1) for _ in range(4))
    east[:, :w] = np.where(graph.h_ok & open_[:, 1:], index[:, 1:], -1)
    west[:, 1:] = np.where(graph.h_ok & open_[:, :w], index[:, :w], -1)
    south[: H - 1] = np.where(graph.v_ok & open_[1:], index[1:], -1)
    north[1:] = np.where(graph.v_ok & open_[: H - 1], index[: H - 1], -1)
    return [a.ravel() for a in (east, west, south, north)]


#: From this many corners on, the flood runs in numpy waves; below it, a heap in Python costs less.
WAVES_FROM = 4000


def fill(graph: CornerGraph, level: np.ndarray, filled: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """``filled`` (flat) lowered by flooding from the corners ``starts`` (theirs already set) until none can fall.

    A corner's filled elevation is the least, over its open neighbours, of the neighbour's
    plus :data:`EPSILON` (or its own level when that is higher).  That has one solution,
    reached to the bit whatever order the corners are lowered in, since each value is the
    same sum worked out from the same neighbour's final value; so a big map floods in
    numpy waves (:func:`_waves`, four times faster on 200 x 200) and a small one with a
    heap in Python (:func:`_heap`), and a test checks both give the same.
    """
    if filled.size >= WAVES_FROM:
        return _waves(graph, level.ravel(), filled.copy(), starts)
    out = filled.tolist()
    _heap(graph, level.ravel().tolist(), out, starts.tolist())
    return np.array(out)


def _heap(graph: CornerGraph, level_of: list[float], filled: list[float], starts: list[int]) -> None:
    """The priority flood, lowest corner first, on flat Python lists (``filled`` lowered in place)."""
    e_, w_, s_, n_ = (a.tolist() for a in _neighbours(graph, into_outlets=False))
    heap = [(filled[i], i) for i in starts]
    heapq.heapify(heap)
    push, pop = heapq.heappush, heapq.heappop
    while heap:
        level, i = pop(heap)
        if level > filled[i]:
            continue
        low = level + EPSILON
        for j in (e_[i], w_[i], s_[i], n_[i]):
            if j < 0:
                continue
            rise = level_of[j] if level_of[j] > low else low
            if rise < filled[j]:
                filled[j] = rise
                push(heap, (rise, j))


def _waves(graph: CornerGraph, level: np.ndarray, filled: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """The flood in numpy: each wave, every corner lowered by the last one offers its neighbours a new value.

    A few hundred waves on a 200 x 200 map, each over the corners that just changed.
    """
    ways = _neighbours(graph, into_outlets=False)
    changed = np.zeros(filled.size, bool)
    front = starts
    while front.size:
        low_front = filled[front] + EPSILON
        js, offers = [], []
        for way in ways:
            j = way[front]
            there = j >= 0
            j, low = j[there], low_front[there]
            js.append(j)
            offers.append(np.where(level[j] > low, level[j], low))
        j, offer = np.concatenate(js), np.concatenate(offers)
        lower = offer < filled[j]
        j = j[lower]
        np.minimum.at(filled, j, offer[lower])
        changed[:] = False
        changed[j] = True
        front = np.flatnonzero(changed)
    return filled


def _pointers(graph: CornerGraph, level: np.ndarray, filled: np.ndarray) -> np.ndarray:
    """Each corner's downslope pointer as the flood sets it (flat index; -1 on outlets and unreached corners).

    The flood gives a corner the first neighbour, in the order corners leave the heap
    (lowest filled elevation, then lowest index), whose step up to it is the lowest: that
    is the neighbour with the least (rise, filled elevation, index), found here for every
    corner at once.
    """
    lev, fil = level.ravel(), filled.ravel()
    n = fil.size
    best = (np.full(n, math.inf), np.full(n, math.inf), np.full(n, n))
    for nb in _neighbours(graph, into_outlets=True):
        there = np.flatnonzero(nb >= 0)
        i = nb[there]
        low = fil[i] + EPSILON
        key = (np.where(lev[there] > low, lev[there], low), fil[i], i)
        r, f, k = (b[there] for b in best)
        better = (key[0] < r) | ((key[0] == r) & ((key[1] < f) | ((key[1] == f) & (key[2] < k))))
        for b, new in zip(best, key):
            b[there[better]] = new[better]
    pointer = np.where((best[0] == fil) & ~graph.outlet.ravel() & np.isfinite(fil), best[2], -1)
    return pointer


class Downslope(Mapping):
    """The downslope pointers as a read-only {(x, y): (x, y)} mapping over the flat pointer array.

    A corner is a key when the flood gave it a pointer.  Read off the array, not copied into a
    dict: building the dict's 40,000 pairs of tuples cost a twentieth of a 200 x 200 map, and only
    a rolled watercourse (and the tests) ever look a corner up this way; the rivers stage follows the
    array itself (:func:`generate_rivers`).
    """

    def __init__(self, pointer: np.ndarray, W: int):
        self.pointer, self.W = pointer, W

    def _flat(self, corner) -> int:
        x, y = corner
        if not (0 <= x < self.W and 0 <= y * self.W < self.pointer.size):
            raise KeyError(corner)
        j = int(self.pointer[y * self.W + x])
        if j < 0:
            raise KeyError(corner)
        return j

    def __getitem__(self, corner) -> tuple[int, int]:
        j = self._flat(corner)
        return j % self.W, j // self.W

    def __contains__(self, corner) -> bool:
        try:
            self._flat(corner)
        except (KeyError, TypeError, ValueError):
            return False
        return True

    def __iter__(self):
        src = np.flatnonzero(self.pointer >= 0)
        return iter(list(zip((src % self.W).tolist(), (src // self.W).tolist())))

    def __len__(self) -> int:
        return int(np.count_nonzero(self.pointer >= 0))


def _lengths(pointer: np.ndarray) -> np.ndarray:
    """Each corner's edges to its outlet along the pointers (flat), by pointer jumping:
    after k rounds each corner knows its 2**k-th corner downstream."""
    n = pointer.size
    src = np.flatnonzero(pointer >= 0)
    nxt = np.arange(n)
    nxt[src] = pointer[src]
    length = (pointer >= 0).astype(int)
    while True:
        ahead = nxt[nxt]
        if np.array_equal(ahead, nxt):
            return length
        length += length[nxt]
        nxt = ahead


def flood(graph: CornerGraph, elev: np.ndarray) -> tuple[np.ndarray, Downslope, np.ndarray, np.ndarray]:
    """:func:`drainage`, each corner's edges to its outlet ([y, x], 0 off the pointers) and the pointers as flat indices."""
    H, W = elev.shape  # corners: (h + 1) x (w + 1)
    filled = np.full(H * W, math.inf)
    starts = np.flatnonzero(graph.outlet)
    filled[starts] = elev.ravel()[starts]
    filled_a = fill(graph, elev, filled, starts).reshape(H, W)
    pointer = _pointers(graph, elev, filled_a)
    return filled_a, Downslope(pointer, W), _lengths(pointer).reshape(H, W), pointer


class Drainage:
    """The corner graph, filled elevation, downslope pointers and ways to the outlets of the terrain as it is now.

    Configurations add watercourses after the terrain stage, and a rolled lake adds
    outlets, so the placer keeps one of these and asks it for the new one
    (:meth:`after_new_water`) when water changes.
    """

    def __init__(self, terrain: np.ndarray, elevation: np.ndarray):
        self.graph = CornerGraph(terrain)
        self.level = corner_elevation(elevation, self.graph.water)
        self.filled, self.down, self.length, self.pointer = flood(self.graph, self.level)

    def after_new_water(self, terrain: np.ndarray, elevation: np.ndarray) -> "Drainage":
        """``Drainage(terrain, elevation)`` once squares of this one's terrain have become water (a rolled lake).

        Every corner of a new water square becomes an outlet, only those corners' levels change
        (water counts 0), and the edges lost run between them: so the filled elevations can
        only fall, and the flood runs again from the new outlets alone, not over the whole map
        (a second flood was a sixth of a 200 x 200 map's time).  Any other change of the
        terrain floods the whole map again.
        """
        graph = CornerGraph(terrain)
        level = corner_elevation(elevation, graph.water)
        new = graph.outlet & ~self.graph.outlet
        lost_h = (self.graph.h_ok != graph.h_ok) & ~(graph.outlet[:, :-1] & graph.outlet[:, 1:])
        lost_v = (self.graph.v_ok != graph.v_ok) & ~(graph.outlet[:-1, :] & graph.outlet[1:, :])
        if (
            (self.graph.outlet & ~graph.outlet).any()
            or (level != self.level)[~new].any()
            or (level[new] > self.filled[new]).any()
            or lost_h.any()
            or lost_v.any()
        ):
            return Drainage(terrain, elevation)
        H, W = level.shape
        filled = self.filled.ravel().copy()
        starts = np.flatnonzero(new)
        filled[starts] = level.ravel()[starts]
        out = Drainage.__new__(Drainage)
        out.graph, out.level = graph, level
        out.filled = fill(graph, level, filled, starts).reshape(H, W)
        out.pointer = _pointers(graph, level, out.filled)
        out.down = Downslope(out.pointer, W)
        out.length = _lengths(out.pointer).reshape(H, W)
        return out


def flow_length(down: dict) -> dict:
    """Edges from each corner to its outlet along the pointers."""
    length: dict = {}
    for start in down:
        path = []
        c = start
        while c in down and c not in length:
            path.append(c)
            c = down[c]
        base = length.get(c, 0)
        for i, p in enumerate(reversed(path)):
            length[p] = base + i + 1
    return length


def pick_sources(
    rng: np.random.Generator, terrain: np.ndarray, filled: np.ndarray, down: dict, count: int, length: np.ndarray | None = None
):
    """Corners beside hills or mountains, spread apart; high ones with a long way to run more likely.

    ``length``: each corner's edges to its outlet ([y, x], as :class:`Drainage` has it);
    worked out from ``down`` when not given.
    """
    high = corner_touches(of_kind(terrain, HIGH_GROUND))
    if length is None:
        length = np.zeros(high.shape, int)
        for (x, y), n in flow_length(down).items():
            if 0 <= y < high.shape[0] and 0 <= x < high.shape[1]:
                length[y, x] = n
    ys, xs = np.nonzero(high & (length >= MIN_RIVER_EDGES))
    if not len(ys):
        return []
    cands = list(zip(xs.tolist(), ys.tolist()))
    weight = filled[ys, xs] * np.sqrt(length[ys, xs]) + 0.05
    keys = rng.random(len(cands)) ** (1.0 / weight)  # weighted order without replacement
    chosen: list[tuple[int, int]] = []
    near = np.zeros(filled.shape, bool)  # corners too close to a chosen source
    reach = SOURCE_SPACING - 1
    for i in np.argsort(-keys, kind="stable"):
        x, y = cands[i]
        if near[y, x]:
            continue
        chosen.append((x, y))
        near[max(0, y - reach) : y + reach + 1, max(0, x - reach) : x + reach + 1] = True
        if len(chosen) >= count:
            break
    return chosen


def trace(source, down: dict, on_river: set) -> list[tuple[int, int]]:
    """Follow the downslope pointers to an outlet or to another river."""
    path = [source]
    while path[-1] in down:
        nxt = down[path[-1]]
        path.append(nxt)
        if nxt in on_river:
            break
    return path


def generate_rivers(rng: np.random.Generator, terrain: np.ndarray, drain: Drainage, climate: str):
    """The rivers stage: returns (rivers, river_square_mask).

    ``drain``: the terrain's :class:`Drainage`, which the caller keeps for later
    watercourses (it is the hot path of a big map: worked out once, not twice).
    """
    h, w = terrain.shape
    graph, filled, down = drain.graph, drain.filled, drain.down
    count = max(1, int(round(RIVERS_PER_100[climate] * w * h / 100)))
    rivers: list[River] = []
    # trace() over the flat pointers as a list: a big map's rivers take some 10,000 steps
    W = w + 1
    nxt = drain.pointer.tolist()
    level = filled.ravel()  # the filled elevation of each corner, flat
    on_river: set[int] = set()
    for x, y in pick_sources(rng, terrain, filled, down, count, drain.length):
        path = [y * W + x]
        if path[0] in on_river:
            continue
        while nxt[path[-1]] >= 0:
            path.append(nxt[path[-1]])
            if path[-1] in on_river:
                break
        if len(path) - 1 < MIN_RIVER_EDGES:
            continue
        end = path[-1]
        corners = [(i % W, i // W) for i in path]
        mouth = "river" if end in on_river else graph.mouth(*corners[-1])
        rivers.append(River(corners, mouth, level[path].tolist()))
        on_river.update(path)
    return rivers, river_squares(rivers, w, h)


def river_squares(rivers, width: int, height: int) -> np.ndarray:
    """Every square touching a river edge has the river."""
    mask = np.zeros((height, width), bool)
    squares = river_edge_squares(rivers).reshape(-1, 2)
    c, r = squares[:, 0], squares[:, 1]
    inside = (c >= 0) & (c < width) & (r >= 0) & (r < height)
    mask[r[inside], c[inside]] = True
    return mask


def river_edge_squares(rivers) -> np.ndarray:
    """The two squares on either side of every edge of ``rivers``, river after river, source to mouth.

    :func:`mapgen.grid.edge_squares` for all the edges at once, as an (edges, 2, 2) array:
    ``[k, 0]`` is the square west or north of edge ``k``, ``[k, 1]`` the one east or south,
    each as (col, row).  An edge that is not one square side raises edge_squares' ValueError.
    """
    points, lengths = river_points([r for r in rivers if len(r.points) >= 2])
    if not lengths:
        return np.zeros((0, 2, 2), np.int64)
    starts = np.ones(len(points), bool)
    starts[np.cumsum(lengths) - 1] = False  # a river's last point starts no edge
    k = np.flatnonzero(starts)
    p, q = points[k], points[k + 1]
    first = (p[:, 0] < q[:, 0]) | ((p[:, 0] == q[:, 0]) & (p[:, 1] <= q[:, 1]))
    lo = np.where(first[:, None], p, q)
    hi = np.where(first[:, None], q, p)
    across = (lo[:, 1] == hi[:, 1]) & (hi[:, 0] == lo[:, 0] + 1)
    down = (lo[:, 0] == hi[:, 0]) & (hi[:, 1] == lo[:, 1] + 1)
    if not (across | down).all():
        k = int(np.flatnonzero(~(across | down))[0])
        edge_squares(tuple(p[k].tolist()), tuple(q[k].tolist()))  # raises, naming the corners
    before = np.where(across[:, None], lo - [0, 1], lo - [1, 0])
    return np.stack([before, lo], axis=1)


def watercourse_from(square, drain: Drainage, on_river: set, refuse=None) -> River | None:
    """A river along an edge of ``square``, then downhill to an outlet or another river.

    For a stream, river or wadi rolled as a configuration (FW-11.6 result 1-2) on a
    square with no river.  It rises at a corner of the square, runs along one of the
    square's own edges to a lower corner, and from there follows the downslope pointers
    like every other river, so it runs strictly downhill and cannot loop.  Of the
    possible starts the highest source wins (then the longer course); ``refuse(path)``
    may reject a course (e.g. one that would cut a road already built).  None when the
    square has no such start.
    """
    c, r = square
    ring = [(c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1)]  # the square's corners, in turn
    filled, down, graph = drain.filled, drain.down, drain.graph
    best = None
    for i, src in enumerate(ring):
        if src in on_river or graph.outlet[src[1], src[0]]:
            continue
        steps = set(graph.steps(*src))
        for nxt in (ring[i - 1], ring[(i + 1) % 4]):
            # Down by EPSILON at least, like every step the drainage gives (and so still
            # downhill once fw-map.json has rounded the elevations).
            if nxt not in steps or not filled[nxt[1], nxt[0]] <= filled[src[1], src[0]] - EPSILON:
                continue
            path = [src] + ([nxt] if nxt in on_river else trace(nxt, down, on_river))
            end = path[-1]
            if end in on_river:
                mouth = "river"
            elif graph.outlet[end[1], end[0]]:
                mouth = graph.mouth(*end)
            else:
                continue  # a corner no outlet drains: no way down from here
            if refuse is not None and refuse(path):
                continue
            key = (float(filled[src[1], src[0]]), len(path))
            if best is None or key > best[0]:
                best = (key, path, mouth)
    if best is None:
        return None
    _, path, mouth = best
    return River(path, mouth, [float(filled[y, x]) for x, y in path], configuration=tuple(square))
