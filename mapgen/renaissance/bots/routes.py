"""The Renaissance bots' routes: road steps only (RC-4.3), worked out once per map.

A breadth-first walk over ``board.steps`` gives the road distance from every
node to a target; a country map has a hundred nodes or so, so each walk is
cheap, and it is kept per target for the whole run (the map never changes,
only who holds what).  Breadth first rather than Dijkstra because every road
step costs the same: one of the two an army takes a phase, whatever its
length on the sheet.
"""

from __future__ import annotations

from ...engine.bots import steps_to  # one breadth-first search for both rule sets

#: RC-4.3: road steps an army may take in one summer phase (the engine's value, read here).
from ..summer import MAX_STEPS

FAR = 1 << 30


class Routes:
    """Road distances and first steps over one board's roads, kept per target."""

    def __init__(self, board):
        self.steps = board.steps
        self._dist: dict[str, dict[str, int]] = {}

    def distances_to(self, target: str) -> dict[str, int]:
        """Road steps from every node that can reach ``target``."""
        found = self._dist.get(target)
        if found is None:
            found = self._dist[target] = steps_to(self.steps, target)
        return found

    def distance(self, start: str, target: str) -> int:
        return self.distances_to(target).get(start, FAR)

    def nearest(self, start: str, targets, bonus=None) -> tuple[str | None, int]:
        """The target nearest ``start`` by road (less its ``bonus`` steps), ties by node id; (None, FAR) when none is reachable.

        Roads run both ways, so one walk from ``start`` gives every target's distance.
        """
        dist = self.distances_to(start)
        best, best_d = None, FAR
        for t in targets:
            d = dist.get(t)
            if d is None:
                continue
            if bonus:
                d -= bonus.get(t, 0)
            if d < best_d or (d == best_d and t < best):
                best, best_d = t, d
        return best, best_d

    def path(self, start: str, target: str, blocked) -> tuple[str, ...]:
        """Up to :data:`MAX_STEPS` road steps towards ``target``, ending early on a node in ``blocked``.

        ``blocked`` holds the nodes with another player's or a neutral force:
        an army must stop on entering one (RC-4.3), so the path ends there.
        Among equally near next steps the lowest node id is taken, so a game
        is the same however often it is played.
        """
        dist = self.distances_to(target)
        here, out = start, []
        for _ in range(MAX_STEPS):
            d = dist.get(here)
            if not d:
                break
            here = min((n for n in self.steps[here] if dist.get(n, FAR) < d), key=lambda n: (dist[n], n))
            out.append(here)
            if here in blocked:
                break
        return tuple(out)

    def step_away(self, start: str, home: str, blocked) -> tuple[str, ...]:
        """One road step towards ``home`` (falling back, RC-4.4), or () when already there or no step leads nearer."""
        return self.path(start, home, blocked)[:1]
