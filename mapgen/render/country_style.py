"""The country map's style, symbols, text and scene: what every part of the drawing (:mod:`.country`) draws with.

Style values are data in ``templates/country/style.json`` and shapes in
``templates/country/symbols.svg``; the scene is the map's nodes and roads
moved onto the drawing.  The style sheet is read by :func:`.templates.load_style_sheet`;
lettering is measured and written by :mod:`.text`.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from functools import lru_cache

from shapely.geometry import LineString

from ..country.model import CountryMap

from .svgdoc import fmt
from .templates import SVG_NS, clean as _clean, el as _el, load_style_sheet, template_path
from .text import draw_text

LAYERS = ("Background", "Borders", "Roads", "Crossings", "Settlements", "Labels", "Legend")
#: Kinds whose symbol is turned to lie across the end of its road.
ORIENTED = ("border", "crossing")
#: Kinds that get a label on the map: every node a command may name (a path may end at a border point too),
#: a settlement by its name and id, a crossing or border point by its id.
LABELLED = ("capital", "city", "walled_village", "village", "fortress", "crossing", "border")
#: Papers the layout tries to print on with as few sheets as possible (legend beside or below).
_LAYOUT_PAPERS = ("A4", "A3")
#: Country-name placement: candidate centres this far apart, and the clearance from roads that is good enough.
_NAME_STEP_MM = 4.0
_NAME_CLEAR_MM = 2.5


# --------------------------------------------------------------------------
# templates
# --------------------------------------------------------------------------


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


def _text(parent, x, y, words, size, **font) -> ET.Element:
    """Lettering in the country map's style sheet (its families and ink); ``font`` as for :func:`.text.text_attrs`."""
    return draw_text(parent, x, y, words, size, style=load_style_sheet("country"), **font)


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
