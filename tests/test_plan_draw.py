"""The plan's drawing helpers: the path data of outlines, line strings and circles, written number by number as
:func:`mapgen.render.svgdoc.fmt` writes one (three decimals at most, no trailing zeros, no minus zero), and the
label placer's pick among its candidates."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import GeometryCollection, LineString, MultiLineString, MultiPolygon, Point, Polygon, box

from mapgen.render.plan_draw import area_d, circle_d, circles_d, hatch, hatch_d, lines_d
from mapgen.render.plan_labels import Label, lowest, scores


def test_area_d_writes_each_ring_once_closed_with_z_and_its_holes_after_it():
    outer = [(0, 0), (4, 0), (4, 3), (0, 3)]
    hole = [(1, 1), (2, 1), (2, 2.5)]
    assert area_d(Polygon(outer, [hole])) == "M0 0 L4 0 L4 3 L0 3 Z M1 1 L2 1 L2 2.5 Z"


def test_area_d_rounds_to_three_decimals_and_never_writes_minus_zero():
    assert area_d(Polygon([(-0.0001, 1.23456), (2.5, 1.0), (2.0004, 7)])) == "M0 1.235 L2.5 1 L2 7 Z"


def test_area_d_draws_every_polygon_of_a_multipolygon_and_nothing_else():
    two = MultiPolygon([Polygon([(0, 0), (1, 0), (1, 1)]), Polygon([(5, 5), (6, 5), (6, 6)])])
    assert area_d(two) == "M0 0 L1 0 L1 1 Z M5 5 L6 5 L6 6 Z"
    assert area_d(GeometryCollection([LineString([(0, 0), (1, 1)]), Polygon([(0, 0), (1, 0), (1, 1)])])) == "M0 0 L1 0 L1 1 Z"
    assert area_d(Polygon()) == ""


def test_lines_d_writes_each_line_as_an_open_subpath_in_order():
    lines = [LineString([(0, 0), (1.5, 2)]), MultiLineString([[(3, 3), (4, 4), (5, 3.25)], [(9, 9), (8, 8)]]), LineString()]
    assert lines_d(lines) == "M0 0 L1.5 2 M3 3 L4 4 L5 3.25 M9 9 L8 8"
    assert lines_d([]) == ""
    assert lines_d([Point(1, 1), GeometryCollection()]) == ""


def test_a_circle_is_two_half_arcs_from_its_leftmost_point():
    assert circle_d(1, 2, 0.5) == "M0.5 2 a0.5 0.5 0 1 0 1 0 a0.5 0.5 0 1 0 -1 0 Z"


def test_circles_d_is_each_circle_of_circle_d_in_turn():
    centres = [(1, 2), (3.25, -4.0005), (0.0001, 10)]
    assert circles_d(centres, 0.35) == " ".join(circle_d(x, y, 0.35) for x, y in centres)
    assert circles_d([], 1.0) == ""


def test_hatching_crosses_a_square_at_the_spacing_and_stays_inside_it():
    d = lines_d(hatch(box(0, 0, 10, 10), 2.5, 0))  # horizontal lines on y = k * 2.5
    assert d == "M0 0 L10 0 M0 2.5 L10 2.5 M0 5 L10 5 M0 7.5 L10 7.5 M0 10 L10 10"


def test_hatch_d_is_the_hatching_path_every_time_it_is_asked():
    zone = Polygon([(12, 30), (192, 30), (192, 60), (12, 60)])
    expected = lines_d(hatch(zone, 2.4, 45))
    assert hatch_d(zone, 2.4, 45) == expected
    assert hatch_d(Polygon(zone.exterior.coords), 2.4, 45) == expected  # the same zone drawn on another table
    assert hatch_d(zone, 2.4, -45) != expected


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.booleans())
def test_the_label_pick_is_the_lowest_score_of_all_the_candidates(seed, with_foreign):
    """The pick skips scoring candidates that cannot win; it must be the first of a stable sort of every score."""
    rng = np.random.default_rng(seed)
    area = Point(50, 50).buffer(rng.uniform(3, 30), quad_segs=int(rng.integers(1, 8)))
    area = area.union(box(*rng.uniform(20, 80, 2), *rng.uniform(80, 120, 2))) if rng.random() < 0.5 else area
    n = int(rng.integers(1, 400))
    xs, ys = rng.uniform(15, 85, n), rng.uniform(15, 85, n)
    pole = rng.uniform(40, 60, 2)
    if rng.random() < 0.5:  # candidates on a grid round the pole, as the placer lays them: many equal scores
        xs, ys, pole = np.round(xs), np.round(ys), np.round(pole)
    # another feature over the heart of this one: the nearest candidates are not the best
    foreign = Point(*(pole + rng.uniform(-5, 5, 2))).buffer(rng.uniform(1, 25)) if with_foreign else Polygon()
    tier = rng.integers(0, 3, n).astype(float)
    dist = np.hypot(xs - pole[0], ys - pole[1])
    lab = Label("12", "number", (0,), rng.uniform(2, 8), rng.uniform(2, 5))
    every = scores(lab, area, foreign, xs, ys, tier, dist)
    assert lowest(lab, area, foreign, xs, ys, tier, dist) == int(np.argsort(every, kind="stable")[0])
