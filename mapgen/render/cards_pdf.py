"""Quick-reference cards as a PDF: a card's sections flowed into two columns on one or two portrait pages.

The renderer only lays out what :mod:`mapgen.cards` assembled from the rule
modules: it decides no game fact.  Everything it writes is also kept in a
list of :class:`Drawn` records (the text, its face and size, its box on the
page, and the section cell it belongs to), so the tests can check that every
value on the card is the declared one, that no text is under
:data:`MIN_TEXT_PT` and that nothing runs past the printable area.

Sizes: 7.5 pt rows and 8.5 pt section titles keep a dense card readable once
laminated; 7 pt (the counters' and captions' floor) is kept for notes.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from .. import __version__
from ..cards.model import Card, Section
from ..errors import MapgenError
from ..paper import PRINT_MARGIN_MM, Paper
from . import fonts
from .pdf import _pdf_text
from .pdf_source import PT_PER_MM, print_at_true_scale, show_page

#: No text on a card is smaller than this (the issue's acceptance: nothing under 7 pt).
MIN_TEXT_PT = 7.0
#: A system's card takes at most this many pages.
MAX_PAGES = 2
TITLE_PT = 13.0
SUBTITLE_PT = 7.5
SECTION_PT = 8.5
CELL_PT = 7.5
NOTE_PT = 7.0
FOOTER_PT = 7.0
LEADING = 1.18  # line height over font size
PAD_PT = 1.6  # inside a cell, each side
#: Room from the sheet edge: the printer's margin and 2 mm more, so the frame is never clipped.
EDGE_MM = PRINT_MARGIN_MM + 2.0
COLUMNS = 2
COLUMN_GAP_MM = 5.0
SECTION_GAP_PT = 6.0
HEADER_H_PT = 30.0
FOOTER_H_PT = 12.0

INK = (0.1, 0.1, 0.1)
TITLE_BAR = (0.2, 0.27, 0.31)
HEADER_FILL = (0.82, 0.85, 0.87)
ZEBRA = (0.94, 0.95, 0.96)
RULE_LINE = (0.55, 0.6, 0.63)


class CardTooLongError(MapgenError):
    """A card that needs more than :data:`MAX_PAGES` pages (its sections must be cut down)."""


@dataclass(frozen=True)
class Drawn:
    """One line of text on the card: ``x0``..``x1``, ``y0``..``y1`` in points from the page's bottom left.

    ``section`` is the index of the card section (None for the page's title and footer), ``row`` the
    row (-1: the column header, -2: the section title, -3: the note), ``col`` the column, ``cell`` the
    whole text of the cell the line belongs to.
    """

    page: int
    text: str
    font: str
    size: float
    x0: float
    y0: float
    x1: float
    y1: float
    section: int | None = None
    row: int | None = None
    col: int | None = None
    cell: str = ""


@dataclass
class CardPdf:
    data: bytes
    pages: int
    drawn: list[Drawn]
    paper: Paper


def _lines(text: str, room: float, size: float, bold: bool = False, italic: bool = False) -> list[str]:
    """``text`` wrapped to ``room`` points: at spaces (not no-break spaces), then after a slash
    ("weapons/shield"), then anywhere."""
    text = fonts.printable(text, fonts.pdf_font(bold, italic))

    def fits(t: str) -> bool:
        return fonts.width(t, size, bold, italic) <= room

    pieces: list[tuple[str, str]] = []  # (joiner before it, piece)
    for word in text.split(" "):  # not at a no-break space: "12\u00a0in" stays on one line
        if not word:
            continue
        parts: list[str] = []
        for part in re.findall(r"[^/]+/?|/", word):
            while not fits(part) and len(part) > 1:
                cut = max([n for n in range(1, len(part)) if fits(part[:n])] or [1])
                parts.append(part[:cut])
                part = part[cut:]
            parts.append(part)
        pieces += [(" " if i == 0 else "", part) for i, part in enumerate(parts)]
    lines: list[str] = []
    for joiner, piece in pieces:
        if lines and fits(lines[-1] + joiner + piece):
            lines[-1] += joiner + piece
        else:
            lines.append(piece)
    return lines or [""]


def column_widths(section: Section, room: float) -> list[float]:
    """Each column's width: its widest cell when all fit; else every column keeps at least its longest
    word (a word is never broken while room allows) and the rest is shared in proportion to what each
    column would need more, its cells wrapping."""
    natural, least = [], []
    for i, head in enumerate(section.header):
        cells = [row[i] for row in section.rows]
        natural.append(max([*(fonts.width(c, CELL_PT) for c in cells), fonts.width(head, CELL_PT, bold=True)]) + 2 * PAD_PT)
        words = [fonts.width(w, CELL_PT) for c in cells for w in c.split(" ")]
        words += [fonts.width(w, CELL_PT, bold=True) for w in head.split(" ")]
        least.append(max(words or [0.0]) + 2 * PAD_PT)
    if sum(natural) <= room:
        widest = max(range(len(natural)), key=lambda i: natural[i])
        natural[widest] += room - sum(natural)
        return natural
    spare = room - sum(least)
    if spare < 0:  # even the longest words do not fit: share the room in proportion, words break
        return [room * w / sum(natural) for w in natural]
    more = [n - m for n, m in zip(natural, least)]
    return [m + spare * x / sum(more) for m, x in zip(least, more)]


@dataclass
class _Block:
    """A section laid out for a column width: its rows' lines and heights, before it is placed."""

    index: int
    section: Section
    widths: list[float]
    header: list[list[str]]
    rows: list[list[list[str]]]
    note: list[str]
    continued: bool = False

    @property
    def title_h(self) -> float:
        return SECTION_PT * LEADING + 2 * PAD_PT

    @property
    def header_h(self) -> float:
        return max(len(c) for c in self.header) * CELL_PT * LEADING + 2 * PAD_PT

    def row_h(self, r: int) -> float:
        return max(len(c) for c in self.rows[r]) * CELL_PT * LEADING + 2 * PAD_PT

    @property
    def note_h(self) -> float:
        return len(self.note) * NOTE_PT * LEADING + 2 * PAD_PT if self.note else 0.0

    def height(self, rows: range | None = None, note: bool = True) -> float:
        rows = range(len(self.rows)) if rows is None else rows
        return self.title_h + self.header_h + sum(self.row_h(r) for r in rows) + (self.note_h if note else 0.0)


def _block(index: int, section: Section, room: float) -> _Block:
    widths = column_widths(section, room)
    header = [_lines(h, w - 2 * PAD_PT, CELL_PT, bold=True) for h, w in zip(section.header, widths)]
    rows = [[_lines(c, w - 2 * PAD_PT, CELL_PT) for c, w in zip(row, widths)] for row in section.rows]
    note = _lines(section.note, room - 2 * PAD_PT, NOTE_PT, italic=True) if section.note else []
    return _Block(index, section, widths, header, rows, note)


class _Page:
    """Draws on the canvas and records every line of text it draws."""

    def __init__(self, c: Canvas, drawn: list[Drawn]):
        self.c = c
        self.drawn = drawn
        self.page = 1

    def text(self, x: float, y: float, text: str, size: float, bold=False, italic=False, ink=INK, right=False,
             where: tuple = (None, None, None, "")) -> None:
        font = fonts.pdf_font(bold, italic)
        text = fonts.printable(text, font)
        w = fonts.width(text, size, bold, italic)
        x0 = x - w if right else x
        self.c.setFillColorRGB(*ink)
        self.c.setFont(font, size)
        self.c.drawString(x0, y, _pdf_text(text))
        # a line's box: the face's ascent above the baseline, its descent below (Vera: 0.93 and 0.24 em)
        self.drawn.append(Drawn(self.page, text, font, size, x0, y - 0.24 * size, x0 + w, y + 0.93 * size, *where))

    def rect(self, x, y, w, h, fill=None, stroke=None, width=0.5) -> None:
        if fill:
            self.c.setFillColorRGB(*fill)
        if stroke:
            self.c.setStrokeColorRGB(*stroke)
            self.c.setLineWidth(width)
        self.c.rect(x, y, w, h, stroke=1 if stroke else 0, fill=1 if fill else 0)


def _draw_block(p: _Page, b: _Block, x: float, top: float, rows: range, note: bool) -> float:
    """Draw the rows ``rows`` of a block with its title and column header; returns the bottom."""
    w = sum(b.widths)
    s = b.section
    y = top - b.title_h
    p.rect(x, y, w, b.title_h, fill=TITLE_BAR)
    base = y + PAD_PT + 0.24 * SECTION_PT
    title = s.title + (" (continued)" if rows.start else "")
    rule_w = fonts.width(s.rule, SECTION_PT, bold=True)
    title = fonts.cut(title, w - 3 * PAD_PT - rule_w - 6, SECTION_PT, bold=True)
    p.text(x + PAD_PT, base, title, SECTION_PT, bold=True, ink=(1, 1, 1), where=(b.index, -2, 0, s.title))
    p.text(x + w - PAD_PT, base, s.rule, SECTION_PT, bold=True, ink=(1, 1, 1), right=True, where=(b.index, -2, 1, s.rule))
    y = _draw_row(p, b, x, y, b.header, b.header_h, -1, HEADER_FILL, bold=True)
    for r in rows:
        y = _draw_row(p, b, x, y, b.rows[r], b.row_h(r), r, ZEBRA if r % 2 else None)
    if note and b.note:
        y -= b.note_h
        line_y = y + b.note_h - PAD_PT - NOTE_PT * 0.93
        for line in b.note:
            p.text(x + PAD_PT, line_y, line, NOTE_PT, italic=True, where=(b.index, -3, 0, s.note))
            line_y -= NOTE_PT * LEADING
    p.rect(x, y, w, top - y, stroke=RULE_LINE, width=0.6)
    return y


def _draw_row(p: _Page, b: _Block, x: float, top: float, cells: list[list[str]], h: float, r: int, fill, bold=False) -> float:
    y = top - h
    if fill:
        p.rect(x, y, sum(b.widths), h, fill=fill)
    cx = x
    texts = b.section.header if r == -1 else b.section.rows[r]
    for col, (lines, cw) in enumerate(zip(cells, b.widths)):
        line_y = top - PAD_PT - CELL_PT * 0.93
        for line in lines:
            p.text(cx + PAD_PT, line_y, line, CELL_PT, bold=bold, where=(b.index, r, col, texts[col]))
            line_y -= CELL_PT * LEADING
        cx += cw
    return y


def _page_frame(p: _Page, card: Card, paper: Paper, page: int, pages: int, box) -> None:
    left, bottom, right, top = box
    p.text(left, top - TITLE_PT, card.title, TITLE_PT, bold=True)
    p.text(right, top - TITLE_PT, "Quick reference", SUBTITLE_PT + 1, bold=True, right=True)
    sub = card.subtitle + (" Rule IDs as in mapgen's rule digests; [DEV] marks mapgen's own choice." if card.subtitle else "")
    p.text(left, top - TITLE_PT - SUBTITLE_PT * 1.6, fonts.cut(sub, right - left, SUBTITLE_PT), SUBTITLE_PT)
    foot = (f"mapgen {__version__} · mapgen cards --system {card.key} · {paper.name}, print at 100 % "
            f"(no fit to page) · page {page} of {pages}")
    p.text(left, bottom, fonts.cut(foot, right - left, FOOTER_PT), FOOTER_PT)


def _layout(blocks: list[_Block], col_h: float) -> list[list[list[tuple[_Block, range, bool]]]]:
    """Pages of columns of (block, rows, with note): sections in card order, a section kept whole in one
    column unless it is taller than a column, when it goes on in the next with its header repeated."""
    pages: list[list[list]] = [[[]]]
    used = 0.0

    def next_column():
        nonlocal used
        used = 0.0
        if len(pages[-1]) < COLUMNS:
            pages[-1].append([])
        else:
            pages.append([[]])

    for b in blocks:
        gap = SECTION_GAP_PT if used else 0.0
        if used and used + gap + b.height() > col_h:
            next_column()
            gap = 0.0
        start = 0
        while True:
            room = col_h - used - gap - b.title_h - b.header_h
            end = start
            while end < len(b.rows) and room - b.row_h(end) >= 0:
                room -= b.row_h(end)
                end += 1
            if end == len(b.rows) and room < b.note_h:
                end -= 1  # the note goes with at least the last row
            if end <= start:
                if not used:
                    raise CardTooLongError(f"section {b.section.rule} {b.section.title} is taller than a column")
                next_column()
                gap = 0.0
                continue
            rows = range(start, end)
            last = end == len(b.rows)
            pages[-1][-1].append((b, rows, last))
            used += gap + b.height(rows, note=last)
            if last:
                break
            start = end
            next_column()
            gap = 0.0
    return pages


def _splits(pages) -> int:
    return sum(1 for columns in pages for column in columns for _, rows, _ in column if rows.start)


def _balanced(blocks: list[_Block], col_h: float) -> list:
    """The layout in the shortest columns that take no more pages and split no more sections than the full
    height does: the columns end level rather than one full and the last half empty."""
    best = _layout(blocks, col_h)
    pages, splits = len(best), _splits(best)
    lo, hi = 0.0, col_h
    for _ in range(20):  # to a tenth of a point
        mid = (lo + hi) / 2
        try:
            trial = _layout(blocks, mid)
        except CardTooLongError:
            lo = mid
            continue
        if len(trial) <= pages and _splits(trial) <= splits:
            best, hi = trial, mid
        else:
            lo = mid
    return best


def draw_card(card: Card, paper: Paper) -> CardPdf:
    """The card on ``paper`` (portrait), every line of text it holds recorded; more than two pages is refused."""
    mm = PT_PER_MM
    W, H = paper.width_mm * mm, paper.height_mm * mm
    edge = EDGE_MM * mm
    box = (edge, edge, W - edge, H - edge)
    col_w = (W - 2 * edge - (COLUMNS - 1) * COLUMN_GAP_MM * mm) / COLUMNS
    col_top = H - edge - HEADER_H_PT
    col_h = col_top - (edge + FOOTER_H_PT)
    blocks = [_block(i, s, col_w) for i, s in enumerate(card.sections)]
    pages = _balanced(blocks, col_h)
    if len(pages) > MAX_PAGES:
        raise CardTooLongError(f"the {card.key} card takes {len(pages)} pages of {paper.label()}; at most {MAX_PAGES}")
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(W, H), invariant=1, pageCompression=1, initialFontName=fonts.pdf_font())
    c.setTitle(_pdf_text(f"{card.title}: quick reference"))
    c.setCreator("mapgen")
    c.setAuthor("mapgen")
    c.setSubject(f"mapgen quick-reference card on {paper.label()}, print at 100 %")
    print_at_true_scale(c)
    drawn: list[Drawn] = []
    p = _Page(c, drawn)
    for n, columns in enumerate(pages, start=1):
        p.page = n
        _page_frame(p, card, paper, n, len(pages), box)
        for k, column in enumerate(columns):
            x = edge + k * (col_w + COLUMN_GAP_MM * mm)
            y = col_top
            for i, (b, rows, note) in enumerate(column):
                if i:
                    y -= SECTION_GAP_PT
                y = _draw_block(p, b, x, y, rows, note)
        show_page(c, f"{card.title}, page {n}")
    c.save()
    return CardPdf(buf.getvalue(), len(pages), drawn, paper)
