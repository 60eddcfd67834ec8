"""One country, drawn the way the rulebook draws it on paper (RC-1.5, RC-1.6).

The capital sits at the centre of the sheet with four straight roads of
about 3 cm towards the edges.  Starting with the east road, each end rolls
the Urban Area Table (a border there is rolled again); then every urban area
reached by a single road rolls the Roads Table, and each new road's end rolls
the Urban Area Table with +1 for every urban area between the capital and
that point.  Geometry is part of the procedure (RC-1.6, geometric mode): new
roads leave a node away from the capital and from its other roads, never
cross another road, and stop at the sheet edge.

Every road end is either rolled on Tabella 27 or, without a roll, made a
border point by a rule the place records (``Place.rule``, and a note):

- the road reaches the sheet edge: "a sheet edge always counts as a border"
  (source step 1e, RC-1.5 step 4.2).  A road that would end less than
  ``EDGE_SNAP_MM`` short of the edge is taken on to it, so no settlement sits
  so close to the edge that its own roads could not be drawn (measured over
  2000 A4 sheets: 125 of the 161 roads that found no room started within
  4 mm of the edge);
- a road with no room for its 3 cm is drawn shorter, still clear of every
  road, and its end is rolled like any other;
- only a road with no clear direction at all (about 1 road in 1000) ends at
  once at a border point: the rulebook, drawing by hand, never meets this, so
  it is our geometric rule (RC-1.6, RC-A.4), said in the notes.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field

from ..dice import Dice, Modifier
from ..tables import roll_on
from .geometry import (
    Point,
    angle_gap,
    clip_to_rect,
    heading,
    point_segment_distance,
    segment_distance,
    segments_cross,
    step,
)
from .outline import outline
from .rules import COMPASS, COMPASS_ANGLE, ROAD_JITTER, ROAD_MM, ROADS, SHEET_MARGIN_MM, URBAN_AREA

#: Fan of new roads around the outward heading, by how many leave the node (degrees).
FAN = {1: (0.0,), 2: (-35.0, 35.0), 3: (-55.0, 0.0, 55.0)}
#: How far a candidate heading may turn from its ideal, and in what steps.
SEARCH_STEP, SEARCH_MAX = 10.0, 100.0
#: Two roads at one node at least this far apart in heading.
MIN_ROAD_ANGLE = 30.0
#: Keep this much paper between a new road and other roads and places.
CLEARANCE_MM = 7.0
#: A road with no clear direction still keeps this far off, so the border can pass between (outline.TREE_BAND_MM).
BLOCKED_CLEARANCE_MM = 3.5
#: A new road must take its end at least this much farther from the capital.
OUTWARD_MM = 8.0
#: A road with no free direction is at least this long.
MIN_STUB_MM = 4.0
#: Two blocked roads' reaches closer than this are the same: the heading nearer the ideal keeps its place
#: (rounding alone used to hand it to a turned one).
SAME_REACH_MM = 1e-6
#: A road that would end this close to the sheet edge is taken on to the edge (RC-1.5 step 1e).
EDGE_SNAP_MM = 4.0
#: When a full road finds no room: shorter roads tried, as shares of its length; their ends roll as usual.
SHORTER = (0.75, 0.5)

#: Why a road end became what it is, when no Tabella 27 roll decided it (``Place.rule``).
SHEET_EDGE_RULE = "RC-1.5 step 1e"
NO_ROOM_RULE = "RC-1.6"


@dataclass
class Place:
    id: str
    kind: str
    depth: int
    pos: Point
    parent: str | None
    side: str | None
    #: What decided the kind: the rule ID of the Tabella 27 roll or of the rule that made it without one.
    rule: str | None = None
    #: ``seq`` of the Tabella 27 roll that decided the kind, in the dice log (None when no roll did).
    roll: int | None = None
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

    def add(
        self, kind: str, depth: int, pos: Point, parent: str | None, side: str | None, rule: str | None = None, roll: int | None = None
    ) -> Place:
        p = Place(self.new_id(), kind, depth, pos, parent, side, rule, roll)
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
                # a road from the same node: only the new end may not come close to it (its far end is
                # a place, kept off below)
                other = q if road[0] == origin.id else p
                if point_segment_distance(end, a, other) < clearance:
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


def _initial_type(dice: Dice, direction: str):
    """RC-1.5 step 3: the ends of the four initial roads; a border result is rolled again."""
    while True:
        roll, band = roll_on(dice, URBAN_AREA, f"1b: what lies at the end of the {direction} road")
        if band.outcome != "border":
            return roll, band.outcome
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
    angles = [a for a in _candidates(ideal) if all(angle_gap(a, e) >= MIN_ROAD_ANGLE for e in existing)]
    # A road of about 3 cm; one that reaches the sheet edge, or would end just short of it, ends there.
    for angle in angles:
        end, cut = clip_to_rect(x.pos, step(x.pos, angle, length + EDGE_SNAP_MM), d.rect)
        if not cut:
            end = step(x.pos, angle, length)
            if math.dist(end, capital.pos) < base + OUTWARD_MM:
                continue
        # (a road cut shorter than CLEARANCE_MM by the edge never gets here clear: its end is that close
        # to the node's own road)
        if d.clear(x, end, CLEARANCE_MM):
            return end, "edge" if cut else "open"
    # No room for it: a shorter road, as clear of everything, its end rolled like any other.
    for share in SHORTER:
        for angle in angles:
            end, cut = clip_to_rect(x.pos, step(x.pos, angle, length * share + EDGE_SNAP_MM), d.rect)
            if cut:
                continue  # the full road reached the edge there and found no room
            end = step(x.pos, angle, length * share)
            if math.dist(end, capital.pos) > base and d.clear(x, end, CLEARANCE_MM):
                return end, "open"
    # No clear direction at all: the road ends early, at the farthest point it can reach.
    best, best_len = None, 0.0
    for angle in _candidates(ideal):
        if any(angle_gap(angle, e) < MIN_ROAD_ANGLE / 2 for e in existing):
            continue
        for frac in (0.75, 0.5, 0.35, 0.2):
            end, _ = clip_to_rect(x.pos, step(x.pos, angle, length * frac), d.rect)
            reach = math.dist(x.pos, end)
            if reach > best_len + SAME_REACH_MM and reach >= MIN_STUB_MM and d.clear(x, end, BLOCKED_CLEARANCE_MM):
                best, best_len = end, reach
                break
    if best is None:
        for angle in _candidates(ideal + 180.0):
            end = step(x.pos, angle, MIN_STUB_MM)
            if d.crosses_nothing(x, end):
                best = end
                break
        else:  # boxed in by roads: never seen on a generated sheet, but the road must end somewhere
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
        roll, kind = _initial_type(dice, direction)
        place = d.add(kind, 1, end, capital.id, direction, URBAN_AREA.rule, roll.seq)
        dice.note(roll, f"{kind} ({place.id})")
        queue.append(place)
    # Step 4: every urban area reached by a single road sends out new roads.
    edge_ends: list[str] = []
    while queue:
        x = queue.popleft()
        _, roads = roll_on(dice, ROADS, f"1c: roads leaving {x.id} ({x.kind.replace('_', ' ')}, depth {x.depth})")
        n = roads.data["roads"]
        outward = heading(d.places[x.parent].pos, x.pos)
        fan = [outward + off + dice.rng.normal(0.0, 6.0) for off in FAN[n]]
        for i, ideal in enumerate(fan, 1):
            end, how = _new_road(d, dice, x, capital, ideal)
            if how == "edge":
                edge_ends.append(d.add("border", x.depth + 1, end, x.id, x.side, SHEET_EDGE_RULE).id)
                continue
            if how == "blocked":
                p = d.add("border", x.depth + 1, end, x.id, x.side, NO_ROOM_RULE)
                d.notes.append(
                    f"{country}: road {i} from {x.id} found no clear direction on the sheet and ends early at border "
                    f"point {p.id}, with no Tabella 27 roll ({NO_ROOM_RULE}, geometric mode: our rule, RC-A.4)"
                )
                continue
            roll, band = roll_on(
                dice,
                URBAN_AREA,
                f"1d: end of road {i} from {x.id}",
                [Modifier("urban areas between the capital and here (RC-1.3)", x.depth)],
            )
            place = d.add(band.outcome, x.depth + 1, end, x.id, x.side, URBAN_AREA.rule, roll.seq)
            dice.note(roll, f"{band.outcome} ({place.id})")
            if band.outcome != "border":
                queue.append(place)
    if edge_ends:
        d.notes.append(
            f"{country}: {_and(edge_ends)} {'is a border point' if len(edge_ends) == 1 else 'are border points'} "
            f"where {'its road reaches' if len(edge_ends) == 1 else 'their roads reach'} the sheet edge, with no "
            f"Tabella 27 roll ({SHEET_EDGE_RULE}: a sheet edge always counts as a border)"
        )
    return Sheet(country, width, height, d.places, d.roads, outline(d), d.notes)


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
