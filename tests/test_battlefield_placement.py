"""The bounded placement search and the shared placing helpers, on tables small enough to know every answer.

What a player relies on: every feature is a box with whole-centimetre corners (a tape measure needs
no millimetres), inside the table or the region asked for, at least 2 cm from unrelated features
([DEV] so they can be told apart) and at least a group's own distance from its group (FW-11.7: boulder
fields 20 cm apart, FW-19.6: jungle dangers 30 cm), wholly on or wholly off a plateau or mountain base,
clear of a scenario's clear areas; and a search that finds nothing says so instead of looping.
"""


import numpy as np
import pytest
import shapely
from shapely.geometry import GeometryCollection, LineString, MultiPolygon, Point, box

from mapgen.battlefield import features as F
from mapgen.battlefield.placement import Item, Layout, _box_gap, blob, largest, meander, strip_of

from .bf_tiny import of, put, rolls, table


def lay(width=60, depth=40, seed=0, clear=()):
    return Layout(width, depth, np.random.default_rng(seed), clear=list(clear))


def add(layout, kind, b, **kw):
    return layout.add(Item(F.make(kind, box(*b), (b[2] - b[0], b[3] - b[1])), tuple(b), **kw))


def test_corners_are_whole_centimetres_over_the_whole_free_range():
    seen = set()
    for seed in range(30):
        (x0, y0, x1, y1), stand = lay(12, 11, seed).find_box(10, 10)
        assert (x1 - x0, y1 - y0) == (10, 10) and stand is None
        assert x0 == int(x0) and y0 == int(y0)
        seen.add((x0, y0))
    assert seen == {(x, y) for x in (0, 1, 2) for y in (0, 1)}


def test_a_region_with_fractional_bounds_is_rounded_inwards():
    assert lay().find_box(10, 9, (0.5, 0.2, 11.5, 10.9))[0] == (1, 1, 11, 10)
    assert lay().find_box(10, 10, (0.5, 0.2, 11.5, 10.9)) is None  # 10 cm does not fit between 1 and 10.9
    assert lay().find_box(10, 10, (0, 0, 9.9, 40)) is None


def test_unrelated_features_keep_two_cm_apart_even_at_a_corner():
    L = lay()
    add(L, "tower", (20, 0, 30, 40))
    assert L.find_box(10, 40, (10, 0, 20, 40)) is None  # touching it
    assert L.find_box(10, 40, (8, 0, 18, 40))[0] == (8, 0, 18, 40)  # 2 cm off
    assert L.find_box(10, 40, (10, 0, 20, 40), gap=0)[0] == (10, 0, 20, 40)
    assert L.find_box(10, 40, (32, 0, 42, 40))[0] == (32, 0, 42, 40)
    assert L.find_box(10, 40, (31, 0, 41, 40)) is None
    M = lay()
    add(M, "tower", (20, 20, 30, 30))
    assert M.find_box(10, 10, (9, 9, 19, 19)) is None  # 1.4 cm off the corner, diagonally
    assert M.find_box(10, 10, (8, 8, 18, 18))[0] == (8, 8, 18, 18)  # 2.8 cm
    assert M.find_box(10, 10, (31, 31, 41, 41)) is None and M.find_box(10, 10, (32, 32, 42, 42)) is not None
    assert M.find_box(10, 10, (9, 9, 19, 19), ignore=(0,)) is not None


def test_a_group_keeps_its_own_distance_from_its_own_kind_only():
    L = lay()
    add(L, "boulders", (0, 0, 10, 10), group="boulders")
    assert L.find_box(10, 10, (12, 0, 40, 10), group="boulders", group_gap=20)[0] == (30, 0, 40, 10)
    assert L.find_box(10, 10, (12, 0, 22, 10))[0] == (12, 0, 22, 10)  # any other feature: 2 cm
    assert L.find_box(10, 10, (12, 0, 22, 10), group="danger", group_gap=30)[0] == (12, 0, 22, 10)


def test_markers_take_no_room_except_from_their_own_group():
    L = lay()
    add(L, "hiding_place", (20, 0, 24, 4))
    assert L.find_box(10, 10, (15, 0, 25, 10))[0] == (15, 0, 25, 10)
    add(L, "beast", (40, 0, 44, 4), group="danger")
    assert L.find_box(4, 4, (46, 0, 50, 4), group="danger", group_gap=30) is None
    assert L.find_box(4, 4, (46, 0, 50, 4))[0] == (46, 0, 50, 4)


def test_line_features_are_kept_off_by_their_outline_not_their_box():
    L = lay()
    diagonal = shapely.buffer(LineString([(0, 0), (60, 40)]), 2)
    L.add(Item(F.make("river", diagonal, (72, 4)), diagonal.bounds, exact=True))
    assert L.find_box(10, 10, (40, 0, 50, 10))[0] == (40, 0, 50, 10)  # inside the river's box, off the river
    assert L.find_box(10, 10, (25, 10, 35, 20)) is None
    assert L.line_is_clear(box(40, 0, 50, 10)) and not L.line_is_clear(box(25, 10, 35, 20))


def test_clear_areas_and_areas_to_avoid_take_nothing():
    L = lay(clear=[box(0, 0, 30, 40)])
    assert L.find_box(10, 10, (25, 0, 35, 10)) is None and L.find_box(10, 10, (30, 0, 40, 10)) is None  # touching it
    assert L.find_box(10, 10, (31, 0, 41, 10)) is not None
    assert L.find_box(10, 10, (40, 0, 50, 10), avoid=(box(45, 0, 46, 1),)) is None
    assert not L.line_is_clear(box(29, 0, 31, 40)) and L.line_is_clear(box(33, 0, 35, 40))


def test_ground_pieces_carry_features_wholly_on_or_wholly_off():
    L = lay()
    plateau = add(L, "plateau", (0, 0, 30, 40), ground=True)
    assert L.find_box(10, 10, (0, 0, 10, 10)) == ((0, 0, 10, 10), plateau)
    assert L.find_box(10, 10, (25, 0, 35, 10)) is None  # straddling its edge
    assert L.find_box(10, 10, (30, 0, 40, 10)) is None  # touching its edge from outside
    assert L.find_box(10, 10, (31, 0, 41, 10)) == ((31, 0, 41, 10), None)  # off it
    assert L.line_is_clear(box(0, 0, 60, 5))  # a road may climb onto it


def test_a_host_is_the_region_and_no_obstacle():
    L = lay()
    host = add(L, "glacier", (10, 10, 50, 30))
    (b, stand) = L.find_box(40, 20, host=host)
    assert b == (10, 10, 50, 30) and stand is None
    assert L.find_box(41, 20, host=host) is None


def test_a_full_table_gives_up_after_its_rounds():
    L = lay()
    add(L, "lake", (0, 0, 60, 40))
    assert L.find_box(5, 5) is None and L.find_box(5, 5, rounds=0) is None
    assert lay().find_box(5, 5, rounds=0) is None  # no round, no box


def test_free_cells_fill_the_free_ground_a_grid_apart():
    L = lay(60, 40, seed=3)
    add(L, "tower", (0, 0, 20, 40))
    cells = list(L.free_cells(10, 10, gap=1.0, group="field", group_gap=0.5))
    assert cells and all(stand is None for _, stand in cells)
    boxes = [b for b, _ in cells]
    for i, b in enumerate(boxes):
        assert b[0] >= 21 and b[2] <= 60 and b[1] >= 0 and b[3] <= 40  # 1 cm off the tower, on the table
        assert all(v == int(v) for v in b) and (b[2] - b[0], b[3] - b[1]) == (10, 10)
        assert all(_box_gap(b, c) >= 0.5 for c in boxes[i + 1 :])
    assert len(boxes) >= 6  # 3 or more across and 2 or more along the 39 x 40 cm left free
    xs = sorted({b[0] for b in boxes})
    assert all(b - a == 11 for a, b in zip(xs, xs[1:]))  # pitch: the cell, the group's gap and rounding room


def test_free_cells_skip_a_cell_too_close_to_one_just_laid():
    L = lay(60, 40, seed=1)
    taken = []
    for b, stand in L.free_cells(10, 10, gap=1.0, group="field", group_gap=0.5):
        taken.append(b)
        L.add(Item(F.make("field", box(*b), (10, 10)), b, group="field"))
        if len(taken) == 1:
            near = (b[2] + 0.2, b[1], b[2] + 10.2, b[3])
            L.add(Item(F.make("field", box(*near), (10, 10)), near, group="field"))
    near = L.items[1].keep
    assert len(taken) > 5 and all(_box_gap(t, near) >= 0.5 for t in taken[1:])  # the grid cell beside it was skipped
    assert (taken[0][2] + 1, taken[0][1], taken[0][2] + 11, taken[0][3]) not in taken


def test_free_cells_on_a_table_too_small_for_one():
    assert list(lay(9, 40).free_cells(10, 10, 1.0, "field", 0.5)) == []


# --- outlines and lines ---------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(5))
def test_a_natural_outline_fills_its_box(seed):
    p = blob(np.random.default_rng(seed), (10, 20, 30, 35))
    assert p.is_valid and p.bounds == (10, 20, 30, 35) and len(p.exterior.coords) == 19
    assert all(round(v, 1) == v for xy in p.exterior.coords for v in xy)
    assert 0.6 * 300 < p.area < 300  # a rounded shape, not the box
    assert len(blob(np.random.default_rng(seed), (0, 0, 10, 10), points=8).exterior.coords) == 9


@pytest.mark.parametrize("axis", ["x", "y"])
def test_a_meander_runs_edge_to_edge_monotone(axis):
    for seed in range(5):
        line = meander(np.random.default_rng(seed), 180, 120, axis, 50, wiggle=20)
        pts = np.array(line.coords)
        along, across = (pts[:, 0], pts[:, 1]) if axis == "x" else (pts[:, 1], pts[:, 0])
        length = 180 if axis == "x" else 120
        assert len(pts) == 8 and along[0] == -2 and along[-1] == length + 2 and np.all(np.diff(along) > 0)
        assert across[0] == 50 and np.all(across >= 8) and np.all(across <= (120 if axis == "x" else 180) - 8)
        assert np.all(np.round(pts, 1) == pts)
    straight = meander(np.random.default_rng(0), 180, 120, axis, 3, wiggle=0, segments=4)
    assert len(straight.coords) == 5 and {c[1 if axis == "x" else 0] for c in straight.coords} == {8}  # kept 8 cm in


def test_a_strip_has_flat_ends_cut_to_the_table():
    s = strip_of(LineString([(-2, 50), (182, 50)]), 8, box(0, 0, 180, 120))
    assert s.bounds == (0, 46, 180, 54) and s.area == pytest.approx(180 * 8)
    assert strip_of(LineString([(200, 0), (300, 0)]), 8, box(0, 0, 180, 120)).is_empty


def test_largest_piece():
    a, b = box(0, 0, 1, 1), box(5, 5, 8, 8)
    assert largest(a) is a and largest(MultiPolygon([a, b])).equals(b)
    assert largest(GeometryCollection([LineString([(0, 0), (1, 1)]), b])).equals(b)
    assert largest(LineString([(0, 0), (1, 1)])).is_empty and largest(Point(0, 0)).is_empty


def test_box_gap():
    assert _box_gap((0, 0, 10, 10), (13, 14, 20, 20)) == 5
    assert _box_gap((13, 14, 20, 20), (0, 0, 10, 10)) == 5
    assert _box_gap((0, 0, 10, 10), (5, 12, 6, 13)) == 2 and _box_gap((0, 0, 10, 10), (5, 5, 6, 6)) == 0


# --- the placing helpers (features.py) -----------------------------------------------------------


def test_make_takes_the_kinds_play_unless_told():
    f = F.make("tower", box(0, 0, 10, 10), (10, 10))
    assert (f.passable, f.difficult, f.on_top_of, f.note, f.rule, f.size_cm) == (False, False, None, "Tower of Magic of the Enchanted Wood (Ars Arcana)", "FW-11.8", (10.0, 10.0))
    g = F.make("tower", box(0, 0, 10, 10), (10, 10), passable=True, difficult=True, on="hill", note="n", rule="FW-3")
    assert (g.passable, g.difficult, g.on_top_of, g.note, g.rule) == (True, True, "hill", "n", "FW-3")
    h = F.make("hill", box(0, 0, 10, 10), (10, 10), passable=False, difficult=False, note="")
    assert (h.passable, h.difficult, h.note) == (False, False, "")


@pytest.mark.parametrize("kind,widths,depths", [("hill", {25, 30, 35}, {20, 25, 30}), ("boulders", {15, 20, 25, 30}, {15, 20, 25, 30}), ("hillock", {15, 20}, {15, 20}), ("tower", {10}, {10})])
def test_sizes_in_five_cm_steps(kind, widths, depths):
    st = table(seed=1)
    got = {F.size_of(st, kind) for _ in range(60)}
    assert {w for w, _ in got} == widths and {d for _, d in got} == depths


def test_a_range_under_five_cm_takes_every_centimetre():
    from mapgen.battlefield import rules as R

    st = table(seed=2)
    R.KINDS["test_kind"] = R.Kind("test_kind", "Test", "FW-0", "cover", True, False, (10, 13, 2, 2), "rect")
    try:
        assert {F.size_of(st, "test_kind") for _ in range(60)} == {(w, 2) for w in (10, 11, 12, 13)}
    finally:
        del R.KINDS["test_kind"]


def test_place_tries_the_smallest_size_when_the_rolled_one_finds_no_room():
    sizes = set()
    for seed in range(6):
        st = table(width=60, depth=60, seed=seed)
        put(st, "lake", (0, 24, 60, 60))  # 22 cm of free depth: hills are 20 to 30 deep
        idx = F.place(st, "hill")
        sizes.add(st.items[idx].feature.size_cm)
        assert st.items[idx].feature.size_cm[1] == 20 and st.notes == []
    assert (25, 20) in sizes
    st = table(width=60, depth=60)
    put(st, "lake", (0, 22, 60, 60))
    idx = F.place(st, "hill", size=(35, 30))
    assert idx is None and st.notes == ["Hill (FW-11.2) could not be placed after a bounded search: place it by hand where the rules allow."]
    idx = F.place(st, "hill")
    assert st.items[idx].feature.size_cm[1] == 20


def test_place_notes_the_rule_and_why_or_stays_quiet():
    st = table(width=60, depth=60)
    put(st, "lake", (0, 0, 60, 60))
    assert F.place(st, "wood", rule="FW-23.5", why="beside the ambushed route") is None
    assert F.place(st, "marsh", quiet=True) is None
    assert st.notes == ["Wood (FW-23.5) beside the ambushed route could not be placed after a bounded search: place it by hand where the rules allow."]


def test_place_shapes_pads_and_grounds():
    st = table(width=60, depth=60)
    plateau = put(st, "plateau", (0, 0, 60, 60), ground=True)
    i = F.place(st, "tower", region=(10, 10, 30, 30), pad=5, note="n", passable=True, difficult=True)
    t = st.items[i]
    assert t.keep == (10, 10, 30, 30) and t.feature.polygon.bounds == (15, 15, 25, 25) and t.feature.polygon.area == 100
    assert (t.feature.on_top_of, t.host, t.feature.note, t.feature.passable, t.feature.difficult) == ("plateau", plateau, "n", True, True)
    j = F.place(st, "wood", region=(35, 35, 60, 60))
    w = st.items[j].feature
    assert w.polygon.bounds == st.items[j].keep and w.polygon.area < 400  # a wood is a natural outline in its box
    k = F.place(st, "burial_mound", host=i, owner=j)
    assert (st.items[k].host, st.items[k].owner, st.items[k].feature.on_top_of) == (i, j, "tower")


def test_boulders_always_keep_twenty_cm_from_boulders():
    st = table(width=60, depth=60)
    put(st, "boulders", (0, 0, 15, 15))
    st.items[0].group = "boulders"
    i = F.place(st, "boulders", region=(17, 0, 60, 15), size=(15, 15))
    assert st.items[i].feature.polygon.bounds[0] >= 35 and st.items[i].group == "boulders"


def test_small_helpers():
    assert F.with_note("a", "b") == "a; b" and F.with_note("a", None) == "a" and F.with_note("a", "") == "a"
    st = table([4])
    assert F.roll_count(st.dice, "FW-11.7", "number of dunes") == 4 and rolls(st) == [("FW-11.7", "number of dunes", "4")]
    put(st, "plateau", (0, 0, 180, 60), ground=True)
    tower = put(st, "tower", (100, 100, 110, 110))
    assert F.ground_under(st, box(0, 50, 10, 70)) == "plateau" and F.ground_under(st, box(0, 70, 10, 80)) is None
    assert F.ground_under(st, box(100, 100, 110, 110)) is None  # only ground pieces carry lines
    i = F.add_part(st, "house", box(100, 100, 106, 108), (6, 8), tower, note="w", rule="FW-3")
    assert (st.items[i].host, st.items[i].owner, st.items[i].feature.on_top_of, st.items[i].keep) == (tower, tower, "tower", (100, 100, 106, 108))
    assert (st.items[i].feature.note, st.items[i].feature.rule, st.items[i].feature.size_cm) == ("w", "FW-3", (6, 8))
    j = F.add_part(st, "wall", box(0, 111, 10, 112), (10, 1), tower, beside=True)
    assert (st.items[j].feature.on_top_of, st.items[j].host, st.items[j].owner) == (None, None, tower)
    st.items[tower].host = 0
    k = F.add_part(st, "wall", box(0, 50, 10, 51), (10, 1), tower, beside=True)
    assert (st.items[k].feature.on_top_of, st.items[k].host) == ("plateau", 0)
    assert F.mains(st) == [tower]  # no ground piece, no part
    assert of(st, "house")[0].note == "w" and of(st, "wall")[0].note == "low wall or hedge (Compendium 1)"
