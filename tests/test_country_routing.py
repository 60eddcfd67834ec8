"""Crossing and exit lines routed round a country (``mapgen/country/routing.py``): the grid finds a way,
and every stretch of the line drawn keeps off the country, its places and the lines already laid."""

from __future__ import annotations

import math

from shapely.geometry import LineString, Point, Polygon

from mapgen.country.routing import SheetRouter

RECT = (0.0, 0.0, 297.0, 210.0)
#: A square country 100 x 90 mm with border points on its west and north sides and its capital inside.
BORDER = [(100.0, 60.0), (200.0, 60.0), (200.0, 150.0), (100.0, 150.0)]
PLACES = {"P": (100.0, 105.0), "Q": (150.0, 60.0), "C": (150.0, 105.0), "R": (200.0, 100.0)}
EAST_GATE, WEST = (297.0, 105.0), (-1.0, 0.0)


def router() -> SheetRouter:
    return SheetRouter(RECT, BORDER, dict(PLACES))


def _check(r: SheetRouter, node: str, line, gate):
    assert tuple(line[0]) == PLACES[node] and tuple(line[-1]) == gate
    core = Polygon(BORDER).buffer(-0.5)
    path = LineString(line)
    assert not path.intersects(core)
    for n, p in PLACES.items():
        if n != node:
            assert path.distance(Point(p)) >= 3.0 - 1e-9
    for p in line[1:-1]:
        assert 4.0 - 1e-9 <= p[0] <= 297.0 - 4.0 + 1e-9 and 4.0 - 1e-9 <= p[1] <= 210.0 - 4.0 + 1e-9


def test_a_clear_straight_line_is_taken_as_it_is():
    r = router()
    assert r.straight("P", (0.0, 105.0)) == [PLACES["P"], (0.0, 105.0)]
    assert r.straight("Q", (150.0, 0.0)) == [PLACES["Q"], (150.0, 0.0)]


def test_a_straight_line_through_the_country_or_past_a_place_is_refused():
    r = router()
    assert r.straight("P", EAST_GATE) is None  # through the country
    assert r.straight("Q", (210.0, 0.0)) is not None
    assert r.straight("R", (297.0, 100.0)) is not None
    r2 = SheetRouter(RECT, BORDER, {**PLACES, "X": (230.0, 102.0)})
    assert r2.straight("R", (297.0, 100.0)) is None  # passes 2 mm from X


def test_straight_many_agrees_with_straight():
    r = router()
    r.lay("Q", [PLACES["Q"], (150.0, 0.0)])
    gates = [(t, 0.0) for t in range(20, 280, 7)] + [(297.0, t) for t in range(20, 200, 9)] + [(0.0, t) for t in range(20, 200, 9)]
    for node in PLACES:
        many = r.straight_many(node, gates)
        assert list(many) == [r.straight(node, g) is not None for g in gates], node
    assert len(r.straight_many("P", [])) == 0


def test_a_line_blocked_by_its_country_is_routed_round_it():
    r = router()
    line = r.route("P", EAST_GATE, WEST)
    assert line is not None and len(line) > 3
    _check(r, "P", line, EAST_GATE)
    # round the country, not far out of the way: shorter than going via a corner of the sheet
    assert LineString(line).length < math.dist(PLACES["P"], (100.0, 0.0)) + 297.0


def test_a_routed_line_keeps_off_lines_already_laid():
    r = router()
    wall = [PLACES["Q"], (150.0, 0.0)]  # a line straight north from Q shuts the way round the north side
    r.lay("Q", wall)
    line = r.route("P", EAST_GATE, WEST)
    _check(r, "P", line, EAST_GATE)
    assert LineString(line).distance(LineString(wall)) >= 1.5 - 1e-9
    assert max(y for _, y in line) > 150.0  # so it went round the south side
    assert not r.crosses_laid("P", line)


def test_a_routed_line_may_cross_laid_lines_only_when_told_to():
    r = router()
    r.lay("Q", [PLACES["Q"], (150.0, 0.0)])
    r.lay("X", [(150.0, 150.0), (150.0, 210.0)])  # both ways round are shut
    assert r.route("P", EAST_GATE, WEST) is None
    line = r.route("P", EAST_GATE, WEST, gap=None)
    assert line is not None and r.crosses_laid("P", line)


def test_two_lines_from_one_point_part_and_never_cross():
    r = router()
    first = r.straight("P", (0.0, 100.0))
    r.lay("P", first)
    assert r.straight("P", (0.0, 104.0)) is None  # would run along the first
    second = r.straight("P", (0.0, 140.0))
    assert second is not None
    assert not r.crosses_laid("P", second)
    r.lay("P", second)
    assert r.valid("P", [PLACES["P"], (60.0, 120.0), (0.0, 95.0)]) is False  # crosses the first


def test_no_way_to_the_gate_gives_none():
    r = router()
    r.lay("Q", [(296.5, 90.0), (285.0, 90.0), (285.0, 120.0), (296.5, 120.0)])  # the gate boxed in
    assert r.route("P", EAST_GATE, WEST) is None
    tight = SheetRouter(RECT, [(5.0, 1.0), (296.0, 1.0), (296.0, 209.0), (5.0, 209.0)], {"P": (5.0, 105.0)})
    assert tight.route("P", EAST_GATE, WEST) is None  # the country fills the sheet


def test_a_line_keeps_its_gap_from_laid_lines_and_its_inset_from_the_sheet_edge():
    r = router()
    r.lay("Q", [(20.0, 20.0), (20.0, 60.0)])
    assert r.valid("P", [(30.0, 30.0), (21.0, 40.0), (30.0, 50.0)]) is False  # 1 mm from the laid line
    assert r.valid("P", [(30.0, 30.0), (22.0, 40.0), (30.0, 50.0)]) is True  # 2 mm
    assert r.valid("P", [(40.0, 100.0), (1.0, 110.0), (40.0, 120.0)]) is False  # a bend 1 mm from the sheet edge
    assert r.valid("P", [(40.0, 100.0), (2.5, 110.0), (40.0, 120.0)]) is True
    assert r.valid("P", [(40.0, 100.0), (0.0, 110.0)]) is True  # the last stretch may reach the edge: its gate


def _ring_distance(line) -> list[float]:
    edge = Polygon(BORDER).exterior
    return [edge.distance(Point(p)) for p in line[1:-1]]


def test_the_last_resort_runs_round_the_country_1_5_mm_outside_it_the_short_way():
    r = router()
    north = r.around("P", (297.0, 70.0))
    assert tuple(north[0]) == PLACES["P"] and tuple(north[-1]) == (297.0, 70.0)
    assert min(y for _, y in north) < 60.0 and max(y for _, y in north) <= 105.0  # over the top
    assert all(abs(d - 1.5) < 0.01 for d in _ring_distance(north))
    # and so does every stretch between them (its corners drawn in steps of 11.25 degrees)
    assert LineString(north[1:-1]).distance(Polygon(BORDER).exterior) > 1.5 - 0.01
    assert not LineString(north).intersects(Polygon(BORDER).buffer(-0.5))
    south = r.around("P", (297.0, 140.0))
    assert max(y for _, y in south) > 150.0 and min(y for _, y in south) >= 105.0  # round the bottom
    assert LineString(south).length < LineString(north).length + 70.0
    assert LineString(south[1:-1]).distance(Polygon(BORDER).exterior) > 1.5 - 0.01


def test_the_last_resort_goes_the_long_way_rather_than_cross_a_laid_line():
    r = router()
    r.lay("Q", [PLACES["Q"], (150.0, 0.0)])  # a line north from Q: the short way round crosses it
    line = r.around("P", (297.0, 70.0))
    assert max(y for _, y in line) > 150.0 and not r.crosses_laid("P", line)
    r.lay("X", [(150.0, 150.0), (150.0, 210.0)])  # both ways now cross a line: the shorter one
    line = r.around("P", (297.0, 70.0))
    assert min(y for _, y in line) < 60.0 and r.crosses_laid("P", line)


def test_no_last_resort_without_a_border():
    assert SheetRouter(RECT, [(100.0, 60.0), (200.0, 60.0)], dict(PLACES)).around("P", EAST_GATE) is None
    bow_tie = [(100.0, 60.0), (200.0, 150.0), (200.0, 60.0), (100.0, 150.0)]
    assert SheetRouter(RECT, bow_tie, dict(PLACES)).around("P", EAST_GATE) is None
    triangle = SheetRouter(RECT, [(100.0, 60.0), (200.0, 60.0), (100.0, 150.0)], {"P": (100.0, 105.0)})
    assert triangle.around("P", (0.0, 105.0)) is not None


def test_a_second_line_forks_off_the_first_6_mm_out():
    import networkx as nx

    from tests.test_country_crossings import lines_cross

    r = router()
    first = [PLACES["P"], (0.0, 105.0)]
    r.lay("P", first)
    gate = (0.0, 150.0)
    line = r.fork("P", gate, (1.0, 0.0))
    assert line[0] == PLACES["P"] and line[1] == (94.0, 105.0) and tuple(line[-1]) == gate
    g = nx.Graph()
    g.add_node("P", pos=PLACES["P"])
    assert not lines_cross(g, ("P",), LineString(first), ("P",), LineString(line))
    assert LineString(line[1:]).distance(LineString(first).difference(Point(94.0, 105.0).buffer(6.0))) >= 1.5 - 1e-9


def test_no_fork_without_a_first_line_long_enough():
    r = router()
    assert r.fork("P", (0.0, 150.0), (1.0, 0.0)) is None  # no first line
    r.lay("Q", [PLACES["Q"], (150.0, 0.0)])
    assert r.fork("P", (0.0, 150.0), (1.0, 0.0)) is None  # only another point's
    r.lay("P", [PLACES["P"], (90.5, 105.0)])  # 9.5 mm: no fork point 6 mm out and 3.5 mm short of its end
    assert r.fork("P", (0.0, 150.0), (1.0, 0.0)) is None


def test_a_fork_leaves_the_last_first_line_long_enough():
    r = router()
    r.lay("P", [PLACES["P"], (0.0, 105.0)])
    r.lay("P", [PLACES["P"], (96.0, 100.0)])  # the point's latest line, 6.4 mm: too short to fork from
    line = r.fork("P", (0.0, 150.0), (1.0, 0.0))
    assert line[:2] == [PLACES["P"], (94.0, 105.0)]
    r = router()
    r.lay("P", [PLACES["P"], (89.0, 105.0)])  # 11 mm: room for a fork 6 mm out, 5 mm short of its end
    line = r.fork("P", (0.0, 150.0), (1.0, 0.0))
    assert line is not None and line[:2] == [PLACES["P"], (94.0, 105.0)]


# --------------------------------------------------------------------------
# the search grid (the manual: "A* over a 1.5 mm grid ... pulled taut")
# --------------------------------------------------------------------------


def test_the_grid_has_1_5_mm_cells_centred_on_the_sheet():
    from mapgen.country.routing import _Grid

    grid = _Grid(SheetRouter((10.0, 20.0, 310.0, 230.0), BORDER, dict(PLACES)))  # 300 x 210 mm
    assert (grid.w, grid.h) == (200, 140)
    assert grid.centre(0) == (10.75, 20.75) and grid.centre(201) == (12.25, 22.25)
    assert grid.cell_of((10.75, 20.75)) == 0 and grid.cell_of((12.0, 22.0)) == 201
    assert grid.cell_of((309.25, 229.25)) == 200 * 140 - 1
    assert grid.cell_of((311.0, 100.0)) is None and grid.cell_of((100.0, 19.0)) is None and grid.cell_of((9.0, 100.0)) is None
    assert grid.cell_of((100.0, 231.0)) is None
    assert grid.cell_of((400.0, 300.0), clamp=True) == 200 * 140 - 1 and grid.cell_of((0.0, 0.0), clamp=True) == 0
    # cells 2 mm inside the sheet edge and off the country (grown by a cell) are free
    assert not grid.base[grid.cell_of((11.0, 100.0))] and grid.base[grid.cell_of((13.0, 100.0))]
    assert not grid.base[grid.cell_of((150.0, 105.0))] and not grid.base[grid.cell_of((200.0, 105.0))]
    assert grid.base[grid.cell_of((203.5, 105.0))]


def test_a_sheet_that_is_no_whole_number_of_cells_has_its_spare_millimetre_shared_at_both_edges():
    from mapgen.country.routing import _Grid

    grid = _Grid(SheetRouter((10.0, 20.0, 311.0, 232.0), BORDER, dict(PLACES)))  # 301 x 212 mm: 1 and 0.5 mm spare
    assert (grid.w, grid.h) == (200, 141)
    first, last = grid.centre(0), grid.centre(200 * 141 - 1)
    assert first == (11.25, 21.0) and last == (309.75, 231.0)  # as far from each edge: 1.25 and 1 mm


def test_free_cells_keep_off_other_places_and_laid_lines_but_not_the_line_s_own_point():
    from mapgen.country.routing import _Grid

    r = router()
    r.lay("Q", [(20.0, 20.0), (20.0, 60.0)])
    r.lay("P", [PLACES["P"], (30.0, 105.0)])
    grid = _Grid(r)
    free = grid.free(r, "P", 1.5, 3.0, PLACES["P"])
    cell = grid.cell_of
    assert not free[cell((203.5, 100.0))]  # a cell 3.25 mm from R: within 3 + 1.5 mm
    assert free[cell((206.0, 100.0))]  # 6.25 mm
    assert not free[cell((22.0, 40.0))] and free[cell((24.0, 40.0))]  # within 1.5 + 1.5 mm of Q's line
    assert not free[cell((60.0, 106.5))]  # P's own line, beyond 6 + 1.5 mm from P
    assert free[cell((95.5, 106.5))]  # but not near P itself
    ignoring = grid.free(r, "P", None, 3.0, PLACES["P"])
    assert ignoring[cell((22.0, 40.0))] and ignoring[cell((60.0, 106.5))]
    other = grid.free(r, "R", 1.5, 3.0, PLACES["R"])
    assert other[cell((203.5, 100.0))] and not other[cell((60.0, 106.5))]  # R's own surroundings are free


def test_a_star_finds_the_shortest_way_round_a_wall_and_none_without_one():
    from mapgen.country.routing import _astar

    w, h = 7, 5
    free = [True] * (w * h)
    for y in range(0, 4):
        free[y * w + 3] = False  # a wall in column 3, open at the bottom row
    src, goal = 1 * w + 1, 1 * w + 5
    path = _astar(free, w, h, {src: (0.0, (0.0, 0.0))}, {goal: (0.0, 0.0)}, goal)
    assert path[0] == src and path[-1] == goal
    assert all(free[c] for c in path)
    steps = list(zip(path, path[1:]))
    assert all(max(abs(a % w - b % w), abs(a // w - b // w)) == 1 for a, b in steps)  # 8-connected steps
    assert 4 * w + 3 in path  # through the gap
    # no corner of the wall may be cut: round it in 8 steps (2 of them diagonal, away from the wall)
    assert len(path) == 9
    # no corner cutting: a diagonal step needs both cells beside it free
    free2 = [True] * 9
    free2[1] = free2[3] = False
    assert _astar(free2, 3, 3, {0: (0.0, (0.0, 0.0))}, {4: (0.0, 0.0)}, 4) is None
    free[4 * w + 3] = False
    assert _astar(free, w, h, {src: (0.0, (0.0, 0.0))}, {goal: (0.0, 0.0)}, goal) is None


def test_a_star_starts_from_the_cheapest_source():
    from mapgen.country.routing import _astar

    free = [True] * 10  # one row of 10 cells
    path = _astar(free, 10, 1, {0: (0.0, (0.0, 0.0)), 6: (30.0, (0.0, 0.0))}, {9: (0.0, 0.0)}, 9)
    assert path == list(range(10))  # starting at 6 costs 20 cells' worth, more than walking from 0
    path = _astar(free, 10, 1, {0: (0.0, (0.0, 0.0)), 6: (3.0, (0.0, 0.0))}, {9: (0.0, 0.0)}, 9)
    assert path == [6, 7, 8, 9]


def test_a_path_is_pulled_taut():
    r = router()
    pts = [(50.0, 20.0 + k) for k in range(11)]  # a straight run of grid steps
    assert r._taut("P", pts, 1.5, 3.0, PLACES["P"]) == [(50.0, 20.0), (50.0, 30.0)]
    # round the north-west corner of the country: the corner stays, the steps between go
    bend = [(95.0, 105.0 - k) for k in range(51)] + [(95.0 + k, 55.0) for k in range(1, 56)]
    taut = r._taut("P", bend, 1.5, 3.0, PLACES["P"])
    assert taut[0] == bend[0] and taut[-1] == bend[-1] and 3 <= len(taut) < 10
    assert r.valid("P", taut)


def test_undo_takes_back_the_lines_laid_last():
    r = router()
    r.lay("Q", [PLACES["Q"], (150.0, 0.0)])
    r.route("P", EAST_GATE, WEST)  # builds the grid, with Q's line rasterised
    r.lay("P", [PLACES["P"], (0.0, 105.0)])
    r.lay("R", [PLACES["R"], (297.0, 100.0)])
    r.route("P", (0.0, 150.0), (1.0, 0.0))  # rasterises the other two
    r.undo(1)
    assert [n for n, _ in r.laid] == ["Q"]
    assert all(len(masks) <= 1 for masks in r._grid.lines.values())
    line = r.route("P", EAST_GATE, WEST)
    assert line is not None and max(y for _, y in line) > 150.0  # Q's line still shuts the north side


def test_crossing_a_laid_line_only_at_the_line_s_own_point_does_not_count():
    r = router()
    r.lay("P", [PLACES["P"], (0.0, 105.0)])
    assert not r.crosses_laid("P", [PLACES["P"], (0.0, 140.0)])
    assert r.crosses_laid("Q", [PLACES["P"], (0.0, 140.0)])
    assert r.crosses_laid("P", [(50.0, 100.0), (50.0, 110.0)])
    assert not r.crosses_laid("P", [(50.0, 106.5), (50.0, 110.0)])
    r.lay("Q", [(99.5, 100.0), (99.5, 110.0)])  # half a millimetre from P: crossing it counts
    assert r.crosses_laid("P", [PLACES["P"], (0.0, 140.0)])
