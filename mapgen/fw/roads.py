"""Roads, bridges and fords.

Roads join each capital to its holdings and the two capitals to each other by
least-cost paths over terrain: A* with the octile-distance heuristic over
the grid arrays.  We search the arrays directly rather than a networkx
graph because building a 150 000-edge graph for a 200 x 200 map cost more
than all the searches together.  A road enters a mountain only over a pass,
and a road crossing a river gets a bridge on that edge; it never slips
diagonally through a river's point.  Later roads follow earlier ones at a
discount, so the roads form a network rather than parallel tracks.  The
heuristic prices the remaining way as fresh open ground, which is exact on
new ground and lets a search miss a cheaper detour along an old road: the
roads are close to, not always exactly, least-cost, and the search stays
near the straight line instead of flooding the whole map.

Fords are then added where the land would otherwise be cut off by rivers,
and along long rivers without any crossing, so every holding can reach
every other by land (AMB-06 strict mode).
"""

from __future__ import annotations

import heapq
import math

import numpy as np

from ..grid import edge_squares
from .connectivity import component_labels
from .model import Crossing, Holding, Road
from .movement import Steps, flat_index
from .river_lines import river_points
from .rivers import river_edge_squares
from .rules import of_kind

#: Cost of entering a square for road building; mountains only over a pass.
ROAD_COST = {
    "plain": 1.0,
    "uncultivated": 1.0,
    "cultivated": 1.1,
    "desert": 1.8,
    "hills": 2.2,
    "forest": 2.6,
    "jungle": 3.0,
    "swamp": 4.0,
    "mountain": 7.0,
}
#: Extra cost of building a bridge over a river edge.
BRIDGE_COST = 2.5
#: Later roads reuse earlier ones: a road step costs this share of its price.
REUSE = 0.5
DIAGONAL = 1.42
#: A river runs at most about this many edges without a crossing.
RIVER_EDGES_PER_CROSSING = 7
#: Terrain where nobody would ford a river.
NO_FORD = frozenset({"mountain", "swamp"})


#: The eight king steps (column, row), in the order the search looks at them.
KING_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1))


class RoadBuilder:
    """Road search over the grid; remembers the roads built and the river edges they bridge.

    The price of every legal step is worked out once, in numpy, as one flat list per
    direction (None where a road may not go); a road built marks its steps down to
    :data:`REUSE` of their price in both directions.  The search then only reads lists:
    with the step prices worked out inside the loop it took two thirds of a big map's time.
    """

    def __init__(self, terrain: np.ndarray, rivers):
        h, w = terrain.shape
        self.terrain = terrain
        self.h, self.w = h, w
        cost = np.full((h, w), math.inf)  # a kind without a road cost (water) is never entered
        for kind, price in ROAD_COST.items():
            cost[terrain == kind] = price
        corner = np.zeros((h + 1, w + 1), bool)
        east = np.zeros((h, w), bool)  # step (c, r) -> (c+1, r) crosses a river
        south = np.zeros((h, w), bool)  # step (c, r) -> (c, r+1) crosses a river
        points, lengths = river_points(rivers)
        if lengths:
            corner[points[:, 1], points[:, 0]] = True
            starts = np.ones(len(points), bool)
            starts[np.cumsum(lengths) - 1] = False  # a river's last point starts no edge
            k = np.flatnonzero(starts)
            p, q = points[k], points[k + 1]
            (x0, y0), (x1, y1) = p.T, q.T
            vertical = (x0 == x1) & (0 < x0) & (x0 < w)  # the edge at x between rows y..y+1
            east[np.minimum(y0, y1)[vertical], x0[vertical] - 1] = True
            across = ~vertical & (y0 == y1) & (0 < y0) & (y0 < h)
            south[y0[across] - 1, np.minimum(x0, x1)[across]] = True
        self.offsets = [dr * w + dc for dc, dr in KING_STEPS]
        self.price: list[list] = []  # [direction][cell]: the step's price now, None where no road may go
        self.crosses: list[np.ndarray] = []  # [direction][cell]: the step crosses a river edge
        # The neighbour's cost in each direction is a shifted view of the grid ringed with
        # impassable squares, so a step off the map is refused like a step into water.
        ringed = np.full((h + 2, w + 2), math.inf)
        ringed[1:-1, 1:-1] = cost
        no_river = np.zeros((h, w), bool)  # a diagonal step crosses no river edge (it is refused at a river's point)
        for dc, dr in KING_STEPS:
            there = ringed[1 + dr : 1 + dr + h, 1 + dc : 1 + dc + w]
            ok = there != math.inf
            step = (cost + there) / 2
            cross = no_river
            if dc and dr:
                # a road never slips diagonally through a river's point
                ok &= ~corner[(dr > 0) : (dr > 0) + h, (dc > 0) : (dc > 0) + w]
                step = step * DIAGONAL
            elif dc:
                cross = east if dc > 0 else np.roll(east, 1, axis=1)  # what wraps round is off the map: refused
            else:
                cross = south if dr > 0 else np.roll(south, 1, axis=0)
            cross = cross & ok
            step = np.where(cross, step + BRIDGE_COST, step)
            price = step.ravel().tolist()
            for i in np.flatnonzero(~ok).tolist():
                price[i] = None
            self.price.append(price)
            self.crosses.append(cross.ravel())
        self.used: set[tuple[int, int]] = set()
        self.bridged: set[tuple[int, int]] = set()
        self.roads: list[Road] = []
        self.on_road: set[tuple[int, int]] = set()

    def _search(self, start: int, goals: set[int], target: int | None) -> list[int] | None:
        """A* towards ``target`` (octile heuristic), or Dijkstra to the nearest of ``goals``.

        The heap holds (estimate, cost so far, cell): its order alone decides ties, so the
        path found does not depend on the order the steps are looked at.  The estimate, the
        octile distance priced as fresh open ground, is worked out for the cells the search
        reaches only, from each column's and row's distance to the target.
        """
        w = self.w
        n = w * self.h
        if target is None:
            away_c = away_r = None
            first = 0.0
        else:
            tc, tr = target % w, target // w
            away_c = [abs(c - tc) for c in range(w)]
            away_r = [abs(r - tr) for r in range(self.h)]
            dx, dy = away_c[start % w], away_r[start // w]
            first = dx + (DIAGONAL - 1) * dy if dx > dy else dy + (DIAGONAL - 1) * dx
        diagonal = DIAGONAL - 1
        inf = math.inf
        best = [inf] * n
        best[start] = 0.0
        came: dict[int, int] = {}
        heap = [(first, 0.0, start)]
        pop, push = heapq.heappop, heapq.heappush
        moves = list(zip(self.offsets, self.price))
        while heap:
            _, g, i = pop(heap)
            if g > best[i]:
                continue
            if i in goals:
                path = [i]
                while path[-1] != start:
                    path.append(came[path[-1]])
                return path[::-1]
            for off, price in moves:
                step = price[i]
                if step is None:
                    continue
                j = i + off
                ng = g + step
                if ng < best[j]:
                    best[j] = ng
                    came[j] = i
                    if away_c is None:
                        push(heap, (ng + 0.0, ng, j))
                    else:
                        dx, dy = away_c[j % w], away_r[j // w]
                        push(heap, (ng + (dx + diagonal * dy if dx > dy else dy + diagonal * dx), ng, j))
        return None

    def build(self, a: tuple[int, int], b: tuple[int, int]) -> Road | None:
        if a == b:
            return None
        ia, ib = a[1] * self.w + a[0], b[1] * self.w + b[0]
        path = self._search(ia, {ib}, ib)
        return self._commit(path) if path else None

    def spur(self, start: tuple[int, int]) -> Road | None:
        """A branch road from ``start`` to the nearest existing road (FW-11.8 result 8)."""
        if not self.on_road or start in self.on_road:
            return None
        goals = {r * self.w + c for c, r in self.on_road}
        path = self._search(start[1] * self.w + start[0], goals, None)
        return self._commit(path) if path else None

    def steps(self, i: int) -> list[tuple[int, float, bool]]:
        """(neighbour, price now, crosses a river) for each legal road step from cell ``i``."""
        return [
            (i + off, price[i], bool(cross[i]))
            for off, price, cross in zip(self.offsets, self.price, self.crosses)
            if price[i] is not None
        ]

    def follow(self, i: int, j: int) -> None:
        """A road now runs along the step between cells ``i`` and ``j``: later roads pay :data:`REUSE` of its price."""
        key = (min(i, j), max(i, j))
        if key in self.used:
            return
        self.used.add(key)
        there = KING_STEPS.index(((j % self.w) - (i % self.w), (j // self.w) - (i // self.w)))
        back = KING_STEPS.index(((i % self.w) - (j % self.w), (i // self.w) - (j // self.w)))
        self.price[there][i] *= REUSE
        self.price[back][j] *= REUSE
        if self.crosses[there][i]:
            self.bridged.add(key)

    def _commit(self, path: list[int]) -> Road:
        for i, j in zip(path, path[1:]):
            self.follow(i, j)
        squares = [(i % self.w, i // self.w) for i in path]
        self.on_road.update(squares)
        road = Road(squares)
        self.roads.append(road)
        return road

    def bridges(self) -> list[Crossing]:
        """A bridge on every river edge a road crosses (in road order, no repeats)."""
        seen, out = set(), []
        for road in self.roads:
            for u, v in zip(road.squares, road.squares[1:]):
                key = tuple(sorted((u[1] * self.w + u[0], v[1] * self.w + v[0])))
                if key in self.bridged and key not in seen:
                    seen.add(key)
                    out.append(Crossing(tuple(sorted((u, v))), "bridge"))
        return out

    def passes(self) -> list[tuple[int, int]]:
        """Mountain squares a road runs through: each is a pass (FW-2.6)."""
        return sorted(sq for sq in self.on_road if self.terrain[sq[1], sq[0]] == "mountain")


def connect_holdings(builder: RoadBuilder, holdings: list[Holding]) -> None:
    """Each capital to each of its holdings, then the capitals to each other."""
    capitals = {h.side: h.square for h in holdings if h.capital}
    for h in holdings:
        if not h.capital:
            builder.build(capitals[h.side], h.square)
    caps = list(capitals.values())
    for a, b in zip(caps, caps[1:]):
        builder.build(a, b)


def add_fords(
    rng: np.random.Generator,
    terrain: np.ndarray,
    steps: Steps,
    crossings: list[Crossing],
    usable: np.ndarray,
    rivers,
) -> list[Crossing]:
    """Fords so that no part of the mainland is cut off, then along long uncrossed rivers."""
    h, w = terrain.shape
    have = {frozenset(c.squares) for c in crossings}
    ia, ib = flat_index(steps.a, w), flat_index(steps.b, w)
    flat_usable = usable.ravel()
    inside = flat_usable[ia] & flat_usable[ib]
    # Which river-crossing steps have a bridge or ford already: as keys (lower cell, higher cell).
    n = h * w
    have_keys = [min(p, q) * n + max(p, q) for p, q in ((a[1] * w + a[0], b[1] * w + b[0]) for a, b in map(tuple, have))]
    ca, cb = ia[steps.crosses_river], ib[steps.crosses_river]
    crossed = np.isin(np.minimum(ca, cb) * n + np.maximum(ca, cb), np.array(have_keys, dtype=np.int64))
    passable = ~steps.crosses_river
    passable[np.flatnonzero(steps.crosses_river)[crossed]] = True
    join = inside & passable
    labels = component_labels(h * w, ia[join], ib[join])
    cut = np.flatnonzero(inside & steps.crosses_river & ~steps.diagonal & ~passable)
    no_ford = of_kind(terrain, NO_FORD).ravel()
    ease = np.where(no_ford[ia[cut]] | no_ford[ib[cut]], 0.1, 1.0)
    fords: list[Crossing] = []
    while len(cut):
        la, lb = labels[ia[cut]], labels[ib[cut]]
        open_ = la != lb
        if not open_.any():
            break
        weights = ease[open_]
        k = int(rng.choice(int(open_.sum()), p=weights / weights.sum()))
        i = int(cut[open_][k])
        a, b = tuple(steps.a[i].tolist()), tuple(steps.b[i].tolist())
        merged, into = labels[ib[i]], labels[ia[i]]
        labels[labels == merged] = into
        have.add(frozenset((a, b)))
        fords.append(Crossing(tuple(sorted((a, b))), "ford"))

    # Long rivers: a ford wherever a stretch runs too long with no crossing.  Whether each
    # edge is crossed already, and would take a ford, is worked out for all edges at once.
    edges = river_edge_squares(rivers)  # [edge, (west or north square, east or south), (col, row)]
    (ac, ar), (bc, br) = edges[:, 0].T, edges[:, 1].T
    if ((ac < 0) | (ar < 0) | (bc >= w) | (br >= h)).any():  # a river on the map's rim: edge by edge
        return fords + _long_river_fords(rivers, have, no_ford, usable, w)
    fa, fb = ar * w + ac, br * w + bc
    have_keys = [min(p, q) * n + max(p, q) for p, q in ((a[1] * w + a[0], b[1] * w + b[0]) for a, b in map(tuple, have))]
    crossed = np.isin(np.minimum(fa, fb) * n + np.maximum(fa, fb), np.array(have_keys, dtype=np.int64)).tolist()
    fordable = (~no_ford[fa] & ~no_ford[fb] & flat_usable[fa] & flat_usable[fb]).tolist()
    start = 0
    for river in rivers:
        end = start + max(len(river.points) - 1, 0)  # this river's edges
        run = 0
        for k in range(start, end):
            if crossed[k]:
                run = 0
                continue
            run += 1
            if run >= RIVER_EDGES_PER_CROSSING and fordable[k]:
                fords.append(Crossing(tuple(map(tuple, edges[k].tolist())), "ford"))
                run = 0
        start = end
    return fords


def _long_river_fords(rivers, have: set, no_ford: np.ndarray, usable: np.ndarray, w: int) -> list[Crossing]:
    """add_fords' fords along long rivers, edge by edge (for rivers on the map's rim)."""

    def easy(a, b) -> bool:
        return not (no_ford[a[1] * w + a[0]] or no_ford[b[1] * w + b[0]])

    fords = []
    for river in rivers:
        run = 0
        for p, q in river.edges():
            sa, sb = edge_squares(p, q)
            key = frozenset((sa, sb))
            if key in have:
                run = 0
                continue
            run += 1
            if run >= RIVER_EDGES_PER_CROSSING and easy(sa, sb) and usable[sa[1], sa[0]] and usable[sb[1], sb[0]]:
                fords.append(Crossing(tuple(sorted((sa, sb))), "ford"))
                run = 0
    return fords
