"""A plan's scale in words and as a bar in table centimetres, so a player can check a print with a ruler.

The words say what a centimetre on paper stands for; the bar is what to measure.
Its length is a round number of table centimetres (60 cm at 1:12, 100 cm at 1:20)
no wider than :data:`BAR_MAX_MM`, cut into alternate black and white segments.
"""

from __future__ import annotations

import math
from typing import Callable

from .svgdoc import fmt

#: Bar lengths tried, in table cm, longest first: the first no wider than BAR_MAX_MM is drawn.
BAR_LENGTHS_CM = (500, 200, 100, 60, 50, 40, 30, 20, 10, 5, 2, 1)
#: Segment lengths tried, in table cm, shortest first: the first at least MIN_SEGMENT_MM long on paper.
SEGMENTS_CM = (1, 2, 5, 10, 20, 50, 100)
BAR_MAX_MM = 50.0
MIN_SEGMENT_MM = 6.0
#: Numbers under the bar stand at least this far apart, so they never run together.
MIN_LABEL_GAP_MM = 7.0
BAR_HEIGHT_MM = 1.4


def scale_words(scale: float) -> str:
    """``Scale 1:12 (1 cm = 12 cm on the table)``."""
    return f"Scale 1:{scale:g} (1 cm = {scale:g} cm on the table)"


def bar_marks(k: float) -> tuple[float, float, int]:
    """(bar length, segment length, label every n-th mark) in table cm, for ``k`` paper mm per table cm."""
    length = next((c for c in BAR_LENGTHS_CM if c * k <= BAR_MAX_MM + 1e-9), BAR_LENGTHS_CM[-1])
    segment = next((s for s in SEGMENTS_CM if s * k >= MIN_SEGMENT_MM - 1e-9 and length % s == 0), length)
    return length, segment, max(1, math.ceil(MIN_LABEL_GAP_MM / (segment * k) - 1e-9))


def draw_scale_bar(doc, g, x: float, y: float, k: float, ink: str, label: Callable[[float, float, str, str], None]) -> float:
    """Draw the bar with its top at ``y``; ``label(x, y, text, anchor)`` writes a text.  Returns the y under it."""
    length, segment, every = bar_marks(k)
    n = round(length / segment)
    step = segment * k
    for i in range(n):
        fill = ink if i % 2 == 0 else "#ffffff"
        g.add(doc.drawing.rect((fmt(x + i * step), fmt(y)), (fmt(step), fmt(BAR_HEIGHT_MM)), fill=fill, stroke=ink, stroke_width=fmt(0.2)))
    below = y + BAR_HEIGHT_MM + 2.3
    for i in range(n + 1):
        if i % every == 0 or i == n:
            label(x + i * step, below, f"{i * segment:g}", "middle")
    label(x + n * step + 2.0, y + BAR_HEIGHT_MM, "cm", "start")
    return below
