"""Draw a Fantasy Warriors campaign map as a print-ready SVG at true scale.

The drawing reads an :class:`~mapgen.fw.model.FwMap` and decides nothing about
the game: every square, river, crossing, road, holding and configuration is
drawn where the map says.  One SVG unit is one millimetre and each square is
``m.square_mm`` wide, so the map prints at true scale.

Shapes come from ``templates/fw-map/symbols.svg`` and colours, widths and sizes
from ``templates/fw-map/style.json``: templates are data, and a player can
restyle the map without touching code.

The PDF writer (:mod:`.pdf_draw`, pure Python) draws no ``<pattern>`` fills and
draws a drawing with ``<use>`` whole, not a page at a time, so every symbol is copied inline into each square
under a ``transform`` and only plain shapes with ``fill``/``stroke`` attributes
are written (no CSS classes, filters or masks).  Elements are built with
:mod:`xml.etree` rather than svgwrite objects because a 200 x 200 map has
about a million of them; shared symbol elements are referenced, not copied.
"""

from __future__ import annotations

import json
import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, replace
from functools import lru_cache

import numpy as np


from ..fw.model import FwMap
from ..fw.rules import (
    ALL_TABLES,
    CLIMATE,
    CONFIG_TERRAIN,
    HOLDING_FEATURE,
    BURIAL_OBJECT,
    REGION,
    RIVER_MOVEMENT,
    ROAD_MOVEMENT,
    SEASON_TEMPERATE,
    SEASON_TORRID,
    TERRAIN,
    WATER,
    WATERCOURSE_NAMES,
)
from ..grid import col_letters, shared_edge, square_id
from . import fonts
from .fw_ranges import RANGES, links, midpoint_in
from .fw_rivers import draw_rivers, path_d, ribbon, river_edges
from .hatch import hatch_dots, hatch_lines
from .svgdoc import SvgDoc, fmt
from .templates import Raw as _Raw, clean as _clean, el as _el, recolor as _recolor, template_path, SVG_NS, wrap, balanced_columns, column_height, flow_columns

__all__ = ["render_fw_map", "fw_map_layout", "FwMapLayout", "template_path", "load_style", "load_symbols"]

LAYERS = ("Background", "Terrain", "Territory", "Rivers", "Roads", "Crossings", "Features", "Holdings", "Grid", "Names", "Legend")
#: Symbols are drawn in a 0..BOX box; one box is one square.
BOX = 50.0
#: Real-world length of one square (FW-2.1 [NT-note]: one day's march).
KM_PER_SQUARE = 50
#: Where the square name sits (local units): terrain glyphs keep out of it.
ID_ZONE = (0.0, 0.0, 14.0, 7.5)
#: Sheet steps of tiled A4 and A3 prints (printable area less a 10 mm overlap), used only to choose
#: where the legend goes.
_TILES_MM = ((271.0, 184.0), (394.0, 271.0))


# --------------------------------------------------------------------------
# templates
# --------------------------------------------------------------------------


#: The looks a map can be drawn in: ``colour``, and ``bw`` (hatching instead of fills, for photocopies).
LOOKS = ("colour", "bw")


def load_style(m: FwMap | None = None, look: str = "colour") -> dict:
    """templates/fw-map/style.json (read once; never change the dict): in winter colours for a winter map,
    or laid over with style-bw.json for the black-and-white look."""
    return _style(m is not None and m.climate.season == "winter" and look == "colour", look)


@lru_cache(maxsize=None)
def _style(winter: bool, look: str = "colour") -> dict:
    style = json.loads(template_path("fw-map", "style.json").read_text(encoding="utf-8"))
    if look == "bw":
        _overlay(style, json.loads(template_path("fw-map", "style-bw.json").read_text(encoding="utf-8")))
    if winter:  # a cold zone or a temperate winter (FW-7.3): the land under snow, the water under ice
        w = style["winter"]
        for t, colours in style["terrain"].items():
            colours["fill"] = w["ice"] if t in WATER else _mix(colours["fill"], w["snow"], w["amount"])
        style["paper"] = w["paper"]
    return style


def _overlay(base: dict, over: dict) -> None:
    """Lay ``over`` onto ``base``, dict by dict (a style variant names only what it changes)."""
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            _overlay(base[key], value)
        elif not key.startswith("_"):
            base[key] = value


def _in_look(m: FwMap, style: dict) -> FwMap:
    """The map with its sides in the look's colours (black and grey in black and white); the map's own are kept."""
    colours = style.get("sides")
    if not colours:
        return m
    return replace(m, sides=[replace(side, color=colours.get(side.id, side.color)) for side in m.sides])


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
    root = ET.fromstring(template_path("fw-map", "symbols.svg").read_bytes())
    symbols: dict[str, Symbol] = {}
    for g in root:
        if g.tag.replace(SVG_NS, "") != "g" or "id" not in g.attrib:
            continue
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
        symbols[g.attrib["id"]] = Symbol(g.attrib["id"], g.attrib.get("color", "#000000"), tuple(glyphs))
    return symbols


@lru_cache(maxsize=None)
def _glyphs(symbol_id: str, color: str | None) -> tuple[tuple[tuple[ET.Element, ...], tuple[float, float, float, float]], ...]:
    """The symbol's glyphs with currentColor resolved: (elements, box) each."""
    sym = load_symbols()[symbol_id]
    col = color or sym.color
    return tuple((tuple(_recolor(e, col) for e in g.elements), g.box) for g in sym.glyphs)


def _circle_path(el: ET.Element) -> str:
    cx, cy, r = (float(el.get(k)) for k in ("cx", "cy", "r"))
    return (
        f"M {fmt(cx - r)} {fmt(cy)} A {fmt(r)} {fmt(r)} 0 1 0 {fmt(cx + r)} {fmt(cy)} "
        f"A {fmt(r)} {fmt(r)} 0 1 0 {fmt(cx - r)} {fmt(cy)} Z"
    )


@lru_cache(maxsize=4096)
def _symbol_elements(symbol_id: str, color: str | None, kept: tuple[bool, ...] | None = None) -> tuple[ET.Element, ...]:
    """The kept glyphs' shapes, with shapes of one paint merged into one path.

    A big map repeats each terrain symbol thousands of times (inline, no ``<use>``),
    so fewer, longer paths keep the file and the PDF small.
    Merging changes paint order only between glyphs, which the templates keep
    apart.  The result is cached and shared by every square that uses it.
    """
    shapes = [e for i, (els, _box) in enumerate(_glyphs(symbol_id, color)) if kept is None or kept[i] for e in els]
    groups: dict[tuple, list[ET.Element]] = {}
    for e in shapes:
        if e.tag in ("path", "circle") and len(e) == 0:
            attrs = tuple(sorted((k, v) for k, v in e.attrib.items() if k not in ("d", "cx", "cy", "r")))
            groups.setdefault(("shape", attrs), []).append(e)
        else:
            groups.setdefault(("single", id(e)), []).append(e)
    out = []
    for (kind, attrs), members in groups.items():
        if kind == "single" or len(members) == 1:
            out.extend(members)
            continue
        d = " ".join(m.get("d") if m.tag == "path" else _circle_path(m) for m in members)
        out.append(ET.Element("path", dict([("d", d), *attrs])))
    return tuple(out)


# --------------------------------------------------------------------------
# small drawing helpers
# --------------------------------------------------------------------------


def _pts(points) -> str:
    return " ".join(f"{fmt(x)},{fmt(y)}" for x, y in points)


def _text_width(text: str, size: float, bold: bool = False) -> float:
    return fonts.width(text, size, bold)


def _wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    return wrap(text, width, lambda line: _text_width(line, size, bold))


def _text(parent, x, y, text, size, *, anchor="start", bold=False, fill="#1a1a1a", transform=None):
    style = load_style()
    el = _el(
        parent,
        "text",
        x=x,
        y=y,
        font_family=style["font_family"],
        font_size=size,
        font_weight="bold" if bold else None,
        text_anchor=anchor if anchor != "start" else None,
        fill=fill,
        transform=transform,
    )
    el.text = text
    return el


def _mix(color: str, other: str, t: float) -> str:
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


def _place(parent, symbol_id, x, y, size, color=None, skip=None) -> ET.Element:
    """Copy a template symbol into ``parent`` with its 0..50 box at (x, y) and ``size`` wide."""
    k = size / BOX
    g = _el(parent, "g", transform=f"translate({fmt(x)},{fmt(y)}) scale({fmt(k)})" if k != 1 else f"translate({fmt(x)},{fmt(y)})")
    kept = None if skip is None else tuple(not skip(box) for _els, box in _glyphs(symbol_id, color))
    g.extend(_symbol_elements(symbol_id, color, kept))
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
    symbols = load_symbols()
    symbol = load_style().get("feature_symbols", {}).get(name, f"feature-{name}")
    return symbol if symbol in symbols else "feature-generic"


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


# --------------------------------------------------------------------------
# layout
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class FwMapLayout:
    """Where everything goes, in millimetres from the top-left of the drawing."""

    width_mm: float
    height_mm: float
    grid_x: float
    grid_y: float
    grid_w: float
    grid_h: float
    margin: float  # from the grid frame to the map block edge, each side
    title_y: float
    legend_side: str  # "right" or "below"
    legend_x: float
    legend_y: float
    legend_columns: tuple[tuple[int, int], ...]  # (first, end) block index per column
    legend_w: float
    legend_h: float


@dataclass
class _Block:
    height: float
    draw: object  # callable(parent, x, y, width)
    heading: bool = False


def _tiles(w: float, h: float) -> int:
    """Sheets needed on A4 plus sheets needed on A3, each in its better orientation."""
    return sum(min(math.ceil(w / pw) * math.ceil(h / ph), math.ceil(w / ph) * math.ceil(h / pw)) for pw, ph in _TILES_MM)


def _layout(m: FwMap, blocks: list[_Block]) -> FwMapLayout:
    st = load_style()["layout"]
    pad, title_h, gap, colw = st["pad"], st["title_height"], st["legend_gap"], st["legend_column_width"]
    margin = st["label_band"] + st["strip_band"]
    gw, gh = m.width * m.square_mm, m.height * m.square_mm
    mw, mh = gw + 2 * margin, gh + 2 * margin
    top = pad + title_h

    # right of the map: as few columns as the map block's height allows, balanced
    cols_r = balanced_columns(blocks, len(flow_columns(blocks, max(mh, 150.0))))
    lw_r = len(cols_r) * colw + (len(cols_r) - 1) * gap
    lh_r = column_height(blocks, cols_r)
    right = (pad + mw + gap + lw_r + pad, top + max(mh, lh_r) + pad)

    # below the map: as many columns as fit under it, balanced
    cols_b = balanced_columns(blocks, max(1, int((mw + gap) // (colw + gap))))
    lw_b = len(cols_b) * colw + (len(cols_b) - 1) * gap
    lh_b = column_height(blocks, cols_b)
    below = (pad + max(mw, lw_b) + pad, top + mh + gap + lh_b + pad)

    min_w = _title_min_width()
    right = (max(right[0], min_w), right[1])
    below = (max(below[0], min_w), below[1])
    prefer_right = m.width >= m.height
    key_r = (_tiles(*right), 0 if prefer_right else 1)
    key_b = (_tiles(*below), 1 if prefer_right else 0)
    if key_r <= key_b:
        return FwMapLayout(right[0], right[1], pad + margin, top + margin, gw, gh, margin, pad, "right",
                           pad + mw + gap, top, tuple(cols_r), lw_r, lh_r)
    return FwMapLayout(below[0], below[1], pad + margin, top + margin, gw, gh, margin, pad, "below",
                       pad, top + mh + gap, tuple(cols_b), lw_b, lh_b)


def fw_map_layout(m: FwMap) -> FwMapLayout:
    """The drawing's size and the position of the grid, title and legend."""
    return _layout(m, _legend_blocks(m, _content(m)[1]))


# --------------------------------------------------------------------------
# what each square holds
# --------------------------------------------------------------------------

#: Configurations that give their square its terrain (rules.CONFIG_TERRAIN) but are more than
#: it, so they keep their mark: a sacred wood, a farm, a village.
_MORE_THAN_TERRAIN = frozenset({"enchanted_wood", "farm", "village"})
#: The other configurations only restate their square's terrain: the terrain symbol shows them.
_RESTATES = {name: t for name, t in CONFIG_TERRAIN.items() if name not in _MORE_THAN_TERRAIN}


@dataclass
class _Item:
    kind: str  # "holding", "capital" or "feature"
    symbol: str
    label: str
    color: str | None = None
    letter: str = ""
    name: str = ""  # feature name, for the legend
    title: str = ""  # a bold first line: the holding's name (or "Capital A" on a map from before names)


@dataclass
class _Placed:
    item: _Item
    x: float  # icon box left, local units
    y: float
    size: float
    lines: list[str]
    label_x: float
    label_y: float  # first baseline
    font: float
    plate: tuple[float, float, float, float] | None
    title_lines: int = 0  # the first lines are the title, bold at title_font
    title_font: float = 0.0

    def baselines(self) -> list[tuple[str, float, float, bool]]:
        """Each line with its baseline, size and boldness: the title's lines, then the label's."""
        out, y = [], self.label_y
        for j, line in enumerate(self.lines):
            size = self.title_font if j < self.title_lines else self.font
            if j == self.title_lines and j:
                y += (self.font - self.title_font) * 0.8  # the smaller lines sit closer under the title
            out.append((line, y, size, j < self.title_lines))
            y += size * 1.15
        return out


def _drawn_elsewhere(m: FwMap, sq, name: str, crossing_squares, holding_squares) -> bool:
    """Whether a feature name is already shown by the map's own lines, crossings, holdings or terrain."""
    col, row = sq
    if name in WATERCOURSE_NAMES:  # a bare feature, not a configuration: the square's river shows it
        return bool(m.river[row, col])
    if name in ("road", "caravan_track"):
        return bool(m.road[row, col])
    if name in ("bridge", "ford"):
        return (sq, name) in crossing_squares
    if name in ("holding", "capital"):
        return sq in holding_squares
    terrain = m.terrain_at(sq)
    return name == terrain or _RESTATES.get(name) == terrain


def _content(m: FwMap):
    """Per square: what to draw over the terrain; and every feature name drawn (for the legend)."""
    crossing_squares = {(s, c.kind) for c in m.crossings for s in c.squares}
    holding_squares = {h.square for h in m.holdings}
    items: dict[tuple[int, int], list[_Item]] = {}
    used: set[str] = set()

    def feature_item(sq, name):
        symbol = _feature_symbol(name)
        used.add(name)
        items.setdefault(sq, []).append(_Item("feature", symbol, _feature_label(name), name=name))

    for h in sorted(m.holdings, key=lambda h: (h.square[1], h.square[0], not h.capital)):
        side = next((s for s in m.sides if s.id == h.side), None)
        color = side.color if side else "#555555"
        label = _band_label([HOLDING_FEATURE], h.feature) if h.feature else ""
        if h.detail:
            label = f"{label} ({_band_label([BURIAL_OBJECT], h.detail)})" if label else _band_label([BURIAL_OBJECT], h.detail)
        kind = "capital" if h.capital else "holding"
        title = h.name or (f"Capital {h.side}" if h.capital else "")
        items.setdefault(h.square, []).append(_Item(kind, kind, label, color, h.side, title=title))
    seen: set[tuple[tuple[int, int], str]] = set()
    drawn: set[tuple[tuple[int, int], str]] = set()  # configurations the map's own lines already show
    for c in sorted(m.configs, key=lambda c: (c.square[1], c.square[0], c.name)):
        if (c.square, c.name) in seen:
            continue
        if c.name in WATERCOURSE_NAMES:
            # Only a watercourse that drew its own river is on the map; a second one (FW-11.6,
            # laid on the battlefield beside the square's river) needs its mark.
            if c.watercourse == "new":
                drawn.add((c.square, c.name))
                continue
        elif _drawn_elsewhere(m, c.square, c.name, crossing_squares, holding_squares):
            continue
        seen.add((c.square, c.name))
        feature_item(c.square, c.name)
    for sq in sorted(m.features, key=lambda s: (s[1], s[0])):
        for name in m.features[sq]:
            if (sq, name) in seen or (sq, name) in drawn or _drawn_elsewhere(m, sq, name, crossing_squares, holding_squares):
                continue
            seen.add((sq, name))
            feature_item(sq, name)
    placed = {sq: _arrange(lst) for sq, lst in items.items()}
    return placed, sorted(used)


def _arrange(items: list[_Item]) -> list[_Placed]:
    """Icons in a row (two rows past three), each with its label wrapped beneath it."""
    st = load_style()
    sizes, labels = st["sizes"], st["labels"]
    n = len(items)
    per_row = n if n <= 3 else math.ceil(n / 2)
    nrows = math.ceil(n / per_row)
    shrink = 1.0 if n == 1 else (0.78 if nrows == 1 else 0.6)
    col_w = (34.0 if n == 1 else 44.0) / per_row
    left0 = 25 - col_w * per_row / 2
    placed: list[_Placed] = []
    row_tops = [9.0 if nrows == 1 else 7.0 + r * 20.0 for r in range(nrows)]
    max_lines = 4 if nrows == 1 else 2
    for i, it in enumerate(items):
        r, c = divmod(i, per_row)
        cx = left0 + col_w * (c + 0.5)
        size = {"capital": sizes["capital"], "holding": sizes["holding"]}.get(it.kind, sizes["feature_icon"]) * shrink
        scale = 1.0 if n == 1 else 0.9
        head, title_font = _title_lines(it.title, col_w - 1, labels["holding_size"] * scale)
        # a holding's feature goes under its name in the smaller size (issue 11)
        font = (labels["feature_size"] if it.kind == "feature" or head else labels["holding_size"]) * scale
        room = max(1, max_lines - len(head))
        lines = _wrap(it.label, col_w - 1, font) if it.label else []
        while len(lines) > room and font > 1.6:
            font *= 0.88
            lines = _wrap(it.label, col_w - 1, font)
        text_h = len(head) * title_font * 1.15 + len(lines) * font * 1.15
        top = row_tops[r] + (sizes["capital"] * shrink - size) / 2 if nrows == 1 else row_tops[r]
        if n == 1:
            # centre the icon-plus-label block in the square
            block = size + 1.5 + text_h
            top = max(8.0, min(25 - block / 2, 47 - block))
        first = title_font if head else font
        label_y = top + size + 1.2 + first * 0.8
        plate = None
        all_lines = head + lines
        if all_lines:
            w = max(_text_width(ln, title_font if j < len(head) else font, j < len(head)) for j, ln in enumerate(all_lines))
            h = text_h + (font - title_font) * 0.8 * bool(head and lines)
            plate = (cx - w / 2 - 0.8, label_y - first * 0.85, w + 1.6, h)
        placed.append(_Placed(it, cx - size / 2, top, size, all_lines, cx, label_y, font, plate, len(head), title_font))
    return placed


#: The smallest size of a holding's name on a 50 mm square (issue 11: legible at 2.5 mm).
NAME_MIN_MM = 2.5


def _title_lines(title: str, width: float, size: float) -> tuple[list[str], float]:
    """A holding's name on one line, smaller down to NAME_MIN_MM if need be, else on two."""
    if not title:
        return [], size
    while _text_width(title, size, True) > width and size > NAME_MIN_MM:
        size = max(NAME_MIN_MM, size * 0.94)
    if _text_width(title, size, True) <= width:
        return [title], size
    return _wrap(title, width, size, True), size


def _reserved(placed: list[_Placed]):
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


# --------------------------------------------------------------------------
# the drawing
# --------------------------------------------------------------------------


def render_fw_map(m: FwMap, look: str = "colour") -> SvgDoc:
    """The campaign map as an SVG document (1 unit = 1 mm) with Inkscape layers, in ``look`` (:data:`LOOKS`)."""
    style = load_style(m, look)
    m = _in_look(m, style)
    placed, used = _content(m)
    blocks = _legend_blocks(m, used, look)
    lay = _layout(m, blocks)
    doc = SvgDoc(lay.width_mm, lay.height_mm, title=f"Fantasy Warriors campaign map, seed {m.seed}")
    roots = {name: ET.Element("g") for name in LAYERS}
    from .fw_names import draw_names, layout_names, reserved_boxes  # it builds on this module's layout

    names = layout_names(m, lay, placed)

    _draw_background(roots["Background"], lay, style)
    _draw_terrain(roots["Terrain"], m, lay, placed, style, reserved_boxes(m, lay, names))
    _draw_territory(roots["Territory"], m, lay, style)
    _draw_rivers(roots["Rivers"], m, lay, style)
    _draw_roads(roots["Roads"], m, lay, style)
    _draw_crossings(roots["Crossings"], m, lay, style)
    _draw_items(roots["Features"], roots["Holdings"], m, lay, placed, style)
    _draw_grid(roots["Grid"], m, lay, style)
    draw_names(roots["Names"], names)
    _draw_title(roots["Legend"], m, lay, style)
    _draw_legend(roots["Legend"], lay, blocks, style)

    for name in LAYERS:
        layer = doc.layer(name)
        for child in roots[name]:
            layer.add(_Raw(child))
    return doc


def _sq_origin(lay: FwMapLayout, m: FwMap, col: int, row: int) -> tuple[float, float]:
    return lay.grid_x + col * m.square_mm, lay.grid_y + row * m.square_mm


def _corner(lay, m, p) -> tuple[float, float]:
    return lay.grid_x + p[0] * m.square_mm, lay.grid_y + p[1] * m.square_mm


def _centre(lay, m, sq) -> tuple[float, float]:
    return lay.grid_x + (sq[0] + 0.5) * m.square_mm, lay.grid_y + (sq[1] + 0.5) * m.square_mm


def _local(lay, m, col, row, parent) -> ET.Element:
    x, y = _sq_origin(lay, m, col, row)
    k = m.square_mm / BOX
    tr = f"translate({fmt(x)},{fmt(y)})" + (f" scale({fmt(k)})" if k != 1 else "")
    return _el(parent, "g", transform=tr)


def _draw_background(root, lay, style):
    _el(root, "rect", x=0, y=0, width=lay.width_mm, height=lay.height_mm, fill=style["paper"], stroke="none")


def _draw_terrain(root, m: FwMap, lay, placed, style, names=None):
    """Fills, shoreline and terrain glyphs; a glyph under an icon, a plate or a name (``names``: boxes per square) is left out."""
    terr = style["terrain"]
    s = m.square_mm
    k = s / BOX
    # fills first, merged into horizontal runs of equal terrain
    for row in range(m.height):
        col = 0
        while col < m.width:
            t = str(m.terrain[row, col])
            end = col + 1
            while end < m.width and str(m.terrain[row, end]) == t:
                end += 1
            x, y = _sq_origin(lay, m, col, row)
            fill = terr.get(t, {"fill": "#ffffff"})["fill"]
            _el(root, "rect", x=x, y=y, width=(end - col) * s, height=s, fill=fill, stroke="none")
            _hatch(root, terr.get(t, {}), x, y, (end - col) * s, s, k)
            col = end
    _draw_shallows(root, m, lay, style)
    # shoreline: the edges between water and land squares
    shore = style.get("shore")
    if shore:
        water = np.isin(m.terrain.astype(str), sorted(WATER))
        d = []
        for row, col in zip(*np.nonzero(water[:, 1:] != water[:, :-1])):
            x, y = _sq_origin(lay, m, int(col) + 1, int(row))
            d.append(f"M {fmt(x)} {fmt(y)} L {fmt(x)} {fmt(y + s)}")
        for row, col in zip(*np.nonzero(water[1:, :] != water[:-1, :])):
            x, y = _sq_origin(lay, m, int(col), int(row) + 1)
            d.append(f"M {fmt(x)} {fmt(y)} L {fmt(x + s)} {fmt(y)}")
        if d:
            _el(root, "path", d=" ".join(d), fill="none", stroke=shore["color"], stroke_width=shore["width"], stroke_linecap="round")
    ranges = links(m)
    astride: dict[tuple[int, int], list] = {}  # the range's peaks standing across each square's edge, local boxes
    for kind, a, b in ranges:
        if kind in terr:
            for sq in (a, b):
                astride.setdefault(sq, []).append(_astride_box(kind, terr, midpoint_in(sq, a, b, BOX)))
    base_skip = _hits([ID_ZONE])
    base_kept = {t: tuple(not base_skip(box) for _els, box in _glyphs(t, terr[t]["ink"])) for t in terr}
    for row in range(m.height):
        for col in range(m.width):
            t = str(m.terrain[row, col])
            if t not in terr:
                continue
            x, y = _sq_origin(lay, m, col, row)
            content = placed.get((col, row))
            over = (names or {}).get((col, row))
            if content or over or (col, row) in astride:
                skip = _hits(_reserved(content or []) + (over or []) + astride.get((col, row), []))
                kept = tuple(not skip(box) for _els, box in _glyphs(t, terr[t]["ink"]))
            else:
                kept = base_kept[t]
            g = _el(root, "g", transform=f"translate({fmt(x)},{fmt(y)})" + (f" scale({fmt(k)})" if k != 1 else ""))
            g.extend(_symbol_elements(t, terr[t]["ink"], kept))
    for kind, a, b in ranges:  # then the peaks astride the edges, so the chain runs on as one range
        if kind not in terr:
            continue
        part, share = RANGES[kind]
        els, (bx0, by0, bx1, by1) = _glyphs(kind, terr[kind]["ink"])[part]
        mx, my = midpoint_in(a, a, b, BOX)
        x, y = _sq_origin(lay, m, *a)
        ks = k * share
        tx, ty = x + mx * k - (bx0 + bx1) / 2 * ks, y + my * k - (by0 + by1) / 2 * ks
        g = _el(root, "g", transform=f"translate({fmt(tx)},{fmt(ty)}) scale({fmt(ks)})", data_range=kind)
        g.extend(els)


def _astride_box(kind: str, terr: dict, mid: tuple[float, float]) -> tuple[float, float, float, float]:
    """The box (square units) of the range's peak standing at ``mid`` on a square's edge, with a little air."""
    part, share = RANGES[kind]
    _els, (bx0, by0, bx1, by1) = _glyphs(kind, terr[kind]["ink"])[part]
    hw, hh = (bx1 - bx0) * share / 2 + 1.0, (by1 - by0) * share / 2 + 1.0
    return mid[0] - hw, mid[1] - hh, mid[0] + hw, mid[1] + hh


def _hatch(root, colours: dict, x: float, y: float, w: float, h: float, k: float) -> None:
    """The terrain's hatching over a run of squares (the black-and-white look), ``k`` the squares' scale."""
    spec = colours.get("hatch")
    if not spec:
        return
    spacing, width, ink = spec["spacing"] * k, spec["width"] * k, colours.get("ink", "#000000")
    d = [f"M {fmt(a)} {fmt(b)} L {fmt(c)} {fmt(e)}" for a, b, c, e in hatch_lines(spec["kind"], x, y, w, h, spacing)]
    if d:
        _el(root, "path", d=" ".join(d), fill="none", stroke=ink, stroke_width=width)
    for cx, cy in hatch_dots(spec["kind"], x, y, w, h, spacing, margin=width):
        _el(root, "circle", cx=cx, cy=cy, r=width, fill=ink, stroke="none")


def _draw_shallows(root, m: FwMap, lay, style):
    """Coasts: a band of shallow water along every water square's edge that meets land."""
    sh = style["shallows"]
    s = m.square_mm
    band = sh["width"] * s / BOX
    water = np.isin(m.terrain.astype(str), sorted(WATER))
    for row, col in zip(*np.nonzero(water)):
        x, y = _sq_origin(lay, m, int(col), int(row))
        for dc, dr, rect in ((-1, 0, (x, y, band, s)), (1, 0, (x + s - band, y, band, s)),
                             (0, -1, (x, y, s, band)), (0, 1, (x, y + s - band, s, band))):
            c, r = int(col) + dc, int(row) + dr
            if 0 <= c < m.width and 0 <= r < m.height and not water[r, c]:
                _el(root, "rect", x=rect[0], y=rect[1], width=rect[2], height=rect[3], fill=sh["color"], stroke="none")


def _territory_runs(m: FwMap):
    """('x', runs) when bands are columns, ('y', runs) when rows, else (None, []); runs are (value, start, end)."""
    ter = m.territory
    if m.height and all((ter[:, c] == ter[0, c]).all() for c in range(m.width)):
        line, axis = [str(ter[0, c]) for c in range(m.width)], "x"
    elif m.width and all((ter[r, :] == ter[r, 0]).all() for r in range(m.height)):
        line, axis = [str(ter[r, 0]) for r in range(m.height)], "y"
    else:
        return None, []
    runs = []
    start = 0
    for i in range(1, len(line) + 1):
        if i == len(line) or line[i] != line[start]:
            runs.append((line[start], start, i))
            start = i
    return axis, runs


def _territory_name(m: FwMap, t: str) -> str:
    if t == "N":
        return "Neutral territory"
    side = next((s for s in m.sides if s.id == t), None)
    return f"Side {t} territory ({_side_words(side)})" if side else f"Side {t} territory"


def _territory_color(m: FwMap, t: str) -> str | None:
    side = next((s for s in m.sides if s.id == t), None)
    return side.color if side else None


def _draw_territory(root, m: FwMap, lay, style):
    """Territory as a bold boundary line and labelled bands along the map edges.

    The squares keep their terrain colour whatever the territory (issue 11): a
    tint over them turned the sea purple-grey and the plain pink in one side's
    third, and the legend could show neither.
    """
    ts = style["territory"]
    s = m.square_mm
    ter = m.territory
    # boundaries: unit edges between squares of different territory, merged into straight runs
    vertical: dict[int, list[int]] = {}
    horizontal: dict[int, list[int]] = {}
    for row in range(m.height):
        for col in range(m.width):
            if col + 1 < m.width and ter[row, col] != ter[row, col + 1]:
                vertical.setdefault(col + 1, []).append(row)
            if row + 1 < m.height and ter[row, col] != ter[row + 1, col]:
                horizontal.setdefault(row + 1, []).append(col)
    dash = " ".join(fmt(v) for v in ts["boundary_dash"])

    def runs(values):
        values = sorted(values)
        start = prev = values[0]
        for v in values[1:]:
            if v != prev + 1:
                yield start, prev + 1
                start = v
            prev = v
        yield start, prev + 1

    common = dict(stroke=ts["boundary_color"], stroke_width=ts["boundary_width"], stroke_dasharray=dash, fill="none", stroke_linecap="butt")
    for x in sorted(vertical):
        for a, b in runs(vertical[x]):
            (x0, y0), (x1, y1) = _corner(lay, m, (x, a)), _corner(lay, m, (x, b))
            _el(root, "line", x1=x0, y1=y0, x2=x1, y2=y1, **common)
    for y in sorted(horizontal):
        for a, b in runs(horizontal[y]):
            (x0, y0), (x1, y1) = _corner(lay, m, (a, y)), _corner(lay, m, (b, y))
            _el(root, "line", x1=x0, y1=y0, x2=x1, y2=y1, **common)

    # labelled strips in the outer margin, along the bands
    axis, band_runs = _territory_runs(m)
    if axis is None:
        return
    strip = style["layout"]["strip_band"]
    out = lay.margin
    size = ts["label_size"]
    for t, a, b in band_runs:
        color = _territory_color(m, t)
        fill = _mix(color, "#ffffff", ts["strip_tint"]) if color else ts["neutral_strip"]
        name = _territory_name(m, t)
        length = (b - a) * s
        # shorten the words until they fit the band
        label = name
        fs = size
        while _text_width(label, fs, True) > length - 4 and fs > 2.2:
            fs *= 0.9
        if _text_width(label, fs, True) > length - 4:
            label = "Neutral" if t == "N" else f"Side {t}"
        if axis == "x":
            x0 = lay.grid_x + a * s
            for y0 in (lay.grid_y - out, lay.grid_y + lay.grid_h + out - strip):
                _el(root, "rect", x=x0, y=y0, width=length, height=strip, fill=fill, stroke=color or "#999999", stroke_width=0.3)
                _text(root, x0 + length / 2, y0 + strip / 2 + fs * 0.35, label, fs, anchor="middle", bold=True)
        else:
            y0 = lay.grid_y + a * s
            for x0 in (lay.grid_x - out, lay.grid_x + lay.grid_w + out - strip):
                _el(root, "rect", x=x0, y=y0, width=strip, height=length, fill=fill, stroke=color or "#999999", stroke_width=0.3)
                cx, cy = x0 + strip / 2 + fs * 0.35, y0 + length / 2
                _text(root, 0, 0, label, fs, anchor="middle", bold=True, transform=f"translate({fmt(cx)},{fmt(cy)}) rotate(-90)")


def _river_points(m: FwMap, lay, river) -> list[tuple[float, float]]:
    pts = [_corner(lay, m, p) for p in river.points]
    if river.mouth in ("lake", "sea") and len(river.points) >= 2:
        (x, y), (px, py) = river.points[-1], river.points[-2]
        dx, dy = x - px, y - py
        best = None
        for sq in ((x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)):
            if m.in_bounds(sq) and m.terrain_at(sq) in WATER:
                cx, cy = sq[0] + 0.5 - x, sq[1] + 0.5 - y
                score = cx * dx + cy * dy
                if best is None or score > best[0]:
                    best = (score, sq)
        if best is not None:
            frac = load_style()["river"]["mouth_length"]
            cx, cy = _centre(lay, m, best[1])
            ex, ey = pts[-1]
            pts.append((ex + (cx - ex) * frac * 2, ey + (cy - ey) * frac * 2))
    return pts


def _draw_rivers(root, m: FwMap, lay, style):
    draw_rivers(root, m, lay, style, _corner, _river_points, _el)


def _draw_roads(root, m: FwMap, lay, style):
    rs = style["road"]
    lines = [[_centre(lay, m, sq) for sq in r.squares] for r in m.roads if len(r.squares) >= 2]
    for color, width in ((rs["casing"], rs["casing_width"]), (rs["color"], rs["width"])):
        for pts in lines:
            _el(root, "polyline", points=_pts(pts), fill="none", stroke=color, stroke_width=width,
                stroke_linejoin="round", stroke_linecap="round")


def _draw_crossings(root, m: FwMap, lay, style):
    k = m.square_mm / BOX * style["sizes"]["crossing"]
    for c in sorted(m.crossings, key=lambda c: (sorted(c.squares), c.kind)):
        try:
            p, q = shared_edge(*c.squares)
        except ValueError:
            continue
        (x0, y0), (x1, y1) = _corner(lay, m, p), _corner(lay, m, q)
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        rot = "" if p[0] == q[0] else " rotate(90)"
        g = _el(root, "g", transform=f"translate({fmt(mx)},{fmt(my)}){rot} scale({fmt(k)}) translate(-25,-25)")
        g.extend(_symbol_elements(f"crossing-{c.kind}", None))


def _draw_items(feat_root, hold_root, m: FwMap, lay, placed, style):
    ls = style["labels"]
    ink = style["ink"]
    for sq in sorted(placed, key=lambda s: (s[1], s[0])):
        groups = {}
        for p in placed[sq]:
            is_holding = p.item.kind in ("holding", "capital")
            root = hold_root if is_holding else feat_root
            if id(root) not in groups:
                groups[id(root)] = _local(lay, m, sq[0], sq[1], root)
            g = groups[id(root)]
            if is_holding:
                _place(g, p.item.symbol, p.x, p.y, p.size, p.item.color)
                if p.item.letter:
                    if p.item.kind == "holding":
                        _text(g, p.x + p.size / 2, p.y + p.size * 0.78, p.item.letter, p.size * 0.4, anchor="middle", bold=True, fill=p.item.color)
                    else:
                        _text(g, p.x + p.size / 2, p.y + p.size * 0.88, p.item.letter, p.size * 0.14, anchor="middle", bold=True, fill="#1a1a1a")
            else:
                r = p.size / 2
                cx, cy = p.x + r, p.y + r
                _el(g, "circle", cx=cx, cy=cy, r=r, fill=ls["icon_plate_fill"], stroke=ls["icon_plate_stroke"], stroke_width=ls["icon_plate_width"])
                inner = p.size * 0.74
                _place(g, p.item.symbol, cx - inner / 2, cy - inner / 2, inner)
            if p.lines:
                x, y, w, h = p.plate
                _el(g, "rect", x=x, y=y, width=w, height=h, rx=0.8, fill=ls["plate_fill"], fill_opacity=ls["plate_opacity"], stroke="none")
                for line, base, size, bold in p.baselines():
                    _text(g, p.label_x, base, line, size, anchor="middle", bold=bold, fill=ink)


def _draw_grid(root, m: FwMap, lay, style):
    gs = style["grid"]
    s = m.square_mm
    x0, y0, w, h = lay.grid_x, lay.grid_y, lay.grid_w, lay.grid_h
    d = []
    wet = river_edges(m)  # a river is its edge: no grid line down the middle of the water
    for c in range(1, m.width):
        for a, b in _dry_runs([frozenset(((c, r), (c, r + 1))) in wet for r in range(m.height)]):
            d.append(f"M {fmt(x0 + c * s)} {fmt(y0 + a * s)} L {fmt(x0 + c * s)} {fmt(y0 + b * s)}")
    for r in range(1, m.height):
        for a, b in _dry_runs([frozenset(((c, r), (c + 1, r))) in wet for c in range(m.width)]):
            d.append(f"M {fmt(x0 + a * s)} {fmt(y0 + r * s)} L {fmt(x0 + b * s)} {fmt(y0 + r * s)}")
    if d:
        _el(root, "path", d=" ".join(d), fill="none", stroke=gs["color"], stroke_width=gs["width"])
    _el(root, "rect", x=x0, y=y0, width=w, height=h, fill="none", stroke=style["ink"], stroke_width=gs["frame_width"])
    # edge labels: letters above and below, numbers left and right
    band = style["layout"]["label_band"]
    fs = min(gs["label_size"], max(2.0, s * 0.5))  # small squares get smaller letters
    for c in range(m.width):
        cx = x0 + (c + 0.5) * s
        letters = col_letters(c)
        _text(root, cx, y0 - band / 2 + fs * 0.36, letters, fs, anchor="middle", bold=True)
        _text(root, cx, y0 + h + band / 2 + fs * 0.36, letters, fs, anchor="middle", bold=True)
    for r in range(m.height):
        cy = y0 + (r + 0.5) * s + fs * 0.36
        _text(root, x0 - band / 2, cy, str(r + 1), fs, anchor="middle", bold=True)
        _text(root, x0 + w + band / 2, cy, str(r + 1), fs, anchor="middle", bold=True)
    # square names in each square's north-west corner
    k = s / BOX
    size = gs["id_size"] * max(k, 0.75)
    ids = _el(root, "g", font_family=style["font_family"], font_size=size, fill=gs["id_color"])
    for r in range(m.height):
        for c in range(m.width):
            x, y = _sq_origin(lay, m, c, r)
            _el(ids, "text", x=x + 2.6 * k, y=y + 2.4 * k + size * 0.8).text = square_id(c, r)


def _dry_runs(wet: list[bool]) -> list[tuple[int, int]]:
    """Runs (start, end) of unit steps along a grid line that no river covers."""
    runs, start = [], None
    for i, w in enumerate(wet + [True]):
        if not w and start is None:
            start = i
        elif w and start is not None:
            runs.append((start, i))
            start = None
    return runs


TITLE = "Fantasy Warriors \u2014 campaign map"


def _subtitle(m: FwMap) -> str:
    sides = " against ".join(f"Side {s.id}: {_side_words(s)}" for s in m.sides)
    parts = [sides] if sides else []
    season = _band_label([SEASON_TEMPERATE, SEASON_TORRID], m.climate.season).lower()
    parts.append(f"{_band_label([CLIMATE], m.climate.zone)} zone, {season}")
    parts.append(f"{_band_label([REGION], m.region)} region")
    parts.append(f"{m.width} \u00d7 {m.height} squares")
    parts.append(f"seed {m.seed}")
    return "  \u00b7  ".join(parts)


def _title_min_width() -> float:
    """The title must fit the drawing, however small the map."""
    ls = load_style()["layout"]
    return _text_width(TITLE, ls["title_size"], True) + 2 * ls["pad"]


def _draw_title(root, m: FwMap, lay, style):
    ls = style["layout"]
    x = lay.grid_x - lay.margin
    y = lay.title_y
    _text(root, x, y + ls["title_size"] * 0.9, TITLE, ls["title_size"], bold=True)
    size = ls["subtitle_size"]
    lines = _wrap(_subtitle(m), lay.width_mm - 2 * x, size)
    while len(lines) > 2 and size > 2:
        size *= 0.9
        lines = _wrap(_subtitle(m), lay.width_mm - 2 * x, size)
    for i, line in enumerate(lines[:2]):
        _text(root, x, y + ls["title_size"] * 0.9 + size * 1.7 + i * size * 1.2, line, size, fill=style["muted_ink"])


# --------------------------------------------------------------------------
# legend
# --------------------------------------------------------------------------


def _legend_blocks(m: FwMap, used_features: list[str], look: str = "colour") -> list[_Block]:
    """The legend as a list of rows, each drawn at (x, y) in a column ``width`` wide."""
    style = load_style(m, look)
    ls = style["layout"]
    hs, ts_, row, sw = ls["legend_heading_size"], ls["legend_text_size"], ls["legend_row"], ls["legend_swatch"]
    ink, muted = style["ink"], style["muted_ink"]
    terr, rs, ro, tst = style["terrain"], style["river"], style["road"], style["territory"]
    blocks: list[_Block] = []

    def heading(text):
        def draw(p, x, y, w):
            _text(p, x, y + hs * 1.25, text, hs, bold=True)
            _el(p, "line", x1=x, y1=y + hs * 1.6, x2=x + w, y2=y + hs * 1.6, stroke=ink, stroke_width=0.35)

        blocks.append(_Block(hs * 2.3, draw, heading=True))

    def cell(p, x, y, swatch, text, note="", value="", w=0.0, swatch_w=sw):
        swatch(p, x, y + (row - sw) / 2)
        tx = x + swatch_w + 2.5
        if note:
            _text(p, tx, y + row / 2 - 0.3, text, ts_, fill=ink)
            _text(p, tx, y + row / 2 + ts_ * 0.95, note, ts_ * 0.78, fill=muted)
        else:
            _text(p, tx, y + row / 2 + ts_ * 0.35, text, ts_, fill=ink)
        if value:
            _text(p, x + w - 1, y + row / 2 + ts_ * 0.4, value, ts_ * 1.15, anchor="end", bold=True)

    def entry(swatch, text, note="", value="", swatch_w=sw):
        blocks.append(_Block(row, lambda p, x, y, w: cell(p, x, y, swatch, text, note, value, w, swatch_w)))

    def pair(left, right):
        def draw(p, x, y, w):
            cell(p, x, y, *left)
            if right:
                cell(p, x + w / 2, y, *right)

        blocks.append(_Block(row, draw))

    def text_row(text):
        blocks.append(_Block(ts_ * 1.55, lambda p, x, y, w: _text(p, x, y + ts_ * 1.1, text, ts_, fill=ink)))

    def terrain_swatch(t):
        def draw(p, x, y):
            _el(p, "rect", x=x, y=y, width=sw, height=sw, fill=terr[t]["fill"], stroke=ink, stroke_width=0.25)
            _hatch(p, terr[t], x, y, sw, sw, sw / BOX * 2.5)
            g = _el(p, "g", transform=f"translate({fmt(x)},{fmt(y)}) scale({fmt(sw / BOX)})")
            g.extend(_symbol_elements(t, terr[t]["ink"]))

        return draw

    def line_swatch(layers, dash=None):
        def draw(p, x, y):
            for color, width in layers:
                _el(p, "line", x1=x + 1, y1=y + sw / 2, x2=x + sw - 1, y2=y + sw / 2, stroke=color, stroke_width=width,
                    stroke_linecap="butt" if dash else "round", stroke_dasharray=dash)

        return draw

    def crossing_swatch(kind):
        def draw(p, x, y):
            k = sw / 22  # the crossing and its river, shrunk together to the swatch
            for color, width in ((rs["casing"], rs["casing_width"]), (rs["color"], rs["width"])):
                _el(p, "line", x1=x + sw / 2, y1=y, x2=x + sw / 2, y2=y + sw, stroke=color, stroke_width=width * k * 1.3)
            g = _el(p, "g", transform=f"translate({fmt(x + sw / 2)},{fmt(y + sw / 2)}) scale({fmt(k)}) translate(-25,-25)")
            g.extend(_symbol_elements(f"crossing-{kind}", None))

        return draw

    def icon_swatch(symbol):
        def draw(p, x, y):
            lab = style["labels"]
            _el(p, "circle", cx=x + sw / 2, cy=y + sw / 2, r=sw / 2, fill=lab["icon_plate_fill"],
                stroke=lab["icon_plate_stroke"], stroke_width=lab["icon_plate_width"])
            inner = sw * 0.74
            _place(p, symbol, x + (sw - inner) / 2, y + (sw - inner) / 2, inner)

        return draw

    def holdings_swatch(side):
        def draw(p, x, y):
            _place(p, "capital", x, y, sw, side.color)
            _text(p, x + sw / 2, y + sw * 0.88, side.id, sw * 0.14, anchor="middle", bold=True)
            _place(p, "holding", x + sw + 1.5, y, sw, side.color)
            _text(p, x + sw * 1.5 + 1.5, y + sw * 0.78, side.id, sw * 0.4, anchor="middle", bold=True, fill=side.color)

        return draw

    # Only what is on this map (issue 11): its terrains, its kinds of line and crossing.
    present = _on_this_map(m)
    heading("Terrain \u2014 movement modifier (FW-2.6)")
    for t, info in TERRAIN.items():
        if t not in terr or t not in present:
            continue
        if info.movement is None:
            entry(terrain_swatch(t), info.label, "water: boats only (FW-20)")
            continue
        note = f"Force Test {_signed(info.force_test)}" if info.force_test else ""
        if t == "desert" and "wasteland" in present:  # a desert outside the torrid zone is a cursed wasteland (FW-2.2)
            entry(terrain_swatch(t), "Cursed wasteland", "a desert outside the torrid zone (FW-2.2)", _signed(info.movement))
            continue
        entry(terrain_swatch(t), info.label, note, _signed(info.movement))

    heading("Rivers, roads and crossings")
    def river_swatch(p, x, y):
        pts = [(x + 1, y + sw / 2), (x + sw / 2, y + sw / 2), (x + sw - 1, y + sw / 2)]
        outline = ribbon(pts, 1.1, 2.6, sw * 0.12, 2)
        _el(p, "path", d=path_d(outline), fill=rs["color"], stroke=rs["casing"], stroke_width=0.3, stroke_linejoin="round")

    if "river" in present:
        entry(river_swatch, "River along a square edge", "counts in both squares; a bridge cancels it",
              _signed(RIVER_MOVEMENT[1]))
    if "road" in present:
        entry(line_swatch([(ro["casing"], ro["casing_width"]), (ro["color"], ro["width"])]), "Road or caravan track", "",
              _signed(ROAD_MOVEMENT[1]))
    crossings = [c for c in (("bridge", "Bridge", "cancels the river \u20131"), ("ford", "Ford", "the river \u20131 stays"))
                 if c[0] in present]
    if crossings:
        pair(*[(crossing_swatch(kind), label, note) for kind, label, note in crossings] + [None] * (2 - len(crossings)))
    if "mountain_pass" in used_features:
        entry(icon_swatch("feature-pass"), "Mountain pass", "cancels the mountain \u20133")
    dash = " ".join(fmt(v * 0.6) for v in tst["boundary_dash"])
    entry(line_swatch([(tst["boundary_color"], tst["boundary_width"])], dash), "Territory boundary",
          "between the friendly, neutral and enemy thirds (FW-2.3)")

    heading("Sides and holdings")
    for side in m.sides:
        entry(holdings_swatch(side), f"Side {side.id}: {_side_words(side)}",
              "capital (filled, star) \u00b7 holding (outlined)", swatch_w=2 * sw + 1.5)

    features = [name for name in used_features if name != "mountain_pass"]  # the pass is with the roads
    if features:
        heading("Features on this map")
        for name in features:  # a feature with something to say about it gets a row of its own
            if name in FEATURE_NOTES:
                entry(icon_swatch(_feature_symbol(name)), _feature_label(name), FEATURE_NOTES[name])
        cells = [(icon_swatch(_feature_symbol(name)), _feature_label(name)) for name in features if name not in FEATURE_NOTES]
        for i in range(0, len(cells), 2):
            pair(cells[i], cells[i + 1] if i + 1 < len(cells) else None)

    heading("Campaign")
    c = m.climate
    text_row(f"Climate zone: {_band_label([CLIMATE], c.zone)} (FW-7.2)")
    text_row(f"Season: {_band_label([SEASON_TEMPERATE, SEASON_TORRID], c.season)} (FW-7.3)")
    text_row(f"Precipitation test modifier {_signed(c.precipitation_modifier)}{_kind(c.precipitation_kind)} (FW-7.4)")
    desert = (c.desert_precipitation_modifier, c.desert_precipitation_kind)
    if desert != (c.precipitation_modifier, c.precipitation_kind):
        # A torrid season leaves the deserts out (FW-7.3.2, AMB-48); the map says what they get instead.
        line = f"On deserts: modifier {_signed(desert[0])}{_kind(desert[1])} (FW-7.3.2)"
        for part in _wrap(line, style["layout"]["legend_column_width"] - 2, ts_):
            text_row(part)
    text_row(f"Region type: {_band_label([REGION], m.region)} (FW-11.2)")
    text_row(f"Map: {m.width} \u00d7 {m.height} squares ({fmt(m.width * m.square_mm)} \u00d7 {fmt(m.height * m.square_mm)} mm)")
    text_row(f"Seed: {m.seed}")
    text_row(f"1 square = {fmt(m.square_mm)} mm \u2248 one day's march (about {KM_PER_SQUARE} km)")

    def scale_draw(p, x, y, w):
        na = 16.0
        _text(p, x + na / 2, y + 5.2, "N", 5, anchor="middle", bold=True)
        _place(p, "north-arrow", x, y + 3, na)
        sq = m.square_mm
        n = max(1, int((w - na - 14) // sq))
        bx, by = x + na + 6, y + 11
        length = n * sq
        parts = 5 if n == 1 else n
        for i in range(parts):
            _el(p, "rect", x=bx + i * length / parts, y=by, width=length / parts, height=2.2,
                fill=ink if i % 2 == 0 else "#ffffff", stroke=ink, stroke_width=0.25)
        for i in range(parts + 1):
            _text(p, bx + i * length / parts, by + 6, fmt(KM_PER_SQUARE * n * i / parts), 2.8, anchor="middle")
        _text(p, bx + length + 2, by + 2.2, "km", 2.8)
        caption = "1 square = one day's march" if n == 1 else f"{n} squares = {n} days' march"
        _text(p, bx, by - 1.6, caption, 2.8, fill=muted)

    blocks.append(_Block(22.0, scale_draw))
    return blocks


#: What a feature does, where a player would otherwise look it up: the legend says it under its name.
FEATURE_NOTES = {
    "marsh": "no movement modifier (FW-2.6); battlefield marshes (FW-11.6)",
}


def _on_this_map(m: FwMap) -> set[str]:
    """The terrains, lines and crossings the map draws: what its legend lists."""
    present = {str(t) for t in np.unique(m.terrain)} if m.terrain.size else set()
    if m.rivers:
        present.add("river")
    if m.roads:
        present.add("road")
    present |= {c.kind for c in m.crossings}
    if "desert" in present and m.climate.zone != "torrid":
        present.add("wasteland")
    return present


def _draw_legend(root, lay: FwMapLayout, blocks: list[_Block], style):
    colw = style["layout"]["legend_column_width"]
    gap = style["layout"]["legend_gap"]
    for i, (a, e) in enumerate(lay.legend_columns):
        x = lay.legend_x + i * (colw + gap)
        y = lay.legend_y
        _el(root, "rect", x=x - 2, y=y - 2, width=colw + 4, height=lay.legend_h + 4, fill="#ffffff", stroke=style["ink"], stroke_width=0.4)
        for b in blocks[a:e]:
            b.draw(root, x + 1, y, colw - 2)
            y += b.height
