"""The drawing of a PDF, drawn a chunk at a time and stored as form XObjects.

The SVG is read with an incremental parser and cut into pieces with known extents
(:mod:`.svgpieces`); runs of consecutive pieces are drawn onto the canvas with PDF
operators (:mod:`.pdf_draw`) one after the other and each run is stored once as a
form XObject, compressed as soon as it is made, so memory follows one chunk, not
the whole drawing (a 400 x 400 map is a million SVG elements).  :mod:`.pdf` lays
out the pages that show these forms.  Text is set in the fonts of :mod:`.fonts`, embedded.
"""

from __future__ import annotations

import math
import zlib

import numpy as np
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from ..errors import MapgenError
from .pdf_draw import PT_PER_MM, Frame, Painter, parse_svg  # noqa: F401 - part of this API
from .pdf_paths import Unsupported
from .pdf_symbols import Symbols
from .svgpieces import PieceStream


#: zlib's level for the drawings' page and form streams, written as binary (no ASCII85 text over them: ReportLab's
#: default, for 7-bit channels no PDF goes through now).  ``mapgen new``'s 1.2 MB of operators at zlib's default 6:
#: 24 ms to 336 kB (420 kB as ASCII85); at 4: 12 ms to 350 kB; at 1: 8 ms to 383 kB.  Level 4 halves the time (a
#: third of it in the map's PDF, on the command's longest path) and the files are smaller than before, not larger.
FLATE_LEVEL = 4


def _compress_now(obj) -> None:
    """Compress a finished page's or form's content at once: Flate at :data:`FLATE_LEVEL`, as binary.

    ReportLab keeps every page and form as uncompressed text until ``save()``: for a
    big map that is the whole drawing's operators in memory.  Compressed the moment it
    is finished, the document holds only what goes into the file.  Skipped (ReportLab
    then compresses it at save, as it always did) if ReportLab's internals change.
    """
    stream = getattr(obj, "stream", None)
    if not stream or getattr(obj, "Contents", None) is not None:
        return
    data = stream.encode("utf-8") if isinstance(stream, str) else stream  # as ReportLab's Flate filter takes a text
    names = pdfdoc.PDFArray([pdfdoc.PDFName(pdfdoc.PDFZCompress.pdfname)])
    obj.Contents = pdfdoc.PDFStream(pdfdoc.PDFDictionary({"Filter": names}), zlib.compress(data, FLATE_LEVEL))
    obj.stream = None


#: The ASCII characters PDFDocEncoding has no code for (its codec refuses them); every other one is itself.
_NOT_PDFDOC = bytes(range(0x18, 0x20))


def pdfdoc_bytes(text: str) -> bytes | None:
    """``text`` in PDFDocEncoding when it is ASCII that the encoding leaves as it is; None otherwise.

    ReportLab turns the text of a page, a form or an ASCII85-encoded stream into bytes with its
    PDFDocEncoding codec, a Python charmap that takes seven times as long as compressing the same text
    (``mapgen new``: about 20 ms for 1.5 MB).  That encoding is ASCII but for eight control characters,
    so such a text is encoded as ASCII instead, the same bytes; anything else is left to the codec.
    """
    if not text.isascii():
        return None
    data = text.encode("ascii")
    return data if len(data.translate(None, _NOT_PDFDOC)) == len(data) else None


def _last_page(c: Canvas):
    pages = getattr(getattr(getattr(c, "_doc", None), "Pages", None), "pages", None)
    return pages[-1] if pages else None


def _form_object(c: Canvas, name: str):
    doc = getattr(c, "_doc", None)
    try:
        return doc.idToObject[pdfdoc.xObjectName(name)]
    except (AttributeError, KeyError, TypeError):
        return None


def _give_form_its_resources(form) -> None:
    """Give a form XObject the transparency states and colour spaces its stream uses.

    ReportLab writes a form's resources with fonts and XObjects only, although
    the canvas recorded the form's graphics states (``/gRLs0 gs``): MuPDF then
    cannot find them and paints a 40 % tint solid, and poppler and Ghostscript
    fall back to the page's states, at whatever strength those have.  The
    resources are built here as ReportLab builds a page's.
    """
    if form is None or form.Resources is not None:
        return
    resources = pdfdoc.PDFResourceDictionary()
    resources.basicFonts()
    resources.allProcs()
    if form.XObjects:
        resources.XObject = form.XObjects
    if getattr(form, "ExtGState", None):
        resources.ExtGState = form.ExtGState
    resources.setShading(getattr(form, "_shadingUsed", None) or {})
    resources.setColorSpace(getattr(form, "_colorsUsed", None) or {})
    form.Resources = resources


def end_form_plain(c: Canvas, name: str):
    """``c.endForm()`` for the form ``name``, byte for byte, with its content encoded here; the form object.

    The operators written here are ASCII (text goes in as escapes): they are encoded as
    ASCII (:func:`pdfdoc_bytes`), not by ReportLab's codec, which gives the same bytes slower
    (12 ms of ``mapgen new``'s 830 kB of forms).  The form is otherwise ReportLab's: its
    resources and its compression at save (see :func:`end_form` for ours).
    """
    code, preamble = getattr(c, "_code", None), getattr(c, "_preamble", None)
    data = None
    if isinstance(code, list) and isinstance(preamble, str):
        data = pdfdoc_bytes("\n".join([preamble, *code]))  # what endForm writes
        if data is not None:
            del code[:]  # endForm encodes only the preamble, then the content is put in
    c.endForm()
    form = _form_object(c, name)
    if data is not None and form is not None:
        form.stream = data
    return form


def end_form(c: Canvas, name: str) -> None:
    """End the form ``name`` being recorded on ``c``: its resources as a page's, its content compressed at once.

    Its content is encoded as :func:`end_form_plain` encodes it.
    """
    form = end_form_plain(c, name)
    _give_form_its_resources(form)
    _compress_now(form)


def show_page(c: Canvas, outline: str) -> None:
    """End the page, with an entry naming it in the PDF's outline (the bookmarks a viewer lists beside the pages)."""
    key = f"page-{c.getPageNumber()}"
    c.bookmarkPage(key)
    c.addOutlineEntry(outline, key, level=0)
    c.showPage()
    _compress_now(_last_page(c))


def print_at_true_scale(c: Canvas, duplex: str | None = None) -> None:
    """The PDF's ``/ViewerPreferences``: ``/PrintScaling /None``, so a print dialog starts at 100 % rather than
    "fit to page" (every mapgen PDF prints at true scale), and ``duplex`` (``Simplex``, ``DuplexFlipLongEdge``,
    ``DuplexFlipShortEdge``), the flip a counter sheet's backs need."""
    c.setViewerPreference("PrintScaling", "None")
    if duplex is not None:
        c.setViewerPreference("Duplex", duplex)


#: At most this many pieces are drawn into one form: memory follows one chunk (a few MB).
CHUNK_PIECES = 1000
#: A chunk spans at most this many tile steps each way, so that a page shows little more than its
#: own share.  Smaller chunks compress worse: at 400 pieces and 2 steps the large map's PDF doubles.
CHUNK_EXTENT = 3.0


class _Source:
    """The drawing as pieces, its size, and the forms it is stored as.

    The pieces are drawn in chunks of consecutive pieces, each at most
    :data:`CHUNK_EXTENT` tile steps across, and each chunk is stored once as a form
    XObject: a page then shows the chunks that meet it, in document order (what is on
    top stays on top), and the index shows them all.  Each piece is drawn once, and
    a printer handles a few pages' worth of drawing for each page, not the whole map.
    """

    def __init__(self, svg_text, name: str = "mapgenPart"):
        self.name = name  # forms are called name1, name2 ...: one name per drawing in a PDF
        self.pieces = PieceStream(svg_text)
        root = self.pieces.root
        if root is None:
            raise MapgenError("cannot read the SVG drawing: it is empty")
        self.frame = Frame(root)
        self.width, self.height = self.frame.width, self.frame.height  # points
        # (x, y, user units per mm) of the viewBox, to place the pieces on the paper; None keeps
        # every piece on every page (no viewBox).
        self.units = self.frame.units
        self.forms: list[str] = []
        self.boxes = np.zeros((0, 4))  # mm from the drawing's top left, per form
        self.symbols = Symbols(f"{name}Sym", end=end_form)

    def store(self, c: Canvas, step_mm: tuple[float, float], whole: bool = False) -> None:
        """Draw the drawing, chunk by chunk, into form XObjects (compressed as they are made).

        ``whole``: the drawing goes on one sheet, so its pieces are neither measured nor cut into chunks.
        """
        mm = PT_PER_MM
        w_mm, h_mm = self.width / mm, self.height / mm
        if whole:
            everything = self.pieces.unmeasured()
            chunks = [everything] if everything else []
        elif self.units is None or self.pieces.whole:
            whole = True
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
            name = f"{self.name}{len(self.forms) + 1}"
            # The form's bounding box (PDF points, y upwards) clips it to the chunk and the viewport.
            c.beginForm(name, x0 * mm, self.height - y1 * mm, x1 * mm, self.height - y0 * mm)
            self._draw(c, chunk)
            end_form(c, name)
            del chunk
            self.forms.append(name)
            boxes.append((x0, y0, x1, y1))
        self.boxes = np.array(boxes, dtype=float).reshape(-1, 4)

    def _draw(self, c: Canvas, chunk) -> None:
        lookup = lambda: [*self.pieces.context, *(piece.element for piece in chunk)]  # noqa: E731 - what <use> may show
        painter = Painter(c, lookup=lookup, symbols=self.symbols)
        try:
            painter.begin(self.frame)
            painter.pieces(chunk, self.frame.style)
            painter.end()
        except Unsupported as exc:
            raise MapgenError(f"cannot draw the SVG drawing in a PDF: {exc}") from None

    def show(self, c: Canvas, x: float, y: float, scale: float = 1.0, window=None) -> None:
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
