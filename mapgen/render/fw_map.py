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

This module lays the layers down in order; the parts live beside it:
:mod:`.fw_style` (style, symbols, text), :mod:`.fw_layout` (the drawing's
layout and what each square holds), :mod:`.fw_terrain` (ground, coasts,
ranges, territory), :mod:`.fw_rivers`, :mod:`.fw_names` and :mod:`.fw_legend`
(title and legend).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET



from ..fw.model import FwMap
from ..fw.rules import (
    WATER,
)
from ..grid import col_letters, shared_edge, square_id
from .campaign_room import MapRoom
from .fw_rivers import draw_rivers, river_edges
from .fw_roads import road_points
from .fw_water import draw_marks, draw_stretches, mark_boxes, obstacle_marks, port_marks, reef_marks
from .svgdoc import SvgDoc, fmt
from .templates import Raw as _Raw, el as _el, template_path  # noqa: F401 - template_path: part of this API
from .fw_layout import FwMapLayout, _content, _layout, _Placed, fw_map_layout  # noqa: F401 - also for fw_names, fw_map_key
from .fw_legend import _Block, _draw_legend, _draw_title, _legend_blocks, _title_min_width  # noqa: F401 - also for fw_map_key
from .fw_style import (  # noqa: F401 - the map's public API, and what fw_names and fw_map_key build on
    BOX,
    ID_LEAST_SCALE,
    ID_ZONE,
    LAYERS,
    LOOKS,
    _glyphs,
    _in_inks,
    _in_look,
    place_capital,
    _place,
    _pts,
    _reserved,
    _symbol_elements,
    _text,
    id_font_size,
    load_style,
    load_symbols,
    square_id_baseline,
    square_id_box,
)
from .fw_terrain import _centre, _corner, _draw_background, _draw_terrain, _draw_territory, _local, _sq_origin

__all__ = ["render_fw_map", "fw_map_layout", "FwMapLayout", "template_path", "load_style", "load_symbols"]

# --------------------------------------------------------------------------
# the drawing
# --------------------------------------------------------------------------


def render_fw_map(m: FwMap, look: str = "colour", naran: bool | None = None) -> SvgDoc:
    """The campaign map as an SVG document (1 unit = 1 mm) with Inkscape layers, in ``look`` (:data:`LOOKS`).

    ``naran``: whether the campaign plays the optional [NT] movement rows, which the key then prints as
    in play or not (None: a map on its own, its key marks them optional).
    """
    return render_fw_map_and_room(m, look, naran)[0]


def render_fw_map_and_room(m: FwMap, look: str = "colour", naran: bool | None = None) -> tuple[SvgDoc, MapRoom]:
    """The map and where its names, ids and symbols are (:class:`.campaign_room.MapRoom`), for the counters put on it."""
    style = load_style(m, look)
    m = _in_look(m, style)
    placed, used = _content(m)
    blocks = _legend_blocks(m, used, look, naran)
    lay = _layout(m, blocks)
    doc = SvgDoc(lay.width_mm, lay.height_mm, title=f"Fantasy Warriors campaign map, seed {m.seed}")
    roots = {name: ET.Element("g") for name in LAYERS}
    from .fw_names import draw_names, layout_names, map_room, reserved_boxes  # it builds on this module's layout

    names = layout_names(m, lay, placed)

    _draw_background(roots["Background"], lay, style)
    _draw_terrain(roots["Terrain"], m, lay, placed, style, reserved_boxes(m, lay, names))
    _draw_territory(roots["Territory"], m, lay, style)
    _draw_rivers(roots["Rivers"], m, lay, style)
    draw_stretches(roots["Rivers"], m, lay, style, _river_points)
    _draw_roads(roots["Roads"], m, lay, style)
    _draw_crossings(roots["Crossings"], m, lay, style)
    draw_marks(roots["Crossings"], obstacle_marks(m, lay, style), style)
    draw_marks(roots["Features"], reef_marks(m, lay, style), style)
    _draw_items(roots["Features"], roots["Holdings"], m, lay, placed, style)
    draw_marks(roots["Holdings"], port_marks(m, lay, placed, style), style)
    _draw_grid(roots["Grid"], m, lay, style)
    draw_names(roots["Names"], names)
    _draw_title(roots["Legend"], m, lay, style)
    _draw_legend(roots["Legend"], lay, blocks, style)

    memo: dict = {}
    for name in LAYERS:
        layer = doc.layer(name)
        for child in _in_inks(roots[name], style, memo):
            layer.add(_Raw(child))
    room = map_room(m, lay, placed, names, style["grid"]["id_size"])
    return doc, room._replace(symbols=room.symbols + mark_boxes(m, lay, placed, style))



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
    lines = [road_points(m, lay, r.squares, style) for r in m.roads if len(r.squares) >= 2]
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
                if p.item.kind == "capital":
                    place_capital(g, p.x, p.y, p.size, p.item.color, p.item.letter)
                else:
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
    size = id_font_size(style, k)
    # A plate under each id: in black and white the hatching, roads and rivers would strike the ids through; in
    # colour a river's casing, which runs along the squares' edges, reached into the ids' corner (issue 25).  The
    # colour plate is translucent, as the holdings' name plates, so the square's colour still tints it.
    plate = gs.get("id_plate")
    if plate:
        pad = 0.6 * max(k, ID_LEAST_SCALE)
        for r in range(m.height):
            for c in range(m.width):
                x0, y0, x1, y1 = square_id_box(*_sq_origin(lay, m, c, r), k, square_id(c, r), size)
                _el(root, "rect", x=x0 - pad, y=y0 - pad, width=x1 - x0 + 2 * pad, height=y1 - y0 + 2 * pad, fill=plate, stroke="none",
                    **({"fill_opacity": gs["id_plate_opacity"]} if gs.get("id_plate_opacity", 1.0) < 1.0 else {}))
    ids = _el(root, "g", font_family=style["font_family"], font_size=size, fill=gs["id_color"])
    for r in range(m.height):
        for c in range(m.width):
            x, y = square_id_baseline(*_sq_origin(lay, m, c, r), k, size)
            _el(ids, "text", x=x, y=y).text = square_id(c, r)


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


