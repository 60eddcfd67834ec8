"""What every renderer shares: finding template files, and building SVG elements for the PDF writer.

Templates (symbols, styles) are data under ``templates/``.  Symbols are copied
inline as plain elements because our PDF writer (:mod:`.pdf_draw`) draws no
``<pattern>`` and draws a drawing with ``<use>`` whole.  Elements are built with
:mod:`xml.etree` (thousands per map) and carried into SvgDoc drawings by
:class:`Raw`.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import lru_cache


from ..datafiles import template_path  # noqa: F401 - re-exported: every renderer finds its templates here
from ..sides import FW_SIDES, fw_side_style
from .svgdoc import fmt

SVG_NS = "{http://www.w3.org/2000/svg}"


@lru_cache(maxsize=None)
def load_style_sheet(folder: str, variant: str | None = None) -> dict:
    """``templates/<folder>/style.json``, laid over with ``style-<variant>.json`` when given; read once.

    The dict is shared by every caller: copy it before changing it.  A variant
    names only what it changes, so a look (black and white) stays one short file.
    ``sides`` (side id -> ink) is never a style sheet's own: it is the table's
    (:mod:`mapgen.sides`), in greys for a look that prints in greys.
    """
    style = json.loads(template_path(folder, "style.json").read_text(encoding="utf-8"))
    if variant is not None:
        _overlay(style, json.loads(template_path(folder, f"style-{variant}.json").read_text(encoding="utf-8")))
    style["sides"] = {side: (s.grey if style.get("greys") else s.color) for side, s in ((side, fw_side_style(side)) for side, _ in FW_SIDES)}
    return style


def _overlay(base: dict, over: dict) -> None:
    """Lay ``over`` onto ``base``, dict by dict; ``_comment`` keys stay out."""
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            _overlay(base[key], value)
        elif not key.startswith("_"):
            base[key] = value


def local(tag: str) -> str:
    """An element's tag without the SVG namespace."""
    return tag.replace(SVG_NS, "")


def clean(el: ET.Element) -> ET.Element:
    """A template element without namespaces, foreign attributes or ``<title>`` children."""
    out = ET.Element(local(el.tag), {k: v for k, v in el.attrib.items() if not k.startswith("{")})
    for child in el:
        if local(child.tag) != "title":
            out.append(clean(child))
    return out


def recolor(el: ET.Element, color: str) -> ET.Element:
    """A copy with every ``currentColor`` replaced by ``color``."""
    out = ET.Element(el.tag, {k: (color if v == "currentColor" else v) for k, v in el.attrib.items()})
    for child in el:
        out.append(recolor(child, color))
    return out


class Raw:
    """An etree element carried inside a drawing's group (:mod:`.svgtree`)."""

    def __init__(self, el: ET.Element):
        self.el = el
        self.elementname = el.tag

    def get_xml(self) -> ET.Element:
        return self.el


def num(v) -> str:
    return fmt(v) if isinstance(v, (int, float)) else str(v)


def el(parent: ET.Element | None, tag: str, **attrs) -> ET.Element:
    """A new element (under ``parent`` if given); ``stroke_width=`` becomes ``stroke-width``, ``class_`` ``class``."""
    attrib = {k.rstrip("_").replace("_", "-"): num(v) for k, v in attrs.items() if v is not None}
    return ET.Element(tag, attrib) if parent is None else ET.SubElement(parent, tag, attrib)


# --- legend columns ------------------------------------------------------------
# A legend is a list of blocks (anything with ``height`` and ``heading``) poured into columns.


def mix(color: str, other: str, t: float) -> str:
    """``color`` moved a fraction ``t`` towards ``other`` (hex colours)."""

    def rgb(c):
        c = c.lstrip("#")
        if len(c) == 3:
            c = "".join(ch * 2 for ch in c)
        return [int(c[i : i + 2], 16) for i in (0, 2, 4)]

    try:
        a, b = rgb(color), rgb(other)
    except ValueError:
        return other
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(a, b))


def grey(color: str) -> str:
    """``color`` as the grey of the same lightness (Rec. 601 luma), so a photocopy keeps the drawing's tones;
    anything but a hex colour (``none``, ``currentColor``) unchanged."""
    c = color.lstrip("#")
    if not color.startswith("#") or len(c) not in (3, 6):
        return color
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    try:
        r, g, b = (int(c[i : i + 2], 16) for i in (0, 2, 4))
    except ValueError:
        return color
    return "#" + f"{round(0.299 * r + 0.587 * g + 0.114 * b):02x}" * 3


#: The attributes that carry an element's inks.
PAINTS = ("fill", "stroke", "color", "stop-color")


def greyed(el: ET.Element, memo: dict | None = None) -> ET.Element:
    """A copy of ``el`` and all under it with every ink in :func:`grey`, for the black-and-white look.

    ``el`` is left alone: symbol elements are cached and shared with drawings in colour.  An element
    found under several parents (a shared symbol) gets one copy, shared the same way (``memo``).
    """
    memo = {} if memo is None else memo
    out = memo.get(id(el))
    if out is None:
        out = ET.Element(el.tag, {k: (grey(v) if k in PAINTS else v) for k, v in el.attrib.items()})
        out.text, out.tail = el.text, el.tail
        out.extend(greyed(child, memo) for child in el)
        memo[id(el)] = out
    return out


@dataclass
class Block:
    """One row of a legend: its height, how to draw it (``draw(parent, x, y, width)``), and whether it heads a section."""

    height: float
    draw: object  # callable(parent, x, y, width)
    heading: bool = False


def flow_columns(blocks, max_h: float) -> list[tuple[int, int]]:
    """Greedy column flow, (first, end) block index per column.

    A column breaks only before a heading, so each block is read under its own
    heading (a reader never meets "Territory boundary" at the top of a column
    with "Rivers, roads and crossings" left behind in the one before); only a
    section taller than ``max_h`` by itself breaks inside, and never right
    after a heading.
    """
    n = len(blocks)
    starts = [i for i in range(n) if i == 0 or blocks[i].heading]
    cols: list[tuple[int, int]] = []
    start, h = 0, 0.0
    for k, first in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else n
        section = sum(b.height for b in blocks[first:end])
        if h > 0 and h + section > max_h:
            cols.append((start, first))
            start, h = first, 0.0
        if section <= max_h:
            h += section
            continue
        for i in range(first, end):  # a section too tall for any column: it breaks between its rows
            need = blocks[i].height + (blocks[i + 1].height if blocks[i].heading and i + 1 < n else 0.0)
            if h > 0 and h + need > max_h and not (i - 1 == start and blocks[start].heading):
                cols.append((start, i))
                start, h = i, 0.0
            h += blocks[i].height
    cols.append((start, n))
    return cols


def balanced_columns(blocks, ncols: int) -> list[tuple[int, int]]:
    """At most ``ncols`` columns, as even in height as the greedy flow allows (bisection on the height)."""
    # No column is shorter than its tallest unbreakable piece: a block, or a heading with its first row.
    lo = max([b.height for b in blocks] + [a.height + b.height for a, b in zip(blocks, blocks[1:]) if a.heading])
    hi = sum(b.height for b in blocks)
    for _ in range(40):
        mid = (lo + hi) / 2
        if len(flow_columns(blocks, mid)) <= ncols:
            hi = mid
        else:
            lo = mid
    return flow_columns(blocks, hi + 1e-6)


def column_height(blocks, cols) -> float:
    return max(sum(b.height for b in blocks[a:e]) for a, e in cols)
