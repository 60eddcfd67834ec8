"""``render.shape_index``: the envelope-first test answers exactly what shapely's own intersects query answers.

Expected answers come from ``shapely.STRtree.query(..., predicate="intersects")`` (GEOS's exact test of every
pair whose envelopes meet), never from the index under test; the shapes are upright boxes, boxes that touch
only along an edge or at a corner, turned boxes, segments along the axes and slanted ones, and buffered lines.
"""

from __future__ import annotations

import numpy as np
import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from mapgen.render.shape_index import GridBoxes, ShapeIndex, upright

coord = st.integers(0, 20).map(float)  # a coarse grid: shapes often share edges and corners exactly


@st.composite
def shapes(draw):
    kind = draw(st.sampled_from(["box", "box", "turned", "segment", "slanted", "casing"]))
    x, y = draw(coord), draw(coord)
    w, h = draw(st.integers(1, 6).map(float)), draw(st.integers(1, 6).map(float))
    if kind == "box":
        return shapely.box(x, y, x + w, y + h)
    if kind == "turned":
        return shapely.affinity.rotate(shapely.box(x, y, x + w, y + h), draw(st.sampled_from([15, 30, 45, 90])))
    if kind == "segment":
        return shapely.LineString([(x, y), (x + w, y)] if draw(st.booleans()) else [(x, y), (x, y + h)])
    if kind == "slanted":
        return shapely.LineString([(x, y), (x + w, y + h)])
    return shapely.LineString([(x, y), (x + w, y), (x + w, y + h)]).buffer(0.5, cap_style="flat")


def test_upright_is_a_box_or_an_axis_segment_and_nothing_else():
    got = upright([shapely.box(0, 0, 2, 1), shapely.LineString([(0, 0), (0, 3)]), shapely.LineString([(0, 0), (1, 1)]),
                   shapely.affinity.rotate(shapely.box(0, 0, 2, 1), 30), shapely.Polygon([(0, 0), (2, 0), (0, 1)]),
                   shapely.box(0, 0, 4, 4).difference(shapely.box(1, 1, 2, 2)), shapely.Point(1, 1)])  # fmt: skip
    assert got.tolist() == [True, True, False, False, False, False, False]


@settings(max_examples=150, deadline=None)
@given(fixed=st.lists(shapes(), min_size=1, max_size=25), cands=st.lists(shapes(), min_size=1, max_size=25))
def test_the_pairs_are_shapelys_exact_pairs(fixed, cands):
    truth = shapely.STRtree(fixed).query(cands, predicate="intersects")
    index = ShapeIndex(fixed)
    got = index.query(cands)
    assert sorted(zip(*got)) == sorted(zip(*truth))
    touched = index.touched(np.array(cands, dtype=object), upright(cands))
    assert touched.tolist() == [i in set(truth[0].tolist()) for i in range(len(cands))]


def test_boxes_that_touch_at_an_edge_or_a_corner_intersect_and_a_gap_does_not():
    index = ShapeIndex([shapely.box(0, 0, 1, 1)])
    cands = [shapely.box(1, 0, 2, 1), shapely.box(1, 1, 2, 2), shapely.box(1.001, 0, 2, 1)]
    assert sorted(index.query(cands)[0].tolist()) == [0, 1]


@pytest.mark.parametrize("flag", [False])
def test_saying_a_shape_is_not_upright_is_always_safe(flag):
    boxes = [shapely.box(0, 0, 1, 1), shapely.box(3, 3, 4, 4)]
    index = ShapeIndex(boxes, np.array([flag, flag]))
    assert index.query([shapely.box(0.5, 0.5, 3.5, 0.9)])[1].tolist() == [0]


@settings(max_examples=150, deadline=None)
@given(marks=st.lists(st.booleans(), min_size=12, max_size=12), cands=st.lists(shapes(), min_size=1, max_size=25))
def test_grid_boxes_touch_what_shapely_says_their_boxes_touch(marks, cands):
    """A 4 x 3 grid of 5-unit cells, a 2 x 1.5 box in each marked cell's corner (a square's name)."""
    cols, rows, cell = 4, 3, 5.0
    marked = np.array(marks).reshape(rows, cols)
    x, y = np.arange(cols) * cell, np.arange(rows) * cell
    grid = GridBoxes(x + 1, x + 3, y + 0.5, y + 2, marked)
    boxes = [shapely.box(x[c] + 1, y[r] + 0.5, x[c] + 3, y[r] + 2) for r in range(rows) for c in range(cols) if marked[r, c]]
    truth = set(shapely.STRtree(boxes).query(cands, predicate="intersects")[0].tolist()) if boxes else set()
    got = grid.touched(np.array(cands, dtype=object), upright(cands), shapely.bounds(cands))
    assert got.tolist() == [i in truth for i in range(len(cands))]
