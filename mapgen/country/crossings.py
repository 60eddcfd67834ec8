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
on the sheet edge, inside its own sheet (``crossing_lines.py``), so it can cut no
road and run through no country.  For the lines to stay apart, their gates go
round the sheet edge in the same order as their points go round the
country's border; the choice of points (when a side has more than it
rolled) keeps each edge's points together in that order.  This replaces
the all-to-all linking the digest's RC-1.7 offers.
"""

from __future__ import annotations

from itertools import combinations

from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon

from ..dice import Dice
from ..tables import roll_on
from .crossing_lines import STEP, EdgePoints, Half, Slot, edge_span, lay, path_length
from .geometry import Point
from .model import Country, CountryMap, Exit
from .rules import COMPASS, CROSSING_POINTS

#: A sheet's edges clockwise on the page (y southwards), the order lines leave round a country.
CLOCKWISE = ("N", "E", "S", "W")
FACING = {"E": "W", "W": "E", "S": "N", "N": "S"}
#: An exit line ends this far inside the sheet edge, pointing off the map.
EXIT_INSET_MM = 3.0


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
    slots: list[tuple[EdgePoints, list[Slot]]] = []
    for c in cm.countries:
        for side in COMPASS:
            e = edges[(c.id, side)]
            if e.neighbour is None:
                slots.append((e, _exit_slots(cm, e)))
            elif side in ("E", "S"):  # each shared edge once, from its west or north sheet
                slots.append((e, _crossing_slots(cm, e, edges[(e.neighbour.id, FACING[side])])))
    lay(cm, slots)
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
                g.add_edge(ha.node, hb.node, length_mm=path_length(path), country=None, crossing=True, path=path)


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


def _exit_slots(cm: CountryMap, e: EdgePoints) -> list[Slot]:
    g = cm.graph
    axis = edge_span(cm, e.country, e.side)[0]
    return [Slot([Half(e.country, e.side, n, EXIT_INSET_MM)], g.nodes[n]["pos"][axis]) for n in e.points]


def _crossing_slots(cm: CountryMap, a: EdgePoints, b: EdgePoints) -> list[Slot]:
    """Pair in order along the edge; the shorter list repeats a point (one point takes two crossings)."""
    g = cm.graph
    axis, fixed, _, _ = edge_span(cm, a.country, a.side)
    k = max(len(a.points), len(b.points))
    pairs = [(a.points[i * len(a.points) // k], b.points[i * len(b.points) // k]) for i in range(k)]
    out = []
    for u, v in pairs:
        pu, pv = g.nodes[u]["pos"], g.nodes[v]["pos"]
        du, dv = abs(pu[1 - axis] - fixed), abs(pv[1 - axis] - fixed)
        s = du / (du + dv) if du + dv > 0 else 0.5
        wanted = pu[axis] + s * (pv[axis] - pu[axis])  # where the straight line meets the edge
        out.append(Slot([Half(a.country, a.side, u), Half(b.country, b.side, v)], wanted))
    return out
