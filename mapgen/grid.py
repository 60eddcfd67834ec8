"""Square names and neighbourhoods on the campaign grid.

Columns are lettered from A westwards-to-east (after Z: AA, AB, ...), rows
numbered from 1 north-to-south, so ``C4`` is column C, row 4.  Internally a
square is ``(col, row)``, both 0-based; arrays are indexed ``[row, col]``.
"""

from __future__ import annotations

import re

_SQUARE = re.compile(r"^([A-Za-z]+)(\d+)$")

#: 8-neighbour (king-move) steps: AMB-02 counts diagonals as adjacent.
KING_STEPS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


def col_letters(col: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA (spreadsheet style)."""
    if col < 0:
        raise ValueError(f"column {col} is negative")
    letters = ""
    col += 1
    while col:
        col, rem = divmod(col - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return letters


def col_index(letters: str) -> int:
    n = 0
    for ch in letters.upper():
        n = n * 26 + (ord(ch) - ord("A") + 1)
    return n - 1


def square_id(col: int, row: int) -> str:
    return f"{col_letters(col)}{row + 1}"


def parse_square(text: str) -> tuple[int, int]:
    """``"C4"`` -> ``(2, 3)``; raises ValueError with a readable message."""
    m = _SQUARE.match(text.strip())
    if not m or int(m.group(2)) < 1:
        raise ValueError(f"not a square name: {text!r} (expected a column letter and a row number, e.g. C4)")
    return col_index(m.group(1)), int(m.group(2)) - 1


def chebyshev(a: tuple[int, int], b: tuple[int, int]) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def neighbours(col: int, row: int, width: int, height: int):
    for dc, dr in KING_STEPS:
        c, r = col + dc, row + dr
        if 0 <= c < width and 0 <= r < height:
            yield c, r


def edge_squares(a: tuple[int, int], b: tuple[int, int]) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two squares that share the unit edge between corner points a and b.

    Corner (x, y) is the north-west corner of square (x, y).  A horizontal edge
    from (x, y) to (x+1, y) separates squares (x, y-1) and (x, y); a vertical
    edge from (x, y) to (x, y+1) separates (x-1, y) and (x, y).
    """
    (x0, y0), (x1, y1) = sorted((tuple(a), tuple(b)))
    if y0 == y1 and x1 == x0 + 1:
        return (x0, y0 - 1), (x0, y0)
    if x0 == x1 and y1 == y0 + 1:
        return (x0 - 1, y0), (x0, y0)
    raise ValueError(f"corners {a} and {b} are not the ends of one square edge")


def shared_edge(a: tuple[int, int], b: tuple[int, int]) -> tuple[tuple[int, int], tuple[int, int]]:
    """The corner points of the edge two orthogonally adjacent squares share."""
    (c0, r0), (c1, r1) = sorted((tuple(a), tuple(b)))
    if r0 == r1 and c1 == c0 + 1:
        return (c1, r0), (c1, r0 + 1)
    if c0 == c1 and r1 == r0 + 1:
        return (c0, r1), (c0 + 1, r1)
    raise ValueError(f"squares {a} and {b} do not share an edge")
