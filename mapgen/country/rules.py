"""Renaissance campaign map rules as data (``shared/rules/renaissance-campaign.md``, RC-1, RC-3.2)."""

from __future__ import annotations

from ..tables import Table, band

#: RC-1.2 Tabella 27, rolled 2D6 + M where M = depth of the road's parent (RC-1.3, RC-A.1).
URBAN_AREA = Table(
    "RC-1.2",
    "Urban Area Table (Tabella 27)",
    "2D6",
    (
        band(2, 2, "walled_village", "Walled village"),
        band(3, 3, "fortress", "Fortress"),
        band(4, 6, "village", "Village"),
        band(7, 7, "city", "City"),
        band(8, 8, "village", "Village"),
        band(9, 9, "fortress", "Fortress"),
        band(10, 12, "border", "Border"),
    ),
)

#: RC-1.4 Tabella 28: how many new roads leave an urban area reached by a single road.
ROADS = Table(
    "RC-1.4",
    "Roads Table (Tabella 28)",
    "2D6",
    (band(2, 8, "1", "1 road", roads=1), band(9, 11, "2", "2 roads", roads=2), band(12, 12, "3", "3 roads", roads=3)),
)

#: RC-1.7 (RC-A.5): two or three crossing points, with equal chance, on each of the four edges of every sheet.
CROSSING_POINTS = Table(
    "RC-1.7",
    "Crossing points on a sheet edge",
    "1D6",
    (band(1, 3, "2", "2 crossing points", points=2), band(4, 6, "3", "3 crossing points", points=3)),
)

URBAN_KINDS = ("city", "walled_village", "village", "fortress")
NODE_KINDS = ("capital",) + URBAN_KINDS + ("border", "crossing")

#: RC-3.2 Tabella 29: yearly tax in ducats.  The capital pays as a city (RC-A.3);
#: a walled village as a village (RC-A.35); border and crossing points pay nothing.
TAX = {"capital": 40, "city": 40, "fortress": 20, "village": 10, "walled_village": 10, "border": 0, "crossing": 0}

#: RC-1.1: cities (and the capital, a walled city per RC-A.3) always have walls, villages never,
#: walled villages do.  A fortress is a fortification, so it counts as walled too.
WALLS = {"capital": True, "city": True, "fortress": True, "walled_village": True, "village": False, "border": False, "crossing": False}

#: RC-1.5 step 3.1 and RC-A.2: the initial roads, resolved in this order.
COMPASS = ("E", "S", "W", "N")
#: Direction of each initial road in drawing coordinates (y grows southwards), degrees.
COMPASS_ANGLE = {"E": 0.0, "S": 90.0, "W": 180.0, "N": 270.0}

#: RC-1.6: roads "about 3 cm" long.
ROAD_MM = 30.0
#: How much a road's length may vary, so the map does not look ruled.
ROAD_JITTER = 0.12
#: Sheet sizes for ``--sheet`` (landscape, millimetres); the issue's default is A4 landscape.
SHEETS = {"a4": (297.0, 210.0), "a3": (420.0, 297.0), "letter": (279.4, 215.9), "tabloid": (431.8, 279.4)}
DEFAULT_SHEET = "a4"
#: The road procedure treats a line this far inside the paper as the sheet edge,
#: so border points are not printed where home printers cannot reach.
SHEET_MARGIN_MM = 12.0

ALL_TABLES = (URBAN_AREA, ROADS, CROSSING_POINTS)
