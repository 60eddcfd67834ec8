"""The country map's lettering: each country's name where no road runs, each settlement's name beside its symbol, none over another.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import MultiLineString, Polygon

from ..country.model import CountryMap

from .templates import el as _el
from .country_style import LABELLED, _NAME_CLEAR_MM, _NAME_STEP_MM, _Scene, _slug, _text, load_country_symbols
from .text import text_width

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
    w = max(text_width(t, size, serif=True, italic=True) for t in lines)
    h = size * 1.1 * len(lines)
    if c.neutral:
        w = max(w, text_width("(neutral)", neutral_size, serif=True, italic=True))
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
    """Each settlement's name and id (a crossing point's id) beside its symbol, on the side with the fewest roads,
    symbols and labels.  Names are set in the map's serif, the capital's larger and bold; ids in the sans.

    Road and symbol clearances do not depend on the order, so they are measured for every
    spot of every node at once; only the overlap with labels already placed is greedy.
    """
    symbols = load_country_symbols()
    todo = [n for n in nodes if sc.kind[n] in LABELLED]
    if not todo:
        return
    named = [sc.label.get(n, str(n)) != str(n) for n in todo]
    # Every command takes a place's id (``A-1``): a named place shows it after its name, as it is typed.
    texts = [f"{sc.label[n]} ({n})" if is_named else str(n) for n, is_named in zip(todo, named)]
    bold = [sc.kind[n] == "capital" for n in todo]
    sizes = [lab.get("capital_size", size) if b else lab.get("place_size", size) if s_ else size for b, s_ in zip(bold, named)]
    hw = np.array([text_width(t, z, bold=b, serif=s_) / 2 + 0.3 for t, z, b, s_ in zip(texts, sizes, bold, named)])[:, None]
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
