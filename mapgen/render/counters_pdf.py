"""Counter sheets as a PDF: one page per printed page at exact size, drawn from the same items as the SVG.

The items of :mod:`.counters` are drawn with reportlab's canvas; each symbol and
each side texture is stored once as a form and shown wherever it is used, so a
sheet of 500 different counters stays small and fast.
"""

from __future__ import annotations

import io
from functools import lru_cache
import xml.etree.ElementTree as ET
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from ..counters.layout import size_name
from ..counters.model import Sheet
from ..errors import MapgenError
from ..jsonio import write_atomic

from . import fonts
from .pdf import PT_PER_MM, _pdf_text, print_at_true_scale, show_page
from .pdf_draw import draw_svg
from .svgdoc import fmt
from .counters import (
    SYMBOL_BOX,
    Circle,
    FaceArt,
    Line,
    Rect,
    Symbol,
    Text,
    Texture,
    _symbol,
    face_items,
    page_items,
)


# --------------------------------------------------------------------------- PDF

@lru_cache(maxsize=None)
def _rgb(color: str) -> tuple[float, float, float]:
    """A hex colour as reportlab's fractions, worked out once: a sheet paints with a dozen colours, thousands of times."""
    c = color.lstrip("#")
    return tuple(int(c[i : i + 2], 16) / 255 for i in (0, 2, 4))


def _symbol_svg(symbol_id: str, ink: str) -> ET.Element:
    root = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "width": f"{fmt(SYMBOL_BOX)}mm",
                              "height": f"{fmt(SYMBOL_BOX)}mm", "viewBox": f"0 0 {fmt(SYMBOL_BOX)} {fmt(SYMBOL_BOX)}"})
    root.extend(_symbol(symbol_id, ink))
    return root


class _PdfPainter:
    """Draws items on a reportlab canvas: millimetres from the top left become points from the bottom left."""

    def __init__(self, canvas: Canvas, page_h_mm: float):
        self.c = canvas
        self.h = page_h_mm
        self.forms: dict[tuple[str, str], str] = {}  # symbols by (id, ink), textures by their item

    def _pt(self, x_mm: float, y_mm: float) -> tuple[float, float]:
        return x_mm * PT_PER_MM, (self.h - y_mm) * PT_PER_MM

    def form(self, symbol_id: str, ink: str) -> str:
        """The symbol in this ink, drawn and stored in the PDF the first time it is used."""
        key = (symbol_id, ink)
        if key not in self.forms:
            name = f"sym{len(self.forms)}"
            side = SYMBOL_BOX * PT_PER_MM
            self.c.beginForm(name, 0, 0, side, side)
            draw_svg(self.c, _symbol_svg(symbol_id, ink))
            self.c.endForm()
            self.forms[key] = name
        return self.forms[key]

    def texture(self, item: Texture) -> str:
        """The texture, drawn and stored in the PDF the first time it is used (a sheet repeats a few of them)."""
        key = ("texture", repr(item))
        if key not in self.forms:
            name = f"tex{len(self.forms)}"
            side = item.size * PT_PER_MM
            self.c.beginForm(name, 0, 0, side, side)
            inner = _PdfPainter(self.c, item.size)  # the form's own frame: its bottom left is the counter's
            for part in item.parts():
                inner.draw(part)
            self.c.endForm()
            self.forms[key] = name
        return self.forms[key]

    def draw(self, item, dx: float = 0.0, dy: float = 0.0) -> None:
        c, mm = self.c, PT_PER_MM
        if isinstance(item, Rect):
            x, y = self._pt(dx + item.x, dy + item.y + item.h)
            if item.fill:
                c.setFillColorRGB(*_rgb(item.fill))
            if item.stroke:
                c.setStrokeColorRGB(*_rgb(item.stroke))
                c.setLineWidth(item.width * mm)
            c.rect(x, y, item.w * mm, item.h * mm, stroke=1 if item.stroke else 0, fill=1 if item.fill else 0)
        elif isinstance(item, Line):
            c.setStrokeColorRGB(*_rgb(item.stroke))
            c.setLineWidth(item.width * mm)
            c.setDash([d * mm for d in item.dash] if item.dash else [])
            c.line(*self._pt(dx + item.x1, dy + item.y1), *self._pt(dx + item.x2, dy + item.y2))
            if item.dash:
                c.setDash([])
        elif isinstance(item, Circle):
            if item.stroke:
                c.setStrokeColorRGB(*_rgb(item.stroke))
                c.setLineWidth(item.width * mm)
            if item.fill:
                c.setFillColorRGB(*_rgb(item.fill))
            c.circle(*self._pt(dx + item.cx, dy + item.cy), item.r * mm, stroke=1 if item.stroke else 0, fill=1 if item.fill else 0)
        elif isinstance(item, Text):
            c.setFillColorRGB(*_rgb(item.fill))
            c.setFont(fonts.pdf_font(item.bold), item.size * mm)
            x, y = self._pt(dx + item.x, dy + item.y)
            text = _pdf_text(item.text)
            {"start": c.drawString, "middle": c.drawCentredString, "end": c.drawRightString}[item.anchor](x, y, text)
        elif isinstance(item, Symbol):
            name = self.form(item.id, item.ink)
            c.saveState()
            c.translate(*self._pt(dx + item.x, dy + item.y + item.size))
            c.scale(item.size / SYMBOL_BOX, item.size / SYMBOL_BOX)
            c.doForm(name)
            c.restoreState()
        elif isinstance(item, Texture):
            name = self.texture(item)
            c.saveState()
            c.translate(*self._pt(dx, dy + item.size))
            c.doForm(name)
            c.restoreState()
        elif isinstance(item, FaceArt):
            for part in face_items(item.face, item.size, item.fields):
                self.draw(part, dx + item.x, dy + item.y)


#: The PDF's /Duplex for each flip a sheet's backs need (ISO 32000-1, 12.2 table 150); a folded sheet prints one side.
DUPLEX = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge", None: "Simplex"}


def page_side(sheet: Sheet, n: int) -> str:
    """What printed page ``n`` holds, for the PDF's bookmarks."""
    if sheet.fold:
        return "fronts and backs, fold on the dashed line"
    return "fronts" if sheet.pages_on(n)[0].side == "front" else f"backs of page {n - 1}"


def write_counters_pdf(sheet: Sheet, path) -> int:
    """One PDF page per printed page at exact size on the sheet's paper; byte-identical for the same sheet."""
    path = Path(path)
    if not path.parent.is_dir():
        raise MapgenError(f"cannot write {path}: folder {path.parent} does not exist")
    paper = sheet.paper
    mm = PT_PER_MM
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(paper.width_mm * mm, paper.height_mm * mm), invariant=1, pageCompression=1,
               initialFontName=fonts.pdf_font())
    c.setTitle(_pdf_text(sheet.title) or "mapgen counters")
    c.setCreator("mapgen")
    c.setAuthor("mapgen")
    c.setSubject(f"counter sheets, {size_name(sheet.size_mm)} on {paper.label()}, print at 100 %")
    print_at_true_scale(c, DUPLEX[sheet.flip_edge])
    painter = _PdfPainter(c, paper.height_mm)
    for n in range(1, sheet.pdf_pages + 1):
        for _, items in page_items(sheet, n):
            for item in items:
                painter.draw(item)
        show_page(c, f"Page {n}: {page_side(sheet, n)}")
    c.save()
    try:
        write_atomic(path, buf.getvalue())
    except OSError as exc:
        raise MapgenError(f"cannot write {path}: {exc.strerror or exc}") from None
    return sheet.pdf_pages
