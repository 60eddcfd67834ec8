"""A Renaissance campaign as it stands: the country map with who holds what and the army counters on it.

The map is drawn by :func:`~mapgen.render.country.render_country`, as ``mapgen
country`` prints it, except that each player's country is grounded in its
ruler's colour; the campaign goes on top in layers of its own, so the picture
is the printed map with the counters put down.  Everything drawn comes from a
per-player view (``mapgen/campaign-renaissance-view``, see
:func:`mapgen.renaissance.view.side_view`) and the map: the renderer
decides no game fact, and an army whose strength the viewer does not know
shows ``?``.

Marks keep off each other: counters at one node are fanned out in a block,
and the block and the badges under a place go where they cover the fewest
names, symbols and roads, tried in a fixed order round the node so the same
view always gives the same bytes.  The key (title block and legend) is a band
under the map (:mod:`.renaissance_key`).
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np
import shapely
from shapely.geometry import MultiLineString

from ..country.model import CountryMap
from ..errors import MapgenError
from . import renaissance_marks as M
from .country_style import _scene, _text, load_country_symbols
from .renaissance_key import KEY_LAYER, draw_key, key_band
from .svgdoc import SvgDoc, fmt, layer_attrs, xml_text
from .templates import Raw as _Raw, el as _el, local
from .text import text_width

#: The layers the campaign adds over the country map's, bottom to top.
LAYERS = ("Holders", "Engagements", "Badges", "Armies")
#: The most counters in one row of a node's block; a block may also be narrower and taller.
COUNTERS_PER_ROW = 3
#: Where a node's counter block may go, in order of preference: above the node first, the way
#: counters are put down beside a place's name (the map sets names to the east when it can).
COUNTER_SPOTS = ((0, -1), (1, -1), (-1, -1), (1, 0), (-1, 0), (0, 1), (1, 1), (-1, 1))
#: Where a node's badges may go: under the node first, so the block above and the badges below leave the name alone.
BADGE_SPOTS = ((0, 1), (1, 1), (-1, 1), (1, 0), (-1, 0), (0, -1), (1, -1), (-1, -1))
#: The ruler's label beside a player country's letter in its sheet's corner (the letter's box is 6 mm), mm.
RULER_X_MM = 9.0
RULER_TEXT_MM = 3.4
RULER_EMBLEM_MM = 3.6
#: Clear space between a node's ring and its counters or badges, mm.
MARK_GAP_MM = 0.6
#: Room kept round every other node's symbol, so a block of counters is not taken for the next node's, mm.
NODE_CLEAR_MM = 2.5
#: What a spot costs: per mm² over a name, symbol or mark already placed; per mm of road under it;
#: anything off the map's frame.
OVERLAP_COST = 4.0
ROAD_COST = 0.5
OFF_MAP_COST = 500.0

Box = tuple[float, float, float, float]


class MapFrame(NamedTuple):
    """Where the country map's sheets sit in its drawing, mm: all the campaign's layers need to know of its layout."""

    map_x: float
    map_y: float
    map_w: float
    map_h: float

    @classmethod
    def of(cls, lay) -> MapFrame:
        """The frame of a :class:`~mapgen.render.country.CountryLayout`."""
        return cls(lay.map_x, lay.map_y, lay.map_w, lay.map_h)


@dataclass(frozen=True)
class PrintedMap:
    """The country map as ``mapgen country`` prints it, each player's country in its ruler's colour: drawn once.

    What the campaign's layers need of it is kept with its text: its size, its
    frame and the boxes of its names, which the counters and badges keep off.
    The rulers' colours do not change in a campaign (one per seat), so neither
    does this drawing: the atlas keeps it and lays each command's layers on it
    (:func:`campaign_on`).
    """

    svg: str
    width_mm: float
    height_mm: float
    frame: MapFrame
    labels: tuple[Box, ...]

    def to_json(self) -> str:
        return json.dumps({"svg": self.svg, "size": [self.width_mm, self.height_mm], "frame": list(self.frame), "labels": self.labels})

    @classmethod
    def from_json(cls, text: str) -> PrintedMap:
        d = json.loads(text)
        return cls(d["svg"], *d["size"], MapFrame(*d["frame"]), tuple(tuple(b) for b in d["labels"]))


def ruler_tints(country_map: CountryMap, view: dict) -> dict[str, str]:
    """Each player country's ground colour on the status map: its ruler's tint (country id -> colour)."""
    _, rulers = _owners(country_map, view)
    return {cid: o.tint for cid, o in rulers.items()}


def printed_map(country_map: CountryMap, tints: dict[str, str]) -> PrintedMap:
    """The country map grounded in ``tints`` (:func:`ruler_tints`), as the status map draws it under the campaign."""
    from .country import country_layout, render_country

    doc = render_country(country_map, tints)
    return PrintedMap(doc.tostring(), doc.width_mm, doc.height_mm, MapFrame.of(country_layout(country_map)), tuple(_label_boxes(doc)))


def render_renaissance_campaign(country_map: CountryMap, view: dict) -> SvgDoc:
    """The country map with holders, badges, engagements and army counters from ``view``, and its key below.

    Parameters
    ----------
    country_map : CountryMap
        The campaign's map (``country.json``).
    view : dict
        A ``mapgen/campaign-renaissance-view`` dict: what one seat (or the referee) may know.

    Returns
    -------
    SvgDoc
        1 unit = 1 mm, Inkscape layers; the same view gives the same bytes.
    """
    from .country import country_layout, render_country

    cm = country_map
    _check_nodes(cm, view)
    owners, rulers = _owners(cm, view)
    doc = render_country(cm, {cid: o.tint for cid, o in rulers.items()})
    roots = _campaign_layers(cm, view, owners, rulers, MapFrame.of(country_layout(cm)), _label_boxes(doc))
    for name in LAYERS:
        layer = doc.layer(name)
        for child in roots[name]:
            layer.add(_Raw(child))
    _move_under(doc, "Holders", "Labels")  # a ring must not cut into the name beside its place
    draw_key(doc, cm, view, owners)
    return doc


def campaign_on(printed: PrintedMap, country_map: CountryMap, view: dict) -> str:
    """:func:`render_renaissance_campaign`'s text, byte for byte, with the map under the campaign drawn before (:func:`printed_map`)."""
    cm = country_map
    _check_nodes(cm, view)
    owners, rulers = _owners(cm, view)
    roots = _campaign_layers(cm, view, owners, rulers, printed.frame, list(printed.labels))
    key, height = key_band(cm, view, owners, printed.width_mm, printed.height_mm)
    text = printed.svg
    under = text.index(f'<g id="{layer_attrs("Labels")["id"]}"')  # the rings go under the names, as _move_under puts them
    end = text.rindex("</svg>")
    above = "".join(_layer_markup(name, roots[name]) for name in LAYERS if name != "Holders") + _layer_markup(KEY_LAYER, key)
    text = text[:under] + _layer_markup("Holders", roots["Holders"]) + text[under:end] + above + text[end:]
    return _resized(text, printed.width_mm, printed.height_mm + height)


def _owners(cm: CountryMap, view: dict) -> tuple[dict[str, M.Owner], dict[str, M.Owner]]:
    """Every owner's colours and names, and each player country's ruler."""
    owners = M.owners(view, {c.id: c.name for c in cm.countries})
    return owners, {p["country"]: owners[p["seat"]] for p in view["players"]}


def _campaign_layers(cm: CountryMap, view: dict, owners, rulers, frame: MapFrame, labels: list[Box]) -> dict[str, ET.Element]:
    """The campaign's layers (:data:`LAYERS`) as etree groups, placed round the map's names and roads."""
    sc = _scene(cm, frame.map_x, frame.map_y)
    symbols = load_country_symbols()
    radius = {n: symbols[k].radius for n, k in sc.kind.items()}
    room = _Room.of(labels, sc, radius, (frame.map_x, frame.map_y, frame.map_x + frame.map_w, frame.map_y + frame.map_h))
    roots = {name: ET.Element("g") for name in LAYERS}

    home = {n: rulers.get(sc.country[n]) or owners.get(sc.country[n]) for n in sc.pos}
    _draw_rulers(roots["Holders"], cm, frame, rulers)
    engaged = _draw_engagements(roots["Engagements"], view, sc, radius)
    _draw_places(roots["Holders"], roots["Badges"], view, sc, radius, owners, home, engaged, room)
    _draw_armies(roots["Armies"], view, sc, radius, owners, engaged, room)
    return roots


def _layer_markup(label: str, group: ET.Element) -> str:
    """A layer's markup as :meth:`SvgDoc.layer` would write it, holding ``group``'s children."""
    layer = ET.Element("g", layer_attrs(label))
    layer.extend(list(group))
    return xml_text(ET.tostring(layer, encoding="unicode"))


def _resized(text: str, width_mm: float, height_mm: float) -> str:
    """The SVG text with its root's size made ``width_mm`` x ``height_mm``, as :meth:`SvgDoc.resize` does."""
    start = text.index("<svg")
    end = text.index(">", start)
    root = re.sub(r'\sheight="[^"]*"', f' height="{fmt(height_mm)}mm"', text[start:end], count=1)
    root = re.sub(r'\swidth="[^"]*"', f' width="{fmt(width_mm)}mm"', root, count=1)
    root = re.sub(r'\sviewBox="[^"]*"', f' viewBox="0 0 {fmt(width_mm)} {fmt(height_mm)}"', root, count=1)
    return text[:start] + root + text[end:]


def _check_nodes(cm: CountryMap, view: dict) -> None:
    """Refuse a view from another map: a counter left off the drawing would be an army the player never sees."""
    for part, what in (("armies", "id"), ("places", "node"), ("sieges", "node"), ("engagements", "node")):
        for item in view.get(part, ()):
            if item["node"] not in cm.graph:
                raise MapgenError(f"the view's {part} hold {item[what]} at {item['node']!r}, which is no node of map seed {cm.seed}: "
                                  "draw a campaign with its own map")


def _move_under(doc: SvgDoc, name: str, above: str) -> None:
    """Put layer ``name`` just under layer ``above`` in the drawing order."""
    elements = doc.drawing.elements
    layer = doc.layers[name]
    elements.remove(layer)
    elements.insert(elements.index(doc.layers[above]), layer)


# --------------------------------------------------------------------------- room on the map


@dataclass
class _Room:
    """What a mark must keep off: the names and symbols of the map, the marks placed so far, and the roads."""

    boxes: list[Box]
    nodes: dict[str, Box]  # each symbol with room round it, so a node's marks keep away from the next node
    roads: shapely.Geometry | None
    frame: Box
    placed: list[Box] = field(default_factory=list)

    @classmethod
    def of(cls, labels: list[Box], sc, radius: dict[str, float], frame: Box) -> _Room:
        nodes = {n: M.circle_box(x, y, radius[n] + NODE_CLEAR_MM) for n, (x, y) in sc.pos.items()}
        segs = [(sc.pos[a], sc.pos[b]) for a, b in sc.roads] + sc.link_segments()
        return cls(list(labels), nodes, MultiLineString([list(s) for s in segs]) if segs else None, frame)

    def place(self, node: str, cx: float, cy: float, reach: float, sizes, spots) -> tuple[float, float, int]:
        """Where a box goes just outside ``reach`` of ``node`` at (cx, cy): its top left and which of ``sizes``.

        Every size (w, h) is tried at every spot; the one covering the least wins, the
        first in order on a tie.  The box is then taken: later marks keep off it.
        """
        n = len(spots)
        w = np.repeat(np.array([s[0] for s in sizes], float), n)
        h = np.repeat(np.array([s[1] for s in sizes], float), n)
        dx = np.tile(np.array([s[0] for s in spots], float), len(sizes))
        dy = np.tile(np.array([s[1] for s in spots], float), len(sizes))
        r = np.where((dx != 0) & (dy != 0), reach * 0.75, reach) + MARK_GAP_MM
        x0 = cx + dx * (r + w / 2) - w / 2
        y0 = cy + dy * (r + h / 2) - h / 2
        x1, y1 = x0 + w, y0 + h
        cost = np.arange(len(w)) * 0.01
        others = [b for other, b in self.nodes.items() if other != node]
        taken = np.array(self.boxes + others + self.placed, float).reshape(-1, 4)
        ox = np.clip(np.minimum(x1[:, None], taken[None, :, 2]) - np.maximum(x0[:, None], taken[None, :, 0]), 0, None)
        oy = np.clip(np.minimum(y1[:, None], taken[None, :, 3]) - np.maximum(y0[:, None], taken[None, :, 1]), 0, None)
        cost = cost + (ox * oy).sum(axis=1) * OVERLAP_COST
        if self.roads is not None:
            cost = cost + shapely.length(shapely.intersection(shapely.box(x0, y0, x1, y1), self.roads)) * ROAD_COST
        fx0, fy0, fx1, fy1 = self.frame
        cost = cost + ((x0 < fx0) | (y0 < fy0) | (x1 > fx1) | (y1 > fy1)) * OFF_MAP_COST
        i = int(np.argmin(cost))
        self.placed.append((float(x0[i]), float(y0[i]), float(x1[i]), float(y1[i])))
        return float(x0[i]), float(y0[i]), i // n


def _label_boxes(doc: SvgDoc) -> list[Box]:
    """The name plates and country names of the map's label layer: the marks keep clear of them."""
    out = []
    for raw in doc.layers["Labels"].elements:
        el = raw.el
        if local(el.tag) == "rect":  # a settlement's name plate
            x, y = float(el.get("x")), float(el.get("y"))
            out.append((x, y, x + float(el.get("width")), y + float(el.get("height"))))
        elif local(el.tag) == "g":  # a country's name, set centred in the serif italic
            for t in el.iter():
                if local(t.tag) == "text":
                    size = float(t.get("font-size"))
                    w = text_width(t.text or "", size, serif=True, italic=True)
                    x, y = float(t.get("x")), float(t.get("y"))
                    out.append((x - w / 2, y - size, x + w / 2, y + size * 0.3))
    return out


# --------------------------------------------------------------------------- the campaign's layers


def _draw_rulers(root: ET.Element, cm: CountryMap, lay, rulers: dict[str, M.Owner]) -> None:
    """Each player's country says whose it is, beside its letter in the sheet's corner."""
    for c in cm.countries:
        owner = rulers.get(c.id)
        if owner is None:
            continue
        x, y = lay.map_x + c.origin[0] + RULER_X_MM, lay.map_y + c.origin[1] + 2.5
        text = f"{owner.label} {owner.name}" if owner.name != owner.label else owner.label
        mark = RULER_EMBLEM_MM + M.BADGE_PAD_MM if owner.emblem else 0.0
        w = text_width(text, RULER_TEXT_MM, bold=True) + 2 * M.BADGE_PAD_MM + mark
        _el(root, "rect", x=x, y=y, width=w, height=6, rx=0.6, fill=owner.color, stroke="none")
        if owner.emblem:  # the seat's emblem, as on its counters
            M.draw_emblem(root, owner.emblem, x + M.BADGE_PAD_MM, y + (6 - RULER_EMBLEM_MM) / 2, RULER_EMBLEM_MM, M.WHITE)
        _text(root, x + mark + (w - mark) / 2, y + 3 + RULER_TEXT_MM * 0.36, text, RULER_TEXT_MM, anchor="middle", bold=True, fill=M.WHITE)


def _draw_engagements(root: ET.Element, view: dict, sc, radius) -> set[str]:
    """A dashed ring round every node with an engagement waiting (RC-4.4); the nodes."""
    nodes = []
    for e in view.get("engagements", ()):
        if e["node"] not in nodes:
            nodes.append(e["node"])
            x, y = sc.pos[e["node"]]
            M.draw_engagement_ring(root, x, y, radius[e["node"]])
    return set(nodes)


def _reach(node: str, radius, engaged: set[str]) -> float:
    """How far a node's own marks reach: its ring, or its engagement ring."""
    r = radius[node]
    return M.engagement_radius(r) + M.ENGAGEMENT_WIDTH_MM / 2 if node in engaged else M.ring_radius(r) + M.RING_WIDTH_MM


def _draw_places(ring_root, badge_root, view: dict, sc, radius, owners, home, engaged: set[str], room: _Room) -> None:
    """Each place's holder ring, and under it its badges: holder, garrison, walls, damage, siege, engagement."""
    army_owner = {a["id"]: a.get("owner") for a in view.get("armies", ())}
    sieges = {s["node"]: s for s in view.get("sieges", ())}
    engagements: dict[str, list[dict]] = {}
    for e in view.get("engagements", ()):
        engagements.setdefault(e["node"], []).append(e)
    places = list(view.get("places", ()))
    for p in places:
        x, y = sc.pos[p["node"]]
        M.draw_holder(ring_root, x, y, radius[p["node"]], M.owner_of(owners, p["owner"]), bool(p.get("damaged")),
                      bool(p.get("advanced")))
    by_node = {p["node"]: p for p in places}
    nodes = list(by_node) + [n for n in (*sieges, *engagements) if n not in by_node]
    for node in dict.fromkeys(nodes):
        badges = _badges(by_node.get(node), sieges.get(node), engagements.get(node, ()), owners, home.get(node), army_owner)
        if not badges:
            continue
        x, y = sc.pos[node]
        size = (M.badges_width(badges), M.BADGE_H_MM)
        bx, by, _ = room.place(node, x, y, _reach(node, radius, engaged), [size], BADGE_SPOTS)
        M.draw_badges(badge_root, bx, by, badges)


def _badges(place, siege, engagements, owners, home, army_owner) -> list[M.Badge]:
    out = []
    if place is not None:
        owner = M.owner_of(owners, place["owner"])
        if home is None or home.id != owner.id:  # not its own country's ruler: say who (the ring's colour prints grey)
            out.append(M.holder_badge(owner))
        strength = place.get("garrison_strength")
        if strength is not None and (strength > 0 or place.get("garrison")):
            out.append(M.garrison_badge(strength, owner))
        if place.get("fortified"):
            out.append(M.walled_badge())
        if place.get("damaged"):
            out.append(M.damaged_badge())
    if siege is not None:
        out.append(M.siege_badge(siege.get("phases", 0), M.owner_of(owners, army_owner.get(siege.get("army")))))
    out += [M.engagement_badge(e) for e in engagements]
    return out


def _draw_armies(root: ET.Element, view: dict, sc, radius, owners, engaged: set[str], room: _Room) -> None:
    """Every army the view shows, as counters fanned out in a block beside its node, never one over another."""
    at: dict[str, list[dict]] = {}
    for a in view.get("armies", ()):
        at.setdefault(a["node"], []).append(a)
    s, gap = M.COUNTER_MM, M.COUNTER_GAP_MM
    for node, armies in at.items():
        shapes = _block_shapes(len(armies))
        sizes = [(c * s + (c - 1) * gap, r * s + (r - 1) * gap) for c, r in shapes]
        x, y = sc.pos[node]
        bx, by, i = room.place(node, x, y, _reach(node, radius, engaged), sizes, COUNTER_SPOTS)
        cols = shapes[i][0]
        for k, a in enumerate(armies):
            row, col = divmod(k, cols)
            M.draw_army(root, bx + col * (s + gap), by + row * (s + gap), a, M.owner_of(owners, a.get("owner")))


def _block_shapes(n: int) -> list[tuple[int, int]]:
    """The ways to lay ``n`` counters out in a block, (columns, rows): a row first, up to :data:`COUNTERS_PER_ROW` wide."""
    return [(c, -(-n // c)) for c in range(min(n, COUNTERS_PER_ROW), 0, -1)]


def counter_boxes(svg_text: str) -> dict[str, Box]:
    """Each army counter's box on the map (not the key's samples) of a drawing made here, by army id."""
    root = ET.fromstring(svg_text)
    layer = next(g for g in root if g.get("{http://www.inkscape.org/namespaces/inkscape}label") == "Armies")
    out = {}
    for g in layer.iter():
        if local(g.tag) == "g" and g.get("data-army") is not None:
            rect = next(c for c in g if local(c.tag) == "rect")
            x, y = float(rect.get("x")), float(rect.get("y"))
            out[g.get("data-army")] = (x, y, x + float(rect.get("width")), y + float(rect.get("height")))
    return out

