"""One country, drawn the way the rulebook draws it on paper (RC-1.5, RC-1.6).

The capital sits at the centre of the sheet with four straight roads of
about 3 cm towards the edges.  Starting with the east road, each end rolls
the Urban Area Table (a border there is rolled again); then every urban area
reached by a single road rolls the Roads Table, and each new road's end rolls
the Urban Area Table with +1 for every urban area between the capital and
that point.  Geometry is part of the procedure (RC-1.6, geometric mode): new
roads leave a node away from the capital and from its other roads, never
cross another road, stop at the sheet edge as a border point, and a road
with no free direction ends early at a border point.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field

from shapely import make_valid, unary_union
from shapely.geometry import LineString, Polygon
from shapely.geometry import Point as ShapelyPoint

from ..dice import Dice, Modifier
from ..tables import roll_on
from .geometry import (
    Point,
    angle_gap,
    clip_to_rect,
    convex_hull,
    heading,
    point_segment_distance,
    segment_distance,
    segments_cross,
    step,
)
from .rules import COMPASS, COMPASS_ANGLE, ROAD_JITTER, ROAD_MM, ROADS, SHEET_MARGIN_MM, URBAN_AREA

#: Fan of new roads around the outward heading, by how many leave the node (degrees).
FAN = {1: (0.0,), 2: (-35.0, 35.0), 3: (-55.0, 0.0, 55.0)}
#: How far a candidate heading may turn from its ideal, and in what steps.
SEARCH_STEP, SEARCH_MAX = 10.0, 100.0
#: Two roads at one node at least this far apart in heading.
MIN_ROAD_ANGLE = 30.0
#: Keep this much paper between a new road and other roads and places.
CLEARANCE_MM = 7.0
#: A new road must take its end at least this much farther from the capital.
OUTWARD_MM = 8.0
#: A road cut short (sheet edge, no free direction) is at least this long.
MIN_STUB_MM = 4.0
#: Where the polar outline would cut a road off, the border keeps this far from the road.
ROAD_BAND_MM = 4.0


@dataclass
class Place:
    id: str
    kind: str
    depth: int
    pos: Point
    parent: str | None
    side: str | None
    note: str = ""
    roads: list[str] = field(default_factory=list)


@dataclass
class Sheet:
    """One country's drawing, in sheet coordinates (mm, origin top-left, y southwards)."""

    country: str
    width: float
    height: float
    places: dict[str, Place]
    roads: list[tuple[str, str]]
    border: list[Point]
    notes: list[str]

    @property
    def capital(self) -> str:
        return f"{self.country}-0"


class _Drawing:
    def __init__(self, country: str, width: float, height: float):
        self.country = country
        self.width, self.height = width, height
        m = SHEET_MARGIN_MM
        self.rect = (m, m, width - m, height - m)
        self.places: dict[str, Place] = {}
        self.roads: list[tuple[str, str]] = []
        self.notes: list[str] = []

    def new_id(self) -> str:
        return f"{self.country}-{len(self.places)}"

    def add(self, kind: str, depth: int, pos: Point, parent: str | None, side: str | None, note: str = "") -> Place:
        p = Place(self.new_id(), kind, depth, pos, parent, side, note)
        self.places[p.id] = p
        if parent:
            self.roads.append((parent, p.id))
            self.places[parent].roads.append(p.id)
            p.roads.append(parent)
        return p

    def segment(self, road) -> tuple[Point, Point]:
        return self.places[road[0]].pos, self.places[road[1]].pos

    def clear(self, origin: Place, end: Point, clearance: float) -> bool:
        """Can a road run from ``origin`` to ``end`` without crossing or crowding the drawing?"""
        a = origin.pos
        for road in self.roads:
            p, q = self.segment(road)
            if origin.id in road:
                # a road from the same node: only the far part may not come close
                other = q if road[0] == origin.id else p
                if point_segment_distance(end, a, other) < clearance or point_segment_distance(other, a, end) < clearance:
                    return False
                continue
            if segment_distance(a, end, p, q) < clearance:
                return False
        for place in self.places.values():
            if place.id != origin.id and point_segment_distance(place.pos, a, end) < clearance:
                return False
        return True

    def crosses_nothing(self, origin: Place, end: Point) -> bool:
        for road in self.roads:
            if origin.id in road:
                continue
            if segments_cross(origin.pos, end, *self.segment(road)):
                return False
        return True


def _initial_type(dice: Dice, direction: str) -> str:
    """RC-1.5 step 3: the ends of the four initial roads; a border result is rolled again."""
    while True:
        roll, band = roll_on(dice, URBAN_AREA, f"1b: what lies at the end of the {direction} road")
        if band.outcome != "border":
            return band.outcome
        dice.note(roll, "border: rolled again (step 1b)")


def _road_length(dice: Dice) -> float:
    return ROAD_MM * (1.0 + dice.rng.uniform(-ROAD_JITTER, ROAD_JITTER))


def _candidates(ideal: float):
    yield ideal
    k = SEARCH_STEP
    while k <= SEARCH_MAX:
        yield ideal + k
        yield ideal - k
        k += SEARCH_STEP


def _new_road(d: _Drawing, dice: Dice, x: Place, capital: Place, ideal: float) -> tuple[Point, str]:
    """Where a new road from ``x`` ends, and how: 'open' (roll the table), 'edge' or 'blocked'."""
    length = _road_length(dice)
    base = math.dist(x.pos, capital.pos)
    existing = [heading(x.pos, d.places[o].pos) for o in x.roads]
    for angle in _candidates(ideal):
        if any(angle_gap(angle, e) < MIN_ROAD_ANGLE for e in existing):
            continue
        end, cut = clip_to_rect(x.pos, step(x.pos, angle, length), d.rect)
        if math.dist(x.pos, end) < MIN_STUB_MM:
            continue
        if not cut and math.dist(end, capital.pos) < base + OUTWARD_MM:
            continue
        if d.clear(x, end, CLEARANCE_MM):
            return end, "edge" if cut else "open"
    # No free direction: the road ends early, at the farthest point it can reach.
    best, best_len = None, 0.0
    for angle in _candidates(ideal):
        if any(angle_gap(angle, e) < MIN_ROAD_ANGLE / 2 for e in existing):
            continue
        for frac in (0.75, 0.5, 0.35, 0.2):
            end, _ = clip_to_rect(x.pos, step(x.pos, angle, length * frac), d.rect)
            reach = math.dist(x.pos, end)
            if reach > best_len and reach >= MIN_STUB_MM and d.clear(x, end, CLEARANCE_MM / 3):
                best, best_len = end, reach
                break
    if best is None:
        for angle in _candidates(ideal + 180.0):
            end = step(x.pos, angle, MIN_STUB_MM)
            if d.crosses_nothing(x, end):
                best = end
                break
        else:  # pragma: no cover - a node always has some free direction
            best = step(x.pos, ideal, MIN_STUB_MM)
    return best, "blocked"


def draw_country(dice: Dice, country: str, width: float, height: float) -> Sheet:
    """Run RC-1.5 steps 1 to 5 on one sheet; every roll goes to ``dice``."""
    d = _Drawing(country, width, height)
    capital = d.add("capital", 0, (width / 2, height / 2), None, None)
    queue: deque[Place] = deque()
    # Steps 2-3: four straight roads of about 3 cm, their ends resolved from the east road on.
    for direction in COMPASS:
        end = step(capital.pos, COMPASS_ANGLE[direction], _road_length(dice))
        kind = _initial_type(dice, direction)
        queue.append(d.add(kind, 1, end, capital.id, direction))
    # Step 4: every urban area reached by a single road sends out new roads.
    while queue:
        x = queue.popleft()
        _, roads = roll_on(dice, ROADS, f"1c: roads leaving {x.id} ({x.kind.replace('_', ' ')}, depth {x.depth})")
        n = roads.data["roads"]
        outward = heading(d.places[x.parent].pos, x.pos)
        fan = [outward + off + dice.rng.normal(0.0, 6.0) for off in FAN[n]]
        for i, ideal in enumerate(fan, 1):
            end, how = _new_road(d, dice, x, capital, ideal)
            if how == "edge":
                d.add("border", x.depth + 1, end, x.id, x.side, "the road reaches the sheet edge (step 1e)")
                continue
            if how == "blocked":
                p = d.add("border", x.depth + 1, end, x.id, x.side, "no free direction: the road ends early (RC-1.6)")
                d.notes.append(f"{country}: road {i} from {x.id} had no free direction and ends early at border point {p.id}")
                continue
            roll, band = roll_on(
                dice,
                URBAN_AREA,
                f"1d: end of road {i} from {x.id}",
                [Modifier("urban areas between the capital and here (RC-1.3)", x.depth)],
            )
            place = d.add(band.outcome, x.depth + 1, end, x.id, x.side)
            dice.note(roll, f"{band.outcome} ({place.id})")
            if band.outcome != "border":
                queue.append(place)
    return Sheet(country, width, height, d.places, d.roads, outline(d), d.notes)


def outline(d: _Drawing) -> list[Point]:
    """Step 5 (RC-A.36): join the border points in polar order round the capital.

    Where that line would cut a road off (a branch that bends round between
    two border points), the outline is widened just enough to take the road
    in, so the border still runs through every border point.  Only if that
    fails too is the convex hull of every place the border.
    """
    cap = d.places[f"{d.country}-0"].pos
    borders = [p.pos for p in d.places.values() if p.kind == "border"]
    ring = sorted(borders, key=lambda p: (math.atan2(p[1] - cap[1], p[0] - cap[0]), math.dist(p, cap)))
    if len(ring) >= 3 and _contains_all(Polygon(ring), d):
        return ring
    if len(ring) >= 3:
        widened = _widened(Polygon(ring), d)
        if widened is not None:
            return widened
    return convex_hull([p.pos for p in d.places.values()])


def _widened(poly: Polygon, d: _Drawing) -> list[Point] | None:
    """The polar outline united with a band round every road (flat at the border points)."""
    poly = make_valid(poly)
    bands = [LineString(d.segment(r)).buffer(ROAD_BAND_MM, cap_style="flat", join_style="round") for r in d.roads]
    bands += [ShapelyPoint(p.pos).buffer(ROAD_BAND_MM) for p in d.places.values() if p.kind != "border"]
    shape = unary_union([poly, *bands])
    if shape.geom_type != "Polygon":
        return None
    filled = Polygon(shape.exterior).simplify(0.2, preserve_topology=True)
    if not filled.is_valid or not _contains_all(filled, d):
        return None
    return [(x, y) for x, y in filled.exterior.coords[:-1]]


def _contains_all(poly: Polygon, d: _Drawing) -> bool:
    if not poly.is_valid:
        return False
    grown = poly.buffer(1e-6)
    return all(grown.covers(LineString(d.segment(r))) for r in d.roads) and all(
        grown.covers(ShapelyPoint(p.pos)) for p in d.places.values()
    )
