"""Particular terrain configurations (FW-2.5 item 5, FW-11.5 to FW-11.8, AMB-31, AMB-44).

Hand-made maps with injected dice for each placement rule, and a few generated
maps for what the pipeline must keep: the quotas, results that keep their
square, woods that stay woods in a torrid zone, glaciers on high mountains and
watercourses that are drawn as rivers.
"""

import numpy as np
import pytest

from mapgen.dice import ScriptedDice
from mapgen.fw import configs as cfg
from mapgen.fw.holdings import cultivate_around, place_side
from mapgen.fw.model import River, Road, Side
from mapgen.fw.rivers import Drainage, river_squares, watercourse_from
from mapgen.fw.roads import RoadBuilder
from mapgen.fw.terrain import high_mountains
from mapgen.grid import square_id

from .fw_tiny import assert_river_on_edges, cached_map


SIDES = [Side("A", "Red", "humans", "#c00"), Side("B", "Blue", "humans", "#00c")]

# Faces that roll one slot to a result (AMB-31 category die, then the table, then any sub-table).
RUINS = [6, 1, 1, 3]  # 6: artificial works; 2D6 = 2: mine/ruins/cemetery; 1D6 3: ruins
LAKE = [3, 4]  # 3: hydrography; 4: lake
RIVER = [3, 1]  # 3: hydrography; 1: stream, river or wadi
UNCULTIVATED = [1, 2]  # 1: vegetation; 2: natural vegetation
CULTIVATED = [2, 3]
ORDINARY_WOOD = [1, 4, 6]  # vegetation 4: wood; 6: an ordinary wood
ENCHANTED_WOOD = [1, 4, 1]
FOREST = [2, 5]
DESERT = [1, 6]
SWAMP = [4, 5]
GLACIER_OR_CHASM = [5, 6]  # 5: special configuration; 6: glacier or chasm
ROAD = [6, 4, 4]  # 2D6 = 8: road


def make_placer(terrain, *, faces=(), climate="temperate", elevation=None, territory=None, rivers=(), usable=None, seed=0):
    h, w = terrain.shape
    if elevation is None:
        elevation = np.tile(np.linspace(1.0, 0.1, w), (h, 1))  # falls to the east
    if territory is None:
        territory = np.full((h, w), "A", dtype="<U1")
    if usable is None:
        usable = ~np.isin(terrain, ["lake", "sea"])
    rivers = list(rivers)
    return cfg.Placer(
        ScriptedDice(list(faces), seed),
        terrain,
        elevation,
        territory,
        usable,
        river_squares(rivers, w, h),
        climate,
        rivers,
        {},
        [],
    )


def plain(h, w, fill="plain"):
    return np.full((h, w), fill, dtype="<U12")


def roll(p, side="A", territory="A", n=1, deferred=None):
    cfg.run_slot(p.dice, p, side, territory, n, deferred)
    return p.configs[-1] if p.configs else None


# --- FW-2.5 item 5: the quotas ------------------------------------------------


def test_slot_plan_six_own_and_three_neutral_per_side():
    plan = cfg.slot_plan(SIDES)
    assert plan[:6] == [("A", "A", i) for i in range(1, 7)]
    assert plan[6:12] == [("B", "B", i) for i in range(1, 7)]
    assert plan[12:] == [("A", "N", 7), ("B", "N", 7), ("A", "N", 8), ("B", "N", 8), ("A", "N", 9), ("B", "N", 9)]


def test_quota_with_injected_dice():
    terrain = plain(6, 9)
    territory = np.full((6, 9), "N", dtype="<U1")
    territory[:, :3], territory[:, 6:] = "A", "B"
    p = make_placer(terrain, faces=RUINS * 18, territory=territory)
    for side, where, n in cfg.slot_plan(SIDES):
        cfg.run_slot(p.dice, p, side, where, n, [])
    assert p.dice.remaining == 0
    counts = {}
    for c in p.configs:
        counts[(c.rolled_by, c.territory)] = counts.get((c.rolled_by, c.territory), 0) + 1
        assert territory[c.square[1], c.square[0]] == c.territory
        assert (c.name, c.category, c.rule) == ("ruins", "artificial", "FW-11.8")
    assert counts == {("A", "A"): 6, ("B", "B"): 6, ("A", "N"): 3, ("B", "N"): 3}
    # Each slot: AMB-31 picks the table, FW-11.8 is rolled, then its sub-table.
    assert [r.rule for r in p.dice.log[:3]] == ["AMB-31", "FW-11.8", "FW-11.8"]
    assert p.dice.log[0].purpose == "configuration 1: side A, own territory: which table"
    assert p.dice.log[-3].purpose == "configuration 9: side B, neutral territory: which table"
    assert p.dice.log[2].result.startswith("ruins -> ruins at ")
    # Different squares while fresh ones remain (at most one per square here: 18 of 54).
    assert len({c.square for c in p.configs}) == 18


def test_a_generated_map_holds_its_quota():
    m = cached_map(7, "medium")
    counts = {}
    for c in m.configs:
        counts[(c.rolled_by, c.territory)] = counts.get((c.rolled_by, c.territory), 0) + 1
    assert counts == {("A", "A"): 6, ("B", "B"): 6, ("A", "N"): 3, ("B", "N"): 3}
    which = [r for r in m.dice_log if r.rule == "AMB-31"]
    assert len(which) >= 18
    assert not any("slot left empty" in (r.result or "") for r in m.dice_log)
    # Every configuration names the roll that placed it, with its rule.
    placed = [r for r in m.dice_log if r.result and " -> " in r.result and r.rule.startswith("FW-11.")]
    assert len(placed) == 18
    first = [r.purpose for r in which if "which table" in r.purpose]
    assert first[0] == "configuration 1: side A, own territory: which table"
    assert {p.split(":")[0] for p in first} == {f"configuration {n}" for n in range(1, 10)}


def test_a_barrier_may_close_a_rolled_pass_off_the_roads():
    # FW-11.8 results 10 and 11-12 with AMB-44: a barrier only on a pass; a rolled pass counts (seed 22).
    m = cached_map(22, "medium")
    (barrier,) = [c for c in m.configs if c.name == "barrier"]
    assert any(c.name == "pass" and c.square == barrier.square for c in m.configs)
    assert not any(barrier.square in r.squares for r in m.roads) and m.terrain_at(barrier.square) == "mountain"


def test_a_rolled_road_is_a_branch_of_the_road_network():
    # FW-11.8 result 8, placed once the roads exist (seed 3 rolls one): a road from its square to the network.
    m = cached_map(3, "medium")
    (road,) = [c for c in m.configs if c.name == "road"]
    spur = m.roads[-1]
    assert len(m.roads) == 3 + 3 + 1 + 1  # each capital to its 3 holdings, the capitals, and the branch
    assert spur.squares[0] == road.square and any(spur.squares[-1] in r.squares for r in m.roads[:-1])


def test_the_stage_can_be_switched_off():
    m = cached_map(7, "medium", configurations=False)
    assert m.configs == [] and not any(r.rule == "AMB-31" for r in m.dice_log)


# --- AMB-44: roll again, at most 12 times ------------------------------------------


def test_no_fitting_square_rolls_again_at_most_twelve_times():
    terrain = plain(4, 4)
    p = make_placer(terrain, faces=LAKE * 13 + [1, 1], usable=np.zeros((4, 4), bool))
    roll(p, deferred=[])
    assert p.configs == []
    assert p.dice.remaining == 2  # 1 roll and 12 re-rolls, then no more
    which = [r for r in p.dice.log if r.rule == "AMB-31"]
    assert len(which) == 13
    results = [r.result for r in p.dice.log if r.rule == "FW-11.6"]
    assert results[:12] == ["lake: no fitting square here, roll again (AMB-44)"] * 12
    assert results[12] == "lake: no fitting square here, roll again (AMB-44); slot left empty after the last re-roll"


def test_a_reroll_that_fits_is_placed():
    terrain = plain(2, 4)  # no square away from the edge: a lake never fits
    p = make_placer(terrain, faces=LAKE + [6, 4, 3])  # then 2D6 = 7: a burial mound
    c = roll(p, deferred=[])
    assert p.dice.remaining == 0
    assert (c.name, c.rule, c.category) == ("burial_mound", "FW-11.8", "artificial")
    assert p.dice.log[1].result == "lake: no fitting square here, roll again (AMB-44)"
    assert p.dice.log[3].result == f"burial_mound -> burial_mound at {square_id(*c.square)}"


def test_roads_bridges_and_barriers_wait_for_the_roads():
    p = make_placer(plain(4, 4), faces=ROAD + [6, 4, 5] + [6, 6, 6])  # 8 road, 9 bridge, 12 barrier
    deferred = []
    for n in (1, 2, 3):
        cfg.run_slot(p.dice, p, "A", "A", n, deferred)
    assert [s.outcome for s in deferred] == ["road", "bridge", "barrier"]
    assert [s.number for s in deferred] == [1, 2, 3]
    assert p.configs == []
    assert p.dice.log[1].result == "road: placed after the roads are built"


def test_deferred_results_that_cannot_be_placed_roll_again_at_once():
    # No road network, no river, no pass: each deferred result rolls again, and may now be anything.
    p = make_placer(plain(4, 4), faces=ROAD + [6, 1, 1, 3])
    deferred = []
    cfg.run_slot(p.dice, p, "A", "A", 4, deferred)
    cfg.place_deferred(p.dice, p, deferred)
    assert [c.name for c in p.configs] == ["ruins"] and p.dice.remaining == 0
    assert p.dice.log[1].result == "road: no fitting square here, roll again (AMB-44)"
    assert p.dice.log[2].purpose == "configuration 4: side A, own territory: which table"  # the same slot, rolled again


# --- FW-11.5: woods, forests, jungles ------------------------------------------


@pytest.mark.parametrize(
    "faces,climate,name,terrain",
    [
        (ORDINARY_WOOD, "torrid", "wood", "forest"),  # result 4 is a wood, never a jungle
        (ENCHANTED_WOOD, "torrid", "enchanted_wood", "forest"),
        (FOREST, "torrid", "jungle", "jungle"),  # result 5 in a hot zone
        (ORDINARY_WOOD, "temperate", "wood", "forest"),
        (FOREST, "cold", "forest", "forest"),
        (UNCULTIVATED, "torrid", "uncultivated", "uncultivated"),
        (CULTIVATED, "cold", "cultivated", "cultivated"),
        (DESERT, "torrid", "desert", "desert"),
        (DESERT, "temperate", "wasteland", "desert"),  # FW-11.5.6: a cursed wasteland
    ],
)
def test_vegetation_results(faces, climate, name, terrain):
    p = make_placer(plain(3, 3), faces=faces, climate=climate)
    c = roll(p)
    assert (c.name, c.rule, c.category) == (name, "FW-11.5", "vegetation")
    assert p.terrain[c.square[1], c.square[0]] == terrain
    assert p.features[c.square] == [name]


# --- FW-11.6 result 1-2: a watercourse of its own --------------------------------


def test_a_rolled_river_on_a_square_without_one_draws_its_own():
    p = make_placer(plain(5, 6), faces=RIVER)
    c = roll(p)
    assert (c.name, c.rule, c.category, c.watercourse) == ("river", "FW-11.6", "hydrography", "new")
    assert len(p.rivers) == 1
    river = p.rivers[0]
    assert river.configuration == c.square and river.mouth == "edge"
    assert_river_on_edges(river, c.square)
    end = river.points[-1]
    assert end[0] in (0, 6) or end[1] in (0, 5)
    assert p.river[c.square[1], c.square[0]]
    assert (p.river == river_squares([river], 6, 5)).all()
    assert p.dice.log[1].result == f"river -> river at {square_id(*c.square)} (new watercourse)"


def test_a_new_watercourse_joins_a_river_it_meets():
    terrain = plain(5, 8)
    old = River([(6, 0), (6, 1), (6, 2), (6, 3), (6, 4), (6, 5)], "edge", [0.5, 0.4, 0.3, 0.2, 0.1, 0.0])
    territory = np.full((5, 8), "N", dtype="<U1")
    territory[2, 2] = "A"  # the only square the slot may use
    p = make_placer(terrain, faces=RIVER, territory=territory, rivers=[old])
    c = roll(p)
    assert c.square == (2, 2) and c.watercourse == "new"
    new = p.rivers[1]
    assert_river_on_edges(new, (2, 2))
    assert new.mouth == "river" and new.points[-1] in old.points
    assert not set(new.points[:-1]) & set(old.points)  # it ends where it meets the river, never runs along it


def test_a_watercourse_beside_a_river_flows_straight_into_it():
    terrain = plain(5, 8)
    old = River([(6, 0), (6, 1), (6, 2), (6, 3), (6, 4), (6, 5)], "edge", [0.5, 0.4, 0.3, 0.2, 0.1, 0.0])
    territory = np.full((5, 8), "N", dtype="<U1")
    territory[2, 5] = "A"  # F3: its east edge is the river
    p = make_placer(terrain, faces=RIVER, territory=territory, rivers=[old])
    c = roll(p)
    assert (c.square, c.watercourse) == ((5, 2), "second")  # F3 already has the river
    # F1 touches the river only at its south-east corner (6, 1), where the river rises: no river
    # edge, so no river flag.  Its one corner off the map edge and off the river, (5, 1), is the
    # source, and the river's own corner beside it, lower to the east, is the mouth.
    source = River(old.points[1:], "edge", old.elevations[1:])
    territory[2, 5], territory[0, 5] = "N", "A"
    p = make_placer(terrain, faces=RIVER, territory=territory, rivers=[source])
    c = roll(p)
    new = p.rivers[1]
    assert (c.square, c.watercourse, new.mouth) == ((5, 0), "new", "river")
    assert new.points == [(5, 1), (6, 1)]


def test_a_watercourse_rises_on_no_river_and_runs_down_its_own_edge():
    # A1 to E4, the ground rising to the east and (more gently) to the south; a river runs
    # south along x = 2 from corner (2, 1).
    terrain = plain(4, 5)
    yy, xx = np.mgrid[0:4, 0:5]
    rising = Drainage(terrain, 0.1 * xx + 0.05 * yy)
    on_river = {(2, y) for y in range(1, 5)}
    # B1: three corners lie on the map edge or the river; from (1, 1) the river corner is
    # uphill, so the only way down is north along B1's west edge, to the map edge.
    r = watercourse_from((1, 0), rising, on_river)
    assert (r.points, r.mouth, r.configuration) == ([(1, 1), (1, 0)], "edge", (1, 0))
    # C2: its highest corner (3, 2) has two edges downhill, north and west; refuse the north one
    # (say it would cut a road) and the west one is taken, from the same source.
    r = watercourse_from((2, 1), rising, set(), refuse=lambda path: path[1] == (3, 1))
    assert r.points[:2] == [(3, 2), (2, 2)] and r.mouth == "edge"
    # B1 again, but its corner (1, 0) a hair (less than the drainage's 1e-4) below (1, 1): no way down.
    flat = Drainage(terrain, 0.1 * xx + 0.05 * yy)
    flat.filled[0, 1] = flat.filled[1, 1] - 0.00005
    assert watercourse_from((1, 0), flat, on_river) is None
    # A1, beside a river along x = 1: its one inland corner is on that river, so no watercourse rises there.
    south = Drainage(terrain, 0.1 * yy + 0.05 * xx)
    assert watercourse_from((0, 0), south, {(1, y) for y in range(1, 5)}) is None


@pytest.mark.parametrize("ground,name", [("mountain", "stream"), ("hills", "stream"), ("desert", "wadi"), ("forest", "river")])
def test_a_watercourse_is_named_for_its_ground(ground, name):
    terrain = plain(5, 6)
    territory = np.full((5, 6), "N", dtype="<U1")
    terrain[2, 2], territory[2, 2] = ground, "A"
    p = make_placer(terrain, faces=RIVER, territory=territory, climate="torrid")
    c = roll(p)
    assert (c.square, c.name, c.watercourse) == ((2, 2), name, "new")


def test_a_rolled_river_on_a_river_square_is_a_second_watercourse():
    terrain = plain(4, 4)
    old = River([(2, 0), (2, 1), (2, 2), (2, 3), (2, 4)], "edge", [0.5, 0.4, 0.3, 0.2, 0.1])
    territory = np.full((4, 4), "N", dtype="<U1")
    territory[:, 1:3] = "A"  # only squares beside the river
    p = make_placer(terrain, faces=RIVER, territory=territory, rivers=[old])
    c = roll(p)
    assert c.watercourse == "second" and len(p.rivers) == 1
    assert p.dice.log[1].result == f"river -> river at {square_id(*c.square)} (second watercourse)"


def test_a_square_with_no_way_down_is_skipped():
    # Column 1 sits between lakes: its corners all touch water, so no river can start there.
    terrain = plain(3, 5)
    terrain[:, 0] = terrain[:, 2] = "lake"
    territory = np.full((3, 5), "N", dtype="<U1")
    territory[:, 1] = territory[1, 3] = "A"
    p = make_placer(terrain, faces=RIVER, territory=territory)
    c = roll(p)
    assert c.square == (3, 1) and c.watercourse == "new"
    territory[1, 3] = "N"  # now no square of the territory has a way down: the slot rolls again
    p = make_placer(terrain, faces=RIVER + RUINS, territory=territory)
    c = roll(p)
    assert c.name == "ruins" and [r.result for r in p.dice.log if r.rule == "FW-11.6"] == [
        "river: no fitting square here, roll again (AMB-44)"
    ]


def test_a_watercourse_drawn_after_the_roads_never_cuts_one():
    terrain = plain(5, 6)
    p = make_placer(terrain)
    p.builder = RoadBuilder(terrain, [])
    p.builder.roads.append(Road([(0, 2), (1, 2), (2, 2), (3, 3)]))
    assert p._crosses_road([(2, 0), (2, 1), (2, 2), (2, 3)])  # across the step (1,2)-(2,2)
    assert p._crosses_road([(3, 5), (3, 4), (3, 3)])  # through the diagonal step's point
    assert not p._crosses_road([(4, 0), (4, 1), (5, 1)])
    assert not p._crosses_road([(2, 0), (2, 1), (2, 2), (3, 2)])  # along C3's north edge: the road enters C3 from the west
    p.builder.roads.append(Road([(1, 3), (2, 4)]))  # a diagonal step through corner (2, 4)
    assert p._crosses_road([(2, 5), (2, 4), (3, 4)]) and not p._crosses_road([(4, 5), (4, 4), (3, 4)])
    p.builder = None
    assert not p._crosses_road([(2, 0), (2, 1), (2, 2), (2, 3)])


# --- rolled configurations keep their squares ------------------------------------------



def test_a_later_configuration_never_changes_an_earlier_ones_square():
    terrain = plain(1, 2)
    p = make_placer(terrain, faces=UNCULTIVATED + CULTIVATED + UNCULTIVATED + DESERT * 13)
    first = roll(p)
    second = roll(p)
    assert first.square != second.square  # not on the grassland
    third = roll(p)
    assert third.square == first.square  # grassland on grassland changes nothing
    assert roll(p) is third  # a desert fits nowhere: every square is kept
    assert p.dice.remaining == 0
    assert p.terrain[first.square[1], first.square[0]] == "uncultivated"
    assert p.terrain[second.square[1], second.square[0]] == "cultivated"


def test_a_farm_may_join_rolled_fields_but_never_turns_another_configuration_into_fields():
    terrain = plain(3, 3)
    territory = np.full((3, 3), "N", dtype="<U1")
    territory[1, 1] = "A"
    p = make_placer(terrain, faces=CULTIVATED + [6, 1, 2, 3], territory=territory)
    fields, farm = roll(p), roll(p)
    assert fields.square == farm.square == (1, 1) and farm.name == "farm"
    p = make_placer(plain(3, 3), faces=RUINS + [6, 1, 2, 3] + [6, 2, 2], territory=territory)
    ruins, temple = roll(p), roll(p)  # the farm finds no field or open ground it may use: rolled again
    assert ruins.square == temple.square == (1, 1) and temple.name == "temple" and p.terrain[1, 1] == "plain"


def test_a_lake_never_drowns_a_configuration():
    terrain = plain(3, 3)
    territory = np.full((3, 3), "N", dtype="<U1")
    territory[1, 1] = "A"  # the only square away from the edge: the only place for a lake
    p = make_placer(terrain, faces=RUINS + LAKE * 13, territory=territory)
    ruins = roll(p)
    assert ruins.square == (1, 1)
    assert roll(p) is ruins and p.terrain[1, 1] == "plain" and p.dice.remaining == 0


def test_fields_round_holdings_leave_configurations_alone():
    terrain = plain(3, 3)
    terrain[0, 0] = "uncultivated"
    keep = np.zeros((3, 3), bool)
    keep[0, 0] = keep[2, 2] = True

    class H:
        square = (1, 1)

    cultivate_around(np.random.default_rng(0), terrain, [H()], keep, chance=1.0)
    assert terrain[0, 0] == "uncultivated" and terrain[2, 2] == "plain"
    assert (terrain == "cultivated").sum() == 7


def test_fields_only_next_to_a_holding_on_open_ground():
    terrain = plain(5, 5)
    terrain[1, 1], terrain[1, 2] = "uncultivated", "forest"
    keep = np.zeros((5, 5), bool)
    keep[3, 3] = True

    class H:
        square = (2, 2)

    cultivate_around(np.random.default_rng(0), terrain, [H()], keep, chance=1.0)
    fields = {(int(c), int(r)) for r, c in np.argwhere(terrain == "cultivated")}
    assert fields == {(c, r) for c in (1, 2, 3) for r in (1, 2, 3)} - {(2, 1), (3, 3)}
    assert terrain[1, 2] == "forest" and terrain[3, 3] == "plain"


def test_clearing_for_holdings_leaves_configurations_alone():
    terrain = plain(9, 3, "forest")
    territory = np.full((9, 3), "A", dtype="<U1")
    keep = np.zeros((9, 3), bool)
    keep[0:2, :] = True  # rolled woods in the first two rows
    side = Side("A", "Red", "humans", "#c00")
    squares, cleared = place_side(
        np.random.default_rng(0), side, 1, terrain, territory, np.ones((9, 3), bool), np.zeros((9, 3), bool), keep
    )
    assert len(squares) == 2 and sorted(cleared) == sorted(squares)
    assert all(r >= 2 for _, r in squares)


# --- FW-11.7 result 5-6: glacier on high mountains, else a chasm ------------------


def test_high_mountains_are_the_upper_half_of_each_chain():
    terrain = plain(3, 9)
    elevation = np.zeros((3, 9))
    terrain[1, 0:4] = "mountain"  # one chain
    elevation[1, 0:4] = [0.9, 0.8, 0.95, 0.7]
    terrain[1, 6] = "mountain"  # a chain of its own: its one square is its top
    elevation[1, 6] = 0.6
    terrain[0, 8] = terrain[1, 8] = "mountain"  # two squares of the same height: both high
    elevation[0, 8] = elevation[1, 8] = 0.65
    high = high_mountains(terrain, elevation)
    assert sorted(map(tuple, np.argwhere(high).tolist())) == [(0, 8), (1, 0), (1, 2), (1, 6), (1, 8)]
    assert not high_mountains(plain(2, 2), np.ones((2, 2))).any()


def test_high_mountains_use_the_elevation_as_stored():
    terrain = plain(1, 2, "mountain")
    high = high_mountains(terrain, np.array([[0.50001, 0.50004]]))  # both 0.5 in fw-map.json
    assert high.all()


@pytest.mark.parametrize("climate", ["cold", "temperate", "torrid"])
def test_a_glacier_on_a_high_mountain_in_any_climate(climate):
    terrain = plain(3, 6)
    terrain[1, 1:4] = "mountain"
    elevation = np.zeros((3, 6))
    elevation[1, 1:4] = [0.7, 0.95, 0.8]
    p = make_placer(terrain, faces=GLACIER_OR_CHASM, climate=climate, elevation=elevation)
    c = roll(p)
    assert (c.name, c.rule, c.category) == ("glacier", "FW-11.7", "special")
    assert c.square in ((2, 1), (3, 1))


def test_no_high_mountain_gives_a_chasm_on_high_ground():
    terrain = plain(3, 6)
    terrain[1, 1:4] = "hills"
    p = make_placer(terrain, faces=GLACIER_OR_CHASM, climate="cold")
    c = roll(p)
    assert c.name == "chasm" and terrain[c.square[1], c.square[0]] == "hills"
    p = make_placer(plain(2, 2), faces=GLACIER_OR_CHASM, climate="cold")
    assert roll(p).name == "chasm"


# --- the other results -----------------------------------------------------------


@pytest.mark.parametrize(
    "faces,ground,name",
    [
        ([5, 1], "mountain", "volcano"),
        ([5, 1], "hills", "volcano"),
        ([5, 2], "desert", "dunes"),
        ([5, 3], "desert", "boulders"),
        ([5, 4], "plain", "isolated_mountain"),
        ([6, 1, 1, 1], "hills", "mine"),
        ([6, 1, 1, 6], "plain", "cemetery"),
        ([6, 1, 2, 3], "plain", "farm"),
        ([6, 1, 2, 4], "plain", "village"),
        ([6, 2, 2], "plain", "temple"),
        ([6, 2, 3], "plain", "tower"),
        ([6, 3, 3], "plain", "sanctuary"),
        ([6, 3, 4], "plain", "burial_mound"),
        ([6, 5, 5], "mountain", "pass"),
        ([3, 3], "plain", "marsh"),
        ([4, 5], "forest", "swamp"),
    ],
)
def test_results_that_need_their_ground(faces, ground, name):
    terrain = plain(3, 4)
    territory = np.full((3, 4), "N", dtype="<U1")
    terrain[1, 2], territory[1, 2] = ground, "A"
    if name == "isolated_mountain":
        terrain[:, :] = "mountain"
        terrain[1, 2] = "plain"
        territory[:, :] = "A"
    p = make_placer(terrain, faces=faces, territory=territory)
    c = roll(p)
    assert (c.square, c.name) == ((2, 1), name)
    assert p.dice.remaining == 0


@pytest.mark.parametrize(
    "faces,ground,name",
    [([3, 3], "plain", "marsh"), ([5, 1], "hills", "volcano"), ([6, 1, 1, 1], "mountain", "mine"), ([6, 1, 2, 6], "cultivated", "village")],
)
def test_results_that_change_no_terrain_may_stand_on_a_road_or_a_holding(faces, ground, name):
    terrain = plain(3, 4)
    territory = np.full((3, 4), "N", dtype="<U1")
    terrain[1, 2], territory[1, 2] = ground, "A"
    p = make_placer(terrain, faces=faces, territory=territory)
    p.road, p.holdings = {(2, 1)}, {(2, 1)}
    assert (roll(p).square, p.terrain[1, 2]) == ((2, 1), ground)


def test_results_with_no_ground_roll_again():
    # All plain: no volcano, dunes, mine or pass fits; the next roll places a temple.
    for faces in ([5, 1], [5, 2], [6, 1, 1, 1], [6, 5, 5]):
        p = make_placer(plain(3, 3), faces=faces + [6, 2, 2])
        assert roll(p, deferred=[]).name == "temple"


@pytest.mark.parametrize(
    "faces,ground,name,after",
    [
        (UNCULTIVATED, "plain", "uncultivated", "uncultivated"),
        (CULTIVATED, "uncultivated", "cultivated", "cultivated"),
        ([6, 1, 2, 3], "plain", "farm", "cultivated"),
        (ORDINARY_WOOD, "uncultivated", "wood", "forest"),
        (DESERT, "plain", "wasteland", "desert"),
        (SWAMP, "jungle", "swamp", "swamp"),
    ],
)
@pytest.mark.parametrize("seed", range(6))
def test_results_give_their_square_its_terrain_and_spare_holdings_and_roads(faces, ground, name, after, seed):
    # Three squares of the right ground: one holds a holding, one a road; whatever the draw, the third is used.
    terrain = plain(3, 4, "hills")
    territory = np.full((3, 4), "A", dtype="<U1")
    terrain[1, 1] = terrain[1, 2] = terrain[0, 2] = ground
    p = make_placer(terrain, faces=faces, territory=territory, seed=seed)
    p.holdings = {(1, 1)}
    p.road = {(2, 0)}
    c = roll(p)
    assert (c.square, c.name) == ((2, 1), name)
    assert p.terrain[1, 2] == after and p.terrain[1, 1] == ground and p.terrain[0, 2] == ground
    assert p.features == {(2, 1): [name]}


@pytest.mark.parametrize("ground", ["plain", "uncultivated", "cultivated", "swamp"])
def test_a_marsh_lies_on_open_ground_fields_or_swamp_and_changes_none(ground):
    terrain = plain(3, 4, "hills")
    territory = np.full((3, 4), "N", dtype="<U1")
    terrain[1, 2], territory[1, 2] = ground, "A"
    p = make_placer(terrain, faces=[3, 3], territory=territory)
    assert (roll(p).square, p.terrain[1, 2]) == ((2, 1), ground)


def test_a_lake_goes_inland_away_from_water_and_rivers():
    terrain = plain(5, 6)
    terrain[1, 4] = "lake"  # squares next to water are out
    river = River([(1, 0), (1, 1), (1, 2), (1, 3), (1, 4), (1, 5)], "edge", [0.6, 0.5, 0.4, 0.3, 0.2, 0.1])
    p = make_placer(terrain, faces=LAKE, rivers=[river])
    mask = p._lake_mask()
    assert np.argwhere(mask).tolist() == [[1, 2], [2, 2], [3, 2], [3, 3], [3, 4]]
    c = roll(p)
    assert c.name == "lake" and p.terrain[c.square[1], c.square[0]] == "lake" and p._drainage is None
    assert c.square in {(2, 1), (2, 2), (2, 3), (3, 3), (4, 3)}


def test_a_rolled_bridge_goes_on_a_river_edge_of_its_territory_without_a_crossing():
    terrain = plain(4, 6)
    river = River([(3, 0), (3, 1), (3, 2), (3, 3), (3, 4)], "edge", [0.5, 0.4, 0.3, 0.2, 0.1])
    territory = np.full((4, 6), "N", dtype="<U1")
    territory[:, :3] = "A"
    p = make_placer(terrain, faces=[6, 4, 5] * 2, territory=territory, rivers=[river])
    p.existing_crossings = {frozenset(((2, 0), (3, 0))), frozenset(((2, 1), (3, 1)))}
    placed = []
    for n in range(2):
        c = roll(p, n=n + 1)
        placed.append(c.square)
        assert (c.name, c.rule) == ("bridge", "FW-11.8")
    assert sorted(placed) == [(2, 2), (2, 3)]
    assert sorted(cr.squares for cr in p.crossings) == [((2, 2), (3, 2)), ((2, 3), (3, 3))]
    assert all(cr.kind == "bridge" for cr in p.crossings)
    assert p.dice.remaining == 0
    assert not p.place(cfg.Slot("A", "A", "artificial", "bridge", "FW-11.8", 1, 3))  # no free edge left
    assert not p.place(cfg.Slot("A", "N", "artificial", "bridge", "FW-11.8", 1, 3))  # an edge belongs to the territory of its west (or north) square: A here


def test_a_lake_never_lies_on_the_map_edge():
    p = make_placer(plain(4, 5))
    assert np.argwhere(p._lake_mask()).tolist() == [[r, c] for r in (1, 2) for c in (1, 2, 3)]


def test_a_lake_never_touches_a_river_even_at_one_corner():
    # Two rivers along the line y = 3, from corners (2, 3) and (4, 3) to the west and east edges:
    # C3 touches one only at its south-west corner, D3 at its south-east, C4 at its north-west,
    # D4 at its north-east.  A road, a holding and other configurations are spared; fields may flood.
    terrain = plain(7, 7)
    terrain[5, 5] = "cultivated"
    # Two one-edge rivers reach the west edge at corners (0, 1) and (0, 5): B2 and B5 touch them.
    west = River([(2, 3), (1, 3), (0, 3)], "edge", [0.3, 0.2, 0.1])
    east = River([(4, 3), (5, 3), (6, 3), (7, 3)], "edge", [0.4, 0.3, 0.2, 0.1])
    north = River([(1, 1), (0, 1)], "edge", [0.3, 0.2])
    south = River([(1, 5), (0, 5)], "edge", [0.3, 0.2])
    p = make_placer(terrain, rivers=[west, east, north, south])
    p.road = {(2, 1)}
    p.holdings = {(2, 4)}
    p.configs.append(cfg.Config((4, 5), "ruins", "artificial", "FW-11.8", "A", "A"))
    allowed = {(c, r) for r in (1, 4, 5) for c in range(1, 6)} - {(1, 1), (1, 4), (1, 5), (2, 1), (2, 4), (4, 5)}
    assert {(int(c), int(r)) for r, c in np.argwhere(p._lake_mask())} == allowed
    assert terrain[5, 5] == "cultivated" and (5, 5) in allowed


def test_a_rolled_bridge_needs_both_banks_on_the_mainland():
    terrain = plain(4, 6)
    river = River([(3, 0), (3, 1), (3, 2), (3, 3), (3, 4)], "edge", [0.5, 0.4, 0.3, 0.2, 0.1])
    territory = np.full((4, 6), "A", dtype="<U1")
    usable = np.ones((4, 6), bool)
    usable[0, 2] = usable[1, 3] = usable[3, 2] = usable[3, 3] = False  # only row 2's edge has both banks
    p = make_placer(terrain, faces=[6, 4, 5], territory=territory, rivers=[river], usable=usable)
    c = roll(p)
    assert (c.name, c.square) == ("bridge", (2, 2))
    assert [cr.squares for cr in p.crossings] == [((2, 2), (3, 2))]
    assert not p.place(cfg.Slot("A", "A", "artificial", "bridge", "FW-11.8", 1, 2))  # no other edge has both banks


@pytest.mark.parametrize(
    "terrain,name",
    [("mountain", "stream"), ("hills", "stream"), ("desert", "wadi"), ("plain", "river"), ("forest", "river"), ("swamp", "river")],
)
def test_a_rolled_watercourse_is_named_for_its_ground(terrain, name):
    """FW-11.6 result 1-2: stream in mountain zones, wadi in deserts, river elsewhere; one rule for the generator and validate."""
    from mapgen.fw.rules import watercourse_name

    assert watercourse_name(terrain) == name
