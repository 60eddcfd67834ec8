"""Counter sheets as a PDF: one page per printed page at exact size, drawn from the same items as the SVG.

The items of :mod:`.counters` are written as the operators reportlab's canvas
writes for them; each symbol and each side texture is stored once as a form and
shown wherever it is used, so a sheet of 500 different counters stays small and fast.
"""

from __future__ import annotations

import io
import math
from functools import lru_cache
import xml.etree.ElementTree as ET
from pathlib import Path

from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, PATH_OPS, Canvas

from ..counters.layout import size_name
from ..counters.model import Sheet
from ..errors import MapgenError
from ..jsonio import write_atomic

from . import fonts
from .pdf import PT_PER_MM, _pdf_text, print_at_true_scale, show_page
from .pdf_draw import draw_svg
from .pdf_source import end_form_plain
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
#
# The items are written as the PDF operators ReportLab's canvas writes for them (``setFillColorRGB``,
# ``setLineWidth``, ``setDash``, ``rect``, ``line``, ``circle``, ``drawString`` ...), number for number,
# but as text handed to the canvas in one piece (``addLiteral``), as :mod:`.pdf_draw` hands it a drawing:
# a sheet is some 3,000 items, and going through the canvas's layers for each was most of the PDF's time.
# tests/test_counters_pdf.py draws items both ways and asks for the same operators.

#: ReportLab's ``PATH_OPS`` at the canvas's fill rule (even-odd until set otherwise), by (stroke, fill).
_PAINT = {(s, f): PATH_OPS[int(s), int(f), FILL_EVEN_ODD] for s in (False, True) for f in (False, True)}


@lru_cache(maxsize=None)
def _rgb(color: str) -> tuple[float, float, float]:
    """A hex colour as reportlab's fractions, worked out once: a sheet paints with a dozen colours, thousands of times."""
    c = color.lstrip("#")
    return tuple(int(c[i : i + 2], 16) / 255 for i in (0, 2, 4))


@lru_cache(maxsize=None)
def _fill(color: str) -> str:
    """``setFillColorRGB``'s operator for a hex colour."""
    return f"{fp_str(_rgb(color))} rg"


@lru_cache(maxsize=None)
def _stroke(color: str) -> str:
    """``setStrokeColorRGB``'s operator for a hex colour."""
    return f"{fp_str(_rgb(color))} RG"


@lru_cache(maxsize=None)
def _width(width_pt: float) -> str:
    """``setLineWidth``'s operator."""
    return f"{fp_str(width_pt)} w"


def _arc_factors() -> tuple[tuple[float, ...], ...]:
    """What ``pdfgeom.bezierArc`` multiplies a circle's radii by, quarter by quarter (a full turn in four
    90-degree Bezier arcs), worked out by its own formulas, so that the products are its products."""
    frag = float(360) / 4
    half = frag * math.pi / 360.0
    kappa = abs(4.0 / 3.0 * (1.0 - math.cos(half)) / math.sin(half))
    factors = []
    for i in range(4):
        t0, t1 = (0 + i * frag) * math.pi / 180.0, (0 + (i + 1) * frag) * math.pi / 180.0
        c0, s0, c1, s1 = math.cos(t0), math.sin(t0), math.cos(t1), math.sin(t1)
        factors.append((c0, s0, c0 - kappa * s0, s0 + kappa * c0, c1 + kappa * s1, s1 - kappa * c1, c1, s1))
    return tuple(factors)


_ARCS = _arc_factors()


@lru_cache(maxsize=4096)
def _circle_path(x: float, y: float, r: float) -> str:
    """``canvas.circle``'s path, centre (x, y) and radius r in points, before its paint operator.

    The same sums as reportlab's: ``circle`` gives ``ellipse`` two corners, which gives
    ``bezierArc`` a corner and a size, which it adds back.  Remembered: a side's texture
    repeats its dots from counter to counter.
    """
    x1, y1, x2, y2 = x - r, y - r, x + r, y + r
    x2, y2 = x1 + (x2 - x1), y1 + (y2 - y1)
    x1, y1, x2, y2 = min(x1, x2), max(y1, y2), max(x1, x2), min(y1, y2)
    xc, yc, rx, ry = (x1 + x2) / 2.0, (y1 + y2) / 2.0, (x2 - x1) / 2.0, (y2 - y1) / 2.0
    out = ["n", f"{fp_str(xc + rx * _ARCS[0][0], yc - ry * _ARCS[0][1])} m"]
    for _, _, a, b, d, e, c1, s1 in _ARCS:
        out.append(f"{fp_str(xc + rx * a, yc - ry * b, xc + rx * d, yc - ry * e, xc + rx * c1, yc - ry * s1)} c")
    return "\n".join(out)


class _FormattedOnce(pdfdoc.PDFObject):
    """A PDF object that ReportLab formats once a document, where it is the same in every form.

    Each symbol's and texture's form holds the same resources and matrix (and a sheet's textures the same
    box), which ReportLab's generic formatting wrote again for each (a sixth of saving seed 3's sheet).
    The text is ReportLab's own, from the first time, so the bytes are the same.
    """

    def __init__(self, obj):
        self.obj = obj
        self.document = self.text = None

    def format(self, document):
        if self.document is not document:
            self.document, self.text = document, self.obj.format(document)
        return self.text


def _plain_resources(has_images: bool) -> pdfdoc.PDFResourceDictionary:
    """What ``PDFFormXObject.format`` gives a form without resources of its own."""
    resources = pdfdoc.PDFResourceDictionary()
    resources.basicFonts()
    if has_images:
        resources.allProcs()
    else:
        resources.basicProcs()
    return resources


def _symbol_svg(symbol_id: str, ink: str) -> ET.Element:
    root = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "width": f"{fmt(SYMBOL_BOX)}mm",
                              "height": f"{fmt(SYMBOL_BOX)}mm", "viewBox": f"0 0 {fmt(SYMBOL_BOX)} {fmt(SYMBOL_BOX)}"})
    root.extend(_symbol(symbol_id, ink))
    return root


class _PdfPainter:
    """Writes items as PDF operators: millimetres from the top left become points from the bottom left.

    The operators are collected and handed to the canvas before anything else goes on it (:meth:`flush`).
    The canvas's own graphics state is left as it is: what each item sets, it sets again, as the canvas
    calls did, and the canvas's only other use of it, a new page, starts it afresh.
    """

    def __init__(self, canvas: Canvas, page_h_mm: float):
        self.c = canvas
        self.doc = canvas._doc  # the fonts' subsets live in ReportLab's document, as for pdf_draw's Painter
        self.h = page_h_mm
        self.forms: dict[tuple, str] = {}  # symbols by (id, ink), textures by ("texture", item)
        self.ops: list[str] = []
        self.set_texts: dict[tuple[str, float, str], tuple[float, str]] = {}  # (face, size, text) -> width, operators
        self.shared: dict[tuple, _FormattedOnce] = {}  # the forms' resources, boxes and matrix

    def _pt(self, x_mm: float, y_mm: float) -> tuple[float, float]:
        return x_mm * PT_PER_MM, (self.h - y_mm) * PT_PER_MM

    def flush(self) -> None:
        """Hand the operators collected so far to the canvas (as one line each, as the canvas writes them)."""
        if self.ops:
            self.c.addLiteral("\n".join(self.ops))
            self.ops = []

    def _end_form(self, name: str) -> None:
        """End the form being drawn, its content encoded as ASCII and its plain parts formatted once a document."""
        form = end_form_plain(self.c, name)
        if form is None or form.Resources is not None or form.XObjects or form.BBox is not None or form.Matrix is not None:
            return  # (not a form as ReportLab makes it: left to its own formatting)
        box = (form.lowerx, form.lowery, form.upperx, form.uppery)
        for attr, key, make in (
            ("Resources", ("resources", bool(form.hasImages)), lambda: _plain_resources(bool(form.hasImages))),
            ("BBox", ("box", *box), lambda: pdfdoc.PDFArray(list(box))),
            ("Matrix", ("matrix",), lambda: pdfdoc.PDFArray([1, 0, 0, 1, 0, 0])),
        ):
            if key not in self.shared:
                self.shared[key] = _FormattedOnce(make())
            setattr(form, attr, self.shared[key])

    def form(self, symbol_id: str, ink: str) -> str:
        """The symbol in this ink, drawn and stored in the PDF the first time it is used."""
        key = (symbol_id, ink)
        if key not in self.forms:
            name = f"sym{len(self.forms)}"
            side = SYMBOL_BOX * PT_PER_MM
            self.flush()
            self.c.beginForm(name, 0, 0, side, side)
            draw_svg(self.c, _symbol_svg(symbol_id, ink))
            self._end_form(name)
            self.forms[key] = name
        return self.forms[key]

    def texture(self, item: Texture) -> str:
        """The texture, drawn and stored in the PDF the first time it is used (a sheet repeats a few of them)."""
        key = ("texture", item)
        if key not in self.forms:
            name = f"tex{len(self.forms)}"
            side = item.size * PT_PER_MM
            self.flush()
            self.c.beginForm(name, 0, 0, side, side)
            inner = _PdfPainter(self.c, item.size)  # the form's own frame: its bottom left is the counter's
            for part in item.parts():
                inner.draw(part)
            inner.flush()
            self._end_form(name)
            self.forms[key] = name
        return self.forms[key]

    def _show(self, name: str, cm: str) -> None:
        """Show a stored form under the matrix ``cm``, as ``saveState``, ``translate`` (and ``scale``), ``doForm``."""
        self.ops += ("q", cm)
        self.flush()
        self.c.doForm(name)  # the canvas keeps the list of forms the page uses
        self.ops.append("Q")

    def draw(self, item, dx: float = 0.0, dy: float = 0.0) -> None:
        ops, mm = self.ops, PT_PER_MM
        if isinstance(item, Rect):
            x, y = self._pt(dx + item.x, dy + item.y + item.h)
            if item.fill:
                ops.append(_fill(item.fill))
            if item.stroke:
                ops += (_stroke(item.stroke), _width(item.width * mm))
            ops.append(f"n {fp_str(x, y, item.w * mm, item.h * mm)} re {_PAINT[bool(item.stroke), bool(item.fill)]}")
        elif isinstance(item, Line):
            dash = fp_str([d * mm for d in item.dash] if item.dash else [])
            x1, y1 = self._pt(dx + item.x1, dy + item.y1)
            x2, y2 = self._pt(dx + item.x2, dy + item.y2)
            ops += (_stroke(item.stroke), _width(item.width * mm), f"[{dash}] 0 d", f"n {fp_str(x1, y1)} m {fp_str(x2, y2)} l S")
            if item.dash:
                ops.append("[] 0 d")
        elif isinstance(item, Circle):
            if item.stroke:
                ops += (_stroke(item.stroke), _width(item.width * mm))
            if item.fill:
                ops.append(_fill(item.fill))
            x, y = self._pt(dx + item.cx, dy + item.cy)
            ops += (_circle_path(x, y, item.r * mm), _PAINT[bool(item.stroke), bool(item.fill)])
        elif isinstance(item, Text):
            ops.append(_fill(item.fill))
            ops.append(self._text(item, *self._pt(dx + item.x, dy + item.y)))
        elif isinstance(item, Symbol):
            name = self.form(item.id, item.ink)
            # translate, then scale: the canvas folds the two into one matrix, from the translation as written
            tx, ty = fp_str(*self._pt(dx + item.x, dy + item.y + item.size)).split()
            k = item.size / SYMBOL_BOX
            self._show(name, f"{fp_str(k, 0.0, 0.0, k, float(tx), float(ty))} cm")
        elif isinstance(item, Texture):
            name = self.texture(item)
            self._show(name, f"1 0 0 1 {fp_str(*self._pt(dx, dy + item.size))} cm")
        elif isinstance(item, FaceArt):
            for part in face_items(item.face, item.size, item.fields):
                self.draw(part, dx + item.x, dy + item.y)

    def _text(self, item: Text, x: float, y: float) -> str:
        """``drawString`` (``drawCentredString``, ``drawRightString``) at the item's size in its embedded face."""
        fontname, size = fonts.pdf_font(item.bold), item.size * PT_PER_MM
        key = (fontname, size, item.text)
        set_as = self.set_texts.get(key)
        if set_as is None:
            set_as = self.set_texts[key] = self._set_text(fontname, size, _pdf_text(item.text))
        width, shown = set_as
        if item.anchor != "start":
            x = x - 0.5 * width if item.anchor == "middle" else x - width
        return f"BT 1 0 0 1 {fp_str(x, y)} Tm {shown} T* ET"

    def _set_text(self, fontname: str, size: float, text: str) -> tuple[float, str]:
        """The width of ``text`` and its operators in the font's subsets (``PDFTextObject._formatText``).

        Worked out once a document: a sheet repeats its words (side names, "Force", numbers), and a
        letter keeps the subset and code the document first gave it.
        """
        font, doc = pdfmetrics.getFont(fontname), self.doc
        shown, subset_now = [], -1
        for subset, chunk in font.splitString(text, doc):
            if subset != subset_now:
                shown.append(f"{font.getSubsetInternalName(subset, doc)} {fp_str(size)} Tf {fp_str(size * 1.2)} TL")
                subset_now = subset
            shown.append(f"({escapePDF(chunk)}) Tj")
        return pdfmetrics.stringWidth(text, fontname, size), " ".join(shown)


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
        painter.flush()
        show_page(c, f"Page {n}: {page_side(sheet, n)}")
    c.save()
    try:
        write_atomic(path, buf.getvalue())
    except OSError as exc:
        raise MapgenError(f"cannot write {path}: {exc.strerror or exc}") from None
    return sheet.pdf_pages
