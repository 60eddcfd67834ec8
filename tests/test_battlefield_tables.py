"""Battlefield tables and the works they place, with injected dice: every band, size, count and distance.

Expected values are the rulebook's (the digest ``fw-campaign.md``, checked against the
Italian original), typed out here, never read from ``mapgen.battlefield.rules``.
"""

import pytest
import shapely

from mapgen.battlefield import rules as R
from mapgen.battlefield.generate import BattleOptions, generate_battlefield
from mapgen.dice import DiceExpr, ScriptedDice
from mapgen.tables import roll_on

from .test_tables import faces_for

# Each table as the rulebook prints it: rule, dice, and the outcome of every total.
RULEBOOK_TABLES = {
    "REGION": ("FW-11.2", "1D6", {1: "flat", 2: "flat", 3: "hilly", 4: "hilly", 5: "mountainous", 6: "mountainous"}),
    "VEGETATION": ("FW-11.5", "1D6", {1: "uncultivated", 2: "uncultivated", 3: "cultivated", 4: "wood", 5: "forest", 6: "desert"}),
    "WOOD_KIND": ("FW-11.5", "1D6", {1: "enchanted_wood", 2: "enchanted_wood", 3: "enchanted_wood", 4: "wood", 5: "wood", 6: "wood"}),
    "HYDROGRAPHY": ("FW-11.6", "1D6", {1: "river", 2: "river", 3: "marsh", 4: "lake", 5: "swamp", 6: "swamp"}),
    "SPECIAL_CONFIG": ("FW-11.7", "1D6", {1: "volcano", 2: "dunes", 3: "boulders", 4: "isolated_mountain", 5: "glacier_or_chasm", 6: "glacier_or_chasm"}),
    "ARTIFICIAL": (
        "FW-11.8",
        "2D6",
        {2: "mine_ruins_cemetery", 3: "farm_or_village", 4: "temple", 5: "tower", 6: "sanctuary", 7: "burial_mound", 8: "road", 9: "bridge", 10: "pass", 11: "barrier", 12: "barrier"},
    ),
    "ARTIFICIAL_2": ("FW-11.8", "1D6", {1: "mine", 2: "mine", 3: "ruins", 4: "ruins", 5: "cemetery", 6: "cemetery"}),
    "ARTIFICIAL_3": ("FW-11.8", "1D6", {1: "farm", 2: "farm", 3: "farm", 4: "village", 5: "village", 6: "village"}),
    "CONFIG_CATEGORY": ("AMB-31", "1D6", {1: "vegetation", 2: "vegetation", 3: "hydrography", 4: "hydrography", 5: "special", 6: "artificial"}),
    "PLATEAU_PLACE": ("FW-21.2", "1D6", {1: "winner", 2: "winner", 3: "winner", 4: "winner", 5: "centre", 6: "loser"}),
    "MOUNTAIN_SIZE": ("AMB-32", "1D6", {1: "large", 2: "large", 3: "medium", 4: "medium", 5: "small", 6: "small"}),
    "PEAK_SIZE": ("FW-10.5", "1D6", {1: "large", 2: "large", 3: "medium", 4: "medium", 5: "small", 6: "small"}),
}
CASES = [(name, total) for name, (_, _, outcomes) in RULEBOOK_TABLES.items() for total in outcomes]


@pytest.mark.parametrize("name,total", CASES, ids=[f"{n}-{t}" for n, t in CASES])
def test_every_total_of_every_table_with_injected_dice(name, total):
    rule, dice_expr, outcomes = RULEBOOK_TABLES[name]
    table = getattr(R, name)
    assert (table.rule, table.dice) == (rule, dice_expr)
    dice = ScriptedDice(faces_for(total, DiceExpr.parse(dice_expr)))
    roll, got = roll_on(dice, table, "test")
    assert got.outcome == outcomes[total] and roll.rule == rule and roll.result == outcomes[total] and roll.total == total


def test_every_battlefield_table_is_checked_here():
    assert {t.name for t in R.ALL_TABLES} == {getattr(R, n).name for n in RULEBOOK_TABLES}


# FW-11.2 mountainous (AMB-32): 40 x 40 weighs 1/2, 20 x 20 1/4, 10 x 10 1/6; the mountain square's
# peaks use the same sizes (FW-10.5 gives none).
@pytest.mark.parametrize("name", ["MOUNTAIN_SIZE", "PEAK_SIZE"])
def test_mountain_sizes(name):
    table = getattr(R, name)
    sizes = {b.outcome: b.data["size"] for b in table.bands}
    assert sizes == {"large": 40, "medium": 20, "small": 10}
    if name == "MOUNTAIN_SIZE":
        weights = {b.data["size"]: b.data["weight"] for b in table.bands}
        assert weights == pytest.approx({40: 1 / 2, 20: 1 / 4, 10: 1 / 6})


def layout(faces, **kw):
    """A layout from a campaign square (no rolled works) with every die injected."""
    kw.setdefault("terrain", "plain")
    kw.setdefault("map_name", "test.json")
    dice = ScriptedDice(faces)
    b = generate_battlefield(BattleOptions(seed=1, **kw), dice)
    assert dice.remaining == 0, "every injected die is used"
    return b


class FirstFaces(ScriptedDice):
    """The given faces first, then seeded dice: forces the rolls a test is about and leaves the rest to chance."""

    def _faces(self, expr):
        if self.remaining >= expr.count:
            return super()._faces(expr)
        return [int(f) for f in self.rng.integers(1, expr.sides + 1, size=expr.count)]


def forced(faces, seed=1, **kw):
    """A layout whose first dice show ``faces``; the test fails if some of them were never rolled."""
    dice = FirstFaces(faces, seed=seed)
    b = generate_battlefield(BattleOptions(seed=seed, **kw), dice)
    assert dice.remaining == 0, "every injected die is used"
    return b


def kinds(b):
    return [f.kind for f in b.features]


PITCHED = [4, 2]  # the roll-off standing in for scouting: A wins, B deploys first


def test_pitched_battle_scouting_loser_deploys_first():
    b = layout(PITCHED)
    assert b.scenario.deploys_first == "B"
    b = layout([1, 6])
    assert b.scenario.deploys_first == "A"
    b = layout([3, 3, 2, 5])  # a tie is rolled again
    assert b.scenario.deploys_first == "A" and len(b.dice_log) == 4


@pytest.mark.parametrize("n,impassable", [(1, False), (3, False), (4, True), (6, True)])
def test_glacier_crevasses_over_three_make_it_impassable(n, impassable):
    b = layout(PITCHED + [n], works=("glacier",))
    glacier = next(f for f in b.features if f.kind == "glacier")
    assert glacier.passable is (not impassable)
    assert kinds(b).count("crevasse") == n
    crev = [f for f in b.features if f.kind == "crevasse"]
    assert all(f.size_cm == (5, 1) for f in crev)  # 1 x 5 cm, all laid the same way
    assert all(glacier.polygon.buffer(0.01).contains(f.polygon) for f in crev)


@pytest.mark.parametrize("n", [1, 6])
def test_boulders_one_to_six_fields_twenty_cm_apart(n):
    b = layout(PITCHED + [n], works=("boulders",))
    fields = [f for f in b.features if f.kind == "boulders"]
    assert len(fields) == n
    for i, a in enumerate(fields):
        assert a.size_cm[0] <= 30 and a.size_cm[1] <= 30
        for c in fields[i + 1 :]:
            assert a.polygon.distance(c.polygon) >= 20 - 1e-6  # at least 20 cm apart (FW-11.7 result 3)


def test_dunes_only_in_the_desert():
    b = layout(PITCHED + [5], terrain="desert", works=("dunes",))
    assert kinds(b).count("dune") == 5
    assert all(f.size_cm == (10, 10) and f.difficult for f in b.features if f.kind == "dune")
    b = layout(PITCHED, terrain="plain", works=("dunes",))
    assert "dune" not in kinds(b) and any("Dunes" in n for n in b.notes)


@pytest.mark.parametrize("walls", [1, 4, 5, 6])
def test_farm_walls_and_a_quarter_of_difficult_ground(walls):
    b = layout(PITCHED + [walls], works=("farm",))
    assert kinds(b).count("wall") == walls
    (farm,) = [f for f in b.features if f.kind == "farm"]
    assert farm.size_cm == (15, 10)  # [DEV] the manual's farm size
    difficult = shapely.union_all([f.polygon for f in b.features if f.difficult]).area
    assert difficult >= 0.25 * 180 * 120  # at least 25 % of the whole table (FW-11.8 result 3)
    assert b.notes == []
    fields = [f for f in b.features if f.kind == "field"]
    assert fields and all(f.rule == "FW-11.8" and f.difficult for f in fields)
    assert all(w.rule == "FW-11.8" and w.note.endswith("round the farm") for w in b.features if w.kind == "wall")


def test_village_walls_and_houses():
    b = layout(PITCHED + [3], works=("village",))
    assert kinds(b).count("wall") == 3 and 3 <= kinds(b).count("house") <= 5  # [DEV] 3 to 5 houses
    (village,) = [f for f in b.features if f.kind == "village"]
    assert village.size_cm == (30, 30)
    houses = [f for f in b.features if f.kind == "house"]
    assert all(h.size_cm == (6, 8) and village.polygon.contains(h.polygon) and not h.passable for h in houses)
    # the village's cultivated ground: 50 % of the table outside the village (FW-11.8 result 3)
    difficult = shapely.union_all([f.polygon for f in b.features if f.difficult and f.kind != "village"]).area
    assert difficult >= 0.5 * (180 * 120 - 30 * 30) and b.notes == []


@pytest.mark.parametrize("n", [1, 4])
def test_barrier_walls_close_the_pass(n):
    # 1 feature on the mountain table (FW-10.5): the pass itself; then the barrier's walls
    b = layout([1] + PITCHED + [n], terrain="mountain", road=True, works=("pass", "barrier"))
    barrier = next(f for f in b.features if f.kind == "barrier")
    walls = [f for f in b.features if f.kind == "wall"]
    assert len(walls) == n and all(f.on_top_of == "barrier" for f in walls)
    pas = next(f for f in b.features if f.kind == "pass")
    assert barrier.on_top_of == "pass" and pas.polygon.buffer(0.2).contains(barrier.polygon)
    assert all(pas.polygon.intersection(w.polygon.envelope).area <= w.polygon.area + 0.5 for w in walls)  # each spans the pass


def test_jungle_beasts_and_plants_thirty_cm_apart_outside_the_zones():
    b = layout(PITCHED + [3, 2], terrain="jungle")
    dangers = [f for f in b.features if f.kind in ("beast", "carnivorous_plant")]
    assert kinds(b).count("beast") == 3 and kinds(b).count("carnivorous_plant") == 2
    for i, a in enumerate(dangers):
        assert not any(a.polygon.intersects(z.polygon) for z in b.scenario.zones)
        for c in dangers[i + 1 :]:
            assert a.polygon.distance(c.polygon) >= 30 - 1e-6  # at least 30 cm between any two (FW-19.6)


@pytest.mark.parametrize("face,where", [(1, "winner"), (4, "winner"), (5, "centre"), (6, "loser")])
def test_plateau_placement(face, where):
    # A wins the scouting stand-in; the plateau is 60 cm deep across the whole table (FW-21.2).
    b = layout([5, 2, face], terrain="hills", region="mountainous")
    plateau = next(f for f in b.features if f.kind == "plateau")
    x0, y0, x1, y1 = plateau.polygon.bounds
    assert (x0, x1, y1 - y0) == (0, 180, 60)
    assert y0 == {"winner": 0, "centre": 30, "loser": 60}[where]


def test_raid_civilian_levies():
    # FW-23.1: 1D6 civilian units, 2D6 models each; then the village's 1D6 low walls (FW-11.8)
    b = layout([2, 4, 5, 6, 1, 3], scenario="raid")
    garrison = next(o for o in b.scenario.orders if o.role == "village garrison")
    assert any("2 units of 9, 7 models" in i for i in garrison.instructions)
    assert [f.kind for f in b.features].count("wall") == 3


# --- each work the square may require, with its size and rule -------------------------
# (work, sizes it may take as (min w, max w, min d, max d), its rule): the rulebook's sizes where it
# gives them (mine 20 x 20 and glacier 40 x 40, FW-11.8 and FW-11.7.2), else the manual's [DEV] sizes.
WORK_SIZES = [
    ("ruins", (15, 15, 15, 15), "FW-11.8"),
    ("cemetery", (15, 15, 15, 15), "FW-11.8"),
    ("temple", (15, 15, 15, 15), "FW-11.8"),
    ("sanctuary", (15, 15, 15, 15), "FW-11.8"),
    ("tower", (10, 10, 10, 10), "FW-11.8"),
    ("burial_mound", (15, 15, 15, 15), "FW-11.8"),
    ("mine", (20, 20, 20, 20), "FW-11.8"),
    ("enchanted_wood", (20, 20, 20, 20), "FW-11.5.4"),
    ("wood", (20, 20, 20, 20), "FW-19.1"),
    ("marsh", (15, 25, 15, 25), "FW-11.6"),
    ("lake", (20, 35, 20, 30), "FW-11.6"),
    ("volcano", (20, 25, 20, 25), "FW-11.7"),
    ("isolated_mountain", (30, 40, 30, 40), "FW-11.7"),
]


@pytest.mark.parametrize("work,size,rule", WORK_SIZES, ids=[w for w, _, _ in WORK_SIZES])
def test_a_square_work_is_placed_with_its_size_and_rule(work, size, rule):
    b = layout(PITCHED, works=(work,))
    (f,) = [f for f in b.features if f.kind == work and not f.note.endswith("(a base-rules feature)")]
    w_lo, w_hi, d_lo, d_hi = size
    assert w_lo <= f.size_cm[0] <= w_hi and d_lo <= f.size_cm[1] <= d_hi
    x0, y0, x1, y1 = f.polygon.bounds
    assert x1 - x0 == pytest.approx(f.size_cm[0], abs=0.11) and y1 - y0 == pytest.approx(f.size_cm[1], abs=0.11)
    assert f.rule == rule and b.notes == []


def test_mine_has_an_entrance_on_two_opposite_sides():
    b = layout(PITCHED, works=("mine",))
    (mine,) = [f for f in b.features if f.kind == "mine"]
    entrances = [f for f in b.features if f.kind == "mine_entrance"]
    assert len(entrances) == 2 and not mine.passable
    (left, right) = sorted(entrances, key=lambda f: f.polygon.bounds[0])
    assert left.polygon.bounds[0] == mine.polygon.bounds[0] and right.polygon.bounds[2] == mine.polygon.bounds[2]
    assert all(e.on_top_of == "mine" and e.size_cm == (3, 3) for e in entrances)


def test_volcano_lava_river_runs_to_the_nearest_edge():
    b = layout(PITCHED, works=("volcano",))
    (volcano,) = [f for f in b.features if f.kind == "volcano"]
    (lava,) = [f for f in b.features if f.kind == "lava_river"]
    assert not volcano.passable and not lava.passable and lava.size_cm[1] == 5  # [DEV] 5 cm wide
    x0, y0, x1, y1 = lava.polygon.bounds
    assert min(x0, y0, 180 - x1, 120 - y1) < 0.01  # it reaches a table edge
    assert lava.polygon.distance(volcano.polygon) < 0.5


def test_isolated_mountain_stands_in_one_quarter_never_the_centre():
    for seed in range(4):
        b = forced(PITCHED, seed=seed, terrain="plain", map_name="m.json", works=("isolated_mountain",))
        (m,) = [f for f in b.features if f.kind == "isolated_mountain"]
        x0, y0, x1, y1 = m.polygon.bounds
        assert (x1 <= 90 or x0 >= 90) and (y1 <= 60 or y0 >= 60)  # wholly in one quarter (AMB-30)
        assert min(m.size_cm) >= 30 and not m.passable


def test_chasm_two_hills_ten_cm_apart():
    b = layout(PITCHED, works=("chasm",))
    (chasm,) = [f for f in b.features if f.kind == "chasm"]
    hills = sorted((f for f in b.features if f.kind == "chasm_hill"), key=lambda f: f.polygon.bounds[0])
    assert len(hills) == 2 and chasm.size_cm[0] == 10 and not chasm.passable
    assert hills[1].polygon.bounds[0] - hills[0].polygon.bounds[2] == 10
    assert hills[0].size_cm == hills[1].size_cm and all(h.note.startswith("2 levels") for h in hills)
    assert "steep right side" in hills[0].note and "steep left side" in hills[1].note


@pytest.mark.parametrize("climate,mountains,kind", [("cold", "mountain", "glacier"), ("temperate", "mountain", "glacier"), ("torrid", "mountain", "glacier"), ("cold", "plain", "chasm")])
def test_glacier_only_in_high_mountains_in_any_climate_else_a_chasm(climate, mountains, kind):
    # side A rolls special (5) glacier or chasm (5); a mountain table of 2 features leaves room for it
    faces = ([2] if mountains == "mountain" else []) + PITCHED + [5, 5] + ([3] if kind == "glacier" else [])
    b = forced(faces, terrain=mountains, climate=climate, scenario="pitched")
    assert len([f for f in b.features if f.kind == kind and "rolled by side A" in f.note]) == 1


HOLDING_FEATURES = [
    ("sacred_grove", "enchanted_wood", "Sacred Grove (FW-3.4)"),
    ("tower_of_magic", "tower", "Tower of Magic of the Enchanted Wood (FW-3.4)"),
    ("stonehenge_temple", "temple", "Stonehenge Temple (FW-3.4)"),
    ("sanctuary", "sanctuary", "Sanctuary (FW-3.4)"),
    ("burial_mound", "burial_mound", "Burial Mound (FW-3.4)"),
    ("precious_metal_mine", "mine", "Precious-metal mine (FW-3.4)"),
]


@pytest.mark.parametrize("feature,kind,note", HOLDING_FEATURES, ids=[h[0] for h in HOLDING_FEATURES])
def test_a_holding_and_its_feature_stand_on_the_table(feature, kind, note):
    b = layout(PITCHED, holding="capital of side A", holding_feature=feature)
    (hold,) = [f for f in b.features if f.kind == "stronghold"]
    assert hold.rule == "FW-3" and hold.note == "capital of side A (FW-3): the holding" and hold.size_cm == (20, 20)
    (f,) = [f for f in b.features if f.kind == kind]
    assert f.note.endswith("; " + note)


def test_a_city_holding_is_a_village_with_houses_walls_and_fields():
    b = layout(PITCHED + [2], holding_feature="city")
    (village,) = [f for f in b.features if f.kind == "village"]
    assert village.note.endswith("City (FW-3.4): a large village") and kinds(b).count("wall") == 2


def test_rivers_roads_and_passes_have_their_widths():
    # [DEV] widths: river 8, stream 5, wadi 8, road 5, pass 8 cm
    b = layout(PITCHED, river=True, road=True, bridge=True)
    assert [f.size_cm[1] for f in b.features if f.kind in ("river", "road")] == [8, 5]
    b = layout(PITCHED, terrain="desert", river=True)
    assert [f.size_cm[1] for f in b.features if f.kind == "wadi"] == [8]
    b = layout([2] + PITCHED, terrain="mountain", river=True, road=True)
    assert sorted((f.kind, f.size_cm[1]) for f in b.features if f.kind in ("stream", "pass")) == [("pass", 8), ("stream", 5)]


def test_the_road_crosses_the_river_only_at_its_bridge():
    b = layout(PITCHED, river=True, road=True, bridge=True)
    (river,) = [f for f in b.features if f.kind == "river"]
    (road,) = [f for f in b.features if f.kind == "road"]
    (bridge,) = [f for f in b.features if f.kind == "bridge"]
    assert bridge.on_top_of == "river" and "crosses the river by the bridge" in road.note
    wet = road.polygon.intersection(river.polygon)
    assert wet.area > 1 and wet.difference(bridge.polygon.buffer(0.3)).area < 0.5
    assert bridge.polygon.bounds[2] - bridge.polygon.bounds[0] >= river.size_cm[1] or bridge.polygon.bounds[3] - bridge.polygon.bounds[1] >= river.size_cm[1]


def test_a_ford_from_the_map_is_on_the_river():
    b = layout(PITCHED, river=True, ford=True)
    (ford,) = [f for f in b.features if f.kind == "ford"]
    (river,) = [f for f in b.features if f.kind == "river"]
    assert ford.on_top_of == "river" and ford.difficult and river.polygon.buffer(0.2).contains(ford.polygon)
    assert b.source.bridge is False


def centre_line(f):
    """The bends of a line feature, read back from its note as a player would."""
    text = f.note.split("centre line through ")[1]
    return [tuple(int(v) for v in p.strip(" ()").split(", ")) for p in text.split(" -> ")]


def test_without_a_crossing_the_road_follows_the_river():
    for seed in range(3):
        b = forced(PITCHED, seed=seed, terrain="plain", map_name="m.json", river=True, road=True)
        (river,) = [f for f in b.features if f.kind == "river"]
        (road,) = [f for f in b.features if f.kind == "road"]
        assert road.polygon.intersection(river.polygon).area < 0.5
        # the river's centre line moved 16 to 46 cm across its course, along one bank
        shifts = {(rx - qx, ry - qy) for (rx, ry), (qx, qy) in zip(centre_line(river)[1:-1], centre_line(road)[1:-1])}
        offsets = {max(abs(dx), abs(dy)) for dx, dy in shifts}
        assert max(offsets) - min(offsets) <= 1 and 16 - 1 <= min(offsets) and max(offsets) <= 46 + 1


@pytest.mark.parametrize("work,note", [("bridge", "Bridge (FW-11.8) with no river on the table: no effect."), ("barrier", "Barrier (FW-11.8) closes a mountain pass: there is no pass on this table, no effect."), ("pass", "Mountain pass (FW-11.8) with no mountains on the table: no effect.")])
def test_works_that_need_something_absent_have_no_effect(work, note):
    # side A rolls artificial works (6): 2D6 9 bridge, 10 pass, 11 barrier; side B grassland
    total = {"bridge": 9, "pass": 10, "barrier": 11}[work]
    b = forced(PITCHED + [6, total - 5, 5, 1, 1], terrain="plain")
    assert note in b.notes and work not in kinds(b)
