"""The country setup sheet (``country-setup.md``): the summary with Tabella 29 taxes, one table of nodes per
country, each edge's crossing roll and points (RC-1.7), the crossings and exits, notes and every roll.

Taxes are typed from Tabella 29 (RC-3.2); the lines are read from a hand-made map
(``tests/test_country_model.small_map``), never from the generator.
"""

from __future__ import annotations

from mapgen.country.model import Exit
from mapgen.country.setup_sheet import crossings_section, setup_sheet, summary_lines

from tests.test_country_model import small_map


def test_summary_lines_count_settlements_and_taxes():
    assert summary_lines(small_map()) == [
        "A Duchy of Valdarno: capital, 2 cities, 1 walled village, 1 village, 1 fortress; tax 160 ducats a year",
        "B Republic of Serravalle (neutral): capital, 0 cities, 0 walled villages, 0 villages, 0 fortresses; tax 40 ducats a year",
    ]


def test_summary_lines_show_names_through_the_given_function():
    cm = small_map()
    cm.countries[0].name = "Duchy *of* Valdarno"
    lines = summary_lines(cm, lambda s: s.upper())
    assert lines[0].startswith("A DUCHY *OF* VALDARNO: capital, 2 cities")


def test_the_sheet_opens_with_the_grid_the_roads_and_the_taxes():
    lines = setup_sheet(small_map()).splitlines()
    assert lines[:7] == [
        "# Renaissance country map — seed 7",
        "",
        "- 2 countries on a 2 x 1 grid of 297 x 210 mm sheets (geometric mode, RC-1.6)",
        "- The map prints each settlement's name (crossing points keep their ids); below, every node's id is beside its "
        "name, as the roads and crossings name nodes (A-0 is country A's capital)",
        "- Roads about 3 cm long; the capital at the centre of its sheet; a sheet edge is always a border (RC-1.5 step 1e)",
        lines[5],
        "",
    ]
    taxes = lines[5]
    assert taxes.startswith("- Taxes (RC-3.2, Tabella 29): ") and taxes.endswith(" ducats a year (the capital as a city, RC-A.3)")
    listed = dict(item.rsplit(" ", 1) for item in taxes.split(": ", 1)[1].split(" ducats")[0].split(", "))
    assert listed == {"capital": "40", "city": "40", "fortress": "20", "village": "10", "walled village": "10"}  # nothing for 0
    assert lines[7:12] == [
        "## Countries",
        "",
        "- A Duchy of Valdarno: capital, 2 cities, 1 walled village, 1 village, 1 fortress; tax 160 ducats a year",
        "- B Republic of Serravalle (neutral): capital, 0 cities, 0 walled villages, 0 villages, 0 fortresses; tax 40 ducats a year",
        "",
    ]


def test_each_country_lists_its_nodes_walls_taxes_sides_and_roads():
    text = setup_sheet(small_map())
    assert "\n## A Duchy of Valdarno\n\n| Node | Name | Kind | Depth | Walls | Tax | Side | Roads to |\n|---|---|---|---|---|---|---|---|\n" in text
    assert "\n## B Republic of Serravalle (neutral)\n" in text
    assert "| A-0 |  | capital | 0 | yes | 40 | - | A-1, A-2, A-3, A-4 |" in text
    assert "| A-1 |  | city | 1 | yes | 40 | E | A-0, A-5, A-6 |" in text
    assert "| A-2 |  | village | 1 | no | 10 | S | A-0 |" in text
    assert "| A-4 |  | fortress | 1 | yes | 20 | N | A-0 |" in text
    assert "| A-5 |  | walled village | 2 | yes | 10 | E | A-1 |" in text
    assert "| A-6 |  | crossing | 2 | no | 0 | E | A-1, B-1 |" in text
    assert "| B-1 |  | crossing | 1 | no | 0 | W | A-6, B-0 |" in text
    assert "| B-1 |  | crossing | 1 | no | 0 | W | A-6, B-0 |\n\n## Border crossings (RC-1.7)" in text


def test_roads_are_listed_by_country_then_number_then_other_names():
    cm = small_map()
    g = cm.graph
    for extra in ("A-x", "A-10", "A-x-3", "B-7", "A-9"):
        g.add_node(extra, kind="border", country="A", pos=(0.0, 0.0), walls=False, income=0, depth=2, side="E", rule=None, roll=None)
        g.add_edge("A-5", extra, length_mm=1.0, country="A", crossing=False)
    # numbered ids by country then number (a hand-edited "A-x-3" is number 3 of "A-x"), then the others
    assert "| A-5 |  | walled village | 2 | yes | 10 | E | A-1, A-9, A-10, A-x-3, B-7, A-x |" in setup_sheet(cm)


def test_the_crossings_section_gives_each_edge_its_roll_its_points_and_its_neighbour():
    cm = small_map()
    cm.countries[0].crossing_points["S"] = {"rolled": 3, "toward": None, "nodes": []}
    cm.exits += [Exit("A-6", "A", "E", [(0.0, 0.0), (1.0, 1.0)]), Exit("A-6", "A", "S", [(0.0, 0.0), (1.0, 1.0)]),
                 Exit("A-6", "A", "W", [(0.0, 0.0), (1.0, 1.0)])]
    assert crossings_section(cm) == [
        "## Border crossings (RC-1.7)",
        "",
        "On each edge of each sheet, 1D6 (1-3 two points, 4-6 three) crossing points, taken from the border points "
        "of that side (RC-A.36), all of them when the side has fewer (RC-A.5).",
        "",
        "| Country | Edge | Rolled | Border points of that side | Crossing points | Toward |",
        "|---|---|---|---|---|---|",
        "| A | east | 2 | 1 | A-6 | B |",
        "| A | south | 3 | 0 | - | exits off the map |",
        "| B | west | 3 | 1 | B-1 | A |",
        "",
        "- A-6 (A) — B-1 (B)",
        "- A-6 (A): exit off the north edge, for a country added later",
        "- A-6 (A): exit off the east edge, for a country added later",
        "- A-6 (A): exit off the south edge, for a country added later",
        "- A-6 (A): exit off the west edge, for a country added later",
        "",
    ]


def test_border_points_of_a_side_are_counted_whether_marked_or_not():
    cm = small_map()
    g = cm.graph
    g.add_node("A-7", kind="border", country="A", pos=(0.0, 0.0), walls=False, income=0, depth=2, side="E", rule=None, roll=None)
    g.add_node("A-8", kind="border", country="A", pos=(0.0, 0.0), walls=False, income=0, depth=2, side="S", rule=None, roll=None)
    assert "| A | east | 2 | 2 | A-6 | B |" in crossings_section(cm)


def test_no_crossing_points_no_section_and_no_lines_no_blank():
    cm = small_map()
    for c in cm.countries:
        c.crossing_points = {}
    assert crossings_section(cm) == []
    assert "Border crossings" not in setup_sheet(cm)
    cm = small_map()
    cm.exits = []
    assert crossings_section(cm)[-3:] == ["", "- A-6 (A) — B-1 (B)", ""]  # a crossing, no exit
    cm.graph.remove_edge("A-6", "B-1")
    assert crossings_section(cm)[-3:] == ["| A | east | 2 | 1 | A-6 | B |", "| B | west | 3 | 1 | B-1 | A |", ""]
    cm = small_map()
    cm.graph.remove_edge("A-6", "B-1")
    assert crossings_section(cm)[-3:] == ["", "- A-6 (A): exit off the north edge, for a country added later", ""]  # an exit only


def test_notes_every_roll_and_the_tables_used_close_the_sheet():
    text = setup_sheet(small_map())
    assert "\n## Notes\n\n- a note\n" in text
    assert "\n## Every roll, in order\n" in text
    assert "| 1 | RC-1.2 | 1b: what lies at the end of the E road | 2D6 | 3 4 | - | 7 | city (A-1) |" in text
    assert "| 2 | RC-1.2 | 1d: end of road 1 from A-1 | 2D6 | 1 3 | urban areas between the capital and here (RC-1.3) +1 | 5 | village |" in text
    # only the table rolled on, with its bands typed from the rulebook (Tabella 27)
    assert "\n## Tables used\n" in text
    assert ("- **RC-1.2 Urban Area Table (Tabella 27)** (2D6): 2 Walled village; 3 Fortress; 4-6 Village; 7 City; 8 Village; "
            "9 Fortress; 10-12 Border") in text
    assert "Tabella 28" not in text


def test_hostile_names_stay_in_their_cells():
    cm = small_map()
    cm.countries[0].name = "Evil\n# <b>|"
    text = setup_sheet(cm)
    assert "\n# <b>" not in text and "<b>" not in text
