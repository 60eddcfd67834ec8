"""The texture on a counter's body that tells the sides apart in black and white.

Red and blue print as nearly the same grey (#c62828 and #1e5aa8 are both
about 33 % luminance), so each side's body carries its own light texture:
diagonal lines, dots, a cross-hatch ... (``SideStyle.pattern``).  The lines
are a lighter shade of the body colour, thin and wide apart, so white text
stays readable over them; and none runs under a line of text, which sits on a
clear ground (``clear``: the boxes the texture keeps out of).  Plain geometry in the counter's box, clipped by
hand (:mod:`.hatch`), so the SVG needs no ``<pattern>`` or clip path and the
PDF draws the same lines.
"""

from __future__ import annotations

from .hatch import Box, hatch_cut_out, hatch_dots, hatch_dots_out, hatch_lines
from .templates import mix  # noqa: F401 - the counters take it from here with the texture's constants

#: Spacing of the texture and the width of its lines, as fractions of the counter's side.
SPACING = 0.16
LINE = 0.03
DOT = 0.032
#: Clear ground kept between a text's box and the texture's nearest mark.
CLEAR = 0.03
#: How far the texture's colour goes from the body colour towards white.
LIGHTEN = 0.2


def pattern_lines(kind: str, size: float, top: float = 0.0, clear: tuple[Box, ...] = ()) -> list[tuple[float, float, float, float]]:
    """Segments (x1, y1, x2, y2) of a line texture over the square 0..size below ``top``, cut away around the boxes ``clear``."""
    lines = hatch_lines(kind, 0.0, top, size, size - top, SPACING * size)
    return hatch_cut_out(lines, list(clear), (LINE / 2 + CLEAR) * size) if clear else lines


def pattern_dots(kind: str, size: float, top: float = 0.0, clear: tuple[Box, ...] = ()) -> list[tuple[float, float]]:
    """Centres of a dot texture over the square 0..size below ``top``, clear of its edges and of the boxes ``clear``."""
    dots = hatch_dots(kind, 0.0, top, size, size - top, SPACING * size, margin=DOT * size)
    return hatch_dots_out(dots, list(clear), (DOT + CLEAR) * size) if clear else dots
