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


class RoadBuilder:
    """Road search over the grid; remembers the roads built and the river edges they bridge."""

    def __init__(self, terrain: np.ndarray, rivers):
        h, w = terrain.shape
        self.terrain = terrain
        self.h, self.w = h, w
        self.cost = [ROAD_COST.get(str(t), math.inf) for t in terrain.ravel()]
        corner = np.zeros((h + 1, w + 1), bool)
        east = np.zeros((h, w), bool)  # step (c, r) -> (c+1, r) crosses a river
        south = np.zeros((h, w), bool)  # step (c, r) -> (c, r+1) crosses a river
        for river in rivers:
            for x, y in river.points:
                corner[y, x] = True
            for (x0, y0), (x1, y1) in river.edges():
                if x0 == x1 and 0 < x0 < w:  # vertical edge at x between rows y..y+1
                    east[min(y0, y1), x0 - 1] = True
                elif y0 == y1 and 0 < y0 < h:
                    south[y0 - 1, min(x0, x1)] = True
        self.corner = corner.ravel().tolist()
        self.east = east.ravel().tolist()
        self.south = south.ravel().tolist()
        self.used: set[tuple[int, int]] = set()
        self.bridged: set[tuple[int, int]] = set()
        self.roads: list[Road] = []
        self.on_road: set[tuple[int, int]] = set()

    def _steps(self, i: int):
        """(neighbour, cost, crosses_river) for each legal road step from cell i."""
        w, h, cost = self.w, self.h, self.cost
        c, r = i % w, i // w
        corner, cw = self.corner, w + 1
        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)):
            cc, rr = c + dc, r + dr
            if not (0 <= cc < w and 0 <= rr < h):
                continue
            j = rr * w + cc
            if cost[j] == math.inf:
                continue
            step = (cost[i] + cost[j]) / 2
            cross = False
            if dc and dr:
                if corner[(r + (dr > 0)) * cw + c + (dc > 0)]:
                    continue  # a road never slips diagonally through a river's point
                step *= DIAGONAL
            elif dc:
                cross = self.east[i if dc > 0 else j]
            else:
                cross = self.south[i if dr > 0 else j]
            if cross:
                step += BRIDGE_COST
            if (min(i, j), max(i, j)) in self.used:
                step *= REUSE
            yield j, step, cross

    def _search(self, start: int, goals: set[int], target: int | None) -> list[int] | None:
        """A* towards ``target`` (octile heuristic), or Dijkstra to the nearest of ``goals``."""
        w = self.w
        tc, tr = (target % w, target // w) if target is not None else (0, 0)

        def h(j: int) -> float:
            if target is None:
                return 0.0
            dx, dy = abs(j % w - tc), abs(j // w - tr)
            return max(dx, dy) + (DIAGONAL - 1) * min(dx, dy)

        best = {start: 0.0}
        came: dict[int, int] = {}
        heap = [(h(start), 0.0, start)]
        while heap:
            _, g, i = heapq.heappop(heap)
            if g > best[i]:
                continue
            if i in goals:
                path = [i]
                while path[-1] != start:
                    path.append(came[path[-1]])
                return path[::-1]
            for j, step, _ in self._steps(i):
                ng = g + step
                if ng < best.get(j, math.inf):
                    best[j] = ng
                    came[j] = i
                    heapq.heappush(heap, (ng + h(j), ng, j))
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

    def _commit(self, path: list[int]) -> Road:
        for i, j in zip(path, path[1:]):
            key = (min(i, j), max(i, j))
            self.used.add(key)
            if next(cross for k, _, cross in self._steps(i) if k == j):
                self.bridged.add(key)
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
    crossed = np.array([frozenset(((a[0], a[1]), (b[0], b[1]))) in have for a, b in zip(steps.a[steps.crosses_river].tolist(), steps.b[steps.crosses_river].tolist())], bool)
    passable = ~steps.crosses_river
    passable[np.flatnonzero(steps.crosses_river)[crossed]] = True
    join = inside & passable
    labels = component_labels(h * w, ia[join], ib[join])
    cut = np.flatnonzero(inside & steps.crosses_river & ~steps.diagonal & ~passable)
    no_ford = np.isin(terrain, list(NO_FORD)).ravel()
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

    def easy(a, b) -> bool:
        return not (no_ford[a[1] * w + a[0]] or no_ford[b[1] * w + b[0]])

    # Long rivers: a ford wherever a stretch runs too long with no crossing.
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
