"""A hand-made watercraft map (FW-20) until ``fw-map --watercraft`` makes them: tests/fw_tiny.py with a sea and a navigable river.

9 x 6 squares as in :func:`tests.fw_tiny.tiny`; the bottom row (row 6) is sea, so the river down
x = 4 (points (4, 1) .. (4, 6), source first) runs into it.  River edge ``i`` lies between squares
``D{i+2}`` and ``E{i+2}``: stretch (0, 2) is for boats (D2-E3), (2, 5) for ships (D4-E5, then the
sea at row 6).  Ports B5 (side A) and H5 (side B) border the sea.
"""

from __future__ import annotations

from mapgen.campaign.board import build_board
from tests.fw_tiny import tiny


def water_map(stretches=((0, 2, "boats"), (2, 5, "ships")), obstacles=(), ports=(((1, 4), "A"), ((7, 4), "B")), reefs=(), terrain=None):
    m = tiny()
    m.terrain[5, :] = "sea"
    for (c, r), t in (terrain or {}).items():
        m.terrain[r, c] = t
    m.rivers[0].stretches = list(stretches)
    m.rivers[0].obstacles = list(obstacles)
    m.ports = list(ports)
    m.reefs = list(reefs)
    m.river[5, :] = False
    return m


def water_board(**kw):
    return build_board(water_map(**kw))
