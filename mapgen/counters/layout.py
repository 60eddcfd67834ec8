"""Where counters go on paper: a grid inside the printable area, crop marks around it, mirrored backs.

Page geometry (mm, origin at the page's top left, y downwards)::

    margin | header (registration mark, caption) | crop band | GRID | crop band | footer | margin

The grid is centred across the page, so the back page of a duplex print uses
the same columns: a front counter at ``x`` on a page of width ``W`` has its
back at ``W - x - size``, same ``y`` (mirrored about the vertical axis, for a
long-edge flip).  With ``fold`` the fronts fill the left half and the backs
the right half of the same page, mirrored about the fold line ``x = W / 2``,
which is the same formula.

Counters in the grid share their cut lines (no gutter) or stand apart by the
gutter; crop marks sit outside the grid, in line with every cut line; bleed
extends each counter's colour past its outer cut lines (and into half the
gutter), so a slightly-off cut leaves no white edge.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from ..errors import InfeasibleError
from ..paper import Paper
from ..sides import NEUTRAL
from .model import Counter, Page, Placement, Sheet

MM_PER_INCH = 25.4
#: The sizes wargame counters come in (the issue's list), by name.
NAMED_SIZES = {"1/2in": 12.7, "5/8in": 15.875, "3/4in": 19.05, "1in": 25.4}
DEFAULT_SIZE = "5/8in"
#: Below this the smallest text on a counter is no longer readable.
MIN_SIZE_MM = 10.0
MAX_BLEED_MM = 3.0
MAX_GUTTER_MM = 20.0
#: Defaults: 1 mm of colour past every cut line and 1 mm between counters, so a duplex back printed
#: up to about 1 mm off its front shows no white or foreign sliver at the counter's edge (issue 11).
DEFAULT_BLEED_MM = 1.0
DEFAULT_GUTTER_MM = 1.0
#: Home printers cannot print closer to the sheet edge (the issue: at least 6 mm).
MIN_MARGIN_MM = 6.0
#: Crop marks: a gap after the grid's edge (plus bleed), then a short line.
CROP_GAP_MM = 1.0
CROP_LEN_MM = 4.0
#: Header band at the top of the printable area: registration mark and caption.
HEADER_MM = 8.0
#: Footer band at the bottom of the printable area: scale check bar and instructions.
FOOTER_MM = 6.0


class SizeError(ValueError):
    """A --size that is not a counter size."""


def parse_size(text: str) -> float:
    """``1/2in``, ``5/8in``, ``3/4in``, ``1in``, ``0.6in`` or ``16mm`` -> millimetres."""
    raw = str(text).strip().lower().replace(" ", "")
    if raw in NAMED_SIZES:
        return NAMED_SIZES[raw]
    m = re.fullmatch(r"(\d+(?:\.\d+)?)(?:/(\d+))?(in|inch|inches|\"|mm)", raw)
    if not m or (m.group(2) and m.group(3) == "mm"):
        raise SizeError(
            f"unknown size {text!r}: use {', '.join(NAMED_SIZES)} or millimetres such as 16mm"
        )
    if m.group(2) and float(m.group(2)) == 0:
        raise SizeError(f"unknown size {text!r}: division by zero")
    value = float(m.group(1)) / (float(m.group(2)) if m.group(2) else 1.0)
    mm = value if m.group(3) == "mm" else value * MM_PER_INCH
    if mm < MIN_SIZE_MM:
        raise SizeError(f"size {text!r} is {mm:g} mm: counters under {MIN_SIZE_MM:g} mm are not readable")
    return mm


def size_name(size_mm: float) -> str:
    for name, mm in NAMED_SIZES.items():
        if abs(mm - size_mm) < 1e-9:
            return f"{name} ({mm:g} mm)"
    return f"{size_mm:g} mm"


@dataclass(frozen=True)
class Grid:
    """The counter grid of one page (or one half-page with ``fold``)."""

    x0: float  # top-left corner of the first counter
    y0: float
    cols: int
    rows: int
    size: float
    gutter: float

    @property
    def pitch(self) -> float:
        return self.size + self.gutter

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def width(self) -> float:
        return self.cols * self.size + (self.cols - 1) * self.gutter

    @property
    def height(self) -> float:
        return self.rows * self.size + (self.rows - 1) * self.gutter

    def position(self, index: int) -> tuple[float, float]:
        """Top-left corner of the ``index``-th counter, row by row from the top left."""
        row, col = divmod(index, self.cols)
        return self.x0 + col * self.pitch, self.y0 + row * self.pitch


def crop_band(bleed_mm: float) -> float:
    """Room the crop marks need outside the grid."""
    return bleed_mm + CROP_GAP_MM + CROP_LEN_MM


def back_x(x_mm: float, page_width_mm: float, size_mm: float) -> float:
    """Where a counter's back goes: mirrored about the page's vertical axis (long-edge duplex, or the fold)."""
    return page_width_mm - x_mm - size_mm


def fit_grid(paper: Paper, size_mm: float, bleed_mm: float = 0.0, gutter_mm: float = 0.0, fold: bool = False) -> Grid:
    """The largest grid of ``size_mm`` counters that fits the printable area with its crop marks."""
    if not 0 <= bleed_mm <= MAX_BLEED_MM:
        raise InfeasibleError("layout", f"bleed must be 0 to {MAX_BLEED_MM:g} mm, not {bleed_mm:g}")
    if paper.margin_mm < MIN_MARGIN_MM:
        raise InfeasibleError("layout", f"a {paper.margin_mm:g} mm margin is less than home printers can print ({MIN_MARGIN_MM:g} mm)")
    band = crop_band(bleed_mm)
    w, h, m = paper.width_mm, paper.height_mm, paper.margin_mm
    left, right = m + band, (w / 2 - band if fold else w - m - band)
    top, bottom = m + HEADER_MM + band, h - m - FOOTER_MM - band
    avail_w, avail_h = right - left, bottom - top
    pitch = size_mm + gutter_mm
    cols = math.floor((avail_w + gutter_mm) / pitch + 1e-9) if avail_w > 0 else 0
    rows = math.floor((avail_h + gutter_mm) / pitch + 1e-9) if avail_h > 0 else 0
    if cols < 1 or rows < 1:
        where = "half of " if fold else ""
        raise InfeasibleError(
            "layout",
            f"a {size_mm:g} mm counter does not fit {where}{paper.label()}: the room for the grid is "
            f"{max(avail_w, 0):.1f} x {max(avail_h, 0):.1f} mm (printable area less crop marks and captions); "
            "use a smaller --size or larger --paper" + (", or drop --fold" if fold else ""),
        )
    grid_w = cols * size_mm + (cols - 1) * gutter_mm
    x0 = left + (avail_w - grid_w) / 2
    return Grid(x0, top, cols, rows, size_mm, gutter_mm)


def side_of(counter: Counter) -> str:
    """The block a counter is printed in: its front's side (a campaign's captured holdings are in the captor's)."""
    return counter.front.style


def kind_of(counter: Counter) -> tuple[str, str]:
    """A counter's type on the sheet: its rule and its front's title (Force, Probe, Capital, Garrison ...)."""
    return counter.rule, counter.front.title


def _groups(items: list, key) -> list[list]:
    """``items`` gathered by ``key``, the groups in order of first appearance, each group in the given order."""
    groups: dict = {}
    for item in items:
        groups.setdefault(key(item), []).append(item)
    return list(groups.values())


def side_rows(counters: list[Counter], cols: int, by_type: bool = True) -> list[list[list[Counter]]]:
    """Each side's block as rows of at most ``cols`` counters: no row holds two sides' counters.

    ``by_type``: within a block, a type starts a new row when the rest of the row cannot hold it
    whole, so a player finds each kind of counter together, not split across a row end it did not need.
    """
    blocks = []
    for block in _groups(counters, side_of):
        rows: list[list[Counter]] = []
        row: list[Counter] = []
        for kind in _groups(block, kind_of):
            if by_type and row and len(row) + len(kind) > cols:
                rows.append(row)
                row = []
            for counter in kind:
                row.append(counter)
                if len(row) == cols:
                    rows.append(row)
                    row = []
        if row:
            rows.append(row)
        blocks.append(rows)
    return blocks


def paginate(blocks: list[list[list[Counter]]], rows_per_page: int, loose: frozenset[int] = frozenset()) -> list[list[list[Counter]]]:
    """Rows onto pages, as few as the rows need: a block moves whole to the next page when it fits on one
    and moving it costs no page (a side's counters on one sheet); otherwise rows simply flow on.

    ``loose``: the blocks (by index) that belong to no side (General Retreat, the year's track): when keeping
    every block whole costs a page, these fill the rows the sides' blocks leave, so the sides stay whole.
    """
    flat = [row for block in blocks for row in block]
    least = max(1, math.ceil(len(flat) / rows_per_page))
    pages = _whole(blocks, rows_per_page)
    if len(pages) > least and loose:
        pages = _whole([b for i, b in enumerate(blocks) if i not in loose], rows_per_page)
        spare = [row for i in sorted(loose) for row in blocks[i]]
        for page in pages:
            while spare and len(page) < rows_per_page:
                page.append(spare.pop(0))
        pages += [spare[i : i + rows_per_page] for i in range(0, len(spare), rows_per_page)]
    if len(pages) > least:  # keeping blocks whole would cost a sheet: let the rows flow instead
        pages = [flat[i : i + rows_per_page] for i in range(0, len(flat), rows_per_page)]
    return [page for page in pages if page] or [[]]


def _whole(blocks: list[list[list[Counter]]], rows_per_page: int) -> list[list[list[Counter]]]:
    """Each block's rows after the last, a block that fits on a page moved to a fresh one rather than split."""
    pages: list[list[list[Counter]]] = [[]]
    for block in blocks:
        room = rows_per_page - len(pages[-1])
        if len(block) > room and len(block) <= rows_per_page and pages[-1]:
            pages.append([])
        for row in block:
            if len(pages[-1]) == rows_per_page:
                pages.append([])
            pages[-1].append(row)
    return pages


def lay_out(
    counters: list[Counter],
    paper: Paper,
    size_mm: float,
    bleed_mm: float = DEFAULT_BLEED_MM,
    gutter_mm: float = DEFAULT_GUTTER_MM,
    fold: bool = False,
    title: str = "",
) -> Sheet:
    """Pages in print order: each front page followed by its back (or both on one page with ``fold``).

    Each side's counters are a block of rows of their own (:func:`side_rows`), each type starting a row
    where that costs no sheet, each block kept on one sheet where that costs no sheet (:func:`paginate`).
    """
    grid = fit_grid(paper, size_mm, bleed_mm, gutter_mm, fold)
    # Types on rows of their own unless that costs a sheet: then a side's types follow on in its rows.
    layouts = []
    for by_type in (True, False):
        blocks = side_rows(counters, grid.cols, by_type)
        layouts.append(paginate(blocks, grid.rows, frozenset(i for i, b in enumerate(blocks) if side_of(b[0][0]) == NEUTRAL.key)))
    pages: list[Page] = []
    for n, rows in enumerate(min(layouts, key=len)):
        fronts, backs = [], []
        for r, row in enumerate(rows):
            for c, counter in enumerate(row):
                x, y = grid.position(r * grid.cols + c)
                fronts.append(Placement(counter, x, y))
                backs.append(Placement(counter, back_x(x, paper.width_mm, size_mm), y))
        front_page = n + 1 if fold else 2 * n + 1
        back_page = n + 1 if fold else 2 * n + 2
        pages.append(Page("front", fronts, front_page))
        pages.append(Page("back", backs, back_page))
    return Sheet(size_mm, paper, pages, bleed_mm, gutter_mm, fold, title)
