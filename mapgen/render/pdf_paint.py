"""What the PDF writer draws of an SVG, and how it reads each presentation attribute.

The set is what mapgen's renderers write (``tests/test_pdf_draw.py`` walks every
kind of drawing they make and checks it against :func:`unsupported`), read as SVG
1.1 reads it: presentation attributes on a group are inherited by what it holds,
fill defaults to black and stroke to none.  Nothing else is drawn: a value outside
the set raises :class:`~.pdf_paths.Unsupported` rather than print something else.

Not in the set, because no renderer writes them: ``opacity`` (reportlab has no
transparency groups), ``style`` and ``class``, ``<tspan>``, ``<image>``,
clipping, masks, patterns, gradients, markers and filters, units inside the drawing.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache

from .pdf_paths import Unsupported, length, numbers, path, poly, rect
from .svgbounds import TRANSLATE, Unknown, local_name, parse_transform

#: Inherited presentation attributes and their initial values (SVG 1.1).
INHERITED = {
    "fill": "black",
    "fill-opacity": "1",
    "fill-rule": "nonzero",
    "stroke": "none",
    "stroke-width": "1",
    "stroke-opacity": "1",
    "stroke-dasharray": "none",
    "stroke-linecap": "butt",
    "stroke-linejoin": "miter",
    "font-family": "sans-serif",
    "font-size": "16",
    "font-weight": "normal",
    "font-style": "normal",
    "text-anchor": "start",
}
#: Drawn elements and their own geometry attributes; each may also carry ``transform`` and :data:`INHERITED`.
SHAPES = {
    "g": (),
    "rect": ("x", "y", "width", "height", "rx", "ry"),
    "circle": ("cx", "cy", "r"),
    "ellipse": ("cx", "cy", "rx", "ry"),
    "line": ("x1", "y1", "x2", "y2"),
    "polyline": ("points",),
    "polygon": ("points",),
    "path": ("d",),
    "text": ("x", "y"),
    "use": ("x", "y", "href", "{http://www.w3.org/1999/xlink}href"),
}
#: Elements that draw nothing (``<defs>`` holds what ``<use>`` may show).
SILENT = {"defs", "title", "desc", "metadata"}
ROOT_ATTRIBUTES = {"width", "height", "viewBox", "version", "baseProfile"}
#: Attributes that only name or describe: ids, data, Inkscape's layer names.
_NAMING_PREFIXES = ("xmlns", "data-", "{http://www.inkscape.org/namespaces/inkscape}")

#: PDF points per millimetre.
PT_PER_MM = 72.0 / 25.4
#: Points per unit of the root's width and height (CSS units: a px is 1/96 in, a bare number is px).
_UNITS = {"mm": PT_PER_MM, "cm": 10 * PT_PER_MM, "in": 72.0, "pt": 1.0, "pc": 12.0, "px": 0.75, "": 0.75}
_LENGTH = re.compile(r"\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*(mm|cm|in|pt|pc|px|)\s*")

CAPS = {"butt": "0", "round": "1", "square": "2"}
JOINS = {"miter": "0", "round": "1", "bevel": "2"}
WEIGHTS = {"normal": False, "bold": True, "bolder": True, "lighter": False,
           **{str(w): w >= 600 for w in range(100, 1000, 100)}}
STYLES = {"normal": False, "italic": True, "oblique": True}
ANCHORS = ("start", "middle", "end")
RULES = {"nonzero": "", "evenodd": "*"}


def points(value: str | None) -> float:
    """The root's width or height in points."""
    m = _LENGTH.fullmatch(value or "")
    size = float(m.group(1)) * _UNITS[m.group(2)] if m else math.nan
    if not math.isfinite(size):
        raise Unsupported(f"drawing size {value!r}")
    return size


def _channel(v: float) -> str:
    s = ("%.4f" % v).rstrip("0").rstrip(".")
    return s or "0"


@lru_cache(maxsize=4096)
def color(value: str) -> str | None:
    """``r g b`` as PDF text (0..1) for an SVG colour (``#rgb``, ``#rrggbb``, ``rgb()``, a CSS name); None for none."""
    v = value.strip()
    if v == "none":
        return None
    if v.startswith("#") and len(v) in (4, 7):
        h = v[1:] if len(v) == 7 else "".join(c * 2 for c in v[1:])
        try:
            rgb = [int(h[i:i + 2], 16) / 255 for i in (0, 2, 4)]
        except ValueError:
            raise Unsupported(f"colour {value!r}") from None
    elif v.startswith("rgb(") and v.endswith(")"):
        parts = [p.strip() for p in v[4:-1].split(",")]
        if len(parts) != 3:
            raise Unsupported(f"colour {value!r}")
        try:
            rgb = [float(p[:-1]) / 100 if p.endswith("%") else float(p) / 255 for p in parts]
        except ValueError:
            raise Unsupported(f"colour {value!r}") from None
        rgb = [min(1.0, max(0.0, c)) for c in rgb]
    else:
        from reportlab.lib.colors import getAllNamedColors

        named = getAllNamedColors().get(v.lower())
        if named is None or v.lower() == "transparent":
            raise Unsupported(f"colour {value!r}")
        rgb = named.rgb()
    return " ".join(_channel(c) for c in rgb)


@lru_cache(maxsize=256)
def opacity(value: str) -> float:
    a = length(value)
    if not 0.0 <= a <= 1.0:
        raise Unsupported(f"opacity {value!r}")
    return a


@lru_cache(maxsize=256)
def dash(value: str) -> str:
    """``stroke-dasharray`` as the PDF ``d`` operator's array; ``[]`` for a solid line."""
    if value.strip() == "none":
        return "[]"
    v = numbers(value)
    if any(float(x) < 0 for x in v):
        raise Unsupported(f"stroke-dasharray {value!r}")
    if not v or sum(float(x) for x in v) == 0:
        return "[]"
    if len(v) % 2:
        v = v * 2  # SVG repeats an odd list to make it even
    return "[" + " ".join(v) + "]"


def matrix(value: str) -> str:
    """An SVG ``transform`` as the operands of PDF's ``cm`` (a translation's and scale's numbers copied as they are)."""
    t = TRANSLATE.fullmatch(value)
    if t is None:
        return _matrix(value)
    k = t.group(3) or "1"
    return f"{k} 0 0 {k} {t.group(1)} {t.group(2)}"


@lru_cache(maxsize=1024)
def _matrix(value: str) -> str:
    try:
        m = parse_transform(value)
    except (Unknown, ValueError):
        raise Unsupported(f"transform {value!r}") from None
    text = (("%.6f" % v).rstrip("0").rstrip(".") for v in m)
    return " ".join("0" if t == "-0" else t for t in text)


def text_positions(value: str) -> list[str]:
    """The x of a ``<text>``: one number, or one per letter (SVG sets the letters one by one)."""
    return value.replace(",", " ").split() or [value]


#: Attributes that take one of a few words, and the words the writer draws.
_KEYWORDS = {"stroke-linecap": CAPS, "stroke-linejoin": JOINS, "fill-rule": RULES, "font-weight": WEIGHTS,
             "font-style": STYLES, "text-anchor": ANCHORS}


def _check_value(name: str, value: str) -> None:
    """Parse one attribute value as the writer does; raises Unsupported where it would."""
    if name in ("fill", "stroke"):
        color(value)
    elif name in ("fill-opacity", "stroke-opacity"):
        opacity(value)
    elif name == "stroke-dasharray":
        dash(value)
    elif name in _KEYWORDS:
        if value not in _KEYWORDS[name]:
            raise Unsupported(f"{name} {value!r}")
    elif name == "transform":
        matrix(value)
    elif name == "d":
        path(value)
    elif name == "points":
        poly(value, False)
    elif name in ("stroke-width", "font-size") and length(value) < 0:
        raise Unsupported(f"{name} {value!r}")
    elif name in ("x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "width", "height"):
        length(value)


def unsupported(root) -> list[str]:
    """Every element, attribute and value of an SVG document that the PDF writer would not draw (empty: all of it)."""
    found: list[str] = []
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        kind = local_name(el.tag)
        if el is root:
            if kind != "svg":
                found.append(f"root <{kind}>")
            allowed = ROOT_ATTRIBUTES
        elif kind in SILENT:
            continue
        elif kind not in SHAPES:
            found.append(f"<{kind}>")
            continue
        else:
            allowed = {"transform", *INHERITED, *SHAPES[kind]}
        if kind == "text" and len(el):
            found.append("<text> with child elements")
        for name, value in el.attrib.items():
            if name in ("id", "class") or name.startswith(_NAMING_PREFIXES):  # names (no <style> gives class a look)
                continue
            if name not in allowed:
                found.append(f"<{kind}> attribute {name}")
                continue
            try:
                if kind == "text" and name == "x":
                    for part in text_positions(value):  # letters set one by one (a spaced-out name)
                        length(part)
                elif el is not root:
                    _check_value(name, value)
                elif name in ("width", "height"):
                    points(value)
                if kind == "rect" and name == "width":
                    rect("0", "0", value, el.get("height", "0"))
            except Unsupported as exc:
                found.append(f"<{kind}> {name}: {exc}")
    return found
