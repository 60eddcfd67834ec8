"""Draw counter sheets: one SVG per printed page, and the PDF with one page per SVG at exact size.

The drawing reads a :class:`~mapgen.counters.model.Sheet` and decides no game
fact: what each face says comes from the counter set, where it sits from the
layout.  Pictograms and unit frames are data in
``templates/counters/symbols.svg`` (a 0..10 box each), copied inline in the
SVG (so a symbol can be edited on its own) with ``currentColor`` set to the face's
ink; in the PDF each symbol is drawn once and stored once as a form.

A face, top to bottom: the side band (side colour, white emblem and name),
the picture (a symbol or a big number), the title, and an optional note
(square, stats, cost).  The emblem and black ink keep every counter readable
in black and white; text sizes scale with the counter but never go below
:data:`MIN_TEXT_MM`.  Text is measured with, and the PDF embeds, the sans font of
:mod:`.fonts`, so every viewer and printer shows it at the widths it was fitted to.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import lru_cache

from ..counters.layout import CROP_GAP_MM, CROP_LEN_MM, FOOTER_MM, HEADER_MM, size_name
from ..counters.model import Face, Sheet
from ..counters.rules import ABBREVIATION_LETTERS, ABBREVIATIONS
from ..sides import STYLE_BY_KEY
from ..errors import MapgenError

from .counter_patterns import DOT, LIGHTEN, LINE, mix, pattern_dots, pattern_lines
from .svgdoc import SvgDoc, fmt, serialize, xml_text
from .templates import SVG_NS, Raw as _Raw, clean as _clean, recolor as _recolor, template_path
from .text import text_attrs, text_box, text_width

#: Smallest text on a counter (em size): 1.6 mm is about 4.5 pt, still sharp on a 300 dpi print.
MIN_TEXT_MM = 1.6
#: Face proportions, as fractions of the counter's side.
PAD = 0.06
#: Lines of text on the body keep this much room to either cut line: a home cut can stray by a millimetre.
TEXT_PAD = 0.1
BAND_H = 0.2
BAND_TEXT = 0.13
TITLE_TEXT = 0.15
NOTE_TEXT = 0.125
#: The band is the side's colour this much darker (towards black).
BAND_DARKEN = 0.3
#: Ink for page furniture; on a face everything is white over the side's colour.
INK = "#111111"
DARK_BODY = "#2b2b2b"
WHITE = "#ffffff"
CUT_LINE = "#666666"
CUT_LINE_MM = 0.12
CROP_MARK_MM = 0.2
CAPTION_MM = 2.4
CHECK_BAR_MM = 50.0
#: A unit's frame (NATO-style: infantry, cavalry ...) in templates/counters/symbols.svg starts its id with this.
UNIT_FRAME = "nato-"
#: Symbols are drawn in a 0..SYMBOL_BOX box.
SYMBOL_BOX = 10.0
#: A counter sheet's ``<text>`` has always had its paint before its weight and anchor: kept, so that
#: the same sheet gives the same bytes as before.
_TEXT_FIRST = ("x", "y", "font-family", "font-size", "fill")


# --------------------------------------------------------------------------- symbols and text


@lru_cache(maxsize=None)
def load_counter_symbols() -> dict[str, tuple[ET.Element, ...]]:
    """Every ``<g id>`` of templates/counters/symbols.svg, as plain shapes."""
    root = ET.fromstring(template_path("counters", "symbols.svg").read_bytes())
    symbols = {}
    for g in root:
        if g.tag.replace(SVG_NS, "") == "g" and "id" in g.attrib:
            symbols[g.attrib["id"]] = tuple(_clean(c) for c in g if c.tag.replace(SVG_NS, "") != "title")
    return symbols


@lru_cache(maxsize=None)
def _symbol(symbol_id: str, ink: str) -> tuple[ET.Element, ...]:
    symbols = load_counter_symbols()
    if symbol_id not in symbols:
        raise MapgenError(f"templates/counters/symbols.svg has no symbol {symbol_id!r}")
    return tuple(_recolor(e, ink) for e in symbols[symbol_id])


def fit_text(text: str, width: float, size: float, min_size: float = MIN_TEXT_MM, bold: bool = True) -> tuple[str, float]:
    """Shrink ``text`` to ``width`` down to ``min_size``; past that, abbreviate it (:func:`abbreviate`)."""
    size = max(size, min_size)  # a small counter shrinks its content, never its text below the minimum
    w = text_width(text, size, bold=bold)
    if w <= width:
        return text, size
    size = max(min_size, size * width / w)
    if text_width(text, size, bold=bold) <= width + 1e-9:
        return text, size
    return abbreviate(text, width, size, bold), size


def abbreviate(text: str, width: float, size: float, bold: bool = True) -> str:
    """``text`` shortened to ``width`` by fixed abbreviations, word by word, the longest word first.

    A word takes the set's abbreviation (:data:`~mapgen.counters.rules.ABBREVIATIONS`), else its first
    letters and a full stop; the same name always comes out the same, and never with an ellipsis, which
    names no unit.  A text of one word too long even so keeps as many letters as fit, with its full stop.
    """
    words = text.split(" ")
    for i in sorted(range(len(words)), key=lambda i: -len(words[i])):
        if text_width(" ".join(words), size, bold=bold) <= width:
            break
        word = words[i]
        short = ABBREVIATIONS.get(word.lower())
        if short is None:
            short = word[:ABBREVIATION_LETTERS] + "." if len(word) > ABBREVIATION_LETTERS + 1 else word
        elif word.isupper():
            short = short.upper()
        elif word[:1].islower():
            short = short[:1].lower() + short[1:]
        words[i] = short
    out = " ".join(words)
    while text_width(out, size, bold=bold) > width and len(out.rstrip(".")) > 1:
        out = out.rstrip(".")[:-1].rstrip() + "."
    return out


def _title_lines(text: str, width: float, size: float) -> tuple[list[str], float]:
    """One line if it fits at 80 % of ``size`` or more; else two lines split at a space."""
    first, fitted = fit_text(text, width, size, max(MIN_TEXT_MM, 0.8 * size))
    if first == text or " " not in text:
        return [first], fitted
    size2 = max(MIN_TEXT_MM, 0.85 * size)
    words = text.split()
    best = None
    for i in range(1, len(words)):
        a, b = " ".join(words[:i]), " ".join(words[i:])
        worst = max(text_width(a, size2, bold=True), text_width(b, size2, bold=True))
        if best is None or worst < best[0]:
            best = (worst, a, b)
    _, a, b = best
    la, sa = fit_text(a, width, size2)
    lb, sb = fit_text(b, width, size2)
    return [la, lb], min(sa, sb)


# --------------------------------------------------------------------------- drawing items
#
# A page is a short list of drawing items; the SVG writer and the PDF writer both walk it, so the
# two can never disagree.  The PDF writer draws rectangles and text itself and stores each symbol
# once as a form XObject (drawn by :mod:`.pdf_draw`), so a sheet of 500 different counters stays fast.

@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.0


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str = "#000000"
    width: float = CROP_MARK_MM
    dash: tuple[float, ...] = ()


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    stroke: str | None
    width: float
    fill: str | None = None


@dataclass(frozen=True)
class Text:
    x: float  # baseline anchor point
    y: float
    text: str
    size: float
    anchor: str = "start"  # start, middle, end
    bold: bool = False
    fill: str = "#000000"
    field: str = ""  # on a counter: band, title, note or big (:class:`FieldSizes`)


@dataclass(frozen=True)
class Texture:
    """A side's texture over a counter's body (:mod:`.counter_patterns`): in the PDF, drawn once and reused."""

    kind: str
    size: float  # the counter's side; the texture covers 0..size both ways
    colour: str
    top: float = 0.0  # it starts below the side band, which would hide it
    clear: tuple[tuple[float, float, float, float], ...] = ()  # boxes (x0, y0, x1, y1) it keeps out of: the texts

    def parts(self) -> tuple:
        """Its lines and dots, worked out once for the SVG pages and the PDF (a sheet repeats a few textures)."""
        return _texture_parts(self)


@lru_cache(maxsize=1024)
def _texture_parts(texture: Texture) -> tuple:
    """:meth:`Texture.parts`, remembered by the texture (a frozen value)."""
    s, top, clear, colour = texture.size, texture.top, texture.clear, texture.colour
    lines = tuple(Line(x1, y1, x2, y2, colour, LINE * s) for x1, y1, x2, y2 in pattern_lines(texture.kind, s, top, clear))
    return lines + tuple(Circle(cx, cy, DOT * s, None, 0.0, colour) for cx, cy in pattern_dots(texture.kind, s, top, clear))


@dataclass(frozen=True)
class FaceArt:
    face: Face
    x: float
    y: float
    size: float
    #: The sheet's type size of each field (:class:`FieldSizes`): None, the face's own.
    fields: "FieldSizes | None" = None


@dataclass(frozen=True)
class FieldSizes:
    """One type size per field on a sheet (mm): the band's side name, the title, the note, the big number.

    Each field is set at the size that fits its longest text on the sheet, so
    "Confused" and "Shattered" read alike from counter to counter as in a
    printed game; a text that fitted larger fits at the sheet's size too.
    """

    band: float
    title: float
    note: float
    big: float


@dataclass(frozen=True)
class Symbol:
    id: str
    x: float  # top-left corner of the symbol's box
    y: float
    size: float
    ink: str


# --------------------------------------------------------------------------- faces

def band_color(style) -> str:
    """The side band: the side's colour, darker, so the band stands out from the body."""
    return _darker(style.color)


@lru_cache(maxsize=None)
def _darker(color: str) -> str:
    """:func:`band_color` of a side's colour, mixed once: every ground on a page asks for it."""
    return mix(color, "#000000", BAND_DARKEN)


def sheet_fields(faces, size: float) -> FieldSizes:
    """The type size of each field on a sheet of ``faces`` at counter ``size``: the smallest any face fits it at."""
    found = [_own_sizes(face, size) for face in faces]
    inf = float("inf")
    return FieldSizes(*(min((f[i] for f in found if f[i] is not None), default=inf) for i in range(4)))


@lru_cache(maxsize=4096)
def _own_sizes(face: Face, size: float) -> tuple:
    """(band, title, note, big) as ``face`` alone would set them (None: a field it does not have)."""
    sizes = {t.field: t.size for t in face_items(face, size) if isinstance(t, Text)}
    return tuple(sizes.get(k) for k in ("band", "title", "note", "big"))


@lru_cache(maxsize=4096)
def face_items(face: Face, size: float, fields: FieldSizes | None = None) -> tuple:
    """Everything on a face except its ground, in counter coordinates (0..size, top left).

    ``fields``: the sheet's size of each field (:func:`sheet_fields`), never larger than the face's own.
    """
    style = STYLE_BY_KEY.get(face.style)
    if style is None:
        raise MapgenError(f"counter face has an unknown side style {face.style!r}")
    s = size
    pad = PAD * s
    ink = WHITE  # on the side's colour, or on the dark body of a turned-over state
    items: list = []
    # Side band: a darker shade of the colour, white emblem, side name (left out when it cannot be read).
    band_h = BAND_H * s
    items.append(Rect(0, 0, s, band_h, band_color(style)))
    emblem = 0.72 * band_h
    items.append(Symbol(style.emblem, pad, (band_h - emblem) / 2, emblem, WHITE))
    left = pad + emblem + 0.04 * s
    text, fs = fit_text((face.band or style.name).upper(), s - pad - left, min(BAND_TEXT * s, 0.75 * band_h))
    fs = min(fs, fields.band) if fields else fs
    if text.rstrip("\u2026"):
        items.append(Text((left + s - pad) / 2, band_h / 2 + 0.36 * fs, text, fs, "middle", True, WHITE, "band"))
    # Title and note, from the bottom up.
    width = s - 2 * TEXT_PAD * s
    y = s - 0.07 * s
    if face.note:
        note, nfs = fit_text(face.note, width, max(MIN_TEXT_MM, NOTE_TEXT * s), bold=False)
        nfs = min(nfs, fields.note) if fields else nfs
        items.append(Text(s / 2, y, note, nfs, "middle", False, ink, "note"))
        y -= nfs * 1.12
    lines, tfs = _title_lines(face.title, width, max(MIN_TEXT_MM, TITLE_TEXT * s))
    tfs = min(tfs, fields.title) if fields else tfs
    for line in reversed(lines):
        items.append(Text(s / 2, y, line, tfs, "middle", True, ink, "title"))
        y -= tfs * 1.0
    # Picture between the band and the title.
    top = band_h + 0.05 * s
    bottom = y + tfs * 0.15 - 0.04 * s
    room = bottom - top
    if face.big:
        big, fs = fit_text(face.big, width, room / 0.74, min_size=MIN_TEXT_MM)  # Vera caps: ~0.73 em
        fs = min(fs, fields.big) if fields else fs
        items.append(Text(s / 2, bottom - 0.02 * room, big, fs, "middle", True, ink, "big"))
    elif face.icon and room > 0:
        icon = min(room, width)
        if face.icon.startswith(UNIT_FRAME):  # every unit's frame one size at this counter size, whatever its name's lines
            icon = min(icon, _frame_room(s, bool(face.note)))
        items.append(Symbol(face.icon, (s - icon) / 2, top + (room - icon) / 2, icon, ink))
    # Under it all, the body's texture, which tells the sides apart in black and white: kept out from under
    # the band (which would hide it) and from behind every line of text, so that the text sits on a clear ground.
    if style.pattern != "none":
        clear = tuple(text_box(t.x, t.y, t.text, t.size, t.anchor, bold=t.bold) for t in items if isinstance(t, Text) and t.y > band_h)
        colour = mix(DARK_BODY if face.dark else style.color, WHITE, LIGHTEN)
        items.insert(0, Texture(style.pattern, s, colour, band_h, clear))
    return tuple(items)


def _frame_room(s: float, note: bool) -> float:
    """The room a unit's frame has on a counter of side ``s`` under a name set on two lines (the most a name
    takes): every frame is drawn this size, so that a one-line name does not make its frame bigger."""
    y = s - 0.07 * s
    if note:
        y -= max(MIN_TEXT_MM, NOTE_TEXT * s) * 1.12
    line = max(MIN_TEXT_MM, 0.85 * max(MIN_TEXT_MM, TITLE_TEXT * s))
    y -= 2 * line
    return (y + line * 0.15 - 0.04 * s) - (BAND_H * s + 0.05 * s)


# --------------------------------------------------------------------------- pages

def _reg_mark(items: list, x: float, y: float) -> None:
    """Registration mark: the same point on a front and its back, to check duplex alignment."""
    arm, r = 3.2, 1.8
    for color, width in ((WHITE, 0.5), ("#000000", 0.15)):
        items.append(Line(x - arm, y, x + arm, y, color, width))
        items.append(Line(x, y - arm, x, y + arm, color, width))
        items.append(Circle(x, y, r, color, width))


def _caption(items: list, x, y, text, width, anchor="start") -> None:
    if width <= 0:
        return
    text, fs = fit_text(text, width, CAPTION_MM, min_size=1.4, bold=False)
    items.append(Text(x, y, text, fs, anchor))


def _check_bar(items: list, x, y) -> None:
    for i in range(int(CHECK_BAR_MM // 10)):
        items.append(Rect(x + 10 * i, y, 10, 1.4, "#000000" if i % 2 == 0 else WHITE, "#000000", 0.15))


def _fields_of(sheet: Sheet) -> FieldSizes:
    """The sheet's type size per field, over every face on every page of it (fronts and backs)."""
    counters = sheet.counters()
    return sheet_fields({c.front for c in counters} | {c.back for c in counters if c.back is not None}, sheet.size_mm)


def page_items(sheet: Sheet, pdf_page: int) -> list:
    """Everything drawn on one printed page (1-based), in mm from the page's top left, in drawing order."""
    paper = sheet.paper
    W, H, m = paper.width_mm, paper.height_mm, paper.margin_mm
    s, gutter, bleed = sheet.size_mm, sheet.gutter_mm, sheet.bleed_mm
    total = sheet.pdf_pages
    halves = sheet.pages_on(pdf_page)
    pitch = s + gutter
    fields = _fields_of(sheet)
    grounds: list = []
    arts: list = []
    cuts: list = []
    crops: list = []
    # Bleed runs fully past an outer cut line, but only half-way into a gutter shared with a neighbour.
    shared = min(bleed, gutter / 2)
    for half in halves:
        occupied = {(round(pl.x_mm, 6), round(pl.y_mm, 6)) for pl in half.placements}
        for pl in half.placements:
            face = pl.counter.front if half.side == "front" else pl.counter.back
            x, y = pl.x_mm, pl.y_mm
            at_x, at_y = round(x, 6), round(y, 6)
            bl = shared if (round(x - pitch, 6), at_y) in occupied else bleed
            bt = shared if (at_x, round(y - pitch, 6)) in occupied else bleed
            br = shared if (round(x + pitch, 6), at_y) in occupied else bleed
            bb = shared if (at_x, round(y + pitch, 6)) in occupied else bleed
            style = STYLE_BY_KEY[face.style]
            grounds.append(Rect(x - bl, y - bt, s + bl + br, s + bt + bb, DARK_BODY if face.dark else style.color))
            if bt or bl or br:
                grounds.append(Rect(x - bl, y - bt, s + bl + br, bt + BAND_H * s, band_color(style)))
            arts.append(FaceArt(face, x, y, s, fields))
            cuts.append(Rect(x, y, s, s, None, CUT_LINE, CUT_LINE_MM))
        if not half.placements:
            continue
        # Crop marks outside the grid, in line with every cut line.
        xs = sorted({round(pl.x_mm, 6) for pl in half.placements})
        ys = sorted({round(pl.y_mm, 6) for pl in half.placements})
        top, bottom = ys[0] - bleed - CROP_GAP_MM, ys[-1] + s + bleed + CROP_GAP_MM
        left, right = xs[0] - bleed - CROP_GAP_MM, xs[-1] + s + bleed + CROP_GAP_MM
        for x in sorted({v for x in xs for v in (x, x + s)}):
            crops.append(Line(x, top - CROP_LEN_MM, x, top))
            crops.append(Line(x, bottom, x, bottom + CROP_LEN_MM))
        for y in sorted({v for y in ys for v in (y, y + s)}):
            crops.append(Line(left - CROP_LEN_MM, y, left, y))
            crops.append(Line(right, y, right + CROP_LEN_MM, y))

    # Furniture: registration marks (mirror-symmetric, so they meet through the paper), captions, scale bar.
    furniture: list = []
    header_y = m + HEADER_MM / 2
    marks = (W / 4, 3 * W / 4) if sheet.fold else (W / 2,)
    if sheet.fold:
        # It stops above the footer band, so it never strikes through the footer's caption.
        furniture.append(Line(W / 2, m, W / 2, H - m - FOOTER_MM, "#777777", 0.25, (2.0, 1.5)))
        _caption(furniture, W / 2 + 1, H - m - FOOTER_MM - 1, "fold", 10)
    for x in marks:
        _reg_mark(furniture, x, header_y)
    if sheet.fold:
        where = f"page {pdf_page} of {total}: fronts left, backs right; fold on the dashed line and glue"
    elif halves[0].side == "front":
        where = f"page {pdf_page} of {total}, FRONTS: print this side first"
    else:
        where = f"page {pdf_page} of {total}, BACKS of page {pdf_page - 1}: duplex, flip on the {sheet.flip_edge} edge"
    baseline = header_y + CAPTION_MM * 0.36
    _caption(furniture, m, baseline, sheet.title or "mapgen counters", marks[0] - 4 - m)
    _caption(furniture, W - m, baseline, f"{size_name(s)} counters, {paper.label()}", W - m - (marks[-1] + 4), "end")
    foot_y = H - m - 0.6
    _check_bar(furniture, m, foot_y - 1.4)
    _caption(furniture, m + CHECK_BAR_MM + 2, foot_y, f"50 mm at 100 % (no 'fit to page') \u2014 {where}", W - 2 * m - CHECK_BAR_MM - 2)
    return [("Counters", grounds + arts), ("Cut lines", cuts), ("Crop marks", crops), ("Furniture", furniture)]


# --------------------------------------------------------------------------- SVG

@lru_cache(maxsize=4096)
def _num(value: float) -> str:
    """:func:`.svgdoc.fmt`, remembered: a sheet's shapes write some 10,000 numbers, fewer than 300 different
    (the textures' lattice, the grid of counters)."""
    return fmt(value)


def _svg_item(item) -> ET.Element:
    if isinstance(item, Rect):
        attrs = {"x": _num(item.x), "y": _num(item.y), "width": _num(item.w), "height": _num(item.h), "fill": item.fill or "none"}
        if item.stroke:
            attrs.update({"stroke": item.stroke, "stroke-width": _num(item.width)})
        return ET.Element("rect", attrs)
    if isinstance(item, Line):
        attrs = {"x1": _num(item.x1), "y1": _num(item.y1), "x2": _num(item.x2), "y2": _num(item.y2),
                 "stroke": item.stroke, "stroke-width": _num(item.width)}
        if item.dash:
            attrs["stroke-dasharray"] = ",".join(_num(d) for d in item.dash)
        return ET.Element("line", attrs)
    if isinstance(item, Circle):
        attrs = {"cx": _num(item.cx), "cy": _num(item.cy), "r": _num(item.r), "fill": item.fill or "none"}
        if item.stroke:
            attrs.update({"stroke": item.stroke, "stroke-width": _num(item.width)})
        return ET.Element("circle", attrs)
    if isinstance(item, Text):
        attrs = text_attrs(item.x, item.y, item.size, fill=item.fill, anchor=item.anchor, bold=item.bold)
        el = ET.Element("text", dict.fromkeys(_TEXT_FIRST) | attrs)
        el.text = item.text
        return el
    if isinstance(item, Symbol):
        g = ET.Element("g", {"transform": f"translate({fmt(item.x)},{fmt(item.y)}) scale({fmt(item.size / SYMBOL_BOX)})"})
        g.extend(_symbol(item.id, item.ink))
        return g
    if isinstance(item, Texture):
        g = ET.Element("g")
        g.extend(_svg_item(part) for part in item.parts())
        return g
    if isinstance(item, FaceArt):
        g = _face_group(item)
        g.extend(_face_elements(item.face, item.size, item.fields))
        return g
    raise TypeError(item)  # pragma: no cover


@lru_cache(maxsize=4096)
def _face_elements(face: Face, size: float, fields: FieldSizes | None = None) -> tuple[ET.Element, ...]:
    """A face's drawing as SVG elements, built once: a sheet repeats its faces (the order counters, the backs),
    and its texture alone is a third of drawing a page.  The elements are shared by every copy of the face,
    as the symbols' are; nothing changes an element once it is in a drawing."""
    return tuple(_svg_item(i) for i in face_items(face, size, fields))


def _face_group(art: FaceArt) -> ET.Element:
    """The group that puts a face where it is printed on the page."""
    return ET.Element("g", {"transform": f"translate({fmt(art.x)},{fmt(art.y)})"})


def counter_svg(face: Face, x: float, y: float, size: float) -> ET.Element:
    """One counter as printed (body, side band and emblem, texture, picture, words), its top left at (x, y).

    For a map that shows the counters put down on it: a player finds there the very counter on the table.
    A thin dark edge keeps counters apart where they stack.
    """
    style = STYLE_BY_KEY.get(face.style)
    if style is None:
        raise MapgenError(f"counter face has an unknown side style {face.style!r}")
    g = ET.Element("g", {"transform": f"translate({fmt(x)},{fmt(y)})"})
    g.append(_svg_item(Rect(0, 0, size, size, DARK_BODY if face.dark else style.color)))
    g.extend(_face_elements(face, size))
    g.append(_svg_item(Rect(0, 0, size, size, None, INK, max(0.15, 0.012 * size))))
    return g


#: Stands in a page's drawing for a face's shapes until the page is written (:func:`render_page`).
_FACE_TAG = "mapgen-counter-face"
_FACE_MARK = re.compile(f'<{_FACE_TAG} n="([0-9]+)" />')


@lru_cache(maxsize=4096)
def _face_text(face: Face, size: float, fields: FieldSizes | None) -> str | None:
    """A face's shapes as SVG text, written once however often the sheet repeats the face.

    None where the page's writer would change the text (a character XML cannot hold, a character
    reference): that face goes into the page as elements, as every face did before.
    """
    text = "".join(_texture_text(i) if isinstance(i, Texture) else serialize(_svg_item(i)) for i in face_items(face, size, fields))
    return text if text and "&#" not in text and xml_text(text) == text else None


#: A colour the SVG writer puts in an attribute as it is (a hex colour: nothing to escape).
_HEX_COLOUR = re.compile("#[0-9a-fA-F]{3,8}")


def _texture_text(texture: Texture) -> str:
    """``serialize(_svg_item(texture))``, written straight from its lines and dots: a texture is most of a
    face's shapes (seed 3's sheet: 900 of 1,250), and an element for each, written once, was most of its time.

    The same attributes in the same order, with the same numbers (:func:`_num`); a colour that would need
    escaping (none of :func:`.templates.mix`'s) goes through the elements.
    """
    if not _HEX_COLOUR.fullmatch(texture.colour):
        return serialize(_svg_item(texture))
    out = ["<g>"]
    for part in texture.parts():
        if isinstance(part, Line):
            dash = f' stroke-dasharray="{",".join(_num(d) for d in part.dash)}"' if part.dash else ""
            out.append(f'<line x1="{_num(part.x1)}" y1="{_num(part.y1)}" x2="{_num(part.x2)}" y2="{_num(part.y2)}" '
                       f'stroke="{part.stroke}" stroke-width="{_num(part.width)}"{dash} />')
        else:
            stroke = f' stroke="{part.stroke}" stroke-width="{_num(part.width)}"' if part.stroke else ""
            out.append(f'<circle cx="{_num(part.cx)}" cy="{_num(part.cy)}" r="{_num(part.r)}" fill="{part.fill or "none"}"{stroke} />')
    if len(out) == 1:
        return "<g />"
    out.append("</g>")
    return "".join(out)


def render_page(sheet: Sheet, pdf_page: int) -> str:
    """SVG text of one printed page (1-based): the whole sheet of paper at true size, in Inkscape layers.

    Each face's shapes are written once (:func:`_face_text`) and put in where the page has a stand-in
    for them: the same text the writer gives each copy, since it writes an element the same wherever it
    stands and its clean-up of unwritable characters goes character by character (a face written once
    needs none).  A campaign's sheet repeats its faces: seed 5's places 210, 63 of them different.
    """
    paper = sheet.paper
    halves = sheet.pages_on(pdf_page)
    kinds = "fronts and backs" if sheet.fold else f"{halves[0].side}s"
    doc = SvgDoc(paper.width_mm, paper.height_mm, f"{sheet.title or 'mapgen counters'}: page {pdf_page} of {sheet.pdf_pages}, {kinds}")
    faces: list[str] = []
    for name, items in page_items(sheet, pdf_page):
        layer = doc.layer(name)
        for item in items:
            text = _face_text(item.face, item.size, item.fields) if isinstance(item, FaceArt) else None
            if text is None:
                layer.add(_Raw(_svg_item(item)))
                continue
            g = _face_group(item)
            ET.SubElement(g, _FACE_TAG, {"n": str(len(faces))})
            faces.append(text)
            layer.add(_Raw(g))
    return _FACE_MARK.sub(lambda mark: faces[int(mark.group(1))], doc.tostring())


def forget_faces() -> None:
    """Forget every face drawn so far in this process (its items, shapes, text, textures and numbers), so that
    a benchmark times a first drawing, as ``mapgen new`` makes it."""
    for remembered in (face_items, _own_sizes, _face_elements, _face_text, _texture_parts, _num):
        remembered.cache_clear()


def render_pages(sheet: Sheet) -> list[str]:
    """SVG text of every printed page, in order."""
    return [render_page(sheet, n) for n in range(1, sheet.pdf_pages + 1)]
