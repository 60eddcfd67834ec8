"""The lines across the table: the watercourse, the road or mountain pass, and their bridge or ford.

A watercourse is a meander monotone along one axis, so a straight line
across it meets it once: that is where a bridge or ford goes, and the road
runs along that straight line so it crosses only there.  Lines are laid
before the scattered features because they must reach from edge to edge;
a wood can always find another spot, a river cannot.
"""

from __future__ import annotations

import shapely
from shapely.geometry import LineString, Point, box

from . import rules as R
from .features import ground_under, make, with_note
from .placement import Item, largest, meander, strip_of
from .state import TableState

#: A second river or road (a branch of the first) runs at least this far on the table (cm).
BRANCH_MIN_CM = 20.0
#: The branch stops this short of the first line's footprint, so the two never overlap.
JUNCTION_GAP_CM = 0.3
#: Crossing points tried for a bridge or ford that a road must reach.
CROSSING_TRIES = 12


def length_floor(width: float, depth: float, strip: float) -> float:
    """Least area of a line feature that really crosses the table (edge to edge)."""
    return 0.9 * min(width, depth) * strip


def path_text(line) -> str:
    """The bends of a line in whole centimetres, for a tape measure: (x, y) from the left and near edges."""
    if line.geom_type != "LineString":
        line = max(line.geoms, key=lambda g: g.length)
    return " -> ".join(f"({x:.0f}, {y:.0f})" for x, y in line.coords)


def water_kind(st: TableState) -> str:
    """FW-11.6 result 1-2: a wadi in the desert (even among mountains: it is dry), a stream in the mountains,
    a river elsewhere."""
    return "wadi" if st.ground.terrain == "desert" else "stream" if st.ground.mountains else "river"


def lines(st: TableState) -> None:
    """The square's watercourses (FW-10.5) and road or pass, crossing at the square's bridge or ford.

    A second watercourse flows into the first (FW-11.1); it is laid after the
    road, so the road keeps its one crossing and the tributary finds a way
    to the river that does not cut the road.
    """
    o = st.opts
    if o.river:
        st.river = add_river(st, water_kind(st), "FW-10.5" if o.map_name else "FW-11.6")
    lay_road(st)
    by = "the campaign square's second watercourse" if o.map_name else "a second watercourse in the options"
    for _ in range(o.tributaries):
        work_river(st, by)


def lay_road(st: TableState) -> None:
    """The square's road or pass over its bridge or ford (FW-10.5): each is laid, or a note says what to place by hand."""
    o = st.opts
    mountain = st.ground.geo == "mountain"
    want_road = o.road or (mountain and "pass" in o.works)
    kind = "pass" if mountain else "road"
    if st.river is not None and (o.bridge or o.ford):
        # The road crosses the river at the bridge or ford: try a few crossing points for both.  The
        # last crossing stays even when its road finds no way (the note says so): the square has it.
        crossing_kind = "bridge" if o.bridge else "ford"
        for attempt in range(CROSSING_TRIES):
            last = attempt == CROSSING_TRIES - 1
            crossing = add_crossing(st, crossing_kind)  # its note names the crossing to place by hand
            if crossing is None:
                break
            if not want_road or add_road(st, kind, crossing, tries=1, quiet=not last) is not None or last:
                return
            st.crossings.remove(crossing)
            st.items.pop()
        # No spot on the river takes the crossing: the road still goes down, along a bank.
        if want_road and add_road(st, kind, None) is not None:
            st.notes.append(f"The {R.KINDS[kind].label.lower()} keeps to one bank: lead it over the {crossing_kind} by hand.")
    elif want_road:
        add_road(st, kind, None)


def add_river(st: TableState, kind: str, rule: str, tries: int = 32, by: str | None = None) -> int | None:
    """A watercourse from edge to edge; near the middle of the table first, then anywhere but the
    edges, so a scenario's clear centre (raid, last stand) pushes it aside rather than off the table."""
    keep = st.plan.line_keepout
    W, D = st.width, st.depth
    for t in range(tries):
        axis = "y" if st.rng.random() < 0.5 else "x"
        across = W if axis == "y" else D
        lo, hi = (0.25, 0.75) if t < tries // 2 else (0.1, 0.9)
        at = float(st.rng.uniform(lo, hi)) * across
        line = meander(st.rng, W, D, axis, at, wiggle=min(20, across / 6))
        poly = strip_of(line, R.RIVER_WIDTH_CM[kind], st.layout.table)
        if poly.is_empty or poly.area < length_floor(W, D, R.RIVER_WIDTH_CM[kind]):
            continue
        if any(poly.intersects(k) for k in keep) or not st.layout.line_is_clear(poly):
            continue
        st.river_line, st.river_axis = line.intersection(st.layout.table), axis
        note = with_note(R.KINDS[kind].note, by) + "; centre line through " + path_text(st.river_line)
        f = make(kind, poly, (round(st.river_line.length), R.RIVER_WIDTH_CM[kind]), note=note, rule=rule, on=ground_under(st, poly))
        return st.layout.add(Item(f, exact=True))
    st.notes.append(f"The {kind} ({rule}) could not be laid across the table clear of the scenario's centre: lay it by hand.")
    return None


def cross_line(st: TableState, at: Point) -> LineString:
    """The straight line across the river through ``at`` (the river is monotone, so it meets it once)."""
    if st.river_axis == "y":
        return LineString([(-5, at.y), (st.width + 5, at.y)])
    return LineString([(at.x, -5), (at.x, st.depth + 5)])


def add_crossing(st: TableState, kind: str, quiet: bool = False, by: str | None = None) -> int | None:
    """A bridge (wide enough for the road, with its ends on the banks) or a ford on the river."""
    river = st.items[st.river].feature.polygon
    W, D = st.width, st.depth
    for _ in range(12):
        at = st.river_line.interpolate(float(st.rng.uniform(0.15, 0.85)), normalized=True)
        at = Point(round(at.x), round(at.y))
        road_w = R.PASS_WIDTH_CM if st.ground.geo == "mountain" else R.ROAD_WIDTH_CM
        h = max(R.BRIDGE_WIDTH_CM, road_w + 2) / 2 if kind == "bridge" else R.FORD_WIDTH_CM / 2
        cut = box(-5, at.y - h, W + 5, at.y + h) if st.river_axis == "y" else box(at.x - h, -5, at.x + h, D + 5)
        span = river.intersection(cut)
        if span.is_empty:
            continue
        x0, y0, x1, y1 = span.bounds
        if kind == "bridge":
            o = R.BRIDGE_OVERHANG_CM
            b = (x0 - o, at.y - h, x1 + o, at.y + h) if st.river_axis == "y" else (at.x - h, y0 - o, at.x + h, y1 + o)
            b = (max(b[0], 0), max(b[1], 0), min(b[2], W), min(b[3], D))
            poly = box(*b)
            size = (round(b[2] - b[0], 1), round(b[3] - b[1], 1))
        else:
            poly = largest(span)
            if poly.is_empty:
                continue
            size = (round(poly.bounds[2] - poly.bounds[0], 1), round(poly.bounds[3] - poly.bounds[1], 1))
        if any(poly.intersects(k) for k in st.plan.line_keepout) or not st.layout.line_is_clear(poly, ignore=(st.river,)):
            continue
        f = make(kind, shapely.set_precision(poly, 0.1), size, on=st.items[st.river].feature.kind, note=with_note(R.KINDS[kind].note, by))
        idx = st.layout.add(Item(f, exact=True, host=st.river, owner=st.river))
        st.crossings.append(idx)
        st.crossing_point = at
        return idx
    if not quiet:
        st.notes.append(f"The {kind} could not be placed on the river: put it where the river is easiest to reach.")
    return None


def add_road(st: TableState, kind: str, crossing: int | None, tries: int = 32, quiet: bool = False, by: str | None = None) -> int | None:
    """A road or pass from edge to edge: over the crossing, along a bank when the river has none, or free.

    Like the river, it is tried near the middle first and then further out."""
    width = R.PASS_WIDTH_CM if kind == "pass" else R.ROAD_WIDTH_CM
    ignore = tuple(i for i in (st.river, crossing) if i is not None)
    W, D = st.width, st.depth
    for t in range(tries):
        wide = t >= tries // 2
        if crossing is not None:
            line = cross_line(st, st.crossing_point)
        elif st.river_line is not None:
            # No bridge or ford here: the road follows the river along one bank.
            off = float(st.rng.choice([-1, 1])) * float(st.rng.uniform(16, 46 if wide else 26))
            dx, dy = (off, 0) if st.river_axis == "y" else (0, off)
            line = shapely.affinity.translate(st.river_line, dx, dy)
        else:
            # RC-4.8: a rear guard withdraws along the table's length, and its road runs that way too [DEV].
            along = kind == "pass" or st.plan.scenario.name == "rear_guard"
            axis = "x" if along or st.rng.random() < 0.5 else "y"
            across = D if axis == "x" else W
            lo, hi = (0.1, 0.9) if wide else (0.3, 0.7)
            line = meander(st.rng, W, D, axis, float(st.rng.uniform(lo, hi)) * across, wiggle=min(12, across / 8), segments=4)
        poly = strip_of(line, width, st.layout.table)
        if poly.is_empty or poly.area < length_floor(W, D, width):
            continue
        if any(poly.intersects(k) for k in st.plan.line_keepout) or not st.layout.line_is_clear(poly, ignore=ignore):
            continue
        if st.river is not None:
            river = st.items[st.river].feature.polygon
            wet = poly.intersection(river)
            dry_crossing = st.items[crossing].feature.polygon if crossing is not None else None
            if wet.area > 0.5 and (dry_crossing is None or wet.difference(dry_crossing.buffer(0.2)).area > 0.5):
                continue
        inside = line.intersection(st.layout.table)
        length = round(inside.length)
        over = f"; crosses the river by the {st.items[crossing].feature.kind}" if crossing is not None else ""
        note = with_note(R.KINDS[kind].note + over, by) + "; centre line through " + path_text(inside)
        f = make(kind, poly, (length, width), note=note, on=ground_under(st, poly))
        idx = st.layout.add(Item(f, exact=True))
        if kind == "pass":
            st.mountain_pass = idx
        else:
            st.road = idx
            x0, y0, x1, y1 = inside.bounds
            st.road_line, st.road_axis = inside, ("y" if y1 - y0 > x1 - x0 else "x")
        return idx
    if not quiet:
        st.notes.append(f"The {R.KINDS[kind].label.lower()} could not be laid clear of the other features: lay it by hand.")
    return None


def add_branch(st: TableState, kind: str, main_idx: int, main_line, main_axis: str, width: float, rule: str, joins: str, tries: int = 32, by: str | None = None) -> int | None:
    """A second line feature from a table edge to a point of the first (FW-11.1: duplicates are placed),
    joining its middle stretch first, then anywhere along it."""
    main = st.items[main_idx].feature.polygon
    W, D = st.width, st.depth
    for t in range(tries):
        lo, hi = (0.1, 0.9) if t >= tries // 2 else (0.25, 0.75)
        end = main_line.interpolate(float(st.rng.uniform(lo, hi)), normalized=True)
        if main_axis == "y":  # the first line runs from the near edge to the far one: branch from a short edge
            x = -2.0 if st.rng.random() < 0.5 else W + 2.0
            start = (x, float(st.rng.uniform(0.15, 0.85)) * D)
        else:
            y = -2.0 if st.rng.random() < 0.5 else D + 2.0
            start = (float(st.rng.uniform(0.15, 0.85)) * W, y)
        mid = ((start[0] + end.x) / 2 + float(st.rng.uniform(-8, 8)), (start[1] + end.y) / 2 + float(st.rng.uniform(-8, 8)))
        line = LineString([start, mid, (end.x, end.y)])
        poly = largest(strip_of(line, width, st.layout.table).difference(main.buffer(JUNCTION_GAP_CM)))
        if poly.is_empty or line.intersection(st.layout.table).length < BRANCH_MIN_CM:
            continue
        if any(poly.intersects(k) for k in st.plan.line_keepout) or not st.layout.line_is_clear(poly, ignore=(main_idx,)):
            continue
        inside = line.intersection(st.layout.table)
        note = with_note(R.KINDS[kind].note, by) + f"; {joins} at ({end.x:.0f}, {end.y:.0f}); centre line through " + path_text(inside)
        f = make(kind, poly, (round(inside.length), width), note=note, rule=rule, on=ground_under(st, poly))
        return st.layout.add(Item(f, exact=True))
    st.notes.append(f"A second {R.KINDS[kind].label.lower()} ({rule}) was rolled but could not be laid clear of the other features: draw it by hand from an edge to the first.")
    return None


# --- line works rolled or required (FW-11.6, FW-11.8) ------------------------


def work_river(st: TableState, note) -> None:
    """FW-11.6 result 1-2; a second one is a tributary of the first (FW-11.1)."""
    kind = water_kind(st)
    if st.river is None:
        st.river = add_river(st, kind, "FW-11.6", by=note)
    else:
        joins = f"a tributary: it flows into the {st.items[st.river].feature.kind}"
        add_branch(st, kind, st.river, st.river_line, st.river_axis, R.RIVER_WIDTH_CM[kind], "FW-11.6", joins, by=note)


def work_bridge(st: TableState, note) -> None:
    """FW-11.8 result 9: a bridge over the river; none without a river (AMB-44)."""
    if st.river is None:
        st.notes.append("Bridge (FW-11.8) with no river on the table: no effect.")
    else:
        add_crossing(st, "bridge", by=note)


def work_road(st: TableState, note) -> None:
    """FW-11.8 result 8; a second road branches off the first (FW-11.1)."""
    if st.road is None and st.mountain_pass is None:
        add_road(st, "pass" if st.ground.geo == "mountain" else "road", None, by=note)
    elif st.road is not None and st.road_line is not None:
        add_branch(st, "road", st.road, st.road_line, st.road_axis, R.ROAD_WIDTH_CM, "FW-11.8", "joins the road", by=note)
    else:
        st.notes.append("A second road (FW-11.8) was rolled: it joins the first; draw it by hand from an edge to the road.")


def work_pass(st: TableState, note) -> None:
    """FW-11.8 result 10: a road cut into the mountain; no effect without mountains (AMB-44)."""
    if not st.ground.mountains:
        st.notes.append("Mountain pass (FW-11.8) with no mountains on the table: no effect.")
    elif st.mountain_pass is None and st.road is not None:
        f = st.items[st.road].feature
        f.kind, f.rule, f.note = "pass", "FW-11.8", with_note(R.KINDS["pass"].note + "; the road runs through the pass", note)
        st.mountain_pass, st.road = st.road, None
    elif st.mountain_pass is None:
        add_road(st, "pass", None, by=note)
