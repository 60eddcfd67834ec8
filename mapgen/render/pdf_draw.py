"""SVG elements drawn straight onto a reportlab canvas with PDF operators.

The SVG the renderers write is the one drawing description: the SVG file is
it, and the PDF is it drawn here, element by element (the set of
:mod:`.pdf_paint`), into the form XObjects of :mod:`.pdf_source`.  One ``cm``
maps the drawing's user units onto points with y upwards, so coordinates go
into the PDF as the SVG has them (:mod:`.pdf_paths`); operators are collected
as text and handed to the canvas in one piece, and a colour, line width or dash
is set only when it changes.  Text is set in the embedded faces of
:mod:`.fonts`, baseline at y, moved left by its width for ``middle`` and ``end``.

Translucent fills and strokes (``fill-opacity``, ``stroke-opacity``) go through
the canvas (``setFillAlpha``), which names their graphics states in the PDF.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from functools import lru_cache

from reportlab.pdfbase import pdfmetrics
from reportlab.lib.rl_accel import escapePDF

from ..errors import MapgenError
from . import fonts
from .pdf_paint import (
    CAPS,
    INHERITED,
    JOINS,
    PT_PER_MM,
    RULES,
    SHAPES,
    SILENT,
    STYLES,
    WEIGHTS,
    color,
    dash,
    matrix,
    opacity,
    points,
    text_positions,
)
from .pdf_paths import Unsupported, ellipse, length, line, num, path, plain, poly, rect

_SPACES = re.compile(r"[ \t\r\n]+")
_XLINK = "{http://www.w3.org/1999/xlink}href"
#: SVG's miter limit (PDF's is 10): a sharp corner is cut where a viewer of the SVG cuts it.
_MITER_LIMIT = "4 M"
#: Attributes that would change the look and are not drawn: refused at once rather than ignored.
_REFUSED = frozenset(("opacity", "style", "clip-path", "mask", "filter", "display", "visibility", "marker-start",
                      "marker-mid", "marker-end", "stroke-dashoffset", "stroke-miterlimit", "dx", "dy", "rotate"))
#: ``<use>`` inside ``<use>`` at most this deep (a loop of references is an error, not a hang).
_MAX_USE_DEPTH = 16


def parse_svg(svg_text) -> ET.Element:
    """SVG text -> root element, refusing what is not well-formed XML."""
    try:
        return ET.fromstring(svg_text.encode("utf-8") if isinstance(svg_text, str) else bytes(svg_text))
    except ET.ParseError as exc:
        raise MapgenError(f"cannot read the SVG drawing: {exc}") from None


def _points(value: str | None) -> float:
    try:
        return points(value)
    except Unsupported:
        raise MapgenError("cannot read the SVG drawing: not an SVG with a width and height") from None


class Frame:
    """The drawing's size on paper (points) and the ``cm`` that puts its user units there, y upwards.

    A ``viewBox`` is fitted as SVG fits it by default (uniformly, centred: ``xMidYMid meet``).
    ``units`` is (x, y, user units per mm) of the viewBox's origin, or None without a viewBox.
    """

    def __init__(self, root):
        if not isinstance(root.tag, str) or root.tag.rpartition("}")[2] != "svg":
            raise MapgenError("cannot read the SVG drawing: it is not an SVG document")
        self.width, self.height = _points(root.get("width")), _points(root.get("height"))
        if self.width <= 0 or self.height <= 0:
            raise MapgenError("cannot read the SVG drawing: not an SVG with a width and height")
        view = root.get("viewBox")
        try:
            box = [length(v) for v in (view or "").replace(",", " ").split()]
        except Unsupported:
            box = []
        if view is not None and not (len(box) == 4 and box[2] > 0 and box[3] > 0):
            raise MapgenError(f"cannot read the SVG drawing: viewBox {view!r} is not x, y, width and height")
        if box:
            vx, vy, vw, vh = box
            k = min(self.width / vw, self.height / vh)
            ox, oy = (self.width - vw * k) / 2, (self.height - vh * k) / 2
            self.units = (vx - ox / k, vy - oy / k, PT_PER_MM / k)
        else:
            k, vx, vy, ox, oy = 0.75, 0.0, 0.0, 0.0, 0.0
            self.units = None
        self.cm = f"{k:.6f} 0 0 {-k:.6f} {num(ox - vx * k)} {num(self.height - oy + vy * k)} cm"
        self.style = _inherit(INHERITED, root.attrib)


def _inherit(style: dict, attrib) -> dict:
    """``style`` with the presentation attributes ``attrib`` sets: what an element and its children inherit."""
    own = None
    for name in attrib:
        if name in style:
            if own is None:
                own = dict(style)
            own[name] = attrib[name]
    return own or style


def _one_of(values: dict, value: str, name: str) -> str:
    try:
        return values[value]
    except KeyError:
        raise Unsupported(f"{name} {value!r}") from None


@lru_cache(maxsize=64)
def _face(family: str, weight: str, style: str):
    if weight not in WEIGHTS or style not in STYLES:
        raise Unsupported(f"font-weight {weight!r} or font-style {style!r}")
    return pdfmetrics.getFont(fonts.svg_face(family, "bold" if WEIGHTS[weight] else "normal", style))


class Painter:
    """Draws SVG elements onto ``canvas`` (a page or a form being recorded).

    ``lookup`` gives the elements a ``<use>`` may point at, by id; ``symbols`` (a
    :class:`~.pdf_symbols.Symbols`) stores the groups that repeat once.
    """

    def __init__(self, canvas, lookup=None, symbols=None):
        self.c = canvas
        self.doc = canvas._doc
        self.ops: list[str] = []
        self.lookup = lookup
        self.symbols = symbols
        self._ids = None
        # What the PDF graphics state holds: fill, stroke, width, cap, join, dash (None: not known).
        self.now = [None] * 6
        self._saved: list[list] = []
        self._depth = 0

    # ------------------------------------------------------------------ state
    def _push(self, op: str) -> None:
        self.ops.append(op)
        self._saved.append(self.now[:])

    def _pop(self) -> None:
        self.ops.append("Q")
        self.now = self._saved.pop()

    def flush(self) -> None:
        """Hand the collected operators to the canvas."""
        if self.ops:
            self.c.addLiteral("\n".join(self.ops))
            self.ops = []

    def begin(self, frame: Frame) -> None:
        """Start a drawing at the canvas origin: its user units onto points, SVG's miter limit."""
        self._push("q")
        self.ops += [frame.cm, _MITER_LIMIT]

    def end(self) -> None:
        self._pop()
        self.flush()

    # ------------------------------------------------------------------ drawing
    def document(self, root) -> Frame:
        """Draw a whole SVG document with its bottom-left corner at the canvas origin; its frame."""
        frame = Frame(root)
        self.lookup = self.lookup or (lambda: [root])
        self.begin(frame)
        for child in root:
            self.element(child, frame.style)
        self.end()
        return frame

    def pieces(self, pieces, style: dict) -> None:
        """Draw :class:`~.svgpieces.Piece` s in order, each inside its groups, opening a shared group once."""
        chain: list[tuple[object, dict, bool]] = []  # (group, style inside it, transformed)
        for piece in pieces:
            keep = 0
            while keep < len(chain) and keep < len(piece.wrappers) and chain[keep][0] is piece.wrappers[keep]:
                keep += 1
            while len(chain) > keep:
                if chain.pop()[2]:
                    self._pop()
            for group in piece.wrappers[keep:]:
                inner = _inherit(chain[-1][1] if chain else style, group.attrib)
                moved = self._transform(group.get("transform"))
                chain.append((group, inner, moved))
            self.element(piece.element, chain[-1][1] if chain else style)
        while chain:
            if chain.pop()[2]:
                self._pop()

    def _transform(self, value: str | None) -> bool:
        if not value:
            return False
        self._push(f"q {matrix(value)} cm")
        return True

    def element(self, el, style: dict) -> None:
        tag = el.tag
        if not isinstance(tag, str):
            return
        kind = tag.rpartition("}")[2]
        a = el.attrib
        if kind not in SHAPES:
            if kind in SILENT:
                return
            raise Unsupported(f"<{kind}>")
        if not _REFUSED.isdisjoint(a):
            raise Unsupported(f"<{kind}> with {', '.join(sorted(_REFUSED.intersection(a)))}")
        style = _inherit(style, a)
        moved = self._transform(a.get("transform"))
        if kind == "g":
            if not (moved and self.symbols is not None and self.symbols.draw(self, el, style)):
                for child in el:
                    self.element(child, style)
        elif kind == "rect":
            self._paint(rect(a.get("x"), a.get("y"), a.get("width"), a.get("height"), a.get("rx"), a.get("ry")), style)
        elif kind == "line":
            self._paint(line(a.get("x1"), a.get("y1"), a.get("x2"), a.get("y2")), style, can_fill=False)
        elif kind == "path":
            self._paint(path(a.get("d")), style)
        elif kind == "polyline" or kind == "polygon":
            self._paint(poly(a.get("points"), kind == "polygon"), style)
        elif kind == "circle":
            r = a.get("r")
            self._paint(ellipse(a.get("cx"), a.get("cy"), r, r), style)
        elif kind == "ellipse":
            self._paint(ellipse(a.get("cx"), a.get("cy"), a.get("rx"), a.get("ry")), style)
        elif kind == "text":
            self._text(el, style)
        else:
            self._use(el, style)
        if moved:
            self._pop()

    def _paint(self, geometry: str, style: dict, can_fill: bool = True) -> None:
        """Fill and stroke a path as the style says (fill-rule, colours, width, caps, joins, dashes, opacities)."""
        if not geometry:
            return
        fill = color(style["fill"]) if can_fill else None
        stroke = color(style["stroke"])
        if stroke is not None:
            width = style["stroke-width"]
            drawn = length(width)
            if drawn < 0:
                raise Unsupported(f"stroke-width {width!r}")
            if drawn == 0:
                stroke = None
        if fill is None and stroke is None:
            return
        fa = opacity(style["fill-opacity"]) if fill is not None else 1.0
        sa = opacity(style["stroke-opacity"]) if stroke is not None else 1.0
        translucent = fa < 1.0 or sa < 1.0
        if translucent:
            self._begin_alpha(fa, sa)
        ops, now = self.ops, self.now
        if fill is not None and now[0] != fill:
            ops.append(f"{fill} rg")
            now[0] = fill
        if stroke is not None:
            if now[1] != stroke:
                ops.append(f"{stroke} RG")
                now[1] = stroke
            if now[2] != width:
                ops.append(f"{plain(width)} w")
                now[2] = width
            cap, join, dashes = style["stroke-linecap"], style["stroke-linejoin"], style["stroke-dasharray"]
            if now[3] != cap:
                ops.append(f"{_one_of(CAPS, cap, 'stroke-linecap')} J")
                now[3] = cap
            if now[4] != join:
                ops.append(f"{_one_of(JOINS, join, 'stroke-linejoin')} j")
                now[4] = join
            if now[5] != dashes:
                ops.append(f"{dash(dashes)} 0 d")
                now[5] = dashes
        ops.append(geometry)
        if stroke is None:
            ops.append("f" + _one_of(RULES, style["fill-rule"], "fill-rule"))
        elif fill is None:
            ops.append("S")
        else:
            ops.append("B" + _one_of(RULES, style["fill-rule"], "fill-rule"))
        if translucent:
            self._end_alpha()

    def _begin_alpha(self, fill_alpha: float, stroke_alpha: float) -> None:
        """Through the canvas, so that it names the transparency states in the PDF (and each form's resources)."""
        self.flush()
        self.c.saveState()
        self._saved.append(self.now[:])
        if fill_alpha < 1.0:
            self.c.setFillAlpha(fill_alpha)
        if stroke_alpha < 1.0:
            self.c.setStrokeAlpha(stroke_alpha)

    def _end_alpha(self) -> None:
        self.flush()
        self.c.restoreState()
        self.now = self._saved.pop()

    def _text(self, el, style: dict) -> None:
        """One line of text, in the embedded face for its family, weight and style; baseline at y."""
        if len(el):
            raise Unsupported("<text> with child elements (<tspan>)")
        text = el.text or ""
        if "\n" in text or "  " in text or "\t" in text or "\r" in text:  # (a label rarely has any)
            text = _SPACES.sub(" ", text)
        text = text.strip(" ")
        if color(style["stroke"]) is not None:
            raise Unsupported("stroked text")
        fill = color(style["fill"])
        if not text or fill is None:
            return
        font = _face(style["font-family"], style["font-weight"], style["font-style"])
        size = length(style["font-size"])
        if not (text.isascii() and text.isprintable()):  # printable ASCII every face shows: as it is
            text = fonts.printable(text, font.fontName)
        xs = [length(v) for v in text_positions(el.get("x") or "0")]
        y = length(el.get("y"), 0.0)
        # Letters with an x of their own (a spaced-out name) are set one by one, the rest run on from the last.
        n = min(len(xs), len(text))
        runs = [(xs[i], text[i]) for i in range(n - 1)] + [(xs[n - 1], text[n - 1 :])]
        anchor = style["text-anchor"]
        if anchor not in ("start", "middle", "end"):
            raise Unsupported(f"text-anchor {anchor!r}")
        if anchor != "start" and len(runs) == 1:
            x0 = runs[0][0] - font.stringWidth(text, size) / (2 if anchor == "middle" else 1)
            runs = [(x0, text)]
        elif anchor != "start":
            raise Unsupported("text-anchor with a position per letter")
        fa = opacity(style["fill-opacity"])
        if fa < 1.0:
            self._begin_alpha(fa, 1.0)
        if self.now[0] != fill:
            self.ops.append(f"{fill} rg")
            self.now[0] = fill
        ops = []
        for x, part in runs:
            ops.append(f"BT 1 0 0 -1 {num(x)} {num(y)} Tm")
            for subset, chunk in font.splitString(part, self.doc):
                ops.append(f"{font.getSubsetInternalName(subset, self.doc)} {num(size)} Tf ({escapePDF(chunk)}) Tj")
            ops.append("ET")
        self.ops.append(" ".join(ops))
        if fa < 1.0:
            self._end_alpha()

    def _use(self, el, style: dict) -> None:
        """A ``<use>``: the element it points at, moved by x and y, inheriting the use's style."""
        href = el.get("href") or el.get(_XLINK) or ""
        target = self._find(href[1:]) if href.startswith("#") else None
        if target is None:
            raise Unsupported(f"<use> of {href!r}, which is not in the drawing")
        if self._depth >= _MAX_USE_DEPTH:
            raise Unsupported("<use> nested too deep (a loop of references?)")
        x, y = el.get("x"), el.get("y")
        moved = bool(x or y)
        if moved:
            self._push(f"q 1 0 0 1 {plain(x)} {plain(y)} cm")
        self._depth += 1
        self.element(target, style)
        self._depth -= 1
        if moved:
            self._pop()

    def _find(self, ident: str):
        if self._ids is None:
            self._ids = {}
            for top in (self.lookup() if self.lookup else ()):
                for node in top.iter():
                    i = node.get("id")
                    if i is not None:
                        self._ids.setdefault(i, node)
        return self._ids.get(ident)


def draw_svg(canvas, root) -> Frame:
    """Draw a whole SVG document on ``canvas`` with its bottom-left corner at the origin; its :class:`Frame`.

    Raises MapgenError for what it cannot draw.
    """
    try:
        return Painter(canvas).document(root)
    except Unsupported as exc:
        raise MapgenError(f"cannot draw the SVG drawing in a PDF: {exc}") from None
