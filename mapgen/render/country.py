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

This module lays the layers down in order; the parts live beside it:
:mod:`.country_style` (style, symbols, text, the scene), :mod:`.country_labels`
(names, clear of roads and of each other) and :mod:`.country_legend`
(cartouche and legend).
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from dataclasses import dataclass

import shapely
from shapely.geometry import LineString, MultiLineString, Polygon

from ..country.model import CountryMap

from ..paper import get_paper
from ..sides import RC_SEAT_STYLES
from .pdf import tile_counts
from .svgdoc import SvgDoc, fmt
from .templates import Raw as _Raw, el as _el, balanced_columns, column_height, flow_columns, load_style_sheet
from .country_labels import _draw_labels
from .country_legend import _Block, _draw_legend, _legend_blocks  # noqa: F401 - _draw_legend also for country_key
from .country_style import (  # noqa: F401 - the country map's public API
    LABELLED,
    LAYERS,
    _LAYOUT_PAPERS,
    _Scene,
    _arrowhead,
    _dash,
    _gate_point,
    _path_d,
    _place_symbol,
    _scene,
    _slug,
    _text,
    load_country_symbols,
)

__all__ = ["render_country", "country_layout", "CountryLayout", "LAYERS", "load_country_symbols"]

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
    ls = load_style_sheet("country")["layout"]
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
    return _layout(cm, _legend_blocks(cm, load_style_sheet("country")["layout"]["panel_width"]))


# --------------------------------------------------------------------------
# the drawing
# --------------------------------------------------------------------------


def render_country(cm: CountryMap, tints: dict[str, str] | None = None) -> SvgDoc:
    """The country map as an SVG document (1 unit = 1 mm) with Inkscape layers.

    ``tints`` gives some countries their ground colour (country id -> colour), as the
    campaign's status map does with each ruler's colour; the others keep the map's own.
    """
    style = load_style_sheet("country")
    blocks = _legend_blocks(cm, style["layout"]["panel_width"])
    lay = _layout(cm, blocks)
    doc = SvgDoc(lay.width_mm, lay.height_mm, title=f"Renaissance campaign map, seed {cm.seed}")
    roots = {name: ET.Element("g") for name in LAYERS}
    sc = _scene(cm, lay.map_x, lay.map_y)
    tints = _tints(cm, style) | dict(tints or {})
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
    """Each player country in the tint of the seat that takes it (:mod:`mapgen.sides`: seat ``P1`` takes the map's
    first player country), so the printed map and the campaign's status map agree; never the same as a
    neighbouring sheet's (diagonals included), which only a map of more than six player countries can meet."""
    palette = [style.tint for style in RC_SEAT_STYLES]
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
        start = sum(1 for o in cm.countries[: cm.countries.index(c)] if not o.neutral) % len(palette)
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
_DRAW_ORDER = ("border", "crossing", "village", "walled_village", "fortress", "city", "capital")


def _draw_nodes(root, cm: CountryMap, sc: _Scene):
    order = {k: i for i, k in enumerate(_DRAW_ORDER)}
    for n in sorted(sc.pos, key=lambda n: order.get(sc.kind[n], 0)):
        x, y = sc.pos[n]
        _place_symbol(root, sc.kind[n], x, y, sc.angle.get(n, 0.0), id=f"node-{_slug(n)}", data_kind=sc.kind[n],
                      data_node=n)


