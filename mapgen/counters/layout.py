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


def kind_of(counter: Counter) -> str:
    """A counter's type on the sheet: the rule that defines it (FW-1.1.b Max Speed, RC-3.10 the agents,
    RC-3.9 the walls and their advanced works), so each entry of the rules' counter list starts a row."""
    return counter.rule


def _groups(items: list, key) -> list[list]:
    """``items`` gathered by ``key``, the groups in order of first appearance, each group in the given order."""
    groups: dict = {}
    for item in items:
        groups.setdefault(key(item), []).append(item)
    return list(groups.values())


#: A sheet holding fewer counters than this share of its room is a sheet spent on a handful of markers:
#: a layout leaves none unless the whole set is that small (issue 25).
LEAST_SHEET_SHARE = 0.25


def side_rows(counters: list[Counter], cols: int) -> list[list[list[list[Counter]]]]:
    """Each side's block as its types, each type as rows of at most ``cols`` counters.

    Every type starts a row and no row holds two sides' counters, so a player finds each kind
    of counter together and cuts each side's counters apart from the other's.
    """
    return [[[kind[i : i + cols] for i in range(0, len(kind), cols)] for kind in _groups(block, kind_of)]
            for block in _groups(counters, side_of)]


Rows = list[list[Counter]]


def _fill(units: list[Rows], cap: int) -> list[Rows]:
    """``units`` (runs of rows best kept on one sheet) onto pages of at most ``cap`` rows, in order: a unit that
    fits on a page but not in the rest of this one starts the next; a unit longer than a page flows on."""
    pages: list[Rows] = [[]]
    for unit in units:
        if len(pages[-1]) + len(unit) > cap and len(unit) <= cap and pages[-1]:
            pages.append([])
        for row in unit:
            if len(pages[-1]) >= cap:
                pages.append([])
            pages[-1].append(row)
    return pages


def _whole_blocks(blocks: list[list[Rows]], cap: int, loose: frozenset[int]) -> list[Rows]:
    """Each side's block whole on a sheet (split where it is longer than a sheet), the markers of no side
    (``loose``) in the rows the blocks leave, a type kept whole where it fits."""
    sides = [[row for kind in block for row in kind] for i, block in enumerate(blocks) if i not in loose]
    return _in_spare_rows([page for page in _fill(sides, cap) if page], blocks, cap, loose)


def _sides_apart(blocks: list[list[Rows]], cap: int, loose: frozenset[int]) -> list[Rows]:
    """Like :func:`_whole_blocks`, but a side's block longer than a sheet gets sheets of its own, its rows shared
    alike between them (split at a type where it can), so no other side's counters start on its sheets."""
    pages: list[Rows] = []
    short: list[Rows] = []
    for i, block in enumerate(blocks):
        rows = [row for kind in block for row in kind]
        if i in loose:
            continue
        if len(rows) <= cap:
            short.append(rows)
            continue
        sheets = math.ceil(len(rows) / cap)
        own = [p for p in _fill(block, math.ceil(len(rows) / sheets)) if p]
        pages += own if len(own) == sheets else [p for p in _fill([[row] for row in rows], math.ceil(len(rows) / sheets)) if p]
    pages += [page for page in _fill(short, cap) if page]
    return _in_spare_rows(pages, blocks, cap, loose)


def _in_spare_rows(pages: list[Rows], blocks: list[list[Rows]], cap: int, loose: frozenset[int]) -> list[Rows]:
    """``pages`` with the types of the ``loose`` blocks each in the first sheet with rows to spare for it; else
    at the foot of one sheet and the head of the next (the rows still follow on, sheet to sheet); on sheets of
    their own only where neither has room."""
    for i in sorted(loose):
        for kind in blocks[i]:
            home = next((p for p in pages if len(p) + len(kind) <= cap), None)
            if home is not None:
                home.extend(kind)
                continue
            pair = next((n for n in range(len(pages) - 1) if 2 * cap - len(pages[n]) - len(pages[n + 1]) >= len(kind)), None)
            if pair is None:
                pages += [page for page in _fill([kind], cap) if page]
                continue
            foot = cap - len(pages[pair])
            pages[pair].extend(kind[:foot])
            pages[pair + 1][:0] = kind[foot:]
    return pages


def _spills(pages: list[Rows]) -> int:
    """Sheets where a side whose block runs over several sheets shares the sheet with another side."""
    sheets: dict[str, set[int]] = {}
    for n, page in enumerate(pages):
        for row in page:
            sheets.setdefault(side_of(row[0]), set()).add(n)
    split = {side for side, s in sheets.items() if len(s) > 1 and side != NEUTRAL.key}
    return sum(1 for page in pages if split & {side_of(r[0]) for r in page} and len({side_of(r[0]) for r in page} - {NEUTRAL.key}) > 1)


def _sheet_share(pages: list[Rows], cols: int, rows_per_page: int) -> float:
    """The share of its room that the emptiest sheet fills."""
    return min(sum(len(row) for row in page) for page in pages) / (cols * rows_per_page)


def _split_sides(pages: list[Rows]) -> int:
    """How many sides' blocks a player finds on more than one sheet."""
    sheets: dict[str, set[int]] = {}
    for n, page in enumerate(pages):
        for row in page:
            sheets.setdefault(side_of(row[0]), set()).add(n)
    return sum(len(s) > 1 for s in sheets.values())


def paginate(blocks: list[list[Rows]], rows_per_page: int, cols: int, loose: frozenset[int] = frozenset()) -> list[Rows]:
    """Rows onto as few sheets as they need, balanced, no sheet spent on a handful of markers.

    Of the layouts that leave no sheet under :data:`LEAST_SHEET_SHARE` of its room and take at most one sheet
    more than the rows packed edge to edge: the one where no side longer than a sheet spills onto another
    side's sheet (at 1 in, blue's forces began on red's last sheet), then the fewest sheets, then the fewest
    sides' blocks split across sheets, then the one whose emptiest sheet is fullest.  The layouts: each
    side's block whole on a sheet, the markers of no side (``loose``) in the rows the sides leave; the same
    with a side longer than a sheet on sheets of its own; the rows flowing on, a type moved whole to the next
    sheet where it fits, the sheets filled alike or full; the rows flowing on alike.  Where none passes, the
    fewest sheets, the emptiest sheet as full as can be.
    """
    rows = [row for block in blocks for kind in block for row in kind]
    least = max(1, math.ceil(len(rows) / rows_per_page))
    even = math.ceil(len(rows) / least)  # rows a sheet when the sheets are filled alike
    kinds = [kind for block in blocks for kind in block]
    layouts = [
        _whole_blocks(blocks, rows_per_page, loose),
        _sides_apart(blocks, rows_per_page, loose),
        _fill(kinds, even),
        _fill(kinds, rows_per_page),
        _fill([[row] for row in rows], even),
    ]
    layouts = [[page for page in pages if page] or [[]] for pages in layouts]
    if not rows:
        return [[]]
    fine = [p for p in layouts if len(p) <= least + 1 and (len(p) == 1 or _sheet_share(p, cols, rows_per_page) >= LEAST_SHEET_SHARE)]
    if fine:
        return min(fine, key=lambda p: (_spills(p) > 0, len(p), _split_sides(p), -_sheet_share(p, cols, rows_per_page)))
    return min(layouts, key=lambda p: (len(p), -_sheet_share(p, cols, rows_per_page)))


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

    Each side's counters are a block of rows of their own, each type starting a row (:func:`side_rows`),
    each block kept on one sheet where that costs no sheet and leaves none nearly empty (:func:`paginate`).
    """
    grid = fit_grid(paper, size_mm, bleed_mm, gutter_mm, fold)
    blocks = side_rows(counters, grid.cols)
    loose = frozenset(i for i, b in enumerate(blocks) if side_of(b[0][0][0]) == NEUTRAL.key)
    pages: list[Page] = []
    for n, rows in enumerate(paginate(blocks, grid.rows, grid.cols, loose)):
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
