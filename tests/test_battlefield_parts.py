"""Parts laid last and the order features are listed in, on hand-made tables.

FW-11.8 result 3: a farm's difficult ground covers at least 25 % of the table, a village's 50 % of the
table outside it; every difficult feature counts.  FW-21.3: a rocky ridge along one side of a hill;
FW-21.4: a slippery slope no longer than 20 cm; FW-21.5: a cave at the foot of a hill or mountain.
FW-10.5 (AMB-28): on a forest or jungle square woods take every other place, on a swamp square swamps;
each feature is listed before its own parts.
"""

import numpy as np
import pytest
import shapely
from shapely.geometry import box

from mapgen.battlefield import parts
from mapgen.battlefield.order import ordered

from .bf_tiny import of, put, table

SIDES = {"near": 1, "right": 2, "far": 3, "left": 0}


def on_side(part, hill):
    """Which side of the hill's box a 3 cm strip runs along."""
    px0, py0, px1, py1 = part.polygon.bounds
    hx0, hy0, hx1, hy1 = hill.polygon.bounds
    return {"near": py0 == hy0 and py1 - py0 == 3, "far": py1 == hy1 and py1 - py0 == 3, "left": px0 == hx0 and px1 - px0 == 3, "right": px1 == hx1 and px1 - px0 == 3}


@pytest.mark.parametrize("seed", range(6))
def test_a_rocky_ridge_along_a_whole_side_and_a_short_slippery_slope(seed):
    st = table(terrain="hills", geo="hilly", seed=seed)
    first = put(st, "hill", (20, 40, 50, 65))
    second = put(st, "hill", (100, 40, 130, 65))
    parts.parts(st)
    (ridge,) = of(st, "rocky_ridge")
    (slope,) = of(st, "slippery_slope")
    hill = st.items[first].feature
    where = [k for k, v in on_side(ridge, hill).items() if v]
    assert len(where) == 1
    length = 30 if where[0] in ("near", "far") else 25
    assert max(ridge.size_cm) == length and min(ridge.size_cm) == 3 and ridge.on_top_of == "hill"
    assert ridge.note == f"sheer face: neither up nor down; the {where[0]} side of the hill, {length} cm" and not ridge.passable
    assert ridge.steep == (where[0],) and slope.steep == ()  # FW-21.3 sheer face; FW-21.4 loose stones are not a face
    hill2 = st.items[second].feature
    where2 = [k for k, v in on_side(slope, hill2).items() if v]
    x0, y0, x1, y1 = slope.polygon.bounds
    assert max(slope.size_cm) == 20 and len(where2) == 1  # at most 20 cm (FW-21.4), from the middle of the side
    if where2[0] in ("near", "far"):
        assert (x0, x1) == (105, 125)
    else:
        assert (y0, y1) == (42.5, 62.5)
    assert slope.note == f"impassable; landslide on 5-6 in rain or snow (15 cm); the {where2[0]} side of the hill, 20 cm"
    assert [st.items[i].host for i, it in enumerate(st.items) if it.feature.kind in ("rocky_ridge", "slippery_slope")] == [first, second]
    (cave,) = of(st, "cave")
    assert cave.note == "at the foot of the slope; may hide a lurking creature (at the foot of the hill)"


def test_every_side_of_a_hill_takes_the_ridge():
    seen = set()
    for seed in range(12):
        st = table(terrain="hills", geo="hilly", seed=seed)
        i = put(st, "hill", (20, 40, 50, 65))
        parts.hill_side(st, i, "rocky_ridge", None)
        seen |= {k for k, v in on_side(of(st, "rocky_ridge")[0], st.items[i].feature).items() if v}
    assert seen == set(SIDES)


def test_ridges_and_slopes_only_on_passable_hills():
    st = table(terrain="hills", geo="hilly")
    put(st, "hill", (20, 40, 50, 65), passable=False)
    put(st, "hillock", (100, 40, 120, 60))
    parts.parts(st)
    assert [f.on_top_of for f in of(st, "rocky_ridge")] == ["hillock"] and of(st, "slippery_slope") == []


def test_a_slope_is_cut_to_its_length_and_a_side_the_hill_barely_reaches_gets_none():
    st = table(terrain="hills", geo="hilly")
    i = put(st, "hill", (20, 40, 50, 65))
    parts.hill_side(st, i, "slippery_slope", 12)
    (slope,) = of(st, "slippery_slope")
    assert max(slope.size_cm) == 12
    spikes = [box(34.95, 40, 35.05, 45), box(34.95, 60, 35.05, 65), box(20, 52.45, 25, 52.55), box(45, 52.45, 50, 52.55)]
    st.items[i].feature.polygon = shapely.union_all([box(25, 45, 45, 60)] + spikes)  # it reaches its box only by 1 mm spikes
    for seed in range(8):
        st.dice.rng = np.random.default_rng(seed)
        parts.hill_side(st, i, "rocky_ridge", None)
    assert of(st, "rocky_ridge") == []


def test_a_cave_at_the_foot_of_a_mountain_within_seven_cm():
    for seed in range(4):
        st = table(terrain="mountain", geo="mountain", width=120, depth=60, seed=seed)
        i = put(st, "mountain", (40, 20, 60, 40))
        parts.parts(st)
        (cave,) = of(st, "cave")
        x0, y0, x1, y1 = cave.polygon.bounds
        assert (x1 - x0, y1 - y0) == (4, 4) and cave.polygon.within(box(33, 13, 67, 47)) and not cave.polygon.intersects(box(39.6, 19.6, 60.4, 40.4))
        assert cave.note == "at the foot of the slope; may hide a lurking creature (at the foot of the mountain)"
        assert st.items[-1].owner == i
    st = table(terrain="mountain", geo="mountainous", width=120, depth=60)
    put(st, "isolated_mountain", (40, 20, 70, 50))
    parts.parts(st)
    assert of(st, "cave")[0].note.endswith("(at the foot of the isolated mountain)")


def test_a_cave_with_no_room_is_noted():
    st = table(terrain="mountain", geo="mountain", width=120, depth=60)
    put(st, "mountain", (40, 20, 60, 40))
    put(st, "lake", (0, 0, 39, 60))
    put(st, "lake", (61, 0, 120, 60))
    put(st, "lake", (39, 0, 61, 19))
    put(st, "lake", (39, 41, 61, 60))
    parts.parts(st)
    assert of(st, "cave") == [] and st.notes == ["Cave (FW-21.5) found no room at the foot of a slope: place it by hand."]


def test_flat_tables_have_no_ridge_slope_or_cave():
    st = table()
    put(st, "hillock", (20, 40, 40, 60))
    parts.parts(st)
    assert [it.feature.kind for it in st.items] == ["hillock"] and st.notes == []


# --- fields (FW-11.8 result 3) -------------------------------------------------------------------


def difficult_share(st, exclude=()):
    polys = [it.feature.polygon for it in st.items if it.feature.difficult and it.feature.kind not in exclude]
    return shapely.union_all(polys).intersection(st.layout.table).area


@pytest.mark.parametrize("seed", range(3))
def test_a_farms_fields_bring_the_difficult_ground_to_a_quarter(seed):
    st = table(width=100, depth=80, seed=seed)
    farm = put(st, "farm", (40, 30, 55, 40))
    put(st, "marsh", (0, 0, 20, 20))
    parts.fields(st, "farm", farm)
    fields = of(st, "field")
    assert fields and st.notes == []
    assert difficult_share(st, exclude=("farm",)) >= 0.25 * 100 * 80
    assert difficult_share(st, exclude=("farm",)) - min(f.polygon.area for f in fields) < 0.25 * 100 * 80  # no more than needed
    for f in fields:
        assert f.rule == "FW-11.8" and f.note == "cultivated ground of the farm: vines, orchards, boundary walls" and f.difficult
    assert {st.items[i].owner for i, it in enumerate(st.items) if it.feature.kind == "field"} == {farm}


def test_what_is_difficult_already_counts():
    st = table(width=100, depth=80)
    farm = put(st, "farm", (40, 30, 55, 40))
    put(st, "marsh", (0, 0, 100, 20))  # 2000 cm2 of the 8000: a quarter already
    parts.fields(st, "farm", farm)
    assert of(st, "field") == [] and st.notes == []


def test_a_village_needs_half_the_table_outside_it():
    st = table(width=100, depth=80, seed=1)
    village = put(st, "village", (35, 25, 65, 55))
    parts.fields(st, "village", village)
    assert difficult_share(st, exclude=("village",)) >= 0.5 * (100 * 80 - 30 * 30) and st.notes == []
    assert all(f.note == "cultivated ground of the village: vines, orchards, boundary walls" for f in of(st, "field"))


def test_fields_that_find_no_room_are_noted_with_the_share():
    st = table(width=100, depth=80)
    farm = put(st, "farm", (0, 0, 15, 10))
    put(st, "marsh", (0, 60, 50, 80))  # 1000 cm2: 12.5 % of the table
    put(st, "lake", (17, 0, 100, 58))
    put(st, "lake", (52, 58, 100, 80))
    put(st, "lake", (0, 12, 17, 58))
    parts.fields(st, "farm", farm)
    assert of(st, "field") == []
    assert st.notes == ["The farm's difficult ground covers 12 % of the table, short of the 25% FW-11.8 asks for: add fields or walls by hand."]


def test_the_parts_stage_lays_the_fields_of_each_farm_and_village():
    st = table(width=120, depth=80)
    farm = put(st, "farm", (10, 10, 25, 20))
    village = put(st, "village", (70, 30, 100, 60))
    st.fields_for = [("farm", farm), ("village", village)]
    parts.parts(st)
    owners = {st.items[i].owner for i, it in enumerate(st.items) if it.feature.kind == "field"}
    assert owners == {farm, village} or owners == {village}  # the village's fields may cover the farm's quarter
    assert st.notes == []


# --- the order features are listed in (order.py) ----------------------------------------------------


def kinds(features):
    return [f.kind for f in features]


def test_woods_take_every_other_place_on_a_forest_square():
    st = table(terrain="forest")
    for kind, x in (("hill", 0), ("wood", 30), ("hillock", 60), ("marsh", 90), ("forest_section", 120), ("enchanted_wood", 150)):
        put(st, kind, (x, 0, x + 20, 20))
    assert kinds(ordered(st)) == ["wood", "hill", "forest_section", "hillock", "enchanted_wood", "marsh"]


def test_swamps_take_every_other_place_on_a_swamp_square_and_the_rest_follow():
    st = table(terrain="swamp")
    for kind, x in (("hill", 0), ("wood", 30), ("hillock", 60), ("swamp", 90)):
        put(st, kind, (x, 0, x + 20, 20))
    assert kinds(ordered(st)) == ["swamp", "hill", "wood", "hillock"]
    st = table(terrain="jungle")
    for kind, x in (("wood", 0), ("wood", 30), ("wood", 60), ("hill", 90)):
        put(st, kind, (x, 0, x + 20, 20))
    assert kinds(ordered(st)) == ["wood", "hill", "wood", "wood"]


def test_plain_squares_keep_the_order_features_were_placed_in():
    st = table(terrain="plain")
    for kind, x in (("hill", 0), ("wood", 30), ("hillock", 60), ("wood", 90)):
        put(st, kind, (x, 0, x + 20, 20))
    assert kinds(ordered(st)) == ["hill", "wood", "hillock", "wood"]


def test_ground_pieces_first_and_each_feature_followed_by_its_parts():
    from mapgen.battlefield.features import add_part

    st = table(terrain="plain")
    glacier = put(st, "glacier", (0, 0, 40, 40))
    farm = put(st, "farm", (60, 60, 75, 70))
    add_part(st, "wall", box(57, 56, 78, 57), (21, 1), farm, beside=True)  # beside the farm: owned by it, standing on no feature
    add_part(st, "crevasse", box(5, 5, 10, 6), (5, 1), glacier)
    plateau = put(st, "plateau", (0, 80, 180, 120), ground=True)
    tower = put(st, "tower", (100, 90, 110, 100))
    st.items[tower].host = plateau
    put(st, "wall", (150, 10, 160, 11))  # a part of nothing: listed after the terrain features
    mark = put(st, "hiding_place", (2, 2, 6, 6))
    st.items[mark].host = glacier  # a marker standing on the glacier, owned by no one
    assert kinds(ordered(st)) == ["plateau", "glacier", "crevasse", "hiding_place", "farm", "wall", "tower", "wall"]
