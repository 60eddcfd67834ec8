"""PDF at true scale, tiled over several sheets when the drawing is larger than the paper.

Pure wheels only: the SVG's elements are drawn with ReportLab's canvas, a chunk at
a time, each chunk stored once as a form XObject (:mod:`.pdf_source`,
:mod:`.pdf_draw`); this module lays out the pages that show them.  One millimetre in the SVG (``width="420mm"`` +
``viewBox="0 0 420 ..."``) is one millimetre on paper.

Layout of a tiled PDF:

* page 1 is an index, not to scale: the whole map (every form, scaled) with the tile
  grid and page numbers;
* pages 2..N are tiles at 100 %, row by row from the top left, each showing the forms
  that meet it.  Tiles advance by ``printable - overlap`` so neighbouring sheets share
  an ``overlap_mm`` strip; ``+`` registration marks sit in the overlap strips at the
  same map points on both sheets.

Every page has a caption and a 50 mm check bar in the margin.  Text is in the embedded
fonts of :mod:`.fonts`, and the output is byte-identical for the same input.  A PDF of
more than :data:`MAX_PDF_PAGES` pages is refused before anything is drawn.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from ..errors import MapgenError
from ..jsonio import write_atomic
from . import fonts
from .cuts import Tile  # noqa: F401 - part of this API
from ..paper import MAX_PDF_PAGES, Paper, PdfTooLargeError, pdf_page_count, tile_counts  # noqa: F401 - part of this API
from .pdf_source import (  # noqa: F401 - part of this API
    PT_PER_MM,
    _compress_now,
    _form_object,
    _last_page,
    show_page,
    _Source,
    parse_svg,
    print_at_true_scale,
)

#: Size of the scale check bar.
CHECK_BAR_MM = 50.0
CAPTION_PT = 7.0


@dataclass(frozen=True)
class Inks:
    """The page furniture's inks (RGB, 0..1): ``sheets`` for the overlap strips and glue flaps and their words,
    ``index`` for the sheet outlines and numbers on the index."""

    sheets: tuple[float, float, float] = (0.1, 0.3, 0.8)
    index: tuple[float, float, float] = (0.75, 0.0, 0.0)


#: The furniture of a map in colour: blue flaps and strips, a red index.
COLOUR_INKS = Inks()
#: The furniture of a black-and-white map (issue 11): greys only, like the map, so it photocopies as printed.
GREY_INKS = Inks(sheets=(0.35, 0.35, 0.35), index=(0.0, 0.0, 0.0))


@dataclass
class PdfReport:
    path: Path
    pages: int  # total pages written
    tiles: tuple[int, int]  # (columns, rows) of true-scale tiles; (1, 1) when it fits one page
    scale: float  # 1.0 for the true-scale pages
    index_scale: float | None = None  # scale of the page-1 index, None when there is no index
    size_mm: tuple[float, float] = (0.0, 0.0)  # drawing width, height


def tile_grid(width_mm: float, height_mm: float, paper: Paper, overlap_mm: float = 10.0) -> list[Tile]:
    """The tiles in page order (row by row from the top left)."""
    pw, ph = paper.printable_mm
    cols, rows = tile_counts(width_mm, height_mm, paper, overlap_mm)
    sx, sy = pw - overlap_mm, ph - overlap_mm
    tiles = []
    for r in range(rows):
        for c in range(cols):
            x, y = c * sx, r * sy
            tiles.append(Tile(c + 1, r + 1, x, y, min(pw, width_mm - x), min(ph, height_mm - y)))
    return tiles


def _pdf_text(text: str) -> str:
    """Text on one line that the embedded font can show; a character it lacks becomes '?'."""
    return fonts.printable(text)


def _fit_text(text: str, size: float, width_pt: float, bold: bool = False) -> str:
    return fonts.cut(text, width_pt, size, bold) if width_pt > 0 else ""


class _Pages:
    """Page furniture shared by every page: captions and the check bar in the margins."""

    def __init__(self, canvas: Canvas, paper: Paper, title: str, inks: Inks = COLOUR_INKS):
        self.c = canvas
        self.inks = inks
        self.paper = paper
        self.title = _pdf_text(title)
        mm = PT_PER_MM
        self.page_w = paper.width_mm * mm
        self.page_h = paper.height_mm * mm
        self.margin = paper.margin_mm * mm
        pw, ph = paper.printable_mm
        self.left, self.bottom = self.margin, self.margin
        self.right, self.top = self.margin + pw * mm, self.margin + ph * mm
        # Captions sit just outside the printable area, but never closer than 1.5 mm to the sheet edge.
        self.top_baseline = min(self.top + 1.4 * mm, self.page_h - 1.5 * mm - CAPTION_PT * 0.75)
        self.bar_y = max(self.bottom - 3.0 * mm, 1.5 * mm)

    def furniture(self, caption: str, right_note: str = "") -> None:
        c, mm = self.c, PT_PER_MM
        width = self.right - self.left
        c.saveState()
        c.setFillGray(0)
        c.setFont(fonts.pdf_font(), CAPTION_PT)
        caption = _fit_text(_pdf_text(caption), CAPTION_PT, width)
        c.drawString(self.left, self.top_baseline, caption)
        # 50 mm check bar: black/white 10 mm segments, labelled.
        bar_h = 1.4 * mm
        x0, y0 = self.left, self.bar_y
        c.setLineWidth(0.3)
        c.setStrokeGray(0)
        for i in range(int(CHECK_BAR_MM // 10)):
            c.setFillGray(0 if i % 2 == 0 else 1)
            c.rect(x0 + i * 10 * mm, y0, 10 * mm, bar_h, stroke=1, fill=1)
        c.setFillGray(0)
        label = "scale check: this bar is 50 mm long when printed at 100 %"
        lx = x0 + CHECK_BAR_MM * mm + 2 * mm
        c.drawString(lx, y0 + 0.2 * mm, label)
        note = right_note or self.title
        if note:
            room = self.right - (lx + fonts.width(label, CAPTION_PT) + 6 * mm)
            note = _fit_text(_pdf_text(note), CAPTION_PT, room)
            if note:
                c.drawRightString(self.right, y0 + 0.2 * mm, note)
        c.restoreState()


def page_furniture(c: Canvas, paper: Paper, title: str, caption: str) -> None:
    """The caption and the 50 mm check bar of every mapgen PDF page, for a PDF laid out elsewhere (a setup sheet)."""
    _Pages(c, paper, title).furniture(caption)


def _clip_rect(c: Canvas, x: float, y: float, w: float, h: float) -> None:
    p = c.beginPath()
    p.rect(x, y, w, h)
    c.clipPath(p, stroke=0, fill=0)


def _reg_mark(c: Canvas, x: float, y: float) -> None:
    """A registration mark: a thin crosshair in a circle, with a white halo so it shows on dark ground."""
    mm = PT_PER_MM
    arm, radius = 3.5 * mm, 2.0 * mm
    for gray, width in ((1, 1.4), (0, 0.35)):
        c.setStrokeGray(gray)
        c.setLineWidth(width)
        c.line(x - arm, y, x + arm, y)
        c.line(x, y - arm, x, y + arm)
        c.circle(x, y, radius, stroke=1, fill=0)


def _mark_points(width_mm: float, height_mm: float, cols: int, rows: int, sx: float, sy: float, ov: float):
    """Map points (mm from top left) of the + marks: in every overlap strip, at both ends of each sheet's share."""
    xs_strip = [c * sx + ov / 2 for c in range(1, cols)]
    ys_strip = [r * sy + ov / 2 for r in range(1, rows)]
    xs = sorted({ov / 2, width_mm - ov / 2, *xs_strip})
    ys = sorted({ov / 2, height_mm - ov / 2, *ys_strip})
    points = []
    for y in ys:
        for x in xs:
            if x in xs_strip or y in ys_strip:
                points.append((x, y))
    return points


def write_pdf(svg_text: str, path, paper: Paper, title: str = "", overlap_mm: float = 10.0,
              max_pages: int = MAX_PDF_PAGES, cut=None, key_svg: str | None = None, grey: bool = False) -> PdfReport:
    """Write ``svg_text`` (1 user unit = 1 mm) as a true-scale PDF on ``paper``, tiled when larger.

    With ``cut`` (a :class:`~.cuts.GridCut`), a drawing larger than the paper is cut
    on its grid lines with ``overlap_mm`` glue flaps, and ``key_svg`` (its title and
    legend) gets a sheet of its own (:mod:`.pdf_sheets`); a square too big for a sheet
    falls back to the even tiling.  ``grey``: the page furniture in greys (:data:`GREY_INKS`), for a
    drawing in black and white.

    Raises MapgenError for an unreadable SVG, a bad overlap, or a folder that does not exist,
    and PdfTooLargeError, before drawing anything, for more than ``max_pages`` pages;
    on any failure no file is left behind.
    """
    path = Path(path)
    if not path.parent.is_dir():
        raise MapgenError(f"cannot write {path}: folder {path.parent} does not exist")
    if path.is_dir():
        raise MapgenError(f"cannot write {path}: it is a folder")
    pw, ph = paper.printable_mm
    if pw <= 0 or ph <= 0:
        raise MapgenError(f"paper {paper.label()} has no printable area with a {paper.margin_mm} mm margin")
    if not (0 <= overlap_mm < min(pw, ph) / 2):
        raise MapgenError(
            f"overlap must be from 0 to under {min(pw, ph) / 2:g} mm on {paper.label()}, not {overlap_mm:g}"
        )

    inks = GREY_INKS if grey else COLOUR_INKS
    source = _Source(svg_text)
    pages, (cols, rows) = pdf_page_count(source.width / PT_PER_MM, source.height / PT_PER_MM, paper, overlap_mm)
    sheets = None
    if cut is not None and pages > 1:
        from .cuts import grid_sheets
        from .pdf_sheets import cut_page_count

        sheets = grid_sheets(cut, paper, overlap_mm)
        if sheets is not None:
            pages = cut_page_count(sheets, key_svg is not None)
            cols, rows = max(s.column for s in sheets), max(s.row for s in sheets)
    if pages > max_pages:
        raise PdfTooLargeError(
            f"cannot write {path.name}: {pages} pages of {paper.label()} ({cols} x {rows} sheets), "
            f"over the limit of {max_pages}"
        )
    if sheets is not None:
        from .pdf_sheets import render_cut

        key = _Source(key_svg, name="mapgenKey") if key_svg is not None else None
        data, report = render_cut(source, key, paper, title, sheets, squares=cut.cell_h is None, inks=inks)
    else:
        data, report = _render(source, paper, title, overlap_mm, inks)
    try:
        write_atomic(path, data)
    except OSError as exc:
        raise MapgenError(f"cannot write {path}: {exc.strerror or exc}") from None
    report.path = path
    return report


def _render(source: _Source, paper: Paper, title: str, overlap_mm: float, inks: Inks) -> tuple[bytes, PdfReport]:
    mm = PT_PER_MM
    w_mm, h_mm = source.width / mm, source.height / mm
    cols, rows = tile_counts(w_mm, h_mm, paper, overlap_mm)
    tiles = tile_grid(w_mm, h_mm, paper, overlap_mm)
    single = cols == rows == 1
    total = 1 if single else 1 + len(tiles)

    buf = io.BytesIO()
    c = new_canvas(buf, paper, title, w_mm, h_mm)
    pages = _Pages(c, paper, title, inks)

    source.store(c, (paper.printable_mm[0] - overlap_mm, paper.printable_mm[1] - overlap_mm), whole=single)
    if single:
        x = (pages.page_w - source.width) / 2
        y = (pages.page_h - source.height) / 2
        c.saveState()
        _clip_rect(c, pages.left, pages.bottom, pages.right - pages.left, pages.top - pages.bottom)
        source.show(c, x, y)
        c.restoreState()
        pages.furniture("mapgen \u2014 page 1 of 1 \u2014 print at 100 % (no 'fit to page')")
        show_page(c, f"Page 1: {_pdf_text(title) or 'the map'}, at 100 %")
        c.save()
        return buf.getvalue(), PdfReport(Path(), 1, (1, 1), 1.0, None, (w_mm, h_mm))

    index_scale = _index_page(c, pages, source, tiles, cols, rows, overlap_mm, title, total)
    sx, sy = paper.printable_mm[0] - overlap_mm, paper.printable_mm[1] - overlap_mm
    marks = _mark_points(w_mm, h_mm, cols, rows, sx, sy, overlap_mm)
    for n, tile in enumerate(tiles, start=2):
        _tile_page(c, pages, source, tile, cols, rows, overlap_mm, marks, n, total)
    c.save()
    return buf.getvalue(), PdfReport(Path(), total, (cols, rows), 1.0, index_scale, (w_mm, h_mm))


def new_canvas(buf, paper: Paper, title: str, w_mm: float, h_mm: float) -> Canvas:
    """A canvas for one PDF: byte-identical output, compressed pages, the embedded font from the start."""
    mm = PT_PER_MM
    c = Canvas(buf, pagesize=(paper.width_mm * mm, paper.height_mm * mm), invariant=1, pageCompression=1,
               initialFontName=fonts.pdf_font())
    c.setTitle(_pdf_text(title) or "mapgen map")
    c.setCreator("mapgen")
    c.setAuthor("mapgen")
    c.setSubject(f"{w_mm:.0f} x {h_mm:.0f} mm map on {paper.label()}, print at 100 %")
    print_at_true_scale(c)
    return c


def _index_page(c: Canvas, pages: _Pages, source: _Source, tiles, cols, rows, ov, title, total) -> float:
    w_mm, h_mm = source.width / PT_PER_MM, source.height / PT_PER_MM
    sx = tiles[1].x_mm if cols > 1 else 0
    sy = tiles[cols].y_mm if rows > 1 else 0
    strips = [(col * sx, 0, ov, h_mm) for col in range(1, cols)] + [(0, row * sy, w_mm, ov) for row in range(1, rows)]
    how = (f"Index, not to scale: pages 2\u2013{total} print at 100 %; trim or overlap by {ov:g} mm "
           "and align the + marks.")
    layout = (f"The map is {w_mm:.0f} x {h_mm:.0f} mm on {len(tiles)} sheets of {pages.paper.label()}: {cols} columns x "
              f"{rows} rows, numbered row by row from the top left. Shaded strips are printed on both neighbouring sheets.")
    return index_page(c, pages, source, tiles, strips, (how, layout), title, total, first_tile=2)


def index_page(c: Canvas, pages: _Pages, source: _Source, tiles, strips, words: tuple[str, str], title, total,
               first_tile: int) -> float:
    """Page 1: the whole drawing, not to scale, with each sheet outlined and numbered and ``strips`` (map mm) shaded."""
    mm = PT_PER_MM
    width = pages.right - pages.left
    head = _pdf_text(title) or "Map"
    font, bold = fonts.pdf_font(), fonts.pdf_font(bold=True)
    lines = [
        (bold, 12.0, _fit_text(f"{head} \u2014 page index", 12.0, width, bold=True)),
        *((font, 9.0, line) for line in simpleSplit(words[0], font, 9.0, width)),
        *((font, 8.0, line) for line in simpleSplit(words[1], font, 8.0, width)),
    ]
    y = pages.top
    c.saveState()
    c.setFillGray(0)
    for face, size, text in lines:
        y -= size * 1.25
        c.setFont(face, size)
        c.drawString(pages.left, y, text)
    c.restoreState()
    avail_top = y - 3 * mm
    avail_h = avail_top - pages.bottom
    scale = min(width / source.width, avail_h / source.height, 1.0)
    dw, dh = source.width * scale, source.height * scale
    x0 = pages.left + (width - dw) / 2
    y0 = pages.bottom + (avail_h - dh) / 2

    def box(t_x, t_y, t_w, t_h):  # map mm (top-left origin) -> page points
        return x0 + t_x * mm * scale, y0 + dh - (t_y + t_h) * mm * scale, t_w * mm * scale, t_h * mm * scale

    source.show(c, x0, y0, scale)

    c.saveState()
    # Overlap strips or glue flaps, lightly shaded.
    c.setFillColorRGB(*pages.inks.sheets, alpha=0.18)
    for strip in strips:
        c.rect(*box(*strip), stroke=0, fill=1)
    # Tile outlines and page numbers.
    c.setStrokeColorRGB(*pages.inks.index)
    c.setLineWidth(0.8)
    for tile in tiles:
        c.rect(*box(tile.x_mm, tile.y_mm, tile.width_mm, tile.height_mm), stroke=1, fill=0)
    for n, tile in enumerate(tiles, start=first_tile):
        bx, by, bw, bh = box(tile.x_mm, tile.y_mm, tile.width_mm, tile.height_mm)
        size = max(6.0, min(36.0, 0.4 * min(bw, bh)))
        text = str(n)
        tw = fonts.width(text, size, bold=True)
        cx, cy = bx + bw / 2, by + bh / 2 - size * 0.35
        c.setFillColorRGB(1, 1, 1, alpha=0.8)
        pad = size * 0.25
        c.roundRect(cx - tw / 2 - pad, cy - pad, tw + 2 * pad, size * 1.2, size * 0.2, stroke=0, fill=1)
        c.setFillColorRGB(*pages.inks.index, alpha=1)
        c.setFont(bold, size)
        c.drawCentredString(cx, cy, text)
    c.restoreState()
    pages.furniture(
        f"mapgen \u2014 page 1 of {total} \u2014 index, not to scale \u2014 "
        f"print pages 2\u2013{total} at 100 % (no 'fit to page')",
        right_note=_pdf_text(title),
    )
    show_page(c, "Page 1: index of the sheets (not to scale)")
    return scale


def _tile_page(c: Canvas, pages: _Pages, source: _Source, tile: Tile, cols, rows, ov, marks, n, total) -> None:
    mm = PT_PER_MM
    # Tile window (map mm, top-left origin) placed at the top left of the printable area.
    left, top = pages.left, pages.top
    tw, th = tile.width_mm * mm, tile.height_mm * mm

    def at(x_mm, y_mm):  # map mm -> page points on this sheet
        return left + (x_mm - tile.x_mm) * mm, top - (y_mm - tile.y_mm) * mm

    c.saveState()
    _clip_rect(c, left, top - th, tw, th)
    ox, oy = at(0, source.height / mm)
    source.show(c, ox, oy, window=tile)
    # Overlap strips this sheet shares with its neighbours: light shade, dashed inner edge.
    strips = []
    if tile.column > 1:
        strips.append((left, top - th, ov * mm, th, "v", left + ov * mm))
    if tile.column < cols:
        strips.append((left + tw - ov * mm, top - th, ov * mm, th, "v", left + tw - ov * mm))
    if tile.row > 1:
        strips.append((left, top - ov * mm, tw, ov * mm, "h", top - ov * mm))
    if tile.row < rows:
        strips.append((left, top - th, tw, ov * mm, "h", top - th + ov * mm))
    c.setFillColorRGB(*pages.inks.sheets, alpha=0.10)
    for x, y, w, h, _, _ in strips:
        c.rect(x, y, w, h, stroke=0, fill=1)
    c.setStrokeColorRGB(*pages.inks.sheets, alpha=0.7)
    c.setLineWidth(0.5)
    c.setDash([3, 3])
    for x, y, w, h, kind, edge in strips:
        if kind == "v":
            c.line(edge, top - th, edge, top)
        else:
            c.line(left, edge, left + tw, edge)
    c.setDash([])
    # Registration marks at the map points both neighbours show.
    eps = 1e-6
    for mx, my in marks:
        inside_x = tile.x_mm - eps <= mx <= tile.x_mm + tile.width_mm + eps
        if inside_x and tile.y_mm - eps <= my <= tile.y_mm + tile.height_mm + eps:
            _reg_mark(c, *at(mx, my))
    c.restoreState()
    # Thin frame around the tile so the sheet edge of the map is obvious when trimming.
    c.saveState()
    c.setStrokeGray(0.5)
    c.setLineWidth(0.3)
    c.rect(left, top - th, tw, th, stroke=1, fill=0)
    c.restoreState()
    pages.furniture(
        f"mapgen \u2014 page {n} of {total} \u2014 row {tile.row}, column {tile.column} of {cols}x{rows} "
        "\u2014 print at 100 % (no 'fit to page')",
        right_note=f"overlap {ov:g} mm: align the + marks",
    )
    show_page(c, f"Page {n}: row {tile.row}, column {tile.column}")
