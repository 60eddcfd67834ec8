"""Border crossings (RC-1.7): two or three crossing points on every edge of every sheet.

"For each edge of each map mark two or three border points": each sheet
rolls 1D6 for each of its four edges (1-3 two points, 4-6 three; E, S, W, N,
as the first roads, RC-A.2) and marks that many border points of that side
(RC-A.36: the side of the first-ring road a point descends from), or all of
them when the side has fewer (RC-A.5), nearest the edge first.  On an edge
shared with another sheet the two sheets' points are paired in order along
the edge, one point taking two crossings when one sheet has more points than
the other.  On an edge with no neighbouring sheet the points are exits off
the map, ready for a country added later.

Every crossing line and every exit line runs from its border point to a gate
on the sheet edge, inside its own sheet (``routing.py``), so it can cut no
road and run through no country.  For the lines to stay apart, their gates go
round the sheet edge in the same order as their points go round the
country's border; the choice of points (when a side has more than it
rolled) keeps each edge's points together in that order.  This replaces
the all-to-all linking the digest's RC-1.7 offers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from itertools import combinations

import numpy as np
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon

from ..dice import Dice
from ..tables import roll_on
from .geometry import Point, angle_gap, heading, segment_distance
from .model import Country, CountryMap, Exit
from .routing import APPROACH_MM, LINE_GAP_MM, SAME_POINT_MM, SheetRouter
from .rules import COMPASS, CROSSING_POINTS

#: A sheet's edges clockwise on the page (y southwards), the order lines leave round a country.
CLOCKWISE = ("N", "E", "S", "W")
FACING = {"E": "W", "W": "E", "S": "N", "N": "S"}
#: Where the neighbour of each edge sits in the grid of sheets.
STEP = {"E": (1, 0), "S": (0, 1), "W": (-1, 0), "N": (0, -1)}
#: Gates keep this far from a sheet's corners, and this far apart.
GATE_END_MM = 20.0
GATE_GAP_MM = 6.0
#: An exit line ends this far inside the sheet edge, pointing off the map.
EXIT_INSET_MM = 3.0


@dataclass
class EdgePoints:
    """One edge of one sheet: what was rolled, what it faces, and the points marked on it."""

    country: Country
    side: str
    rolled: int
    neighbour: Country | None
    points: list[str] = field(default_factory=list)  # in order along the edge (west-east, north-south)


@dataclass
class _Half:
    """A line from a crossing point to its gate on the sheet edge."""

    country: Country
    side: str
    node: str
    inset: float = 0.0  # an exit ends a little inside the sheet edge
    gate: Point | None = None
    line: list[Point] | None = None


@dataclass
class _Slot:
    """One gate on a sheet edge: an exit (one line) or a crossing (a line on each sheet, meeting there)."""

    halves: list[_Half]
    wanted: float  # where along the edge the straight line(s) would reach it
    t: float | None = None


def join(dice: Dice, cm: CountryMap) -> None:
    """Roll, mark and join the crossing points of every sheet (RC-1.7); exits on edges with no neighbour."""
    by_sheet = {c.sheet: c for c in cm.countries}
    edges: dict[tuple[str, str], EdgePoints] = {}
    for c in cm.countries:  # reading order: the order the sheets were drawn
        for side in COMPASS:
            dc, dr = STEP[side]
            other = by_sheet.get((c.sheet[0] + dc, c.sheet[1] + dr))
            toward = f"towards {other.id}" if other else "exits off the map (no neighbouring sheet yet)"
            _, band = roll_on(dice, CROSSING_POINTS, f"crossing points of {c.id} on its {side} edge, {toward}")
            edges[(c.id, side)] = EdgePoints(c, side, band.data["points"], other)
    for c in cm.countries:
        _choose(cm, c, [edges[(c.id, s)] for s in COMPASS])
    slots: list[tuple[EdgePoints, list[_Slot]]] = []
    for c in cm.countries:
        for side in COMPASS:
            e = edges[(c.id, side)]
            if e.neighbour is None:
                slots.append((e, _exit_slots(cm, e)))
            elif side in ("E", "S"):  # each shared edge once, from its west or north sheet
                slots.append((e, _crossing_slots(cm, e, edges[(e.neighbour.id, FACING[side])])))
    _lay(cm, slots)
    g = cm.graph
    for e in edges.values():
        e.country.crossing_points[e.side] = {
            "rolled": e.rolled,
            "toward": e.neighbour.id if e.neighbour else None,
            "nodes": list(e.points),
        }
        for n in e.points:
            g.nodes[n]["kind"] = "crossing"
    for e, edge_slots in slots:
        for slot in edge_slots:
            if e.neighbour is None:
                h = slot.halves[0]
                cm.exits.append(Exit(h.node, e.country.id, e.side, h.line))
            else:
                ha, hb = slot.halves
                path = ha.line + hb.line[::-1][1:]
                g.add_edge(ha.node, hb.node, length_mm=_length(path), country=None, crossing=True, path=path)


# --------------------------------------------------------------------------
# which points: that side's border points, nearest the edge, in order round the country
# --------------------------------------------------------------------------


def _choose(cm: CountryMap, c: Country, edges: list[EdgePoints]) -> None:
    g = cm.graph
    where = _round_border(cm, c)
    options = {}
    for e in edges:
        own = [n for n in cm.nodes_of(c.id) if g.nodes[n]["kind"] == "border" and g.nodes[n]["side"] == e.side]
        own.sort(key=lambda n: (_gap_to_edge(cm, c, e.side, g.nodes[n]["pos"]), n))
        # all of them when the side has fewer than rolled (RC-A.5); otherwise the nearest first
        options[e.side] = [tuple(own)] if len(own) <= e.rolled else list(combinations(own, e.rolled))

    def cost(choice: dict[str, tuple[str, ...]]):
        tangle = _tangle([(where[n], side) for side, pts in choice.items() for n in pts])
        return tangle, sum(_gap_to_edge(cm, c, side, g.nodes[n]["pos"]) for side, pts in choice.items() for n in pts)

    # nearest first; when that tangles the order round the country, change one edge's choice at a time
    choice = {side: opts[0] for side, opts in options.items()}
    for _ in range(2):
        if cost(choice)[0] == 0:
            break
        for side, opts in options.items():
            choice[side] = min(opts, key=lambda o: cost({**choice, side: o}))
    for e in edges:
        e.points = list(choice[e.side])
        e.points = _in_border_order(e, where)


def _round_border(cm: CountryMap, c: Country) -> dict[str, float]:
    """How far round the country's border (clockwise on the page, 0..1) each of its border points lies."""
    ring = Polygon(c.border).exterior
    length = ring.length
    clockwise = ring.is_ccw  # counter-clockwise in y-up terms is clockwise on a page whose y runs south
    out = {}
    for n in cm.nodes_of(c.id):
        if cm.graph.nodes[n]["kind"] in ("border", "crossing"):
            t = ring.project(ShapelyPoint(cm.graph.nodes[n]["pos"])) / length
            out[n] = t if clockwise else (1.0 - t) % 1.0
    return out


def _tangle(points: list[tuple[float, str]]) -> int:
    """0 when each edge's points come together round the border, the edges in clockwise order; else how badly not."""
    labels = [side for _, side in sorted(points)]
    runs = [s for i, s in enumerate(labels) if s != labels[i - 1]] or labels[:1]
    if len(runs) != len(set(runs)):
        return len(runs) - len(set(runs)) + 1
    k = runs.index(min(runs, key=CLOCKWISE.index))
    order = [CLOCKWISE.index(s) for s in runs[k:] + runs[:k]]
    return 0 if order == sorted(order) else 1


def _in_border_order(e: EdgePoints, where: dict[str, float]) -> list[str]:
    """An edge's points in the order their lines reach the edge: their order round the border, cut where
    the other edges' points lie, read in the direction the edge runs west-east or north-south."""
    pts = sorted(e.points, key=lambda n: where[n])
    if len(pts) > 1:
        others = [t for n, t in where.items() if n not in e.points]
        gaps = [((where[pts[(i + 1) % len(pts)]] - where[pts[i]]) % 1.0, i) for i in range(len(pts))]

        def holds_others(i):
            a, b = where[pts[i]], where[pts[(i + 1) % len(pts)]]
            return any((t - a) % 1.0 < (b - a) % 1.0 for t in others)

        _, cut = max(gaps, key=lambda gi: (holds_others(gi[1]), gi[0]))
        pts = pts[cut + 1 :] + pts[: cut + 1]
    # clockwise runs west-east along the N edge and north-south along the E edge, the other way on S and W
    return pts if e.side in ("N", "E") else pts[::-1]


def _gap_to_edge(cm: CountryMap, c: Country, side: str, p: Point) -> float:
    (ox, oy), (sw, sh) = c.origin, cm.sheet_mm
    return {"N": p[1] - oy, "E": ox + sw - p[0], "S": oy + sh - p[1], "W": p[0] - ox}[side]


# --------------------------------------------------------------------------
# gates on the sheet edge, paired across shared edges
# --------------------------------------------------------------------------


def _edge_span(cm: CountryMap, c: Country, side: str) -> tuple[int, float, float, float]:
    """The edge as (axis along it, fixed coordinate, start, end): axis 0 runs west-east, 1 north-south."""
    (ox, oy), (sw, sh) = c.origin, cm.sheet_mm
    return {
        "N": (0, oy, ox, ox + sw),
        "S": (0, oy + sh, ox, ox + sw),
        "W": (1, ox, oy, oy + sh),
        "E": (1, ox + sw, oy, oy + sh),
    }[side]


def _inward(side: str) -> Point:
    dx, dy = STEP[side]
    return (-dx, -dy)


def _gate(cm: CountryMap, c: Country, side: str, t: float, inset: float = 0.0) -> Point:
    axis, fixed, _, _ = _edge_span(cm, c, side)
    ix, iy = _inward(side)
    return (t + ix * inset, fixed + iy * inset) if axis == 0 else (fixed + ix * inset, t + iy * inset)


def _exit_slots(cm: CountryMap, e: EdgePoints) -> list[_Slot]:
    g = cm.graph
    axis = _edge_span(cm, e.country, e.side)[0]
    return [_Slot([_Half(e.country, e.side, n, EXIT_INSET_MM)], g.nodes[n]["pos"][axis]) for n in e.points]


def _crossing_slots(cm: CountryMap, a: EdgePoints, b: EdgePoints) -> list[_Slot]:
    """Pair in order along the edge; the shorter list repeats a point (one point takes two crossings)."""
    g = cm.graph
    axis, fixed, _, _ = _edge_span(cm, a.country, a.side)
    k = max(len(a.points), len(b.points))
    pairs = [(a.points[i * len(a.points) // k], b.points[i * len(b.points) // k]) for i in range(k)]
    out = []
    for u, v in pairs:
        pu, pv = g.nodes[u]["pos"], g.nodes[v]["pos"]
        du, dv = abs(pu[1 - axis] - fixed), abs(pv[1 - axis] - fixed)
        s = du / (du + dv) if du + dv > 0 else 0.5
        wanted = pu[axis] + s * (pv[axis] - pu[axis])  # where the straight line meets the edge
        out.append(_Slot([_Half(a.country, a.side, u), _Half(b.country, b.side, v)], wanted))
    return out


# --------------------------------------------------------------------------
# laying the lines
# --------------------------------------------------------------------------

#: Gate positions tried round the wanted one for a straight line: this step, this far either way.
GATE_STEP_MM, GATE_SEARCH_MM = 2.0, 60.0
#: Gate positions tried for a routed line, relative to its place.
ROUTE_SHIFTS_MM = (0.0, -8.0, 8.0, -20.0, 20.0)
#: The gap kept from laid lines when the usual one leaves no way through.
TIGHT_GAP_MM = 0.4
#: Two straight lines from one point fan out at least this much, so they part by LINE_GAP_MM
#: within SAME_POINT_MM of it.
FAN_DEG = math.degrees(math.asin(LINE_GAP_MM / SAME_POINT_MM)) + 1.0


def _lay(cm: CountryMap, slots: list[tuple[EdgePoints, list[_Slot]]]) -> None:
    """Each edge's gates in order along it, each where its line(s) can run straight; the lines that
    cannot are then routed round what is laid; the exceptions are noted."""
    g = cm.graph
    routers = {}
    for c in cm.countries:
        (ox, oy), (sw, sh) = c.origin, cm.sheet_mm
        places = {n: g.nodes[n]["pos"] for n in cm.nodes_of(c.id)}
        routers[c.id] = SheetRouter((ox, oy, ox + sw, oy + sh), c.border, places)
    pending = []
    for e, edge_slots in slots:
        for i, (t, straight) in enumerate(_plan_edge(cm, routers, e, edge_slots)):
            slot = edge_slots[i]
            lines = [routers[h.country.id].straight(h.node, _half_gate(cm, h, t)) for h in slot.halves] if straight else []
            if lines and all(lines):
                _set(cm, routers, slot, t, lines)
            else:
                slot.t = t
                pending.append((e, edge_slots, i))
    _route_pending(cm, routers, pending)


def _route_pending(cm: CountryMap, routers, pending) -> None:
    """Route the lines that could not run straight, edge by edge."""
    groups: dict[int, tuple[EdgePoints, list[_Slot], list[int]]] = {}
    for e, edge_slots, i in pending:
        groups.setdefault(id(edge_slots), (e, edge_slots, []))[2].append(i)
    for e, edge_slots, idx in groups.values():
        _route_group(cm, routers, e, edge_slots, idx)


#: When an edge's routed lines leave one another no room, their gates are tried shifted together by these.
GROUP_SHIFTS_MM = (0.0, -20.0, 20.0)


def _route_group(cm: CountryMap, routers, e: EdgePoints, edge_slots: list[_Slot], idx: list[int]) -> None:
    """Route one edge's remaining lines.  A line routed first takes the shortest way and can leave a later
    one no room (two points in a notch of the border, a point close under the sheet edge), so they are
    tried in both orders and with their gates shifted together along the edge; then a line may fork off
    its point's other line, or keep a hair's breadth from the others; only when nothing else works may a
    line cross another, with a note."""
    marks = {cid: len(r.laid) for cid, r in routers.items()}
    planned = [edge_slots[i].t for i in idx]

    def reset(shift: float) -> None:
        for r, mark in ((routers[cid], m) for cid, m in marks.items()):
            r.undo(mark)
        for i, t in zip(idx, planned):
            edge_slots[i].t = t + shift
            for h in edge_slots[i].halves:
                h.gate = h.line = None

    for shift in GROUP_SHIFTS_MM:
        for order in (idx, idx[::-1]):
            reset(shift)
            if all(_route_slot(cm, routers, e, edge_slots, i, (LINE_GAP_MM,), ROUTE_SHIFTS_MM[:1]) for i in order):
                return
    reset(0.0)
    for i in idx:
        if _route_slot(cm, routers, e, edge_slots, i, (LINE_GAP_MM, TIGHT_GAP_MM), ROUTE_SHIFTS_MM):
            continue
        if _route_slot(cm, routers, e, edge_slots, i, (LINE_GAP_MM,), ROUTE_SHIFTS_MM[:1], forks=True):
            continue
        # last resorts: a line that may cross another (noted), then the way round the country
        slot = edge_slots[i]
        lines, crossed = [], []
        for h in slot.halves:
            router, gate = routers[h.country.id], _half_gate(cm, h, slot.t)
            line = router.route(h.node, gate, _inward(h.side), None) or router.around(h.node, gate)
            if line is None:  # never seen on a generated map: a valid border always has a way round it
                line = [router.places[h.node], gate]
                cm.notes.append(f"{h.country.id}: no clear way from crossing point {h.node} to the sheet edge; its line is straight")
            elif router.crosses_laid(h.node, line):
                crossed.append(h.node)
            lines.append(line)
        for n in crossed:
            cm.notes.append(f"the line from crossing point {n} crosses another crossing line: no other way was found")
        _set(cm, routers, slot, slot.t, lines)


def _route_slot(cm: CountryMap, routers, e: EdgePoints, edge_slots: list[_Slot], i: int, gaps, shifts, forks=False) -> bool:
    """Route one slot's line(s) keeping one of ``gaps`` from laid lines, its gate moved by one of ``shifts``
    between its neighbours' gates; lays them and says whether it could."""
    slot = edge_slots[i]
    _, _, start, end = _edge_span(cm, e.country, e.side)
    lo = edge_slots[i - 1].t + GATE_GAP_MM if i else start + GATE_END_MM
    hi = edge_slots[i + 1].t - GATE_GAP_MM if i + 1 < len(edge_slots) else end - GATE_END_MM
    if lo > hi:
        return False
    for gap in gaps:
        for t in dict.fromkeys(min(max(slot.t + d, lo), hi) for d in shifts):
            lines = []
            for h in slot.halves:
                router, gate = routers[h.country.id], _half_gate(cm, h, t)
                line = router.fork(h.node, gate, _inward(h.side)) if forks else router.route(h.node, gate, _inward(h.side), gap)
                if line is None and forks:
                    line = router.route(h.node, gate, _inward(h.side), gap)
                if line is None:
                    break
                lines.append(line)
            else:
                _set(cm, routers, slot, t, lines)
                return True
    return False


#: Straight gate positions weighed for each slot (the nearest, one in each so many mm of the edge), and what
#: leaving a slot to routing costs.
STRAIGHT_SPACING_MM = 4.0
STRAIGHT_CHOICES = 16
ROUTED_MM = 400.0


def _plan_edge(cm: CountryMap, routers, e: EdgePoints, slots: list[_Slot]) -> list[tuple[float, bool]]:
    """Where each slot's gate goes along the edge, and whether its lines run straight there.

    The gates keep their order and GATE_GAP_MM apart; each is as near as can be to where its
    straight line(s) would meet the edge.  Slots are weighed together (a short dynamic
    programme over a few straight positions each) because placing one gate greedily can shut
    the next off: two lines from one point must fan out, and a shallow line may clip its country.
    """
    if not slots:
        return []
    _, _, start, end = _edge_span(cm, e.country, e.side)
    n = len(slots)
    options = []
    for i, slot in enumerate(slots):
        lo = start + GATE_END_MM + GATE_GAP_MM * i
        hi = end - GATE_END_MM - GATE_GAP_MM * (n - 1 - i)
        want = min(max(slot.wanted, lo), hi)
        ts = list(_around(want, lo, hi, GATE_STEP_MM, GATE_SEARCH_MM))
        ok = np.ones(len(ts), bool)
        for h in slot.halves:
            ok &= routers[h.country.id].straight_many(h.node, [_half_gate(cm, h, t) for t in ts])
        straight: list[tuple[float, bool]] = []
        bins = set()
        for t, good in zip(ts, ok):  # nearest first, one in each STRAIGHT_SPACING_MM of the edge
            b = math.floor(t / STRAIGHT_SPACING_MM)
            if good and b not in bins and len(straight) < STRAIGHT_CHOICES:
                bins.add(b)
                straight.append((t, True))
        options.append((want, lo, hi, straight))
    # Most edges need no checks between neighbouring lines; only when the best plan's lines meet is it
    # planned again with them.
    plan = _cheapest(cm, routers, slots, options, check=False)
    if any(
        not _fits(cm, routers, slots[i], a, slots[i + 1], b) for i, (a, b) in enumerate(zip(plan, plan[1:]))
    ):
        plan = _cheapest(cm, routers, slots, options, check=True)
    return plan


def _cheapest(cm: CountryMap, routers, slots: list[_Slot], options, check: bool) -> list[tuple[float, bool]]:
    """best[i][c]: least cost of slots 0..i with slot i at choice c (a position and whether it is straight);
    a routed slot sits as near its wanted place as the order allows."""
    best: list[dict] = []
    for i, (want, lo, hi, straight) in enumerate(options):
        row: dict = {}
        prev = best[-1] if best else {None: (0.0, None)}
        for pc, (pcost, _) in prev.items():
            floor = lo if pc is None else max(lo, pc[0] + GATE_GAP_MM)
            if floor > hi + 1e-9:
                continue
            for c in [c for c in straight if c[0] >= floor] + [(min(max(want, floor), hi), False)]:
                if check and pc is not None and not _fits(cm, routers, slots[i - 1], pc, slots[i], c):
                    continue
                cost = pcost + abs(c[0] - want) + (0.0 if c[1] else ROUTED_MM)
                if c not in row or cost < row[c][0]:
                    row[c] = (cost, pc)
        best.append(row)
    c = min(best[-1], key=lambda k: best[-1][k][0])
    plan = []
    for row in reversed(best):
        plan.append(c)
        c = row[c][1]
    return plan[::-1]


def _fits(cm: CountryMap, routers, a: _Slot, ca: tuple[float, bool], b: _Slot, cb: tuple[float, bool]) -> bool:
    """Can two neighbouring slots' lines both be laid?  Two straight ones must keep apart; a straight one
    must leave the other's gate room to be reached, and not shut the other's point off from it (the point
    on one side of the line, the gate on the other: a point tucked in a notch of the border behind its
    neighbour's line)."""
    if ca[1] and cb[1]:
        return _apart(cm, routers, a, ca[0], b, cb[0])
    if ca[1] == cb[1]:
        return True
    (line, t), (other, to) = ((a, ca[0]), (b, cb[0])) if ca[1] else ((b, cb[0]), (a, ca[0]))
    for h in line.halves:
        p, gate = routers[h.country.id].places[h.node], _half_gate(cm, h, t)
        for q in other.halves:
            if q.country.id == h.country.id and q.node != h.node:
                here, there = routers[q.country.id].places[q.node], _half_gate(cm, q, to)
                if _side(here, p, gate) * _side(there, p, gate) < 0:
                    return False
                (ix, iy), reach = _inward(q.side), APPROACH_MM[0]
                if segment_distance(p, gate, there, (there[0] + ix * reach, there[1] + iy * reach)) < 2 * LINE_GAP_MM:
                    return False
    return True


def _side(q: Point, a: Point, b: Point) -> int:
    """Which side of the line a->b the point q lies on (+1, -1, or 0 on it)."""
    cross = (b[0] - a[0]) * (q[1] - a[1]) - (b[1] - a[1]) * (q[0] - a[0])
    return (cross > 0) - (cross < 0)


def _apart(cm: CountryMap, routers, a: _Slot, ta: float, b: _Slot, tb: float) -> bool:
    """Do the straight lines of two neighbouring slots keep apart (fan out, when they share a point)?"""
    for ha in a.halves:
        for hb in b.halves:
            if ha.country.id != hb.country.id:
                continue
            pa, pb = routers[ha.country.id].places[ha.node], routers[hb.country.id].places[hb.node]
            ga, gb = _half_gate(cm, ha, ta), _half_gate(cm, hb, tb)
            if ha.node == hb.node:
                if angle_gap(heading(pa, ga), heading(pa, gb)) < FAN_DEG:
                    return False
            elif segment_distance(pa, ga, pb, gb) < LINE_GAP_MM:
                return False
    return True


def _around(want: float, lo: float, hi: float, step: float, reach: float):
    """Positions from ``want`` outwards, alternately after and before it, within lo..hi."""
    yield want
    k = step
    while k <= reach:
        for t in (want + k, want - k):
            if lo <= t <= hi:
                yield t
        k += step


def _half_gate(cm: CountryMap, h: _Half, t: float) -> Point:
    return _gate(cm, h.country, h.side, t, h.inset)


def _set(cm: CountryMap, routers, slot: _Slot, t: float, lines) -> None:
    slot.t = t
    for h, line in zip(slot.halves, lines):
        h.gate, h.line = _half_gate(cm, h, t), line
        routers[h.country.id].lay(h.node, line)


def _length(path: list[Point]) -> float:
    return sum(math.dist(p, q) for p, q in zip(path, path[1:]))
