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
            pdfmetrics.registerFont(TTFont(name, str(path)))
        except (OSError, TTFError) as exc:
            raise MapgenError(f"cannot read the font {path}: {exc}; reinstall mapgen and reportlab") from None
    faces = [_FACES[(serif, b, i)][0] for b, i in ((False, False), (True, False), (False, True), (True, True))]
    pdfmetrics.registerFontFamily(_FAMILIES[serif], *faces)  # so reportlab's own bold/italic switches map right
    return name


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
