"""The country's border (RC-1.5 step 5, source step 1f, RC-A.36): "a line joining all the border lines".

the manual: the border points joined in polar order round the capital; where that line would cut off a road,
widened just enough (4 mm round the road) to take it in; where the widening would swallow a border
point, the border points joined in the order the road tree reaches them (clockwise from the east road),
hugging the roads (2.5 mm from them, closer, halving down to 0.6 mm, where two roads run so close that a
border point would be swallowed) where a straight stretch would cut one; the convex hull only as a last
resort, with a note.  Each case is checked on a hand-made drawing or on a sheet that takes that path
(found once by trying seeds); the expected shapes are built here from those words, not from the code.
"""

from __future__ import annotations

import math

import pytest
from shapely import unary_union
from shapely.geometry import LineString, Point, Polygon

from mapgen.country.geometry import step
from mapgen.country.outline import _clear_stretch, _leaf_order, _tree_outline, _tree_path, outline
from mapgen.country.procedure import _Drawing, draw_country
from mapgen.dice import Dice

W, H = 297.0, 210.0
C = (148.5, 105.0)


def hand_made() -> _Drawing:
    """Four first-ring villages; the east one with two border points (NE, SE), the west one with a road
    that bends north-west then back north-east to its border point (A-9), which puts the west village
    outside the polar line from the south border point (A-7) to A-9."""
    d = _Drawing("A", W, H)
    d.add("capital", 0, C, None, None)
    e = d.add("village", 1, (178.5, 105.0), "A-0", "E")
    s = d.add("village", 1, (148.5, 135.0), "A-0", "S")
    w = d.add("village", 1, (118.5, 105.0), "A-0", "W")
    n = d.add("village", 1, (148.5, 75.0), "A-0", "N")
    d.add("border", 2, step(e.pos, -30.0, 30.0), e.id, "E")
    d.add("border", 2, step(e.pos, 30.0, 30.0), e.id, "E")
    d.add("border", 2, (148.5, 165.0), s.id, "S")
    v = d.add("village", 2, (100.0, 80.0), w.id, "W")
    d.add("border", 3, (125.0, 55.0), v.id, "W")
    d.add("border", 2, (148.5, 45.0), n.id, "N")
    return d


def from_sheet(seed: int) -> tuple[_Drawing, list]:
    sheet = draw_country(Dice(seed), "A", W, H)
    d = _Drawing("A", W, H)
    d.places, d.roads = sheet.places, sheet.roads
    return d, sheet.border


def borders(d):
    return [p for p in d.places.values() if p.kind == "border"]


def polar(d):
    """RC-A.36: the border points by angle round the capital."""
    cap = d.places["A-0"].pos
    return sorted((p.pos for p in borders(d)), key=lambda q: math.atan2(q[1] - cap[1], q[0] - cap[0]))


def covers_everything(ring, d) -> bool:
    grown = Polygon(ring).buffer(1e-6)
    return all(grown.covers(LineString(d.segment(r))) for r in d.roads) and all(grown.covers(Point(p.pos)) for p in d.places.values())


def through_every_border_point(ring, d, tol: float) -> bool:
    line = Polygon(ring).exterior
    return all(line.distance(Point(p.pos)) <= tol for p in borders(d))


def order_along(ring, d, ids):
    line = Polygon(ring).exterior
    return sorted(ids, key=lambda n: line.project(Point(d.places[n].pos)))


def same_cycle(a: list, b: list) -> bool:
    """The same cyclic order, read either way round."""
    k = a.index(b[0])
    turned = a[k:] + a[:k]
    return turned == b or [turned[0]] + turned[1:][::-1] == b


def nearest_place(ring, d) -> float:
    line = Polygon(ring).exterior
    return min(line.distance(Point(p.pos)) for p in d.places.values() if p.kind != "border")


# --------------------------------------------------------------------------
# the pieces: the tree's order, its paths, and which straight stretches are clear
# --------------------------------------------------------------------------


def test_the_tree_is_walked_clockwise_from_the_east_road():
    d = hand_made()
    # at each place, its roads clockwise from the one it was reached by: at the east village the
    # north-east border point comes before the south-east one
    assert _leaf_order(d) == ["A-5", "A-6", "A-7", "A-9", "A-10"]


def test_at_the_capital_the_walk_goes_by_direction_not_by_name():
    d = _Drawing("A", W, H)
    d.add("capital", 0, C, None, None)
    for pos, side in (((148.5, 75.0), "N"), ((118.5, 105.0), "W"), ((178.5, 105.0), "E"), ((148.5, 135.0), "S")):
        d.add("border", 1, pos, "A-0", side)  # A-1 north, A-2 west, A-3 east, A-4 south
    assert _leaf_order(d) == ["A-3", "A-4", "A-2", "A-1"]


def test_the_road_path_between_two_border_points():
    d = hand_made()
    pos = {n: p.pos for n, p in d.places.items()}
    assert _tree_path(d, "A-5", "A-6") == [pos["A-5"], pos["A-1"], pos["A-6"]]
    assert _tree_path(d, "A-7", "A-9") == [pos["A-7"], pos["A-2"], pos["A-0"], pos["A-3"], pos["A-8"], pos["A-9"]]
    assert _tree_path(d, "A-9", "A-7") == [pos["A-9"], pos["A-8"], pos["A-3"], pos["A-0"], pos["A-2"], pos["A-7"]]


def test_a_straight_stretch_is_clear_unless_it_cuts_a_road_or_passes_within_2_5_mm_of_a_place():
    d = hand_made()
    assert _clear_stretch(d, "A-5", "A-6")  # the roads it touches are the ends' own
    assert _clear_stretch(d, "A-6", "A-7")
    assert not _clear_stretch(d, "A-7", "A-9")  # cuts the road from the capital to the west village
    assert not _clear_stretch(d, "A-9", "A-7")
    a, b = d.places["A-10"].pos, d.places["A-5"].pos
    mid, length = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), math.dist(a, b)
    normal = ((b[1] - a[1]) / length, -(b[0] - a[0]) / length)
    d.add("village", 3, (mid[0] + 2.4 * normal[0], mid[1] + 2.4 * normal[1]), None, "N")  # 2.4 mm off that line
    assert not _clear_stretch(d, "A-10", "A-5")
    d.places["A-11"].pos = (mid[0] + 2.51 * normal[0], mid[1] + 2.51 * normal[1])  # 2.51 mm off
    assert _clear_stretch(d, "A-10", "A-5")


# --------------------------------------------------------------------------
# the four ways to a border
# --------------------------------------------------------------------------


def test_the_border_points_joined_by_angle_round_the_capital():
    d, ring = from_sheet(0)
    assert ring == polar(d)
    assert covers_everything(ring, d)


def _widened_by_hand(d):
    bands = [LineString(d.segment(r)).buffer(4.0, cap_style="flat") for r in d.roads]
    bands += [Point(p.pos).buffer(4.0) for p in d.places.values() if p.kind != "border"]
    return Polygon(unary_union([Polygon(polar(d)), *bands]).exterior)


@pytest.mark.parametrize("seed", [49, 87])
def test_a_polar_line_that_cuts_a_road_off_is_widened_4_mm_round_it(seed):
    d, ring = from_sheet(seed)
    assert not covers_everything(polar(d), d)  # the polar line leaves a road out
    assert covers_everything(ring, d) and through_every_border_point(ring, d, 0.25)
    # just enough: the polar shape and a band of 4 mm round every road and place, to a fifth of a mm
    expected = _widened_by_hand(d)
    assert Polygon(ring).hausdorff_distance(expected) <= 0.2 + 1e-9
    assert nearest_place(ring, d) >= 4.0 - 0.2


def test_the_hand_made_country_is_widened_round_its_west_road():
    d = hand_made()
    ring = outline(d)
    assert covers_everything(ring, d) and through_every_border_point(ring, d, 0.25)
    assert Polygon(ring).hausdorff_distance(_widened_by_hand(d)) <= 0.2 + 1e-9
    assert d.notes == []


def test_the_tree_s_own_order_hugs_the_road_a_straight_stretch_would_cut():
    d = hand_made()
    ring = _tree_outline(d)
    assert covers_everything(ring, d) and through_every_border_point(ring, d, 1e-6)
    assert same_cycle(order_along(ring, d, ["A-5", "A-6", "A-7", "A-9", "A-10"]), ["A-5", "A-6", "A-7", "A-9", "A-10"])
    line = Polygon(ring).exterior
    # the stretch from would cut the west road: the border runs 2.5 mm round the west village
    # and the place beyond it; the other stretches run straight from border point to border point (but
    # where the band round a road they end pokes out)
    assert line.distance(Point(d.places["A-3"].pos)) == pytest.approx(2.5, abs=0.01)
    assert line.distance(Point(d.places["A-8"].pos)) == pytest.approx(2.5, abs=0.01)
    for a, b in (("A-5", "A-6"), ("A-6", "A-7"), ("A-9", "A-10"), ("A-10", "A-5")):
        chord = LineString([d.places[a].pos, d.places[b].pos])
        assert Polygon(ring).buffer(1e-6).covers(chord) and line.distance(chord.interpolate(0.5, normalized=True)) < 1e-6


@pytest.mark.parametrize("seed,band", [(30, None), (44, 2.5), (2937, 2.5), (1298, 1.25), (2963, 1.25)])
def test_where_widening_fails_the_border_follows_the_road_tree(seed, band):
    """Sheets whose widened line would not do: straight stretches only (30); one hugging the roads (44); a
    stretch that swallowed a border point and hugs too (2937); roads so close that the band is halved
    (1298, 2963)."""
    d, ring = from_sheet(seed)
    assert covers_everything(ring, d) and through_every_border_point(ring, d, 1e-6)
    leaves = [n for n in _leaf_order(d)]
    assert sorted(leaves) == sorted(p.id for p in borders(d))
    assert same_cycle(order_along(ring, d, leaves), leaves)
    if band is None:
        assert nearest_place(ring, d) > 2.5
    else:
        assert nearest_place(ring, d) == pytest.approx(band, abs=0.005)


def test_with_no_other_way_the_convex_hull_and_a_note():
    d = _Drawing("A", W, H)
    d.add("capital", 0, C, None, None)
    d.add("village", 1, (178.5, 105.0), "A-0", "E")
    d.add("border", 2, (200.0, 80.0), "A-1", "E")
    d.add("village", 1, (118.5, 105.0), "A-0", "W")
    d.add("border", 2, (100.0, 130.0), "A-3", "W")
    assert outline(d) == [(100.0, 130.0), (118.5, 105.0), (200.0, 80.0), (178.5, 105.0)]
    assert d.notes == ["A: the border is the convex hull of the country; some border points lie inside it"]
