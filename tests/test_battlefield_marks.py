"""Optional markers: MED-2.1 ambush hiding places and MED-6 landing points.

MED-2.1: units hide only in difficult (FL also in impassable) features inside their own half and
no more than 12 inches (30.48 cm) from their own long edge.  MED-6: landing points lie on the river,
in the player's own half (2-6 on the placement 2D6) or the enemy's (8-12).
"""

import pytest

from .test_battlefield_tables import PITCHED, forced, layout

INCHES_12 = 12 * 2.54
LINES = ("river", "stream", "wadi", "road", "pass", "lava_river")
MARKERS = ("hiding_place", "landing_point", "cave", "beast", "carnivorous_plant")
PARTS = ("field", "wall", "house", "crevasse", "bridge", "ford", "barrier", "mine_entrance", "rocky_ridge", "slippery_slope", "chasm_hill", "lava_river")


def of(b, kind):
    return [f for f in b.features if f.kind == kind]


def landing(seed, **kw):
    kw.setdefault("river", True)
    return forced(PITCHED, seed=seed, terrain="plain", map_name="m.json", marks=frozenset({"landing_points"}), **kw)


@pytest.mark.parametrize("seed", range(6))
def test_landing_points_lie_on_the_river_in_each_half(seed):
    b = landing(seed)
    (river,) = of(b, "river")
    points = of(b, "landing_point")
    assert points
    for side in "AB":
        mine = [p for p in points if f"in side {side}'s half" in p.note]
        assert len(mine) <= 2
        for p in mine:
            c = p.polygon.centroid
            assert (c.y < 60) == (side == "A") and abs(c.y - 60) >= 3
            assert river.polygon.buffer(0.6).contains(c) and p.on_top_of == "river" and p.size_cm == (4, 4)
            other = "B" if side == "A" else "A"
            assert p.note == f"MED-6: in side {side}'s half; a landing there needs 2-6 on the placement 2D6 for side {side}, 8-12 for side {other}"
        for i, p in enumerate(mine):
            for q in mine[i + 1 :]:
                assert p.polygon.centroid.distance(q.polygon.centroid) >= 20 - 1  # [DEV] 20 cm apart
        if not mine:
            assert f"The river does not run through side {side}'s half: no landing point there (MED-6)." in b.notes
    assert [p.note for p in points] == sorted((p.note for p in points), key=lambda n: "side B's half" in n)


def test_a_river_across_both_halves_gets_two_points_in_each():
    for seed in range(12):
        b = landing(seed)
        (river,) = of(b, "river")
        x0, y0, x1, y1 = river.polygon.bounds
        if y0 < 1 and y1 > 119:  # it runs from side A's edge to side B's
            assert [sum(f"side {s}'s half" in p.note for p in of(b, "landing_point")) for s in "AB"] == [2, 2]
            return
    pytest.fail("no seed gave a river from edge to edge")


def test_no_river_no_landing_points():
    b = landing(1, river=False)
    assert of(b, "landing_point") == [] and "Landing points (MED-6) need a river: there is none on this table." in b.notes


def hiding_candidates(b, side):
    out = []
    for f in b.features:
        if f.kind in LINES or f.kind in MARKERS or f.kind in PARTS or f.kind in ("mountain_base", "plateau", "inlet"):
            continue
        if not (f.difficult or not f.passable):
            continue
        x0, y0, x1, y1 = f.polygon.bounds
        if side == "A" and y1 <= 60 and y0 <= INCHES_12 or side == "B" and y0 >= 60 and 120 - y1 <= INCHES_12:
            out.append(f)
    return out


@pytest.mark.parametrize("seed,terrain", [(1, "forest"), (2, "swamp"), (3, "desert"), (4, "hills"), (5, "plain")])
def test_hiding_places_in_difficult_features_near_the_own_edge(seed, terrain):
    b = forced(PITCHED, seed=seed, terrain=terrain, map_name="m.json", river=True, marks=frozenset({"hiding_places"}))
    marks = of(b, "hiding_place")
    total = 0
    for side in "AB":
        mine = [m for m in marks if f"MED-2.1: side {side} may hide" in m.note]
        expected = hiding_candidates(b, side)
        total += len(expected)
        assert len(mine) == len(expected)
        for m, f in zip(mine, expected):
            assert m.on_top_of == f.kind and f.polygon.buffer(0.1).contains(m.polygon.centroid) and m.size_cm == (4, 4)
            who = "FM, FL or CL units" if f.passable else "FL units only (impassable terrain)"
            assert m.note == f"MED-2.1: side {side} may hide {who} here, written down secretly"
    assert total == len(marks)
    assert total > 0 or terrain == "plain"


def test_an_impassable_feature_hides_light_infantry_only():
    b = layout(PITCHED, terrain="hills", marks=frozenset({"hiding_places"}))
    notes = {m.note.split(" may hide ")[1] for m in of(b, "hiding_place")}
    assert notes <= {"FM, FL or CL units here, written down secretly", "FL units only (impassable terrain) here, written down secretly"}


def test_markers_are_four_cm_squares_listed_after_their_feature():
    b = forced(PITCHED, seed=3, terrain="swamp", map_name="m.json", river=True, marks=frozenset({"hiding_places", "landing_points"}))
    marks = [f for f in b.features if f.kind in ("hiding_place", "landing_point")]
    assert marks
    for m in marks:
        x0, y0, x1, y1 = m.polygon.bounds
        assert (x1 - x0, y1 - y0) == (4, 4)
        i = b.features.index(m)
        host = next(f for f in reversed(b.features[:i]) if f.kind not in ("hiding_place", "landing_point", "bridge", "ford"))
        assert host.kind == m.on_top_of and host.polygon.buffer(0.6).contains(m.polygon.centroid)
