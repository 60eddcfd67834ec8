"""Which features of a table block line of sight, and where: the walls a virtual tabletop draws.

A virtual tabletop hides what a token cannot see behind walls: flat lines that block
sight whatever stands on either side.  A battlefield's features become such walls as
the rules read:

* woods and forests (FW-19.3: "Woods and forests block line of sight"): the outline;
* buildings [DEV] (the digest names none; a house, farm, holding, tower, temple or
  sanctuary stands taller than a figure, while ruins "may give cover" and a cemetery
  is open ground): the outline;
* raised ground nobody climbs (an impassable hill, dune or djebel, a mountain, volcano
  or mine: steep on every side): the outline;
* a passable hill of two levels or more [DEV]: its crest, a line along the hill's long
  axis from flank to flank, so figures at the foot on either side do not see each
  other and a figure on the crest sees both ways, as the base rules' hills do.  A
  one-level rise (hillock, raised area, plateau, dune, burial mound, mountain base) is
  too low to hide a unit and blocks nothing.

What a wall cannot say is left to the players: a unit within 10 cm (wood) or 5 cm
(forest) of the edge sees out (FW-19.3), and a unit inside sees only the inside.
Walls are in table centimetres, clipped to the table; the VTT export turns them
into grid units, and puts those of passable features (woods, a crest, a farm or a
holding, which figures enter) apart from those that also stop figures.
"""

from __future__ import annotations

from dataclasses import dataclass

from shapely.geometry import LineString, Polygon, box

from .model import Battlefield, Feature
from .rules import KINDS

#: FW-19.3: woods and forests block line of sight.
WOODS = frozenset({"wood", "enchanted_wood", "forest_section"})
#: [DEV] Buildings taller than a figure (see the module's docstring).
BUILDINGS = frozenset({"house", "farm", "stronghold", "tower", "temple", "sanctuary"})
#: [DEV] A passable rise blocks sight along its crest from this many levels up.
CREST_LEVELS = 2


@dataclass(frozen=True)
class SightWall:
    """A line that blocks sight: the feature (1-based, as the plan numbers it), why, and the line in table cm."""

    feature: int
    kind: str
    why: str  # "woods", "building", "impassable", "crest"
    line: LineString
    #: The feature is impassable (a tower, a house, a mountain): the wall stops figures as well as
    #: sight.  Woods, a passable hill's crest, a farm or a holding stop sight only.
    blocks_movement: bool = False


def why_blocks(f: Feature) -> str | None:
    """Why ``f`` blocks sight (see the module's docstring), or None when it does not."""
    if f.kind in WOODS:
        return "woods"
    if f.kind in BUILDINGS:
        return "building"
    kind = KINDS.get(f.kind)
    if kind is None or kind.layer != "relief":
        return None
    if not f.passable:
        return "impassable"
    return "crest" if f.levels >= CREST_LEVELS else None


def crest(poly: Polygon) -> LineString:
    """The hill's long axis through the middle of its smallest enclosing rectangle, cut to the hill.

    Of the pieces the outline cuts the axis into (a crooked hill may give several), the longest."""
    rect = poly.minimum_rotated_rectangle
    pts = list(rect.exterior.coords)[:4]
    sides = [(pts[i], pts[(i + 1) % 4]) for i in range(4)]
    (ax, ay), (bx, by) = max(sides[:2], key=lambda s: LineString(s).length)
    cx, cy = rect.centroid.x, rect.centroid.y
    dx, dy = bx - ax, by - ay
    axis = LineString([(cx - dx, cy - dy), (cx + dx, cy + dy)])
    cut = axis.intersection(poly)
    parts = [g for g in getattr(cut, "geoms", [cut]) if g.geom_type == "LineString" and not g.is_empty]
    return max(parts, key=lambda g: g.length) if parts else LineString()


def sight_walls(b: Battlefield) -> list[SightWall]:
    """Every wall of the table, in plan order: closed outlines (first point repeated at the end) and crests."""
    table = box(0, 0, b.width_cm, b.depth_cm)
    walls = []
    for i, f in enumerate(b.features, start=1):
        why = why_blocks(f)
        if why is None:
            continue
        poly = f.polygon if f.polygon.is_valid else f.polygon.buffer(0)
        if why == "crest":
            lines = [crest(poly).intersection(table)]
        else:
            area = poly.intersection(table)
            lines = [LineString(p.exterior.coords) for p in getattr(area, "geoms", [area]) if p.geom_type == "Polygon" and not p.is_empty]
        for line in lines:
            for part in getattr(line, "geoms", [line]):
                if part.geom_type == "LineString" and part.length > 0:
                    walls.append(SightWall(i, f.kind, why, _oriented(part), not f.passable))
    return walls


def _oriented(line: LineString) -> LineString:
    """Closed rings run counter-clockwise from their lowest-leftmost point, so a wall's points do not
    depend on how shapely happened to start the ring."""
    if not line.is_closed:
        return line
    pts = list(line.coords)[:-1]
    ring = Polygon(pts)
    if not ring.exterior.is_ccw:
        pts = pts[::-1]
    start = min(range(len(pts)), key=lambda k: (pts[k][1], pts[k][0]))
    pts = pts[start:] + pts[:start]
    return LineString([*pts, pts[0]])

