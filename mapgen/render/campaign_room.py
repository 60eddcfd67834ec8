"""What a counter put down on the campaign map must leave in sight: the map's names, square ids and symbols.

The printed map places its names (holdings' plates, rivers, chains, regions)
and each square's id; the campaign's counters go on top of it afterwards, so
they need those places as boxes in map millimetres.  Names and ids are never
covered; a holding's or a feature's symbol only when a square has no room left.  The map's drawing
measures them (:func:`~mapgen.render.fw_names.map_room`); this module is only their shape, so that the
layers can be drawn on a kept map without the geometry library.
"""

from __future__ import annotations

from typing import NamedTuple

Box = tuple[float, float, float, float]


class MapRoom(NamedTuple):
    """Boxes (x0, y0, x1, y1), mm on the map: ``names`` a counter never covers, ``symbols`` it covers only when it must."""

    names: tuple[Box, ...]
    symbols: tuple[Box, ...]

    def to_json(self) -> dict:
        return {"names": [list(b) for b in self.names], "symbols": [list(b) for b in self.symbols]}

    @classmethod
    def from_json(cls, data: dict | None) -> MapRoom:
        data = data or {}
        return cls(tuple(tuple(b) for b in data.get("names", ())), tuple(tuple(b) for b in data.get("symbols", ())))
