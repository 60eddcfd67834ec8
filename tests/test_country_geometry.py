"""Plane geometry of the country sheet (``mapgen/country/geometry.py``): headings in drawing
coordinates (y southwards, RC-1.6: the four first roads go E, S, W, N at 0, 90, 180, 270 degrees),
distances, crossings and clipping at the sheet edge.  Every expected value is worked out by hand."""

from __future__ import annotations

import math

import pytest

from mapgen.country.geometry import (
    angle_gap,
    clip_to_rect,
    convex_hull,
    heading,
    point_segment_distance,
    segment_distance,
    segments_cross,
    step,
)


@pytest.mark.parametrize(
    "b,deg",
    [((10.0, 0.0), 0.0), ((0.0, 10.0), 90.0), ((-10.0, 0.0), 180.0), ((0.0, -10.0), 270.0), ((5.0, -5.0), 315.0), ((-3.0, 3.0), 135.0)],
)
def test_heading_is_clockwise_from_east_on_the_page(b, deg):
    assert heading((0.0, 0.0), b) == pytest.approx(deg)
    assert heading((7.0, -2.0), (b[0] + 7.0, b[1] - 2.0)) == pytest.approx(deg)


@pytest.mark.parametrize(
    "a,b,gap",
    [(10.0, 350.0, 20.0), (350.0, 10.0, 20.0), (0.0, 180.0, 180.0), (0.0, 190.0, 170.0), (-30.0, 30.0, 60.0), (720.0, 0.0, 0.0),
     (90.0, 45.0, 45.0), (0.0, 181.0, 179.0)],
)
def test_angle_gap_is_the_smaller_turn(a, b, gap):
    assert angle_gap(a, b) == pytest.approx(gap)


def test_step_goes_the_heading_s_way():
    assert step((1.0, 2.0), 0.0, 30.0) == pytest.approx((31.0, 2.0))
    assert step((1.0, 2.0), 90.0, 30.0) == pytest.approx((1.0, 32.0))  # south: y grows
    assert step((1.0, 2.0), 180.0, 30.0) == pytest.approx((-29.0, 2.0))
    assert step((1.0, 2.0), 270.0, 30.0) == pytest.approx((1.0, -28.0))
    assert step((0.0, 0.0), 60.0, 2.0) == pytest.approx((1.0, math.sqrt(3.0)))


@pytest.mark.parametrize(
    "p1,p2,q1,q2,expected",
    [
        ((0.0, 0.0), (10.0, 10.0), (0.0, 10.0), (10.0, 0.0), True),  # an X
        ((0.0, 0.0), (0.5, 0.5), (0.0, 0.5), (0.5, 0.0), True),  # a small X (cross products of 0.25)
        ((0.0, 0.0), (10.0, 0.0), (0.0, 2.0), (10.0, 2.0), False),  # parallel
        ((0.0, 0.0), (4.0, 4.0), (0.0, 10.0), (10.0, 0.0), False),  # would cross if longer
        ((5.0, 0.0), (5.0, 5.0), (0.0, 5.0), (10.0, 5.0), True),  # a T: touching counts
        ((0.0, 5.0), (10.0, 5.0), (5.0, 0.0), (5.0, 5.0), True),  # the same T, the other way round
        ((5.0, 5.0), (5.0, 10.0), (0.0, 5.0), (10.0, 5.0), True),  # touching with its first end
        ((0.0, 5.0), (10.0, 5.0), (5.0, 5.0), (5.0, 10.0), True),
        ((0.0, 0.0), (10.0, 0.0), (5.0, 0.0), (15.0, 0.0), True),  # collinear, overlapping
        ((0.0, 0.0), (10.0, 0.0), (10.5, 0.0), (20.0, 0.0), False),  # collinear, 0.5 mm apart east
        ((10.5, 0.0), (20.0, 0.0), (0.0, 0.0), (10.0, 0.0), False),  # and west
        ((0.0, 0.0), (0.0, 10.0), (0.0, 10.5), (0.0, 20.0), False),  # collinear, 0.5 mm apart south
        ((0.0, 10.5), (0.0, 20.0), (0.0, 0.0), (0.0, 10.0), False),  # and north
        ((5.0, 5.05), (5.0, 20.0), (0.0, 0.0), (10.0, 10.0), False),  # 0.05 mm short of touching
        ((5.0, 20.0), (5.0, 5.05), (0.0, 0.0), (10.0, 10.0), False),
        ((0.0, 0.0), (10.0, 10.0), (5.0, 5.05), (5.0, 20.0), False),
        ((0.0, 0.0), (10.0, 10.0), (5.0, 20.0), (5.0, 5.05), False),
        ((0.0, 0.0), (0.5, 0.0), (0.1, 0.1), (0.2, 0.3), False),  # q's line crosses p, q stops short of it
        ((0.1, 0.1), (0.2, 0.3), (0.0, 0.0), (0.5, 0.0), False),
    ],
)
def test_segments_cross(p1, p2, q1, q2, expected):
    assert segments_cross(p1, p2, q1, q2) is expected


@pytest.mark.parametrize(
    "p,a,b,dist",
    [
        ((5.0, 3.0), (0.0, 0.0), (10.0, 0.0), 3.0),  # beside the middle
        ((13.0, 4.0), (0.0, 0.0), (10.0, 0.0), 5.0),  # past b
        ((-3.0, -4.0), (0.0, 0.0), (10.0, 0.0), 5.0),  # before a
        ((3.0, 4.0), (0.0, 0.0), (0.0, 0.0), 5.0),  # a segment that is a point
        ((10.0, 0.0), (-10.0, 0.0), (10.0, 20.0), math.sqrt(200.0)),  # a slanting segment
        ((6.0, 8.0), (0.0, 0.0), (0.0, 0.0), 10.0),
    ],
)
def test_point_segment_distance(p, a, b, dist):
    assert point_segment_distance(p, a, b) == pytest.approx(dist)


@pytest.mark.parametrize(
    "p1,p2,q1,q2,dist",
    [
        ((0.0, 0.0), (10.0, 10.0), (0.0, 10.0), (10.0, 0.0), 0.0),  # crossing
        ((0.0, 0.0), (10.0, 0.0), (0.0, 2.0), (10.0, 2.0), 2.0),  # parallel
        ((0.0, 3.0), (0.0, 20.0), (-10.0, 0.0), (10.0, 0.0), 3.0),  # p1 nearest
        ((0.0, 20.0), (0.0, 4.0), (-10.0, 0.0), (10.0, 0.0), 4.0),  # p2 nearest
        ((-10.0, 0.0), (10.0, 0.0), (0.0, 5.0), (0.0, 20.0), 5.0),  # q1 nearest
        ((-10.0, 0.0), (10.0, 0.0), (0.0, 20.0), (0.0, 6.0), 6.0),  # q2 nearest
    ],
)
def test_segment_distance(p1, p2, q1, q2, dist):
    assert segment_distance(p1, p2, q1, q2) == pytest.approx(dist)


RECT = (10.0, 20.0, 110.0, 220.0)  # x0, y0, x1, y1: a sheet 100 x 200 mm drawn 10 and 20 mm in


@pytest.mark.parametrize(
    "b,end,cut",
    [
        ((80.0, 100.0), (80.0, 100.0), False),  # inside: the end itself
        ((110.0, 220.0), (110.0, 220.0), False),  # on the corner counts as inside
        ((10.0, 20.0), (10.0, 20.0), False),  # so does the opposite corner
        ((130.0, 120.0), (110.0, 120.0), True),  # out through the east edge (x1)
        ((-10.0, 120.0), (10.0, 120.0), True),  # west (x0)
        ((60.0, 260.0), (60.0, 220.0), True),  # south (y1)
        ((60.0, 0.0), (60.0, 20.0), True),  # north (y0)
        ((160.0, 220.0), (110.0, 170.0), True),  # east first: its edge line is met before the south one's
        ((160.0, 420.0), (60.0 + 100.0 / 3.0, 220.0), True),  # south first; the line x = 110 is met later, off the sheet
        ((-90.0, -30.0), (10.0, 70.0), True),  # west first
        ((0.0, -30.0), (20.0, 20.0), True),  # north first; the line x = 10 is met later, off the sheet
    ],
)
def test_clip_to_rect_stops_at_the_first_edge_the_road_meets(b, end, cut):
    got, was_cut = clip_to_rect((60.0, 120.0), b, RECT)
    assert was_cut is cut
    assert got == pytest.approx(end)


def test_a_road_leaving_from_the_sheet_edge_is_cut_at_once():
    assert clip_to_rect((110.0, 120.0), (130.0, 125.0), RECT) == ((110.0, 120.0), True)
    assert clip_to_rect((60.0, 20.0), (55.0, 0.0), RECT) == ((60.0, 20.0), True)


def test_convex_hull():
    # a 2 x 2 square with a point in the middle and one on an edge: only the corners, counter-clockwise
    # in a y-up frame from the lowest-leftmost point
    pts = [(1.0, 1.0), (2.0, 2.0), (0.0, 2.0), (1.0, 0.0), (0.0, 0.0), (2.0, 0.0), (2.0, 2.0)]
    assert convex_hull(pts) == [(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)]
    assert convex_hull([(3.0, 1.0), (1.0, 1.0), (3.0, 1.0)]) == [(1.0, 1.0), (3.0, 1.0)]
    assert convex_hull([(0.0, 0.0), (4.0, 0.0), (2.0, 3.0), (2.0, 1.0)]) == [(0.0, 0.0), (4.0, 0.0), (2.0, 3.0)]
    # three points: counter-clockwise (y up), whatever order they come in
    assert convex_hull([(1.0, 2.0), (0.0, 0.0), (2.0, 0.0)]) == [(0.0, 0.0), (2.0, 0.0), (1.0, 2.0)]
    assert convex_hull([(0.0, 0.0), (1.0, 1.0), (2.0, 2.0)]) == [(0.0, 0.0), (2.0, 2.0)]  # in a line: its ends
    # corners that turn only a little are corners all the same
    assert convex_hull([(4.0, 0.0), (2.0, -0.2), (0.0, 0.0)]) == [(0.0, 0.0), (2.0, -0.2), (4.0, 0.0)]
    assert convex_hull([(4.0, 0.0), (2.0, 0.2), (0.0, 0.0)]) == [(0.0, 0.0), (4.0, 0.0), (2.0, 0.2)]
    # many corners below and above, and a point inside
    octagon = [(0.0, 0.0), (1.0, -1.0), (3.0, -1.5), (5.0, -1.0), (6.0, 0.0), (5.0, 1.0), (3.0, 2.0), (1.0, 1.0)]
    assert convex_hull([(3.0, 0.0)] + octagon[::-1]) == octagon
