"""The Napoleonic battlefield (NAP-2.2, NAP-A.12): thirteen areas, their adjacency and what lies ahead.

Columns are numbered from side A's point of view, so A's left faces B's
right.  Rows run from A's reserve (row 0) to B's reserve (row 4); the
retreat areas sit outside the grid.  The engine, the printed board and the
cards all read the areas from here, by the names the commands take
(``a-left``, ``mid-0``, ``b-reserve``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

SIDES = ("A", "B")

#: A line part's name by its column, from each side's own point of view (NAP-2.1: left, centre, right).
PARTS = {"A": ("left", "centre", "right"), "B": ("right", "centre", "left")}

#: The rows of the grid: A's reserve, A's battle line, the shared central zone, B's line, B's reserve.
ROW_RESERVE = {"A": 0, "B": 4}
ROW_LINE = {"A": 1, "B": 3}
ROW_MID = 2


@dataclass(frozen=True)
class Area:
    """One box of the board: ``kind`` is ``line``, ``mid``, ``reserve`` or ``retreat``."""

    name: str
    label: str
    kind: str
    owner: str | None
    #: Grid row (0-4) and column (0-2); reserves have a row and no column, retreats neither.
    row: int | None
    column: int | None


def other(side: str) -> str:
    return "B" if side == "A" else "A"


def _areas() -> dict[str, Area]:
    areas: list[Area] = []
    for side in SIDES:
        areas.append(Area(f"{side.lower()}-retreat", f"{side} Retreat", "retreat", side, None, None))
        areas.append(Area(f"{side.lower()}-reserve", f"{side} Reserve", "reserve", side, ROW_RESERVE[side], None))
        for column, part in enumerate(PARTS[side]):
            areas.append(Area(f"{side.lower()}-{part}", f"{side} {part.title()}", "line", side, ROW_LINE[side], column))
    for column in range(3):
        areas.append(Area(f"mid-{column}", f"Mid {column}", "mid", None, ROW_MID, column))
    order = {"retreat": 0, "reserve": 1, "line": 2, "mid": 3}
    # board order, top to bottom as A sees it: A's boxes, the central zone, B's line, B's boxes
    def key(area: Area) -> tuple:
        if area.owner == "A":
            return (0, order[area.kind], area.column or 0)
        if area.owner is None:
            return (1, 0, area.column)
        return (2, -order[area.kind], area.column or 0)
    return {area.name: area for area in sorted(areas, key=key)}


#: Every area by its name, in board order (A's retreat and reserve, A's line, the central zone, B's line, B's boxes).
AREAS: dict[str, Area] = _areas()
#: Each side's battle-line areas by column (0, 1, 2).
LINE_AREAS = {side: tuple(f"{side.lower()}-{part}" for part in PARTS[side]) for side in SIDES}
MID_AREAS = tuple(f"mid-{column}" for column in range(3))
RESERVE = {side: f"{side.lower()}-reserve" for side in SIDES}
RETREAT = {side: f"{side.lower()}-retreat" for side in SIDES}

_BY_CELL = {(a.row, a.column): a.name for a in AREAS.values() if a.column is not None}


def _adjacent(a: Area, b: Area) -> bool:
    if a.name == b.name or a.kind == "retreat" or b.kind == "retreat":
        return False
    if a.kind == "reserve" or b.kind == "reserve":
        # NAP-A.12: a reserve touches its own three line areas and nothing else
        reserve, line = (a, b) if a.kind == "reserve" else (b, a)
        return line.kind == "line" and line.owner == reserve.owner
    same_row = a.row == b.row and abs(a.column - b.column) == 1
    same_column = a.column == b.column and abs(a.row - b.row) == 1
    return same_row or same_column


_NEIGHBOURS = {
    name: tuple(other_name for other_name, b in AREAS.items() if _adjacent(area, b)) for name, area in AREAS.items()
}


def adjacent(a: str, b: str) -> bool:
    """NAP-2.2: next to each other in a row or a column (never diagonally); a reserve touches its own line."""
    return b in _NEIGHBOURS[a]


def neighbours(name: str) -> tuple[str, ...]:
    return _NEIGHBOURS[name]


def ahead(name: str, side: str, steps: int = 1) -> str | None:
    """The area ``steps`` rows straight ahead of ``name`` toward ``side``'s enemy (NAP-5), if the grid has one.

    Only line and central areas look ahead: a unit in a reserve or a retreat
    area attacks nothing (NAP-A.18), and the row beyond the enemy line is its
    reserve, which is not in front of any column.
    """
    area = AREAS[name]
    if area.kind not in ("line", "mid"):
        return None
    row = area.row + (steps if side == "A" else -steps)
    if not ROW_LINE["A"] <= row <= ROW_LINE["B"]:
        return None
    return _BY_CELL[(row, area.column)]


def part_areas(side: str, column: int) -> tuple[str, str]:
    """NAP-12: the areas that keep a line part intact, its starting line area and the central area of its column."""
    return LINE_AREAS[side][column], MID_AREAS[column]


def area_named(text: str) -> str:
    """An area's name from what a player typed: case and the separator are free (``A-Left``, ``a left``, ``Mid 0``)."""
    key = re.sub(r"[\s_]+", "-", text.strip().lower())
    key = key.replace("center", "centre")
    if key in AREAS:
        return key
    raise ValueError(f"no area {text!r}: one of {', '.join(AREAS)}")
