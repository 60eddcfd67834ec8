"""Draw a battlefield layout as a plan at a stated scale (1:N; :mod:`.plan_scale` chooses N).

The plan shows the table as side A sees it (side A's long edge at the bottom),
a 10 cm grid with edge rulers in table centimetres, every feature drawn and
numbered as in the setup sheet, the deployment zones hatched in the sides'
colours, the General Retreat edges, and a legend.  Colours and sizes come from
``templates/battlefield/style.json``.  Hatching is drawn as clipped lines, not
an SVG ``<pattern>``, because the PDF writer (:mod:`.pdf_draw`) draws no patterns.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache

from shapely.geometry import LineString, Polygon, box

from ..battlefield.model import EDGE_LABELS, Battlefield, Feature
from ..battlefield.rules import ACCESSORY_KINDS, KINDS, LINE_KINDS
from ..battlefield.scenarios import SCENARIO_LABELS
from . import fonts
from .fw_map import template_path
from .scale_bar import draw_scale_bar, scale_words
from .svgdoc import SvgDoc, fmt

DEFAULT_SCALE = 10  # 1:10, so a 180 x 120 cm table is 180 x 120 mm: it fits A4 landscape with its legend
LAYER_RANK = {"relief": 1, "cover": 2, "water": 2, "line": 3, "building": 4, "part": 5, "marker": 6}
GROUND_KINDS = ("plateau", "mountain_base", "inlet")
MARKER_LETTERS = {"beast": "B", "carnivorous_plant": "P", "landing_point": "L", "hiding_place": "H", "cave": "C", "mine_entrance": ""}
RULER_MM = 7.0
TITLE_MM = 14.0
LEGEND_GAP_MM = 14.0


def kind_style(st: dict, kind: str) -> dict:
    return st["kinds"].get(kind) or {"fill": "#cccccc", "stroke": "#333333"}


@lru_cache(maxsize=None)
def load_style() -> dict:
    return json.loads(template_path("battlefield", "style.json").read_text(encoding="utf-8"))


class _Plan:
    def __init__(self, b: Battlefield, scale: float):
        self.b = b
        self.k = 10.0 / scale  # paper mm per table cm
        st = load_style()
        self.st = st
        m = st["margin"]
        self.ox = m + RULER_MM + 4
        self.oy = m + TITLE_MM
        self.tw, self.th = b.width_cm * self.k, b.depth_cm * self.k

    def p(self, x: float, y: float) -> tuple[float, float]:
        """Table cm (origin bottom-left as seen from side A) -> paper mm (origin top-left)."""
        return self.ox + x * self.k, self.oy + (self.b.depth_cm - y) * self.k

    def pts(self, poly: Polygon) -> list[tuple[float, float]]:
        return [self.p(x, y) for x, y in list(poly.exterior.coords)[:-1]]


def _text(doc, parent, x, y, text, size, *, anchor="start", bold=False, fill=None, rotate=None):
    st = load_style()
    attrs = {"font_family": st["font_family"], "font_size": fmt(size), "fill": fill or st["ink"]}
    if anchor != "start":
        attrs["text_anchor"] = anchor
    if bold:
        attrs["font_weight"] = "bold"
    el = doc.drawing.text(text, insert=(fmt(x), fmt(y)), **attrs)
    if rotate is not None:
        el["transform"] = f"rotate({fmt(rotate)},{fmt(x)},{fmt(y)})"
    parent.add(el)
    return el


def _poly(doc, parent, pts, fill, stroke, width, **extra):
    parent.add(doc.drawing.polygon([(float(fmt(x)), float(fmt(y))) for x, y in pts], fill=fill, stroke=stroke, stroke_width=fmt(width), **extra))


def _line(doc, parent, a, b, stroke, width, **extra):
    parent.add(doc.drawing.line((float(fmt(a[0])), float(fmt(a[1]))), (float(fmt(b[0])), float(fmt(b[1]))), stroke=stroke, stroke_width=fmt(width), **extra))


def _runs(features: list[Feature]) -> list[tuple[int, int, Feature]]:
    """Consecutive parts of one kind collapsed into one legend line: (first, last, feature)."""
    runs: list[tuple[int, int, Feature]] = []
    for i, f in enumerate(features, 1):
        if runs and f.kind in ACCESSORY_KINDS and runs[-1][2].kind == f.kind and runs[-1][1] == i - 1:
            runs[-1] = (runs[-1][0], i, runs[-1][2])
        else:
            runs.append((i, i, f))
    return runs


def plan_size_mm(b: Battlefield, scale: float) -> tuple[float, float]:
    """(width, height) of the whole drawing at 1:``scale`` (table, rulers, title, legend), for :mod:`.plan_scale`."""
    pl = _Plan(b, scale)
    st = pl.st
    m = st["margin"]
    line_h = st["legend_size"] * 1.35
    legend_lines = 12 + len({z.label for z in b.scenario.zones}) + len(_runs(b.features)) + 2 * len(b.scenario.orders)
    legend_h = legend_lines * line_h + 30
    width = pl.ox + pl.tw + LEGEND_GAP_MM + st["legend_width"] + m
    return width, max(pl.oy + pl.th + RULER_MM + 10 + m, TITLE_MM + legend_h + m)


def render_battlefield(b: Battlefield, scale: float = DEFAULT_SCALE) -> SvgDoc:
    """The plan as an SVG document (1 unit = 1 mm on paper) with Inkscape layers."""
    pl = _Plan(b, scale)
    st = pl.st
    runs = _runs(b.features)
    line_h = st["legend_size"] * 1.35
    width, height = plan_size_mm(b, scale)
    label = SCENARIO_LABELS.get(b.scenario.name, b.scenario.name)
    doc = SvgDoc(width, height, title=f"Battlefield plan, {label}, seed {b.seed}")
    ground = doc.layer("Table")
    feats = doc.layer("Features")
    zones = doc.layer("Deployment")
    grid = doc.layer("Grid")
    nums = doc.layer("Numbers")
    legend = doc.layer("Legend")

    ground.add(doc.drawing.rect((0, 0), (fmt(width), fmt(height)), fill=st["paper"]))
    x0, y0 = pl.p(0, b.depth_cm)
    ground.add(doc.drawing.rect((fmt(x0), fmt(y0)), (fmt(pl.tw), fmt(pl.th)), fill=st["ground"].get(b.source.terrain, "#f3f0d8")))

    _draw_features(doc, feats, pl)
    _draw_zones(doc, zones, pl)
    _draw_grid(doc, grid, pl)
    _draw_numbers(doc, nums, pl)
    _draw_retreats(doc, zones, pl)
    _draw_legend(doc, legend, pl, runs, scale, label, line_h)
    return doc


def _draw_features(doc, g, pl: _Plan) -> None:
    st = pl.st
    order = sorted(
        range(len(pl.b.features)),
        key=lambda i: (0 if pl.b.features[i].kind in GROUND_KINDS else LAYER_RANK.get(KINDS[pl.b.features[i].kind].layer, 4) if pl.b.features[i].kind in KINDS else 4, i),
    )
    for i in order:
        f = pl.b.features[i]
        style = kind_style(st, f.kind)
        k = KINDS.get(f.kind)
        if k is not None and k.layer == "marker":
            c = f.polygon.centroid
            cx, cy = pl.p(c.x, c.y)
            g.add(doc.drawing.circle((fmt(cx), fmt(cy)), fmt(1.6), fill=style["fill"], stroke=style["stroke"], stroke_width=fmt(0.3)))
            letter = MARKER_LETTERS.get(f.kind, "")
            if letter:
                _text(doc, g, cx, cy + 0.7, letter, 1.9, anchor="middle", bold=True, fill="#ffffff" if style["fill"] != "#ffffff" else style["stroke"])
            continue
        width = st["feature_stroke"] * (1.6 if not f.passable else 1.0)
        extra = {}
        if not f.passable and f.kind not in ("wall", "house", "crevasse", "mine_entrance", "rocky_ridge"):
            extra["stroke_dasharray"] = "1.2,0.6"
        _poly(doc, g, pl.pts(f.polygon), style["fill"], style["stroke"], width, **extra)
        if f.kind in ("wood", "enchanted_wood", "forest_section") and f.polygon.area * pl.k**2 > 40:
            _trees(doc, g, pl, f, style["stroke"])


def _trees(doc, g, pl: _Plan, f: Feature, colour: str) -> None:
    """A few tree dots so a wood reads as a wood in black and white."""
    x0, y0, x1, y1 = f.polygon.bounds
    step = 6.0
    y = y0 + step / 2
    row = 0
    while y < y1:
        x = x0 + step / 2 + (step / 2 if row % 2 else 0)
        while x < x1:
            from shapely.geometry import Point

            if f.polygon.buffer(-1.5).contains(Point(x, y)):
                cx, cy = pl.p(x, y)
                g.add(doc.drawing.circle((fmt(cx), fmt(cy)), fmt(0.55), fill="none", stroke=colour, stroke_width=fmt(0.2)))
            x += step
        y += step * 0.87
        row += 1


def _hatch(poly_mm: Polygon, spacing: float, direction: int) -> list[LineString]:
    x0, y0, x1, y1 = poly_mm.bounds
    span = (x1 - x0) + (y1 - y0)
    out = []
    t = -span
    while t < span:
        a = (x0 + t, y0) if direction > 0 else (x1 - t, y0)
        bb = (x0 + t + (y1 - y0), y1) if direction > 0 else (x1 - t - (y1 - y0), y1)
        seg = LineString([a, bb]).intersection(poly_mm)
        for s in getattr(seg, "geoms", [seg]):
            if s.geom_type == "LineString" and not s.is_empty:
                out.append(s)
        t += spacing
    return out


def _draw_zones(doc, g, pl: _Plan) -> None:
    st = pl.st
    zs = st["zone"]
    for z in pl.b.scenario.zones:
        colour = st["sides"].get(z.side, "#000000")
        poly_mm = Polygon(pl.pts(z.polygon))
        direction = 1 if z.side == "A" else -1
        for s in _hatch(poly_mm, zs["hatch_spacing"], direction):
            (ax, ay), (bx, by) = s.coords[0], s.coords[-1]
            _line(doc, g, (ax, ay), (bx, by), _mix(colour, zs["opacity"]), zs["hatch_width"])
        _poly(doc, g, pl.pts(z.polygon), "none", colour, zs["outline_width"], stroke_dasharray=",".join(fmt(v) for v in zs["dash"]))


def _draw_grid(doc, g, pl: _Plan) -> None:
    st = pl.st
    gs = st["grid"]
    b = pl.b
    for x in range(0, int(b.width_cm) + 1, 10):
        major = x % 50 == 0
        _line(doc, g, pl.p(x, 0), pl.p(x, b.depth_cm), gs["color"], gs["major_width"] if major else gs["width"])
        bx, by = pl.p(x, 0)
        _line(doc, g, (bx, by), (bx, by + (2.2 if major else 1.2)), st["ink"], 0.25)
        if x % 20 == 0 or b.width_cm <= 120:
            _text(doc, g, bx, by + 2.2 + st["ruler_size"], str(x), st["ruler_size"], anchor="middle")
    for y in range(0, int(b.depth_cm) + 1, 10):
        major = y % 50 == 0
        _line(doc, g, pl.p(0, y), pl.p(b.width_cm, y), gs["color"], gs["major_width"] if major else gs["width"])
        lx, ly = pl.p(0, y)
        _line(doc, g, (lx - (2.2 if major else 1.2), ly), (lx, ly), st["ink"], 0.25)
        _text(doc, g, lx - 2.8, ly + st["ruler_size"] * 0.35, str(y), st["ruler_size"], anchor="end")
    x0, y0 = pl.p(0, b.depth_cm)
    g.add(doc.drawing.rect((fmt(x0), fmt(y0)), (fmt(pl.tw), fmt(pl.th)), fill="none", stroke=st["ink"], stroke_width=fmt(gs["frame_width"])))
    size = st["text_size"]
    bx, by = pl.p(b.width_cm / 2, 0)
    _text(doc, g, bx, by + 2.2 + st["ruler_size"] + size + 1.5, "SIDE A's long edge (x: cm from the left edge)", size, anchor="middle", bold=True, fill=st["sides"]["A"])
    tx, ty = pl.p(b.width_cm / 2, b.depth_cm)
    _text(doc, g, tx, ty - 1.5, "SIDE B's long edge", size, anchor="middle", bold=True, fill=st["sides"]["B"])
    lx, ly = pl.p(0, b.depth_cm / 2)
    _text(doc, g, lx - 9, ly, "left edge (y: cm from side A's edge)", size * 0.9, anchor="middle", rotate=-90)
    rx, ry = pl.p(b.width_cm, b.depth_cm / 2)
    _text(doc, g, rx + 2.5, ry, "right edge", size * 0.9, anchor="middle", rotate=90)


def _label_point(f: Feature):
    poly = f.polygon
    if f.kind in LINE_KINDS:
        return poly.representative_point()
    c = poly.centroid
    return c if poly.contains(c) else poly.representative_point()


def _draw_numbers(doc, g, pl: _Plan) -> None:
    st = pl.st
    ns = st["number"]
    used: list[tuple[float, float]] = []
    for i, f in enumerate(pl.b.features, 1):
        k = KINDS.get(f.kind)
        if k is not None and k.layer == "marker":
            c = f.polygon.centroid
            cx, cy = pl.p(c.x, c.y)
            _text(doc, g, cx + 1.9, cy - 1.0, str(i), ns["small"], fill=st["ink"])
            continue
        pt = _label_point(f)
        cx, cy = pl.p(pt.x, pt.y)
        if f.kind in ACCESSORY_KINDS:
            if f.kind in ("wall",):
                continue  # walls are numbered in the legend as a run; their owner's number stands beside them
            _text(doc, g, cx, cy + ns["small"] * 0.35, str(i), ns["small"], anchor="middle", fill=st["ink"])
            continue
        # keep main numbers from sitting on each other (a wood on a hill)
        while any(math.dist((cx, cy), u) < 2 * ns["radius"] + 0.3 for u in used):
            cy += 2 * ns["radius"] + 0.4
        used.append((cx, cy))
        g.add(doc.drawing.circle((fmt(cx), fmt(cy)), fmt(ns["radius"]), fill=ns["halo"], stroke=st["ink"], stroke_width=fmt(0.25)))
        _text(doc, g, cx, cy + ns["size"] * 0.36, str(i), ns["size"] if i < 100 else ns["size"] * 0.8, anchor="middle", bold=True)


def _draw_retreats(doc, g, pl: _Plan) -> None:
    """An arrow outside each General Retreat edge, in the side's colour."""
    st = pl.st
    b = pl.b
    for n, o in enumerate(b.scenario.orders):
        colour = st["sides"].get(o.side, "#000")
        frac = 0.25 if o.side == "A" else 0.75
        for edge in o.escape_edges:
            if edge == "edge_a":
                base, d = pl.p(b.width_cm * frac, 0), (0, 1)
            elif edge == "edge_b":
                base, d = pl.p(b.width_cm * frac, b.depth_cm), (0, -1)
            elif edge == "left":
                base, d = pl.p(0, b.depth_cm * frac), (-1, 0)
            else:
                base, d = pl.p(b.width_cm, b.depth_cm * frac), (1, 0)
            off = 9.0 if edge in ("edge_a", "left") else 3.0
            sx, sy = base[0] + d[0] * (off if edge in ("left", "right") else 0), base[1] + d[1] * (off if edge in ("edge_a", "edge_b") else 0)
            ex, ey = sx + d[0] * 5, sy + d[1] * 5
            _line(doc, g, (sx, sy), (ex, ey), colour, 0.6)
            px, py = -d[1], d[0]
            _poly(doc, g, [(ex + d[0] * 1.6, ey + d[1] * 1.6), (ex + px * 1.2, ey + py * 1.2), (ex - px * 1.2, ey - py * 1.2)], colour, colour, 0.1)
            if d[0] == 0:  # long edges: the word beside the arrow
                _text(doc, g, ex + 2.5, ey + (1.6 if d[1] > 0 else 0.6), f"{o.side} retreat", 1.9, fill=colour, bold=True)
            else:  # short edges: the side's letter above the arrow, the legend says the rest
                _text(doc, g, (sx + ex) / 2, sy - 1.6 - (2.2 if o.side == "B" else 0), o.side, 2.2, anchor="middle", fill=colour, bold=True)


def _draw_legend(doc, g, pl: _Plan, runs, scale: float, label: str, line_h: float) -> None:
    st = pl.st
    b = pl.b
    size = st["legend_size"]
    m = st["margin"]
    _text(doc, g, m, m + 3, f"Battlefield: {label} ({b.scenario.rule}) — seed {b.seed}", st["title_size"], bold=True)
    src = b.source
    where = f"square {src.square} of {src.map}" if src.map else "no campaign map"
    _text(doc, g, m, m + 3 + st["title_size"] + 1, f"{where}; terrain {src.terrain}; table {b.width_cm:g} x {b.depth_cm:g} cm; side {b.scenario.deploys_first} deploys first", st["text_size"], fill=st["muted_ink"])
    x = pl.ox + pl.tw + LEGEND_GAP_MM
    y = pl.oy + size
    room = st["legend_width"]  # legend lines are cut to it, measured with the embedded font
    _text(doc, g, x, y, scale_words(scale), st["text_size"], bold=True)
    y += line_h
    _text(doc, g, x, y, "Grid squares are 10 cm; rulers in table cm.", size)
    y += line_h * 0.5
    y = draw_scale_bar(doc, g, x, y, pl.k, st["ink"], lambda tx, ty, t, a: _text(doc, g, tx, ty, t, st["ruler_size"], anchor=a))
    y += line_h * 1.3
    _text(doc, g, x, y, "Deployment zones", size, bold=True)
    y += line_h
    seen = set()
    for z in b.scenario.zones:
        if z.label in seen:
            continue
        seen.add(z.label)
        colour = st["sides"].get(z.side, "#000")
        sw = box(x, y - size * 0.8, x + 4, y + size * 0.2)
        for s in _hatch(sw, st["zone"]["hatch_spacing"] * 0.7, 1 if z.side == "A" else -1):
            (ax, ay), (bx, by) = s.coords[0], s.coords[-1]
            _line(doc, g, (ax, ay), (bx, by), colour, 0.25)
        _poly(doc, g, list(sw.exterior.coords)[:-1], "none", colour, 0.3)
        _text(doc, g, x + 5.5, y, fonts.cut(z.label, room - 5.5, size * 0.92), size * 0.92)
        y += line_h
    y += line_h * 0.4
    _text(doc, g, x, y, "Orders; arrows: General Retreat edges", size, bold=True)
    y += line_h
    for o in b.scenario.orders:
        colour = st["sides"].get(o.side, "#000")
        edges = ", ".join(EDGE_LABELS.get(e, e).replace("the ", "") for e in o.escape_edges) or "forbidden / none"
        order = fonts.cut(f"{o.side} ({o.role}): {o.order}", room, size * 0.92, bold=True)
        _text(doc, g, x, y, order, size * 0.92, fill=colour, bold=True)
        y += line_h
        _text(doc, g, x + 3, y, fonts.cut(f"retreat: {edges}", room - 3, size * 0.92), size * 0.92)
        y += line_h
    y += line_h * 0.4
    _text(doc, g, x, y, "Features (dashed outline: impassable)", size, bold=True)
    y += line_h
    for first, last, f in runs:
        style = kind_style(st, f.kind)
        k = KINDS.get(f.kind)
        name = k.label if k else f.kind
        num = str(first) if first == last else f"{first}-{last}"
        if k is not None and k.layer == "marker":
            g.add(doc.drawing.circle((fmt(x + 2), fmt(y - size * 0.3)), fmt(1.3), fill=style["fill"], stroke=style["stroke"], stroke_width=fmt(0.3)))
        else:
            g.add(doc.drawing.rect((fmt(x), fmt(y - size * 0.8)), (fmt(4), fmt(size)), fill=style["fill"], stroke=style["stroke"], stroke_width=fmt(0.25)))
        if f.kind in LINE_KINDS:
            dims = f"{f.size_cm[1]:g} cm wide"
        elif first == last:
            dims = f"{f.size_cm[0]:g} x {f.size_cm[1]:g} cm"
        else:
            dims = f"{last - first + 1} pieces"
        extra = "" if f.passable else ", impassable"
        extra = extra or (", difficult" if f.difficult else "")
        _text(doc, g, x + 5.5, y, fonts.cut(f"{num}  {name}, {dims}{extra}", room - 5.5, size * 0.92), size * 0.92)
        y += line_h


def _mix(colour: str, strength: float) -> str:
    """``colour`` faded towards white (no opacity: the PDF route draws plain colours only)."""
    c = colour.lstrip("#")
    rgb = [int(c[i : i + 2], 16) for i in (0, 2, 4)]
    return "#" + "".join(f"{round(255 - (255 - v) * strength):02x}" for v in rgb)
