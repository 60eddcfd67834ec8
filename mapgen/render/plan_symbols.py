"""How each kind of feature looks on the plan, told apart by pattern as well as by colour.

Woods are tree crowns inside a scalloped edge, swamps and marshes reed tufts, sand
a stipple, boulders rocks, fields furrows, raised ground contour rings
(:mod:`.plan_relief`), water shore and flow lines (:mod:`.plan_water`).  A dashed
outline means impassable, except where the look says it already (water, massifs,
walls).  Glyphs of a texture leave the label boxes clear (``keep_out``); the
*symbols* (markers, hachures, bridges, houses, walls...) are what labels must keep
off instead, listed by :func:`hard_symbols` before any label is placed, and marked
``class="symbol"`` in the SVG.
"""

from __future__ import annotations

import math

import numpy as np
import shapely
from shapely.geometry import Point, Polygon, box

from ..battlefield.model import Feature
from ..battlefield.rules import KINDS
from . import plan_relief as relief
from . import plan_water as water
from .plan_draw import KeepOut, area_d, circles_d, fmt, hatch_d, inradius, kind_style, path, point_words, scatter, text
from .templates import mix

WOODS = ("wood", "enchanted_wood", "forest_section", "oasis")
WET = ("swamp", "marsh")
#: Parts drawn solid, as what they are: labels keep off them.
SOLID_PARTS = ("house", "wall", "crevasse", "mine_entrance", "barrier")
MARKER_LETTERS = {"beast": "B", "carnivorous_plant": "P", "landing_point": "L", "hiding_place": "H", "cave": "C"}
#: Impassable kinds whose look says so already: no dashed outline.
PLAIN_EDGED = frozenset({"lake", "inlet", "chasm", "lava_river", "rocky_ridge"} | set(SOLID_PARTS))


def is_marker(kind: str) -> bool:
    k = KINDS.get(kind)
    return k is not None and k.layer == "marker"


def marker_square(shape: Polygon, st: dict) -> tuple[float, float, float]:
    c = shape.centroid
    return c.x, c.y, st["textures"]["marker_r"]


def hard_symbols(f: Feature, shape: Polygon, st: dict) -> list:
    """What labels must keep off, in paper mm: markers, hachures, a crater, bridges, fords, solid parts."""
    if is_marker(f.kind):
        x, y, r = marker_square(shape, st)
        r += 0.25  # its border
        return [box(x - r, y - r, x + r, y + r)]
    out = []
    if f.kind in SOLID_PARTS:
        out.append(shape)
    elif f.kind in ("bridge", "ford"):
        out.append(shape.buffer(water.WING_MM + 0.3, join_style="mitre"))  # the splayed ends reach past the deck
    if f.steep:
        rs = st["relief"]
        ticks = relief.steep_ticks(shape, f.steep, _tick_length(f, rs), rs["tick_gap"])
        out += relief.tick_boxes(ticks, rs["tick_width"])
    if f.kind == "volcano":
        x, y, r = relief.crater(shape)
        out.append(box(x - r, y - r, x + r, y + r))
    return out


def _tunnel_mouth(doc, g, shape: Polygon, data: dict) -> None:
    """A mine entrance is a dark square, as a house is: a white arch (the adit's mouth) tells it apart, in grey too."""
    x0, y0, x1, y1 = shape.bounds
    r = 0.3 * min(x1 - x0, y1 - y0)
    cx, base = (x0 + x1) / 2, y1 - 0.15 * (y1 - y0)
    top = base - r * 0.6
    arch = [(cx - r * math.cos(math.pi * i / 8), top - r * math.sin(math.pi * i / 8)) for i in range(9)]
    points = [(cx - r, base), *arch, (cx + r, base)]
    d = "M" + " L".join(f"{fmt(x)} {fmt(y)}" for x, y in points) + " Z"
    path(doc, g, d, fill="#ffffff", stroke="none", class_="symbol", **data)


def _tick_length(f: Feature, rs: dict) -> float:
    return rs["ridge_tick_length"] if f.kind == "rocky_ridge" else rs["tick_length"]


def is_raised(f: Feature) -> bool:
    """Drawn as raised ground (contour rings, hachures on its steep sides): :func:`draw_feature`'s relief branch."""
    return not is_marker(f.kind) and bool(f.levels or (KINDS.get(f.kind) and KINDS[f.kind].layer == "relief"))


def is_ground(f: Feature) -> bool:
    """Drawn by :func:`draw_ground` (fill and outline, dashed when impassable): every kind no other branch takes."""
    k = f.kind
    return not (is_marker(k) or is_raised(f) or k in WOODS or k in WET or k in ("lake", "inlet", "wadi", "bridge", "ford", "rocky_ridge")
                or k in water.FLOW_KINDS or k in SOLID_PARTS)


def draw_feature(doc, g, f: Feature, number: int, shape: Polygon, st: dict, keep_out: KeepOut, ctx: dict) -> None:
    """Draw feature ``number`` (its outline ``shape`` in paper mm); ``ctx`` holds the table edge and the water."""
    look = kind_style(st, f.kind)
    tx = st["textures"]
    data = {"data-feature": str(number)}
    kind = f.kind
    if is_marker(kind):
        draw_marker(doc, g, kind, shape, look, st, data)
    elif f.levels or (KINDS.get(kind) and KINDS[kind].layer == "relief"):
        rs = dict(st["relief"], tick_length=_tick_length(f, st["relief"]))
        relief.draw_relief(doc, g, shape, f.levels, f.steep, look, rs, keep_out, data)
        if kind == "dune":
            water.stipple(doc, g, shape.buffer(-0.8), look["stroke"], tx["stipple"], keep_out)  # sand, unlike a hillock
        if kind == "volcano":
            relief.draw_crater(doc, g, shape, look, data)
        if kind == "burial_mound":
            _kerb_stones(doc, g, shape, look, keep_out)
    elif kind in WOODS:
        draw_wood(doc, g, kind, shape, look, tx, keep_out, kind_style(st, "lake"))
    elif kind in WET:
        draw_wet(doc, g, kind, shape, look, tx, keep_out)
    elif kind in ("lake", "inlet"):
        water.draw_lake(doc, g, shape, look, tx["water"], ctx["edge"])
    elif kind in water.FLOW_KINDS:
        others = ctx["water"].difference(shape.buffer(0.05)) if not ctx["water"].is_empty else None
        water.draw_flow(doc, g, shape, look, tx["water"], f.size_cm[1] * ctx["k"], ctx["edge"], others)
    elif kind == "wadi":
        water.draw_wadi(doc, g, shape, look, tx["water"], tx["stipple"], keep_out)
    elif kind == "bridge":
        water.draw_bridge(doc, g, shape, look, data)
    elif kind == "ford":
        water.draw_ford(doc, g, shape, look, tx["water"], data)
    elif kind == "rocky_ridge":
        path(doc, g, area_d(shape), fill=look["fill"], stroke="none")
        rs = dict(st["relief"], tick_length=_tick_length(f, st["relief"]))
        relief.draw_ticks(doc, g, shape, f.steep, look["stroke"], rs, data)
    elif kind in SOLID_PARTS:
        path(doc, g, area_d(shape), fill=look["fill"], stroke=look["stroke"], stroke_width=fmt(0.2), class_="symbol", **data)
        if kind == "mine_entrance":
            _tunnel_mouth(doc, g, shape, data)
    else:
        draw_ground(doc, g, f, number, shape, look, tx, keep_out)


#: A road's dashed sides: this far inside its edges, in dashes and gaps of these lengths (mm on the plan).
ROAD_DASH_INSET, ROAD_DASH = 0.7, "1.6,1"
#: A burial mound's kerb: stones this far inside its foot, this far apart, this big (mm on the plan).
KERB_INSET, KERB_STEP, KERB_R = 1.4, 2.4, 0.45


def _kerb_stones(doc, g, shape: Polygon, look: dict, keep_out: KeepOut) -> None:
    """A ring of stones inside a burial mound's foot (the sign of a tumulus), so it differs from a hillock by shape,
    not only by shade: in greyscale the two fills are one grey (issue 25)."""
    ring = shape.buffer(-KERB_INSET)
    if ring.is_empty or ring.geom_type != "Polygon":
        return
    edge = ring.exterior
    n = max(6, int(edge.length // KERB_STEP))
    pts = [edge.interpolate(i * edge.length / n) for i in range(n)]
    xs, ys = np.array([p.x for p in pts]), np.array([p.y for p in pts])
    clear = ~keep_out.taken(xs, ys, KERB_R)
    path(doc, g, circles_d(np.column_stack([xs[clear], ys[clear]]), KERB_R), fill=look["stroke"], stroke="none")


def _outline(f: Feature, look: dict, width: float) -> dict:
    """Stroke attributes of an outline: dashed and heavier when impassable."""
    attrs = {"stroke": look["stroke"], "stroke_width": fmt(width * (1.6 if not f.passable else 1.0))}
    if not f.passable and f.kind not in PLAIN_EDGED:
        attrs["stroke_dasharray"] = "1.2,0.6"
    return attrs


def scallops(shape: Polygon, step: float, bulge: float) -> str:
    """A wood's edge: the outline as a chain of outward bumps, like the crowns along a wood's rim."""
    ring = shape.exterior
    n = max(8, int(ring.length / step))
    t = np.arange(n + 1) * ring.length / n
    p = shapely.get_coordinates(shapely.line_interpolate_point(ring, t))
    a, b = p[:-1], p[1:]
    mx, my = (a[:, 0] + b[:, 0]) / 2, (a[:, 1] + b[:, 1]) / 2
    dx, dy = b[:, 0] - a[:, 0], b[:, 1] - a[:, 1]
    norm = np.hypot(dx, dy)
    norm[norm == 0] = 1.0
    nx, ny = -dy / norm, dx / norm
    inward = shapely.contains_xy(shape, mx + nx * 0.1, my + ny * 0.1)
    nx, ny = np.where(inward, -nx, nx), np.where(inward, -ny, ny)
    cx, cy = mx + nx * bulge * 2, my + ny * bulge * 2
    ends = point_words(b)
    controls = point_words(np.column_stack([cx, cy]))
    return " ".join([f"M{point_words(p[:1])[0]}", *(f"Q{c} {e}" for c, e in zip(controls, ends))]) + " Z"


def draw_wood(doc, g, kind: str, shape: Polygon, look: dict, tx: dict, keep_out: KeepOut, pool: dict) -> None:
    """Scalloped edge and tree crowns; a forest's crowns crowd, an enchanted wood's carry a star, an oasis has its pool."""
    cr = tx["crown"][kind]
    path(doc, g, area_d(shape), fill=look["fill"], stroke="none", fill_rule="evenodd")
    path(doc, g, scallops(shape, tx["scallop"], tx["scallop_bulge"]), fill="none", stroke=look["stroke"], stroke_width=fmt(0.3), stroke_linejoin="round")
    inner = shape.buffer(-cr["r"] * 0.9)
    if kind == "oasis":
        water_area = shape.buffer(-max(1.2, inradius(shape) * 0.5))
        path(doc, g, area_d(water_area), fill=pool["fill"], stroke=pool["stroke"], stroke_width=fmt(0.3), fill_rule="evenodd")
        inner = inner.difference(water_area.buffer(cr["r"] * 1.1))
    pts = scatter(inner, cr["spacing"], keep_out, cr["r"])
    crowns = circles_d(pts, cr["r"])
    path(doc, g, crowns, fill=mix("#000000", look["fill"], 1 - 0.18), stroke=look["stroke"], stroke_width=fmt(0.22))
    if kind == "enchanted_wood":
        s = cr["r"] * 0.55
        stars = " ".join(f"M{fmt(x - s)} {fmt(y)} L{fmt(x + s)} {fmt(y)} M{fmt(x)} {fmt(y - s)} L{fmt(x)} {fmt(y + s)}" for x, y in pts)
        path(doc, g, stars, fill="none", stroke=look["stroke"], stroke_width=fmt(0.25))
    elif kind == "forest_section":
        path(doc, g, circles_d(pts, cr["r"] * 0.25), fill=look["stroke"], stroke="none")


def tuft_d(x: float, y: float, size: float) -> str:
    """A reed tuft: three blades rising from a short foot line."""
    h, w = size * 0.75, size / 2
    return (
        f"M{fmt(x - w)} {fmt(y)} L{fmt(x + w)} {fmt(y)} M{fmt(x)} {fmt(y)} L{fmt(x)} {fmt(y - h)} "
        f"M{fmt(x - w * 0.3)} {fmt(y)} L{fmt(x - w * 0.75)} {fmt(y - h * 0.7)} M{fmt(x + w * 0.3)} {fmt(y)} L{fmt(x + w * 0.75)} {fmt(y - h * 0.7)}"
    )


def draw_wet(doc, g, kind: str, shape: Polygon, look: dict, tx: dict, keep_out: KeepOut) -> None:
    """Reed tufts; a swamp also has open water dashes between them."""
    tu = tx["tuft"]
    size = tu["size"]
    path(doc, g, area_d(shape), fill=look["fill"], stroke=look["stroke"], stroke_width=fmt(0.3), fill_rule="evenodd")
    pts = scatter(shape.buffer(-size * 0.6), tu[kind], keep_out, size * 0.6)
    path(doc, g, " ".join(tuft_d(x, y + size * 0.35, size) for x, y in pts), fill="none", stroke=look["stroke"], stroke_width=fmt(tu["width"]), stroke_linecap="round")
    if kind == "swamp":
        half = tu[kind] / 2
        dashes = scatter(shape.buffer(-size * 0.6), tu[kind], keep_out, size * 0.5)
        d = " ".join(f"M{fmt(x + half - size * 0.4)} {fmt(y + half * 0.6)} L{fmt(x + half + size * 0.4)} {fmt(y + half * 0.6)}" for x, y in dashes if shape.contains(Point(x + half, y + half * 0.6)))
        path(doc, g, d, fill="none", stroke="#1f5a8a", stroke_width=fmt(tu["width"]))


def draw_ground(doc, g, f: Feature, number: int, shape: Polygon, look: dict, tx: dict, keep_out: KeepOut) -> None:
    """Ground cover and buildings: fill and outline, then the kind's own texture."""
    kind = f.kind
    path(doc, g, area_d(shape), fill=look["fill"], fill_rule="evenodd", **_outline(f, look, tx["outline"]))
    ink = look["stroke"]
    if kind in ("sand", "slippery_slope"):
        water.stipple(doc, g, shape, ink, tx["stipple"], keep_out)
    elif kind == "boulders":
        rk = tx["rock"]
        pts = scatter(shape.buffer(-rk["r"]), rk["spacing"], keep_out, rk["r"])
        path(doc, g, " ".join(rock_d(x, y, rk["r"] * (0.75 if i % 3 else 1.0)) for i, (x, y) in enumerate(pts)), fill=mix("#ffffff", ink, 0.55), stroke=ink, stroke_width=fmt(0.2), stroke_linejoin="round")
    elif kind in ("field", "cultivated_fields"):
        furrows = hatch_d(shape.buffer(-0.3), tx["furrow"], 0 if number % 2 else 90)
        path(doc, g, furrows, fill="none", stroke=mix("#ffffff", ink, 0.6), stroke_width=fmt(0.18))
    elif kind == "glacier":
        path(doc, g, hatch_d(shape.buffer(-0.5), 1.6, 0), fill="none", stroke=mix("#ffffff", ink, 0.5), stroke_width=fmt(0.18), stroke_dasharray="2.5,1")
    elif kind == "stronghold":
        path(doc, g, area_d(shape.buffer(-0.8, join_style="mitre")), fill="none", stroke=ink, stroke_width=fmt(0.35))
    elif kind == "cemetery":
        s = 0.6
        pts = scatter(shape.buffer(-1.0), 2.4, keep_out, s)
        path(doc, g, " ".join(f"M{fmt(x - s * 0.6)} {fmt(y - s * 0.3)} L{fmt(x + s * 0.6)} {fmt(y - s * 0.3)} M{fmt(x)} {fmt(y - s)} L{fmt(x)} {fmt(y + s)}" for x, y in pts), fill="none", stroke=ink, stroke_width=fmt(0.25))
    elif kind in ("temple", "sanctuary", "ruins", "tower"):
        pts = scatter(shape.buffer(-1.0), 2.0 if kind == "temple" else 2.6, keep_out, 0.35)
        path(doc, g, circles_d(pts, 0.35), fill=ink if kind != "ruins" else mix("#ffffff", ink, 0.5), stroke="none")
    elif kind == "chasm":
        path(doc, g, hatch_d(shape, 1.2, 90), fill="none", stroke=mix("#ffffff", ink, 0.35), stroke_width=fmt(0.15))
    elif kind == "road":
        # A dashed line just inside each side, as a track is drawn on a map: a road's pale band otherwise reads
        # as a raised flat area or a village's ground in greyscale (issue 25).
        inner = shape.buffer(-ROAD_DASH_INSET, join_style="mitre")
        if not inner.is_empty:
            path(doc, g, area_d(inner), fill="none", stroke=ink, stroke_width=fmt(0.2), stroke_dasharray=ROAD_DASH)


def rock_d(x: float, y: float, r: float) -> str:
    """A boulder: an angular pentagon, its corners jittered by its position (the same rock at the same
    spot every time), so a boulder field never reads as a wood's round crowns."""
    h = (round(x * 10) * 73856093) ^ (round(y * 10) * 19349663)
    pts = []
    for i in range(5):
        a = math.radians(i * 72 + (h >> (i * 3)) % 40)
        rr = r * (0.7 + ((h >> (i * 5 + 2)) % 5) * 0.09)
        pts.append(f"{fmt(x + math.cos(a) * rr)} {fmt(y + math.sin(a) * rr)}")
    return "M" + " L".join(pts) + " Z"


def draw_marker(doc, g, kind: str, shape: Polygon, look: dict, st: dict, data: dict) -> None:
    """A marker: a square token with its letter (squares, so that no marker reads as a circled number)."""
    x, y, r = marker_square(shape, st)
    grp = doc.drawing.g(class_="symbol marker", **data)
    g.add(grp)
    pale = look["fill"].lower() in ("#ffffff", "#fff")
    fill = mix("#ffffff", look["stroke"], 0.18) if pale else look["fill"]
    grp.add(doc.drawing.rect((fmt(x - r), fmt(y - r)), (fmt(2 * r), fmt(2 * r)), rx=fmt(0.4), ry=fmt(0.4), fill=fill, stroke=look["stroke"], stroke_width=fmt(0.45)))
    letter = MARKER_LETTERS.get(kind, "")
    size = st["textures"]["marker_letter"]
    if letter:
        text(doc, grp, x, y + size * 0.36, letter, size, anchor="middle", bold=True, fill=look["stroke"] if pale else "#ffffff")


def water_shapes(features, shapes) -> Polygon:
    """Every water surface of the table, in paper mm (``shapes``: each feature's): flow lines keep off where another
    water meets them."""
    water = [s for f, s in zip(features, shapes) if f.kind in ("river", "stream", "lake", "inlet", "lava_river")]
    return shapely.union_all(water) if water else Polygon()
