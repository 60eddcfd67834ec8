"""Several countries on a grid of sheets (``mapgen/country/generate.py``): the options, the grid, each
sheet's place on the combined drawing, and what every node and road carries into the graph.

Taxes and walls are typed from Tabella 29 (RC-3.2) and RC-1.1; sheet sizes from the manual (``--sheet``,
landscape, in mm).
"""

from __future__ import annotations

import math

import pytest
from shapely.geometry import Point, Polygon

from mapgen.country.generate import CountryOptionError, check_options, generate_countries, sheet_grid

DUCATS = {"capital": 40, "city": 40, "fortress": 20, "village": 10, "walled_village": 10, "border": 0, "crossing": 0}
WALLED = {"capital": True, "city": True, "fortress": True, "walled_village": True, "village": False, "border": False, "crossing": False}


@pytest.mark.parametrize("total,grid", [(1, (1, 1)), (2, (2, 1)), (3, (2, 2)), (4, (2, 2)), (5, (3, 2)), (10, (4, 3)), (17, (5, 4)), (64, (8, 8))])
def test_sheets_sit_as_square_as_possible(total, grid):
    assert sheet_grid(total) == grid


@pytest.mark.parametrize(
    "countries,neutrals,sheet,message",
    [
        (0, 0, "a4", "--countries must be at least 1, not 0"),
        (65, 0, "a4", "--countries must be at most 64, not 65"),
        (1, -1, "a4", "--neutrals cannot be negative (-1)"),
        (60, 5, "a4", "--countries plus --neutrals must be at most 64, not 65"),
        (1, 0, "b5", "unknown --sheet 'b5': use one of a4, a3, letter, tabloid"),
    ],
)
def test_bad_options_say_what_is_wrong(countries, neutrals, sheet, message):
    with pytest.raises(CountryOptionError) as exc:
        check_options(countries, neutrals, sheet)
    assert str(exc.value) == message


@pytest.mark.parametrize("countries,neutrals,sheet", [(1, 0, "a4"), (64, 0, "A3"), (1, 63, "Letter"), (60, 4, "TABLOID")])
def test_the_limits_themselves_are_allowed(countries, neutrals, sheet):
    check_options(countries, neutrals, sheet)


def test_five_countries_on_a3():
    """One map (generating it is most of the cost), read five ways; each check is a function of its own.
    (A fixture shared between tests would hide from mutmut which tests reach the generator.)"""
    cm = generate_countries(11, 3, 2, "A3")
    assert cm.seed == 11
    _each_country_has_its_sheet_on_the_grid(cm)
    _every_node_sits_on_its_own_sheet_with_its_tax_and_walls(cm)
    _roads_carry_their_length_and_country(cm)
    _every_sheet_s_notes_are_kept(cm)
    _the_table_rolls_of_every_sheet_are_in_one_log_in_order(cm)


def test_by_default_one_country_on_a4():
    cm = generate_countries(5)
    assert [c.neutral for c in cm.countries] == [False] and cm.sheet_mm == (297.0, 210.0) and cm.grid == (1, 1)
    assert cm.options == {"countries": 1, "neutrals": 0, "sheet": "a4", "mode": "geometric (RC-1.6)", "topology": "abstract"}  # RC-A.5 default


def _each_country_has_its_sheet_on_the_grid(cm):
    assert cm.sheet_mm == (420.0, 297.0) and cm.grid == (3, 2)
    assert cm.options == {"countries": 3, "neutrals": 2, "sheet": "a3", "mode": "geometric (RC-1.6)", "topology": "abstract"}
    assert [c.id for c in cm.countries] == ["A", "B", "C", "D", "E"]
    assert [c.sheet for c in cm.countries] == [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1)]
    assert [c.origin for c in cm.countries] == [(0.0, 0.0), (420.0, 0.0), (840.0, 0.0), (0.0, 297.0), (420.0, 297.0)]
    assert [c.neutral for c in cm.countries] == [False, False, False, True, True]
    assert len({c.name for c in cm.countries}) == 5


def _every_node_sits_on_its_own_sheet_with_its_tax_and_walls(cm):
    g = cm.graph
    for c in cm.countries:
        (ox, oy), (w, h) = c.origin, cm.sheet_mm
        cap = g.nodes[c.capital]
        assert c.capital == f"{c.id}-0"
        assert {k: v for k, v in cap.items() if k != "name"} == {
            "kind": "capital", "country": c.id, "pos": (ox + 210.0, oy + 148.5), "walls": True, "income": 40,
            "depth": 0, "side": None, "rule": None, "roll": None}
        assert cap["name"]  # the names stage named it
        ring = Polygon(c.border)
        assert all(ox <= x <= ox + w and oy <= y <= oy + h for x, y in c.border)
        for n in cm.nodes_of(c.id):
            d = g.nodes[n]
            assert n.startswith(f"{c.id}-")
            x, y = d["pos"]
            assert ox + 12.0 - 1e-6 <= x <= ox + w - 12.0 + 1e-6 and oy + 12.0 - 1e-6 <= y <= oy + h - 12.0 + 1e-6
            assert d["income"] == DUCATS[d["kind"]] and d["walls"] is WALLED[d["kind"]]
            if d["kind"] in ("border", "crossing"):
                assert ring.exterior.distance(Point(x, y)) < 0.25  # the outline runs through every border point
            if d["depth"] == 1:
                # the first ring: the ends of the four roads towards E, S, W and N
                dx, dy = x - cap["pos"][0], y - cap["pos"][1]
                assert {"E": dx, "S": dy, "W": -dx, "N": -dy}[d["side"]] == pytest.approx(math.hypot(dx, dy))
                assert d["rule"] == "RC-1.2" and cm.dice_log[d["roll"] - 1].result == f"{d['kind']} ({n})"


def _roads_carry_their_length_and_country(cm):
    g = cm.graph
    roads = [(a, b, d) for a, b, d in g.edges(data=True) if not d["crossing"]]
    assert roads
    for a, b, d in roads:
        assert d["country"] == g.nodes[a]["country"] == g.nodes[b]["country"]
        assert d["length_mm"] == pytest.approx(math.dist(g.nodes[a]["pos"], g.nodes[b]["pos"]))
        assert set(d) == {"length_mm", "country", "crossing"}


def _every_sheet_s_notes_are_kept(cm):
    assert len(cm.notes) >= 2  # on this map two sheets have a road reaching the sheet edge
    for c in cm.countries:
        edge = [n for n in cm.nodes_of(c.id) if cm.graph.nodes[n]["rule"] == "RC-1.5 step 1e"]
        if edge:
            (note,) = [x for x in cm.notes if x.startswith(f"{c.id}: ") and "the sheet edge, with no Tabella 27 roll" in x]
            assert all(f"{n} " in note or f"{n}," in note for n in edge)


def _the_table_rolls_of_every_sheet_are_in_one_log_in_order(cm):
    log = cm.dice_log
    assert [r.seq for r in log] == list(range(1, len(log) + 1))
    first = [r.purpose for r in log if r.purpose.startswith("1b") and "rolled again" not in (r.result or "")]
    assert first == [f"1b: what lies at the end of the {d} road" for _ in range(5) for d in "ESWN"]
    assert sum(r.rule == "RC-1.7" for r in log) == 4 * 5


def test_past_the_list_of_names_they_are_numbered(monkeypatch):
    from mapgen.country import generate

    monkeypatch.setattr(generate, "COUNTRY_NAMES", ("Duchy of One", "County of Two"))
    names = [c.name for c in generate_countries(4, 5).countries]
    assert sorted(names[:2]) == ["County of Two", "Duchy of One"]
    assert names[2:] == [names[0] + " 2", names[1] + " 2", names[0] + " 3"]


def test_the_seed_deals_the_names():
    assert [c.name for c in generate_countries(1, 2).countries] != [c.name for c in generate_countries(2, 2).countries]
