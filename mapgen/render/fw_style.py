"""The campaign map's style, symbols and text: what every part of the drawing (:mod:`.fw_map`) draws with.

Style values are data in ``templates/fw-map/style.json`` (laid over with
``style-bw.json`` for the black-and-white look, in winter colours for a winter
map); shapes are ``templates/fw-map/symbols.svg``, each split into glyph parts
that can be left out where something else stands.  Both style sheets are read by
:func:`.templates.load_style_sheet`; lettering is measured and written by :mod:`.text`.
"""

from __future__ import annotations

import copy
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, replace
from functools import lru_cache



from ..sides import colour_names, fw_side_style
from ..fw.model import FwMap
from ..fw.rules import (
    ALL_TABLES,
    WATER,
)
from .counters import SYMBOL_BOX as EMBLEM_BOX, load_counter_symbols
from .svgdoc import fmt
from .templates import mix as _mix
from .templates import clean as _clean, el as _el, greyed, load_style_sheet, recolor as _recolor, template_path, SVG_NS
from .text import draw_text, text_box



LAYERS = ("Background", "Terrain", "Territory", "Rivers", "Roads", "Crossings", "Features", "Holdings", "Grid", "Names", "Legend")
#: Symbols are drawn in a 0..BOX box; one box is one square.
BOX = 50.0
#: Real-world length of one square (FW-2.1 [NT-note]: one day's march).
KM_PER_SQUARE = 50
#: Where the square name sits (local units): terrain glyphs keep out of it.
ID_ZONE = (0.0, 0.0, 14.0, 7.5)
#: Where a square's id is written: the top left of its letters, from the square's north-west corner, in the
#: square's own units (0..BOX).  Its baseline is 0.8 of the id's size lower.
ID_AT = (2.6, 2.4)
#: On squares smaller than 50 mm the id shrinks with them down to this share of its size, and no further.
ID_LEAST_SCALE = 0.75
#: Sheet steps of tiled A4 and A3 prints (printable area less a 10 mm overlap), used only to choose
#: where the legend goes.
_TILES_MM = ((271.0, 184.0), (394.0, 271.0))


# --------------------------------------------------------------------------
# templates
# --------------------------------------------------------------------------


#: The looks a map can be drawn in: ``colour``, and ``bw`` (hatching instead of fills, for photocopies).
LOOKS = ("colour", "bw")


def load_style(m: FwMap | None = None, look: str = "colour") -> dict:
    """The campaign map's style sheet (never change the dict): in winter colours for a winter map,
    or laid over with style-bw.json for the black-and-white look."""
    return _style(m is not None and m.climate.season == "winter" and look == "colour", look)


@lru_cache(maxsize=None)
def _style(winter: bool, look: str = "colour") -> dict:
    style = load_style_sheet("fw-map", None if look == "colour" else look)
    if winter:  # a cold zone or a temperate winter (FW-7.3): the land under snow, the water under ice
        style = copy.deepcopy(style)
        w = style["winter"]
        for t, colours in style["terrain"].items():
            colours["fill"] = w["ice"] if t in WATER else _mix(colours["fill"], w["snow"], w["amount"])
        style["paper"] = w["paper"]
    return style


def _in_look(m: FwMap, style: dict) -> FwMap:
    """The map with its sides in the table's colours (:mod:`mapgen.sides`; black and grey in black and white).

    A black-and-white print never names a colour: a side named after its colour ("Red") goes by its letter there.
    """
    colours = style["sides"]
    named = colour_names() if style.get("greys") else frozenset()
    return replace(m, sides=[replace(side, color=colours.get(side.id, side.color), name=side.id if side.name in named else side.name)
                             for side in m.sides])


def _in_inks(root: ET.Element, style: dict, memo: dict | None = None) -> ET.Element:
    """``root`` in the look's inks: a copy in greys when the style sheet says ``greys`` (black and white, where the
    symbols' own colours, green trees or red lava, must go grey too), else ``root`` itself."""
    return greyed(root, memo) if style.get("greys") else root


@dataclass(frozen=True)
class Glyph:
    """Part of a symbol that can be left out as a whole; ``box`` is its extent in local units."""

    elements: tuple[ET.Element, ...]
    box: tuple[float, float, float, float]


@dataclass(frozen=True)
class Symbol:
    id: str
    color: str
    glyphs: tuple[Glyph, ...]


_PATH_TOKEN = re.compile(r"[A-Za-z]|-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def _element_box(el: ET.Element) -> tuple[float, float, float, float]:
    """Extent of one template shape, stroke included (absolute path commands only)."""
    tag = el.tag.replace(SVG_NS, "")
    a = el.attrib
    half = float(a.get("stroke-width", "0")) / 2 if a.get("stroke", "none") != "none" else 0.0
    xs: list[float] = []
    ys: list[float] = []
    if tag == "path":
        nums = []
        for tok in _PATH_TOKEN.findall(a["d"]):
            if tok.isalpha():
                if tok not in "MLQCZ":
                    raise ValueError(f"symbols.svg: path command {tok!r} unsupported; use absolute M L Q C Z")
            else:
                nums.append(float(tok))
        xs, ys = nums[0::2], nums[1::2]
    elif tag == "circle":
        cx, cy, r = float(a["cx"]), float(a["cy"]), float(a["r"])
        xs, ys = [cx - r, cx + r], [cy - r, cy + r]
    elif tag == "ellipse":
        cx, cy, rx, ry = float(a["cx"]), float(a["cy"]), float(a["rx"]), float(a["ry"])
        xs, ys = [cx - rx, cx + rx], [cy - ry, cy + ry]
    elif tag == "rect":
        x, y = float(a.get("x", 0)), float(a.get("y", 0))
        xs, ys = [x, x + float(a["width"])], [y, y + float(a["height"])]
    elif tag == "line":
        xs, ys = [float(a["x1"]), float(a["x2"])], [float(a["y1"]), float(a["y2"])]
    elif tag in ("polygon", "polyline"):
        nums = [float(v) for v in re.split(r"[\s,]+", a["points"].strip())]
        xs, ys = nums[0::2], nums[1::2]
    else:
        raise ValueError(f"symbols.svg: element <{tag}> unsupported")
    return min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half


def _union(boxes):
    boxes = list(boxes)
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


@lru_cache(maxsize=None)
def load_symbols() -> dict[str, Symbol]:
    """Every ``<g id>`` in symbols.svg; terrain symbols keep one glyph per sub-group."""
    return {symbol_id: _symbol(symbol_id) for symbol_id in _symbol_groups()}


@lru_cache(maxsize=None)
def _symbol_groups() -> dict[str, ET.Element]:
    """Each ``<g id>`` of symbols.svg as read, by its id (a later one of the same id wins)."""
    root = ET.fromstring(template_path("fw-map", "symbols.svg").read_bytes())
    return {g.attrib["id"]: g for g in root if g.tag.replace(SVG_NS, "") == "g" and "id" in g.attrib}


@lru_cache(maxsize=None)
def _symbol(symbol_id: str) -> Symbol:
    """One symbol of symbols.svg, its shapes cleaned and its glyphs' boxes measured when first drawn: a map
    draws a third of the 58 symbols, and measuring them all was a fifth of drawing a medium map."""
    g = _symbol_groups()[symbol_id]
    shapes = [c for c in g if c.tag.replace(SVG_NS, "") != "title"]
    subgroups = all(c.tag.replace(SVG_NS, "") == "g" for c in shapes)
    parts = [list(c) for c in shapes] if subgroups else [shapes]
    glyphs = []
    for part in parts:
        part = [c for c in part if c.tag.replace(SVG_NS, "") != "title"]
        if not part:
            continue
        box = _union(_element_box(c) for c in part)
        glyphs.append(Glyph(tuple(_clean(c) for c in part), box))
    return Symbol(symbol_id, g.attrib.get("color", "#000000"), tuple(glyphs))


@lru_cache(maxsize=None)
def _glyphs(symbol_id: str, color: str | None) -> tuple[tuple[tuple[ET.Element, ...], tuple[float, float, float, float]], ...]:
    """The symbol's glyphs with currentColor resolved: (elements, box) each."""
    sym = _symbol(symbol_id)
    col = color or sym.color
    return tuple((tuple(_recolor(e, col) for e in g.elements), g.box) for g in sym.glyphs)


def _circle_path(el: ET.Element) -> str:
    cx, cy, r = (float(el.get(k)) for k in ("cx", "cy", "r"))
    return (
        f"M {fmt(cx - r)} {fmt(cy)} A {fmt(r)} {fmt(r)} 0 1 0 {fmt(cx + r)} {fmt(cy)} "
        f"A {fmt(r)} {fmt(r)} 0 1 0 {fmt(cx - r)} {fmt(cy)} Z"
    )


@lru_cache(maxsize=None)
def _glyph_shapes(symbol_id: str, color: str | None) -> tuple[tuple[tuple[tuple | None, ET.Element, str | None], ...], ...]:
    """Per glyph of the symbol, each shape as (paint, element, outline): ``paint`` the attributes a merged path
    keeps and ``outline`` its path data, or both None for a shape that is never merged.

    Worked out once per symbol and colour: :func:`_symbol_elements` is asked for many choices of kept glyphs
    of the same symbol, which share their shapes.
    """
    out = []
    for els, _box in _glyphs(symbol_id, color):
        shapes = []
        for e in els:
            if e.tag in ("path", "circle") and len(e) == 0:
                paint = tuple(sorted((k, v) for k, v in e.attrib.items() if k not in ("d", "cx", "cy", "r")))
                shapes.append((paint, e, e.get("d") if e.tag == "path" else _circle_path(e)))
            else:
                shapes.append((None, e, None))
        out.append(tuple(shapes))
    return tuple(out)


@lru_cache(maxsize=4096)
def _symbol_elements(symbol_id: str, color: str | None, kept: tuple[bool, ...] | None = None) -> tuple[ET.Element, ...]:
    """The kept glyphs' shapes, with shapes of one paint merged into one path.

    A big map repeats each terrain symbol thousands of times (inline, no ``<use>``),
    so fewer, longer paths keep the file and the PDF small.
    Merging changes paint order only between glyphs, which the templates keep
    apart.  The result is cached and shared by every square that uses it.
    """
    groups: dict[tuple, list[tuple[ET.Element, str | None]]] = {}
    for i, shapes in enumerate(_glyph_shapes(symbol_id, color)):
        if kept is None or kept[i]:
            for paint, e, outline in shapes:
                groups.setdefault(("single", id(e)) if paint is None else ("shape", paint), []).append((e, outline))
    out = []
    for (kind, attrs), members in groups.items():
        if kind == "single" or len(members) == 1:
            out.extend(e for e, _outline in members)
            continue
        out.append(ET.Element("path", dict([("d", " ".join(outline for _e, outline in members)), *attrs])))
    return tuple(out)


# --------------------------------------------------------------------------
# small drawing helpers
# --------------------------------------------------------------------------


def _pts(points) -> str:
    return " ".join(f"{fmt(x)},{fmt(y)}" for x, y in points)


def _text(parent, x, y, words, size, **font) -> ET.Element:
    """Lettering in the campaign map's style sheet (its family and ink); ``font`` as for :func:`.text.text_attrs`."""
    return draw_text(parent, x, y, words, size, style=load_style(), **font)


def _place(parent, symbol_id, x, y, size, color=None, skip=None) -> ET.Element:
    """Copy a template symbol into ``parent`` with its 0..50 box at (x, y) and ``size`` wide."""
    k = size / BOX
    g = _el(parent, "g", transform=f"translate({fmt(x)},{fmt(y)}) scale({fmt(k)})" if k != 1 else f"translate({fmt(x)},{fmt(y)})")
    kept = None if skip is None else tuple(not skip(box) for _els, box in _glyphs(symbol_id, color))
    g.extend(_symbol_elements(symbol_id, color, kept))
    return g


def place_symbol(parent, symbol_id, x, y, size, color=None) -> ET.Element:
    """A template symbol with its 0..50 box at (x, y) (mm), ``size`` wide: for the drawing's other modules."""
    return _place(parent, symbol_id, x, y, size, color)


#: Where a capital's emblem sits in its 0..50 box (the middle of the keep), and its size there.
CAPITAL_EMBLEM = (25.0, 19.5, 15.0)


def place_capital(parent, x, y, size, color, side: str) -> ET.Element:
    """A capital: the castle in its side's colour with its side's emblem (:mod:`mapgen.sides`) on the keep.

    The emblem tells the two capitals apart where colour does not print (red and blue are one grey):
    side A's disc, side B's diamond, white with a dark edge on either colour.
    """
    g = _place(parent, "capital", x, y, size, color)
    cx, cy, e = CAPITAL_EMBLEM
    k = e / EMBLEM_BOX
    mark = _el(g, "g", transform=f"translate({fmt(cx - e / 2)},{fmt(cy - e / 2)}) scale({fmt(k)})")
    for part in load_counter_symbols()[fw_side_style(side).emblem]:
        shape = _recolor(part, "#ffffff")
        shape.set("stroke", "#1a1a1a")
        shape.set("stroke-width", fmt(1.1 / k))
        shape.set("stroke-linejoin", "round")
        mark.append(shape)
    return g


# --------------------------------------------------------------------------
# labels and names
# --------------------------------------------------------------------------


def _table_labels() -> dict[str, str]:
    labels: dict[str, str] = {}
    for table in ALL_TABLES:
        for band in table.bands:
            labels.setdefault(band.outcome, band.label)
    return labels


def _feature_label(name: str) -> str:
    short = load_style().get("short_labels", {})
    if name in short:
        return short[name]
    return _table_labels().get(name, name.replace("_", " ").capitalize())


def _feature_symbol(name: str) -> str:
    """The pictogram for a feature name: ``feature-<name>``, an alias from style.json, or the generic mark."""
    symbol = load_style().get("feature_symbols", {}).get(name, f"feature-{name}")
    return symbol if symbol in _symbol_groups() else "feature-generic"


def _band_label(tables, outcome: str) -> str:
    for table in tables:
        for band in table.bands:
            if band.outcome == outcome:
                return band.label
    return outcome.replace("_", " ").capitalize()


def _race(race: str) -> str:
    return race.replace("_", " ")


def _side_words(side) -> str:
    """``Red, humans`` (the side's name and race), or just the race when it has no name of its own."""
    if side.name and side.name != side.id:
        return f"{side.name}, {_race(side.race)}"
    return _race(side.race)


def _signed(v: int) -> str:
    return "0" if v == 0 else (f"+{v}" if v > 0 else f"\u2013{-v}")


def _kind(kind: str) -> str:
    """`` (rain)`` after a precipitation modifier; nothing for no weather."""
    return f" ({kind})" if kind and kind != "none" else ""


def id_font_size(style: dict, k: float) -> float:
    """The size (mm) of the square ids on squares ``k`` times 50 mm."""
    return style["grid"]["id_size"] * max(k, ID_LEAST_SCALE)


def square_id_baseline(x: float, y: float, k: float, size: float) -> tuple[float, float]:
    """Where the id of the square whose north-west corner is (x, y) (mm) starts its baseline."""
    return x + ID_AT[0] * k, y + ID_AT[1] * k + size * 0.8


def square_id_box(x: float, y: float, k: float, text: str, size: float) -> tuple[float, float, float, float]:
    """The box (mm) of the id ``text`` written in the square whose north-west corner is (x, y): ascenders to descenders.

    One place for where the ids go, read by the grid that writes them and by everything that must keep off them
    (the roads, the ranges' peaks, the counters on the status map).
    """
    return text_box(*square_id_baseline(x, y, k, size), text, size)


def _reserved(placed: list):
    """The boxes (square units) taken by a square's placed icons and plates, and its id's corner."""
    boxes = [ID_ZONE]
    for p in placed:
        boxes.append((p.x - 0.5, p.y - 0.5, p.x + p.size + 0.5, p.y + p.size + 0.5))
        if p.plate:
            x, y, w, h = p.plate
            boxes.append((x - 0.5, y - 0.5, x + w + 0.5, y + h + 0.5))
    return boxes


def _hits(boxes):
    def skip(b):
        return any(b[0] < r[2] and r[0] < b[2] and b[1] < r[3] and r[1] < b[3] for r in boxes)

    return skip
