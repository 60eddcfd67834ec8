"""Country maps name their settlements with period Italian names (issue 11); ids stay for the rules."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest

from mapgen.country import generate
from mapgen.country.generate import generate_countries
from mapgen.country.model import CountryMap, read_country_map
from mapgen.country.setup_sheet import setup_sheet
from mapgen.render.country import load_country_symbols, render_country
from mapgen.render.templates import template_path

SVG = "{http://www.w3.org/2000/svg}"
INK = "{http://www.inkscape.org/namespaces/inkscape}"
SETTLEMENTS = {"capital", "city", "walled_village", "village", "fortress"}
#: What makes a name sound Italian: an Italian ending, or an Italian place word (Castel, Borgo, San, ...).
ITALIAN = re.compile(r"(o|a|e|i)$|^(Castel|Borgo|Monte|Mont|San|Santa|Sant'|Villa|Rocca|Pieve|Poggio|Colle|Torre|Forte|Ponte|Serra)")


@pytest.fixture(scope="module")
def cm() -> CountryMap:
    return generate_countries(3, countries=2, neutrals=1)


@pytest.mark.parametrize("seed", range(6))
def test_every_settlement_is_named_none_twice_and_keeps_its_id(seed):
    cm = generate_countries(seed, countries=3, neutrals=1)
    data = cm.to_json()
    names = []
    for n in data["nodes"]:
        assert re.fullmatch(r"[A-Z]+-\d+", n["id"])  # the id, as before
        if n["kind"] in SETTLEMENTS:
            assert n["name"] and ITALIAN.search(n["name"]), n
            names.append(n["name"])
        else:
            assert n["name"] is None  # border and crossing points are road ends, not places
    assert len(set(names)) == len(names)


def test_the_same_seed_gives_the_same_names_and_nothing_else_changes(monkeypatch, cm):
    again = generate_countries(3, countries=2, neutrals=1).to_json()
    assert again == cm.to_json()
    monkeypatch.setattr(generate, "name_settlements", lambda cm: {})
    bare = generate_countries(3, countries=2, neutrals=1).to_json()
    named = cm.to_json()
    for n in named["nodes"]:
        n["name"] = None
    assert bare == named  # no node, road, crossing or roll moved


def test_names_are_printed_on_the_map_and_ids_of_crossing_points(cm):
    root = ET.fromstring(render_country(cm).tostring().split("\n", 1)[1])
    labels = next(g for g in root.iter(f"{SVG}g") if g.get(f"{INK}label") == "Labels")
    texts = {t.text: t for t in labels.iter(f"{SVG}text")}
    g = cm.graph
    for n, d in g.nodes(data=True):
        if d["kind"] in SETTLEMENTS:  # the name, then the id a command takes (issue 25)
            assert f"{d['name']} ({n})" in texts and n not in texts
        elif d["kind"] == "crossing":
            assert n in texts
    capital = texts[f"{g.nodes['A-0']['name']} (A-0)"]
    assert capital.get("font-weight") == "bold"


def test_the_setup_sheet_gives_each_id_beside_its_name(cm):
    text = setup_sheet(cm)
    for n, d in cm.graph.nodes(data=True):
        if d["kind"] in SETTLEMENTS:
            assert f"| {n} | {d['name']} | " in text


def test_names_go_through_the_file_and_older_files_still_load(tmp_path, cm):
    path = tmp_path / "country.json"
    path.write_text(json.dumps(cm.to_json()))
    back = read_country_map(path)
    assert {n: d.get("name") for n, d in back.graph.nodes(data=True)} == {n: d.get("name") for n, d in cm.graph.nodes(data=True)}
    old = cm.to_json()
    for n in old["nodes"]:
        del n["name"]
    path.write_text(json.dumps(old))
    back = read_country_map(path)
    assert all("name" not in d for _, d in back.graph.nodes(data=True))
    assert "A-0" in ET.tostring(ET.fromstring(render_country(back).tostring().split("\n", 1)[1]), encoding="unicode")


def test_the_capital_is_a_walled_city_with_towers_not_a_star_in_a_cog():
    root = ET.fromstring(template_path("country", "symbols.svg").read_bytes())
    capital = next(g for g in root if g.get("id") == "capital")
    shapes = [c for c in capital if not c.tag.endswith("title")]
    # no star: no polygon of ten points; no cog: no polygon of more than twenty
    for s in shapes:
        if s.tag == f"{SVG}polygon":
            points = len(s.get("points").split())
            assert points != 10 and points <= 20
    # towers: at least six round towers on one ring round the centre
    rings = {}
    for s in shapes:
        if s.tag == f"{SVG}circle":
            r = round((float(s.get("cx")) ** 2 + float(s.get("cy")) ** 2) ** 0.5, 1)
            rings[r] = rings.get(r, 0) + 1
    assert max(n for r, n in rings.items() if r > 2) >= 6
    assert load_country_symbols()["capital"].label == "Capital"
