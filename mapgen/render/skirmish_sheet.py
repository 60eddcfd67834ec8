"""``skirmish-setup.pdf``: the setup sheet's blocks set as pages of text and tables, then true-scale gauges.

The content is :func:`mapgen.skirmish.sheet.blocks`; this module only lays it out: portrait pages of
the paper asked for (A4 or Letter), tables whose long cells wrap, a block that does not fit going on
to the next page with its heading (a long table repeats its column titles).  The last page, turned to
landscape so the 24 cm gauge fits, holds a gauge for every distance the rules measure (SK-3, SK-4,
SK-5, SK-6), labelled from :mod:`mapgen.skirmish.tables`, to cut out and lay on the table.  Every page
has the caption and the 50 mm check bar of mapgen's other PDFs and asks the print dialog for 100 %.
Text is never under 7 pt.  Byte-identical for the same skirmish (ReportLab's invariant mode).
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path

from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from ..errors import MapgenError
from ..jsonio import write_atomic
from ..paper import Paper
from ..sides import SIDE_STYLES
from ..skirmish import tables as T
from ..skirmish.model import Skirmish
from ..skirmish.sheet import Block, blocks, title
from . import fonts
from .pdf import page_furniture
from .pdf_source import PT_PER_MM, print_at_true_scale, show_page

MM = PT_PER_MM
#: Type sizes in points; nothing under 7 pt (the cards' and plans' floor).
TITLE_PT, HEADING_PT, TEXT_PT, CELL_PT = 13.0, 10.5, 8.5, 8.0
LEADING = 1.25
#: Room between the printable area's edge and the text, and between a cell's text and its rules (mm).
INSET_MM, CELL_PAD_MM = 4.0, 1.2
#: Grey of a table's title row and of every other row, so the rows read apart in black and white too.
HEAD_GREY, ZEBRA_GREY = 0.86, 0.95
#: The distances with a gauge of their own (cm); 30 cm (spells, war machines) is the 24 and the 6 end to end.
GAUGES = (6, 9, 10, 15, 18, 24)
GAUGE_HEIGHT_MM = 9.0


@dataclass
class _Page:
    """What one page shows: drawing calls recorded so the page count is known before the captions."""

    landscape: bool = False
    ops: list = field(default_factory=list)


def side_ink(heading: str) -> tuple[float, float, float]:
    """Side A's and side B's headings in their table colours (:mod:`mapgen.sides`), others black."""
    for i, side in enumerate("AB"):
        if heading.startswith(f"Side {side}:"):
            colour = SIDE_STYLES[i].color
            return tuple(int(colour[k : k + 2], 16) / 255 for k in (1, 3, 5))
    return (0.0, 0.0, 0.0)


class _Layout:
    """Blocks poured into portrait pages, top to bottom."""

    def __init__(self, paper: Paper):
        self.paper = paper
        pw, ph = paper.printable_mm
        self.x0 = (paper.margin_mm + INSET_MM) * MM
        self.width = (pw - 2 * INSET_MM) * MM
        self.top = (paper.margin_mm + ph - INSET_MM) * MM
        self.bottom = (paper.margin_mm + INSET_MM) * MM
        self.pages: list[_Page] = []
        self.new_page()

    def new_page(self) -> None:
        self.pages.append(_Page())
        self.y = self.top

    def room(self, height: float) -> bool:
        return self.y - height >= self.bottom

    def text(self, words: str, size: float, bold: bool = False, ink=(0, 0, 0), indent: float = 0.0) -> None:
        lines = simpleSplit(fonts.printable(words), fonts.pdf_font(bold), size, self.width - indent)
        for line in lines:
            if not self.room(size * LEADING):
                self.new_page()
            self.y -= size * LEADING
            self.pages[-1].ops.append(("text", self.x0 + indent, self.y + size * 0.25, line, bold, size, ink))

    def gap(self, points: float) -> None:
        self.y -= points

    def block(self, b: Block, first: bool) -> None:
        """A block starts on a new page unless it fits whole, or (a table longer than half a page) its first rows do."""
        size = TITLE_PT if first else HEADING_PT
        text = sum(len(simpleSplit(fonts.printable(t), fonts.pdf_font(), TEXT_PT, self.width)) for t in b.lines) * TEXT_PT * LEADING
        rows = [_height(self._cells(r, column_widths(b.columns, b.rows, self.width))) for r in (b.columns, *b.rows)] if b.columns else []
        table = sum(rows) if sum(rows) < (self.top - self.bottom) / 2 else sum(rows[:4])
        if not self.room(size * LEADING * 2 + text + table):
            self.new_page()
        self.text(b.heading, size, bold=True, ink=side_ink(b.heading))
        self.gap(2)
        for line in b.lines:
            self.text(line, TEXT_PT)
            self.gap(1)
        if b.columns:
            self.gap(2)
            self.table(b.columns, b.rows)
        for line in b.after:
            self.gap(2)
            self.text(line, TEXT_PT)
        self.gap(TEXT_PT * 1.2)

    def table(self, columns, rows) -> None:
        widths = column_widths(columns, rows, self.width)
        head = self._cells(columns, widths, bold=True)
        self._row(head, widths, HEAD_GREY, bold=True)
        for i, row in enumerate(rows):
            cells = self._cells(row, widths)
            height = _height(cells)
            if not self.room(height):
                self.new_page()
                self._row(head, widths, HEAD_GREY, bold=True)
            self._row(cells, widths, ZEBRA_GREY if i % 2 else None, bold=row[0] == "Total")

    def _cells(self, row, widths, bold: bool = False) -> list[list[str]]:
        pad = 2 * CELL_PAD_MM * MM
        return [simpleSplit(fonts.printable(text), fonts.pdf_font(bold), CELL_PT, w - pad) or [""] for text, w in zip(row, widths)]

    def _row(self, cells, widths, grey, bold: bool = False) -> None:
        height = _height(cells)
        top = self.y
        self.y -= height
        ops = self.pages[-1].ops
        if grey is not None:
            ops.append(("rect", self.x0, self.y, sum(widths), height, grey))
        ops.append(("line", self.x0, self.y, self.x0 + sum(widths), self.y))
        x = self.x0
        for lines, w in zip(cells, widths):
            for k, line in enumerate(lines):
                ops.append(("text", x + CELL_PAD_MM * MM, top - (k + 1) * CELL_PT * LEADING + CELL_PT * 0.05, line, bold, CELL_PT, (0, 0, 0)))
            x += w


def _height(cells) -> float:
    return max(len(c) for c in cells) * CELL_PT * LEADING + CELL_PT * 0.45


def column_widths(columns, rows, room: float) -> list[float]:
    """Each column as wide as its widest cell, the widest ones capped at one width so the table fits ``room``
    (their cells then wrap): the cap is found by halving, a few dozen measurements."""
    pad = 2 * CELL_PAD_MM * MM
    natural = [
        max(fonts.width(fonts.printable(str(cell)), CELL_PT, bold=(r == 0)) for r, cell in enumerate([columns[i], *(row[i] for row in rows)])) + pad
        for i in range(len(columns))
    ]
    if sum(natural) <= room:
        return natural
    lo, hi = 0.0, max(natural)
    for _ in range(30):
        cap = (lo + hi) / 2
        if sum(min(n, cap) for n in natural) > room:
            hi = cap
        else:
            lo = cap
    return [min(n, lo) for n in natural]


def gauge_labels(muskets: bool = True) -> dict[int, list[str]]:
    """What each gauge measures, read from the rule tables: moves (SK-6), ranges (SK-4) and the rest;
    no muskets when their range is taken as missing (SK-A.1)."""
    labels: dict[int, list[str]] = {d: [] for d in GAUGES}
    for cm, types in T.MOVEMENT.items():
        labels.setdefault(cm, []).append(f"move ({T.MOVEMENT.rule}): {types}")
    for name, cm in T.RANGES.items():
        if muskets or name != "Muskets":
            labels.setdefault(cm, []).append(f"range ({T.RANGES.rule}): {name}")
    labels[T.SPELL_AREA_CM].append("a spell's circle, across (SK-5, SK-A.3)")
    labels[T.CLOSE_RANGE_CM].append(f"close range, +1 to hit (SK-3); quarter within {T.QUARTER_DISTANCE_CM} cm (SK-5)")
    return {d: labels[d] for d in GAUGES}


def gauge_page(paper: Paper, muskets: bool = True) -> _Page:
    """Gauges of :data:`GAUGES` at true scale on a landscape page, each with its labels, a cut line round it."""
    page = _Page(landscape=True)
    land = paper if paper.orientation == "landscape" else paper.turned()
    pw, ph = land.printable_mm
    x0 = (land.margin_mm + INSET_MM) * MM
    y = (land.margin_mm + ph - INSET_MM) * MM - TITLE_PT * LEADING
    page.ops.append(("text", x0, y, "Gauges at true scale (cut them out): print at 100 %", True, TITLE_PT, (0, 0, 0)))
    y -= TEXT_PT * LEADING * 1.6
    page.ops.append(("text", x0, y, f"Spells and war machines reach {T.SPELL_RANGE_CM} cm: the 24 cm and the 6 cm gauges end to end (SK-4, SK-5).",
                     False, TEXT_PT, (0, 0, 0)))  # fmt: skip
    room = (pw - 2 * INSET_MM) * MM
    for cm, labels in gauge_labels(muskets).items():
        y -= GAUGE_HEIGHT_MM * MM + 3 * MM
        length = cm * 10 * MM
        page.ops.append(("gauge", x0, y, length, GAUGE_HEIGHT_MM * MM, cm))
        text = "; ".join(labels)
        lines = simpleSplit(fonts.printable(f"{cm} cm: {text}"), fonts.pdf_font(), 7.5, room)
        under = y - 1.5 * MM - 1.0 * MM  # below the cut line
        for k, line in enumerate(lines[:2]):
            page.ops.append(("text", x0, under - (k + 1) * 7.5 * LEADING + 2, line, False, 7.5, (0, 0, 0)))
        y = under - len(lines[:2]) * 7.5 * LEADING
    return page


def _draw(c: Canvas, op) -> None:
    kind = op[0]
    if kind == "text":
        _, x, y, words, bold, size, ink = op
        c.setFillColorRGB(*ink)
        c.setFont(fonts.pdf_font(bold), size)
        c.drawString(x, y, words)
    elif kind == "rect":
        _, x, y, w, h, grey = op
        c.setFillGray(grey)
        c.rect(x, y, w, h, stroke=0, fill=1)
    elif kind == "line":
        _, x0, y0, x1, y1 = op
        c.setStrokeGray(0.55)
        c.setLineWidth(0.4)
        c.line(x0, y0, x1, y1)
    elif kind == "gauge":
        _, x, y, length, height, cm = op
        c.setStrokeGray(0)
        c.setLineWidth(0.35)
        c.setDash(2, 1.5)
        c.rect(x - 1.5 * MM, y - 1.5 * MM, length + 3 * MM, height + 3 * MM, stroke=1, fill=0)  # cut here
        c.setDash()
        for k in range(cm):  # alternate centimetres, so a gauge reads in black and white
            c.setFillGray(0.15 if k % 2 == 0 else 1.0)
            c.rect(x + k * 10 * MM, y, 10 * MM, height * 0.45, stroke=1, fill=1)
        c.setFillGray(1.0)
        c.rect(x, y + height * 0.45, length, height * 0.55, stroke=1, fill=1)
        c.setFillGray(0)
        c.setFont(fonts.pdf_font(True), 8)
        c.drawString(x + 1.5 * MM, y + height * 0.6, f"{cm} cm")
        c.drawRightString(x + length - 1.5 * MM, y + height * 0.6, f"{cm} cm")


def write_sheet_pdf(s: Skirmish, path, paper: Paper) -> int:
    """The setup sheet as a PDF on ``paper`` (portrait pages, then the gauges in landscape); returns its pages."""
    path = Path(path)
    portrait = paper if paper.orientation == "portrait" else paper.turned()
    layout = _Layout(portrait)
    for i, b in enumerate(blocks(s)):
        layout.block(b, first=i == 0)
    pages = [*layout.pages, gauge_page(portrait, s.ruling("musket_range") != "missing")]
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(portrait.width_mm * MM, portrait.height_mm * MM), invariant=1, pageCompression=1,
               initialFontName=fonts.pdf_font())  # fmt: skip
    name = title(s)
    c.setTitle(fonts.printable(name))
    c.setCreator("mapgen")
    c.setAuthor("mapgen")
    c.setSubject(f"skirmish setup sheet on {portrait.name}, print at 100 %")
    print_at_true_scale(c)
    for n, page in enumerate(pages, start=1):
        sheet = portrait.turned() if page.landscape else portrait
        c.setPageSize((sheet.width_mm * MM, sheet.height_mm * MM))
        for op in page.ops:
            _draw(c, op)
        page_furniture(c, sheet, f"mapgen skirmish seed {s.seed}", f"mapgen skirmish: setup sheet, page {n} of {len(pages)}; print at 100 %")
        show_page(c, "Gauges" if page.landscape else f"Setup sheet, page {n}")
    c.save()
    try:
        write_atomic(path, buf.getvalue())
    except OSError as exc:
        raise MapgenError(f"cannot write {path}: {exc.strerror or exc}") from None
    return len(pages)
