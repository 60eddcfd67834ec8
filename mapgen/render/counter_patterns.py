"""The texture on a counter's body that tells the sides apart in black and white.

Red and blue print as nearly the same grey (#c62828 and #1e5aa8 are both
about 33 % luminance), so each side's body carries its own light texture:
diagonal lines, dots, a cross-hatch ... (``SideStyle.pattern``).  The lines
are a lighter shade of the body colour, thin and wide apart, so white text
stays readable over them.  Plain geometry in the counter's box, clipped by
hand, so the SVG needs no ``<pattern>`` or clip path and the PDF draws the
same lines.
"""

from __future__ import annotations

#: Spacing of the texture and the width of its lines, as fractions of the counter's side.
SPACING = 0.16
LINE = 0.03
DOT = 0.032
#: How far the texture's colour goes from the body colour towards white.
LIGHTEN = 0.2


def mix(color: str, other: str, t: float) -> str:
    """``color`` moved a fraction ``t`` towards ``other`` (#rrggbb)."""
    a = [int(color.lstrip("#")[i : i + 2], 16) for i in (0, 2, 4)]
    b = [int(other.lstrip("#")[i : i + 2], 16) for i in (0, 2, 4)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(a, b))


def pattern_lines(kind: str, size: float) -> list[tuple[float, float, float, float]]:
    """Segments (x1, y1, x2, y2) of a line texture over the square 0..size."""
    d = SPACING * size
    n = int(2 * size / d) + 2
    out: list[tuple[float, float, float, float]] = []
    if kind in ("diagonal", "cross"):  # x - y = c, top left to bottom right
        for i in range(-n, n + 1):
            c = i * d
            if -size < c < size:
                out.append((max(0.0, c), max(0.0, -c), min(size, size + c), min(size, size - c)))
    if kind in ("backdiagonal", "cross"):  # x + y = c
        for i in range(0, n + 1):
            c = i * d
            if 0 < c < 2 * size:
                out.append((max(0.0, c - size), min(size, c), min(size, c), max(0.0, c - size)))
    if kind == "horizontal":
        out += [(0.0, y, size, y) for y in _steps(size, d)]
    if kind == "vertical":
        out += [(x, 0.0, x, size) for x in _steps(size, d)]
    return out


def pattern_dots(kind: str, size: float) -> list[tuple[float, float]]:
    """Centres of a dot texture over the square 0..size (rows offset by half a step)."""
    if kind != "dots":
        return []
    d = SPACING * size
    dots = []
    for row, y in enumerate(_steps(size, d)):
        shift = d / 2 if row % 2 else 0.0
        dots += [(x + shift, y) for x in _steps(size, d) if x + shift < size - DOT * size]
    return dots


def _steps(size: float, d: float) -> list[float]:
    """Positions d/2, 3d/2 ... inside 0..size."""
    out, v = [], d / 2
    while v < size:
        out.append(v)
        v += d
    return out
