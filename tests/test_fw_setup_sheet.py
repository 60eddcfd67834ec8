"""The setup sheet of a hand-made map, section by section, typed out here.

The maps are ``fw_tiny.tiny`` (described in its docstring) with a few things added,
so every line below follows from what the test put on the map and from the
digest (FW-2.6 terrain effects, FW-7.2 and FW-3.4 tables), not from the sheet.
"""

import numpy as np

from mapgen.dice import Modifier, Roll
from mapgen.fw.model import Climate, Crossing, FwMap, Holding, River, Side
from mapgen.fw.setup_sheet import setup_sheet

from .fw_tiny import config, tiny


def section(text: str, heading: str) -> list[str]:
    """The lines of one ``## `` section, heading included, up to the next one."""
    lines = text.split("\n")
    start = lines.index(heading)
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    return lines[start:end]


def busy_map() -> FwMap:
    m = tiny()
    m.seed = "winter war"
    m.square_mm = 37.5
    m.region = "hilly"
    m.sides[0] = Side("A", "Red", "dark_elves", "#c00")
    m.holdings[1] = Holding("A", (1, 4), False, "burial_mound", "sacred_magic_armour")
    m.holdings[3] = Holding("B", (7, 4), False, "")  # FW-3.4 is optional: no feature rolled
    m.rivers[0].configuration = (3, 0)
    m.rivers.append(River([(6, 0), (6, 1), (6, 2)], "river"))
    m.crossings.append(Crossing(((5, 3), (5, 4)), "ford"))
    m.configs = [
        config((2, 0), "enchanted_wood"),
        config((3, 0), "stream", "hydrography", "FW-11.6", rolled_by="B", watercourse="new"),
        config((3, 3), "river", "hydrography", "FW-11.6", watercourse="second"),
    ]
    m.features = {(2, 0): ["enchanted_wood"], (4, 2): ["pass"], (1, 3): ["ruins"], (7, 3): ["ruins", "pass"]}
    m.notes = ["B6: forest cleared into fields", "second note"]
    m.dice_log = [
        Roll(1, "FW-7.2", "climate zone", "1D6", [3], [], 3, "temperate"),
        Roll(2, "FW-3.2", "holdings: the_loser", "2D6", [6, 5], [Modifier("snow", -1)], 10, "A places first"),
    ]
    return m


def test_the_heading_lines():
    text = setup_sheet(busy_map())
    assert text.split("\n")[:8] == [
        "# Fantasy Warriors campaign map — seed winter war",
        "",
        "- Map: 9 x 6 squares of 37.5 mm (columns A-I, rows 1-6)",
        "- Sides: A Red (dark elves), B Blue (humans)",
        "- Climate zone: temperate (FW-7.2); season: summer (FW-7.3); precipitation test modifier +0 (FW-7.4)",
        "- Region type: hilly (FW-11.2, rolled once for the campaign area, AMB-73)",
        "- Rivers are crossed only at bridges and fords (AMB-06, strict mode); adjacency counts diagonals (AMB-02).",
        "",
    ]
    assert "Deserts are left out" not in text  # only a torrid zone leaves its deserts out


def test_territory_holdings_and_configurations():
    text = setup_sheet(busy_map())
    assert section(text, "## Territory (FW-2.3)") == [
        "## Territory (FW-2.3)",
        "",
        "Thirds across the long axis (west to east, AMB-08):",
        "",
        "- side A: columns A-C, rows 1-6",
        "- neutral: columns D-F, rows 1-6",
        "- side B: columns G-I, rows 1-6",
        "",
    ]
    assert section(text, "## Holdings (FW-3)") == [
        "## Holdings (FW-3)",
        "",
        "| Side | Square | Name | Kind | Terrain | Feature (FW-3.4) |",
        "|---|---|---|---|---|---|",
        "| A | B2 |  | capital | plain | Sanctuary |",
        "| A | B5 |  | holding | plain | Burial Mound — sacred magic armour |",
        "| B | H2 |  | capital | plain | City |",
        "| B | H5 |  | holding | plain |  |",
        "",
    ]
    assert section(text, "## Particular terrain configurations (FW-2.5, FW-11.5 to FW-11.8)") == [
        "## Particular terrain configurations (FW-2.5, FW-11.5 to FW-11.8)",
        "",
        "| Square | Configuration | Table | Rolled by | Territory |",
        "|---|---|---|---|---|",
        "| C1 | enchanted wood | FW-11.5 | A | A |",
        "| D1 | stream (its own watercourse, drawn on the map) | FW-11.6 | B | N |",
        "| D4 | river (a second watercourse, flowing into the square's river) | FW-11.6 | A | N |",
        "",
    ]


def test_a_feature_of_no_table_is_named_as_written():
    m = tiny()
    m.holdings[2].feature = "haunted_well"  # typed by hand into the file
    assert "| B | H2 |  | capital | plain | haunted well |" in setup_sheet(m).split("\n")


def test_rivers_crossings_roads_notes_and_terrain_effects():
    text = setup_sheet(busy_map())
    assert section(text, "## Rivers, crossings and roads") == [
        "## Rivers, crossings and roads",
        "",
        "- River 1: 5 edges from corner (4, 1) to (4, 6), mouth: edge (drawn by the configuration at D1, FW-11.6)",
        "- River 2: 2 edges from corner (6, 0) to (6, 2), mouth: river",
        "- Bridge between D2 and E2",
        "- Ford between F4 and F5",
        "- Road 1: B2 - B3 - B4 - B5",
        "- Road 2: H2 - H3 - H4 - H5",
        "- Road 3: B2 - C2 - D2 - E2 - F2 - G2 - H2",
        "- Mountain passes (roads over mountains): E3, H4",
        "",
    ]
    assert section(text, "## Notes") == ["## Notes", "", "- B6: forest cleared into fields", "- second note", ""]
    # FW-2.6, typed from the digest's matrix: movement and Force Test modifiers.
    assert section(text, "## Terrain effects (FW-2.6)") == [
        "## Terrain effects (FW-2.6)",
        "",
        "| Terrain | Movement | Force Test |",
        "|---|---|---|",
        "| Plain (open) | +0 | +0 |",
        "| Uncultivated | +0 | +0 |",
        "| Cultivated | -1 | +0 |",
        "| Hills | -2 | +0 |",
        "| Mountain | -3 | -3 |",
        "| Forest | -2 | +0 |",
        "| Jungle | -2 | +0 |",
        "| Swamp | -1 | +0 |",
        "| Desert | -1 | +0 |",
        "| River in the square | -1 (a bridge cancels it) | 0 |",
        "| Road or caravan track | +1 | 0 |",
        "| Mountain pass | cancels the mountain -3 | 0 |",
        "",
    ]


def test_every_roll_and_the_tables_used():
    text = setup_sheet(busy_map())
    assert section(text, "## Every roll, in order") == [
        "## Every roll, in order",
        "",
        "| # | Rule | Purpose | Dice | Faces | Modifiers | Total | Result |",
        "|---|---|---|---|---|---|---|---|",
        "| 1 | FW-7.2 | climate zone | 1D6 | 3 | - | 3 | temperate |",
        "| 2 | FW-3.2 | holdings: the loser | 2D6 | 6 5 | snow -1 | 10 | A places first |",
        "",
    ]
    # Only the tables rolled on (FW-7.2 here), with the digest's bands.
    assert section(text, "## Tables used") == [
        "## Tables used",
        "",
        "- **FW-7.2 Climate zone** (1D6): 1-2 Cold; 3-4 Temperate; 5-6 Torrid",
        "",
    ]
    assert text.endswith("5-6 Torrid\n")


def test_a_tall_torrid_map():
    w, h = 4, 12
    territory = np.full((h, w), "N", dtype="<U1")
    territory[:4], territory[8:] = "B", "A"
    m = FwMap(
        seed=3,
        width=w,
        height=h,
        square_mm=50.0,
        climate=Climate("torrid", "great_rains", 2, "rain", 0, "desert wind or sandstorm"),
        region="flat",
        sides=[Side("A", "Red", "humans", "#c00"), Side("B", "Blue", "orcs", "#00c")],
        terrain=np.full((h, w), "plain", dtype="<U12"),
        elevation=np.zeros((h, w)),
        territory=territory,
        river=np.zeros((h, w), bool),
        road=np.zeros((h, w), bool),
        features={},
        rivers=[],
        crossings=[],
        roads=[],
        holdings=[],
        configs=[],
        dice_log=[],
    )
    text = setup_sheet(m)
    lines = text.split("\n")
    assert lines[2] == "- Map: 4 x 12 squares of 50 mm (columns A-D, rows 1-12)"
    assert lines[4:6] == [
        "- Climate zone: torrid (FW-7.2); season: great rains (FW-7.3); precipitation test modifier +2 (FW-7.4)",
        # FW-7.3.2 with AMB-48: deserts are left out of the torrid season.
        "- Deserts are left out of the torrid season (FW-7.3.2, AMB-48): on a desert square the precipitation test "
        "modifier is +0 (always dry), and 5 is a desert wind, 6 a sandstorm",
    ]
    assert section(text, "## Territory (FW-2.3)")[2:7] == [
        "Thirds across the long axis (north to south, AMB-08):",
        "",
        "- side A: columns A-D, rows 9-12",
        "- neutral: columns A-D, rows 5-8",
        "- side B: columns A-D, rows 1-4",
    ]
    assert "## Particular terrain configurations" not in text and "## Notes" not in text
    assert "Mountain passes" not in text and "## Tables used" not in text
    assert section(text, "## Rivers, crossings and roads") == ["## Rivers, crossings and roads", "", ""]
