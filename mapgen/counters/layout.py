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

import itertools
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
#: a layout leaves none unless the whole set is that small, or the sheet is one side's own (issue 25).
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


def _blocks_shared_alike(blocks: list[list[Rows]], cap: int, loose: frozenset[int], sheets: int, room: int) -> list[Rows] | None:
    """Each side's block whole on one of ``sheets`` sheets of ``cap`` rows and ``room`` counters (in order, the
    sheets' counters as alike as can be), a side longer than a sheet on sheets of its own (:func:`_sides_apart`),
    and the markers of no side (``loose``) where they fill the emptiest sheet (:func:`_markers_spread`); None
    when the sides do not fit so.

    The layouts above fill each sheet before starting the next, so four Renaissance seats of five rows on
    11-row sheets were laid 10, 10 and 4 rows: the last sheet a handful of markers, and the layout that filled
    the sheets alike instead cut two seats in half.  Shared alike (two seats, one and the track, one and the
    year), no seat is cut and no sheet is nearly empty.
    """
    short = [[row for kind in block for row in kind] for i, block in enumerate(blocks) if i not in loose]
    long = [n for n, rows in enumerate(short) if len(rows) > cap]
    short = [rows for rows in short if len(rows) <= cap]
    if not 1 <= sheets <= len(short):
        return None
    best = None
    for cuts in itertools.combinations(range(1, len(short)), sheets - 1):
        groups = [short[a:b] for a, b in zip((0, *cuts), (*cuts, len(short)))]
        if any(sum(len(rows) for rows in g) > cap for g in groups):
            continue
        spread = sorted((sum(len(row) for rows in g for row in rows) for g in groups), reverse=True)
        if best is None or spread < best[0]:
            best = (spread, groups)
    if best is None:
        return None
    pages = [[row for rows in g for row in rows] for g in best[1]]
    if long:  # sides longer than a sheet: on sheets of their own first, as _sides_apart lays them
        own = _sides_apart([b for i, b in enumerate(blocks) if i not in loose and sum(len(k) for k in b) > cap], cap, frozenset())
        pages = own + pages
    return _markers_spread(pages, [kind for i in sorted(loose) for kind in blocks[i]], cap, room)


#: The most ways of laying the markers of no side that :func:`_markers_spread` compares.
MAX_MARKER_WAYS = 4096


def _markers_spread(pages: list[Rows], kinds: list[Rows], cap: int, room: int) -> list[Rows] | None:
    """``pages`` (of ``cap`` rows, ``room`` counters) with each type of ``kinds`` (markers of no side) at the foot
    of a sheet, or its rows run on from the foot of one sheet to the head of the next: of the ways that fit, one
    that leaves no sheet under :data:`LEAST_SHEET_SHARE` of its room, then the fewest types run over two sheets,
    then the emptiest sheet as full as can be.  None when the markers fit nowhere.

    A lone seat's 24 counters on a 99-counter sheet are under a quarter of it; nine of the track's markers at
    its foot, the rest at the head of the next sheet, lift it over."""
    ways = []
    for kind in kinds:
        r = len(kind)
        ways.append([(n, r) for n in range(len(pages))] + [(n, k) for n in range(len(pages) - 1) for k in range(1, r)])
    if not kinds:
        return pages
    if math.prod(len(w) for w in ways) > MAX_MARKER_WAYS:  # too many to compare: each whole on the emptiest sheet
        ways = [[min(((n, len(kind)) for n in range(len(pages))), key=lambda w: sum(len(row) for row in pages[w[0]]))] for kind in kinds]
    best = None
    for choice in itertools.product(*ways):
        feet = [list(p) for p in pages]
        heads: list[Rows] = [[] for _ in pages]
        for kind, (n, k) in zip(kinds, choice):
            feet[n].extend(kind[:k])
            if k < len(kind):
                if heads[n + 1]:
                    break  # one run-on a sheet's head, so each type's rows still follow on
                heads[n + 1] = kind[k:]
        else:
            laid = [head + foot for head, foot in zip(heads, feet)]
            if any(len(p) > cap for p in laid):
                continue
            least = min(sum(len(row) for row in p) for p in laid)
            score = (least < LEAST_SHEET_SHARE * room, sum(k < len(kind) for kind, (_, k) in zip(kinds, choice)), -least)
            if best is None or score < best[0]:
                best = (score, laid)
    return None if best is None else best[1]


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


def _sheets_of(pages: list[Rows]) -> dict[str, set[int]]:
    """Each side's sheets (by number)."""
    sheets: dict[str, set[int]] = {}
    for n, page in enumerate(pages):
        for row in page:
            sheets.setdefault(side_of(row[0]), set()).add(n)
    return sheets


def _split_sides(pages: list[Rows]) -> int:
    """How many sides' blocks a player finds on more than one sheet."""
    return sum(len(s) > 1 for s in _sheets_of(pages).values())


def _cut_sides(pages: list[Rows], cap: int) -> int:
    """How many sides (the markers of no side aside) that fit on one sheet a layout cuts over two or more."""
    rows = {}
    for page in pages:
        for row in page:
            rows[side_of(row[0])] = rows.get(side_of(row[0]), 0) + 1
    return sum(len(s) > 1 and rows[side] <= cap and side != NEUTRAL.key for side, s in _sheets_of(pages).items())


def _handful(pages: list[Rows], cols: int, rows_per_page: int) -> bool:
    """Whether a sheet of several holds under :data:`LEAST_SHEET_SHARE` of its room and no side's whole block:
    a sheet spent on a handful of markers (one side's whole block on a sheet of its own is no handful)."""
    if len(pages) < 2:
        return False
    sheets = _sheets_of(pages)
    for n, page in enumerate(pages):
        whole = any(sheets[side_of(row[0])] == {n} and side_of(row[0]) != NEUTRAL.key for row in page)
        if sum(len(row) for row in page) < LEAST_SHEET_SHARE * cols * rows_per_page and not whole:
            return True
    return False


def paginate(blocks: list[list[Rows]], rows_per_page: int, cols: int, loose: frozenset[int] = frozenset()) -> list[Rows]:
    """Rows onto as few sheets as they need, balanced, no sheet spent on a handful of markers.

    Of the layouts that spend no sheet on a handful of markers (:func:`_handful`) and take at most one sheet
    more than the rows packed edge to edge: the one where no side longer than a sheet spills onto another
    side's sheet (at 1 in, blue's forces began on red's last sheet), then the one that cuts no side that fits
    on a sheet (a player cuts out a seat's counters from one sheet), then the fewest sheets, then the fewest
    sides' blocks split across sheets, then the one whose emptiest sheet is fullest.  The layouts: each
    side's block whole on a sheet, the markers of no side (``loose``) in the rows the sides leave; the same
    with a side longer than a sheet on sheets of its own; the sides' blocks shared alike over the fewest
    sheets and one more (:func:`_blocks_shared_alike`); the rows flowing on, a type moved whole to the next
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
    shared = (_blocks_shared_alike(blocks, rows_per_page, loose, n, cols * rows_per_page) for n in range(1, len(blocks) + 1))
    layouts += [pages for pages in shared if pages is not None]
    layouts = [[page for page in pages if page] or [[]] for pages in layouts]
    if not rows:
        return [[]]
    fine = [p for p in layouts if len(p) <= least + 1 and not _handful(p, cols, rows_per_page)]
    if fine:
        return min(fine, key=lambda p: (_spills(p) > 0, _cut_sides(p, rows_per_page) > 0, len(p), _split_sides(p),
                                        -_sheet_share(p, cols, rows_per_page)))
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
