"""Laying the crossing and exit lines of RC-1.7 (``crossings.py`` chooses the points and pairs them).

Each line runs from its border point to a gate on the sheet edge, inside its
own sheet.  The gates of one edge keep their order along it and GATE_GAP_MM
apart; each line runs straight where it can, and the others are routed round
what is laid (``routing.py``), with a note for the rare line that must cross
another.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from .geometry import Point, angle_gap, heading, segment_distance
from .model import Country, CountryMap
from .routing import APPROACH_MM, LINE_GAP_MM, SAME_POINT_MM, SheetRouter

#: Where the neighbour of each edge sits in the grid of sheets.
STEP = {"E": (1, 0), "S": (0, 1), "W": (-1, 0), "N": (0, -1)}
#: Gates keep this far from a sheet's corners, and this far apart.
GATE_END_MM = 20.0
GATE_GAP_MM = 6.0


@dataclass
class EdgePoints:
    """One edge of one sheet: what was rolled, what it faces, and the points marked on it."""

    country: Country
    side: str
    rolled: int
    neighbour: Country | None
    points: list[str] = field(default_factory=list)  # in order along the edge (west-east, north-south)


@dataclass
class Half:
    """A line from a crossing point to its gate on the sheet edge."""

    country: Country
    side: str
    node: str
    inset: float = 0.0  # an exit ends a little inside the sheet edge
    gate: Point | None = None
    line: list[Point] | None = None


@dataclass
class Slot:
    """One gate on a sheet edge: an exit (one line) or a crossing (a line on each sheet, meeting there)."""

    halves: list[Half]
    wanted: float  # where along the edge the straight line(s) would reach it
    t: float | None = None


# --------------------------------------------------------------------------
# the sheet edge
# --------------------------------------------------------------------------


def edge_span(cm: CountryMap, c: Country, side: str) -> tuple[int, float, float, float]:
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
    axis, fixed, _, _ = edge_span(cm, c, side)
    ix, iy = _inward(side)
    return (t + ix * inset, fixed + iy * inset) if axis == 0 else (fixed + ix * inset, t + iy * inset)


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


def lay(cm: CountryMap, slots: list[tuple[EdgePoints, list[Slot]]]) -> None:
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
    groups: dict[int, tuple[EdgePoints, list[Slot], list[int]]] = {}
    for e, edge_slots, i in pending:
        groups.setdefault(id(edge_slots), (e, edge_slots, []))[2].append(i)
    for e, edge_slots, idx in groups.values():
        _route_group(cm, routers, e, edge_slots, idx)


#: When an edge's routed lines leave one another no room, their gates are tried shifted together by these.
GROUP_SHIFTS_MM = (0.0, -20.0, 20.0)


def _route_group(cm: CountryMap, routers, e: EdgePoints, edge_slots: list[Slot], idx: list[int]) -> None:
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


def _route_slot(cm: CountryMap, routers, e: EdgePoints, edge_slots: list[Slot], i: int, gaps, shifts, forks=False) -> bool:
    """Route one slot's line(s) keeping one of ``gaps`` from laid lines, its gate moved by one of ``shifts``
    between its neighbours' gates; lays them and says whether it could."""
    slot = edge_slots[i]
    _, _, start, end = edge_span(cm, e.country, e.side)
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


def _plan_edge(cm: CountryMap, routers, e: EdgePoints, slots: list[Slot]) -> list[tuple[float, bool]]:
    """Where each slot's gate goes along the edge, and whether its lines run straight there.

    The gates keep their order and GATE_GAP_MM apart; each is as near as can be to where its
    straight line(s) would meet the edge.  Slots are weighed together (a short dynamic
    programme over a few straight positions each) because placing one gate greedily can shut
    the next off: two lines from one point must fan out, and a shallow line may clip its country.
    """
    if not slots:
        return []
    _, _, start, end = edge_span(cm, e.country, e.side)
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


def _cheapest(cm: CountryMap, routers, slots: list[Slot], options, check: bool) -> list[tuple[float, bool]]:
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


def _fits(cm: CountryMap, routers, a: Slot, ca: tuple[float, bool], b: Slot, cb: tuple[float, bool]) -> bool:
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


def _apart(cm: CountryMap, routers, a: Slot, ta: float, b: Slot, tb: float) -> bool:
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


def _half_gate(cm: CountryMap, h: Half, t: float) -> Point:
    return _gate(cm, h.country, h.side, t, h.inset)


def _set(cm: CountryMap, routers, slot: Slot, t: float, lines) -> None:
    slot.t = t
    for h, line in zip(slot.halves, lines):
        h.gate, h.line = _half_gate(cm, h, t), line
        routers[h.country.id].lay(h.node, line)


def path_length(path: list[Point]) -> float:
    return sum(math.dist(p, q) for p, q in zip(path, path[1:]))
