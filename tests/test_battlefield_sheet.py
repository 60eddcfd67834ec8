"""The battlefield setup sheet and ``battlefield.json`` on a hand-made layout.

The layout is built here, feature by feature, so every line the sheet prints is known in advance:
positions measured from the left short edge (x) and side A's long edge (y), sizes as width by depth
(length and width for a line), how a feature plays, what it stands on, the zones in centimetres and
each side's General Retreat edges (the manual "What you get"; FW-0.2 bands, FW-10.7, FW-21.8 slips).
"""

import json

import pytest
from shapely.geometry import Point, Polygon, box

from mapgen.battlefield.model import Battlefield, Feature, Scenario, SideOrders, Source, Zone, read_battlefield
from mapgen.battlefield.setup_sheet import setup_sheet
from mapgen.dice import Roll
from mapgen.errors import BadFileError


def octagon(x0, y0, x1, y1, cut=2.0):
    """A box with its corners cut by ``cut`` cm: a natural outline that fills its box (2 % short of it)."""
    return Polygon([(x0 + cut, y0), (x1 - cut, y0), (x1, y0 + cut), (x1, y1 - cut), (x1 - cut, y1), (x0 + cut, y1), (x0, y1 - cut), (x0, y0 + cut)])


def hand_made(**kw):
    river = Feature("river", box(0, 40, 180, 48), (180, 8), True, True, None, "must cross the table; centre line through (0, 44) -> (180, 44)", "FW-10.5")
    tower = Feature("tower", box(10, 20, 20, 30), (10, 10), False, False, None, "Tower of Magic", "FW-11.8")
    wood = Feature("wood", octagon(100, 70, 120, 90), (20, 20), True, True, None, "units inside are disorganised", "FW-19.1")
    glacier = Feature("glacier", box(130, 60, 170, 100), (40, 40), True, True, None, "2 crevasses", "FW-11.7.2")
    crevasse = Feature("crevasse", box(135, 64.5, 140, 65.5), (5, 1), False, False, "glacier", "1 x 5 cm", "FW-11.7.2")
    temple = Feature("temple", box(60.5, 100, 75.5, 115), (15, 15), True, False, None, "Abandoned Temple", "FW-11.8")
    sand_a = Feature("sand", box(30, 5, 50, 25), (20, 20), True, True, None, "side A's difficult feature: may hide quicksand (side A writes it down secretly)", "FW-21.8")
    sand_b = Feature("sand", box(30, 95, 50, 115), (20, 20), True, True, None, "side B's difficult feature: may hide quicksand (side B writes it down secretly)", "FW-21.8")
    statue = Feature("statue", box(80, 5, 84, 9), (4, 4), True, False, "plinth", "a hand-drawn extra", "")
    zones = [
        Zone("A", box(0, 0, 180, 30), "side A: Commands within 30 cm of its long edge"),
        Zone("B", Polygon([(0, 120), (30, 90), (60, 120)]), "side B: a triangle"),
        Zone("B", Point(90, 105).buffer(15, quad_segs=4), "side B: a round patch"),
    ]
    orders = [
        SideOrders("A", "army", "as chosen", ["edge_a", "left"], ["General Retreat: towards its own long edge (FW-10.7.a)."]),
        SideOrders("B", "besiegers", "Attack (every Command)", []),
    ]
    scenario = Scenario(kw.pop("name", "raid"), "B", orders, zones, "FW-23.1", ["No scouting (FW-10.4)."])
    source = Source(kw.pop("map", "fw-map.json"), kw.pop("square", "D5"), "plain", kw.pop("river", True), False, kw.pop("bridge", True))
    roll = Roll(1, "FW-11.2", "geographic type of the battlefield", "1D6", [3], [], 3, "hilly")
    features = [river, tower, wood, glacier, crevasse, temple, sand_a, sand_b, statue]
    return Battlefield(kw.pop("seed", 9), source, kw.pop("width", 180.0), 120.0, scenario, features, [roll], kw.pop("notes", ["Mind the river."]))


@pytest.fixture  # per test, so mutation testing ties each test to the sheet it reads
def sheet():
    return setup_sheet(hand_made()).split("\n")


def test_heading_source_table_and_scenario(sheet):
    assert sheet[0] == "# Battlefield — Raid — seed 9"
    assert "- From: square D5 of fw-map.json; terrain **plain** with river, bridge" in sheet
    assert "- Table: **180 x 120 cm**. Side A stands at the near long edge, side B at the far one; left and right are as side A sees them." in sheet
    assert "- Positions: **x** = cm from the left short edge, **y** = cm from side A's long edge. Measure both with a tape from the corner at side A's left." in sheet
    assert "- Scenario: **Raid** (FW-23.1); side **B** deploys first." in sheet
    assert "> No scouting (FW-10.4)." in sheet


def test_without_a_map_and_with_an_odd_table():
    text = setup_sheet(hand_made(map=None, square=None, river=False, bridge=False, width=180.5, name="duel", seed="w"))
    lines = text.split("\n")
    assert lines[0] == "# Battlefield — duel — seed w"  # an unknown scenario keeps its own name
    assert "- From: no campaign map; terrain **plain**" in lines
    assert "- Table: **180.5 x 120 cm**." in text


def test_deployment_zones_in_centimetres(sheet):
    i = sheet.index("## Deployment zones")
    assert sheet[i + 2 : i + 7] == [
        "| Side | Zone | Where (cm) |",
        "|---|---|---|",
        "| A | side A: Commands within 30 cm of its long edge | x 0 to 180, y 0 to 30 |",
        "| B | side B: a triangle | outline (0, 120), (30, 90), (60, 120) |",
        "| B | side B: a round patch | within x 75 to 105, y 90 to 120, outline as drawn on the plan |",
    ]


def test_orders_and_general_retreat_edges(sheet):
    i = sheet.index("## Orders")
    assert sheet[i + 2 : i + 13] == [
        "### Side A: army",
        "",
        "- Starting orders: as chosen",
        "- General Retreat (FW-10.7) towards: side A's long edge, the left short edge",
        "- General Retreat: towards its own long edge (FW-10.7.a).",
        "",
        "### Side B: besiegers",
        "",
        "- Starting orders: Attack (every Command)",
        "- General Retreat (FW-10.7) towards: none: General Retreat forbidden or without an edge",
        "",
    ]


def test_every_feature_row(sheet):
    i = sheet.index("## Terrain features")
    assert sheet[i + 2] == "Numbers as on the plan. Sizes are width (x) by depth (y); a natural outline fills its box."
    assert sheet[i + 4 : i + 15] == [
        "| # | Feature | Size (cm) | Position: x / y (cm) | Plays as | On | Rule | Note |",
        "|---|---|---|---|---|---|---|---|",
        "| 1 | River | 180 long, 8 wide | strip 8 cm wide; see the centre line in the note | difficult |  | FW-10.5 | must cross the table; centre line through (0, 44) -> (180, 44) |",
        "| 2 | Isolated tower | 10 x 10 | centre 15 / 25; corners 10-20 x 20-30 | impassable |  | FW-11.8 | Tower of Magic |",
        "| 3 | Wood | 20 x 20 | centre 110 / 80; fits the box 100-120 x 70-90 | difficult |  | FW-19.1 | units inside are disorganised |",
        "| 4 | Glacier | 40 x 40 | centre 150 / 80; corners 130-170 x 60-100 | difficult |  | FW-11.7.2 | 2 crevasses |",
        "| 5 | · Crevasse | 5 x 1 | centre 137.5 / 65; corners 135-140 x 64.5-65.5 | impassable | glacier | FW-11.7.2 | 1 x 5 cm |",
        "| 6 | Isolated temple | 15 x 15 | centre 68 / 107.5; corners 60.5-75.5 x 100-115 | open |  | FW-11.8 | Abandoned Temple |",
        "| 7 | Sand patch | 20 x 20 | centre 40 / 15; corners 30-50 x 5-25 | difficult |  | FW-21.8 | side A's difficult feature: may hide quicksand (side A writes it down secretly) |",
        "| 8 | Sand patch | 20 x 20 | centre 40 / 105; corners 30-50 x 95-115 | difficult |  | FW-21.8 | side B's difficult feature: may hide quicksand (side B writes it down secretly) |",
        "| 9 | statue | 4 x 4 | centre 82 / 7; corners 80-84 x 5-9 | open | plinth |  | a hand-drawn extra |",
    ]


def test_quicksand_slips_one_per_side(sheet):
    i = sheet.index("## Secret notes (FW-21.8)")
    assert sheet[i + 2] == "Each player copies his line on a slip, writes yes or no, and keeps it hidden until a unit enters the feature."
    assert sheet[i + 4 : i + 6] == [
        "- Side A: feature 7 (sand patch) hides quicksand: yes / no. If yes, a unit in it loses 2D6 models each turn until it is out.",
        "- Side B: feature 8 (sand patch) hides quicksand: yes / no. If yes, a unit in it loses 2D6 models each turn until it is out.",
    ]


def test_notes_rolls_and_tables(sheet):
    assert "- Mind the river." in sheet
    assert "| 1 | FW-11.2 | geographic type of the battlefield | 1D6 | 3 | - | 3 | hilly |" in sheet
    assert any(line.startswith("- **FW-11.2 ") for line in sheet)


COUNT_ROLL = Roll(1, "FW-10.5", "terrain features on the mountain table", "1D6", [4], [], 4, "4")
PEAK_ROLL = Roll(2, "FW-10.5", "size of the next peak", "1D6", [1], [], 1, "large: no room left for it")
PEAK_TABLE = "- **FW-10.5 Mountain-square peak size (the FW-11.2 sizes)** (1D6): 1-2 40 x 40 cm; 3-4 20 x 20 cm; 5-6 10 x 10 cm"


@pytest.mark.parametrize("log,listed", [([COUNT_ROLL], False), ([COUNT_ROLL, PEAK_ROLL], True)])
def test_the_peak_size_table_is_listed_only_when_a_peak_was_rolled(log, listed):
    # FW-10.5 rolls both the mountain table's 1D6 count and (our table) each peak's size on 1D6
    b = hand_made()
    b.dice_log = log
    assert (PEAK_TABLE in setup_sheet(b).split("\n")) == listed


def test_a_vegetation_roll_does_not_list_the_wood_kind_table():
    # FW-11.5 rolls the vegetation and, on a wood, its kind: both 1D6
    b = hand_made()
    b.dice_log = [Roll(1, "FW-11.5", "vegetation of the battlefield", "1D6", [3], [], 3, "cultivated")]
    text = setup_sheet(b)
    assert "- **FW-11.5 Vegetation** (1D6)" in text and "Wood kind" not in text


def test_no_quicksand_no_slips_and_no_notes():
    b = hand_made(notes=[])
    b.features = [f for f in b.features if f.kind != "sand"]
    text = setup_sheet(b)
    assert "Secret notes" not in text and "## Notes" not in text


# --- battlefield.json ---------------------------------------------------------------


def test_json_fields_of_a_hand_made_layout():
    data = hand_made().to_json()
    assert (data["schema"], data["version"], data["generator"], data["seed"]) == ("mapgen/battlefield", 1, "mapgen battlefield", 9)
    assert data["source"] == {"map": "fw-map.json", "square": "D5", "terrain": "plain", "river": True, "road": False, "bridge": True}
    assert data["table"] == {"width_cm": 180, "depth_cm": 120}
    sc = data["scenario"]
    assert (sc["name"], sc["rule"], sc["deploys_first"], sc["instructions"]) == ("raid", "FW-23.1", "B", ["No scouting (FW-10.4)."])
    assert sc["orders"][0] == {"side": "A", "role": "army", "order": "as chosen", "escape_edges": ["edge_a", "left"], "instructions": ["General Retreat: towards its own long edge (FW-10.7.a)."]}
    assert sc["zones"][0] == {"side": "A", "polygon": [[180, 0], [180, 30], [0, 30], [0, 0]], "label": "side A: Commands within 30 cm of its long edge"}
    crevasse = data["features"][4]
    assert crevasse == {
        "kind": "crevasse",
        "polygon": [[140, 64.5], [140, 65.5], [135, 65.5], [135, 64.5]],
        "size_cm": [5, 1],
        "passable": False,
        "difficult": False,
        "on_top_of": "glacier",
        "note": "1 x 5 cm",
        "rule": "FW-11.7.2",
        "levels": 0,
        "steep": [],
    }
    assert data["notes"] == ["Mind the river."]
    assert data["dice_log"] == [{"seq": 1, "rule": "FW-11.2", "purpose": "geographic type of the battlefield", "dice": "1D6", "faces": [3], "modifiers": [], "total": 3, "result": "hilly"}]


def test_coordinates_are_rounded_to_a_millimetre():
    b = hand_made()
    b.features = [Feature("wood", box(10.04, 0.26, 30.0, 20.55), (19.96, 20.29), True, True, None, "", "")]
    b.width_cm = 180.04
    data = b.to_json()
    assert data["features"][0]["polygon"] == [[30, 0.3], [30, 20.6], [10, 20.6], [10, 0.3]]
    assert data["features"][0]["size_cm"] == [20, 20.3]
    assert data["table"]["width_cm"] == 180 and isinstance(data["table"]["width_cm"], int)
    assert data["features"][0]["polygon"][0][1] == 0.3 and isinstance(data["features"][0]["polygon"][2][0], int)


def test_json_reads_back_field_for_field():
    b = hand_made()
    again = Battlefield.from_json(json.loads(json.dumps(b.to_json())))
    assert again.to_json() == b.to_json()
    assert again.scenario.side_orders("B").role == "besiegers" and again.seed == 9
    assert again.features[4].polygon.equals(box(135, 64.5, 140, 65.5)) and again.features[4].size_cm == (5.0, 1.0)


def test_optional_fields_take_their_defaults():
    data = hand_made().to_json()
    for key in ("notes", "dice_log"):
        del data[key]
    del data["seed"]
    del data["scenario"]["rule"], data["scenario"]["instructions"], data["scenario"]["zones"][0]["label"]
    del data["scenario"]["orders"][0]["instructions"]
    del data["features"][0]["note"], data["features"][0]["rule"], data["features"][0]["levels"], data["features"][0]["steep"]
    b = Battlefield.from_json(data)
    assert (b.features[0].levels, b.features[0].steep) == (0, ())  # a file written before the fields
    assert (b.seed, b.notes, b.dice_log, b.scenario.rule, b.scenario.instructions) == (0, [], [], "", [])
    assert b.scenario.zones[0].label == "" and b.scenario.orders[0].instructions == []
    assert (b.features[0].note, b.features[0].rule) == ("", "")
    assert b.source.map == "fw-map.json" and b.features[1].on_top_of is None


@pytest.mark.parametrize(
    "path,value,message",
    [
        (("features", 2, "size_cm"), [20], "field 'features[2].size_cm' should be [width, depth]"),
        (("features", 2, "size_cm"), [20, True], "field 'features[2].size_cm' should be [width, depth]"),
        (("features", 2, "size_cm"), [20, float("nan")], "field 'features[2].size_cm' should be [width, depth]"),
        (("features", 2, "polygon"), [[0, 0], [1, 1]], "field 'features[2].polygon' should be a list of at least three [x_cm, y_cm] points"),
        (("features", 2, "polygon"), [[0, 0], [1, 1], [2]], "field 'features[2].polygon' should be a list of at least three [x_cm, y_cm] points"),
        (("features", 2, "polygon"), [[0, 0], [1, 1], [2, False]], "field 'features[2].polygon' should be a list of at least three [x_cm, y_cm] points"),
        (("features", 2, "polygon"), [[0, 0], [1, 1], [2, float("inf")]], "field 'features[2].polygon' should be a list of at least three [x_cm, y_cm] points"),
        (("features", 2, "polygon"), [[0, 0], [1, 1], (2, 3)], "field 'features[2].polygon' should be a list of at least three [x_cm, y_cm] points"),
        (("scenario", "zones", 1, "polygon"), [], "field 'scenario.zones[1].polygon' should be a list of at least three [x_cm, y_cm] points"),
        (("features", 2, "on_top_of"), 3, "field 'features[2].on_top_of' should be a kind or null"),
        (("features", 2, "levels"), -1, "field 'features[2].levels' should be a whole number from 0 to 20"),
        (("features", 2, "levels"), 1.5, "field 'features[2].levels' should be a whole number"),
        (("features", 2, "steep"), ["north"], "field 'features[2].steep' should list sides among near, right, far, left"),
        (("features", 2, "steep"), "near", "field 'features[2].steep' should be a list"),
        (("source", "map"), 3, "field 'source.map' should be a string or null"),
        (("source", "square"), [], "field 'source.square' should be a string or null"),
        (("table", "width_cm"), 0, "field 'table.width_cm' should be a number greater than 0"),
        (("dice_log", 0), {"seq": 1}, "field 'dice_log[0]' is malformed"),
        (("dice_log", 0), {"seq": "x", "rule": "r", "purpose": "p", "dice": "1D6", "faces": [1], "total": 1}, "field 'dice_log[0]' is malformed"),
        (("dice_log", 0), 7, "field 'dice_log[0]' is malformed"),
    ],
)
def test_a_bad_field_is_named(path, value, message):
    data = hand_made().to_json()
    where = data
    for key in path[:-1]:
        where = where[key]
    where[path[-1]] = value
    with pytest.raises(BadFileError) as err:
        Battlefield.from_json(data)
    assert str(err.value).startswith(message)


def test_read_battlefield_names_the_file(tmp_path):
    path = tmp_path / "battlefield.json"
    data = hand_made().to_json()
    path.write_text(json.dumps(data), encoding="utf-8")
    assert read_battlefield(path).to_json() == data
    data["schema"] = "mapgen/fw-map"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(BadFileError, match="battlefield.json"):
        read_battlefield(path)


def test_levels_and_steep_sides_on_the_sheet():
    # FW-11.2: build each raised feature that many levels high; FW-21.3: a steep side is neither up nor down
    b = hand_made()
    b.features = [
        Feature("hill", octagon(10, 10, 40, 35), (30, 25), True, False, None, "passable: at least one gentle side", "FW-11.2", 2, ()),
        Feature("hill", octagon(60, 10, 90, 35), (30, 25), False, False, None, "impassable: steep on every side", "FW-11.2", 2, ("near", "right", "far", "left")),
        Feature("chasm_hill", box(100, 10, 125, 30), (25, 20), True, False, None, "2 levels", "FW-11.7.3", 2, ("right",)),
        Feature("rocky_ridge", box(10, 10, 40, 13), (30, 3), False, False, "hill", "sheer face", "FW-21.3", 0, ("near", "left")),
    ]
    sheet = setup_sheet(b).split("\n")
    start = sheet.index("## Terrain features")
    rows = [line.split(" | ")[4] for line in sheet[start : sheet.index("", start + 8)] if line.startswith("| ") and line[2].isdigit()]
    assert rows == ["open, 2 levels", "impassable, 2 levels, steep on every side", "open, 2 levels, steep right side", "impassable, steep near and left sides"]
    assert any(line.startswith("Levels: build it that many levels high.") for line in setup_sheet(b).split("\n"))


def test_generated_hills_have_their_levels_and_the_impassable_ones_are_steep_all_round():
    from mapgen.battlefield.generate import BattleOptions, generate_battlefield

    for seed in range(8):
        hills = [f for f in generate_battlefield(BattleOptions(seed=seed, terrain="hills")).features if f.kind == "hill"]
        assert len(hills) >= 4
        assert all(f.levels == 2 for f in hills)  # [DEV] the manual: a hill is 2 levels high
        assert {f.steep for f in hills if not f.passable} == {("near", "right", "far", "left")}
        assert {f.steep for f in hills if f.passable} == {()}
