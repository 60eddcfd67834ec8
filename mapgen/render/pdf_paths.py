"""SVG geometry as PDF path operators, in the drawing's own user units.

The drawing is placed on the PDF page by one ``cm`` (:mod:`.pdf_draw`), so a
coordinate of the SVG is a coordinate of the PDF: the numbers the renderers
wrote (``fmt``: at most three decimals, no exponent) are copied into the PDF
as they are, and only what PDF has no operator for is computed: quadratic
Béziers become cubic ones, arcs become cubic Béziers of at most 90° each,
circles and rounded corners four quarter arcs.  Everything returns the
operator text without a painting operator (``f``, ``S``...).

Anything that is not well-formed raises :class:`Unsupported`.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from operator import add as _add

from .svgbounds import plain_segments, starts_with_a_command
from .svgdoc import fmt


class Unsupported(ValueError):
    """An element, attribute or value the PDF writer cannot draw."""


#: A number as SVG writes it; PDF takes the same text when it has no sign '+' and no exponent.
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_PDF_NUMBER = re.compile(r"-?(?:\d+(?:\.\d*)?|\.\d+)")  # (one way to match each number: no runaway backtracking)
_PDF_NUMBERS = re.compile(r"[\s,]*(?:-?(?:\d+(?:\.\d*)?|\.\d+)[\s,]+)*(?:-?(?:\d+(?:\.\d*)?|\.\d+))?[\s,]*")
_SEGMENT = re.compile(r"([MmZzLlHhVvCcSsQqTtAa])([^MmZzLlHhVvCcSsQqTtAa]*)")
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}
#: Control point distance of a quarter circle of radius 1 drawn as one cubic Bézier.
KAPPA = 4 * (math.sqrt(2) - 1) / 3
#: Paths up to this long are cached (at most 512 of them, a few MB): a map draws the same symbol,
#: thousands of segments, in every square of its terrain under another transform.  On the medium
#: map 56 different paths make 409 path elements, 94 % of their text.
_CACHED_PATH = 8000


#: A computed coordinate as PDF text: three decimals at most (a micrometre on a map in mm), written as the SVG
#: writes its numbers (and remembered as they are: a drawing repeats its sizes and offsets).
num = fmt


def numbers(text: str | None) -> list[str]:
    """The numbers of an attribute (``points``, ``stroke-dasharray``...) as PDF number text."""
    if not text:
        return []
    if _PDF_NUMBERS.fullmatch(text):
        return text.replace(",", " ").split()
    if _NUMBER.sub("", text).strip(" ,\t\r\n"):
        raise Unsupported(f"not a list of numbers: {text!r}")
    return [num(length(v)) for v in _NUMBER.findall(text)]


def length(text: str | None, default: float = 0.0) -> float:
    """A plain number in user units (a unit or a percentage is not drawn)."""
    if text is None:
        return default
    try:
        value = float(text)
    except ValueError:
        raise Unsupported(f"not a number in user units: {text!r}") from None
    if not math.isfinite(value):
        raise Unsupported(f"not a number in user units: {text!r}")
    return value


def plain(text: str | None) -> str:
    """An attribute's number as PDF text (0 when missing)."""
    if text is None:
        return "0"
    return text if _PDF_NUMBER.fullmatch(text) else num(length(text))


def line(x1, y1, x2, y2) -> str:
    return f"{plain(x1)} {plain(y1)} m {plain(x2)} {plain(y2)} l"


def poly(points: str | None, close: bool) -> str:
    """A polyline's or polygon's ``points`` as a path; empty when it has no segment."""
    v = numbers(points)
    if len(v) % 2:
        raise Unsupported(f"an odd number of coordinates in points={points!r}")
    if len(v) < 4:
        return ""
    ops = [f"{v[0]} {v[1]} m"]
    ops += [f"{v[i]} {v[i + 1]} l" for i in range(2, len(v), 2)]
    if close:
        ops.append("h")
    return "\n".join(ops)


def _round_box(x: float, y: float, w: float, h: float, rx: float, ry: float) -> str:
    kx, ky = rx * (1 - KAPPA), ry * (1 - KAPPA)
    r, b = x + w, y + h
    n = num
    return "\n".join((
        f"{n(x + rx)} {n(y)} m", f"{n(r - rx)} {n(y)} l",
        f"{n(r - kx)} {n(y)} {n(r)} {n(y + ky)} {n(r)} {n(y + ry)} c", f"{n(r)} {n(b - ry)} l",
        f"{n(r)} {n(b - ky)} {n(r - kx)} {n(b)} {n(r - rx)} {n(b)} c", f"{n(x + rx)} {n(b)} l",
        f"{n(x + kx)} {n(b)} {n(x)} {n(b - ky)} {n(x)} {n(b - ry)} c", f"{n(x)} {n(y + ry)} l",
        f"{n(x)} {n(y + ky)} {n(x + kx)} {n(y)} {n(x + rx)} {n(y)} c", "h",
    ))


def rect(x, y, w, h, rx=None, ry=None) -> str:
    """A rectangle, its corners rounded as SVG rounds them (``rx`` alone sets ``ry`` too); empty when it has no area."""
    width, height = length(w), length(h)
    if width < 0 or height < 0:
        raise Unsupported(f"a rectangle of negative size {w} x {h}")
    if width == 0 or height == 0:
        return ""
    if rx is None and ry is None:
        return f"{plain(x)} {plain(y)} {plain(w)} {plain(h)} re"
    a = length(rx if rx is not None else ry)
    b = length(ry if ry is not None else rx)
    a, b = min(abs(a), width / 2), min(abs(b), height / 2)
    if a == 0 or b == 0:
        return f"{plain(x)} {plain(y)} {plain(w)} {plain(h)} re"
    return _round_box(length(x), length(y), width, height, a, b)


def ellipse(cx, cy, rx, ry) -> str:
    """A circle or ellipse as four quarter arcs; empty when a radius is 0."""
    x, y, a, b = length(cx), length(cy), length(rx), length(ry)
    if a < 0 or b < 0:
        raise Unsupported(f"a negative radius {rx}, {ry}")
    if a == 0 or b == 0:
        return ""
    ka, kb, n = a * KAPPA, b * KAPPA, num
    return "\n".join((
        f"{n(x + a)} {n(y)} m",
        f"{n(x + a)} {n(y + kb)} {n(x + ka)} {n(y + b)} {n(x)} {n(y + b)} c",
        f"{n(x - ka)} {n(y + b)} {n(x - a)} {n(y + kb)} {n(x - a)} {n(y)} c",
        f"{n(x - a)} {n(y - kb)} {n(x - ka)} {n(y - b)} {n(x)} {n(y - b)} c",
        f"{n(x + ka)} {n(y - b)} {n(x + a)} {n(y - kb)} {n(x + a)} {n(y)} c",
        "h",
    ))


# --------------------------------------------------------------------------- path data


def path(d: str | None) -> str:
    """SVG path data (every command, absolute and relative) as PDF path operators."""
    if not d:
        return ""
    return _path_cached(d) if len(d) <= _CACHED_PATH else _path(d)


@lru_cache(maxsize=512)
def _path_cached(d: str) -> str:
    return _path(d)


def _path(d: str) -> str:
    segments = plain_segments(d)
    if segments is None:
        if not starts_with_a_command(d):
            raise Unsupported(f"path data {d[:60]!r}")
        segments = [_segment(cmd, body) for cmd, body in _SEGMENT.findall(d)]
    ops: list[str] = []
    add = ops.append
    x = y = sx = sy = 0.0  # current point, start of the subpath
    qx = qy = cx2 = cy2 = None  # last control points, for T and S
    started = False
    for cmd, texts, v in segments:
        if texts is not None and len(texts) == 2 and (cmd == "L" and started or cmd == "M"):
            # the common case, one point to a segment: its text copied (as in the loop of several below)
            add(f"{texts[0]} {texts[1]} {'m' if cmd == 'M' else 'l'}")
            x, y = v
            if cmd == "M":
                sx, sy, started = x, y, True
            qx = cx2 = None
            continue
        if cmd == "A" or cmd == "a":  # (a map's and a plan's dots: thousands of arcs, in a loop of their own)
            if not started:
                raise Unsupported(f"path data must start with M: {d[:60]!r}")
            if not v or len(v) % 7 or not all(map(math.isfinite, v)):
                raise Unsupported(f"path data {d[:60]!r}")
            rel = cmd == "a"
            for rx, ry, phi, large, sweep, ex, ey in (v,) if len(v) == 7 else [v[i:i + 7] for i in range(0, len(v), 7)]:
                if rel:
                    ex, ey = ex + x, ey + y
                else:
                    ex, ey = ex + 0.0, ey + 0.0  # (-0.0 written as 0.000, as a relative arc's sum would be)
                if (ex != x or ey != y) and rx and ry:  # an arc to its own start draws nothing
                    template, offsets = _arc_text(abs(rx), abs(ry), phi % 360.0, large != 0, sweep != 0, ex - x, ey - y)
                    add(template % tuple(map(_add, (x, y) * (len(offsets) // 2), offsets)))
                elif ex != x or ey != y:  # no radius: a straight line
                    add(_POINT % (ex, ey) + " l")
                x, y = ex, ey
            qx = cx2 = None
            continue
        C = cmd.upper()
        if C == "Z":
            if texts is None or texts:
                raise Unsupported(f"numbers after Z in path data {d[:60]!r}")
            add("h")
            x, y = sx, sy
            qx = cx2 = None
            continue
        if not started and C != "M":
            raise Unsupported(f"path data must start with M: {d[:60]!r}")
        started = True
        n = _ARGS[C]
        if C in "ML" and cmd == C and texts is not None:  # the common case: copy the text
            if not texts or len(texts) % 2:
                raise Unsupported(f"path data {d[:60]!r}")
            first = 0
            if C == "M":
                add(f"{texts[0]} {texts[1]} m")
                first = 2
            for i in range(first, len(texts), 2):
                add(f"{texts[i]} {texts[i + 1]} l")
            x, y = v[-2], v[-1]
            if C == "M":
                sx, sy = v[0], v[1]
            qx = cx2 = None
            continue
        if not v or len(v) % n or not all(map(math.isfinite, v)):
            raise Unsupported(f"path data {d[:60]!r}")
        rel = cmd != C
        for i in range(0, len(v), n):
            a = v[i:i + n]
            ox, oy = (x, y) if rel else (0.0, 0.0)
            if C == "Q" or C == "T":
                if C == "Q":
                    px, py, ex, ey = a[0] + ox, a[1] + oy, a[2] + ox, a[3] + oy
                else:
                    px, py = (2 * x - qx, 2 * y - qy) if qx is not None else (x, y)
                    ex, ey = a[0] + ox, a[1] + oy
                # the quadratic Bézier as the cubic one that draws the same curve
                add(_CURVE % (x + _TWO_THIRDS * (px - x), y + _TWO_THIRDS * (py - y),
                              ex + _TWO_THIRDS * (px - ex), ey + _TWO_THIRDS * (py - ey), ex, ey))
                x, y, qx, qy, cx2 = ex, ey, px, py, None
            elif C == "C" or C == "S":
                if C == "C":
                    x1, y1, x2, y2, ex, ey = a[0] + ox, a[1] + oy, a[2] + ox, a[3] + oy, a[4] + ox, a[5] + oy
                else:
                    x1, y1 = (2 * x - cx2, 2 * y - cy2) if cx2 is not None else (x, y)
                    x2, y2, ex, ey = a[0] + ox, a[1] + oy, a[2] + ox, a[3] + oy
                add(_CURVE % (x1, y1, x2, y2, ex, ey))
                x, y, cx2, cy2, qx = ex, ey, x2, y2, None
            else:
                if C == "H":
                    x = a[0] + ox
                elif C == "V":
                    y = a[0] + oy
                else:
                    x, y = a[0] + ox, a[1] + oy
                if C == "M" and i == 0:
                    add(_POINT % (x, y) + " m")
                    sx, sy = x, y
                else:  # L, H, V, and further pairs after a moveto
                    add(_POINT % (x, y) + " l")
                qx = cx2 = None
    return "\n".join(ops)


def _segment(cmd: str, body: str) -> tuple[str, list[str] | None, list[float]]:
    """A segment of path data that is not plain (:func:`~.svgbounds.plain_segments`): its command, its numbers
    as written when they can be copied into the PDF (None when not, or for a Z with anything after it), their values."""
    if cmd in "Zz":
        return cmd, (None if body.strip(" ,\t\r\n") else []), []
    texts = body.replace(",", " ").split() if _PDF_NUMBERS.fullmatch(body) else None
    return cmd, texts, [float(t) for t in _NUMBER.findall(body)]


_TWO_THIRDS = 2.0 / 3.0
_POINT = "%.3f %.3f"
_CURVE = "%.3f %.3f %.3f %.3f %.3f %.3f c"
_CURVES = {n: "\n".join([_CURVE] * n) for n in range(1, 5)}


@lru_cache(maxsize=4096)
def _arc_text(rx: float, ry: float, phi: float, large: bool, sweep: bool, dx: float, dy: float) -> tuple[str, tuple]:
    """An arc's cubic Béziers, at most 90° each: their operators to fill in, and their points' x, y in turn,
    relative to the arc's start (added to it and formatted in one go: it is the slow part)."""
    xs, ys = _arc_curves(rx, ry, phi, large, sweep, dx, dy)
    offsets = [0.0] * (2 * len(xs))
    offsets[0::2], offsets[1::2] = xs, ys
    return _CURVES[len(xs) // 3], tuple(offsets)


def _arc_curves(rx: float, ry: float, phi: float, large: bool, sweep: bool, dx: float, dy: float) -> tuple:
    """Cubic Béziers of an arc, at most 90° each: the x and the y of their points, relative to the arc's start.

    By the endpoint-to-centre conversion of SVG 1.1, appendix F.6.5, radii too small for the chord
    scaled up (F.6.6).  Cached (:func:`_arc_text`): a map draws the same dots and rings many times.
    """
    cos, sin = math.cos(math.radians(phi)), math.sin(math.radians(phi))
    # The start at the origin, the end at (dx, dy): the midpoint in the ellipse's axes.
    hx, hy = -dx / 2, -dy / 2
    x1 = cos * hx + sin * hy
    y1 = -sin * hx + cos * hy
    scale = (x1 / rx) ** 2 + (y1 / ry) ** 2
    if scale > 1:
        rx, ry = rx * math.sqrt(scale), ry * math.sqrt(scale)
    num_ = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
    den = rx * rx * y1 * y1 + ry * ry * x1 * x1
    k = math.sqrt(max(0.0, num_ / den)) if den else 0.0
    if large == sweep:
        k = -k
    cxp, cyp = k * rx * y1 / ry, -k * ry * x1 / rx
    cx = cos * cxp - sin * cyp + dx / 2
    cy = sin * cxp + cos * cyp + dy / 2
    start = math.atan2((y1 - cyp) / ry, (x1 - cxp) / rx)
    end = math.atan2((-y1 - cyp) / ry, (-x1 - cxp) / rx)
    delta = end - start
    if sweep and delta < 0:
        delta += 2 * math.pi
    elif not sweep and delta > 0:
        delta -= 2 * math.pi
    parts = max(1, math.ceil(abs(delta) / (math.pi / 2) - 1e-9))
    step = delta / parts
    t = 4.0 / 3.0 * math.tan(step / 4)

    def point(angle: float) -> tuple[float, float, float, float]:
        """A point of the ellipse and its derivative there."""
        ca, sa = math.cos(angle), math.sin(angle)
        px, py = rx * ca, ry * sa
        tx, ty = -rx * sa, ry * ca
        return (cx + cos * px - sin * py, cy + sin * px + cos * py, cos * tx - sin * ty, sin * tx + cos * ty)

    xs: list[float] = []
    ys: list[float] = []
    ax, ay, atx, aty = 0.0, 0.0, *point(start)[2:]
    for i in range(parts):
        bx, by, btx, bty = point(start + step * (i + 1))
        if i == parts - 1:
            bx, by = dx, dy  # end exactly where the path says
        xs += (ax + t * atx, bx - t * btx, bx)
        ys += (ay + t * aty, by - t * bty, by)
        ax, ay, atx, aty = bx, by, btx, bty
    return tuple(xs), tuple(ys)
