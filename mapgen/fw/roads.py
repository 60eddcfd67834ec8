"""Roads, bridges and fords.

Roads join each capital to its holdings and the two capitals to each other by
least-cost paths over terrain (networkx A*).  A road enters a mountain only
over a pass, and a road crossing a river gets a bridge on that edge.  Fords
are then added where the movement graph would otherwise leave a part of the
land cut off by rivers, and along long rivers without any crossing, so every
holding can reach every other by land (AMB-06 strict mode).
"""

from __future__ import annotations

import networkx as nx
import numpy as np

from ..grid import chebyshev, edge_squares
from .model import Crossing, Holding, Road
from .movement import Steps

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
REUSE = 0.3
DIAGONAL = 1.42
#: A river runs at most about this many edges without a crossing.
RIVER_EDGES_PER_CROSSING = 7
#: Terrain where nobody would ford a river.
NO_FORD = frozenset({"mountain", "swamp"})


class RoadBuilder:
    """A road-building graph over land squares; remembers the roads built."""

    def __init__(self, terrain: np.ndarray, steps: Steps):
        self.terrain = terrain
        g = nx.Graph()
        for (ac, ar), (bc, br), diag, cross in zip(
            steps.a.tolist(), steps.b.tolist(), steps.diagonal.tolist(), steps.crosses_river.tolist()
        ):
            if cross and diag:
                continue  # a road never slips diagonally through a river's point
            cost = (ROAD_COST[str(terrain[ar, ac])] + ROAD_COST[str(terrain[br, bc])]) / 2
            cost *= DIAGONAL if diag else 1.0
            if cross:
                cost += BRIDGE_COST
            g.add_edge((ac, ar), (bc, br), weight=cost, bridge=cross)
        self.graph = g
        self.roads: list[Road] = []
        self.on_road: set[tuple[int, int]] = set()

    def _heuristic(self, a, b) -> float:
        return chebyshev(a, b) * REUSE

    def build(self, a: tuple[int, int], b: tuple[int, int]) -> Road | None:
        if a == b or a not in self.graph or b not in self.graph:
            return None
        try:
            path = nx.astar_path(self.graph, a, b, heuristic=self._heuristic, weight="weight")
        except nx.NetworkXNoPath:
            return None
        return self._commit(path)

    def spur(self, start: tuple[int, int]) -> Road | None:
        """A branch road from ``start`` to the nearest existing road (FW-11.8 result 8)."""
        if not self.on_road or start in self.on_road or start not in self.graph:
            return None
        try:
            _, path = nx.multi_source_dijkstra(self.graph, sorted(self.on_road), target=start, weight="weight")
        except nx.NetworkXNoPath:
            return None
        return self._commit(list(reversed(path)))

    def _commit(self, path) -> Road:
        for u, v in zip(path, path[1:]):
            self.graph[u][v]["weight"] *= REUSE
        self.on_road.update(path)
        road = Road(list(path))
        self.roads.append(road)
        return road

    def bridges(self) -> list[Crossing]:
        """A bridge on every river edge a road crosses (in road order, no repeats)."""
        seen, out = set(), []
        for road in self.roads:
            for u, v in zip(road.squares, road.squares[1:]):
                key = frozenset((u, v))
                if self.graph[u][v]["bridge"] and key not in seen:
                    seen.add(key)
                    out.append(Crossing(tuple(sorted((u, v))), "bridge"))
        return out

    def passes(self) -> list[tuple[int, int]]:
        """Mountain squares a road runs through: each is a pass (FW-2.6)."""
        return sorted({sq for sq in self.on_road if self.terrain[sq[1], sq[0]] == "mountain"}, key=lambda s: (s[1], s[0]))


def connect_holdings(builder: RoadBuilder, holdings: list[Holding]) -> None:
    """Each capital to each of its holdings, then the capitals to each other."""
    capitals = {h.side: h.square for h in holdings if h.capital}
    for h in holdings:
        if not h.capital:
            builder.build(capitals[h.side], h.square)
    caps = list(capitals.values())
    for a, b in zip(caps, caps[1:]):
        builder.build(a, b)


class _Components:
    """Union-find over squares."""

    def __init__(self):
        self.parent: dict = {}

    def find(self, x):
        self.parent.setdefault(x, x)
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def union(self, a, b) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)


def add_fords(
    rng: np.random.Generator,
    terrain: np.ndarray,
    steps: Steps,
    crossings: list[Crossing],
    usable: np.ndarray,
    rivers,
) -> list[Crossing]:
    """Fords so that no part of the mainland is cut off, then along long uncrossed rivers."""
    have = {frozenset(c.squares) for c in crossings}
    comps = _Components()
    cuts = []
    for (ac, ar), (bc, br), diag, cross in zip(
        steps.a.tolist(), steps.b.tolist(), steps.diagonal.tolist(), steps.crosses_river.tolist()
    ):
        a, b = (ac, ar), (bc, br)
        if not (usable[ar, ac] and usable[br, bc]):
            continue
        comps.find(a)
        comps.find(b)
        if not cross or frozenset((a, b)) in have:
            comps.union(a, b)
        elif not diag:
            cuts.append((a, b))
    fords: list[Crossing] = []

    def ease(a, b) -> float:
        ta, tb = str(terrain[a[1], a[0]]), str(terrain[b[1], b[0]])
        return 0.1 if (ta in NO_FORD or tb in NO_FORD) else 1.0

    while True:
        open_cuts = [(a, b) for a, b in cuts if comps.find(a) != comps.find(b)]
        if not open_cuts:
            break
        weights = np.array([ease(a, b) for a, b in open_cuts])
        a, b = open_cuts[int(rng.choice(len(open_cuts), p=weights / weights.sum()))]
        comps.union(a, b)
        have.add(frozenset((a, b)))
        fords.append(Crossing(tuple(sorted((a, b))), "ford"))

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
            if run >= RIVER_EDGES_PER_CROSSING and ease(sa, sb) == 1.0 and usable[sa[1], sa[0]] and usable[sb[1], sb[0]]:
                have.add(key)
                fords.append(Crossing(tuple(sorted((sa, sb))), "ford"))
                run = 0
    return fords
