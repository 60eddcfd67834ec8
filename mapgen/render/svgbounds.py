"""Conservative bounding boxes of SVG elements, in their parent's user units.

A box may be too big, never too small: a piece of a drawing put on a PDF page where
it does not show costs time, one left out would be a hole in the print.  Paths count
their control points, arcs the reach of their radii, strokes twice their width (a
miter corner), text one em per character from its anchor either way.  Anything that
cannot be measured here (units or percentages inside the drawing, ``dx``/``dy`` text
offsets, unknown elements) raises :class:`Unknown`, and the caller puts it everywhere.
"""

from __future__ import annotations

import math
import re
from collections import OrderedDict
from functools import lru_cache

SVG_NS = "http://www.w3.org/2000/svg"
#: Elements copied into every piece document: definitions and metadata, nothing drawn by itself.
CONTEXT_ELEMENTS = {"defs", "style", "title", "desc", "metadata", "symbol", "linearGradient", "radialGradient", "clipPath", "mask", "pattern", "marker", "filter"}
#: Group attributes whose effect changes if the group is drawn in parts (opacity of the whole, clipping...).
UNSPLITTABLE = ("opacity", "clip-path", "mask", "filter")
#: Elements whose box is their children's.
_GROUPS = frozenset(("g", "a", "switch"))
#: SVG's default font size (CSS "medium"), for text without one.
DEFAULT_FONT = 16.0
#: How far a stroke's miter corner may reach past the path, in stroke widths (the default miter limit 4 / 2).
_STROKE_REACH = 2.0
EVERYWHERE = (-math.inf, -math.inf, math.inf, math.inf)
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_PLAIN = re.compile(r"^\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?\s*$")
_TRANSFORM = re.compile(r"(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)")
_PATH_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}
#: Absolute commands whose numbers are all points, x then y: a path's box takes them as they are.
_ABSOLUTE_POINTS = frozenset("MLCSQT")

Matrix = tuple[float, float, float, float, float, float]
Box = tuple[float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


class Unknown(Exception):
    """An element whose extent cannot be worked out: it is drawn on every page."""


def local_name(tag) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def mul(m: Matrix, n: Matrix) -> Matrix:
    """``m`` applied after ``n`` (points are mapped by ``n`` first)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + c * B, b * A + d * B, a * C + c * D, b * C + d * D, a * E + c * F + e, b * E + d * F + f)


_PLAIN_NUMBER = r"(-?(?:\d+(?:\.\d*)?|\.\d+))"
#: ``translate(x,y)``, maybe followed by ``scale(s)``, with plain numbers: nearly every transform of a map
#: (each square's symbols), read without the general parser.  Groups: x, y, s (or None).
TRANSLATE = re.compile(rf"\s*translate\(\s*{_PLAIN_NUMBER}(?:\s*,\s*|\s+){_PLAIN_NUMBER}\s*\)"
                       rf"(?:\s*,?\s*scale\(\s*{_PLAIN_NUMBER}\s*\))?\s*")


def parse_transform(text: str | None) -> Matrix:
    """An SVG ``transform`` attribute as a matrix (a, b, c, d, e, f)."""
    m = IDENTITY
    if not text:
        return m
    t = TRANSLATE.fullmatch(text)
    if t:
        k = float(t.group(3)) if t.group(3) else 1.0
        return (k, 0.0, 0.0, k, float(t.group(1)), float(t.group(2)))
    if _TRANSFORM.sub("", text).strip(" ,\t\n"):
        raise Unknown(text)
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
                t = mul((1.0, 0.0, 0.0, 1.0, v[1], v[2]), mul(t, (1.0, 0.0, 0.0, 1.0, -v[1], -v[2])))
        elif kind == "skewX" and len(v) == 1:
            t = (1.0, 0.0, math.tan(math.radians(v[0])), 1.0, 0.0, 0.0)
        elif kind == "skewY" and len(v) == 1:
            t = (1.0, math.tan(math.radians(v[0])), 0.0, 1.0, 0.0, 0.0)
        else:
            raise Unknown(text)
        m = mul(m, t)
    return m


def box_through(m: Matrix, box: Box) -> Box:
    """The box holding ``box`` mapped by ``m``."""
    x0, y0, x1, y1 = box
    a, b, c, d, e, f = m
    if b == 0 and c == 0:  # no turn (translate, scale): the common case, four times faster
        xa, xb, ya, yb = a * x0 + e, a * x1 + e, d * y0 + f, d * y1 + f
        return min(xa, xb), min(ya, yb), max(xa, xb), max(ya, yb)
    xs = [a * x + c * y + e for x in (x0, x1) for y in (y0, y1)]
    ys = [b * x + d * y + f for x in (x0, x1) for y in (y0, y1)]
    return min(xs), min(ys), max(xs), max(ys)


def _union(boxes: list) -> Box | None:
    if None in boxes:
        boxes = [b for b in boxes if b is not None]
    if not boxes:
        return None
    if len(boxes) == 1:
        return boxes[0]
    x0s, y0s, x1s, y1s = zip(*boxes)
    return min(x0s), min(y0s), max(x1s), max(y1s)


def style_of(el, name: str) -> str | None:
    """A presentation property from the attribute or the ``style`` attribute (which wins)."""
    style = el.get("style")
    if style and name in style:
        for decl in style.split(";"):
            key, _, value = decl.partition(":")
            if key.strip() == name:
                return value.strip()
    return el.get(name)


def plain_length(value: str | None, default: float = 0.0) -> float:
    """A plain number in user units; a unit or a percentage is not measured here."""
    if value is None:
        return default
    return _plain_number(value)


@lru_cache(maxsize=4096)
def _plain_number(value: str) -> float:
    """(Remembered: a drawing repeats the same widths, sizes and coordinates.)"""
    if not _PLAIN.match(value):
        raise Unknown(value)
    return float(value)


def _numbers(value: str | None) -> list[float]:
    return [float(x) for x in _NUMBER.findall(value or "")]


def _coordinates(value: str) -> list[float]:
    """A text's x or y as :func:`_numbers` reads it: mostly one plain number, remembered (a map's labels share
    their columns and rows), else a list (a letter-spaced name)."""
    try:
        return [_plain_number(value)]
    except Unknown:
        return _numbers(value)


_SEGMENT = re.compile(r"([MmZzLlHhVvCcSsQqTtAa])([^MmZzLlHhVvCcSsQqTtAa]*)")


@lru_cache(maxsize=8192)
def path_box(d: str) -> Box | None:
    """A box holding the path: end and control points, arcs widened by their radii.

    Cached: a map repeats the same symbol paths thousands of times under other transforms.
    """
    segments = plain_segments(d, keep=True)
    if segments is None:
        if not starts_with_a_command(d):
            raise Unknown(d)
        segments = [(cmd, None, list(map(float, _NUMBER.findall(body)))) for cmd, body in _SEGMENT.findall(d)]
    xs: list[float] = []
    ys: list[float] = []
    x = y = sx = sy = 0.0
    for cmd, _, v in segments:
        if cmd in _ABSOLUTE_POINTS:  # (nearly every segment mapgen writes) each number an x or a y, taken at once
            if not v or len(v) % _PATH_ARGS[cmd]:
                raise Unknown(d)
            xs += v[0::2]
            ys += v[1::2]
            x, y = v[-2], v[-1]
            if cmd == "M":
                sx, sy = v[0], v[1]
            continue
        if cmd == "Z" or cmd == "z":
            if v:
                raise Unknown(d)
            x, y = sx, sy
            continue
        C = cmd.upper()
        rel = cmd != C
        n = _PATH_ARGS[C]
        if not v or len(v) % n:
            raise Unknown(d)
        if C == "A":
            ox, oy = (x, y) if rel else (0.0, 0.0)
            for i in range(0, len(v), 7):
                rx, ry, _, _, _, ex, ey = v[i:i + 7]
                ex, ey = ex + ox, ey + oy
                # The arc lies within its ellipse, whose centre is within a radius of both ends; radii
                # too small for the chord are scaled up to half of it.
                reach = 2 * max(abs(rx), abs(ry)) + math.hypot(ex - x, ey - y)
                xs += (x - reach, x + reach, ex)
                ys += (y - reach, y + reach, ey)
                x, y = ex, ey
                if rel:
                    ox, oy = x, y
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
        for i in range(0, len(v), n):  # relative points, each from the one before
            a = v[i:i + n]
            px, py = [p + x for p in a[0::2]], [p + y for p in a[1::2]]
            xs += px
            ys += py
            x, y = px[-1], py[-1]
            if C == "M" and i == 0:
                sx, sy = x, y
    if not xs:
        return None
    return min(xs), min(ys), max(xs), max(ys)


#: The letters that start a segment of path data.
PATH_COMMANDS = frozenset("MmZzLlHhVvCcSsQqTtAa")
_PATH_SPACE = " ,\t\r\n"


#: What plain path data is written with: command letters, digits, points, minus signs, spaces and commas.
_PLAIN_PATH_BYTES = b"MmZzLlHhVvCcSsQqTtAa0123456789.- ,\t\r\n"


def plain_segments(d: str, keep: bool = False) -> list[tuple[str, list[str], list[float]]] | None:
    """Path data as (command letter, its numbers as written, their values) when it is plain, else None.

    Plain (what mapgen's renderers write): nothing but spaces and commas before the first command, and every
    number without a '+' or an exponent and set apart by spaces or commas.  Then the text is checked by a
    byte table, and splitting finds the numbers a pattern would find one by one, in a third of the time.
    ``keep``: a drawing cut into pages measures its paths (:func:`path_box`) a chunk before it draws them
    (:mod:`.pdf_paths`), so the segments of a path measured are kept (the last :data:`_KEPT_PATHS`) for its
    drawing, which takes them: read once, not twice.  Not to be changed by the caller.
    """
    segments = _KEPT.pop(d, None)
    if segments is not None:
        return segments
    segments = _segments(d)
    if keep and segments is not None and len(d) <= _KEPT_PATH:
        _KEPT[d] = segments
        if len(_KEPT) > _KEPT_PATHS:
            _KEPT.popitem(last=False)  # the oldest
    return segments


#: Paths up to this long are kept from their measuring to their drawing, the last :data:`_KEPT_PATHS` of them
#: (10 MB at most): the medium map measures 98 paths before it draws the first of them.
_KEPT_PATH = 8_000
_KEPT_PATHS = 128
_KEPT: OrderedDict[str, list] = OrderedDict()


def _segments(d: str) -> list[tuple[str, list[str], list[float]]] | None:
    try:
        raw = d.encode("ascii")
    except UnicodeEncodeError:
        return None
    if raw.translate(None, _PLAIN_PATH_BYTES) or not starts_with_a_command(d):
        return None
    segments = []
    try:
        for cmd, body in _SEGMENT.findall(d.replace(",", " ")):
            texts = body.split()
            segments.append((cmd, texts, list(map(float, texts))))
    except ValueError:  # numbers not set apart ("1-2", "1.2.3"): read by the pattern
        return None
    return segments


def starts_with_a_command(d: str) -> bool:
    """True when path data has nothing but spaces and commas before its first command (or nothing at all).

    Path data is read as segments, each a command letter and what follows it up to the next: all that
    the segments leave unread is what comes before the first letter.
    """
    head = d.lstrip(_PATH_SPACE)
    return not head or head[0] in PATH_COMMANDS


def _shape_box(el, kind: str) -> Box | None:
    """A basic shape's box (a path's is :func:`path_box`), before its stroke."""
    if kind == "rect" or kind == "image":
        x, y = plain_length(el.get("x")), plain_length(el.get("y"))
        return x, y, x + plain_length(el.get("width")), y + plain_length(el.get("height"))
    if kind == "circle":
        cx, cy, r = plain_length(el.get("cx")), plain_length(el.get("cy")), plain_length(el.get("r"))
        return cx - r, cy - r, cx + r, cy + r
    if kind == "ellipse":
        cx, cy = plain_length(el.get("cx")), plain_length(el.get("cy"))
        rx, ry = plain_length(el.get("rx")), plain_length(el.get("ry"))
        return cx - rx, cy - ry, cx + rx, cy + ry
    if kind == "line":
        xs = (plain_length(el.get("x1")), plain_length(el.get("x2")))
        ys = (plain_length(el.get("y1")), plain_length(el.get("y2")))
        return min(xs), min(ys), max(xs), max(ys)
    if kind in ("polyline", "polygon"):
        v = _numbers(el.get("points"))
        if len(v) < 2:
            return None
        return min(v[0::2]), min(v[1::2]), max(v[0::2]), max(v[1::2])
    raise Unknown(kind)


def _text_box(el, font: float) -> Box | None:
    """Every character at most one em wide, from the furthest anchor: holds any text-anchor."""
    a = el.attrib
    if not len(el):  # (a label: one element, its x and y mostly one number each) as the loop below reads it
        if "dx" in a or "dy" in a or "rotate" in a:
            raise Unknown("text offsets")
        font = max(font, plain_length(style_of(el, "font-size"), font))
        x, y = a.get("x"), a.get("y")
        xs = _coordinates(x) if x is not None else None
        ys = _coordinates(y) if y is not None else None
        width = len(el.text or "") * font
        xs, ys = xs or [0.0], ys or [0.0]
        return min(xs) - width, min(ys) - 1.2 * font, max(xs) + width, max(ys) + 0.5 * font
    xs, ys = [], []
    chars = 0
    for node in el.iter():
        if not isinstance(node.tag, str):
            continue
        if node.get("dx") is not None or node.get("dy") is not None or node.get("rotate") is not None:
            raise Unknown("text offsets")
        font = max(font, plain_length(style_of(node, "font-size"), font))
        xs += [float(v) for v in _numbers(node.get("x"))] if node.get("x") is not None else []
        ys += [float(v) for v in _numbers(node.get("y"))] if node.get("y") is not None else []
        chars += len(node.text or "") + (len(node.tail or "") if node is not el else 0)
    xs, ys = xs or [0.0], ys or [0.0]
    width = chars * font
    return min(xs) - width, min(ys) - 1.2 * font, max(xs) + width, max(ys) + 0.5 * font


def element_box(el, font: float = DEFAULT_FONT, stroke: float = 1.0) -> Box | None:
    """A box (in ``el``'s parent's user units) holding what ``el`` draws; None when it draws nothing.

    Raises Unknown when it cannot tell.
    """
    tag = el.tag
    if not isinstance(tag, str):  # a comment or processing instruction
        return None
    kind = tag[tag.rfind("}") + 1:]  # (local_name, inline: this runs for every element of a map)
    if not kind or kind in CONTEXT_ELEMENTS:
        return None
    a = el.attrib
    if "style" not in a:  # (the common case, without looking into a style attribute three times)
        display, sw, fs = a.get("display"), a.get("stroke-width"), a.get("font-size")
    else:
        display, sw, fs = style_of(el, "display"), style_of(el, "stroke-width"), style_of(el, "font-size")
    if display == "none":
        return None
    if sw is not None:
        stroke = abs(_plain_number(sw))
    if fs is not None:
        font = _plain_number(fs)
    if kind == "path":
        box = path_box(a.get("d") or "")
    elif kind in _GROUPS:
        box = _union([element_box(child, font, stroke) for child in el])
    elif kind == "text":
        box = _text_box(el, font)
    else:
        box = _shape_box(el, kind)
    if box is None:
        return None
    if kind not in _GROUPS and kind != "text":
        by = _STROKE_REACH * stroke
        box = box[0] - by, box[1] - by, box[2] + by, box[3] + by
    transform = a.get("transform")
    if not transform:
        return box
    return box_through(parse_transform(transform), box)
