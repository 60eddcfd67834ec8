"""Draw a Renaissance campaign map (countries, roads, settlements) as a print-ready SVG.

The drawing reads a :class:`~mapgen.country.model.CountryMap` and decides no
game fact: every node, road, crossing and border is drawn where the map puts
it, at true scale (1 SVG unit = 1 mm, so a road of "about 3 cm", RC-1.6,
prints 30 mm long).  The sheets of the combined drawing keep their place;
a title block and the legend sit beside or below them, whichever prints on
fewer pages.

Symbols come from ``templates/country/symbols.svg`` (millimetres at print
size, centred on the node) and colours, widths and sizes from
``templates/country/style.json``, so a player can restyle the map without
touching code.  The PDF writer (:mod:`.pdf_draw`) draws no ``<pattern>`` and draws
a drawing with ``<use>`` whole, not a page at a time: symbols are copied inline under a ``transform``, the neutral
hatching is real lines cut to the border with shapely, and only plain shapes
with ``fill``/``stroke`` attributes are written.  Settlements must stay
distinct in black and white, so kinds differ by shape, never by colour alone.
"""

from __future__ import annotations

import json
import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
import shapely
from shapely.geometry import LineString, MultiLineString, Polygon

from ..country.model import CountryMap
from ..country.rules import NODE_KINDS, ROAD_MM, TAX, WALLS

from . import fonts
from .paper import get_paper
from .pdf import tile_counts
from .svgdoc import SvgDoc, fmt
from .templates import SVG_NS, Raw as _Raw, clean as _clean, el as _el, template_path, wrap, balanced_columns, column_height, flow_columns

__all__ = ["render_country", "country_layout", "CountryLayout", "LAYERS", "load_country_style", "load_country_symbols"]

LAYERS = ("Background", "Borders", "Roads", "Crossings", "Settlements", "Labels", "Legend")
#: Kinds whose symbol is turned to lie across the end of its road.
ORIENTED = ("border", "crossing")
#: Kinds that get a name label on the map (border points are dead ends nobody needs to name).
LABELLED = ("capital", "city", "walled_village", "village", "fortress", "crossing")
#: Papers the layout tries to print on with as few sheets as possible (legend beside or below).
_LAYOUT_PAPERS = ("A4", "A3")
#: Country-name placement: candidate centres this far apart, and the clearance from roads that is good enough.
_NAME_STEP_MM = 4.0
_NAME_CLEAR_MM = 2.5


# --------------------------------------------------------------------------
# templates
# --------------------------------------------------------------------------


@lru_cache(maxsize=None)
def load_country_style() -> dict:
    return json.loads(template_path("country", "style.json").read_text(encoding="utf-8"))


@dataclass(frozen=True)
class CountrySymbol:
    id: str
    label: str
    oriented: bool
    elements: tuple[ET.Element, ...]
    radius: float  # how far the symbol reaches from its centre, mm


def _reach(el: ET.Element) -> float:
    """Distance from (0, 0) to the farthest point of a template shape (stroke ignored)."""
    tag, a = el.tag, el.attrib
    if tag == "circle":
        return math.hypot(float(a.get("cx", 0)), float(a.get("cy", 0))) + float(a["r"])
    if tag in ("polygon", "polyline"):
        nums = [float(v) for v in re.split(r"[\s,]+", a["points"].strip())]
        return max(math.hypot(x, y) for x, y in zip(nums[0::2], nums[1::2]))
    if tag == "line":
        return max(math.hypot(float(a["x1"]), float(a["y1"])), math.hypot(float(a["x2"]), float(a["y2"])))
    if tag == "rect":
        x, y, w, h = (float(a.get(k, 0)) for k in ("x", "y", "width", "height"))
        return max(math.hypot(px, py) for px in (x, x + w) for py in (y, y + h))
    raise ValueError(f"templates/country/symbols.svg: element <{tag}> unsupported; use circle, polygon, line or rect")


@lru_cache(maxsize=None)
def load_country_symbols() -> dict[str, CountrySymbol]:
    """Every ``<g id>`` of symbols.svg: its shapes, legend label, and whether it turns with its road."""
    root = ET.fromstring(template_path("country", "symbols.svg").read_bytes())
    out = {}
    for g in root:
        if g.tag.replace(SVG_NS, "") != "g" or "id" not in g.attrib:
            continue
        shapes = tuple(_clean(c) for c in g if c.tag.replace(SVG_NS, "") != "title")
        out[g.attrib["id"]] = CountrySymbol(
            g.attrib["id"],
            g.attrib.get("data-label", g.attrib["id"].replace("_", " ").capitalize()),
            g.attrib.get("oriented") == "yes",
            shapes,
            max(_reach(s) for s in shapes),
        )
    return out


# --------------------------------------------------------------------------
# small drawing helpers
# --------------------------------------------------------------------------


def _dash(values, k: float = 1.0) -> str:
    return " ".join(fmt(v * k) for v in values)


def _text_width(text: str, size: float, *, serif=False, bold=False, italic=False) -> float:
    return fonts.width(text, size, bold, italic, serif)


def _text(parent, x, y, text, size, *, anchor="start", bold=False, italic=False, serif=False, fill=None,
          transform=None) -> ET.Element:
    style = load_country_style()
    el = _el(
        parent,
        "text",
        x=x,
        y=y,
        font_family=style["serif_family"] if serif else style["font_family"],
        font_size=size,
        font_weight="bold" if bold else None,
        font_style="italic" if italic else None,
        text_anchor=anchor if anchor != "start" else None,
        fill=fill or style["ink"],
        transform=transform,
    )
    el.text = text
    return el


def _wrap(text: str, width: float, size: float, **font) -> list[str]:
    return wrap(text, width, lambda line: _text_width(line, size, **font))


def _place_symbol(parent, kind: str, x: float, y: float, angle: float = 0.0, scale: float = 1.0, **attrs) -> ET.Element:
    """Copy a template symbol into ``parent`` centred on (x, y), turned ``angle`` degrees."""
    sym = load_country_symbols()[kind]
    tr = f"translate({fmt(x)},{fmt(y)})"
    if sym.oriented and fmt(angle) != "0":
        tr += f" rotate({fmt(angle)})"
    if scale != 1.0:
        tr += f" scale({fmt(scale)})"
    g = _el(parent, "g", transform=tr, **attrs)
    g.extend(sym.elements)
    return g


def _path_d(polyline, closed=False) -> str:
    d = "M " + " L ".join(f"{fmt(x)} {fmt(y)}" for x, y in polyline)
    return d + " Z" if closed else d


# --------------------------------------------------------------------------
# what the map holds, in drawing coordinates
# --------------------------------------------------------------------------


@dataclass
class _Scene:
    """The map's nodes and roads moved onto the drawing (offset by the map's top-left corner)."""

    ox: float
    oy: float
    pos: dict[str, tuple[float, float]]
    kind: dict[str, str]
    country: dict[str, str]
    roads: list[tuple[str, str]]
    links: list[tuple[str, str]]  # border crossings between countries
    angle: dict[str, float]  # heading of the road into each border/crossing point, degrees
    paths: dict[tuple[str, str], list[tuple[float, float]]]  # each crossing's drawn line, from a to b
    exits: list[tuple[str, str, list[tuple[float, float]]]]  # (node, sheet edge, line off the map)
    label: dict[str, str] = field(default_factory=dict)  # what the map prints beside a node: its name, else its id

    def link_segments(self) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        """Every stretch of every crossing and exit line."""
        lines = [self.paths[k] for k in self.links] + [path for _, _, path in self.exits]
        return [(p, q) for line in lines for p, q in zip(line, line[1:])]


def _scene(cm: CountryMap, ox: float, oy: float) -> _Scene:
    g = cm.graph
    pos = {n: (d["pos"][0] + ox, d["pos"][1] + oy) for n, d in g.nodes(data=True)}
    kind = {n: d["kind"] for n, d in g.nodes(data=True)}
    country = {n: d["country"] for n, d in g.nodes(data=True)}
    roads, links = [], []
    paths = {}
    for a, b, d in g.edges(data=True):
        (links if d.get("crossing") else roads).append((a, b))
        if d.get("crossing"):
            paths[(a, b)] = [(x + ox, y + oy) for x, y in d.get("path") or (g.nodes[a]["pos"], g.nodes[b]["pos"])]
    exits = [(x.node, x.edge, [(px + ox, py + oy) for px, py in x.path]) for x in cm.exits]
    angle = {}
    for n, k in kind.items():
        if k not in ORIENTED:
            continue
        # the road the point ends: its own country's road (a crossing point also has links abroad)
        inner = [m for m in g.neighbors(n) if not g.edges[n, m].get("crossing")]
        other = inner[0] if inner else next(iter(g.neighbors(n)), None)
        if other is None:
            angle[n] = 0.0
        else:
            (x0, y0), (x1, y1) = pos[other], pos[n]
            angle[n] = math.degrees(math.atan2(y1 - y0, x1 - x0))
    label = {n: d.get("name") or str(n) for n, d in g.nodes(data=True)}
    return _Scene(ox, oy, pos, kind, country, roads, links, angle, paths, exits, label)


def _gate_point(cm: CountryMap, sc: _Scene, a: str, b: str) -> tuple[tuple[float, float], float]:
    """Where a crossing line leaves the first country's sheet, and its heading there in degrees
    (the middle of the line if it never does)."""
    path = sc.paths[(a, b)]
    c = cm.country(sc.country[a])
    x0, y0 = c.origin[0] + sc.ox, c.origin[1] + sc.oy
    x1, y1 = x0 + cm.sheet_mm[0], y0 + cm.sheet_mm[1]
    eps = 1e-6
    for p, q in zip(path, path[1:]):
        if not (x0 - eps <= q[0] <= x1 + eps and y0 - eps <= q[1] <= y1 + eps) or _on_rect(q, (x0, y0, x1, y1)):
            dx, dy = q[0] - p[0], q[1] - p[1]
            t = 1.0
            for edge, start, d in ((x0, p[0], dx), (x1, p[0], dx), (y0, p[1], dy), (y1, p[1], dy)):
                if d and 0 <= (edge - start) / d < t:
                    t = (edge - start) / d
            return (p[0] + t * dx, p[1] + t * dy), math.degrees(math.atan2(dy, dx))
    line = LineString(path)
    mid = line.interpolate(0.5, normalized=True)
    (ax, ay), (bx, by) = path[0], path[-1]
    return (mid.x, mid.y), math.degrees(math.atan2(by - ay, bx - ax))


def _on_rect(p, rect, eps=1e-6) -> bool:
    x0, y0, x1, y1 = rect
    return min(abs(p[0] - x0), abs(p[0] - x1), abs(p[1] - y0), abs(p[1] - y1)) < eps


# --------------------------------------------------------------------------
# legend blocks
# --------------------------------------------------------------------------


@dataclass
class _Block:
    height: float
    draw: object  # callable(parent, x, y, width)
    heading: bool = False


#: What the legend says of each kind besides walls and tax (RC-A.3, RC-A.35, RC-1.7).
_KIND_NOTE = {
    "capital": "a walled city (RC-A.3)",
    "fortress": "fortified",
    "walled_village": "walled; taxed as a village (RC-A.35)",
    "border": "a road ends at the border",
    "crossing": "a road leads on abroad, or off the map (RC-1.7)",
}


def _kind_words(kind: str) -> tuple[str, str]:
    """Legend name and the walls-and-tax line of a node kind, from the rule tables."""
    walls = "walled" if WALLS[kind] else "no walls"
    tax = f"{TAX[kind]} ducats a year" if TAX[kind] else "no tax"
    return load_country_symbols()[kind].label, f"{_KIND_NOTE.get(kind, walls)} \u2014 {tax}"


def _title_lines(cm: CountryMap) -> tuple[str, list[str]]:
    n = len(cm.countries)
    neutrals = sum(c.neutral for c in cm.countries)
    title = cm.countries[0].name if n == 1 else "The Italian Wars"
    what = "1 country" if n == 1 else f"{n} countries"
    if neutrals:
        what += f", {neutrals} neutral"
    cols, rows = cm.grid
    sheets = f"{cols} \u00d7 {rows} sheets" if cols * rows > 1 else "one sheet"
    return title, [
        "Renaissance campaign map (Il Gran Capitano, RC-1)",
        f"{what} on {sheets} of {fmt(cm.sheet_mm[0])} \u00d7 {fmt(cm.sheet_mm[1])} mm",
        f"Seed {cm.seed} \u2014 print at 100 %",
    ]


def _legend_blocks(cm: CountryMap, width: float) -> list[_Block]:
    """The title block and the legend as rows, each drawn at (x, y) in a column ``width`` wide."""
    style = load_country_style()
    ls = style["layout"]
    hs, ts, ns, row, sw = ls["heading_size"], ls["text_size"], ls["note_size"], ls["row"], ls["swatch"]
    ink, muted = style["ink"], style["muted_ink"]
    blocks: list[_Block] = []

    # -- title cartouche ----------------------------------------------------
    title, sub = _title_lines(cm)
    tsize = ls["title_size"]
    while tsize > 3.5 and _text_width(title, tsize, serif=True, bold=True) > width - 8:
        tsize *= 0.92
    ssize = ls["subtitle_size"]  # shrunk a little for the widest line, then wrapped if still too wide
    widest = max(_text_width(t, ssize, serif=True, italic=i == 0) for i, t in enumerate(sub))
    ssize *= max(0.8, min(1.0, (width - 8) / widest))
    sub = [(part, i == 0) for i, t in enumerate(sub) for part in _wrap(t, width - 8, ssize, serif=True, italic=i == 0)]
    title_h = 5 + tsize * 1.05 + len(sub) * ssize * 1.45 + 3

    def cartouche(p, x, y, w):
        h = title_h - 3
        _el(p, "rect", x=x, y=y, width=w, height=h, fill="#fbf6ea", stroke=ink, stroke_width=0.6)
        _el(p, "rect", x=x + 1.2, y=y + 1.2, width=w - 2.4, height=h - 2.4, fill="none", stroke=ink, stroke_width=0.25)
        cy = y + 3.2 + tsize * 0.95
        _text(p, x + w / 2, cy, title, tsize, anchor="middle", serif=True, bold=True)
        for i, (line, first) in enumerate(sub):
            _text(p, x + w / 2, cy + (i + 1) * ssize * 1.45, line, ssize, anchor="middle", serif=True,
                  italic=first, fill=ink if first else muted)

    blocks.append(_Block(title_h, cartouche))

    def heading(text):
        def draw(p, x, y, w):
            size = hs
            while size > 2.5 and _text_width(text, size, serif=True, bold=True) > w:
                size *= 0.95
            _text(p, x, y + hs * 1.25, text, size, serif=True, bold=True)
            _el(p, "line", x1=x, y1=y + hs * 1.6, x2=x + w, y2=y + hs * 1.6, stroke=ink, stroke_width=0.3)

        blocks.append(_Block(hs * 2.2, draw, heading=True))

    def entry(swatch, name, note):
        lines = _wrap(note, width - sw - 2, ns)
        text_h = ts * 1.15 + len(lines) * ns * 1.15
        h = max(row, text_h + 1.6)

        def draw(p, x, y, w):
            swatch(p, x + sw / 2, y + h / 2)
            tx = x + sw + 2
            top = y + h / 2 - text_h / 2
            _text(p, tx, top + ts * 0.9, name, ts, bold=True)
            for i, line in enumerate(lines):
                _text(p, tx, top + ts * 1.15 + (i + 0.85) * ns * 1.15, line, ns, fill=muted)

        blocks.append(_Block(h, draw))

    def symbol_swatch(kind, road=False):
        def draw(p, cx, cy):
            if road:  # border and crossing points end a road: show the road
                r = style["road"]
                _el(p, "line", x1=cx - sw / 2 + 0.5, y1=cy, x2=cx, y2=cy, stroke=r["color"], stroke_width=r["width"])
            _place_symbol(p, kind, cx, cy)

        return draw

    heading("Places (RC-1.1) and yearly tax (RC-3.2)")
    for kind in NODE_KINDS:
        name, note = _kind_words(kind)
        entry(symbol_swatch(kind, road=kind in ORIENTED), name, note)

    heading("Roads and borders")
    r, x, b = style["road"], style["crossing"], style["border"]

    def line_swatch(layers):
        def draw(p, cx, cy):
            for color, w, dash in layers:
                _el(p, "line", x1=cx - sw / 2, y1=cy, x2=cx + sw / 2, y2=cy, stroke=color, stroke_width=w,
                    stroke_dasharray=dash)

        return draw

    def link_swatch(p, cx, cy):
        line_swatch([(x["casing"], x["casing_width"], None), (x["color"], x["width"], _dash(x["dash"]))])(p, cx, cy)
        _place_symbol(p, "gate", cx, cy)

    def border_swatch(p, cx, cy):
        tint = style["tints"][0]
        _el(p, "rect", x=cx - sw / 2, y=cy - sw * 0.38, width=sw, height=sw * 0.38, fill=tint, stroke="none")
        line_swatch([(b["halo"], b["halo_width"], None), (b["color"], b["width"], _dash(b["dash"]))])(p, cx, cy)

    entry(line_swatch([(r["casing"], r["casing_width"], None), (r["color"], r["width"], None)]), "Road",
          f"about {fmt(ROAD_MM / 10)} cm a stretch (RC-1.6); one step from node to node")
    # what the map holds: a lone country has exits but no crossings (and its legend must fit beside it)
    links = any(d["crossing"] for *_e, d in cm.graph.edges(data=True))
    if links or not cm.exits:
        entry(link_swatch, "Border crossing",
              "joins crossing points of neighbouring countries; the barrier marks the frontier (RC-1.7)")

    def exit_swatch(p, cx, cy):
        line_swatch([(x["casing"], x["casing_width"], None), (x["color"], x["width"], _dash(x["dash"]))])(p, cx, cy)
        _arrowhead(p, (cx + sw / 2, cy), 0.0, x)

    if cm.exits:
        entry(exit_swatch, "Exit off the map", "a crossing point's way to a country added later (RC-1.7)")
    entry(border_swatch, "Country border",
          "joins the border points (RC-1.5 step 5); neutral lands are grey and hatched")

    heading("Compass and scale")
    ch = 28.0

    def compass_scale(p, x0, y0, w):
        cx, cy = x0 + 12, y0 + 15.5
        _place_symbol(p, "compass", cx, cy)
        _text(p, cx, cy - 10.8, "N", 3.4, anchor="middle", serif=True, bold=True)
        # a true-scale road above a 3 cm bar
        bx = x0 + 30
        _el(p, "line", x1=bx, y1=y0 + 7, x2=bx + ROAD_MM, y2=y0 + 7, stroke=r["casing"], stroke_width=r["casing_width"])
        _el(p, "line", x1=bx, y1=y0 + 7, x2=bx + ROAD_MM, y2=y0 + 7, stroke=r["color"], stroke_width=r["width"])
        _place_symbol(p, "village", bx, y0 + 7, scale=0.8)
        _place_symbol(p, "village", bx + ROAD_MM, y0 + 7, scale=0.8)
        _text(p, bx + ROAD_MM + 3, y0 + 8, "one road", ns, fill=muted)
        seg = ROAD_MM / 3
        for i in range(3):
            _el(p, "rect", x=bx + i * seg, y=y0 + 12, width=seg, height=1.6, fill=ink if i % 2 == 0 else "#ffffff",
                stroke=ink, stroke_width=0.25)
            _text(p, bx + i * seg, y0 + 17, f"{i}", ns, anchor="middle")
        _text(p, bx + ROAD_MM, y0 + 17, f"{fmt(ROAD_MM / 10)} cm", ns, anchor="middle")
        _text(p, bx, y0 + 22, "True scale: print at 100 %, not 'fit to page'.", ns, fill=muted)

    blocks.append(_Block(ch, compass_scale))

    heading("Countries: settlements and yearly tax (RC-3.2)")
    blocks.append(_summary_block(cm, width))
    notes = [f"Seed {cm.seed}. Node labels are the ids in country.json."]
    for text in notes:
        lines = _wrap(text, width, ns)
        blocks.append(_Block(len(lines) * ns * 1.3 + 1.5, lambda p, x, y, w, lines=lines: [
            _text(p, x, y + (i + 1) * ns * 1.3, line, ns, fill=muted) for i, line in enumerate(lines)]))
    return blocks


def _summary_block(cm: CountryMap, width: float) -> _Block:
    """One row per country: the count of each kind of node (symbols as column heads) and its income."""
    style = load_country_style()
    ls = style["layout"]
    ts, tr = ls["text_size"] * 0.92, ls["table_row"]
    ink, muted = style["ink"], style["muted_ink"]
    summary = cm.summary()
    col_w = 6.4
    money_w = 13.0
    counts_x = width - money_w - col_w * len(NODE_KINDS)
    head_h = 7.5
    name_w = counts_x - 1.5
    rows = []
    for s in summary:
        name = f"{s['country']}  {s['name']}" + (" (neutral)" if s["neutral"] else "")
        rows.append((s, _wrap(name, name_w, ts) or [""]))
    total = len(summary) > 1
    height = head_h + sum(len(lines) * tr for _s, lines in rows) + (tr + 1 if total else 0) + 2

    def draw(p, x, y, w):
        symbols = load_country_symbols()
        for i, kind in enumerate(NODE_KINDS):
            cx = x + counts_x + (i + 0.5) * col_w
            scale = min(1.0, 2.6 / symbols[kind].radius)
            _place_symbol(p, kind, cx, y + 3.2, scale=scale)
        _text(p, x, y + 5, "Country", ts, bold=True)
        _text(p, x + w, y + 5, "ducats", ts, bold=True, anchor="end")
        _el(p, "line", x1=x, y1=y + head_h - 0.8, x2=x + w, y2=y + head_h - 0.8, stroke=ink, stroke_width=0.25)

        def counts(base, values, income, bold=False):
            for i, n in enumerate(values):
                _text(p, x + counts_x + (i + 0.5) * col_w, base, str(n) if n else "\u2013", ts, anchor="middle",
                      bold=bold, fill=ink if n else muted)
            _text(p, x + w - 0.5, base, str(income), ts, anchor="end", bold=True)

        yy = y + head_h
        for j, (s, lines) in enumerate(rows):
            h = len(lines) * tr
            if j % 2 == 1:
                _el(p, "rect", x=x, y=yy, width=w, height=h, fill="#ece3cc", stroke="none")
            for i, line in enumerate(lines):
                _text(p, x + 0.5 + (2.0 if i else 0.0), yy + (i + 0.75) * tr, line, ts)
            counts(yy + 0.75 * tr, [s["counts"].get(k, 0) for k in NODE_KINDS], s["income"])
            yy += h
        if total:
            _el(p, "line", x1=x, y1=yy + 0.4, x2=x + w, y2=yy + 0.4, stroke=ink, stroke_width=0.25)
            _text(p, x + 0.5, yy + tr * 0.85 + 0.6, "All countries", ts, bold=True)
            counts(yy + tr * 0.85 + 0.6, [sum(s["counts"].get(k, 0) for s in summary) for k in NODE_KINDS],
                   sum(s["income"] for s in summary), bold=True)

    return _Block(height, draw)


# --------------------------------------------------------------------------
# layout
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class CountryLayout:
    """Where everything goes, in millimetres from the top-left of the drawing."""

    width_mm: float
    height_mm: float
    map_x: float  # top-left corner of the grid of sheets
    map_y: float
    map_w: float
    map_h: float
    legend_side: str  # "right" or "below"
    legend_x: float
    legend_y: float
    legend_columns: tuple[tuple[int, int], ...]  # (first, end) block index per column
    column_w: float


def _sheets_needed(w: float, h: float) -> int:
    """Pages on A4 plus pages on A3, each in its better orientation."""
    total = 0
    for name in _LAYOUT_PAPERS:
        best = None
        for orient in ("landscape", "portrait"):
            c, r = tile_counts(w, h, get_paper(f"{name}-{orient}"))
            best = c * r if best is None else min(best, c * r)
        total += best
    return total


def _layout(cm: CountryMap, blocks: list[_Block]) -> CountryLayout:
    ls = load_country_style()["layout"]
    pad, gap, colw = ls["pad"], ls["gap"], ls["panel_width"]
    mw, mh = cm.size_mm
    # beside the map: as few columns as the map's height allows
    cols_r = balanced_columns(blocks, len(flow_columns(blocks, max(mh, 150.0))))
    lw_r = len(cols_r) * colw + (len(cols_r) - 1) * gap
    right = (pad + mw + gap + lw_r + pad, pad + max(mh, column_height(blocks, cols_r)) + pad)
    # below the map: as many columns as fit under it
    cols_b = balanced_columns(blocks, max(1, int((mw + gap) // (colw + gap))))
    lw_b = len(cols_b) * colw + (len(cols_b) - 1) * gap
    below = (pad + max(mw, lw_b) + pad, pad + mh + gap + column_height(blocks, cols_b) + pad)
    prefer_right = mw >= mh
    key_r = (_sheets_needed(*right), 0 if prefer_right else 1)
    key_b = (_sheets_needed(*below), 1 if prefer_right else 0)
    if key_r <= key_b:
        return CountryLayout(right[0], right[1], pad, pad, mw, mh, "right", pad + mw + gap, pad, tuple(cols_r), colw)
    return CountryLayout(below[0], below[1], pad, pad, mw, mh, "below", pad, pad + mh + gap, tuple(cols_b), colw)


def country_layout(cm: CountryMap) -> CountryLayout:
    """The drawing's size and where the sheets, title and legend go."""
    return _layout(cm, _legend_blocks(cm, load_country_style()["layout"]["panel_width"]))


# --------------------------------------------------------------------------
# the drawing
# --------------------------------------------------------------------------


def render_country(cm: CountryMap) -> SvgDoc:
    """The country map as an SVG document (1 unit = 1 mm) with Inkscape layers."""
    style = load_country_style()
    blocks = _legend_blocks(cm, style["layout"]["panel_width"])
    lay = _layout(cm, blocks)
    doc = SvgDoc(lay.width_mm, lay.height_mm, title=f"Renaissance campaign map, seed {cm.seed}")
    roots = {name: ET.Element("g") for name in LAYERS}
    sc = _scene(cm, lay.map_x, lay.map_y)
    tints = _tints(cm, style)
    polygons = {c.id: _polygon(c.border, sc.ox, sc.oy) for c in cm.countries}

    _draw_background(roots["Background"], cm, lay, style)
    _draw_borders(roots["Borders"], cm, sc, polygons, tints, style)
    _draw_roads(roots["Roads"], sc, style)
    _draw_crossings(roots["Crossings"], cm, sc, style)
    _draw_nodes(roots["Settlements"], cm, sc)
    _draw_labels(roots["Labels"], cm, sc, polygons, tints, style)
    _draw_legend(roots["Legend"], lay, blocks)

    for name in LAYERS:
        layer = doc.layer(name)
        for child in roots[name]:
            layer.add(_Raw(child))
    return doc


def _polygon(border, ox: float, oy: float) -> Polygon:
    """The country's outline as a valid polygon (empty when it has too few points to enclose anything)."""
    if len(border) < 3:
        return Polygon()
    poly = Polygon([(x + ox, y + oy) for x, y in border])
    if not poly.is_valid:
        poly = shapely.make_valid(poly)
        parts = [g for g in getattr(poly, "geoms", [poly]) if isinstance(g, Polygon)]
        poly = max(parts, key=lambda g: g.area) if parts else Polygon()
    return poly


def _tints(cm: CountryMap, style) -> dict[str, str]:
    """A soft hue per player country, never the same as a neighbouring sheet's (diagonals included)."""
    palette = style["tints"]
    at = {c.sheet: c for c in cm.countries}
    out: dict[str, str] = {}
    for c in sorted(cm.countries, key=lambda c: (c.sheet[1], c.sheet[0], c.id)):
        if c.neutral:
            out[c.id] = style["neutral"]["fill"]
            continue
        near = {
            out.get(at[(c.sheet[0] + dc, c.sheet[1] + dr)].id)
            for dc in (-1, 0, 1)
            for dr in (-1, 0, 1)
            if (c.sheet[0] + dc, c.sheet[1] + dr) in at
        }
        start = len(out) % len(palette)
        turn = palette[start:] + palette[:start]
        out[c.id] = next((t for t in turn if t not in near), turn[0])
    return out


def _draw_background(root, cm: CountryMap, lay: CountryLayout, style):
    sh = style["sheet"]
    _el(root, "rect", x=0, y=0, width=lay.width_mm, height=lay.height_mm, fill=style["paper"], stroke="none")
    sw, shh = cm.sheet_mm
    cols, rows = cm.grid
    d = []
    for c in range(1, cols):
        x = lay.map_x + c * sw
        d.append(f"M {fmt(x)} {fmt(lay.map_y)} L {fmt(x)} {fmt(lay.map_y + lay.map_h)}")
    for r in range(1, rows):
        y = lay.map_y + r * shh
        d.append(f"M {fmt(lay.map_x)} {fmt(y)} L {fmt(lay.map_x + lay.map_w)} {fmt(y)}")
    if d:
        _el(root, "path", d=" ".join(d), fill="none", stroke=sh["color"], stroke_width=sh["width"],
            stroke_dasharray=_dash(sh["dash"]))
    _el(root, "rect", x=lay.map_x, y=lay.map_y, width=lay.map_w, height=lay.map_h, fill="none", stroke=sh["frame"],
        stroke_width=sh["frame_width"])
    # the country's letter in its sheet's corner, outside the road margin, to match ids and the table
    for c in cm.countries:
        x, y = lay.map_x + c.origin[0] + 2.5, lay.map_y + c.origin[1] + 2.5
        _el(root, "rect", x=x, y=y, width=6, height=6, fill="#fbf6ea", stroke=sh["frame"], stroke_width=0.3)
        _text(root, x + 3, y + 4.45, c.id, 3.6 if len(c.id) == 1 else 2.6, anchor="middle", serif=True, bold=True)


def _hatch(poly: Polygon, step: float) -> list[list[tuple[float, float]]]:
    """Diagonal hatching cut to the polygon: real lines, since the PDF writer draws no patterns."""
    x0, y0, x1, y1 = poly.bounds
    lines = []
    k = math.floor((x0 + y0) / step)
    while k * step <= x1 + y1:
        c = k * step  # the line x + y = c
        lines.append(((c - y0, y0), (c - y1, y1)))
        k += 1
    cut = poly.intersection(MultiLineString(lines))
    parts = getattr(cut, "geoms", [cut])
    out = []
    for g in parts:
        if isinstance(g, LineString) and not g.is_empty:
            out.append(list(g.coords))
    out.sort(key=lambda seg: (round(seg[0][0] + seg[0][1], 3), seg[0][0]))
    return out


def _draw_borders(root, cm: CountryMap, sc: _Scene, polygons, tints, style):
    b, neutral = style["border"], style["neutral"]
    for c in cm.countries:
        ring = [(x + sc.ox, y + sc.oy) for x, y in c.border]
        if len(ring) < 3:
            continue
        g = _el(root, "g", id=f"country-{_slug(c.id)}")
        _el(g, "path", d=_path_d(ring, closed=True), fill=tints[c.id], stroke="none")
        if c.neutral and not polygons[c.id].is_empty:
            segs = _hatch(polygons[c.id], neutral["hatch_step"])
            if segs:
                _el(g, "path", d=" ".join(_path_d(s) for s in segs), fill="none", stroke=neutral["hatch"],
                    stroke_width=neutral["hatch_width"])
        _el(g, "path", d=_path_d(ring, closed=True), fill="none", stroke=b["halo"], stroke_width=b["halo_width"],
            stroke_linejoin="round")
        _el(g, "path", d=_path_d(ring, closed=True), fill="none", stroke=b["color"], stroke_width=b["width"],
            stroke_dasharray=_dash(b["dash"]), stroke_linejoin="round")


def _segments_d(sc: _Scene, edges) -> str:
    """Path data for many straight roads at once: one element per layer, not one per road."""
    return " ".join(_path_d((sc.pos[a], sc.pos[b])) for a, b in edges)


def _draw_roads(root, sc: _Scene, style):
    r = style["road"]
    if not sc.roads:
        return
    d = _segments_d(sc, sc.roads)
    _el(root, "path", d=d, fill="none", stroke=r["casing"], stroke_width=r["casing_width"], stroke_linecap="round")
    _el(root, "path", d=d, fill="none", stroke=r["color"], stroke_width=r["width"], stroke_linecap="round")


def _draw_crossings(root, cm: CountryMap, sc: _Scene, style):
    x = style["crossing"]
    lines = [sc.paths[k] for k in sc.links] + [path for _, _, path in sc.exits]
    if not lines:
        return
    d = " ".join(_path_d(line) for line in lines)
    _el(root, "path", d=d, fill="none", stroke=x["casing"], stroke_width=x["casing_width"], stroke_linecap="butt",
        stroke_linejoin="round")
    _el(root, "path", d=d, fill="none", stroke=x["color"], stroke_width=x["width"], stroke_dasharray=_dash(x["dash"]),
        stroke_linecap="butt", stroke_linejoin="round")
    for a, b in sc.links:
        (gx, gy), angle = _gate_point(cm, sc, a, b)
        _place_symbol(root, "gate", gx, gy, angle, data_link=f"{a} {b}")
    for node, edge, path in sc.exits:
        (px, py), (qx, qy) = path[-2], path[-1]
        _arrowhead(root, (qx, qy), math.degrees(math.atan2(qy - py, qx - px)), x, data_exit=f"{node} {edge}")


#: An exit's arrowhead: length and half-width, mm.
_ARROW_MM = (2.6, 1.3)


def _arrowhead(root, tip, angle: float, x, **attrs):
    """A filled arrowhead with its tip at ``tip``, pointing ``angle`` degrees (off the sheet, for an exit)."""
    length, half = _ARROW_MM
    a = math.radians(angle)
    ux, uy = math.cos(a), math.sin(a)
    bx, by = tip[0] - ux * length, tip[1] - uy * length
    pts = [tip, (bx - uy * half, by + ux * half), (bx + uy * half, by - ux * half)]
    _el(root, "polygon", points=" ".join(f"{fmt(px)},{fmt(py)}" for px, py in pts), fill=x["color"],
        stroke=x["casing"], stroke_width=0.3, **attrs)


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]", "_", str(text))


#: Settlements over border marks, the capital on top.
_DRAW_ORDER = ("border", "crossing", "village", "walled_village", "fortress", "city", "capital")


def _draw_nodes(root, cm: CountryMap, sc: _Scene):
    order = {k: i for i, k in enumerate(_DRAW_ORDER)}
    for n in sorted(sc.pos, key=lambda n: order.get(sc.kind[n], 0)):
        x, y = sc.pos[n]
        _place_symbol(root, sc.kind[n], x, y, sc.angle.get(n, 0.0), id=f"node-{_slug(n)}", data_kind=sc.kind[n],
                      data_node=n)


# --------------------------------------------------------------------------
# labels: country names away from the roads, node ids beside their symbols
# --------------------------------------------------------------------------


def _lines(segs) -> shapely.Geometry | None:
    """Road segments as one geometry, for fast vectorised distances (None when there are none)."""
    return MultiLineString([list(seg) for seg in segs]) if segs else None


def _box_clearance(cx, cy, hw, hh, lines) -> np.ndarray:
    """Distance from each box (centres cx, cy; half sizes hw, hh) to the nearest road, mm."""
    cx, cy = np.asarray(cx, float), np.asarray(cy, float)
    if lines is None:
        return np.full(cx.shape, 99.0)
    return shapely.distance(shapely.box(cx - hw, cy - hh, cx + hw, cy + hh), lines)


def _name_lines(name: str) -> list[list[str]]:
    """Ways to set a country's name: one line, or broken before its proper name ("Duchy of" / "Aurigo")."""
    options = [[name]]
    words = name.split()
    if " of " in name:
        i = words.index("of")
        options.append([" ".join(words[: i + 1]), " ".join(words[i + 1 :])])
    elif len(words) > 1:
        half = len(words) // 2
        options.append([" ".join(words[:half]), " ".join(words[half:])])
    return options


@dataclass
class _NameBox:
    cx: float
    cy: float
    lines: list[str]
    size: float
    neutral_size: float
    neutral: bool
    hw: float
    hh: float


def _name_box(c, lines, size, neutral_size) -> tuple[float, float]:
    w = max(_text_width(t, size, serif=True, italic=True) for t in lines)
    h = size * 1.1 * len(lines)
    if c.neutral:
        w = max(w, _text_width("(neutral)", neutral_size, serif=True, italic=True))
        h += neutral_size * 1.2
    return w / 2 + 0.8, h / 2 + 0.5


def _place_name(c, poly: Polygon, segs, sheet_rect, style) -> _NameBox:
    """The name's spot inside the country: the biggest setting that keeps clear of roads and places."""
    lab = style["labels"]
    lines_geom = _lines(segs)
    shapely.prepare(poly)
    x0, y0, x1, y1 = sheet_rect
    px0, py0, px1, py1 = poly.bounds if not poly.is_empty else sheet_rect
    px0, py0, px1, py1 = max(px0, x0), max(py0, y0), min(px1, x1), min(py1, y1)
    xs = np.arange(px0, px1 + 1e-9, _NAME_STEP_MM)
    ys = np.arange(py0, py1 + 1e-9, _NAME_STEP_MM)
    gx, gy = np.meshgrid(xs, ys)
    gx, gy = gx.ravel(), gy.ravel()
    keep = shapely.contains_xy(poly, gx, gy)
    gx, gy = gx[keep], gy[keep]
    centre = poly.centroid if not poly.is_empty else None
    ccx, ccy = (centre.x, centre.y) if centre is not None else ((x0 + x1) / 2, (y0 + y1) / 2)
    sizes = []
    s = lab["country_size"]
    while s >= lab["country_min_size"] - 1e-9:
        sizes.append(s)
        s *= 0.85
    best = None  # (score, box)
    for size in sizes:
        nsize = min(lab["neutral_size"], size * 0.7)
        for lines in _name_lines(c.name):
            hw, hh = _name_box(c, lines, size, nsize)
            # the whole box inside the country
            inside = shapely.contains(poly, shapely.box(gx - hw, gy - hh, gx + hw, gy + hh)) if len(gx) else gx > 0
            if not inside.any():
                continue
            cx, cy = gx[inside], gy[inside]
            clear = _box_clearance(cx, cy, hw, hh, lines_geom)
            # prefer clearance (up to a point), then the middle of the country
            score = np.minimum(clear, 6.0) - 0.02 * np.hypot(cx - ccx, cy - ccy)
            i = int(np.argmax(score))
            box = _NameBox(float(cx[i]), float(cy[i]), lines, size, nsize, c.neutral, hw, hh)
            if clear[i] >= _NAME_CLEAR_MM:
                return box
            key = (float(clear[i]), size)
            if best is None or key > best[0]:
                best = (key, box)
    if best is not None:
        return best[1]
    # no room inside the border: the top of the sheet, inside the road margin
    size = lab["country_min_size"]
    nsize = min(lab["neutral_size"], size * 0.7)
    hw, hh = _name_box(c, [c.name], size, nsize)
    return _NameBox((x0 + x1) / 2, y0 + hh + 1, [c.name], size, nsize, c.neutral, hw, hh)


def _draw_name(root, cid: str, box: _NameBox, style):
    lab = style["labels"]
    root = _el(root, "g", id=f"name-{_slug(cid)}", data_country=cid)
    y = box.cy - box.hh + 0.5
    for line in box.lines:
        y += box.size * 1.1
        _text(root, box.cx, y - box.size * 0.22, line, box.size, anchor="middle", serif=True, italic=True,
              fill=lab["country_color"])
    if box.neutral:
        y += box.neutral_size * 1.2
        _text(root, box.cx, y - box.neutral_size * 0.22, "(neutral)", box.neutral_size, anchor="middle", serif=True,
              italic=True, fill=lab["country_color"])


#: Label spots round a symbol: (dx, dy) unit offsets in order of preference (east first, as maps do).
_SPOTS = ((1, 0), (1, -1), (1, 1), (-1, 0), (-1, -1), (-1, 1), (0, -1), (0, 1))


def _draw_labels(root, cm: CountryMap, sc: _Scene, polygons, tints, style):
    lab = style["labels"]
    symbols = load_country_symbols()
    size = lab["node_size"]
    sw, sh = cm.sheet_mm
    link_segs = sc.link_segments()
    by_country: dict[str, list[str]] = {}
    for n in sc.pos:
        by_country.setdefault(sc.country[n], []).append(n)
    for c in cm.countries:
        nodes = by_country.get(c.id, [])
        x0, y0 = c.origin[0] + sc.ox, c.origin[1] + sc.oy
        sheet_rect = (x0, y0, x0 + sw, y0 + sh)
        segs = [(sc.pos[a], sc.pos[b]) for a, b in sc.roads if sc.country[a] == c.id]
        segs += [s for s in link_segs if _touches(s, sheet_rect)]
        # places count as short stubs so names and labels keep off them too
        stubs = [((sc.pos[n][0] - symbols[sc.kind[n]].radius * 0.7, sc.pos[n][1]),
                  (sc.pos[n][0] + symbols[sc.kind[n]].radius * 0.7, sc.pos[n][1])) for n in nodes]
        box = _place_name(c, polygons[c.id], segs + stubs, sheet_rect, style)
        _draw_name(root, c.id, box, style)
        _label_nodes(root, nodes, sc, segs, box, sheet_rect, size, lab, polygons[c.id], tints[c.id], style["paper"])


def _touches(seg, rect) -> bool:
    (ax, ay), (bx, by) = seg
    x0, y0, x1, y1 = rect
    return not (max(ax, bx) < x0 or min(ax, bx) > x1 or max(ay, by) < y0 or min(ay, by) > y1)


def _label_nodes(root, nodes, sc: _Scene, segs, name: _NameBox, sheet_rect, size, lab, poly, tint, paper):
    """Each settlement's name (a crossing point's id) beside its symbol, on the side with the fewest roads,
    symbols and labels.  Names are set in the map's serif, the capital's larger and bold; ids in the sans.

    Road and symbol clearances do not depend on the order, so they are measured for every
    spot of every node at once; only the overlap with labels already placed is greedy.
    """
    symbols = load_country_symbols()
    todo = [n for n in nodes if sc.kind[n] in LABELLED]
    if not todo:
        return
    texts = [sc.label.get(n, str(n)) for n in todo]
    named = [sc.label.get(n, str(n)) != str(n) for n in todo]
    bold = [sc.kind[n] == "capital" for n in todo]
    sizes = [lab.get("capital_size", size) if b else lab.get("place_size", size) if s_ else size for b, s_ in zip(bold, named)]
    hw = np.array([_text_width(t, z, bold=b, serif=s_) / 2 + 0.3 for t, z, b, s_ in zip(texts, sizes, bold, named)])[:, None]
    hh = np.array(sizes)[:, None] * 0.5  # (K, 1)
    p = np.array([sc.pos[n] for n in todo], float)
    r = np.array([symbols[sc.kind[n]].radius + 0.5 for n in todo])[:, None]
    sx = np.array([dx for dx, _ in _SPOTS], float)[None, :]
    sy = np.array([dy for _, dy in _SPOTS], float)[None, :]
    diag = (sx != 0) & (sy != 0)
    reach = np.where(diag, r * 0.75, r)
    cx = p[:, :1] + sx * (reach + hw)  # (K, 8)
    cy = p[:, 1:] + sy * (reach + hh)
    hwb = np.broadcast_to(hw, cx.shape)
    hhb = np.broadcast_to(hh, cx.shape)
    cost = np.broadcast_to(np.arange(len(_SPOTS)) * 0.01, cx.shape).copy()
    clear = _box_clearance(cx.ravel(), cy.ravel(), hwb.ravel(), hhb.ravel(), _lines(segs)).reshape(cx.shape)
    cost += np.maximum(0.0, 0.6 - clear) * 10
    if not poly.is_empty:  # the border line matters less: a label may sit on it when nothing else is free
        edge = _box_clearance(cx.ravel(), cy.ravel(), hwb.ravel(), hhb.ravel(), poly.exterior).reshape(cx.shape)
        cost += np.maximum(0.0, 0.4 - edge) * 4
    # every symbol of the country (the node's own sits just outside its spots)
    pts = np.array([sc.pos[n] for n in nodes], float)
    radii = np.array([symbols[sc.kind[n]].radius for n in nodes], float)
    dxs = np.maximum(np.abs(pts[None, None, :, 0] - cx[..., None]) - hwb[..., None], 0.0)
    dys = np.maximum(np.abs(pts[None, None, :, 1] - cy[..., None]) - hhb[..., None], 0.0)
    cost += (np.maximum(0.0, 0.3 - (np.hypot(dxs, dys) - radii)) * 8).sum(axis=2)
    x0, y0, x1, y1 = sheet_rect
    cost += ((cx - hwb < x0) | (cx + hwb > x1) | (cy - hhb < y0) | (cy + hhb > y1)) * 50.0
    placed = [(name.cx, name.cy, name.hw, name.hh)]
    for k, text in enumerate(texts):
        ccx, ccy, w, h = cx[k], cy[k], float(hw[k, 0]), float(hh[k, 0])
        q = np.array(placed)
        ox = np.maximum(0.0, np.minimum(ccx[:, None] + w, q[None, :, 0] + q[None, :, 2])
                        - np.maximum(ccx[:, None] - w, q[None, :, 0] - q[None, :, 2]))
        oy = np.maximum(0.0, np.minimum(ccy[:, None] + h, q[None, :, 1] + q[None, :, 3])
                        - np.maximum(ccy[:, None] - h, q[None, :, 1] - q[None, :, 3]))
        i = int(np.argmin(cost[k] + (ox * oy).sum(axis=1) * 4))
        bx, by = float(ccx[i]), float(ccy[i])
        placed.append((bx, by, w, h))
        # an opaque plate in the ground's own colour hides hatching and stray road ends, nothing else
        # (no fill-opacity: it does not survive the PDF route's form XObject)
        plate = tint if not poly.is_empty and shapely.contains_xy(poly, bx, by) else paper
        _el(root, "rect", x=bx - w, y=by - h, width=2 * w, height=2 * h, rx=0.6, fill=plate, stroke="none")
        _text(root, bx, by + sizes[k] * 0.35, text, sizes[k], anchor="middle", bold=bold[k], serif=named[k],
              fill=lab["node_color"])


def _draw_legend(root, lay: CountryLayout, blocks: list[_Block]):
    gap = load_country_style()["layout"]["gap"]
    for k, (start, end) in enumerate(lay.legend_columns):
        x = lay.legend_x + k * (lay.column_w + gap)
        y = lay.legend_y
        for blk in blocks[start:end]:
            blk.draw(root, x, y, lay.column_w)
            y += blk.height
