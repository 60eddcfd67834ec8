"""Rivers, roads, passes, bridges and fords on hand-made tables (FW-10.5, FW-11.1, FW-11.6, FW-11.8).

A river runs from one table edge to the opposite one; a bridge or ford sits on it and the road crosses
there and only there; a second watercourse flows into the first and a second road joins the first
(FW-11.1: duplicates are placed).  FW-11.6: a stream in the mountains, a wadi in the desert, a river
elsewhere.  Widths are the manual's [DEV] ones: river and wadi 8 cm, stream 5, road 5, pass 8; a bridge
7 cm wide (the road's 5 plus a margin; 10 for an 8 cm pass) reaching 2 cm onto each bank, a ford 10 cm.
"""

import pytest
import shapely
from shapely.geometry import LineString, box

from mapgen.battlefield import lines

from .bf_tiny import of, put, table


def straight_river(st, axis="y", at=90, kind="river", width=8):
    """A straight watercourse across the table: along the depth at x = ``at`` (axis y) or along the width."""
    h = width / 2
    if axis == "y":
        st.river = put(st, kind, (at - h, 0, at + h, st.depth), exact=True)
        st.river_line = LineString([(at, 0), (at, st.depth)])
    else:
        st.river = put(st, kind, (0, at - h, st.width, at + h), exact=True)
        st.river_line = LineString([(0, at), (st.width, at)])
    st.river_axis = axis
    return st.river


@pytest.mark.parametrize(
    "terrain,geo,kind",
    [("desert", "flat", "wadi"), ("desert", "mountain", "wadi"), ("desert", "mountainous", "wadi"), ("plain", "mountain", "stream"), ("forest", "mountainous", "stream"), ("plain", "flat", "river"), ("hills", "hilly", "river")],
)
def test_water_kind(terrain, geo, kind):
    assert lines.water_kind(table(terrain=terrain, geo=geo)) == kind


def test_path_text_reads_the_longest_piece_in_whole_centimetres():
    assert lines.path_text(LineString([(0, 10.4), (50.5, 20), (180, 20.6)])) == "(0, 10) -> (50, 20) -> (180, 21)"
    multi = shapely.MultiLineString([[(0, 0), (5, 0)], [(10, 0), (60, 1)]])
    assert lines.path_text(multi) == "(10, 0) -> (60, 1)"


def crosses(poly, st):
    """Which pair of opposite edges a line feature reaches."""
    x0, y0, x1, y1 = poly.bounds
    return ("depth" if y0 < 0.01 and y1 > st.depth - 0.01 else "") + ("width" if x0 < 0.01 and x1 > st.width - 0.01 else "")


@pytest.mark.parametrize("seed", range(6))
def test_a_river_runs_from_edge_to_edge(seed):
    st = table(seed=seed)
    idx = lines.add_river(st, "river", "FW-10.5", by="rolled by side A")
    f = st.items[idx].feature
    assert crosses(f.polygon, st) == ("depth" if st.river_axis == "y" else "width")
    assert f.rule == "FW-10.5" and f.size_cm == (round(st.river_line.length), 8) and f.difficult and f.passable
    assert f.note == f"must cross the table; fordable as per base rules; rolled by side A; centre line through {lines.path_text(st.river_line)}"
    assert st.items[idx].exact and f.on_top_of is None and st.notes == []
    x0, y0, x1, y1 = st.river_line.bounds
    assert (y0, y1) == (0, 120) if st.river_axis == "y" else (x0, x1) == (0, 180)
    assert f.polygon.buffer(0.2).contains(st.river_line)


def test_rivers_run_both_ways_across_the_table():
    axes = {lines.add_river(st := table(seed=seed), "stream", "FW-11.6") is not None and st.river_axis for seed in range(8)}
    assert axes == {"x", "y"}


def test_a_river_climbing_onto_a_plateau_stands_on_it():
    st = table()
    put(st, "plateau", (0, 0, 180, 60), ground=True)
    idx = lines.add_river(st, "stream", "FW-11.6")
    assert st.items[idx].feature.on_top_of == "plateau" and st.items[idx].feature.size_cm[1] == 5


def test_a_river_keeps_out_of_a_last_stands_centre():
    for seed in range(4):
        st = table(scenario="last_stand", seed=seed)
        idx = lines.add_river(st, "river", "FW-11.6")
        assert idx is not None and not st.items[idx].feature.polygon.intersects(box(70, 40, 110, 80).buffer(5))


def test_a_river_with_no_way_across_is_noted():
    st = table()
    st.plan.line_keepout.append(box(0, 0, 180, 120))
    assert lines.add_river(st, "wadi", "FW-11.6") is None
    assert st.notes == ["The wadi (FW-11.6) could not be laid across the table clear of the scenario's centre: lay it by hand."]
    assert st.river_line is None and st.items == []


# --- crossings -------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_a_bridge_spans_the_river_and_reaches_both_banks(seed):
    st = table(seed=seed)
    straight_river(st, "y", 90)
    idx = lines.add_crossing(st, "bridge", by="rolled by side B")
    bridge = st.items[idx].feature
    x0, y0, x1, y1 = bridge.polygon.bounds
    assert (x0, x1) == (84, 96) and y1 - y0 == 7 and 0.15 * 120 <= (y0 + y1) / 2 <= 0.85 * 120
    assert bridge.size_cm == (12, 7) and bridge.on_top_of == "river" and bridge.passable and not bridge.difficult
    assert bridge.note == "no need to ford here; rolled by side B" and bridge.rule == "FW-11.8"
    assert st.crossings == [idx] and (st.crossing_point.x, st.crossing_point.y) == (90, (y0 + y1) / 2)
    assert st.items[idx].host == st.items[idx].owner == st.river and st.items[idx].exact


def test_a_bridge_over_a_river_along_the_table_and_for_a_mountain_pass():
    st = table(seed=2)
    straight_river(st, "x", 60)
    bridge = st.items[lines.add_crossing(st, "bridge")].feature
    x0, y0, x1, y1 = bridge.polygon.bounds
    assert (y0, y1) == (54, 66) and x1 - x0 == 7 and bridge.size_cm == (7, 12)
    st = table(width=120, depth=60, terrain="mountain", geo="mountain")
    straight_river(st, "y", 60, kind="stream", width=5)
    bridge = st.items[lines.add_crossing(st, "bridge")].feature
    x0, y0, x1, y1 = bridge.polygon.bounds
    assert (x0, x1, y1 - y0) == (55.5, 64.5, 10) and bridge.on_top_of == "stream"  # wide enough for the 8 cm pass


def test_a_bridge_at_the_table_edge_is_cut_to_the_table():
    st = table()
    straight_river(st, "y", 4)
    bridge = st.items[lines.add_crossing(st, "bridge")].feature
    assert bridge.polygon.bounds[0] == 0 and bridge.polygon.bounds[2] == 10 and bridge.size_cm[0] == 10


def test_a_ford_covers_the_river_ten_cm_wide():
    st = table(seed=3)
    straight_river(st, "y", 90)
    ford = st.items[lines.add_crossing(st, "ford")].feature
    x0, y0, x1, y1 = ford.polygon.bounds
    assert (x0, x1, y1 - y0) == (86, 94, 10) and ford.size_cm == (8, 10)
    assert ford.difficult and ford.note == "shallow crossing from the campaign map" and ford.rule == "FW-2.5"


def test_a_crossing_with_no_clear_spot_is_noted_unless_quiet():
    st = table()
    straight_river(st, "y", 90)
    put(st, "lake", (80, 0, 100, 120))
    assert lines.add_crossing(st, "ford", quiet=True) is None and st.notes == []
    assert lines.add_crossing(st, "bridge") is None
    assert st.notes == ["The bridge could not be placed on the river: put it where the river is easiest to reach."]
    st = table()
    straight_river(st, "y", 90)
    st.plan.line_keepout.append(box(0, 0, 180, 120))
    assert lines.add_crossing(st, "ford") is None and st.crossings == [] and st.crossing_point is None


# --- roads and passes ------------------------------------------------------------------------


def test_the_road_crosses_at_the_bridge_straight_across():
    st = table(seed=1)
    straight_river(st, "y", 90)
    crossing = lines.add_crossing(st, "bridge")
    y = st.crossing_point.y
    idx = lines.add_road(st, "road", crossing, by="rolled by side A")
    road = st.items[idx].feature
    assert road.polygon.bounds == (0, y - 2.5, 180, y + 2.5) and road.size_cm == (180, 5)
    assert road.note == f"+5 cm in column under Oppose (chariots up to +10 cm); crosses the river by the bridge; rolled by side A; centre line through (0, {y:.0f}) -> (180, {y:.0f})"
    assert st.road == idx and st.road_axis == "x" and st.road_line.equals(LineString([(0, y), (180, y)]))
    assert st.mountain_pass is None and road.rule == "FW-11.8" and not road.difficult


def test_a_pass_over_a_ford_on_a_river_along_the_table():
    st = table(width=120, depth=60, terrain="mountain", geo="mountain")
    straight_river(st, "x", 30, kind="stream", width=5)
    crossing = lines.add_crossing(st, "ford")
    x = st.crossing_point.x
    idx = lines.add_road(st, "pass", crossing)
    pas = st.items[idx].feature
    assert pas.polygon.bounds == (x - 4, 0, x + 4, 60) and pas.size_cm == (60, 8)
    assert "crosses the river by the ford" in pas.note and st.mountain_pass == idx and st.road is None and st.road_line is None


@pytest.mark.parametrize("seed", range(6))
def test_a_pass_runs_from_short_edge_to_short_edge(seed):
    st = table(width=120, depth=60, terrain="mountain", geo="mountain", seed=seed)
    idx = lines.add_road(st, "pass", None)
    pas = st.items[idx].feature
    assert crosses(pas.polygon, st) == "width" and pas.size_cm[1] == 8 and st.mountain_pass == idx


def test_roads_run_both_ways_and_know_which():
    seen = set()
    for seed in range(8):
        st = table(seed=seed)
        idx = lines.add_road(st, "road", None)
        road = st.items[idx].feature
        x0, y0, x1, y1 = st.road_line.bounds
        assert st.road_axis == ("y" if y1 - y0 > x1 - x0 else "x")
        assert crosses(road.polygon, st) == ("depth" if st.road_axis == "y" else "width")
        seen.add(st.road_axis)
    assert seen == {"x", "y"}


def test_a_road_that_finds_no_way_is_noted_unless_quiet():
    st = table(width=120, depth=60)
    put(st, "lake", (0, 0, 120, 60))
    assert lines.add_road(st, "road", None, quiet=True) is None and st.notes == []
    assert lines.add_road(st, "pass", None) is None
    assert st.notes == ["The mountain pass could not be laid clear of the other features: lay it by hand."]


def test_a_road_never_wades_the_river_without_a_crossing():
    for seed in range(4):
        st = table(seed=seed)
        straight_river(st, "y", 90)
        idx = lines.add_road(st, "road", None)
        road = st.items[idx].feature
        assert road.polygon.intersection(st.items[st.river].feature.polygon).area < 0.5


# --- the crossing and its road as the square has them (lay_road) ---------------------------------


def test_the_squares_bridge_stays_when_its_road_finds_no_way():
    st = table(river=True, bridge=True, road=True, map_name="m")
    straight_river(st, "y", 90)
    put(st, "lake", (0, 0, 20, 120))  # every road across the table would run into it
    lines.lay_road(st)
    assert [f.kind for f in (it.feature for it in st.items)] == ["river", "lake", "bridge"]
    assert st.notes == ["The road could not be laid clear of the other features: lay it by hand."]


def test_a_ford_and_its_road_from_the_square():
    st = table(river=True, ford=True, road=True, map_name="m", seed=4)
    straight_river(st, "y", 90)
    lines.lay_road(st)
    (ford,) = of(st, "ford")
    (road,) = of(st, "road")
    assert "crosses the river by the ford" in road.note and ford.polygon.bounds[1] < st.crossing_point.y < ford.polygon.bounds[3]
    assert st.notes == []


def test_a_crossing_without_a_road_and_a_mountain_square_pass():
    st = table(river=True, bridge=True, map_name="m")
    straight_river(st, "y", 90)
    lines.lay_road(st)
    assert of(st, "bridge") and not of(st, "road")
    st = table(width=120, depth=60, terrain="mountain", geo="mountain", works=("pass",), map_name="m")
    lines.lay_road(st)
    assert of(st, "pass") and not of(st, "road") and st.mountain_pass is not None
    st = table(works=("pass",), map_name="m")  # a pass off the mountains is no road
    lines.lay_road(st)
    assert st.items == []


BRIDGE_BY_HAND = "The bridge could not be placed on the river: put it where the river is easiest to reach."


def test_a_square_bridge_with_no_spot_on_the_river_leaves_a_note_and_its_road_keeps_to_a_bank():
    st = table(river=True, bridge=True, road=True, map_name="m")
    straight_river(st, "y", 90)
    st.plan.line_keepout.append(box(80, 0, 100, 120))  # no bridge may touch the river
    lines.lay_road(st)
    assert not of(st, "bridge") and st.crossings == []
    (road,) = of(st, "road")
    assert road.polygon.intersection(box(80, 0, 100, 120)).is_empty
    assert st.notes == [BRIDGE_BY_HAND, "The road keeps to one bank: lead it over the bridge by hand."]


def test_a_crossing_that_finds_no_spot_after_a_failed_road_is_not_lost_quietly(monkeypatch):
    # the first bridge's road finds no way, and then no spot on the river is left for a second bridge
    st = table(river=True, bridge=True, road=True, map_name="m")
    straight_river(st, "y", 90)
    real_add_road = lines.add_road

    def add_road(st, kind, crossing, tries=32, quiet=False, by=None):
        if crossing is None:
            return real_add_road(st, kind, None, tries, quiet, by)
        st.plan.line_keepout.append(box(80, 0, 100, 120))
        return None

    monkeypatch.setattr(lines, "add_road", add_road)
    lines.lay_road(st)
    assert not of(st, "bridge") and len(of(st, "road")) == 1
    assert st.notes == [BRIDGE_BY_HAND, "The road keeps to one bank: lead it over the bridge by hand."]


def test_a_pass_keeps_to_a_bank_when_the_ford_finds_no_spot():
    st = table(width=120, depth=60, terrain="mountain", geo="mountain", river=True, ford=True, works=("pass",), map_name="m")
    straight_river(st, "x", 30, kind="stream", width=5)
    st.plan.line_keepout.append(box(0, 25, 120, 35))
    lines.lay_road(st)
    assert not of(st, "ford") and len(of(st, "pass")) == 1
    assert st.notes == ["The ford could not be placed on the river: put it where the river is easiest to reach.", "The mountain pass keeps to one bank: lead it over the ford by hand."]


# --- a second watercourse or road ----------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_a_tributary_runs_from_a_short_edge_into_the_river(seed):
    st = table(seed=seed)
    straight_river(st, "y", 90)
    lines.work_river(st, "rolled by side B")
    main, trib = of(st, "river")
    x0, y0, x1, y1 = trib.polygon.bounds
    assert x0 == 0 or x1 == 180  # from the left or right short edge
    assert trib.polygon.distance(main.polygon) <= 0.5 and trib.polygon.intersection(main.polygon).area < 0.01
    at = trib.note.split(" at (")[1].split(")")[0]
    jx, jy = (int(v) for v in at.split(", "))
    assert jx == 90 and 0.1 * 120 <= jy <= 0.9 * 120
    assert trib.note.startswith("must cross the table; fordable as per base rules; rolled by side B; a tributary: it flows into the river at (90, ")
    assert trib.rule == "FW-11.6" and trib.size_cm[1] == 8 and "centre line through" in trib.note


def test_a_tributary_of_a_river_along_the_table_comes_from_a_long_edge():
    for seed in range(4):
        st = table(seed=seed)
        straight_river(st, "x", 60)
        lines.work_river(st, None)
        trib = of(st, "river")[1]
        x0, y0, x1, y1 = trib.polygon.bounds
        assert y0 == 0 or y1 == 120


def test_a_branch_with_no_way_is_noted():
    st = table()
    straight_river(st, "y", 90)
    st.plan.line_keepout.append(box(0, 0, 180, 120).difference(box(80, 0, 100, 120)))
    lines.work_river(st, None)
    assert len(of(st, "river")) == 1
    assert st.notes == ["A second river (FW-11.6) was rolled but could not be laid clear of the other features: draw it by hand from an edge to the first."]


def test_a_second_road_joins_the_first():
    st = table(seed=2)
    lines.work_road(st, "rolled by side A")
    lines.work_road(st, "rolled by side B")
    first, second = of(st, "road")
    assert "rolled by side A" in first.note and "; rolled by side B; joins the road at (" in second.note
    assert second.rule == "FW-11.8" and second.polygon.distance(first.polygon) <= 0.5 and second.size_cm[1] == 5


def test_a_second_road_on_a_mountain_square_joins_the_pass_by_hand():
    st = table(width=120, depth=60, terrain="mountain", geo="mountain")
    lines.work_road(st, None)
    assert of(st, "pass") and st.mountain_pass is not None
    lines.work_road(st, None)
    assert len(of(st, "pass")) == 1
    assert st.notes == ["A second road (FW-11.8) was rolled: it joins the first; draw it by hand from an edge to the road."]


def test_a_rolled_pass_turns_the_road_into_a_pass_in_the_mountains():
    st = table(terrain="plain", geo="mountainous")
    lines.work_road(st, None)
    road = st.road
    lines.work_pass(st, "rolled by side A")
    (pas,) = of(st, "pass")
    assert st.mountain_pass == road and st.road is None and not of(st, "road")
    assert pas.rule == "FW-11.8" and pas.note == "road cut into the mountain: +5 cm as a road; the road runs through the pass; rolled by side A"
    lines.work_pass(st, None)  # a second pass: the pass is there already
    assert len(of(st, "pass")) == 1 and st.notes == []


def test_a_rolled_pass_in_mountains_without_a_road_is_laid_and_off_them_has_no_effect():
    st = table(terrain="plain", geo="mountainous")
    lines.work_pass(st, None)
    assert of(st, "pass") and st.mountain_pass is not None
    st = table(terrain="hills", geo="hilly")
    lines.work_pass(st, None)
    assert st.items == [] and st.notes == ["Mountain pass (FW-11.8) with no mountains on the table: no effect."]


def test_a_rolled_bridge_goes_on_the_river():
    st = table()
    straight_river(st, "y", 90)
    lines.work_bridge(st, "rolled by side A")
    (bridge,) = of(st, "bridge")
    assert bridge.note == "no need to ford here; rolled by side A" and st.crossings
    st = table()
    lines.work_bridge(st, None)
    assert st.items == [] and st.notes == ["Bridge (FW-11.8) with no river on the table: no effect."]


# --- the lines stage ------------------------------------------------------------------------------


@pytest.mark.parametrize("map_name,rule,by", [("m.json", "FW-10.5", "the campaign square's second watercourse"), (None, "FW-11.6", "a second watercourse in the options")])
def test_the_stage_lays_the_squares_watercourses(map_name, rule, by):
    st = table(river=True, tributaries=2, map_name=map_name, seed=1)
    lines.lines(st)
    main, *tributaries = of(st, "river")
    assert main.rule == rule and len(tributaries) == 2
    assert all(by in t.note and t.rule == "FW-11.6" for t in tributaries)
