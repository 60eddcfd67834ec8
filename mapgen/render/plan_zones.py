"""Deployment zones on the plan: a light tint, a hatch and an outline per side, beneath the features.

Drawn first, so every feature stays whole on top of them; the outlines are drawn
again above the features (:func:`draw_zone_edges`), so a zone a feature covers
(the raid's "inside the village") still shows where it runs.  The two sides differ by
more than colour, because red and blue print as much the same grey: side A's zones
are hatched one way with a solid edge, side B's the other way with a dashed edge
(``templates/battlefield/style.json``, ``zone.sides``).  Each outline is drawn just
inside its zone, so where zones of the two sides touch both edges show side by side.
"""

from __future__ import annotations

import functools

import shapely
from shapely.geometry import Polygon

from .plan_draw import Frame, area_d, fmt, hatch_d, path
from .templates import mix


def side_look(st: dict, side: str) -> dict:
    """Colour, hatch angle and dash of a side's zones."""
    zs = st["zone"]
    look = zs["sides"].get(side, zs["sides"]["A"])
    return {"colour": st["sides"].get(side, st["ink"]), "angle": look["angle"], "dash": look.get("dash")}


def draw_zone_area(doc, g, st: dict, side: str, area, outlines) -> None:
    """Tint and hatch ``area`` (paper mm) in the side's look, then outline each of ``outlines``."""
    zs = st["zone"]
    look = side_look(st, side)
    path(doc, g, area_d(area), fill=mix("#ffffff", look["colour"], zs["tint"]), stroke="none", fill_rule="evenodd")
    path(doc, g, hatch_d(area, zs["hatch_spacing"], look["angle"]), fill="none", stroke=mix("#ffffff", look["colour"], zs["hatch_strength"]), stroke_width=fmt(zs["hatch_width"]))
    _outline(doc, g, st, side, outlines)


def _outline(doc, g, st: dict, side: str, outlines) -> None:
    """Each zone's edge, just inside it, solid or dashed as the side's look says."""
    zs = st["zone"]
    look = side_look(st, side)
    width = zs["outline_width"]
    extra = {"stroke_dasharray": ",".join(fmt(v) for v in look["dash"])} if look["dash"] else {}
    for outline in outlines:
        path(doc, g, _inset_d(shapely.to_wkb(outline), width / 2 + zs["outline_gap"]), fill="none", stroke=look["colour"], stroke_width=fmt(width), **extra)


@functools.lru_cache(maxsize=64)
def _inset_d(outline_wkb: bytes, inset: float) -> str:
    """Path data of a zone's outline moved ``inset`` inwards (the outline itself if nothing is left), remembered
    for the process: each outline is drawn twice (under and over the features), and a kit's tables share them."""
    outline = shapely.from_wkb(outline_wkb)
    inner = outline.buffer(-inset, join_style="mitre")
    return area_d(inner if not inner.is_empty else outline)


def draw_zones(doc, g, fr: Frame) -> None:
    """Every zone of the scenario, side by side, each side's zones hatched once over their union."""
    for side, shapes in _by_side(fr).items():
        draw_zone_area(doc, g, fr.st, side, shapely.union_all(shapes), shapes)


def draw_zone_edges(doc, g, fr: Frame) -> None:
    """The zones' outlines once more, over the features: a village or a field may cover a whole zone."""
    for side, shapes in _by_side(fr).items():
        _outline(doc, g, fr.st, side, shapes)


def _by_side(fr: Frame) -> dict[str, list[Polygon]]:
    by_side: dict[str, list[Polygon]] = {}
    zones = fr.b.scenario.zones
    for z, shape in zip(zones, fr.paper([z.polygon for z in zones])):
        by_side.setdefault(z.side, []).append(shape)
    return {side: by_side[side] for side in sorted(by_side)}
