"""Cutting a square-grid map into sheets on its grid lines, with glue flaps.

A player assembles a tiled map by trimming sheets and gluing them together.  A
square split across two sheets is hard to read and easy to misalign, so a map
with a grid (:class:`GridCut`) is cut only on grid lines: every sheet holds whole
squares.  Of each pair of neighbours only one carries the overlap, as a glue
flap past its cut line (the sheet to its right or below is trimmed on the grid
line and laid over it), so nothing is printed twice except the flap.

The title and legend are not on the tiles: they go on a sheet of their own
(:mod:`.pdf_sheets`), so they are never split either.  Pure arithmetic, no
ReportLab: the page count is known before anything is drawn.
"""

from __future__ import annotations

import itertools

from dataclasses import dataclass, replace

from ..paper import Paper

#: Tolerance for "fits" (mm values come from sums of floats).
_EPS = 1e-6


@dataclass(frozen=True)
class GridCut:
    """The map block to print on tiles and the square grid inside it, in mm from the drawing's top left."""

    x: float  # the map block: the grid with its label bands and territory strips
    y: float
    width: float
    height: float
    grid_x: float  # the grid's top-left corner
    grid_y: float
    square: float  # side of one square (its width, when the cells are not square)
    cols: int
    rows: int
    cell_h: float | None = None  # the cells' height when it differs from their width (a country map's sheets)


@dataclass(frozen=True)
class Tile:
    """One true-scale sheet: the map window it shows, in mm from the map's top left."""

    column: int  # 1-based
    row: int  # 1-based, from the top
    x_mm: float
    y_mm: float
    width_mm: float  # clipped to the map (a sheet cut on grid lines: its own share, up to its cut line)
    height_mm: float


@dataclass(frozen=True)
class Sheet(Tile):
    """A tile cut on grid lines; ``flap_*`` is the glue flap past its cut line."""

    flap_right: float = 0.0
    flap_bottom: float = 0.0
    squares: tuple[int, int, int, int] = (0, 0, 0, 0)  # first column, end column, first row, end row of the grid
    #: A country sheet too big for the paper is cut into parts (across, down): (2, 1) is halves side by side.
    parts: tuple[int, int] = (1, 1)
    #: The whole grid's frame (left, top, right, bottom), mm from the drawing's top left: a flap's shading stops at it.
    frame: tuple[float, float, float, float] | None = None
    #: The grid lines between this sheet's rows and at their top and bottom, mm from the drawing's top: a right
    #: flap's words stand within one row, clear of the corner where a square's name is written.
    row_lines: tuple[float, ...] = ()


def _spans(lead: float, sizes: list[float], trail: float, room: float, flap: float) -> list[tuple[float, float, int, int]] | None:
    """Cut one axis of cells ``sizes`` long: (start, end, first cell, end cell) per sheet, from the block's start (0).

    The first sheet also holds the ``lead`` (labels before the first grid line),
    the last the ``trail``; every sheet but the last carries a ``flap``.  As few
    sheets as fit, the cells spread evenly over them.  None when one cell
    (with its flap and the band beside it) does not fit a sheet.
    """
    n = len(sizes)
    if lead + sum(sizes) + trail <= room + _EPS:
        return [(0.0, lead + sum(sizes) + trail, 0, n)]
    if n < 2 or lead + sizes[0] + flap > room + _EPS or sizes[-1] + trail > room + _EPS:
        return None  # not even one cell (with the band beside it, or its flap) fits a sheet
    # Fewest sheets: greedy, each sheet as full as it can be.
    counts, at = [], 0
    while at < n:
        used = lead if at == 0 else 0.0
        if used + sum(sizes[at:]) + trail <= room + _EPS:
            counts.append(n - at)
            break
        k = 0
        while at + k < n - 1 and used + sizes[at + k] + flap <= room + _EPS:  # the last sheet keeps a cell
            used += sizes[at + k]
            k += 1
        if k < 1:
            return None
        counts.append(k)
        at += k
    # The same number of sheets, the cells spread evenly, where they still fit.
    even = [n // len(counts) + (1 if i < n % len(counts) else 0) for i in range(len(counts))]
    if _fits(even, lead, sizes, trail, room, flap):
        counts = even
    spans, at = [], 0
    for i, k in enumerate(counts):
        start = 0.0 if i == 0 else lead + sum(sizes[:at])
        end = lead + sum(sizes[:at + k]) + (trail if i == len(counts) - 1 else 0.0)
        spans.append((start, end, at, at + k))
        at += k
    return spans


def _fits(counts, lead, sizes, trail, room, flap) -> bool:
    last, at = len(counts) - 1, 0
    for i, k in enumerate(counts):
        need = (lead if i == 0 else 0.0) + sum(sizes[at:at + k]) + (trail if i == last else flap)
        if k < 1 or need > room + _EPS:
            return False
        at += k
    return True


#: Parts (across, down) a country sheet may be cut into when a whole one does not fit the paper, fewest first.
COUNTRY_PARTS = ((1, 1), (2, 1), (1, 2), (3, 1), (1, 3), (2, 2), (3, 2), (2, 3), (3, 3))
#: A country sheet cut in two is cut this far off its middle, where the capital stands with a straight
#: road out of it each way (RC-1.5): the capital stays whole and no road runs along the cut.
CAPITAL_CLEAR_MM = 20.0


def _part_sizes(size: float, parts: int) -> list[float]:
    """The lengths of the ``parts`` a country sheet's side is cut into: halves off the middle, else equal."""
    if parts == 2:
        off = min(CAPITAL_CLEAR_MM, size / 4)
        return [size / 2 - off, size / 2 + off]
    return [size / parts] * parts


def grid_sheets(cut: GridCut, paper: Paper, flap_mm: float) -> list[Sheet] | None:
    """The tiles of the map block, row by row from the top left; None when a square does not fit a sheet.

    A grid of country sheets (``cell_h`` set) prints a country to a page when one
    fits; otherwise each country sheet is cut into the fewest parts that fit
    (halves, cut off the middle where the capital stands, or thirds ...), so no
    page holds a sliver of a country and the cuts fall in the same place on each.  (Two cuts into as many parts never both fit when
    the coarser ones do not: each axis is cut on its own.)
    """
    if cut.cell_h is None:
        return _grid_sheets(cut, paper, flap_mm)
    for across, down in COUNTRY_PARTS:
        finer = replace(cut, square=cut.square / across, cols=cut.cols * across, cell_h=cut.cell_h / down,
                        rows=cut.rows * down)
        sheets = _grid_sheets(finer, paper, flap_mm, _part_sizes(cut.square, across) * cut.cols,
                              _part_sizes(cut.cell_h, down) * cut.rows)
        if sheets is not None:
            return [replace(s, parts=(across, down)) for s in sheets]
    return None


def _grid_sheets(cut: GridCut, paper: Paper, flap_mm: float, sizes_x: list[float] | None = None,
                 sizes_y: list[float] | None = None) -> list[Sheet] | None:
    pw, ph = paper.printable_mm
    lead_x, lead_y = cut.grid_x - cut.x, cut.grid_y - cut.y
    cell_h = cut.cell_h or cut.square
    trail_x = cut.x + cut.width - (cut.grid_x + cut.cols * cut.square)
    trail_y = cut.y + cut.height - (cut.grid_y + cut.rows * cell_h)
    xs = _spans(lead_x, sizes_x or [cut.square] * cut.cols, trail_x, pw, flap_mm)
    ys = _spans(lead_y, sizes_y or [cell_h] * cut.rows, trail_y, ph, flap_mm)
    if xs is None or ys is None:
        return None
    frame = (cut.grid_x, cut.grid_y, cut.grid_x + sum(sizes_x or [cut.square] * cut.cols),
             cut.grid_y + sum(sizes_y or [cell_h] * cut.rows))
    lines_y = list(itertools.accumulate(sizes_y or [cell_h] * cut.rows, initial=cut.grid_y))
    sheets = []
    for r, (y0, y1, ra, rb) in enumerate(ys):
        for c, (x0, x1, ca, cb) in enumerate(xs):
            sheets.append(Sheet(
                c + 1, r + 1, cut.x + x0, cut.y + y0, x1 - x0, y1 - y0,
                flap_right=flap_mm if c < len(xs) - 1 else 0.0,
                flap_bottom=flap_mm if r < len(ys) - 1 else 0.0,
                squares=(ca, cb, ra, rb), frame=frame, row_lines=tuple(lines_y[ra:rb + 1]),
            ))  # fmt: skip
    return sheets


def fewest_sheets(cut: GridCut, paper: Paper, flap_mm: float) -> Paper:
    """``paper`` turned the way that needs fewer tiles (landscape on a tie), unless the player named the way."""
    if paper.orientation_named:
        return paper
    counts = []
    for p in (paper, paper.turned()):
        sheets = grid_sheets(cut, p, flap_mm)
        counts.append((len(sheets) if sheets is not None else 1 << 30, p.orientation != "landscape", p))
    return min(counts, key=lambda c: (c[0], c[1]))[2]
