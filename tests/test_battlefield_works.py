"""Each work placed on a hand-made table, with its dice injected: exact geometry, notes and logged rolls.

Rule values typed from the digest: FW-11.8 (barrier 1D6 walls closing the pass; mine 20 x 20 with an
entrance on each of two sides; farm and village 1D6 low walls), FW-11.7 (volcano and lava to a table
edge, isolated mountain in a quarter, 1D6 dunes), FW-11.7.2 (glacier 40 x 40, 1D6 crevasses 1 x 5 cm all
the same way, over 3 impassable), FW-11.5.6 (an oasis within 30 cm of each army's edge), FW-19.6 (1D6
beasts and 1D6 plants, 30 cm apart, outside the deployment zones).  Sizes the rules leave open are the
the manual's [DEV] ones (farm 15 x 10, village 30 x 30, 3 to 5 houses, walls 3 cm outside the building).
"""

import pytest
from shapely.geometry import box

from mapgen.battlefield import artificial, natural, villages, works
from mapgen.battlefield.features import mains

from .bf_tiny import of, put, rolls, table

# --- barrier (FW-11.8 result 11-12) ---------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("n", [1, 3, 6])
def test_barrier_walls_close_a_pass_running_along_the_table(n, seed):
    st = table([n], width=120, depth=60, terrain="mountain", geo="mountain", seed=seed)
    st.mountain_pass = put(st, "pass", (0, 26, 120, 34), exact=True)
    artificial.work_barrier(st, "rolled by side A")
    assert rolls(st) == [("FW-11.8", "barrier: number of low walls", str(n))]
    (barrier,) = of(st, "barrier")
    x0, y0, x1, y1 = barrier.polygon.bounds
    length = 4 * n + 2  # [DEV] one wall every 4 cm, with 1 cm to spare at each end
    assert (y0, y1) == (26, 34) and x1 - x0 == length and barrier.size_cm == (length, 8)
    assert 0.2 * 120 <= x0 and x1 <= 0.75 * 120 + length  # a straight stretch well inside the pass
    assert barrier.on_top_of == "pass" and barrier.rule == "FW-11.8" and barrier.difficult
    assert barrier.note == f"{n} low walls stepped across the pass, closing it completely; it must be taken to pass (a draw leaves it to the defender); rolled by side A"
    walls = of(st, "wall")
    assert [w.polygon.bounds for w in walls] == [(x0 + 1 + 4 * i, 26, x0 + 2 + 4 * i, 34) for i in range(n)]
    assert all(w.size_cm == (1, 8) and w.on_top_of == "barrier" and w.rule == "FW-11.8" and w.note == "low wall across the whole pass" for w in walls)
    index = {id(it.feature): i for i, it in enumerate(st.items)}
    b = index[id(barrier)]
    assert st.items[b].host == st.items[b].owner == st.mountain_pass and st.items[b].exact
    assert all(st.items[index[id(w)]].host == st.items[index[id(w)]].owner == b for w in walls)
    assert mains(st) == [st.mountain_pass]  # the barrier and its walls are parts of the pass (FW-10.5 count)


def test_barrier_on_a_pass_running_into_the_depth():
    st = table([2], width=120, depth=60, terrain="mountain", geo="mountain")
    st.mountain_pass = put(st, "pass", (56, 0, 64, 60), exact=True)
    artificial.work_barrier(st, None)
    (barrier,) = of(st, "barrier")
    x0, y0, x1, y1 = barrier.polygon.bounds
    assert (x0, x1, y1 - y0) == (56, 64, 10) and barrier.size_cm == (8, 10)
    assert 12 <= y0 <= 45 and barrier.note.endswith("(a draw leaves it to the defender)")
    assert [w.polygon.bounds for w in of(st, "wall")] == [(56, y0 + 1, 64, y0 + 2), (56, y0 + 5, 64, y0 + 6)]
    assert [w.size_cm for w in of(st, "wall")] == [(8, 1), (8, 1)]


def test_barrier_keeps_clear_of_a_stream_across_the_pass():
    for seed in range(6):
        st = table([4], width=120, depth=60, terrain="mountain", geo="mountain", seed=seed)
        st.mountain_pass = put(st, "pass", (0, 26, 120, 34), exact=True)
        stream = put(st, "stream", (40, 0, 45, 60), exact=True)
        artificial.work_barrier(st, None)
        (barrier,) = of(st, "barrier")
        assert barrier.polygon.distance(st.items[stream].feature.polygon) > 1
    st = table([4], width=120, depth=60, terrain="mountain", geo="mountain")
    st.mountain_pass = put(st, "pass", (0, 26, 120, 34), exact=True)
    put(st, "stream", (0, 20, 120, 40), exact=True)  # along the whole pass: no stretch is clear
    artificial.work_barrier(st, None)
    assert of(st, "barrier") == [] and of(st, "wall") == []
    assert st.notes == ["Barrier (FW-11.8) found no straight stretch of the pass: build it by hand across the pass."]


def test_barrier_without_a_pass_has_no_effect_and_rolls_nothing():
    st = table([], width=120, depth=60, terrain="mountain", geo="mountain")
    artificial.work_barrier(st, None)
    assert st.items == [] and st.dice.log == []
    assert st.notes == ["Barrier (FW-11.8) closes a mountain pass: there is no pass on this table, no effect."]


# --- mine and holding ----------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(3))
def test_mine_has_an_entrance_in_the_middle_of_two_opposite_sides(seed):
    st = table(seed=seed)
    artificial.work_mine(st, "rolled by side B")
    (mine,) = of(st, "mine")
    x0, y0, x1, y1 = mine.polygon.bounds
    assert (x1 - x0, y1 - y0) == (20, 20) and not mine.passable and mine.rule == "FW-11.8"
    assert mine.note.endswith("troops cross it through the mine; rolled by side B")
    cy = (y0 + y1) / 2
    assert [e.polygon.bounds for e in of(st, "mine_entrance")] == [(x0, cy - 1.5, x0 + 3, cy + 1.5), (x1 - 3, cy - 1.5, x1, cy + 1.5)]
    assert all(e.note == "mine entrance" and e.on_top_of == "mine" and e.size_cm == (3, 3) for e in of(st, "mine_entrance"))
    st = table()
    artificial.work_mine(st, None)
    assert of(st, "mine")[0].note == "mountain with a mine entrance on two opposite sides: troops cross it through the mine"


def test_a_mine_with_no_room_is_noted_and_brings_no_entrances():
    st = table(width=60, depth=60)
    put(st, "lake", (0, 0, 60, 60))
    artificial.work_mine(st, None)
    assert of(st, "mine_entrance") == [] and st.notes == ["Mine (FW-11.8) could not be placed after a bounded search: place it by hand where the rules allow."]


def test_the_holding_stands_on_the_table_under_fw_3():
    st = table()
    artificial.work_stronghold(st, "holding of side B (Orcs)")
    (h,) = of(st, "stronghold")
    assert (h.rule, h.note, h.size_cm) == ("FW-3", "holding of side B (Orcs) (FW-3): the holding", (20, 20))


# --- farm and village (FW-11.8 result 3) -------------------------------------------------------


def ring(bounds):
    """The four low walls round a building, 3 cm out, 1 cm thick, open 2 cm at each corner [DEV]."""
    x0, y0, x1, y1 = bounds
    return {
        "near": (x0 - 2, y0 - 4, x1 + 2, y0 - 3),
        "right": (x1 + 3, y0 - 2, x1 + 4, y1 + 2),
        "far": (x0 - 2, y1 + 3, x1 + 2, y1 + 4),
        "left": (x0 - 4, y0 - 2, x0 - 3, y1 + 2),
    }


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_farm_walls_take_whole_sides_in_turn(n):
    st = table([n], width=25, depth=20)  # just room for a 15 x 10 farm and its walls
    villages.work_farm(st, "rolled by side A")
    (farm,) = of(st, "farm")
    assert farm.polygon.bounds == (5, 5, 20, 15) and farm.note == "may have a palisade; rolled by side A"
    assert rolls(st) == [("FW-11.8", "farm: number of low walls and hedges", str(n))]
    walls = [w.polygon.bounds for w in of(st, "wall")]
    sides = ring((5, 5, 20, 15))
    order = ["near", "right", "far", "left"]
    names = [next(k for k, v in sides.items() if v == w) for w in walls]
    start = order.index(names[0])
    assert names == [order[(start + i) % 4] for i in range(n)]  # consecutive sides round the farm
    for w in of(st, "wall"):
        length = max(w.size_cm)
        assert w.rule == "FW-11.8" and w.note == f"low wall or hedge {length:g} cm round the farm" and w.on_top_of is None
        assert min(w.size_cm) == 1 and length in (19, 14)
    assert st.fields_for == [("farm", 0)]


@pytest.mark.parametrize("n", [5, 6])
def test_more_than_four_walls_are_half_sides(n):
    st = table([n], width=25, depth=20)
    villages.work_farm(st, None)
    halves = set()
    for w in ring((5, 5, 20, 15)).values():
        x0, y0, x1, y1 = w
        if x1 - x0 > y1 - y0:
            halves |= {(x0, y0, (x0 + x1) / 2, y1), ((x0 + x1) / 2, y0, x1, y1)}
        else:
            halves |= {(x0, y0, x1, (y0 + y1) / 2), (x0, (y0 + y1) / 2, x1, y1)}
    walls = [w.polygon.bounds for w in of(st, "wall")]
    assert len(walls) == len(set(walls)) == n and set(walls) <= halves
    assert {max(w.size_cm) for w in of(st, "wall")} <= {9.5, 7}


def test_a_farm_on_a_plateau_has_its_walls_on_the_plateau():
    st = table([2], width=60, depth=60)
    plateau = put(st, "plateau", (0, 0, 60, 60), ground=True)
    villages.work_farm(st, None)
    assert of(st, "farm")[0].on_top_of == "plateau"
    assert [w.on_top_of for w in of(st, "wall")] == ["plateau", "plateau"]
    assert all(st.items[i].host == plateau for i, it in enumerate(st.items) if it.feature.kind == "wall")


def test_a_farm_with_no_room_rolls_no_walls():
    st = table([], width=24, depth=20)
    villages.work_farm(st, None)
    assert st.items == [] and st.dice.log == [] and st.fields_for == []
    assert st.notes == ["Farm (FW-11.8) could not be placed after a bounded search: place it by hand where the rules allow."]


@pytest.mark.parametrize("seed", range(8))
def test_village_houses_on_a_centred_grid_and_its_walls(seed):
    st = table([3], width=40, depth=40, seed=seed)
    villages.work_village(st, "rolled by side B")
    (village,) = of(st, "village")
    assert village.polygon.bounds == (5, 5, 35, 35) and village.note == "may have a palisade; rolled by side B"
    houses = of(st, "house")
    assert 3 <= len(houses) <= 5  # [DEV] 3 to 5 houses
    slots = {(x, y) for x in (10, 20, 30) for y in (10, 20, 30)}  # a 3 x 3 grid, 10 cm apart, centred in the village
    centres = [(h.polygon.centroid.x, h.polygon.centroid.y) for h in houses]
    assert set(centres) <= slots and len(set(centres)) == len(centres)
    assert all(h.size_cm == (6, 8) and h.on_top_of == "village" and not h.passable for h in houses)
    assert rolls(st) == [("FW-11.8", "village: number of low walls", "3")]
    assert {w.polygon.bounds for w in of(st, "wall")} < set(ring((5, 5, 35, 35)).values())
    assert all(w.note.endswith("round the village") for w in of(st, "wall"))
    assert st.fields_for == [("village", 0)]


def test_every_house_count_from_three_to_five_occurs():
    counts = set()
    for seed in range(12):
        st = table([1], width=40, depth=40, seed=seed)
        villages.work_village(st, None)
        counts.add(len(of(st, "house")))
    assert counts == {3, 4, 5}


def test_the_raided_village_stands_exactly_at_the_centre():
    st = table([2], scenario="raid")
    (kind, region, note) = st.plan.required[0]
    villages.village(st, region=region, note=note, exact=True)
    (village,) = of(st, "village")
    assert village.polygon.bounds == (75, 45, 105, 75)
    assert village.note == "may have a palisade; the raided village, at the table centre (FW-23.1)"


def test_a_raided_village_that_cannot_stand_at_the_centre_says_so():
    st = table([], scenario="raid")
    put(st, "lake", (80, 50, 100, 70))
    (kind, region, note) = st.plan.required[0]
    assert villages.village(st, region=region, note=note, exact=True) is None
    assert st.notes == ["Village (FW-11.8) at the table centre could not be placed after a bounded search: place it by hand where the rules allow."]


# --- glacier, chasm, volcano, isolated mountain, dunes (FW-11.7) ----------------------------------


@pytest.mark.parametrize("n", [3, 4, 6])
def test_glacier_crevasses_laid_across_it_with_room_to_walk_round(n):
    xs, ys = set(), set()
    for seed in range(6):
        st = table([n], seed=seed)
        natural.work_glacier(st, "rolled by side A")
        (glacier,) = of(st, "glacier")
        x0, y0, x1, y1 = glacier.polygon.bounds
        assert (x1 - x0, y1 - y0) == (40, 40) and glacier.rule == "FW-11.7.2" and glacier.difficult
        assert rolls(st) == [("FW-11.7.2", "number of open crevasses on the glacier", str(n))]
        if n > 3:
            assert not glacier.passable and glacier.note == f"{n} crevasses (more than 3): the whole glacier is impassable; rolled by side A"
        else:
            assert glacier.passable and glacier.note == f"{n} crevasses: walk round them; flat, difficult; rolled by side A"
        crevasses = of(st, "crevasse")
        assert len(crevasses) == n
        for i, c in enumerate(crevasses):
            cx0, cy0, cx1, cy1 = c.polygon.bounds
            assert (cx1 - cx0, cy1 - cy0) == pytest.approx((5, 1))  # all laid the same way
            assert min(cx0 - x0, x1 - cx1, cy0 - y0, y1 - cy1) >= 3.5 - 1e-9  # room to walk round, inside the glacier
            assert all(c.polygon.distance(d.polygon) >= 1 for d in crevasses[i + 1 :])
            assert c.on_top_of == "glacier" and c.note == "1 x 5 cm, laid across the glacier; all crevasses run the same way"
            xs.add(round((cx0 + cx1) / 2 - x0, 3))
            ys.add(round((cy0 + cy1) / 2 - y0, 3))
    # spread evenly over the whole glacier: 3 across and 6 along, symmetric about its centre
    for seen, count in ((xs, 3), (ys, 6)):
        if n == 6:
            assert len(seen) == count
        assert {round(40 - v, 3) for v in seen} <= seen or len(seen) < count
        steps = {round(b - a, 3) for a, b in zip(sorted(seen), sorted(seen)[1:])}
        assert len(seen) < count or len(steps) == 1


def test_a_glacier_with_no_room_rolls_no_crevasses():
    st = table([], width=60, depth=60)
    put(st, "lake", (0, 0, 60, 60))
    natural.work_glacier(st, None)
    assert of(st, "crevasse") == [] and st.dice.log == [] and len(st.notes) == 1


@pytest.mark.parametrize("seed", range(3))
def test_chasm_between_two_hills_with_their_steep_sides_facing(seed):
    st = table(seed=seed)
    natural.work_chasm(st, "rolled by side B")
    (chasm,) = of(st, "chasm")
    left, right = of(st, "chasm_hill")
    cx0, cy0, cx1, cy1 = chasm.polygon.bounds
    assert left.polygon.bounds[2] == cx0 and right.polygon.bounds[0] == cx1 and cx1 - cx0 == 10
    assert left.polygon.bounds[1::2] == right.polygon.bounds[1::2] == (cy0, cy1)
    assert left.size_cm == right.size_cm and chasm.size_cm == (10, cy1 - cy0)
    assert 25 <= left.size_cm[0] <= 30 and 20 <= left.size_cm[1] <= 25  # [DEV] 2-level hills
    assert chasm.note == "deep gorge 10 cm wide between two 2-level hills with steep sides facing each other: crossable only by a bridge; rolled by side B"
    assert left.note == "2 levels; its steep right side faces the chasm" and right.note == "2 levels; its steep left side faces the chasm"
    assert (left.levels, left.steep, right.levels, right.steep) == (2, ("right",), 2, ("left",))  # FW-11.7.3
    assert not chasm.passable and chasm.rule == "FW-11.7.3"


def test_chasm_on_a_plateau_stands_on_it():
    st = table(width=180, depth=120)
    put(st, "plateau", (0, 0, 180, 120), ground=True)
    natural.work_chasm(st, None)
    assert [f.on_top_of for f in of(st, "chasm") + of(st, "chasm_hill")] == ["plateau"] * 3


def test_chasm_with_no_room():
    st = table(width=60, depth=60)
    put(st, "lake", (0, 0, 60, 60))
    natural.work_chasm(st, None)
    assert of(st, "chasm") == [] and st.notes == ["Chasm (FW-11.7.3) could not be placed: build it by hand from two 2-level hills 10 cm apart."]


# FW-11.7 result 5-6: a glacier only in high-mountain zones, whatever the climate; otherwise a chasm [DEV]
@pytest.mark.parametrize(
    "climate,geo,kind",
    [("cold", "mountain", "glacier"), ("cold", "mountainous", "glacier"), ("temperate", "mountain", "glacier"), ("torrid", "mountainous", "glacier"), ("cold", "flat", "chasm"), ("cold", "hilly", "chasm"), ("temperate", "flat", "chasm")],
)
def test_glacier_or_chasm(climate, geo, kind):
    st = table([2], climate=climate, geo=geo, terrain="plain")
    natural.work_glacier_or_chasm(st, None)
    assert of(st, kind)


def corridor(st):
    """Everything blocked but a 40 x 40 cm space at the left edge, y 40 to 80."""
    put(st, "lake", (40, 0, 180, 120))
    put(st, "lake", (0, 0, 40, 40))
    put(st, "lake", (0, 80, 40, 120))


@pytest.mark.parametrize("seed", range(3))
def test_lava_runs_from_the_volcano_to_the_nearest_edge(seed):
    st = table(seed=seed)
    corridor(st)
    natural.work_volcano(st, "rolled by side A")
    (volcano,) = of(st, "volcano")
    (lava,) = of(st, "lava_river")
    c = volcano.polygon.centroid
    x0, y0, x1, y1 = lava.polygon.bounds
    assert x0 == 0 and y1 - y0 == pytest.approx(5, abs=0.11) and abs((y0 + y1) / 2 - c.y) < 0.2  # [DEV] 5 cm wide
    assert lava.polygon.distance(volcano.polygon) < 0.5 and lava.polygon.intersection(volcano.polygon).area < 0.01
    assert lava.size_cm == (round(c.x), 5) and not lava.passable
    assert lava.note == f"impassable; flows from the volcano to the left short edge, centre line through ({c.x:.0f}, {c.y:.0f}) -> (0, {c.y:.0f})"
    assert volcano.note.endswith("; rolled by side A") and volcano.rule == "FW-11.7"
    assert mains(st)[-1] == len(st.items) - 2  # the lava is part of the volcano


def test_lava_goes_round_to_the_next_edge_when_the_nearest_is_blocked():
    st = table(seed=1)
    put(st, "lake", (30, 0, 180, 120))
    put(st, "lake", (0, 0, 30, 50))
    put(st, "lake", (0, 90, 30, 120))
    put(st, "stream", (0, 0, 2, 120), exact=True)  # the left edge is cut off
    natural.work_volcano(st, None)
    assert of(st, "volcano") == [] and of(st, "lava_river") == []
    assert st.notes == ["Volcano and lava river (FW-11.7) could not be placed with a clear path to an edge: place them by hand."]
    st = table(seed=1)
    put(st, "lake", (0, 0, 180, 90))
    put(st, "lake", (0, 90, 70, 120))
    put(st, "lake", (110, 90, 180, 120))
    natural.work_volcano(st, None)
    (volcano,) = of(st, "volcano")
    (lava,) = of(st, "lava_river")
    assert lava.polygon.bounds[3] == 120 and "to side B's long edge" in lava.note


@pytest.mark.parametrize("free", range(4))
def test_the_isolated_mountain_takes_the_free_quarter(free):
    st = table(seed=free)
    quarters = [(0, 0, 90, 60), (90, 0, 180, 60), (0, 60, 90, 120), (90, 60, 180, 120)]
    for i, q in enumerate(quarters):
        if i != free:
            put(st, "lake", q)
    natural.work_isolated_mountain(st, "rolled by side A")
    (m,) = of(st, "isolated_mountain")
    assert box(*quarters[free]).contains(m.polygon) and m.note.endswith("never in the centre (AMB-30); rolled by side A")
    assert st.notes == []


def test_the_isolated_mountain_never_straddles_the_centre():
    st = table()
    put(st, "lake", (0, 0, 180, 40))
    put(st, "lake", (0, 80, 180, 120))  # only a band across the middle is free
    natural.work_isolated_mountain(st, None)
    assert of(st, "isolated_mountain") == []
    assert st.notes == ["Isolated mountain (FW-11.7) could not be placed in any table quarter: place it by hand, never in the centre."]


def test_dunes_that_find_no_room_are_counted_in_the_note():
    st = table([4], terrain="desert", width=60, depth=60)
    for b in ((0, 22, 60, 60), (22, 0, 28, 22), (52, 0, 60, 22)):  # two 20 cm pockets: one 10 cm dune in each
        put(st, "lake", b)
    natural.work_dunes(st, "rolled by side B")
    assert rolls(st) == [("FW-11.7", "number of dunes", "4")]
    assert len(of(st, "dune")) == 2 and all(d.note == "1 level, difficult; rolled by side B" for d in of(st, "dune"))
    assert st.notes == [f"Dune (FW-11.7) {i} of 4 could not be placed after a bounded search: place it by hand where the rules allow." for i in (3, 4)]


def test_boulder_fields_keep_twenty_cm_apart_and_are_counted():
    st = table([3])
    natural.work_boulders(st, "rolled by side A")
    fields = of(st, "boulders")
    assert rolls(st) == [("FW-11.7", "number of boulder fields", "3")] and len(fields) == 3
    assert all(f.note == "disorganised, half speed; heavy cover behind them; at least 20 cm from the other boulder fields; rolled by side A" for f in fields)
    assert all(a.polygon.distance(b.polygon) >= 20 for i, a in enumerate(fields) for b in fields[i + 1 :])


# --- oases and jungle dangers -------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_an_oasis_on_each_armys_side(seed):
    st = table(terrain="desert", seed=seed)
    natural.work_oases(st, None)
    a, b = of(st, "oasis")
    assert a.polygon.bounds[3] <= 30 and b.polygon.bounds[1] >= 120 - 30
    assert a.note == "water (and food) supply; side A's deployment side, within 30 cm of its edge"
    assert b.note == "water (and food) supply; side B's deployment side, within 30 cm of its edge"


def test_an_oasis_with_no_room_in_its_band_is_noted():
    st = table(terrain="desert")
    put(st, "lake", (0, 90, 180, 120))
    natural.work_oases(st, None)
    assert len(of(st, "oasis")) == 1
    assert st.notes == ["Oasis (FW-11.5.6) on side B's side could not be placed after a bounded search: place it by hand where the rules allow."]


def test_jungle_dangers_alternate_so_each_kind_gets_its_first():
    st = table([2, 3], terrain="jungle", geo="flat")
    natural.work_jungle_dangers(st, None)
    assert rolls(st) == [("FW-19.6", "jungle: number of wild beasts", "2"), ("FW-19.6", "jungle: number of carnivorous plants", "3")]
    assert [it.feature.kind for it in st.items] == ["beast", "carnivorous_plant", "beast", "carnivorous_plant", "carnivorous_plant"]
    zones = [z.polygon for z in st.plan.scenario.zones]
    for i, it in enumerate(st.items):
        f = it.feature
        assert not any(f.polygon.intersects(z) for z in zones)
        assert all(f.polygon.distance(o.feature.polygon) >= 30 for o in st.items[i + 1 :])
        assert f.note.endswith("; at least 30 cm from any other, outside the deployment zones")
    assert mains(st) == []


def test_jungle_dangers_with_no_room_are_each_noted():
    st = table([1, 2], terrain="jungle", width=60, depth=60)  # the two 30 cm bands cover the whole table
    natural.work_jungle_dangers(st, None)
    assert st.items == []
    assert st.notes == [
        "Wild beast (FW-19.6) 1 of 1 could not be placed after a bounded search: place it by hand where the rules allow.",
        "Carnivorous plant (FW-19.6) 1 of 2 could not be placed after a bounded search: place it by hand where the rules allow.",
        "Carnivorous plant (FW-19.6) 2 of 2 could not be placed after a bounded search: place it by hand where the rules allow.",
    ]


# --- what the square requires (FW-10.5, FW-11.4) ---------------------------------------------------


def test_required_works_of_a_square():
    st = table(terrain="cultivated", works=("wood", "desert", "village", "river"), holding="capital of side A (Men)", holding_feature="city")
    assert works.required_works(st) == [("wood", None), ("village", None), ("stronghold", "capital of side A (Men)"), ("village", "City (FW-3.4): a large village"), ("cultivated_fields", None)]
    st = table(terrain="jungle", scenario="raid", works=("village", "temple"), holding_feature="village")
    assert works.required_works(st) == [("temple", None), ("jungle_dangers", None)]  # the raid's village is the square's
    st = table(holding_feature="precious_metal_mine")
    assert works.required_works(st) == [("mine", "Precious-metal mine (FW-3.4)")]
    assert works.required_works(table(holding_feature="dragon")) == []


def test_large_and_constrained_works_go_first():
    required = [("wood", None), ("jungle_dangers", None), ("stronghold", "x"), ("tower", None), ("village", None), ("glacier", None), ("farm", None)]
    assert sorted(required, key=works.bulk_first) == [("village", None), ("glacier", None), ("farm", None), ("stronghold", "x"), ("wood", None), ("tower", None), ("jungle_dangers", None)]


def test_compulsory_works_count_the_squares_features_for_fw_10_5():
    st = table([2], works=("tower", "burial_mound", "farm"))
    works.compulsory_works(st)
    assert [f.kind for f in (it.feature for it in st.items) if f.kind in ("tower", "burial_mound", "farm")] == ["farm", "tower", "burial_mound"]
    assert st.required_count == 3  # the farm's walls are not terrain features


def test_a_generic_work_takes_its_kinds_note_and_rule():
    st = table()
    works.place_work(st, "ruins", "rolled by side A")
    works.place_work(st, "tower", None)
    ruins, tower = (it.feature for it in st.items)
    assert (ruins.rule, ruins.note) == ("FW-11.8", "ancient walls: may give cover; rolled by side A")
    assert (tower.rule, tower.note) == ("FW-11.8", "Tower of Magic of the Enchanted Wood (Ars Arcana)")
    with pytest.raises(AssertionError, match="unhandled work statue"):
        works.place_work(st, "statue", None)
