"""The country map's road graph as the summer moves on it (RC-4.3, RC-1.7).

Every edge of :class:`~mapgen.country.model.CountryMap`'s graph is a road
step: a road inside a country (``country`` set) or a crossing between two
linked crossing points (``crossing``), which RC-1.7 counts as one step; on an
``abstract`` map (RC-A.5) every crossing point is also one step from every
crossing point of every other country (:meth:`~mapgen.country.model.CountryMap.crossing_links`).
It is taken once per map as a plain dict, so a command checks a step without networkx.
"""

from __future__ import annotations


def road_steps(country_map) -> dict[str, tuple[str, ...]]:
    """Node -> the nodes one road step away (roads and linked crossings, RC-4.3, RC-1.7), sorted.

    Examples
    --------
    >>> import networkx as nx
    >>> from types import SimpleNamespace
    >>> g = nx.Graph([("A-0", "A-1"), ("A-1", "A-2")])
    >>> road_steps(SimpleNamespace(graph=g, crossing_links=dict))["A-1"]
    ('A-0', 'A-2')
    """
    g = country_map.graph
    links = country_map.crossing_links()
    return {n: tuple(sorted((*g.neighbors(n), *links.get(n, ())))) for n in g.nodes}


def is_path(steps: dict[str, tuple[str, ...]], start: str, path) -> str | None:
    """The first step of ``path`` from ``start`` that is not a road step, as ``"X -> Y"``; None when every step is one."""
    here = start
    for node in path:
        if node not in steps.get(here, ()):
            return f"{here} -> {node}"
        here = node
    return None
