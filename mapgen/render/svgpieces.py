"""An SVG drawing cut into pieces with known extents, so a PDF page converts only what it shows.

Converting a whole 400 x 400 campaign map with svglib at once builds a
ReportLab object for each of its million elements (gigabytes); a printed page
shows a few thousand of them.  :class:`PieceStream` reads the drawing with an
incremental parser and hands out the children of its layers (the top-level
groups) one by one, each with a conservative bounding box (a box that may be
too big, never too small: a piece drawn on a page where it does not show
costs time, one left out would be a hole in the print), in runs that are
converted one after the other; for any run it builds a small SVG document
holding the drawing's definitions and those pieces, in document order so
that what is on top stays on top.  The parsed drawing is never held whole.

Anything it cannot measure (``<use>``, units or percentages inside the
drawing, ``dx``/``dy`` text offsets, unknown elements) counts as everywhere.
"""

from __future__ import annotations

import copy
import io
import math
import re
from collections import deque
from dataclasses import dataclass
from functools import lru_cache

from lxml import etree

from ..errors import MapgenError

SVG_NS = "http://www.w3.org/2000/svg"
#: Elements copied into every piece document: definitions and metadata, nothing drawn by itself.
_CONTEXT = {"defs", "style", "title", "desc", "metadata", "symbol", "linearGradient", "radialGradient", "clipPath", "mask", "pattern", "marker", "filter"}
#: Group attributes whose effect changes if the group is drawn in parts (opacity of the whole, clipping...).
_UNSPLITTABLE = ("opacity", "clip-path", "mask", "filter")
#: SVG's default font size (CSS "medium"), for text without one.
_DEFAULT_FONT = 16.0
#: How far a stroke's miter corner may reach past the path, in stroke widths (the default miter limit 4 / 2).
_STROKE_REACH = 2.0
_EVERYWHERE = (-math.inf, -math.inf, math.inf, math.inf)
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_PLAIN = re.compile(r"^\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?\s*$")
_TRANSFORM = re.compile(r"(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)")
_PATH_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}

Matrix = tuple[float, float, float, float, float, float]
Box = tuple[float, float, float, float]
_IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


class _Unknown(Exception):
    """An element whose extent cannot be worked out: it is drawn on every page."""


def _local(tag) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _mul(m: Matrix, n: Matrix) -> Matrix:
    """``m`` applied after ``n`` (points are mapped by ``n`` first)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + c * B, b * A + d * B, a * C + c * D, b * C + d * D, a * E + c * F + e, b * E + d * F + f)


def parse_transform(text: str | None) -> Matrix:
    """An SVG ``transform`` attribute as a matrix (a, b, c, d, e, f)."""
    m = _IDENTITY
    if not text:
        return m
    if _TRANSFORM.sub("", text).strip(" ,\t\n"):
        raise _Unknown(text)
    for kind, args in _TRANSFORM.findall(text):
        v = [float(x) for x in _NUMBER.findall(args)]
        if kind == "matrix" and len(v) == 6:
            t = tuple(v)
        elif kind == "translate" and len(v) in (1, 2):
            t = (1.0, 0.0, 0.0, 1.0, v[0], v[1] if len(v) == 2 else 0.0)
        elif kind == "scale" and len(v) in (1, 2):
            t = (v[0], 0.0, 0.0, v[1] if len(v) == 2 else v[0], 0.0, 0.0)
        elif kind == "rotate" and len(v) in (1, 3):
            r = math.radians(v[0])
            cos, sin = math.cos(r), math.sin(r)
            t = (cos, sin, -sin, cos, 0.0, 0.0)
            if len(v) == 3:
                t = _mul((1.0, 0.0, 0.0, 1.0, v[1], v[2]), _mul(t, (1.0, 0.0, 0.0, 1.0, -v[1], -v[2])))
        elif kind == "skewX" and len(v) == 1:
            t = (1.0, 0.0, math.tan(math.radians(v[0])), 1.0, 0.0, 0.0)
        elif kind == "skewY" and len(v) == 1:
            t = (1.0, math.tan(math.radians(v[0])), 0.0, 1.0, 0.0, 0.0)
        else:
            raise _Unknown(text)
        m = _mul(m, t)
    return m


def _box_through(m: Matrix, box: Box) -> Box:
    """The box holding ``box`` mapped by ``m``."""
    x0, y0, x1, y1 = box
    a, b, c, d, e, f = m
    xs = [a * x + c * y + e for x in (x0, x1) for y in (y0, y1)]
    ys = [b * x + d * y + f for x in (x0, x1) for y in (y0, y1)]
    return min(xs), min(ys), max(xs), max(ys)


def _union(boxes) -> Box | None:
    boxes = [b for b in boxes if b is not None]
    if not boxes:
        return None
    return min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)


def _grow(box: Box, by: float) -> Box:
    return box[0] - by, box[1] - by, box[2] + by, box[3] + by


def _style(el, name: str) -> str | None:
    """A presentation property from the attribute or the ``style`` attribute (which wins)."""
    style = el.get("style")
    if style and name in style:
        for decl in style.split(";"):
            key, _, value = decl.partition(":")
            if key.strip() == name:
                return value.strip()
    return el.get(name)


def _length(value: str | None, default: float = 0.0) -> float:
    """A plain number in user units; a unit or a percentage is not measured here."""
    if value is None:
        return default
    if not _PLAIN.match(value):
        raise _Unknown(value)
    return float(value)


def _numbers(value: str | None) -> list[float]:
    return [float(x) for x in _NUMBER.findall(value or "")]


_SEGMENT = re.compile(r"([MmZzLlHhVvCcSsQqTtAa])([^MmZzLlHhVvCcSsQqTtAa]*)")


@lru_cache(maxsize=8192)
def path_box(d: str) -> Box | None:
    """A box holding the path: end and control points, arcs widened by their radii.

    Cached: a map repeats the same symbol paths thousands of times under other transforms.
    """
    if _SEGMENT.sub("", d).strip(" ,\t\r\n"):
        raise _Unknown(d)
    xs: list[float] = []
    ys: list[float] = []
    x = y = sx = sy = 0.0
    for cmd, body in _SEGMENT.findall(d):
        v = [float(n) for n in _NUMBER.findall(body)]
        C, rel = cmd.upper(), cmd.islower()
        n = _PATH_ARGS[C]
        if (n == 0 and v) or (n and (not v or len(v) % n)):
            raise _Unknown(d)
        if C == "Z":
            x, y = sx, sy
            continue
        if C in "HV":
            for value in v:
                if C == "H":
                    x = value + (x if rel else 0.0)
                else:
                    y = value + (y if rel else 0.0)
                xs.append(x)
                ys.append(y)
            continue
        for i in range(0, len(v), n):
            a = v[i:i + n]
            ox, oy = (x, y) if rel else (0.0, 0.0)
            if C == "A":
                ex, ey = a[5] + ox, a[6] + oy
                # The arc lies within its ellipse, whose centre is within a radius of both ends; radii
                # too small for the chord are scaled up to half of it.
                reach = 2 * max(abs(a[0]), abs(a[1])) + math.hypot(ex - x, ey - y)
                xs.extend((x - reach, x + reach))
                ys.extend((y - reach, y + reach))
                x, y = ex, ey
            else:
                px, py = a[0::2], a[1::2]
                if rel:
                    px, py = [p + ox for p in px], [p + oy for p in py]
                xs.extend(px)
                ys.extend(py)
                x, y = px[-1], py[-1]
            if C == "M" and i == 0:
                sx, sy = x, y
            xs.append(x)
            ys.append(y)
    if not xs:
        return None
    return min(xs), min(ys), max(xs), max(ys)


def _shape_box(el, kind: str) -> Box | None:
    if kind == "rect" or kind == "image":
        x, y = _length(el.get("x")), _length(el.get("y"))
        return x, y, x + _length(el.get("width")), y + _length(el.get("height"))
    if kind == "circle":
        cx, cy, r = _length(el.get("cx")), _length(el.get("cy")), _length(el.get("r"))
        return cx - r, cy - r, cx + r, cy + r
    if kind == "ellipse":
        cx, cy = _length(el.get("cx")), _length(el.get("cy"))
        rx, ry = _length(el.get("rx")), _length(el.get("ry"))
        return cx - rx, cy - ry, cx + rx, cy + ry
    if kind == "line":
        xs = (_length(el.get("x1")), _length(el.get("x2")))
        ys = (_length(el.get("y1")), _length(el.get("y2")))
        return min(xs), min(ys), max(xs), max(ys)
    if kind in ("polyline", "polygon"):
        v = _numbers(el.get("points"))
        if len(v) < 2:
            return None
        return min(v[0::2]), min(v[1::2]), max(v[0::2]), max(v[1::2])
    if kind == "path":
        return path_box(el.get("d") or "")
    raise _Unknown(kind)


def _text_box(el, font: float) -> Box | None:
    """Every character at most one em wide, from the furthest anchor: holds any text-anchor."""
    xs, ys = [], []
    chars = 0
    for node in el.iter():
        if not isinstance(node.tag, str):
            continue
        if node.get("dx") is not None or node.get("dy") is not None or node.get("rotate") is not None:
            raise _Unknown("text offsets")
        font = max(font, _length(_style(node, "font-size"), font))
        xs += [float(v) for v in _numbers(node.get("x"))] if node.get("x") is not None else []
        ys += [float(v) for v in _numbers(node.get("y"))] if node.get("y") is not None else []
        chars += len(node.text or "") + (len(node.tail or "") if node is not el else 0)
    xs, ys = xs or [0.0], ys or [0.0]
    width = chars * font
    return min(xs) - width, min(ys) - 1.2 * font, max(xs) + width, max(ys) + 0.5 * font


def element_box(el, font: float = _DEFAULT_FONT, stroke: float = 1.0) -> Box | None:
    """A box (in ``el``'s parent's user units) holding what ``el`` draws; None when it draws nothing.

    Raises _Unknown when it cannot tell.
    """
    kind = _local(el.tag)
    if not kind:  # a comment or processing instruction
        return None
    if kind in _CONTEXT:
        return None
    if _style(el, "display") == "none":
        return None
    sw = _style(el, "stroke-width")
    stroke = abs(_length(sw)) if sw is not None else stroke
    fs = _style(el, "font-size")
    font = _length(fs) if fs is not None else font
    matrix = parse_transform(el.get("transform"))
    if kind in ("g", "a", "switch"):
        box = _union(element_box(child, font, stroke) for child in el)
    elif kind == "text":
        box = _text_box(el, font)
    else:
        box = _shape_box(el, kind)
        if box is not None:
            box = _grow(box, _STROKE_REACH * stroke)
    return None if box is None else _box_through(matrix, box)


@dataclass
class Piece:
    """One piece of the drawing: an element, the groups it sits in, and its extent in root user units."""

    element: object  # an lxml element, detached from the parsed document
    wrappers: tuple  # the groups it sits in below the root, outermost first (copied without children)
    box: Box


_USE = re.compile(r"<(?:[A-Za-z_][\w.-]*:)?use[\s/>]")


class _Utf8Reader:
    """A text read as UTF-8 bytes a slice at a time: the SVG text is not copied whole to bytes."""

    def __init__(self, text: str):
        self.text, self.pos = text, 0

    def read(self, size: int = -1) -> bytes:
        end = len(self.text) if size is None or size < 0 else self.pos + max(1, size // 4)  # at most 4 bytes a character
        part = self.text[self.pos:end]
        self.pos += len(part)
        return part.encode("utf-8")


class PieceStream:
    """The pieces of an SVG document, read as the XML parser reaches them.

    Only the chunk being converted is held, not the whole parsed drawing: each piece is
    taken out of the parsed tree when its end tag is read.  The root's groups (layers) are
    split into their children; anything else at the root is a piece of its own.  A drawing
    with ``<use>`` elements, which may point at any piece, is read as one piece per root
    child, each counted as everywhere.  Definitions (``<defs>``, ``<style>``...) must come
    at the root, before what uses them, as mapgen's renderers write them.
    """

    #: True for a drawing with ``<use>``: its pieces must be converted together.
    whole: bool

    def __init__(self, svg: str | bytes):
        if isinstance(svg, str):
            self.whole, source = _USE.search(svg) is not None, _Utf8Reader(svg)
        else:
            self.whole, source = _USE.search(svg.decode("utf-8", "replace")) is not None, io.BytesIO(svg)
        self._events = etree.iterparse(
            source, events=("start", "end"), remove_comments=True, resolve_entities=False, no_network=True
        )
        self.root = None
        self.context: list = []
        self._pending: deque[Piece] = deque()
        # per open element: (element, role, user-space matrix, font size, stroke width)
        self._stack: list[tuple] = []
        self._read_until(1)

    # -------------------------------------------------------------- reading
    def _read_until(self, wanted: int) -> None:
        """Read on until ``wanted`` pieces wait (or the document ends)."""
        while len(self._pending) < wanted:
            try:
                event, el = next(self._events)
            except StopIteration:
                return
            except etree.XMLSyntaxError as exc:  # a truncated or broken drawing is refused, not half printed
                raise MapgenError(f"cannot read the SVG drawing: {exc}") from None
            if event == "start":
                self._start(el)
            else:
                self._end(el)

    def _start(self, el) -> None:
        if not self._stack:
            self.root = el
            self._stack.append((el, "root", _IDENTITY, _DEFAULT_FONT, 1.0))
            return
        parent, role, matrix, font, stroke = self._stack[-1]
        kind = _local(el.tag)
        if role in ("piece", "inside", "context", "skip"):
            self._stack.append((el, "inside" if role == "piece" else role, matrix, font, stroke))
            return
        if kind in _CONTEXT or not kind:
            self._stack.append((el, "context" if role == "root" else "skip", matrix, font, stroke))
            return
        if role == "root" and kind == "g" and not self.whole and not any(_style(el, a) for a in _UNSPLITTABLE):
            try:
                local = parse_transform(el.get("transform"))
                sw, fs = _style(el, "stroke-width"), _style(el, "font-size")
                inner = (_mul(matrix, local), _length(fs) if fs is not None else font, abs(_length(sw)) if sw is not None else stroke)
            except _Unknown:
                inner = None
            if inner is not None:
                self._stack.append((el, "wrapper", *inner))
                return
        self._stack.append((el, "piece", matrix, font, stroke))

    def _end(self, el) -> None:
        _, role, matrix, font, stroke = self._stack.pop()
        if role == "context":
            self.context.append(el)
        elif role == "piece":
            wrappers = tuple(e for e, r, *_ in self._stack if r == "wrapper")
            if self.whole:
                box = _EVERYWHERE
            else:
                try:
                    box = element_box(el, font, stroke)
                except _Unknown:
                    box = _EVERYWHERE
                if box is not None and box != _EVERYWHERE:
                    box = _box_through(matrix, box)
            el.getparent().remove(el)  # from now on only this piece holds it
            if box is not None:
                self._pending.append(Piece(el, wrappers, box))

    # -------------------------------------------------------------- pieces
    def __iter__(self):
        while True:
            self._read_until(1)
            if not self._pending:
                return
            yield self._pending.popleft()

    def chunks(self, max_pieces: float, max_width: float, max_height: float):
        """Runs of consecutive pieces (lists), each of at most ``max_pieces`` and, unless a single
        piece is bigger, at most ``max_width`` x ``max_height`` user units across.

        Drawn one after the other they keep the document's order; small in extent, each one
        meets few pages.
        """
        chunk: list[Piece] = []
        box = None
        for piece in self:
            if chunk:
                x0, y0, x1, y1 = piece.box
                grown = (min(box[0], x0), min(box[1], y0), max(box[2], x1), max(box[3], y1))
                if len(chunk) >= max_pieces or grown[2] - grown[0] > max_width or grown[3] - grown[1] > max_height:
                    yield chunk
                    chunk, box = [], None
                else:
                    box = grown
            if not chunk:
                box = piece.box
            chunk.append(piece)
        if chunk:
            yield chunk

    def document(self, pieces) -> etree._Element:
        """A new SVG root with the drawing's size, its definitions, and ``pieces`` in their groups.

        Pieces sharing their groups stay in one copy of them, so the nesting (and every
        inherited attribute) is the original's.
        """
        root = etree.Element(self.root.tag, attrib=dict(self.root.attrib), nsmap=self.root.nsmap)
        for el in self.context:
            root.append(copy.deepcopy(el))
        open_chain: list[tuple[object, object]] = []  # (original group, its copy)
        for piece in pieces:
            keep = 0
            while keep < len(open_chain) and keep < len(piece.wrappers) and open_chain[keep][0] is piece.wrappers[keep]:
                keep += 1
            del open_chain[keep:]
            for original in piece.wrappers[keep:]:
                parent = open_chain[-1][1] if open_chain else root
                clone = etree.SubElement(parent, original.tag, attrib=dict(original.attrib))
                open_chain.append((original, clone))
            (open_chain[-1][1] if open_chain else root).append(copy.deepcopy(piece.element))
        return root
