"""The fonts of every drawing, and the one place that knows them.

A PDF that only names Helvetica or Times is drawn in whatever font the viewer or
printer substitutes, and labels laid out for Helvetica's widths run wider there.  So
every PDF embeds (a subset of) the font it shows, every label is measured with that
font's own metrics, and every SVG names it first, then fallbacks of the same widths:

* sans, for everything but the country map's lettering: Bitstream Vera Sans, shipped
  with reportlab (``reportlab/fonts/Vera*.ttf``, with its licence).  DejaVu Sans,
  found on most systems, is Vera extended and keeps its Latin widths.
* serif, for the country map's lettering (cartouche, country names): DejaVu Serif,
  shipped in ``templates/fonts/`` with its licence; Bitstream Vera Serif, which it
  extends, has the same Latin widths.

Faces are read and registered with reportlab the first time they are asked for, once
per process.  Only files of the reportlab package and of ``templates/`` are read.
reportlab itself (a fifth of a campaign command's imports) is imported then too: the
atlas and ``status`` name the families without measuring a word.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..errors import MapgenError
from .templates import template_path

#: The SVG ``font-family`` of sans and serif text: the embedded font first, then look-alikes of the same widths.
SANS_FAMILY = "'Bitstream Vera Sans', 'DejaVu Sans', sans-serif"
SERIF_FAMILY = "'DejaVu Serif', 'Bitstream Vera Serif', serif"

#: (serif, bold, italic) -> (registered name = PostScript name, folder, file).  No drawing sets
#: serif bold italic, so it falls back on the bold face rather than ship another 350 kB.
_FACES = {
    (False, False, False): ("BitstreamVeraSans-Roman", "reportlab", "Vera.ttf"),
    (False, True, False): ("BitstreamVeraSans-Bold", "reportlab", "VeraBd.ttf"),
    (False, False, True): ("BitstreamVeraSans-Oblique", "reportlab", "VeraIt.ttf"),
    (False, True, True): ("BitstreamVeraSans-BoldOblique", "reportlab", "VeraBI.ttf"),
    (True, False, False): ("DejaVuSerif", "templates", "DejaVuSerif.ttf"),
    (True, True, False): ("DejaVuSerif-Bold", "templates", "DejaVuSerif-Bold.ttf"),
    (True, False, True): ("DejaVuSerif-Italic", "templates", "DejaVuSerif-Italic.ttf"),
    (True, True, True): ("DejaVuSerif-Bold", "templates", "DejaVuSerif-Bold.ttf"),
}
#: Every face name a PDF of ours may use.
FACE_NAMES = frozenset(name for name, _, _ in _FACES.values())
_FAMILIES = {False: "BitstreamVeraSans", True: "DejaVuSerif"}


def _file(folder: str, name: str):
    if folder == "templates":
        return template_path("fonts", name)
    import reportlab

    return Path(reportlab.__file__).resolve().parent / "fonts" / name


def face_files() -> list[Path]:
    """Every face file a drawing may name, for a rasteriser that must find the same fonts (and no others)."""
    return sorted({_file(folder, filename) for _, folder, filename in _FACES.values()})


@lru_cache(maxsize=None)
def _register(serif: bool, bold: bool, italic: bool) -> str:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFError, TTFont

    name, folder, filename = _FACES[(serif, bold, italic)]
    if name not in pdfmetrics.getRegisteredFontNames():
        path = _file(folder, filename)
        try:
            font = TTFont(name, str(path))
        except (OSError, TTFError) as exc:
            raise MapgenError(f"cannot read the font {path}: {exc}; reinstall mapgen and reportlab") from None
        _keep_subsets(font.face)
        pdfmetrics.registerFont(font)
    faces = [_FACES[(serif, b, i)][0] for b, i in ((False, False), (True, False), (False, True), (True, True))]
    pdfmetrics.registerFontFamily(_FAMILIES[serif], *faces)  # so reportlab's own bold/italic switches map right
    return name


#: Font subsets (and their compressed bytes) kept a process: more than this many different ones is no kit of ours.
_KEPT_SUBSETS = 64


class KeptFlate:
    """ReportLab's Flate filter for embedded font files, keeping what it compressed (the same input, the same bytes)."""

    def __init__(self, flate):
        self._flate, self.pdfname = flate, flate.pdfname
        self._kept: dict[bytes, bytes] = {}

    def encode(self, data):
        got = self._kept.get(data)
        if got is None:
            got = self._flate.encode(data)
            if len(self._kept) < _KEPT_SUBSETS:
                self._kept[data] = got
        return got

    def decode(self, encoded):
        return self._flate.decode(encoded)


def _keep_subsets(face) -> None:
    """Make and compress each subset of ``face`` once a process, not once a PDF.

    A face's first subset (ASCII and the first letters a drawing uses) is the same font file in
    most PDFs of a kit: ``mapgen new`` made and compressed it again for each of its nine PDFs
    (30 ms).  Both are kept by their input, so every file gets the bytes it got before.  Left
    as ReportLab has it if its internals change (no harm but time).
    """
    from reportlab.pdfbase import pdfdoc

    make, add = getattr(face, "makeSubset", None), getattr(face, "addSubsetObjects", None)
    if make is None or add is None or not hasattr(face, "filename"):
        return
    made = lru_cache(maxsize=_KEPT_SUBSETS)(lambda subset: make(list(subset)))
    flate = KeptFlate(pdfdoc.PDFZCompress)
    face.makeSubset = lambda subset: made(tuple(subset))

    def add_subset_objects(doc, fontname, subset):
        ref = add(doc, fontname, subset)
        stream = getattr(doc, "idToObject", {}).get(f"fontFile:{face.filename}({fontname})")
        if getattr(stream, "filters", None) == [pdfdoc.PDFZCompress]:
            stream.filters = [flate]
        return ref

    face.addSubsetObjects = add_subset_objects


def pdf_font(bold: bool = False, italic: bool = False, serif: bool = False) -> str:
    """The registered reportlab name of a face, for ``setFont`` and ``stringWidth``."""
    return _register(bool(serif), bool(bold), bool(italic))


def width(text: str, size: float, bold: bool = False, italic: bool = False, serif: bool = False) -> float:
    """Advance width of ``text`` at ``size``, in the unit of ``size``, with the embedded face's metrics."""
    from reportlab.pdfbase import pdfmetrics

    return pdfmetrics.stringWidth(text, pdf_font(bold, italic, serif), size)


def cut(text: str, room: float, size: float, bold: bool = False, italic: bool = False, serif: bool = False) -> str:
    """``text`` if it fits ``room`` at ``size``, else as much of it as fits followed by an ellipsis."""
    if width(text, size, bold, italic, serif) <= room:
        return text
    while len(text) > 1 and width(text + "\u2026", size, bold, italic, serif) > room:
        text = text[:-1]
    return text.rstrip() + "\u2026"


def svg_face(family: str, weight: str = "normal", style: str = "normal") -> str:
    """The embedded face that stands for an SVG font-family, weight and style (any family: serif or not)."""
    low = str(family).lower()
    serif = "sans" not in low and any(k in low for k in ("serif", "times", "georgia", "garamond", "roman"))
    bold = str(weight).lower() in ("bold", "bolder", "600", "700", "800", "900") or "bold" in low
    italic = str(style).lower() in ("italic", "oblique") or "italic" in low or "oblique" in low
    return pdf_font(bold, italic, serif)


#: Control characters, shown as spaces.
_CONTROLS = {c: " " for c in (*range(32), 127)}


@lru_cache(maxsize=None)
def _glyphs(name: str) -> frozenset[int]:
    from reportlab.pdfbase import pdfmetrics

    return frozenset(pdfmetrics.getFont(name).face.charToGlyph)


def printable(text: str, font: str | None = None) -> str:
    """``text`` on one line in ``font`` (default: sans): '?' where the face has no glyph, not an empty box."""
    text = str(text).translate(_CONTROLS)
    if text.isascii():
        return text
    glyphs = _glyphs(font or pdf_font())
    return "".join(c if ord(c) in glyphs else "?" for c in text)
