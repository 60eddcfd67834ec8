"""PDF at true scale, tiled over several sheets when the drawing is larger than the paper.

Pure wheels only: the SVG goes through ``svglib`` into ReportLab drawings, a chunk
at a time.  The drawing is cut into pieces with known extents (:mod:`.svgpieces`);
runs of consecutive pieces are converted one after the other and each run is stored
once as a form XObject, compressed as soon as it is made, so memory follows one
chunk, not the whole drawing (converting a 400 x 400 map at once took 5.4 GB; it is
a million SVG elements).  Each page shows the forms that meet it, in document order.
One millimetre in the SVG (``width="420mm"`` + ``viewBox="0 0 420 ..."``) is one
millimetre on paper.

Layout of a tiled PDF:

* page 1 is an index, not to scale: the whole map (every form, scaled) with the tile
  grid and page numbers;
* pages 2..N are tiles at 100 %, row by row from the top left.  Tiles advance by
  ``printable - overlap`` so neighbouring sheets share an ``overlap_mm`` strip; ``+``
  registration marks sit in the overlap strips at the same map points on both sheets.

Every page has a caption and a 50 mm check bar in the margin.  Only the standard 14
PDF fonts are used, and the output is byte-identical for the same input.  A PDF of
more than :data:`MAX_PDF_PAGES` pages is refused before anything is converted.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from reportlab import rl_config
from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import String
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..errors import MapgenError
from ..jsonio import write_atomic
from .paper import MAX_PDF_PAGES, Paper, PdfTooLargeError, pdf_page_count, tile_counts  # noqa: F401 - part of this API
from .svgpieces import PieceStream

#: PDF points per millimetre.
PT_PER_MM = 72.0 / 25.4
#: Size of the scale check bar.
CHECK_BAR_MM = 50.0
FONT = "Helvetica"
FONT_BOLD = "Helvetica-Bold"
CAPTION_PT = 7.0
_FORM = "mapgenTile{}"

_STANDARD_FONTS = {
    (family, bold, italic): name
    for family, names in {
        "Helvetica": ("Helvetica", "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique"),
        "Times": ("Times-Roman", "Times-Bold", "Times-Italic", "Times-BoldItalic"),
        "Courier": ("Courier", "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique"),
    }.items()
    for (bold, italic), name in zip(((False, False), (True, False), (False, True), (True, True)), names)
}
_STANDARD_NAMES = frozenset(_STANDARD_FONTS.values()) | {"Symbol", "ZapfDingbats"}


@dataclass
class PdfReport:
    path: Path
    pages: int  # total pages written
    tiles: tuple[int, int]  # (columns, rows) of true-scale tiles; (1, 1) when it fits one page
    scale: float  # 1.0 for the true-scale pages
    index_scale: float | None = None  # scale of the page-1 index, None when there is no index
    size_mm: tuple[float, float] = (0.0, 0.0)  # drawing width, height


@dataclass(frozen=True)
class Tile:
    """One true-scale sheet: the map window it shows, in mm from the map's top left."""

    column: int  # 1-based
    row: int  # 1-based, from the top
    x_mm: float
    y_mm: float
    width_mm: float  # clipped to the map
    height_mm: float


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


class _Standard14Fonts:
    """svglib font map that answers every family with a standard PDF font: nothing embedded, no fc-match."""

    def find_font(self, font_name: str, weight: str = "normal", style: str = "normal") -> tuple[str, bool]:
        return _standard_font(font_name, weight, style), True


def _standard_font(family: str, weight: str = "normal", style: str = "normal") -> str:
    low = family.lower()
    if any(k in low for k in ("courier", "mono", "consol")):
        base = "Courier"
    elif "sans" not in low and any(k in low for k in ("times", "serif", "georgia", "garamond", "roman")):
        base = "Times"
    else:
        base = "Helvetica"
    bold = str(weight).lower() in ("bold", "bolder", "600", "700", "800", "900") or "bold" in low
    italic = str(style).lower() in ("italic", "oblique") or "italic" in low or "oblique" in low
    return _STANDARD_FONTS[(base, bold, italic)]


def _force_standard_fonts(node) -> None:
    """Belt and braces for svglib versions without ``font_map``: no embedded fonts in our PDFs."""
    if isinstance(node, String):
        if node.fontName not in _STANDARD_NAMES:
            node.fontName = _standard_font(node.fontName)
    for child in getattr(node, "contents", ()) or ():
        _force_standard_fonts(child)


def _svglib_takes_font_map() -> bool:
    import inspect

    from svglib.svglib import SvgRenderer

    return "font_map" in inspect.signature(SvgRenderer.__init__).parameters


def parse_svg(svg_text):
    """SVG text -> lxml root, refusing what is not well-formed XML.

    svglib parses with recover=True, which would silently print half of a truncated map.
    """
    from lxml import etree  # svglib's own XML parser

    data = svg_text.encode("utf-8") if isinstance(svg_text, str) else bytes(svg_text)
    try:
        return etree.fromstring(data, etree.XMLParser(resolve_entities=False, no_network=True, remove_comments=True))
    except etree.XMLSyntaxError as exc:
        raise MapgenError(f"cannot read the SVG drawing: {exc}") from None


def convert(root):
    """An lxml SVG root -> ReportLab Drawing (size in points, true scale), standard fonts only."""
    from svglib.svglib import SvgRenderer

    kwargs = {"font_map": _Standard14Fonts()} if _svglib_takes_font_map() else {}
    try:
        drawing = SvgRenderer("", **kwargs).render(root)
    except Exception as exc:  # svglib raises assorted errors on bad input
        raise MapgenError(f"cannot read the SVG drawing: {exc}") from None
    if drawing is None or not drawing.width or not drawing.height:
        raise MapgenError("cannot read the SVG drawing: not an SVG with a width and height")
    _force_standard_fonts(drawing)
    return drawing


def load_drawing(svg_text: str):
    """SVG text -> ReportLab Drawing of the whole drawing (size in points, true scale)."""
    return convert(parse_svg(svg_text))


def _pdf_text(text: str) -> str:
    """Text the standard fonts can show (WinAnsi); anything else becomes '?'."""
    return text.encode("cp1252", "replace").decode("cp1252")


def _fit_text(text: str, font: str, size: float, width_pt: float) -> str:
    if stringWidth(text, font, size) <= width_pt:
        return text
    while text and stringWidth(text + "...", font, size) > width_pt:
        text = text[:-1]
    return text.rstrip() + "..." if text else ""


class _Pages:
    """Page furniture shared by every page: captions and the check bar in the margins."""

    def __init__(self, canvas: Canvas, paper: Paper, title: str):
        self.c = canvas
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
        c.setFont(FONT, CAPTION_PT)
        caption = _fit_text(_pdf_text(caption), FONT, CAPTION_PT, width)
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
            room = self.right - (lx + stringWidth(label, FONT, CAPTION_PT) + 6 * mm)
            note = _fit_text(_pdf_text(note), FONT, CAPTION_PT, room)
            if note:
                c.drawRightString(self.right, y0 + 0.2 * mm, note)
        c.restoreState()


def _compress_now(obj) -> None:
    """Compress a finished page's or form's content at once.

    ReportLab keeps every page and form as uncompressed text until ``save()``: for a
    big map that is the whole drawing's operators in memory.  Compressed the moment it
    is finished, with the filters ReportLab itself would use, the document holds only
    what goes into the file.  Skipped (no harm but memory) if ReportLab's internals change.
    """
    stream = getattr(obj, "stream", None)
    if not stream or getattr(obj, "Contents", None) is not None:
        return
    filters = [pdfdoc.PDFBase85Encode, pdfdoc.PDFZCompress] if rl_config.useA85 else [pdfdoc.PDFZCompress]
    data = stream
    for f in reversed(filters):
        data = f.encode(data)
    names = pdfdoc.PDFArray([pdfdoc.PDFName(f.pdfname) for f in filters])
    obj.Contents = pdfdoc.PDFStream(pdfdoc.PDFDictionary({"Filter": names}), data)
    obj.stream = None


def _last_page(c: Canvas):
    pages = getattr(getattr(getattr(c, "_doc", None), "Pages", None), "pages", None)
    return pages[-1] if pages else None


def _form_object(c: Canvas, name: str):
    doc = getattr(c, "_doc", None)
    try:
        return doc.idToObject[pdfdoc.xObjectName(name)]
    except (AttributeError, KeyError, TypeError):
        return None


def _show_page(c: Canvas) -> None:
    c.showPage()
    _compress_now(_last_page(c))


#: At most this many pieces are converted at once: memory follows one chunk (a few MB).
CHUNK_PIECES = 1000
#: A chunk spans at most this many tile steps each way, so that a page shows little more than its
#: own share.  Smaller chunks compress worse: at 400 pieces and 2 steps the large map's PDF doubles.
CHUNK_EXTENT = 3.0


class _Source:
    """The drawing as pieces, its size as svglib sees it, and the forms it is stored as.

    The pieces are converted in chunks of consecutive pieces, each at most
    :data:`CHUNK_EXTENT` tile steps across, and each chunk is stored once as a form
    XObject: a page then shows the chunks that meet it, in document order (what is on
    top stays on top), and the index shows them all.  Each piece is converted once, and
    a printer handles a few pages' worth of drawing for each page, not the whole map.
    """

    def __init__(self, svg_text):
        self.pieces = PieceStream(svg_text)
        root = self.pieces.root
        if root is None:
            raise MapgenError("cannot read the SVG drawing: it is empty")
        frame = convert(self.pieces.document([]))
        self.width, self.height = frame.width, frame.height  # points
        # (x, y, user units per mm) of the viewBox, to place the pieces on the paper; None keeps
        # every piece on every page (no viewBox, or one svglib would scale differently each way).
        self.units = None
        box = [float(v) for v in (root.get("viewBox") or "").replace(",", " ").split()]
        if len(box) == 4 and box[2] > 0 and box[3] > 0:
            ux, uy = box[2] / self.width * PT_PER_MM, box[3] / self.height * PT_PER_MM
            if abs(ux - uy) <= 1e-9 * max(ux, uy):
                self.units = (box[0], box[1], ux)
        self.forms: list[str] = []
        self.boxes = np.zeros((0, 4))  # mm from the drawing's top left, per form

    def store(self, c: Canvas, step_mm: tuple[float, float]) -> None:
        """Convert the drawing, chunk by chunk, into form XObjects (compressed as they are made)."""
        mm = PT_PER_MM
        w_mm, h_mm = self.width / mm, self.height / mm
        whole = self.units is None or self.pieces.whole
        if whole:
            chunks = self.pieces.chunks(math.inf, math.inf, math.inf)
        else:
            vx, vy, u = self.units
            chunks = self.pieces.chunks(CHUNK_PIECES, step_mm[0] * CHUNK_EXTENT * u, step_mm[1] * CHUNK_EXTENT * u)
        boxes = []
        for chunk in chunks:
            if whole:
                x0, y0, x1, y1 = 0.0, 0.0, w_mm, h_mm
            else:
                b = np.array([piece.box for piece in chunk], dtype=float)
                x0, y0 = (b[:, 0].min() - vx) / u, (b[:, 1].min() - vy) / u
                x1, y1 = (b[:, 2].max() - vx) / u, (b[:, 3].max() - vy) / u
                x0, y0, x1, y1 = max(x0, 0.0), max(y0, 0.0), min(x1, w_mm), min(y1, h_mm)
                if x1 <= x0 or y1 <= y0:
                    continue  # wholly outside the drawing
            name = _FORM.format(len(self.forms) + 1)
            drawing = convert(self.pieces.document(chunk))
            del chunk
            # The form's bounding box (PDF points, y upwards) clips it to the chunk and the viewport.
            c.beginForm(name, x0 * mm, self.height - y1 * mm, x1 * mm, self.height - y0 * mm)
            renderPDF.draw(drawing, c, 0, 0, showBoundary=False)
            c.endForm()
            del drawing
            _compress_now(_form_object(c, name))
            self.forms.append(name)
            boxes.append((x0, y0, x1, y1))
        self.boxes = np.array(boxes, dtype=float).reshape(-1, 4)

    def show(self, c: Canvas, x: float, y: float, scale: float = 1.0, window: "Tile | None" = None) -> None:
        """Draw the forms (those meeting ``window``, mm) with the drawing's bottom-left corner at (x, y) points."""
        b = self.boxes
        if window is None:
            chosen = range(len(self.forms))
        else:
            x0, y0 = window.x_mm, window.y_mm
            x1, y1 = x0 + window.width_mm, y0 + window.height_mm
            chosen = np.flatnonzero((b[:, 0] < x1) & (b[:, 2] > x0) & (b[:, 1] < y1) & (b[:, 3] > y0))
        c.saveState()
        c.translate(x, y)
        if scale != 1.0:
            c.scale(scale, scale)
        for i in chosen:
            c.doForm(self.forms[i])
        c.restoreState()


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
              max_pages: int = MAX_PDF_PAGES) -> PdfReport:
    """Write ``svg_text`` (1 user unit = 1 mm) as a true-scale PDF on ``paper``, tiled when larger.

    Raises MapgenError for an unreadable SVG, a bad overlap, or a folder that does not exist,
    and PdfTooLargeError, before converting anything, for more than ``max_pages`` pages;
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

    source = _Source(svg_text)
    pages, (cols, rows) = pdf_page_count(source.width / PT_PER_MM, source.height / PT_PER_MM, paper, overlap_mm)
    if pages > max_pages:
        raise PdfTooLargeError(
            f"cannot write {path.name}: {pages} pages of {paper.label()} ({cols} x {rows} sheets), "
            f"over the limit of {max_pages}"
        )
    data, report = _render(source, paper, title, overlap_mm)
    try:
        write_atomic(path, data)
    except OSError as exc:
        raise MapgenError(f"cannot write {path}: {exc.strerror or exc}") from None
    report.path = path
    return report


def _render(source: _Source, paper: Paper, title: str, overlap_mm: float) -> tuple[bytes, PdfReport]:
    mm = PT_PER_MM
    w_mm, h_mm = source.width / mm, source.height / mm
    cols, rows = tile_counts(w_mm, h_mm, paper, overlap_mm)
    tiles = tile_grid(w_mm, h_mm, paper, overlap_mm)
    single = cols == rows == 1
    total = 1 if single else 1 + len(tiles)

    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(paper.width_mm * mm, paper.height_mm * mm), invariant=1, pageCompression=1)
    c.setTitle(_pdf_text(title) or "mapgen map")
    c.setCreator("mapgen")
    c.setAuthor("mapgen")
    c.setSubject(f"{w_mm:.0f} x {h_mm:.0f} mm map on {paper.label()}, print at 100 %")
    pages = _Pages(c, paper, title)

    source.store(c, (paper.printable_mm[0] - overlap_mm, paper.printable_mm[1] - overlap_mm))
    if single:
        x = (pages.page_w - source.width) / 2
        y = (pages.page_h - source.height) / 2
        c.saveState()
        _clip_rect(c, pages.left, pages.bottom, pages.right - pages.left, pages.top - pages.bottom)
        source.show(c, x, y)
        c.restoreState()
        pages.furniture("mapgen \u2014 page 1 of 1 \u2014 print at 100 % (no 'fit to page')")
        _show_page(c)
        c.save()
        return buf.getvalue(), PdfReport(Path(), 1, (1, 1), 1.0, None, (w_mm, h_mm))

    index_scale = _index_page(c, pages, source, tiles, cols, rows, overlap_mm, title, total)
    sx, sy = paper.printable_mm[0] - overlap_mm, paper.printable_mm[1] - overlap_mm
    marks = _mark_points(w_mm, h_mm, cols, rows, sx, sy, overlap_mm)
    for n, tile in enumerate(tiles, start=2):
        _tile_page(c, pages, source, tile, cols, rows, overlap_mm, marks, n, total)
    c.save()
    return buf.getvalue(), PdfReport(Path(), total, (cols, rows), 1.0, index_scale, (w_mm, h_mm))


def _index_page(c: Canvas, pages: _Pages, source: _Source, tiles, cols, rows, ov, title, total) -> float:
    mm = PT_PER_MM
    width = pages.right - pages.left
    head = _pdf_text(title) or "Map"
    lines = [
        (FONT_BOLD, 12.0, _fit_text(f"{head} \u2014 page index", FONT_BOLD, 12.0, width)),
        *(
            (FONT, 9.0, line)
            for line in simpleSplit(
                f"Index, not to scale: pages 2\u2013{total} print at 100 %; trim or overlap by {ov:g} mm "
                "and align the + marks.",
                FONT,
                9.0,
                width,
            )
        ),
        *(
            (FONT, 8.0, line)
            for line in simpleSplit(
                f"The map is {source.width / mm:.0f} x {source.height / mm:.0f} mm on {len(tiles)} sheets of "
                f"{pages.paper.label()}: {cols} columns x {rows} rows, numbered row by row from the top left. "
                "Shaded strips are printed on both neighbouring sheets.",
                FONT,
                8.0,
                width,
            )
        ),
    ]
    y = pages.top
    c.saveState()
    c.setFillGray(0)
    for font, size, text in lines:
        y -= size * 1.25
        c.setFont(font, size)
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
    # Overlap strips, lightly shaded.
    c.setFillColorRGB(0.1, 0.3, 0.8, alpha=0.18)
    w_mm, h_mm = source.width / mm, source.height / mm
    sx = tiles[1].x_mm if cols > 1 else 0
    sy = tiles[cols].y_mm if rows > 1 else 0
    for col in range(1, cols):
        c.rect(*box(col * sx, 0, ov, h_mm), stroke=0, fill=1)
    for row in range(1, rows):
        c.rect(*box(0, row * sy, w_mm, ov), stroke=0, fill=1)
    # Tile outlines and page numbers.
    c.setStrokeColorRGB(0.75, 0.0, 0.0)
    c.setLineWidth(0.8)
    for tile in tiles:
        c.rect(*box(tile.x_mm, tile.y_mm, tile.width_mm, tile.height_mm), stroke=1, fill=0)
    for n, tile in enumerate(tiles, start=2):
        bx, by, bw, bh = box(tile.x_mm, tile.y_mm, tile.width_mm, tile.height_mm)
        size = max(6.0, min(36.0, 0.4 * min(bw, bh)))
        text = str(n)
        tw = stringWidth(text, FONT_BOLD, size)
        cx, cy = bx + bw / 2, by + bh / 2 - size * 0.35
        c.setFillColorRGB(1, 1, 1, alpha=0.8)
        pad = size * 0.25
        c.roundRect(cx - tw / 2 - pad, cy - pad, tw + 2 * pad, size * 1.2, size * 0.2, stroke=0, fill=1)
        c.setFillColorRGB(0.75, 0.0, 0.0, alpha=1)
        c.setFont(FONT_BOLD, size)
        c.drawCentredString(cx, cy, text)
    c.restoreState()
    pages.furniture(
        f"mapgen \u2014 page 1 of {total} \u2014 index, not to scale \u2014 "
        f"print pages 2\u2013{total} at 100 % (no 'fit to page')",
        right_note=_pdf_text(title),
    )
    _show_page(c)
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
    c.setFillColorRGB(0.1, 0.3, 0.8, alpha=0.10)
    for x, y, w, h, _, _ in strips:
        c.rect(x, y, w, h, stroke=0, fill=1)
    c.setStrokeColorRGB(0.1, 0.3, 0.8, alpha=0.7)
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
    _show_page(c)
