"""The country's border (RC-1.5 step 5, source step 1f, RC-A.36): one closed line through every border
point, round every road of the drawing that ``procedure.py`` made."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from shapely import make_valid, unary_union
from shapely.geometry import LineString, Polygon
from shapely.geometry import Point as ShapelyPoint

from .geometry import Point, convex_hull, heading, point_segment_distance, segments_cross

if TYPE_CHECKING:
    from .procedure import _Drawing

#: Where the polar outline would cut a road off, the border keeps this far from the road.
ROAD_BAND_MM = 4.0
#: Where the border has to follow the road tree itself, it keeps this far from the roads
#: (closer, down to MIN_TREE_BAND_MM, where two roads run so close that a border point would be swallowed).
TREE_BAND_MM = 2.5
MIN_TREE_BAND_MM = 0.6


def outline(d: _Drawing) -> list[Point]:
    """Step 5 (source 1f, RC-A.36): one closed line through every border point, round every road.

    First the border points joined in polar order round the capital
    (RC-A.36).  Where that line would cut a road off (a branch that bends
    round between two border points), it is widened just enough to take the
    road in.  Where the widening would swallow a border point, the line joins
    the border points in the order the roads reach them instead (the road
    tree's own order, clockwise from the east road), hugging the roads where
    a straight stretch would cut one.  The source asks for a line "joining all
    the border lines", so a border point is never left inside: the digest's
    convex hull (RC-A.36) is only a last resort, with a note.
    """
    cap = d.places[f"{d.country}-0"].pos
    borders = [p.pos for p in d.places.values() if p.kind == "border"]
    ring = sorted(borders, key=lambda p: (math.atan2(p[1] - cap[1], p[0] - cap[0]), math.dist(p, cap)))
    if len(ring) >= 3 and _contains_all(Polygon(ring), d):
        return ring
    if len(ring) >= 3:
        widened = _widened(Polygon(ring), d)
        if widened is not None and _through_borders(widened, d):
            return widened
    tree = _tree_outline(d)
    if tree is not None:
        return tree
    d.notes.append(f"{d.country}: the border is the convex hull of the country; some border points lie inside it")
    return convex_hull([p.pos for p in d.places.values()])


def _widened(poly: Polygon, d: _Drawing) -> list[Point] | None:
    """The polar outline united with a band round every road (flat at the border points)."""
    poly = make_valid(poly)
    bands = [LineString(d.segment(r)).buffer(ROAD_BAND_MM, cap_style="flat") for r in d.roads]
    bands += [ShapelyPoint(p.pos).buffer(ROAD_BAND_MM) for p in d.places.values() if p.kind != "border"]
    shape = unary_union([poly, *bands])
    if shape.geom_type != "Polygon":
        return None
    filled = Polygon(shape.exterior).simplify(0.2)
    if not filled.is_valid or not _contains_all(filled, d):
        return None
    return [(x, y) for x, y in filled.exterior.coords[:-1]]


def _leaf_order(d: _Drawing) -> list[str]:
    """Border points in the order a walk round the road tree meets them, clockwise from the east road."""
    order: list[str] = []
    cap = f"{d.country}-0"
    stack = [(cap, None)]
    while stack:
        node, came = stack.pop()
        here = d.places[node]
        children = [n for n in here.roads if n != came]
        if not children and came is not None:
            order.append(node)
            continue
        # clockwise on the page (headings grow clockwise, y southwards): at the capital from the east road on,
        # elsewhere starting just past the road we came by
        if came is None:
            children.sort(key=lambda n: heading(here.pos, d.places[n].pos))
        else:
            back = heading(here.pos, d.places[came].pos)
            children.sort(key=lambda n: (heading(here.pos, d.places[n].pos) - back) % 360.0)
        stack.extend((n, node) for n in reversed(children))
    return order


def _tree_path(d: _Drawing, a: str, b: str) -> list[Point]:
    """The road path from border point a to border point b (up to where their branches meet, then down)."""

    def up(n: str) -> list[str]:
        chain = [n]
        while d.places[chain[-1]].parent:
            chain.append(d.places[chain[-1]].parent)
        return chain

    ua, ub = up(a), up(b)
    common = set(ua) & set(ub)
    top = next(n for n in ua if n in common)
    path = ua[: ua.index(top) + 1] + list(reversed(ub[: ub.index(top)]))
    return [d.places[n].pos for n in path]


def _tree_outline(d: _Drawing) -> list[Point] | None:
    """Border points joined in the road tree's order; each stretch between two of them closes the pocket
    between it and the roads, unless it would cut a road or swallow a border point: there the border
    hugs the roads instead, as close as it must for every border point to stay on it."""
    leaves = _leaf_order(d)
    if len(leaves) < 3:
        return None
    stretches = list(zip(leaves, leaves[1:] + leaves[:1]))
    hug = {i for i, (a, b) in enumerate(stretches) if not _clear_stretch(d, a, b)}
    band = TREE_BAND_MM
    for _ in range(2 * len(stretches)):
        pieces = []
        for i, (a, b) in enumerate(stretches):
            chain = _tree_path(d, a, b)
            pocket = Polygon(chain)
            if i not in hug and pocket.is_valid and pocket.area > 1e-6:
                pieces.append(pocket)
            else:
                pieces.append(LineString(chain).buffer(band, cap_style="flat"))
                pieces += [ShapelyPoint(q).buffer(band) for q in chain[1:-1]]
        shape = unary_union(pieces)
        if shape.geom_type != "Polygon":
            return None
        filled = Polygon(shape.exterior)
        if not filled.is_valid or not _contains_all(filled, d):
            return None
        line = filled.exterior
        # a straight stretch that leaves a border point on the wrong side of its road swallows it;
        # so does a band round two roads that run close
        inside = {n for n in leaves if line.distance(ShapelyPoint(d.places[n].pos)) > 1e-6}
        if not inside:
            return [(x, y) for x, y in line.coords[:-1]]
        more = {i for i, (a, b) in enumerate(stretches) if a in inside or b in inside} - hug
        if more:
            hug |= more
        elif band > MIN_TREE_BAND_MM:
            band /= 2
        else:
            return None
    return None  # pragma: no cover - the loop ends sooner


def _clear_stretch(d: _Drawing, a: str, b: str) -> bool:
    pa, pb = d.places[a].pos, d.places[b].pos
    return all(a in road or b in road or not segments_cross(pa, pb, *d.segment(road)) for road in d.roads) and all(
        n in (a, b) or point_segment_distance(p.pos, pa, pb) >= TREE_BAND_MM for n, p in d.places.items()
    )


def _through_borders(ring: list[Point], d: _Drawing, tol: float = 0.25) -> bool:
    """Does the line run through (within ``tol`` mm of) every border point?"""
    line = Polygon(ring).exterior
    return all(line.distance(ShapelyPoint(p.pos)) <= tol for p in d.places.values() if p.kind == "border")


def _contains_all(poly: Polygon, d: _Drawing) -> bool:
    if not poly.is_valid:
        return False
    grown = poly.buffer(1e-6)
    return all(grown.covers(LineString(d.segment(r))) for r in d.roads) and all(
        grown.covers(ShapelyPoint(p.pos)) for p in d.places.values()
    )
