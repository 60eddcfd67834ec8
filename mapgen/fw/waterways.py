"""Navigable water on the campaign map (FW-20): the square-level geometry of rivers' stretches, ports and sea.

The map records navigability along a river's own corner points (``River.stretches``: first and
last point index and the craft; ``River.obstacles``: point index and kind) because a river runs
along square edges: that is what the map draws and what the file can check against the river.
The engine and the validator think in squares; this module turns one into the other, once, so
that the map's stages, the validator, the renderers and the campaign engine agree on which
squares a stretch touches.

A river edge from point ``i`` to point ``i + 1`` lies between two squares (its banks,
:func:`mapgen.grid.edge_squares`); a stretch from point ``a`` to point ``b`` is the edges
``a .. b - 1``; an obstacle at point ``i`` touches the squares around that corner that border
the river's edges meeting there.
"""

from __future__ import annotations

from ..grid import edge_squares

Square = tuple[int, int]
#: Terrain a ship sails on without a river (FW-20.1: lakes and coastal sea).
OPEN_WATER = ("sea", "lake")


def banks(points: list[Square], i: int) -> tuple[Square, Square]:
    """The two squares on either side of the river edge from ``points[i]`` to ``points[i + 1]``."""
    return edge_squares(points[i], points[i + 1])


def stretch_edges(first: int, last: int) -> range:
    """The edge indices of a stretch between point indices ``first`` and ``last`` (edge ``i`` joins points ``i`` and ``i + 1``)."""
    return range(first, last)


def stretch_squares(river, first: int, last: int, width: int, height: int) -> list[Square]:
    """Every square on the map touching the stretch, in the river's order (source first), each once."""
    seen: dict[Square, None] = {}
    for i in stretch_edges(first, last):
        for c, r in banks(river.points, i):
            if 0 <= c < width and 0 <= r < height:
                seen.setdefault((c, r), None)
    return list(seen)


def point_squares(river, at: int, width: int, height: int) -> list[Square]:
    """The squares beside the river's edges that meet at point ``at`` (where an obstacle sits), each once."""
    seen: dict[Square, None] = {}
    for i in (at - 1, at):
        if 0 <= i < len(river.points) - 1:
            for c, r in banks(river.points, i):
                if 0 <= c < width and 0 <= r < height:
                    seen.setdefault((c, r), None)
    return list(seen)


def navigable_squares(fw_map, craft: str = "boats") -> set[Square]:
    """The squares touching a river stretch that ``craft`` may sail ("boats": every stretch; "ships": ships' stretches only)."""
    out: set[Square] = set()
    for river in fw_map.rivers:
        for first, last, allowed in river.stretches or ():
            if craft == "boats" or allowed == "ships":
                out.update(stretch_squares(river, first, last, fw_map.width, fw_map.height))
    return out


def open_water(fw_map) -> set[Square]:
    """Sea and lake squares (FW-20.1)."""
    return {(c, r) for r in range(fw_map.height) for c in range(fw_map.width) if str(fw_map.terrain[r, c]) in OPEN_WATER}
