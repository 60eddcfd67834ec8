"""Lettering: how every renderer measures, wraps and writes its text.

A label is measured with the embedded face it is printed in (:mod:`.fonts`), so
a width from here is the width on paper and the PDF; and every ``<text>`` gets its
attributes here, so the maps, the plan and the counters agree on what bold,
italic, serif and an anchor mean in SVG.  The family and the default ink come
from the renderer's style sheet (``font_family``, ``serif_family``, ``ink``);
without one, from the embedded faces themselves.
"""

from __future__ import annotations

import functools
import re
import xml.etree.ElementTree as ET

from . import fonts
from .templates import num

#: No-break spaces: between a number and its unit ("210\u00a0mm"), a line is never broken there.
NO_BREAK_SPACES = "\u00a0\u202f"
#: Where a line may break: any run of white space but the no-break spaces.
_BREAKS = re.compile(f"[^\\S{NO_BREAK_SPACES}]+")
#: Text colour when neither the caller nor a style sheet gives one.
INK = "#1a1a1a"
#: How far the embedded faces' letters reach above and below the baseline, in em: ascenders and descenders.
ASCENT = 0.76
DESCENT = 0.24


def text_width(text: str, size: float, *, bold: bool = False, italic: bool = False, serif: bool = False,
               spacing: float | None = None) -> float:
    """Printed width of ``text`` at ``size``, in the unit of ``size``.

    With ``spacing`` (extra room after each letter) it is measured letter by letter,
    as spaced text is set (the embedded faces have no kerning pairs we use).
    """
    if spacing is None:
        return fonts.width(text, size, bold, italic, serif)
    return sum(letter_width(ch, size, bold, italic, serif) for ch in text) + spacing * (len(text) - 1)


@functools.lru_cache(maxsize=4096)
def letter_width(ch: str, size: float, bold: bool = False, italic: bool = False, serif: bool = False) -> float:
    """:func:`fonts.width` of one letter, remembered: a big map's names try several sizes each, letter by letter."""
    return fonts.width(ch, size, bold, italic, serif)


def text_box(x: float, y: float, text: str, size: float, anchor: str = "start", **font) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of a line of text with its baseline's ``anchor`` at (x, y), y down: ascenders to descenders."""
    w = text_width(text, size, **font)
    x0 = {"start": x, "middle": x - w / 2, "end": x - w}[anchor]
    return x0, y - ASCENT * size, x0 + w, y + DESCENT * size


def wrap_text(text: str, room: float, size: float, *, rest: float | None = None, break_words: bool = False,
              **font) -> list[str]:
    """Greedy word wrap: lines at most ``room`` wide (those after the first ``rest``, for a hanging indent).

    Lines break only at breaking white space: words joined by a no-break space
    (:data:`NO_BREAK_SPACES`, as a number and its unit) stay on one line.  A word
    wider than a line gets a line of its own, or with ``break_words`` is broken
    inside, so that nothing ever runs past a column that cannot grow.
    """
    return list(_wrapped(text, room, size, room if rest is None else rest, break_words, tuple(sorted(font.items()))))


@functools.lru_cache(maxsize=4096)
def _wrapped(text: str, room: float, size: float, rest: float, break_words: bool, font_items: tuple) -> tuple[str, ...]:
    """:func:`wrap_text`, remembered: a battlefield plan's legend is laid out again for each scale tried and
    for the drawing, the same entries in the same column (some 900 wraps for a kit's eight plans)."""
    font = dict(font_items)
    lines: list[str] = []
    line = ""
    for word in (w for w in _BREAKS.split(text) if w):
        limit = rest if lines else room
        trial = f"{line} {word}" if line else word
        if text_width(trial, size, **font) <= limit or not (line or break_words):
            line = trial
            continue
        if line:
            lines.append(line)
            limit = rest
        while break_words and text_width(word, size, **font) > limit:
            cut = len(word) - 1
            while cut > 1 and text_width(word[:cut], size, **font) > limit:
                cut -= 1
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    if line:
        lines.append(line)
    return tuple(lines)


def text_attrs(x, y, size, *, style: dict | None = None, anchor: str = "start", bold: bool = False,
               italic: bool = False, serif: bool = False, fill: str | None = None, transform: str | None = None) -> dict[str, str]:
    """The attributes of a ``<text>`` with its baseline's ``anchor`` at (x, y); SVG's defaults are left out."""
    if style is None:
        family = fonts.SERIF_FAMILY if serif else fonts.SANS_FAMILY
    else:
        family = style["serif_family" if serif else "font_family"]
    attrs = {"x": num(x), "y": num(y), "font-family": family, "font-size": num(size)}
    if bold:
        attrs["font-weight"] = "bold"
    if italic:
        attrs["font-style"] = "italic"
    if anchor != "start":
        attrs["text-anchor"] = anchor
    attrs["fill"] = fill or (style or {}).get("ink", INK)
    if transform is not None:
        attrs["transform"] = transform
    return attrs


def draw_text(parent: ET.Element | None, x, y, words: str, size, **font) -> ET.Element:
    """A ``<text>`` element (appended to ``parent`` if given); ``font`` as for :func:`text_attrs`."""
    attrs = text_attrs(x, y, size, **font)
    el = ET.Element("text", attrs) if parent is None else ET.SubElement(parent, "text", attrs)
    el.text = words
    return el
