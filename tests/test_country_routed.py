"""Crossing and exit lines that cannot run straight (RC-1.7; the manual: "routed round by A* over a 1.5 mm grid
and pulled taut"): a border point of the east side that the road tree carried round to the north-west of
its country.  Its line to the east edge must go round the country, cut no road, run through no country
and cross no other line; the other lines stay straight.
"""

from __future__ import annotations

from shapely.geometry import LineString, Point, Polygon

from mapgen.country import crossing_lines, crossings
from mapgen.country.model import Country, CountryMap

from tests.test_country_crossings import _joined, check_crossing_rule, hand_made

SHEET = (297.0, 210.0)
#: (id, kind, parent, x, y, side): the east road turns north, then west, to border point 7 at the
#: north-west; the capital has no north road, so the north side has no border point.
SHAPE = (
    ("0", "capital", None, 148.5, 105.0, None),
    ("1", "village", "0", 178.5, 105.0, "E"),
    ("2", "fortress", "0", 148.5, 135.0, "S"),
    ("3", "city", "0", 118.5, 105.0, "W"),
    ("4", "border", "1", 215.0, 105.0, "E"),
    ("5", "village", "1", 190.0, 55.0, "E"),
    ("6", "village", "5", 150.0, 30.0, "E"),
    ("7", "border", "6", 100.0, 50.0, "E"),
    ("8", "border", "2", 148.5, 165.0, "S"),
    ("9", "border", "3", 88.5, 105.0, "W"),
)
OUTLINE = ((100.0, 50.0), (150.0, 24.0), (196.0, 52.0), (215.0, 105.0), (148.5, 165.0), (88.5, 105.0))


def wrapped(cols: int = 1) -> CountryMap:
    return hand_made(cols, 1, shape=SHAPE, outline=OUTLINE)


def joined(faces, cols=1) -> CountryMap:
    return _joined(faces, cols, 1, shape=SHAPE, outline=OUTLINE)


def test_the_drawing_is_fair():
    cm = wrapped()
    poly = Polygon(OUTLINE)
    assert poly.is_valid
    for a, b in cm.graph.edges:
        assert poly.buffer(1e-6).covers(LineString([cm.graph.nodes[a]["pos"], cm.graph.nodes[b]["pos"]]))


def test_an_exit_from_behind_the_country_goes_round_it():
    cm = joined([4, 1, 1, 1])  # E: three points (the side has two), S, W, N: two
    check_crossing_rule(cm)
    exits = {x.node: x for x in cm.exits}
    assert sorted(exits) == ["A-4", "A-7", "A-8", "A-9"]
    assert cm.countries[0].crossing_points["E"]["nodes"] == ["A-7", "A-4"]  # north to south along the edge
    assert cm.countries[0].crossing_points["N"]["nodes"] == []
    behind = exits["A-7"].path
    assert len(behind) > 2 and min(y for _, y in behind) < 24.0  # bent, round the north of the country
    assert behind[-1][0] == SHEET[0] - 3.0
    for n in ("A-4", "A-8", "A-9"):
        assert len(exits[n].path) == 2  # straight
    assert not any("crosses" in note or "no clear way" in note for note in cm.notes)


def test_a_crossing_from_behind_the_country_goes_round_it():
    # A's east edge (two points) meets B's west edge (one): B-9 takes both crossings
    cm = joined([4, 1, 1, 1, 1, 1, 1, 1], cols=2)
    check_crossing_rule(cm)
    g = cm.graph
    lines = {frozenset((a, b)): d["path"] for a, b, d in g.edges(data=True) if d["crossing"]}
    assert set(lines) == {frozenset(("A-7", "B-9")), frozenset(("A-4", "B-9"))}
    behind = lines[frozenset(("A-7", "B-9"))]
    assert min(y for _, y in behind) < 24.0
    gates = sorted(p[1] for path in lines.values() for p in path if abs(p[0] - SHEET[0]) < 1e-9)
    assert len(gates) == 2 and gates[1] - gates[0] >= 6.0
    assert not any("crosses" in note for note in cm.notes)


def _routers(cm):
    from mapgen.country.routing import SheetRouter

    out = {}
    for c in cm.countries:
        (ox, oy), (sw, sh) = c.origin, cm.sheet_mm
        out[c.id] = SheetRouter((ox, oy, ox + sw, oy + sh), c.border, {n: cm.graph.nodes[n]["pos"] for n in cm.nodes_of(c.id)})
    return out


def test_a_line_that_cannot_run_straight_keeps_its_wanted_gate_and_the_others_run_straight():
    cm = wrapped()
    c = cm.countries[0]
    e = crossing_lines.EdgePoints(c, "E", 3, None, ["A-7", "A-4"])
    slots = crossings._exit_slots(cm, e)
    assert crossing_lines._plan_edge(cm, _routers(cm), e, slots) == [(50.0, False), (105.0, True)]


def test_straight_lines_of_neighbouring_gates_keep_apart():

    cm = hand_made(1, 1)
    c = cm.countries[0]
    routers = _routers(cm)
    slot = {n: crossing_lines.Slot([crossing_lines.Half(c, "N", n, 3.0)], 0.0) for n in ("A-11", "A-12", "A-13")}
    # one point, two gates: 14.5 degrees and more apart (the manual: 1.5 mm apart from 6 mm out)
    assert not crossing_lines._apart(cm, routers, slot["A-11"], 125.0, slot["A-11"], 130.0)  # 6.1 degrees
    assert crossing_lines._apart(cm, routers, slot["A-11"], 125.0, slot["A-11"], 140.0)  # 17.7 degrees
    # two points: lines that cross, or come within 1.5 mm, do not keep apart
    assert not crossing_lines._apart(cm, routers, slot["A-11"], 150.0, slot["A-12"], 130.0)
    assert crossing_lines._apart(cm, routers, slot["A-11"], 120.0, slot["A-12"], 150.0)
    assert not crossing_lines._apart(cm, routers, slot["A-12"], 149.0, slot["A-13"], 150.2)  # 1.2 mm apart at the edge
    # lines on two different sheets never meet
    other = Country("B", "B", False, (1, 0), (297.0, 0.0), [], "B-0")
    far = crossing_lines.Slot([crossing_lines.Half(other, "N", "A-12", 3.0)], 0.0)
    assert crossing_lines._apart(cm, routers, slot["A-11"], 150.0, far, 130.0)


# --------------------------------------------------------------------------
# when routing is hard: the fallbacks in order, the last ones noted
# --------------------------------------------------------------------------


def _route_only(monkeypatch, allowed):
    """Let SheetRouter.route find a line only for the gaps ``allowed`` says yes to; record each call's gap."""
    from mapgen.country.routing import SheetRouter

    real = SheetRouter.route
    gaps = []

    def route(self, node, gate, inward, gap=1.5):
        gaps.append(gap)
        return real(self, node, gate, inward, gap) if allowed(gap) else None

    monkeypatch.setattr(SheetRouter, "route", route)
    return gaps


def test_with_no_way_keeping_1_5_mm_a_line_keeps_a_hair_s_breadth(monkeypatch):
    gaps = _route_only(monkeypatch, lambda gap: gap is not None and gap < 1.5)
    cm = joined([4, 1, 1, 1])
    check_crossing_rule(cm)
    first_tight = next(i for i, g in enumerate(gaps) if g < 1.5)
    assert set(gaps[:first_tight]) == {1.5} and 0.0 < gaps[first_tight] < 1.5
    assert len(gaps[:first_tight]) >= 6  # both orders, the gates shifted along the edge, then each slot's shifts
    assert cm.notes == []


def test_only_when_nothing_else_works_a_line_may_cross_another_and_a_note_says_so(monkeypatch):
    from mapgen.country.routing import SheetRouter

    gaps = _route_only(monkeypatch, lambda gap: gap is None)
    monkeypatch.setattr(SheetRouter, "crosses_laid", lambda self, node, pts: True)
    cm = joined([4, 1, 1, 1])
    assert gaps[-1] is None and None not in gaps[:-1]
    assert cm.notes == ["the line from crossing point A-7 crosses another crossing line: no other way was found"]
    (x,) = [x for x in cm.exits if x.node == "A-7"]
    assert len(x.path) > 2 and x.path[-1] == (SHEET[0] - 3.0, x.path[-1][1])


def test_the_last_resort_is_the_way_round_the_country(monkeypatch):
    _route_only(monkeypatch, lambda gap: False)
    cm = joined([4, 1, 1, 1])
    (x,) = [x for x in cm.exits if x.node == "A-7"]
    outline = Polygon(OUTLINE).exterior
    assert all(abs(outline.distance(Point(p)) - 1.5) < 0.01 for p in x.path[1:-1])  # 1.5 mm round the border
    assert cm.notes == []


def test_with_no_way_at_all_the_line_is_straight_and_noted(monkeypatch):
    from mapgen.country.routing import SheetRouter

    _route_only(monkeypatch, lambda gap: False)
    monkeypatch.setattr(SheetRouter, "around", lambda self, node, gate: None)
    cm = joined([4, 1, 1, 1])
    (x,) = [x for x in cm.exits if x.node == "A-7"]
    assert x.path == [(100.0, 50.0), x.path[1]] and x.path[1][0] == SHEET[0] - 3.0
    assert cm.notes == ["A: no clear way from crossing point A-7 to the sheet edge; its line is straight"]


def test_two_lines_from_one_point_are_planned_again_to_fan_out():
    """Both lines of A-11 would reach the north edge near x = 125, 6 mm apart: from 6 mm out they would be
    under 1.5 mm apart, so the gates are planned again, further apart, both lines still straight."""

    cm = hand_made(1, 1)
    c = cm.countries[0]
    e = crossing_lines.EdgePoints(c, "N", 2, None, ["A-11", "A-11"])
    slots = [crossing_lines.Slot([crossing_lines.Half(c, "N", "A-11", 3.0)], want) for want in (125.0, 126.0)]
    (t1, s1), (t2, s2) = crossing_lines._plan_edge(cm, _routers(cm), e, slots)
    assert s1 and s2 and t2 - t1 > 6.0
    p = cm.graph.nodes["A-11"]["pos"]
    far = [LineString([p, (t, 3.0)]).difference(Point(p).buffer(6.0)) for t in (t1, t2)]
    assert far[0].distance(far[1]) >= 1.5
