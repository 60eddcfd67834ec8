"""Paper sizes, the printable area home printers manage, and how many sheets a drawing takes.

The page count lives here, not beside the PDF writer, so that a PDF too big to make is
refused without loading ReportLab.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from .errors import MapgenError

#: Portrait sizes in millimetres.
PAPERS = {
    "A4": (210.0, 297.0),
    "A3": (297.0, 420.0),
    "LETTER": (215.9, 279.4),
    "TABLOID": (279.4, 431.8),
}
ORIENTATIONS = ("landscape", "portrait")
#: Most home printers cannot print closer than this to the sheet edge.
PRINT_MARGIN_MM = 8.0
#: Tolerance when deciding whether a drawing fits the printable area (rounding of mm values).
_FIT_EPS_MM = 1e-6
#: Pages (the index included) above which a PDF is refused before it is drawn.  200 sheets of A3
#: are a 4 x 5 m map; a 100 x 100 campaign at 50 mm squares needs 248.
MAX_PDF_PAGES = 200


class PdfTooLargeError(MapgenError):
    """A PDF over :data:`MAX_PDF_PAGES` pages, refused before it is drawn (the options must change)."""


@dataclass(frozen=True)
class Paper:
    """A sheet of paper in one orientation, with the printer's margin."""

    name: str
    orientation: str
    width_mm: float
    height_mm: float
    margin_mm: float = PRINT_MARGIN_MM
    #: False when the user gave only the size ("A4"): a drawing may then take the other orientation.
    orientation_named: bool = field(default=True, compare=False)

    def turned(self) -> Paper:
        """The same sheet in the other orientation."""
        other = ORIENTATIONS[1 - ORIENTATIONS.index(self.orientation)]
        return replace(self, orientation=other, width_mm=self.height_mm, height_mm=self.width_mm)

    @property
    def printable_mm(self) -> tuple[float, float]:
        return self.width_mm - 2 * self.margin_mm, self.height_mm - 2 * self.margin_mm

    def label(self) -> str:
        return f"{self.name} {self.orientation}"


def paper_names() -> list[str]:
    """Every accepted ``--paper`` value, e.g. ``A3`` (landscape) or ``A4-portrait``."""
    names = []
    for p in PAPERS:
        low = p.lower()
        names += [low, f"{low}-landscape", f"{low}-portrait"]
    return names


def get_paper(spec: str, default_orientation: str = "landscape") -> Paper:
    """``"A3"``, ``"a4-portrait"``, ``"letter-landscape"`` -> Paper."""
    text = spec.strip().lower().replace("_", "-").replace(" ", "-")
    name, _, named = text.partition("-")
    orient = named or default_orientation
    if name.upper() not in PAPERS or orient not in ORIENTATIONS:
        raise ValueError(
            f"unknown paper {spec!r}: use one of {', '.join(p for p in PAPERS)}, optionally with -landscape or -portrait"
        )
    w, h = PAPERS[name.upper()]
    if orient == "landscape":
        w, h = h, w
    display = name.upper() if name.upper().startswith("A") else name.capitalize()
    return Paper(display, orient, w, h, orientation_named=bool(named))


def tile_counts(width_mm: float, height_mm: float, paper: Paper, overlap_mm: float = 10.0) -> tuple[int, int]:
    """(columns, rows) of true-scale sheets needed for a drawing; (1, 1) when it fits one page."""
    pw, ph = paper.printable_mm
    return _count(width_mm, pw, overlap_mm), _count(height_mm, ph, overlap_mm)


def pdf_page_count(width_mm: float, height_mm: float, paper: Paper, overlap_mm: float = 10.0) -> tuple[int, tuple[int, int]]:
    """(pages, (columns, rows)) of the PDF of a drawing: one page, or an index and the tiles."""
    cols, rows = tile_counts(width_mm, height_mm, paper, overlap_mm)
    return (1 if cols == rows == 1 else 1 + cols * rows), (cols, rows)


def _count(size: float, printable: float, overlap: float) -> int:
    if size <= printable + _FIT_EPS_MM:
        return 1
    return max(2, math.ceil((size - overlap) / (printable - overlap) - _FIT_EPS_MM))
