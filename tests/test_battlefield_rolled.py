"""Tables rolled without a map (FW-11.2, FW-11.5) and each player's rolled configuration (FW-11.5 to FW-11.8).

Every expected value is the rulebook's, typed out here: what each geographic type and
each vegetation result puts on the table, and what each configuration result places
under which rule.  The dice are injected, so each test forces the result it is about.
"""

import pytest

from .test_battlefield_tables import PITCHED, forced

GRASSLAND = [1, 1]  # a configuration from the vegetation table (1-2), natural grassland (1-2): nothing to place
NO_CONFIGS = GRASSLAND + GRASSLAND

# FW-11.2 geographic type (1D6): 1-2 flat, 3-4 hilly, 5-6 mountainous.
REGION_FACE = {"flat": 1, "hilly": 3, "mountainous": 5}
# FW-11.5 vegetation (1D6): 1-2 grassland, 3 cultivated fields, 4 wood, 5 forest (jungle in a hot zone), 6 desert.
VEGETATION_FACE = {"uncultivated": 2, "cultivated": 3, "wood": 4, "forest": 5, "desert": 6}
# The terrain word: the vegetation's when it covers the ground, the relief's when it does not.
TERRAIN = {
    ("flat", "uncultivated"): "uncultivated",
    ("flat", "cultivated"): "cultivated",
    ("flat", "wood"): "plain",
    ("flat", "forest"): "forest",
    ("flat", "desert"): "desert",
    ("hilly", "uncultivated"): "hills",
    ("hilly", "cultivated"): "cultivated",
    ("hilly", "wood"): "hills",
    ("hilly", "forest"): "forest",
    ("hilly", "desert"): "desert",
    ("mountainous", "uncultivated"): "mountainous",
    ("mountainous", "cultivated"): "cultivated",
    ("mountainous", "wood"): "mountainous",
    ("mountainous", "forest"): "forest",
    ("mountainous", "desert"): "desert",
}
ORDINARY_WOOD = [5]  # FW-11.5 result 4, second 1D6: 1-3 sacred or enchanted, 4-6 ordinary


def rolled_table(region, vegetation, seed=3, climate="temperate", **kw):
    faces = [REGION_FACE[region], VEGETATION_FACE[vegetation]] + (ORDINARY_WOOD if vegetation == "wood" else [])
    return forced(faces + PITCHED + NO_CONFIGS, seed=seed, terrain=None, scenario="pitched", climate=climate, **kw)


def of(b, kind):
    return [f for f in b.features if f.kind == kind]


def assert_placed(b):
    assert not any("could not" in n or "placement failed" in n or "short of" in n or "Only " in n for n in b.notes), b.notes


@pytest.mark.parametrize("region,vegetation", sorted(TERRAIN))
def test_both_rolls_shape_the_table(region, vegetation):
    b = rolled_table(region, vegetation)
    assert_placed(b)
    assert b.source.terrain == TERRAIN[region, vegetation]
    assert [r.rule for r in b.dice_log[:2]] == ["FW-11.2", "FW-11.5"]
    hills = of(b, "hill") + of(b, "dune")
    relief = [f for f in hills if f.rule == "FW-11.2" and f.note.startswith(("passable:", "impassable:"))]
    if region == "hilly":  # at least 4 hills, 2 passable and 2 impassable; in a desert they are dunes
        assert len(relief) == 4 and sum(f.passable for f in relief) == 2
        assert {f.kind for f in relief} == {"dune" if vegetation == "desert" else "hill"}
    else:
        assert relief == []
    mountains = of(b, "mountain")
    if region == "mountainous":  # impassable; two 40s, four 20s, six 10s or a combination
        weight = sum({40: 1 / 2, 20: 1 / 4, 10: 1 / 6}[m.size_cm[0]] for m in mountains)
        assert weight >= 1 - 1e-9 and not any(m.passable for m in mountains)
    else:
        assert mountains == []
    if region == "flat":  # at most 2 hillocks and 1 raised flat area
        assert len(of(b, "hillock")) <= 2 and len(of(b, "raised_area")) <= 1
    oases = of(b, "oasis")
    if vegetation == "desert":  # two oases of 20 x 20, one within 30 cm of each long edge (FW-11.5.6)
        assert len(oases) == 2 and all(o.size_cm == (20, 20) for o in oases)
        assert sorted(o.polygon.bounds[1] < 60 for o in oases) == [False, True]
        assert all(o.polygon.bounds[3] <= 30 or o.polygon.bounds[1] >= 120 - 30 for o in oases)
    else:
        assert oases == []
    fields = of(b, "cultivated_fields")
    if vegetation == "cultivated":  # movement slowed by low walls and fences (FW-11.5 result 3)
        assert len(fields) == 1 and fields[0].rule == "FW-11.5" and fields[0].difficult
    else:
        assert fields == []
    if vegetation == "wood":
        (wood,) = [f for f in of(b, "wood") if "rolled wood" in f.note]
        assert wood.rule == "FW-11.5"
    if vegetation == "forest":  # every other feature a wood, twice the count (FW-10.5 forest)
        main = [f for f in b.features if f.kind in ALTERNATING + ("mountain", "hill", "hillock", "raised_area", "marsh", "lake", "boulders")]
        woods = [f for f in main if f.kind in ALTERNATING]
        assert len(woods) >= len(main) // 2 and len(main) >= 2 * 6 - 1
    if vegetation == "uncultivated":  # no man-made obstacles
        assert not set(f.kind for f in b.features) & {"farm", "village", "wall", "field", "road", "cultivated_fields"}


ALTERNATING = ("wood", "enchanted_wood", "forest_section")


def test_hilly_desert_has_dunes_oases_and_a_djebel():
    b = rolled_table("hilly", "desert")
    assert [f.kind for f in b.features].count("dune") == 4
    assert len(of(b, "djebel")) == 1 and len(of(b, "oasis")) == 2
    assert all(f.difficult for f in of(b, "dune"))


def test_mountainous_forest_alternates_woods_with_the_mountains():
    b = rolled_table("mountainous", "forest", seed=5)
    assert_placed(b)
    main = [f.kind for f in b.features if f.kind in ALTERNATING + ("mountain", "boulders")]
    assert "mountain" in main and main[0] in ALTERNATING
    others = sum(k not in ALTERNATING for k in main)
    assert [k in ALTERNATING for k in main[: 2 * others : 2]] == [True] * others


def test_a_torrid_forest_is_a_jungle_with_its_dangers():
    b = rolled_table("hilly", "forest", climate="torrid")
    assert b.source.terrain == "jungle" and of(b, "beast") and of(b, "carnivorous_plant")


def test_a_desert_river_is_a_wadi():
    b = rolled_table("mountainous", "desert", river=True)
    assert of(b, "wadi") and not of(b, "river") and not of(b, "stream")


def test_mountainous_rivers_are_streams():
    b = rolled_table("mountainous", "uncultivated", river=True)
    assert of(b, "stream") and not of(b, "river")


# --- each player's configuration ---------------------------------------------

# (faces of side A's configuration, kind placed, its rule); side B rolls grassland.
CONFIG_RESULTS = [
    ([1, 3], "cultivated_fields", "FW-11.5"),  # vegetation: cultivated fields
    ([1, 4, 6], "wood", "FW-11.5"),  # vegetation: wood, ordinary
    ([1, 4, 1], "enchanted_wood", "FW-11.5.4"),  # vegetation: wood, sacred or enchanted
    ([1, 5], "forest_section", "FW-11.5"),  # vegetation: forest
    ([3, 1], "river", "FW-11.6"),  # hydrography: river
    ([3, 3], "marsh", "FW-11.6"),
    ([3, 4], "lake", "FW-11.6"),
    ([4, 6], "swamp", "FW-11.6"),
    ([5, 1], "volcano", "FW-11.7"),  # special configuration
    ([5, 4], "isolated_mountain", "FW-11.7"),
    ([5, 5], "chasm", "FW-11.7.3"),
    ([6, 1, 1, 2], "mine", "FW-11.8"),  # artificial works (2D6), 2: then 1D6 1-2 mine
    ([6, 1, 1, 3], "ruins", "FW-11.8"),
    ([6, 1, 1, 6], "cemetery", "FW-11.8"),
    ([6, 1, 2, 4, 3], "village", "FW-11.8"),  # 3: then 1D6 4-6 village; 3 low walls
    ([6, 2, 2], "temple", "FW-11.8"),
    ([6, 2, 3], "tower", "FW-11.8"),
    ([6, 3, 3], "sanctuary", "FW-11.8"),
    ([6, 3, 4], "burial_mound", "FW-11.8"),
    ([6, 4, 4], "road", "FW-11.8"),
]


@pytest.mark.parametrize("faces,kind,rule", CONFIG_RESULTS, ids=[c[1] for c in CONFIG_RESULTS])
def test_a_rolled_configuration_places_what_its_table_says(faces, kind, rule):
    b = forced(PITCHED + faces + GRASSLAND, terrain="plain")
    assert_placed(b)
    placed = [f for f in b.features if f.kind == kind and "rolled by side A" in f.note]
    assert len(placed) == 1, [f.kind for f in b.features]
    assert placed[0].rule == rule
    table = {1: "FW-11.5", 3: "FW-11.6", 4: "FW-11.6", 5: "FW-11.7", 6: "FW-11.8"}[faces[0]]
    assert [r.rule for r in b.dice_log[2:4]] == ["AMB-31", table]


def test_natural_grassland_places_nothing_and_says_so():
    b = forced(PITCHED + NO_CONFIGS, terrain="plain")
    assert not any("rolled by side" in f.note for f in b.features)
    assert [n for n in b.notes if "grassland" in n] == [
        "Side A rolled natural grassland (FW-11.5 result 1-2): open ground with no obstacles, nothing to place.",
        "Side B rolled natural grassland (FW-11.5 result 1-2): open ground with no obstacles, nothing to place.",
    ]


def test_cultivated_fields_are_fields_not_a_farm():
    b = forced(PITCHED + [1, 3] + GRASSLAND, terrain="plain")
    (fields,) = of(b, "cultivated_fields")
    assert 30 <= fields.size_cm[0] <= 40 and 20 <= fields.size_cm[1] <= 30 and fields.difficult and fields.passable
    assert not of(b, "farm") and not of(b, "wall") and not any(r.rule == "FW-11.8" for r in b.dice_log)


def test_a_rolled_desert_makes_open_ground_a_desert_with_its_two_oases():
    b = forced(PITCHED + [1, 6] + GRASSLAND, terrain="plain", river=True)
    assert b.source.terrain == "desert"
    oases = of(b, "oasis")
    assert len(oases) == 2 and all(o.rule == "FW-11.5.6" and o.size_cm == (20, 20) for o in oases)
    assert sorted(o.polygon.bounds[3] <= 30 for o in oases) == [False, True]
    assert sorted(o.polygon.bounds[1] >= 90 for o in oases) == [False, True]
    assert of(b, "wadi") and not of(b, "river")
    assert not any(f.kind == "sand" and "rolled by side" in f.note for f in b.features)
    assert "Side A rolled desert or wasteland (FW-11.5 result 6): the plain table becomes a desert: two oases (FW-11.5.6); hills are dunes, watercourses wadis." in b.notes


def test_a_rolled_desert_on_hills_makes_dunes():
    b = forced(PITCHED + [1, 6] + GRASSLAND, terrain="hills")
    assert b.source.terrain == "desert" and len([f for f in of(b, "dune") if f.note.startswith(("passable:", "impassable:"))]) == 4


def test_a_rolled_desert_beside_a_forest_keeps_the_forest():
    b = forced(PITCHED + [1, 6] + GRASSLAND, terrain="forest")
    assert b.source.terrain == "forest" and len(of(b, "oasis")) == 2
    assert any("a wasteland beside the forest" in n for n in b.notes)


def test_a_rolled_desert_on_a_desert_adds_nothing():
    b = forced(PITCHED + [1, 6] + GRASSLAND, terrain="desert")
    assert len(of(b, "oasis")) == 2
    assert "Side A rolled desert or wasteland (FW-11.5 result 6): the table is a desert already, with its two oases (FW-11.5.6)." in b.notes


def test_a_rolled_forest_in_a_hot_zone_is_jungle():
    b = forced(PITCHED + [1, 5] + GRASSLAND, terrain="plain", climate="torrid")
    (section,) = [f for f in of(b, "forest_section") if "rolled by side A" in f.note]
    assert "jungle (FW-11.5 result 5, hot zone)" in section.note and sorted(section.size_cm) == [25, 35]


def test_cultivated_ground_from_a_map_has_its_fields():
    b = forced(PITCHED, terrain="cultivated", map_name="m.json")
    (fields,) = of(b, "cultivated_fields")
    assert fields.rule == "FW-11.5"


def test_a_rolled_enchanted_wood_says_which_result_it_is():
    b = forced(PITCHED + [1, 4, 2] + GRASSLAND, terrain="plain")
    (wood,) = [f for f in of(b, "enchanted_wood") if "rolled by side A" in f.note]
    assert wood.note.endswith("; rolled by side A (FW-11.5 result 4)") and wood.rule == "FW-11.5.4"


def test_a_rolled_forest_section_in_a_temperate_zone():
    sizes = set()
    for seed in range(6):
        b = forced(PITCHED + [1, 5] + GRASSLAND, seed=seed, terrain="plain")
        (section,) = [f for f in of(b, "forest_section") if "rolled by side A" in f.note]
        assert section.note.endswith("; a stretch of forest (FW-11.5 result 5), rolled by side A")
        sizes.add(section.size_cm)
    assert sizes == {(35, 25), (25, 35)}  # [DEV] a 25 x 35 cm section, either way round


def test_a_desert_wadi_is_difficult_ground():
    b = forced(PITCHED + [1, 6] + GRASSLAND, terrain="uncultivated", river=True)
    (wadi,) = of(b, "wadi")
    assert wadi.difficult and wadi.passable and wadi.note.startswith("dry sandy riverbed: difficult")


def test_a_rolled_desert_dries_the_mountain_streams_too():
    # a mountainous grassland (5, 1) with a stream and its tributary; side A rolls desert (1, 6)
    b = forced([5, 1] + PITCHED + [1, 6] + GRASSLAND, terrain=None, scenario="pitched", river=True, tributaries=1)
    assert b.source.terrain == "desert" and not of(b, "stream") and not of(b, "river")
    main, branch = of(b, "wadi")
    # the stream's 5 cm bed stays: the size the sheet states is the width drawn (FW-11.6 stream [DEV])
    assert main.polygon.area == pytest.approx(5 * main.size_cm[0], rel=0.05)
    for wadi in (main, branch):
        assert wadi.size_cm[1] == 5
        assert wadi.difficult and wadi.passable and wadi.note.startswith("dry sandy riverbed: difficult; the dry bed of a stream, 5 cm wide")
    assert "it flows into the wadi at" in branch.note and "stream" not in branch.note.replace("the dry bed of a stream", "")
    assert "Side A rolled desert or wasteland (FW-11.5 result 6): the mountainous table becomes a desert: two oases (FW-11.5.6); hills are dunes, watercourses wadis." in b.notes


def test_a_rolled_desert_dries_the_bridge_s_river_and_the_bridge_stands_on_the_wadi():
    b = forced(PITCHED + [1, 6] + GRASSLAND, terrain="plain", river=True, bridge=True)
    (wadi,) = of(b, "wadi")
    assert wadi.size_cm[1] == 8 and "dry bed" not in wadi.note  # a river's bed is as wide as a wadi's
    (bridge,) = of(b, "bridge")
    assert bridge.on_top_of == "wadi"


FILLER_NOTE = "(a base-rules feature)"
# [DEV] the filler features of each ground (the manual: the base-rules count is filled with these)
FILLERS = {
    "plain": {"hillock", "raised_area", "wood", "marsh"},
    "desert": {"dune", "boulders", "hillock"},
    "forest": {"hillock", "raised_area", "marsh", "lake"},
    "hilly": {"hill", "wood", "marsh"},
    "hilly desert": {"dune", "boulders"},
}


@pytest.mark.parametrize("ground", sorted(FILLERS))
def test_fillers_come_from_the_ground_or_the_relief(ground):
    kinds = set()
    for seed in range(5):
        if ground == "hilly desert":
            b = rolled_table("hilly", "desert", seed=seed, table=(300, 200))  # 10 features: room for fillers
        elif ground == "hilly":
            b = forced(PITCHED, seed=seed, terrain="hills", map_name="m.json")
        else:
            b = forced(PITCHED, seed=seed, terrain=ground, map_name="m.json")
        kinds |= {f.kind for f in b.features if f.note.endswith(FILLER_NOTE)}
    assert kinds and kinds <= FILLERS[ground]


def test_flat_tables_reach_but_never_pass_two_hillocks_and_one_raised_area():
    most = {"hillock": 0, "raised_area": 0}
    for seed in range(12):
        b = forced(PITCHED, seed=seed, terrain="plain", map_name="m.json")
        for kind in most:
            n = len(of(b, kind))
            assert n <= {"hillock": 2, "raised_area": 1}[kind]
            most[kind] = max(most[kind], n)
    assert most == {"hillock": 2, "raised_area": 1}


def test_the_rolled_tables_are_logged_with_their_rule_and_purpose():
    b = rolled_table("hilly", "wood")
    assert [(r.rule, r.purpose, r.result) for r in b.dice_log[:3]] == [
        ("FW-11.2", "geographic type of the battlefield", "hilly"),
        ("FW-11.5", "vegetation of the battlefield", "wood"),
        ("FW-11.5", "the wood: sacred or enchanted?", "wood"),
    ]
    assert [(r.rule, r.purpose) for r in b.dice_log[5:7]] == [("AMB-31", "side A: which table for its configuration"), ("FW-11.5", "side A: its configuration")]
